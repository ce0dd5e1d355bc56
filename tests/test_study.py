"""Batch studies: solve_many on every kind of executor, play-outs, players that cannot peek,
and the statistics."""

from __future__ import annotations

import random

import pytest

from yukon_widget import Game, solve
from yukon_widget.study import (
    STRATEGIES,
    PlaySummary,
    SolveSummary,
    format_table,
    play_many,
    shorten_many,
    solve_many,
    summarize,
    visible_key,
    wilson_interval,
)
from yukon_widget.study.batch import _jobs, _play_job
from yukon_widget.study.players import _decoy, make_view

NODES = 3000  # a node limit, not a time limit: the same verdicts on any executor


def _nearly_won() -> Game:
    """Seed 4 solved, with its last five moves still to play."""
    game = Game("yukon", seed=4)
    line = solve(game, time_limit=None, node_limit=NODES).moves
    assert line, "seed 4 should solve within the node limit"
    for move in line[:-5]:
        game.play(move)
    return game


def _cases() -> list:
    """Seeds of Yukon (won and unknown at this limit) and Russian (lost), a Game in
    progress and a position dict."""
    near = _nearly_won()
    return [1, 2, 3, 4, 5, 6, near, near.position()]


def _verdicts(results) -> dict:
    return {r.index: (r.seed, r.variant, r.status, r.nodes, len(r.moves)) for r in results}


@pytest.fixture(scope="module")
def serial_verdicts():
    yukon = _verdicts(solve_many(_cases(), node_limit=NODES, executor="serial"))
    russian = _verdicts(solve_many([1, 2, 6, 7], "russian", node_limit=NODES, executor="serial"))
    return yukon, russian


def test_serial_verdicts_cover_every_status(serial_verdicts):
    yukon, russian = serial_verdicts
    statuses = {v[2] for v in yukon.values()} | {v[2] for v in russian.values()}
    assert statuses == {"won", "lost", "unknown"}
    assert yukon[6][2] == yukon[7][2] == "won"  # the Game and its position dict
    assert (yukon[0][0], yukon[6][0], yukon[7][0]) == (1, 4, None)  # a dict has no seed
    assert all(v[1] == "russian" for v in russian.values())


def test_process_pool_gives_the_same_verdicts(serial_verdicts):
    yukon, russian = serial_verdicts
    assert _verdicts(solve_many(_cases(), node_limit=NODES, workers=2)) == yukon
    assert _verdicts(solve_many([1, 2, 6, 7], "russian", node_limit=NODES, workers=2)) == russian


def test_dask_local_cluster_gives_the_same_verdicts(serial_verdicts):
    distributed = pytest.importorskip("distributed")
    yukon, russian = serial_verdicts
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert _verdicts(solve_many(_cases(), node_limit=NODES, executor=executor)) == yukon
        got = solve_many([1, 2, 6, 7], "russian", node_limit=NODES, executor=executor)
        assert _verdicts(got) == russian
        plays = {r.index: r for r in play_many("expose", [1, 2, 3], executor=executor)}
    assert plays == {r.index: r for r in play_many("expose", [1, 2, 3], executor="serial")}


def test_results_arrive_lazily_and_tagged():
    seeds = iter([7, 3, 5])  # a generator has no length: submitted as it goes
    results = list(solve_many(seeds, node_limit=200, workers=2))
    assert sorted((r.index, r.seed) for r in results) == [(0, 7), (1, 3), (2, 5)]
    with pytest.raises(TypeError, match="seed, a Game or a position"):
        list(solve_many(["7"], executor="serial"))


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_plays_out_the_same_anywhere(name):
    serial = {r.index: r for r in play_many(name, [1, 2], executor="serial", max_moves=120)}
    pooled = {r.index: r for r in play_many(name, [1, 2], workers=2, max_moves=120)}
    assert serial == pooled
    for r in serial.values():
        assert r.strategy == name and 0 <= r.foundation <= r.cards == 52
        assert r.moves <= 120
        assert r.stop in ("won", "no move", "stuck", "repeat", "move cap")


@pytest.mark.parametrize("name", ["expose", "kings", "options", "hint", "best"])
def test_strategies_finish_a_nearly_won_game(name):
    (result,) = play_many(name, [_nearly_won()], executor="serial")
    assert result.won and result.stop == "won" and result.foundation == 52


def _first_move(view):
    return view.legal_moves[0]


def _pass(view):
    return None


def test_play_outs_always_end():
    job = next(_jobs([3], "yukon", {}))
    looping = _play_job(job, _first_move, 500)
    assert looping.stop in ("repeat", "stuck", "move cap") and looping.moves <= 500
    assert _play_job(job, _pass, 500).stop == "no move"
    capped = _play_job(job, "random", 7)
    assert capped.moves <= 7 and capped.stop in ("move cap", "repeat", "stuck")


def test_the_view_hides_face_down_cards():
    game = Game("yukon", seed=11)
    for move in game.legal_moves()[:1]:
        game.play(move)
    real_hidden = [c["down"] for c in game.position()["tableau"]]
    view = make_view(game, frozenset(), random.Random(1), random.Random(2))
    assert [c["down"] for c in view.position["tableau"]] == [len(d) for d in real_hidden]
    assert all(isinstance(c["down"], int) for c in view.position["tableau"])
    decoy = view.game()
    assert decoy.seed is None and not decoy.can_redo
    decoy_hidden = [c["down"] for c in decoy.position()["tableau"]]
    assert decoy_hidden != real_hidden  # 21 cards reshuffled: equal only by a fluke
    assert sorted(c for d in decoy_hidden for c in d) == sorted(c for d in real_hidden for c in d)
    assert visible_key(decoy) == visible_key(game)
    assert list(view.legal_moves) == game.legal_moves()
    # The decoy's line and start agree with its own hidden cards (no trace of the real ones).
    decoy.restart()
    assert decoy.position() == decoy.start_position()
    assert [c["down"][: len(d)] for c, d in zip(decoy.position()["tableau"], decoy_hidden)] == (
        decoy_hidden
    )


@pytest.mark.parametrize("name", ["expose", "kings", "hint"])
def test_choices_do_not_depend_on_face_down_cards(name):
    """Reshuffling the face-down cards of the real game never changes these choices: the
    strategies (the hint engine included) decide from what a player sees."""
    player = STRATEGIES[name]
    for seed in (1, 2, 5):
        game = Game("yukon", seed=seed)
        for _ in range(12):
            other = _decoy(game, random.Random(seed))
            seen = frozenset({visible_key(game)})
            a = player(make_view(game, seen, random.Random(0), random.Random(0)))
            b = player(make_view(other, seen, random.Random(0), random.Random(0)))
            assert a == b
            if a is None:
                break
            game.play(a)


def test_unknown_strategy_is_refused():
    with pytest.raises(ValueError, match="unknown strategy"):
        play_many("cheat", [1])


def test_wilson_interval_known_values():
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-4)
    assert wilson_interval(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low90, high90 = wilson_interval(5, 10, confidence=0.90)
    assert 0.23659 < low90 < high90 < 0.76341


def test_solver_summary_counts_unknowns_honestly():
    rows = [
        {"variant": "yukon", "status": s, "seconds": "1.0"}
        for s in ["won"] * 6 + ["lost"] * 2 + ["unknown"] * 2
    ]
    (s,) = summarize(rows)
    assert isinstance(s, SolveSummary)
    assert (s.won, s.lost, s.unknown, s.deals) == (6, 2, 2, 10)
    assert s.winnable == pytest.approx((wilson_interval(6, 10)[0], wilson_interval(8, 10)[1]))
    assert s.won_of_decided == pytest.approx((0.75, *wilson_interval(6, 8)))
    table = format_table([s])
    assert "winnable" in table and "unknown" in table and "yukon" in table


def test_play_summary_and_table():
    results = list(play_many("expose", [_nearly_won(), 1], executor="serial"))
    (p,) = summarize(results)
    assert isinstance(p, PlaySummary)
    assert (p.played, p.won) == (2, 1) and p.stops["won"] == 1
    assert p.win_rate[0] == 0.5
    assert "expose" in format_table([p])


def test_plots_draw_when_matplotlib_is_there():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from yukon_widget.study.plots import plot_foundation_cards, plot_win_rates

    results = list(play_many("expose", [1, 2], executor="serial"))
    solves = [{"variant": "yukon", "status": "won", "seconds": "0.1"}]
    ax = plot_win_rates(summarize(results) + summarize(solves))
    assert len(ax.patches) == 2
    assert plot_foundation_cards(results).get_xlabel()


def test_a_seed_plays_the_same_whatever_else_is_in_the_run():
    """A resumed run must reproduce a deal's play-out: randomness is keyed on the deal."""

    def run(seeds):
        return {
            o.seed: (o.moves, o.foundation, o.stop) for o in play_many("random", seeds, workers=1)
        }

    alone = run([9])
    assert run([3, 4, 9])[9] == alone[9]
    assert run([9, 3])[9] == alone[9]


def test_shorten_many_shortens_a_winning_line_and_refuses_one_that_does_not_win():
    solved = next(solve_many([3], time_limit=None, node_limit=50_000, executor="serial"))
    assert solved.status == "won"
    line = ";".join(str(m) for m in solved.moves)
    (out,) = shorten_many([(3, line)], executor="serial", foundation_withdrawal=True)
    assert out.seed == 3 and out.found == len(solved.moves) and len(out.moves) < out.found
    game = Game("yukon", seed=3)
    for move in out.moves:
        game.play(move)
    assert game.is_won
    with pytest.raises(ValueError, match="deal 3: the line does not win"):
        list(shorten_many([(3, line.split(";")[:10])], executor="serial"))
