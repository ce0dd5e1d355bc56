"""Crossed twins (``strategy.crossings``): positions given one key are won or lost alike.

The oracle is the independent rules model (``rulebook``), which shares no code with the
package: on small Yukon endgames built with two twins each carrying a card that builds on
it, the test swaps the twins' tails itself, in the model's own terms, and wherever the
package gives the two positions one key the model must find both won or both lost. The
swaps the package refuses are solved too: some of them differ, so the conditions it checks
are not idle, and a key that merged them would fail this test.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import rulebook

from yukon_widget import Game, solve
from yukon_widget.strategy.crossings import Crossings

RANKS = "A23456789TJQK"
BLACK, RED = "SC", "HD"


def _card(rank: int, suit: str) -> str:
    return RANKS[rank - 1] + suit


def crossed_endgame(rng: random.Random, withdraw: bool) -> dict[str, Any]:
    """A small Yukon position with two twins of a high rank in different columns, each with
    a card that builds on it right on it, the other cards in play under them or in other
    columns, mostly face down (so that many positions are lost)."""
    k = rng.randint(10, 13)
    twins_colour, kids_colour = (BLACK, RED) if rng.random() < 0.5 else (RED, BLACK)
    twins = [_card(k, s) for s in twins_colour]
    kids = [_card(k - 1, s) for s in kids_colour]
    rng.shuffle(kids)
    # Foundation heights: every planted card stays in play; about 8 to 20 cards in all.
    heights = {}
    for s in "SHDC":
        cap = k - 1 if s in twins_colour else k - 2
        heights[s] = rng.randint(max(0, cap - 3), cap)
    loose = [
        _card(r, s)
        for s in "SHDC"
        for r in range(heights[s] + 1, 14)
        if _card(r, s) not in twins + kids
    ]
    rng.shuffle(loose)
    cols: list[list[str]] = [[] for _ in range(7)]
    c1, c2 = rng.sample(range(7), 2)
    for c, twin, kid in ((c1, twins[0], kids[0]), (c2, twins[1], kids[1])):
        below = [loose.pop() for _ in range(min(len(loose), rng.randint(0, 3)))]
        above = [loose.pop() for _ in range(min(len(loose), rng.randint(0, 3)))]
        cols[c] = [*below, twin, kid, *above]
    others = [c for c in range(7) if c not in (c1, c2)]
    used = [*rng.sample(others, rng.randint(1, len(others))), c1, c2]
    for card in loose:
        cols[rng.choice(used)].insert(0, card)
    tableau = []
    for col in cols:
        lowest_twin = min((i for i, x in enumerate(col) if x in twins), default=len(col))
        most = max(0, min(lowest_twin, len(col) - 1))
        down = most if rng.random() < 0.7 else rng.randint(0, most)
        tableau.append({"down": col[:down], "up": col[down:]})
    return {
        "variant": "yukon",
        "rules": {"foundation_withdrawal": withdraw},
        "tableau": tableau,
        "foundations": [[_card(r, s) for r in range(1, heights[s] + 1)] for s in "SHDC"],
    }


def swaps(position: dict[str, Any]) -> list[dict[str, Any]]:
    """Every position made by swapping the tails of two twins (same rank and colour, face
    up, in different columns, each with a card one rank lower of the other colour right on
    it): what lies above each twin goes onto the other. Written from the rules alone."""
    where = {}
    for c, col in enumerate(position["tableau"]):
        up = col["up"]
        for i, x in enumerate(up[:-1]):
            y = up[i + 1]
            if rulebook.rank(y) == rulebook.rank(x) - 1 and rulebook.is_red(y) != rulebook.is_red(
                x
            ):
                where[x] = (c, i)
    out = []
    for x, (c1, i1) in where.items():
        for y, (c2, i2) in where.items():
            if x >= y or c1 == c2 or x[0] != y[0] or rulebook.is_red(x) != rulebook.is_red(y):
                continue
            tableau = [
                {"down": list(col["down"]), "up": list(col["up"])} for col in position["tableau"]
            ]
            up1, up2 = tableau[c1]["up"], tableau[c2]["up"]
            tail1, tail2 = up1[i1 + 1 :], up2[i2 + 1 :]
            tableau[c1]["up"] = up1[: i1 + 1] + tail2
            tableau[c2]["up"] = up2[: i2 + 1] + tail1
            out.append({**position, "tableau": tableau})
    return out


def key(position: dict[str, Any]) -> bytes:
    board = Game.from_position(position).board
    return Crossings(board.variant).key(board)


@pytest.mark.parametrize("withdraw", [False, True])
def test_positions_given_one_key_are_won_or_lost_alike(withdraw):
    rng = random.Random(f"crossings-{withdraw}")
    merged = {"won": 0, "lost": 0}
    refused = refused_differ = 0
    for _ in range(600):
        position = crossed_endgame(rng, withdraw)
        here = rulebook.search(position, limit=30_000)
        if here.status == "unknown":
            continue
        for other in swaps(position):
            same = key(other) == key(position)
            if not same and refused_differ:
                continue  # one refused pair told apart is enough
            there = rulebook.search(other, limit=30_000)
            if there.status == "unknown":
                continue
            if same:
                merged[here.status] += 1
                assert here.status == there.status, (position, other)
            else:
                refused += 1
                refused_differ += here.status != there.status
        if min(merged.values()) >= 8 and refused_differ >= 1:
            break
    # Both verdicts among the merged, and among the refused some that the model tells
    # apart: the conditions refuse real differences, and this test would see a merged one.
    assert min(merged.values()) >= 8, merged
    assert refused_differ >= 1, (refused, refused_differ)


@pytest.mark.parametrize("withdraw", [False, True])
def test_the_solver_agrees_with_the_model_on_crossed_positions(withdraw):
    """The search keyed by crossings proves only true losses and finds every win here."""
    rng = random.Random(f"crossings-solver-{withdraw}")
    checked = 0
    for _ in range(60):
        position = crossed_endgame(rng, withdraw)
        truth = rulebook.search(position, limit=30_000)
        if truth.status == "unknown":
            continue
        game = Game.from_position(position)
        result = solve(game, time_limit=None, node_limit=2_000_000)
        assert result.status == truth.status, position
        if result.won:
            assert rulebook.replay(position, [str(m) for m in result.moves]) is None
        checked += 1
    assert checked >= 30


def test_a_crossing_the_conditions_allow_shares_the_key():
    """Two runs crossed at the fives: 4♣ 3♦ on 5♥ and 4♠ on 5♦, or the other way round."""
    a = _fives_crossed(["4C", "3D"], ["4S"], ["2C"])
    b = _fives_crossed(["4S"], ["4C", "3D"], ["2C"])
    board_a = Game.from_position(a).board
    board_b = Game.from_position(b).board
    assert board_a.key() != board_b.key()
    assert key(a) == key(b)


def _fives_crossed(on_heart: list[str], on_diamond: list[str], junk: list[str]) -> dict[str, Any]:
    """Runs crossed at the fives, ``on_heart`` on 5♥ and ``on_diamond`` on 5♦, with ``junk``
    face up in a column of its own and the rest face down under one card each."""
    heights = {"S": 3, "H": 2, "D": 2, "C": 1}
    first = [["KS", "7H", "6S", "5H", *on_heart], ["KH", "7D", "6C", "5D", *on_diamond]]
    placed = {c for col in [*first, junk] for c in col}
    rest = [
        _card(r, s) for s in "SHDC" for r in range(heights[s] + 1, 14) if _card(r, s) not in placed
    ]
    tableau = [{"down": col[:1], "up": col[1:]} for col in first]
    tableau.append({"down": rest[:1], "up": list(junk)})
    for c in range(4):
        pile = rest[1:][c::4]
        tableau.append({"down": pile[:-1], "up": pile[-1:]})
    return {
        "variant": "yukon",
        "rules": {"foundation_withdrawal": False},
        "tableau": tableau,
        "foundations": [[_card(r, s) for r in range(1, heights[s] + 1)] for s in "SHDC"],
    }


@pytest.mark.parametrize(
    ("junk", "alike"),
    [
        # 2♣ under 9♠: the runs (and 2♣) are of one class, 9♠ of the other, which a
        # threshold of its own makes never high; one threshold for both would refuse.
        (["2C", "9S"], True),
        # 2♣ under 9♦, both of the runs' class: 2♣ could carry 9♦ onto the tails' 3♦, and
        # a base part's 8 then land on 9♦ in a tail: refused.
        (["2C", "9D"], False),
    ],
)
def test_junk_bars_a_crossing_only_in_the_twins_class(junk, alike):
    a = _fives_crossed(["4C", "3D"], ["4S"], junk)
    b = _fives_crossed(["4S"], ["4C", "3D"], junk)
    assert Game.from_position(a).board.key() != Game.from_position(b).board.key()
    assert (key(a) == key(b)) is alike


@pytest.mark.parametrize("withdraw", [True, False])
def test_one_crossings_object_keys_a_whole_search_as_a_fresh_one_does(withdraw):
    # A search keeps one ``Crossings`` and asks it for every key, and it remembers facts
    # about the columns it has met: they must never change a key. Random play through
    # positions with many crossings, each key checked against a fresh object's.
    shared = None
    differ = swapped = 0
    for seed in range(1, 17):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdraw)
        shared = shared or Crossings(game.board.variant)
        rng = random.Random(seed)
        for _ in range(150):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            board = game.board
            key = shared.key(board)
            differ += key != Crossings(board.variant).key(board)
            swapped += key != board.key()
    assert differ == 0
    assert swapped > 50, swapped  # the keys checked did undo crossings
