"""The solver: verdicts checked against a plain exhaustive search, lines replayed, limits."""

from __future__ import annotations

import random

import pytest

from yukon_widget import Game, SolveResult, solve
from yukon_widget.engine.cards import CODES
from yukon_widget.engine.variants import get_variant

VARIANTS = ["yukon", "russian", "alaska", "moosehide", "double-yukon", "yukon-cells"]


class TooBig(Exception):
    """The endgame's state space is larger than the oracle will search."""


def oracle(game: Game, limit: int = 400_000) -> bool:
    """Obviously correct: depth-first over legal_moves() with play/undo, each exact position
    (no symmetry folded) visited once."""
    g = game.copy()
    seen: set = set()

    def key() -> tuple:
        return (
            tuple(map(tuple, g._cols)),
            tuple(g._down),
            tuple(map(len, g._found)),
            tuple(g._cells),
        )

    # Depth-first with an explicit stack of (moves left to try) lists, one per level.
    if g.is_won:
        return True
    seen.add(key())
    stack = [list(g.legal_moves())]
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.play(stack[-1].pop())
        if g.is_won:
            return True
        k = key()
        if k in seen:
            g.undo()
            continue
        seen.add(k)
        if len(seen) > limit:
            raise TooBig
        stack.append(list(g.legal_moves()))
    return False


def endgame(variant: str, cards: int, rng: random.Random, withdraw: bool | None = None) -> Game:
    """A random position with ``cards`` cards in play, the rest on the foundations."""
    v = get_variant(variant)
    heights = [13] * len(v.foundation_suits)
    for _ in range(cards):
        f = rng.choice([f for f, h in enumerate(heights) if h])
        heights[f] -= 1
    loose = [v.foundation_suits[f] * 13 + r for f, h in enumerate(heights) for r in range(h, 13)]
    rng.shuffle(loose)
    cells: list[str | None] = [None] * v.cells
    for k in range(v.cells):
        if loose and rng.random() < 0.4:
            cells[k] = CODES[loose.pop()]
    cols: list[list[int]] = [[] for _ in range(v.columns)]
    used = rng.sample(range(v.columns), rng.randint(2, v.columns))  # deep piles lose more
    for x in loose:
        cols[rng.choice(used)].append(x)
    tableau = []
    for col in cols:
        down = rng.randrange(len(col)) if col else 0
        tableau.append(
            {"down": [CODES[x] for x in col[:down]], "up": [CODES[x] for x in col[down:]]}
        )
    data = {
        "variant": variant,
        "rules": {} if withdraw is None else {"foundation_withdrawal": withdraw},
        "tableau": tableau,
        "foundations": [
            [CODES[v.foundation_suits[f] * 13 + r] for r in range(h)] for f, h in enumerate(heights)
        ],
    }
    if v.cells:
        data["cells"] = cells
    return Game.from_position(data)


def replays_to_win(game: Game, result: SolveResult) -> bool:
    fresh = game.copy()
    for move in result.moves:
        fresh.play(move)
    return fresh.is_won


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("withdraw", [False, True])
def test_verdicts_agree_with_exhaustive_search_on_small_endgames(variant, withdraw):
    if variant == "moosehide" and withdraw:
        withdraw = None  # moosehide's own rules (no withdrawals) once, not twice
    rng = random.Random(f"{variant}-{withdraw}")
    checked = 0
    for _ in range(12):
        game = endgame(variant, rng.randint(8, 9 if withdraw else 12), rng, withdraw)
        before = game.position()
        result = solve(game, time_limit=None)
        assert game.position() == before  # the game is not touched
        if result.won:
            assert replays_to_win(game, result)
        try:
            truth = oracle(game, 40_000)
        except TooBig:
            continue  # withdrawals can make the plain search's space too large
        assert result.status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 8


def test_the_endgame_sample_holds_wins_and_losses():
    rng = random.Random(0)
    verdicts = {solve(endgame("yukon", 10, rng, False)).status for _ in range(40)}
    assert verdicts == {"won", "lost"}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide"])
def test_verdicts_agree_on_sixteen_card_endgames(variant):
    rng = random.Random(f"16-{variant}")
    for _ in range(6):
        game = endgame(variant, rng.randint(13, 16), rng, rng.random() < 0.5)
        try:
            truth = oracle(game, 500_000)
        except TooBig:
            continue
        assert solve(game, time_limit=None).status == ("won" if truth else "lost")


def test_a_tiny_table_still_gives_proofs():
    rng = random.Random(5)
    for _ in range(10):
        game = endgame("yukon", 10, rng, True)
        assert solve(game, max_positions=20).status == ("won" if oracle(game) else "lost")


@pytest.mark.parametrize("variant", VARIANTS)
def test_won_lines_replay_legally_on_a_fresh_game(variant):
    wins = 0
    for seed in range(1, 8):
        game = Game(variant, seed=seed)
        result = solve(game, node_limit=20_000)
        assert result.status in ("won", "lost", "unknown")
        if result.won:
            wins += 1
            assert replays_to_win(Game(variant, seed=seed), result)
    assert variant == "russian" or wins


def test_node_limit_is_respected_on_a_hard_deal():
    game = Game("yukon", seed=5, foundation_withdrawal=False)
    result = solve(game, node_limit=3000, time_limit=None)
    assert result.status == "unknown" and result.nodes <= 3000 and result.moves == []


def test_time_limit_is_honoured():
    result = solve(Game("yukon", seed=5, foundation_withdrawal=False), time_limit=0.3)
    assert result.status == "unknown"
    assert result.seconds < 10  # generous: machines are noisy


def test_a_won_game_is_won_with_no_moves():
    game = endgame("yukon", 1, random.Random(1))
    result = solve(game)
    assert result.won and len(result.moves) == 1
