"""Clean winning lines: ``shorten`` keeps the win, never lengthens, and cuts detours."""

from __future__ import annotations

import pytest

from yukon_widget import Game, Move, solve
from yukon_widget.strategy import lines
from yukon_widget.strategy.lines import shorten

VARIANTS = ["yukon", "russian", "alaska", "moosehide", "double-yukon", "yukon-cells"]


def wins(game: Game, moves: list[Move]) -> bool:
    """Whether ``moves`` plays legally from ``game`` (by the public rules) and wins."""
    replay = game.copy()
    try:
        for move in moves:
            replay.play(move)
    except ValueError:
        return False
    return replay.is_won


def raw_line(game: Game, nodes: int = 5_000) -> list[Move] | None:
    result = solve(game, time_limit=None, node_limit=nodes, clean=False)
    return result.moves if result.won else None


def test_the_checker_can_fail() -> None:
    game = Game("yukon", seed=4)
    line = raw_line(game)
    assert line is not None and wins(game, line)
    assert not wins(game, line[:-1])
    assert not wins(game, line[1:])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("withdraw", [True, False])
def test_shortened_lines_win_and_are_never_longer(variant: str, withdraw: bool) -> None:
    won = 0
    for seed in range(1, 7):
        game = Game(variant, seed=seed, foundation_withdrawal=withdraw)
        line = raw_line(game)
        if line is None:
            continue
        won += 1
        before = game.position()
        short = shorten(game, line, budget=0.1)
        assert game.position() == before, "shorten changed the game"
        assert len(short) <= len(line)
        assert wins(game, short), f"{variant} seed {seed}: the shortened line does not win"
    assert won or variant == "russian"


def test_seed_3_loses_its_withdrawal_dance() -> None:
    game = Game("yukon", seed=3)
    line = raw_line(game, nodes=20_000)
    assert line is not None
    short = shorten(game, line, budget=5)
    assert wins(game, short)
    assert len(short) < len(line) - 20
    withdrawals = sum(m.source.startswith("f") for m in short)
    assert withdrawals < sum(m.source.startswith("f") for m in line)


def _detour(game: Game, line: list[Move]) -> tuple[list[Move], int]:
    """``line`` with a detour inserted: at the first position after a card went home where
    it can be taken back off its foundation, that withdrawal and the move sending it home
    again (a cycle, and an undone withdrawal). Returns the line and where the detour is."""
    replay = game.copy()
    for k, move in enumerate(line):
        replay.play(move)
        if not move.target.startswith("f") or k + 1 == len(line):
            continue
        back = replay.copy()
        for wd in back.legal_moves():
            if wd.source != move.target:
                continue
            back.play(wd)
            home = Move(wd.card, wd.target, move.target)
            back.play(home)
            return [*line[: k + 1], wd, home, *line[k + 1 :]], k + 1
    raise AssertionError("no withdrawal found to make a detour")


def test_a_hand_made_detour_is_cut() -> None:
    game = Game("yukon", seed=4)
    line = raw_line(game)
    assert line is not None
    detour, at = _detour(game, line)
    assert detour[at].source.startswith("f") and wins(game, detour)
    short = shorten(game, detour, budget=1)
    assert wins(game, short)
    assert len(short) <= len(detour) - 2
    assert len(short) <= len(line)


def test_a_detour_in_columns_is_cut() -> None:
    # A King moved to an empty column and back is a cycle up to the order of columns.
    game = Game("yukon", seed=4)
    line = raw_line(game)
    assert line is not None
    replay = game.copy()
    for k, move in enumerate(line):
        moves = replay.legal_moves()
        detour = None
        for m in moves:
            trial = replay.copy()
            trial.play(m)
            key = replay.board.key()
            for m2 in trial.legal_moves():
                after = trial.copy()
                after.play(m2)
                if after.board.key() == key and sorted(after.board.heights) == sorted(
                    replay.board.heights
                ):
                    detour = [m, m2]
                    break
            if detour:
                break
        if detour:
            longer = line[:k] + detour + line[k:]
            # The line after the detour may name columns in another order: it still wins
            # when the engine allows it; shorten must in any case return a winning line.
            short = shorten(game, longer, budget=1)
            assert wins(game, short)
            if wins(game, longer):
                assert len(short) <= len(longer) - 2
            return
        replay.play(move)
    pytest.skip("no reversible move pair found on this line")


def test_a_line_that_does_not_win_comes_back_unchanged() -> None:
    game = Game("yukon", seed=4)
    line = raw_line(game)
    assert line is not None
    assert shorten(game, line[:-3]) == line[:-3]
    assert shorten(game, [Move("KS", "t1", "t2")]) == [Move("KS", "t1", "t2")]


def test_a_broken_clean_up_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Were the clean-up to produce a line that does not win (here: one move short),
    # shorten must notice on its replay and return the original line.
    game = Game("yukon", seed=3)
    line = raw_line(game, nodes=20_000)
    assert line is not None

    def broken(self: lines._Cleaner) -> None:
        self.steps = self.steps[:-1]

    monkeypatch.setattr(lines._Cleaner, "run", broken)
    assert shorten(game, line) == line


def test_solve_cleans_by_default() -> None:
    game = Game("yukon", seed=3)
    raw = solve(game, time_limit=None, node_limit=20_000, clean=False)
    clean = solve(game, time_limit=None, node_limit=20_000)
    assert raw.won and clean.won
    assert clean.nodes == raw.nodes
    assert len(clean.moves) < len(raw.moves)
    assert wins(game, clean.moves)
