"""Triples of facts (``strategy.triples``): a "lost" from it must be a proof.

Checked against the independent rules model (``rulebook.py``) on random late-game positions,
against the winnability table's won deals (their starts, the hardest ones first, and positions
along their winning lines), and against itself: the pure and compiled cores agree, its rows
laid out by bit reach the closure that putting triples in one by one reaches, and it proves
deals lost at their start that pairs of facts cannot (else it would be idle).
"""

from __future__ import annotations

import csv
import os
import random
from pathlib import Path

import pytest
from rulebook import random_position, search

from yukon_widget import Game
from yukon_widget.strategy import compiled, solver
from yukon_widget.strategy import search as pure_search
from yukon_widget.strategy.pairs import Facts, Pairs, facts_of
from yukon_widget.strategy.triples import Triples

TABLE = Path(__file__).resolve().parent.parent / "data" / "winnability"
CONFIGS = [(v, w) for v in ("yukon", "russian", "alaska", "moosehide") for w in (True, False)]


def triples_lost(game: Game) -> bool:
    """Triples' verdict on the game's position, in the core the solver runs (a model built for
    the position alone)."""
    core = compiled.core()
    board = core.Search(game, None, None, 1).board  # that core's board of the position
    return bool(core.Triples(core.Pairs(board)).lost(board))


def pairs_lost(game: Game) -> bool:
    return Pairs(game.board).lost(game.board)


@pytest.mark.parametrize(("variant", "withdrawals"), CONFIGS)
def test_never_lost_where_the_independent_model_wins(variant, withdrawals):
    rng = random.Random(f"triples:{variant}:{withdrawals}")
    verdicts = []
    for _ in range(8):
        pos = random_position(rng, variant, withdrawals, (10, 18))
        game = Game.from_position(pos)
        verdicts.append((triples_lost(game), search(pos, 20_000).status))
    assert not [model for lost, model in verdicts if lost and model == "won"]
    assert any(model == "won" for _, model in verdicts)  # the sample holds wins to call lost


def _won(config: str) -> dict[int, tuple[int, list[str]]]:
    """The table's won deals of a configuration: seed to (positions the win took, its line)."""
    out: dict[int, tuple[int, list[str]]] = {}
    with open(TABLE / f"{config}.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["status"] == "won":
                out[int(row["seed"])] = (int(row["nodes"]), row["line"].split(";"))
    return out


@pytest.mark.parametrize("withdrawals", [True, False])
def test_never_lost_at_the_start_of_the_hardest_won_deals(withdrawals):
    """The won deals whose wins took the most positions are the ones nearest to a false
    proof; with withdrawals, also the deals won only with them."""
    config = "yukon" if withdrawals else "yukon-no-withdrawal"
    won = _won(config)
    seeds = sorted(won, key=lambda s: -won[s][0])[:8]
    if withdrawals:
        with open(TABLE / "yukon-no-withdrawal.csv", newline="") as f:
            lost_without = {int(r["seed"]) for r in csv.DictReader(f) if r["status"] == "lost"}
        seeds += sorted(s for s in won if s in lost_without)[:6]
    for seed in seeds:
        assert not triples_lost(Game("yukon", seed=seed, foundation_withdrawal=withdrawals)), seed


@pytest.mark.parametrize("withdrawals", [True, False])
def test_never_lost_along_winning_lines(withdrawals):
    config = "yukon" if withdrawals else "yukon-no-withdrawal"
    won = _won(config)
    asked = 0
    for seed in sorted(won)[:3]:
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        for i, move in enumerate(won[seed][1]):
            if i % 25 == 10:
                asked += 1
                assert not triples_lost(game), (seed, i, move)
            game.play(move)
        assert game.is_won
    assert asked >= 9


def test_it_proves_starts_lost_that_pairs_cannot():
    """Yukon deal 8,034 without withdrawals needs 716,535 positions of the exhaustive search
    (174,559 with pairs of facts), and 319 with withdrawals is unknown after 40,000,000: both
    lost at their start by triples, where pairs proves nothing."""
    for seed, withdrawals in ((8034, False), (319, True)):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        assert not pairs_lost(game)
        assert triples_lost(game)


def test_the_pure_and_compiled_cores_agree():
    if os.environ.get("YUKON_WIDGET_PURE", "0") != "0" or compiled.core() is pure_search:
        pytest.skip("the compiled core is not built here")
    core = compiled.core()
    for seed, withdrawals in ((8034, False), (1, True)):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        pure = Triples(Pairs(game.board))
        board = core.Search(game, None, None, 1).board
        built = core.Triples(core.Pairs(board))
        assert pure.lost(game.board) == built.lost(board)
        assert pure.rounds == built.rounds
        assert pure.lost(game.board, give_up=True) == built.lost(board, give_up=True)
        assert pure.rounds == built.rounds


def test_a_test_that_gives_up_proves_what_the_whole_test_proves():
    """``give_up`` stops a test at the first triple of done facts it reaches, proving nothing
    (``Triples.closed``). Yukon deals 319 and 702 with withdrawals, lost at their start, are
    still proved lost so, in the same rounds; 552 and 774, not lost at their start with
    withdrawals, are not, and the test stops rounds sooner (6 against 10, 11 against 17)."""
    core = compiled.core()
    for seed, lost in ((319, True), (702, True), (552, False), (774, False)):
        game = Game("yukon", seed=seed, foundation_withdrawal=True)
        board = core.Search(game, None, None, 1).board
        whole = core.Triples(core.Pairs(board))
        quick = core.Triples(core.Pairs(board))
        assert bool(whole.lost(board)) == lost, seed
        assert bool(quick.lost(board, give_up=True)) == lost, seed
        if lost:
            assert quick.rounds == whole.rounds, seed
        else:
            assert quick.rounds < whole.rounds, seed


def test_the_search_with_withdrawals_asks_tests_that_give_up(monkeypatch):
    """The default solve with withdrawals sets its main search to ``TRIPLES_WITHDRAW`` (its
    tests give up, and a failed one shortens the next one's reach); without them it asks as
    before."""
    made = []
    core = compiled.core()
    real = core.Search

    def keep(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(core, "Search", keep)
    for withdrawals, age, halvings, give_up in (
        (True, *solver.TRIPLES_WITHDRAW, True),
        (False, solver.TRIPLES_AGE, 0, False),
    ):
        made.clear()
        game = Game("yukon", seed=774, foundation_withdrawal=withdrawals)
        assert solver.solve(game, time_limit=None, node_limit=60_000).status != "won"
        main = made[0]
        assert (main.triples_age, main.triples_halvings) == (age, halvings)
        assert main.triples_give_up == give_up


class _OneByOne(Triples):
    """``Triples`` putting a new triple's third facts in their rows one at a time, as the
    definition reads (the module docstring), where ``Triples._grow`` spreads them a word at a
    time through rows laid out by bit."""

    def _grow(self, f: int, g: int, facts: Facts) -> bool:
        rows, n = self.rows, self.n
        new = facts_of([h for h in facts.numbers() if not rows[f * n + g].has(h)])
        for h in new.numbers():
            self._put(f, g, h)
        return not new.empty()


def _sets(triples: Triples) -> list[list[int]]:
    return [row.numbers() for row in triples.sets]


def test_the_rows_by_bit_reach_the_closure_triple_by_triple():
    """The least closed set, every triple of it, is the one that putting each new triple
    in its three rows one by one reaches (two positions along random lines, of a deal lost
    without withdrawals and one with them, each proved lost at its fixpoint)."""
    for seed, withdrawals, steps in ((698, False, 30), (774, True, 10)):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        rng = random.Random(3)
        for _ in range(steps):
            game.play(rng.choice(game.legal_moves()))
        model = Pairs(game.board)
        spread, plain = Triples(model), _OneByOne(model)
        assert spread.lost(game.board) and plain.lost(game.board)
        assert spread.rounds == plain.rounds
        assert _sets(spread) == _sets(plain)


def test_the_solve_asks_triples_of_the_start(monkeypatch):
    """Yukon deal 556 without withdrawals: lost at 5,644,126 positions of the exhaustive search;
    a solve asks triples of its start past ``TRIPLES_AFTER`` positions and has the proof (at
    52,165 positions). Without that test, triples asked inside the main search prove it lost
    too (at 100,049), and without either the budget leaves it unknown."""
    game = Game("yukon", seed=556, foundation_withdrawal=False)
    budget = 400_000
    for exhaustive in (False, True):
        result = solver.solve(
            game, time_limit=None, node_limit=budget, exhaustive=exhaustive, clean=False
        )
        assert result.status == "lost"
        assert result.nodes < budget
    monkeypatch.setattr(solver, "TRIPLES_AFTER", None)
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "lost"
    monkeypatch.setattr(solver, "TRIPLES_AGE", None)
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "unknown"


def test_a_test_out_of_time_proves_nothing():
    """A deadline already passed stops the closure before its first round: not proved, where
    the same test with time proves the start of deal 8,034 lost."""
    game = Game("yukon", seed=8034, foundation_withdrawal=False)
    triples = Triples(Pairs(game.board))
    assert not triples.lost(game.board, deadline=0.0)
    assert triples.rounds == 0


def test_with_withdrawals_a_start_is_lost_only_if_it_is_lost_without():
    """The solve spares the triples test of a start with withdrawals where the start without
    them is not lost (``solver._start_lost``): the model with them has every action of the one
    without, so its closure holds the other's. Yukon deals 319 and 702 with withdrawals are lost
    at their start, and so without them; 774 and 552 are lost at their start only without."""
    core = compiled.core()
    for seed, with_too in ((319, True), (702, True), (774, False), (552, False)):
        verdicts = []
        for withdrawals in (False, True):
            game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
            board = core.Search(game, None, None, 1).board
            verdicts.append(bool(core.Triples(core.Pairs(board)).lost(board)))
        assert verdicts == [True, with_too], seed


def test_probes_stop_where_the_start_is_lost_without_withdrawals(monkeypatch):
    """Yukon deal 774 with withdrawals: its start is lost without them (triples, at
    ``TRIPLES_AFTER`` positions), so no probe, which plays without them, can win; the probes
    stop and the main search proves the loss within 160,000 positions (139,417). With them
    going on (``PLAIN_LOST_STOPS_PROBES`` False, lost at 182,599), the same budget leaves it
    unknown."""
    game = Game("yukon", seed=774, foundation_withdrawal=True)
    budget = 160_000
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "lost"
    assert result.nodes < budget
    monkeypatch.setattr(solver, "PLAIN_LOST_STOPS_PROBES", False)
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "unknown"


def _core_board(core, game: Game):
    return core.Search(game, None, None, 1).board  # that core's board of the position


def test_a_kept_closure_covers_what_its_proof_reaches_and_no_win():
    """A closure kept from a proof covers every position reachable from the proved one (each
    asked afresh is lost too), and no position of a winning line: Yukon deal 1 with withdrawals
    (won), played at random from its start until triples prove a position lost."""
    core = compiled.core()
    won = _won("yukon")
    seed = min(won)
    game = Game("yukon", seed=seed, foundation_withdrawal=True)
    triples = core.Triples(core.Pairs(_core_board(core, game)))
    rng = random.Random(5)
    lost = _proved_on_a_walk(core, game, rng, triples)
    assert len(triples.closures) == 1  # a proof was found, and its closure kept
    reached = 0
    for walk in range(4):
        pos = lost
        for pos in _walk(lost, rng, 25):
            assert triples.covered(_core_board(core, pos)), (walk, pos.history)
            reached += 1
        fresh = core.Triples(core.Pairs(_core_board(core, game)))
        assert fresh.lost(_core_board(core, pos)) and not fresh.closures
    assert reached >= 50
    line = game.copy()
    for move in won[seed][1]:
        assert not triples.covered(_core_board(core, line)), move
        line.play(move)
    assert line.is_won


def _every_triple_in(kept, triples, board) -> bool:
    """The check ``Triples._holds`` replaces, as the class docstring states it: the set of
    every pair of the position's facts holds all its facts."""
    facts = triples.model.facts(board)
    held = facts_of(facts)
    n, index = triples.n, triples.index
    return all(_holds_all(kept.sets[index[f * n + g]], held) for f in facts for g in facts)


def _holds_all(row, held: Facts) -> bool:
    """``row`` (a set of either core) holds every fact of ``held``."""
    return set(held.numbers()) <= set(row.numbers())


def _walk(start: Game, rng: random.Random, steps: int):
    """The positions of a random walk of up to ``steps`` moves from ``start`` (one game,
    played on: copy a position to keep it)."""
    pos = start.copy()
    for _ in range(steps):
        moves = pos.legal_moves()
        if not moves:
            return
        pos.play(rng.choice(moves))
        yield pos


def _proved_on_a_walk(core, game: Game, rng: random.Random, triples=None) -> Game:
    """The first position of a random walk from ``game`` that triples prove lost (kept by
    ``triples`` when given)."""
    model = core.Pairs(_core_board(core, game))
    pos = game.copy()
    for _ in range(200):
        test = triples if triples is not None else core.Triples(model)
        if test.lost(_core_board(core, pos), None, triples is not None):
            return pos
        pos.play(rng.choice(pos.legal_moves()))
    raise AssertionError("no position proved lost")


def test_kept_closures_ask_as_much_as_every_triple():
    """``Triples.covered`` asks a kept closure's facts alone, then its sets only where ``Kept``
    says it must, and says what asking every pair's set says: at positions reached at random
    from a position proved lost, from the deal's start and along its winning line (Yukon 1
    with withdrawals), covered and not covered both met."""
    core = compiled.core()
    won = _won("yukon")
    game = Game("yukon", seed=min(won), foundation_withdrawal=True)
    triples = core.Triples(core.Pairs(_core_board(core, game)))
    rng = random.Random(11)
    lost = _proved_on_a_walk(core, game, rng, triples)
    (kept,) = triples.closures
    n = triples.n
    # ``alone``: the facts f with {f, f, f} in the closure, among them every fact it was proved
    # for, and not every fact (else it would skip nothing).
    alone = {f for f in range(n) if kept.sets[triples.index[f * n + f]].has(f)}
    assert set(kept.alone.numbers()) == alone
    assert set(kept.origin.numbers()) <= alone < set(range(n))
    positions = []
    for start in (lost, lost, game, game):
        positions += [pos.copy() for pos in _walk(start, rng, 30)]
    line = game.copy()
    for move in won[min(won)][1][:60]:
        line.play(move)
        positions.append(line.copy())
    verdicts = []
    for pos in positions:
        board = _core_board(core, pos)
        verdicts.append((triples.covered(board), _every_triple_in(kept, triples, board)))
    assert all(fast == slow for fast, slow in verdicts)
    assert {fast for fast, _ in verdicts} == {True, False}
    # ``wide[f]``, for each fact f it was computed for: the facts g whose set with f holds
    # every fact the sets of {f, f} and {g, g} both hold; symmetric.
    widened = set(kept.widened.numbers())
    assert widened
    index = triples.index

    def row(f: int, g: int) -> set[int]:
        return set(kept.sets[index[f * n + g]].numbers())

    for f in widened:
        wide = {g for g in range(n) if row(f, f) & row(g, g) <= row(f, g)}
        assert set(kept.wide[f].numbers()) == wide, f
        assert f in wide and wide < set(range(n))
        assert all(f in kept.wide[g].numbers() for g in wide & widened)


def test_a_test_started_from_a_reachable_closure_reaches_the_same_closure():
    """``Triples.lost(..., within=...)`` starts its rounds from kept closures of positions
    reachable from the one asked: the same verdict and the same closure. Yukon 1 with
    withdrawals: a position proved lost, asked again from the closure of a position after it
    (proved), and the deal's start (not lost) from the closures of both."""
    core = compiled.core()
    game = Game("yukon", seed=1, foundation_withdrawal=True)
    model = core.Pairs(_core_board(core, game))
    rng = random.Random(11)
    lost = _proved_on_a_walk(core, game, rng)
    after = lost.copy()
    for _ in range(10):
        after.play(rng.choice(after.legal_moves()))
    seeds = core.Triples(model)
    assert seeds.lost(_core_board(core, after), None, True)
    assert seeds.lost(_core_board(core, lost), None, True)
    for position, within, verdict in (
        (lost, seeds.closures[:1], True),
        (game, seeds.closures, False),
    ):
        plain, started = core.Triples(model), core.Triples(model)
        board = _core_board(core, position)
        assert plain.lost(board) is verdict
        assert started.lost(board, None, False, within) is verdict
        assert started.rounds <= plain.rounds
        if verdict:
            assert _sets(started) == _sets(plain)


def _searched(core, game: Game, age: int | None, node_limit: int, halvings: int = 0):
    """The exhaustive search asking triples every ``age`` positions (with ``halvings``, their
    tests give up early and a failure shortens the reach, as ``solver.TRIPLES_WITHDRAW``)."""
    search = core.Search(game, None, node_limit, 10**9)
    search.wide, search.deep = solver.WIDE_AFTER, solver.DEEP_AFTER
    search.pairs = core.Pairs(search.board)
    search.open_sample = solver.OPEN_SAMPLE
    if age is not None:
        search.triples = core.Triples(search.pairs)
        search.triples_age = age
        search.triples_halvings = halvings
        search.triples_give_up = halvings > 0
    return search, search.finish()


def test_the_search_leaves_what_triples_prove_and_drops_what_they_cover():
    """Yukon deal 565 without withdrawals, the exhaustive search with pairs from the start:
    lost at 252,160 positions; asking triples every 5,000 positions (``Search._triples_ask``),
    at 35,860, with positions left by a proof (16 of its 19 proofs were of positions above one
    just proved) and children their closures cover."""
    core = compiled.core()
    game = Game("yukon", seed=565, foundation_withdrawal=False)
    plain, verdict = _searched(core, game, None, 1_000_000)
    assert verdict == "lost"
    asked, verdict = _searched(core, game, 5_000, 1_000_000)
    assert verdict == "lost"
    assert asked.triples_lost and asked.triples_covers and asked.triples_higher
    assert asked.nodes < plain.nodes // 2


def test_triples_inside_the_search_agree_in_the_pure_and_compiled_cores(monkeypatch):
    """The same search, to the same node limit, in both cores: the same positions, tests and
    proofs (the pure core is slow, so a short search asking often). In the pure core each
    test is watched: none is of a position above one whose test failed on the path (none
    of those can be proved), though such positions stay on the path after the failed one
    has left it (before, this search asked one of them in vain)."""
    if os.environ.get("YUKON_WIDGET_PURE", "0") != "0" or compiled.core() is pure_search:
        pytest.skip("the compiled core is not built here")
    asks: list[tuple[list[bytes], bool]] = []  # the path's keys down to the position, proved
    test = pure_search.Search._triples_lost

    def watched(self, stack, j, triples):
        path = list(self.path_keys[: j + 1])
        proved = test(self, stack, j, triples)
        asks.append((path, proved))
        return proved

    monkeypatch.setattr(pure_search.Search, "_triples_lost", watched)
    game = Game("yukon", seed=565, foundation_withdrawal=False)
    counts = []
    for core in (pure_search, compiled.core()):
        search, verdict = _searched(core, game, 3_000, 24_000)
        counts.append(
            (
                verdict,
                search.nodes,
                len(search.seen),
                search.triples_asked,
                search.triples_lost,
                search.triples_covers,
                search.triples_higher,
                search.pairs_asked,
                search.pairs_lost,
            )
        )
    assert counts[0] == counts[1]
    assert counts[0][4] > 0  # a proof inside the search to agree on
    assert len(asks) == counts[0][3]
    unprovable: set[bytes] = set()  # positions on the path down to a failed test
    failed = 0
    for path, proved in asks:
        assert path[-1] not in unprovable
        if not proved:
            failed += 1
            unprovable.update(path)
    assert failed > 0


def test_won_deals_stay_won_with_triples_asked_often():
    """Yukon 420 and 645 without withdrawals (won): the exhaustive search asking triples every
    5,000 positions still wins both, with positions proved lost and children covered on the
    way, so the proofs inside the search left no win out."""
    core = compiled.core()
    proofs = covers = 0
    for seed in (420, 645):
        game = Game("yukon", seed=seed, foundation_withdrawal=False)
        search, verdict = _searched(core, game, 5_000, 1_000_000)
        assert verdict == "won", seed
        proofs += search.triples_lost
        covers += search.triples_covers
    assert proofs and covers


def test_tests_that_give_up_and_shorter_reaches_agree_in_the_pure_and_compiled_cores():
    """Yukon deal 565 with withdrawals, triples every 1,000 positions, giving up early and
    halving the reach after failures (``solver.TRIPLES_WITHDRAW``'s way): the same positions,
    tests and proofs in both cores, with proofs and failures to agree on."""
    if os.environ.get("YUKON_WIDGET_PURE", "0") != "0" or compiled.core() is pure_search:
        pytest.skip("the compiled core is not built here")
    game = Game("yukon", seed=565, foundation_withdrawal=True)
    counts = []
    for core in (pure_search, compiled.core()):
        search, verdict = _searched(core, game, 1_000, 4_000, 2)
        counts.append(
            (
                verdict,
                search.nodes,
                search.triples_asked,
                search.triples_lost,
                search.triples_covers,
                search.triples_short,
            )
        )
    assert counts[0] == counts[1]
    assert 0 < counts[0][3] < counts[0][2]  # proofs, and failures
