"""The beam search (``strategy.beam``): its wins replay, it repeats itself, it keeps to its
limits, and the solver wins with it deals its depth-first searches find only late."""

from __future__ import annotations

from yukon_widget import Game, solve
from yukon_widget.strategy import compiled
from yukon_widget.strategy.beam import Beam, score


def _replays_to_a_win(game: Game, line: list) -> bool:
    replay = game.copy()
    for raw in line:
        replay.push_raw(raw)  # raises on an illegal move
    return replay.board.is_won


def test_a_beam_wins_a_deal_and_its_line_replays():
    # Yukon deal 2,510 without withdrawals: the solver's table run needed 1,078,014
    # positions; a beam of 250 wins it within a tenth of that.
    game = Game("yukon", seed=2510, foundation_withdrawal=False)
    beam = Beam(game.board, 250, node_limit=200_000)
    assert beam.run() == "won"
    assert beam.nodes < 100_000
    assert _replays_to_a_win(game, beam.line)


def test_a_beam_gives_the_same_line_every_time():
    game = Game("yukon", seed=9298, foundation_withdrawal=False)
    first, second = Beam(game.board, 100, 60_000), Beam(game.board, 100, 60_000)
    assert (first.run(), first.nodes, first.line) == (second.run(), second.nodes, second.line)


def test_a_beam_keeps_to_its_limit_and_never_claims_a_loss():
    lost = Game("yukon", seed=4954, foundation_withdrawal=False)  # proved lost at once
    for game in (lost, Game("yukon", seed=898, foundation_withdrawal=False)):
        beam = Beam(game.board, 250, node_limit=2_000)
        assert beam.run() == "unknown"
        assert beam.nodes <= 2_000
        assert beam.line == []
    # A beam with room enough on the lost deal runs out of positions: still "unknown".
    assert Beam(lost.board, 50, node_limit=1_000_000).run() == "unknown"


def test_a_beam_does_not_change_the_position_it_starts_from():
    game = Game("yukon", seed=9298, foundation_withdrawal=False)
    before = game.board.key(), list(game.board.heights)
    Beam(game.board, 50, 20_000).run()
    assert (game.board.key(), list(game.board.heights)) == before


def test_the_score_counts_cards_home_face_down_cards_empty_columns_and_builds():
    game = Game("yukon", seed=1)
    board = game.board
    built = sum(
        1
        for col, d in zip(board.columns, board.down)
        for i in range(max(d, 1), len(col))
        if col[i - 1] in board.variant.parents[col[i]]
    )
    assert score(board, (0, 0, 0, 1)) == built
    assert score(board, (0, 1, 0, 0)) == -21  # Yukon deals 21 cards face down
    assert score(board, (1, 0, 1, 0)) == 0  # nothing home, no empty column yet


def test_the_solver_wins_with_a_beam_a_deal_its_depth_first_searches_find_late():
    # Yukon deal 898 without withdrawals: won in the table only after 6,271,006 positions
    # of depth-first search. With the beams (solver.BEAMS) the first one wins it.
    game = Game("yukon", seed=898, foundation_withdrawal=False)
    result = solve(game, time_limit=None, node_limit=800_000, clean=False)
    assert result.status == "won"
    assert result.nodes <= 800_000
    replay = game.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.board.is_won


def test_the_beam_module_comes_from_the_same_build_as_the_search(monkeypatch):
    monkeypatch.setenv("YUKON_WIDGET_PURE", "1")
    from yukon_widget.strategy import beam as pure_beam

    assert compiled.beam() is pure_beam


def test_a_solve_by_beam_alone_wins_with_a_line_the_rules_model_replays():
    """``solve(beam=...)``: one beam of that width, its positions counted, its win a line
    that the independent rules model plays to the end."""
    from rulebook import replay

    game = Game("yukon", seed=2510, foundation_withdrawal=False)
    result = solve(game, time_limit=None, node_limit=200_000, clean=False, beam=250)
    alone = Beam(game.board, 250, node_limit=200_000)
    assert alone.run() == result.status == "won"
    assert result.nodes == alone.nodes  # the beam alone: no probe, no exhaustive search
    assert replay(game.start_position(), [str(m) for m in result.moves]) is None
    assert game.moves_made == 0  # the game itself is not changed


def test_a_solve_by_beam_never_says_lost_and_keeps_to_its_limit():
    lost = Game("yukon", seed=4954, foundation_withdrawal=False)  # the default solve: lost
    assert solve(lost, time_limit=None, node_limit=50_000).status == "lost"
    result = solve(lost, time_limit=None, node_limit=2_000, beam=250)
    assert result.status == "unknown" and result.moves == [] and result.nodes <= 2_000


def test_a_solve_is_a_beam_or_exhaustive_not_both():
    game = Game("yukon", seed=1)
    for bad in ({"beam": 0}, {"beam": -3}, {"beam": 10, "exhaustive": True}):
        try:
            solve(game, node_limit=1_000, **bad)
        except ValueError as err:
            assert "beam" in str(err)
        else:
            raise AssertionError(f"solve accepted {bad}")
