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
    """Obviously correct: depth-first over every legal move (the engine's own list, played and
    taken back), each position visited once. Columns are interchangeable and so are cells, so
    positions that differ only in their order count as one; nothing else is pruned."""
    g = game.copy()
    total = g._v.card_count

    def key() -> tuple:
        cols = tuple(sorted(zip(g._down, map(tuple, g._cols))))
        cells = tuple(sorted(c for c in g._cells if c is not None))
        return cols, tuple(map(len, g._found)), cells

    def won() -> bool:
        return sum(map(len, g._found)) == total

    if won():
        return True
    seen = {key()}
    # One list of moves still to try per level, and the undo record of the move that led there.
    stack: list[list] = [g._raw_moves()]
    played: list[tuple] = []
    while stack:
        if not stack[-1]:
            stack.pop()
            if played:
                g._unapply(*played.pop())
            continue
        s, i, t = stack[-1].pop()
        k, flipped = g._apply((s, i, t))
        if won():
            return True
        here = key()
        if here in seen:
            g._unapply(s, i, t, k, flipped)
            continue
        seen.add(here)
        if len(seen) > limit:
            raise TooBig
        played.append((s, i, t, k, flipped))
        stack.append(g._raw_moves())
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
def test_verdicts_agree_with_exhaustive_search_on_small_endgames(variant):
    rng = random.Random(f"{variant}-False")
    checked = 0
    for _ in range(12):
        game = endgame(variant, rng.randint(8, 12), rng, None if variant == "moosehide" else False)
        before = game.position()
        result = solve(game, time_limit=None)
        assert game.position() == before  # the game is not touched
        if result.won:
            assert replays_to_win(game, result)
        try:
            truth = oracle(game, 40_000)
        except TooBig:
            continue
        assert result.status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "moosehide"])
def test_verdicts_with_withdrawals_are_consistent(variant):
    """With withdrawals every foundation card can come back, so the plain search rarely
    exhausts even an 8-card endgame. What can be checked: every win replays; withdrawals only
    add moves, so a deal won without them is won with them and a deal lost with them is lost
    without them (where the plain search confirms that verdict without withdrawals); and the
    plain search's verdict with withdrawals wherever it does finish."""
    rng = random.Random(f"{variant}-True")
    implied = 0
    for _ in range(8):
        game = endgame(variant, rng.randint(8, 10), rng, True)
        with_ = solve(game, time_limit=None)
        off = {**game.position(), "rules": {"foundation_withdrawal": False}}
        without = solve(Game.from_position(off), time_limit=None)
        if with_.won:
            assert replays_to_win(game, with_)
        if without.won:
            assert with_.won
            implied += 1
        if with_.lost:
            assert without.lost
            implied += 1
        try:
            truth = oracle(game, 15_000)
        except TooBig:
            continue
        assert with_.status == ("won" if truth else "lost")
    assert implied >= 4  # the sample really exercises the implications


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide"])
def test_verdicts_agree_on_sixteen_card_endgames(variant):
    rng = random.Random(f"16-{variant}")
    checked = 0
    for _ in range(3):
        game = endgame(variant, rng.randint(13, 16), rng, None if variant == "moosehide" else False)
        try:
            truth = oracle(game, 150_000)
        except TooBig:
            continue
        assert solve(game, time_limit=None).status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 1


def test_a_tiny_table_still_gives_proofs():
    rng = random.Random(5)
    for _ in range(10):
        game = endgame("yukon", 10, rng, False)
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
    game = Game("yukon", seed=17, foundation_withdrawal=False)
    result = solve(game, node_limit=3000, time_limit=None)
    assert result.status == "unknown" and result.nodes <= 3000 and result.moves == []


def test_time_limit_is_honoured():
    result = solve(Game("yukon", seed=17, foundation_withdrawal=False), time_limit=0.3)
    assert result.status == "unknown"
    assert result.seconds < 10  # generous: machines are noisy


def test_a_won_game_is_won_with_no_moves():
    game = endgame("yukon", 1, random.Random(1))
    result = solve(game)
    assert result.won and len(result.moves) == 1


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide"])
def test_dead_cards_beneath_in_their_own_column_agree_with_the_oracle(variant):
    """The relaxation's same-column sharpening (``_Search._doomed``) on endgames whose cards sit
    in a few deep piles, where a card often covers its own landing spots: every "lost" must
    agree with the exhaustive search."""
    from yukon_widget.strategy.solver import _Search

    rng = random.Random(f"deep-{variant}")
    checked = 0
    for _ in range(30):
        game = endgame(variant, rng.randint(8, 11), rng, False)
        search = _Search(game, None, None, 10**6)
        search._force()
        if search._doomed():  # the relaxation's "lost" must be a true loss
            assert not oracle(game, 400_000)
        try:
            truth = oracle(game, 40_000)
        except TooBig:
            continue
        assert solve(game, time_limit=None).status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide", "yukon-cells"])
def test_the_relaxation_never_condemns_a_position_on_a_winning_line(variant):
    """Every position along a line the solver found winning is winnable, so the relaxation
    that proves positions lost (``_Search._doomed``) must pass all of them, withdrawals on
    and off."""
    from yukon_widget.strategy.solver import _Search

    checked = 0
    for seed in range(1, 41 if variant == "russian" else 13):  # Russian deals are rarely won
        for withdraw in (False, True) if variant != "moosehide" else (False,):
            game = Game(variant, seed=seed, foundation_withdrawal=withdraw)
            result = solve(game, node_limit=20_000)
            if not result.won:
                continue
            for move in [None, *result.moves]:
                if move is not None:
                    game.play(move)
                assert not _Search(game, None, None, 10**6)._doomed(), game.position()
                checked += 1
    assert checked > 150


def test_probes_and_main_search_share_the_node_limit():
    """The probes (randomised restarts) count against the node limit like the main search,
    and the Luby sequence that sizes them is the textbook one."""
    from yukon_widget.strategy.solver import _luby

    assert [_luby(k) for k in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    for limit in (1, 500, 50_000):
        result = solve(Game("yukon", seed=17, foundation_withdrawal=False), node_limit=limit)
        assert result.status == "unknown" and result.nodes <= limit


def test_a_lean_probe_running_dry_is_no_proof_of_loss():
    """Lean probes skip sideways moves, and probes skip withdrawals, so their search spaces
    are incomplete: on seed 20 (no withdrawals) a lean search runs out of moves, yet the deal
    is won. Such a search must not count as a proof (``solve`` trusts only ``complete``)."""
    from yukon_widget.strategy.solver import _Search

    game = Game("yukon", seed=20, foundation_withdrawal=False)
    lean = _Search(game, None, None, 10**6, None, False, lean=True)
    assert lean.finish() == "lost" and not lean.complete
    assert _Search(game, None, None, 10**6).complete
    assert not _Search(Game("yukon", seed=20), None, None, 10**6, None, False).complete
    result = solve(game, time_limit=None, node_limit=2_000_000)
    assert result.won
    replay = game.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.is_won
