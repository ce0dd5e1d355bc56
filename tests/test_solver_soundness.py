"""Positions where the solver once said "lost" of a deal that can be won, and the rules that
were wrong there. Each has a known winning line that the engine plays through."""

from __future__ import annotations

import copy

import pytest

from yukon_widget import Game, solve
from yukon_widget.engine.variants import get_variant
from yukon_widget.strategy.safety import SafetyTable

# A group moved off a face-down card turns it; the search then never moved that group again,
# not even back onto the newly turned card, which is the only way to win here.
TURNED_UNDER_A_GROUP = {
    "variant": "yukon",
    "rules": {"foundation_withdrawal": False},
    "tableau": [
        {"down": [], "up": ["KD"]},
        {"down": ["9H", "QD", "JS", "TH"], "up": ["KH"]},
        {"down": [], "up": ["KS", "KC"]},
        {"down": [], "up": ["JD"]},
        {"down": ["TD", "TS", "QC"], "up": ["JH"]},
        {"down": [], "up": []},
        {"down": ["QS", "QH"], "up": ["JC"]},
    ],
    "foundations": [
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"],
        ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"],
        ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"],
    ],
}
TURNED_UNDER_A_GROUP_WIN = [
    "KH t2-t6",
    "TH t2-t7",
    "TH t7-t2",
    "JC t7-f4",
    "JS t2-t7",
    "QD t2-t3",
    "9H t2-f2",
    "TH t7-f2",
    "JH t5-f2",
    "QC t5-f4",
    "TS t5-f1",
    "TD t5-f3",
    "JD t4-f3",
    "QD t3-f3",
    "KD t1-f3",
    "KC t3-f4",
    "JS t7-f1",
    "QH t7-f2",
    "KH t6-f2",
    "QS t7-f1",
    "KS t3-f1",
]


def _two_deck_twins(withdraw: bool, first: int) -> dict:
    """Double Yukon, spades piles at 3 and 7: one 8♠ stands alone in a column, the other on
    4♠ over 7♠ 6♠ 5♠. Only the second may go up first (on the pile at 7); sending the lone
    one up there strands the other until 4♠ to 7♠, which it covers, are home."""
    ranks = "A23456789TJQK"
    foundations = [[r + "S" for r in ranks[:3]], [r + "S" for r in ranks[:7]]]
    for s in "HDC":
        foundations += [[r + s for r in ranks], [r + s for r in ranks]]
    high = [r + "S" for r in reversed(ranks[8:])]
    tableau = [{"down": [], "up": []} for _ in range(10)]
    lone = {"down": [], "up": ["8S"]}
    covering = {"down": ["7S", "6S", "5S"], "up": ["4S", "8S"]}
    tableau[first], tableau[1 - first] = lone, covering
    tableau[2] = {"down": [], "up": high + high}
    return {
        "variant": "double-yukon",
        "rules": {"foundation_withdrawal": withdraw},
        "tableau": tableau,
        "foundations": foundations,
    }


def _wins(position: dict, line: list[str]) -> bool:
    game = Game.from_position(position)
    for move in line:
        game.play(move)
    return game.is_won


def _solver_line_wins(position: dict) -> bool:
    result = solve(Game.from_position(position), time_limit=None, node_limit=200_000)
    assert result.won, (result, position)
    return _wins(position, [str(m) for m in result.moves])


@pytest.mark.parametrize("withdraw", [False, True])
def test_a_group_may_move_back_onto_the_card_its_move_turned(withdraw):
    position = copy.deepcopy(TURNED_UNDER_A_GROUP)
    position["rules"]["foundation_withdrawal"] = withdraw
    assert _wins(position, TURNED_UNDER_A_GROUP_WIN)
    assert _solver_line_wins(position)


def test_the_same_in_moosehide():
    # Moosehide builds on any other suit, so the Yukon line is legal there too.
    position = copy.deepcopy(TURNED_UNDER_A_GROUP)
    position["variant"] = "moosehide"
    assert _wins(position, TURNED_UNDER_A_GROUP_WIN)
    assert _solver_line_wins(position)


@pytest.mark.parametrize("withdraw", [False, True])
@pytest.mark.parametrize("first", [0, 1])
def test_two_decks_never_force_a_card_whose_twin_needs_the_pile_first(withdraw, first):
    position = _two_deck_twins(withdraw, first)
    covering = "t2" if first == 0 else "t1"
    lone = "t1" if first == 0 else "t2"
    line = [f"8S {covering}-f2"] + [f"{r}S {covering}-f1" for r in "4567"] + [f"8S {lone}-f1"]
    # Column 3 holds K♠ to 9♠ twice: rows 10 to 6, then 5 to 1, from the top down.
    line += [f"{r}S t3:{10 - k}-f1" for k, r in enumerate("9TJQK")]
    line += [f"{r}S t3:{5 - k}-f2" for k, r in enumerate("9TJQK")]
    assert _wins(position, line)
    assert _solver_line_wins(position)


@pytest.mark.parametrize("withdraw", [False, True])
def test_two_decks_call_a_pile_safe_only_when_the_other_pile_of_its_suit_is_not_lower(withdraw):
    table = SafetyTable(get_variant("double-yukon"), withdraw, proven=True)
    done = (13,) * 6
    assert table.safe((3, 7, *done)) == (True, False, *(False,) * 6)
    assert table.safe((7, 7, *done)) == (True, True, *(False,) * 6)
    assert table.safe((8, 7, *done)) == (False, True, *(False,) * 6)
