"""Pairs of facts (``strategy.pairs``): a "lost" from it must be a proof.

Checked against the independent rules model (``rulebook.py``, written from the rule sheets and
sharing no code with the engine) on random late-game positions, along winning lines from the
winnability table, and against itself: its closures only ever say what a fresh model says, the
pure and compiled cores search alike with it, and it proves positions lost that the fixpoint
cannot (else it would be idle).
"""

from __future__ import annotations

import csv
import functools
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rulebook import random_position, search

from yukon_widget import Game
from yukon_widget.engine.board import Board
from yukon_widget.strategy import compiled, solver
from yukon_widget.strategy import search as pure_search
from yukon_widget.strategy.pairs import WORD, WORDS, Facts, Pairs, facts_of, slots_of
from yukon_widget.strategy.relaxation import doomed

TABLE = Path(__file__).resolve().parent.parent / "data" / "winnability"
CONFIGS = [(v, w) for v in ("yukon", "russian", "alaska", "moosehide") for w in (True, False)]


def fresh_lost(game: Game) -> bool:
    """The verdict of a model built for this position alone (no closures kept)."""
    return Pairs(game.board).lost(game.board)


@functools.cache
def sample(variant: str, withdrawals: bool) -> tuple[tuple[bool, bool, str], ...]:
    """Random late-game positions: (pairs says lost, the fixpoint does, the model's verdict)."""
    rng = random.Random(f"pairs:{variant}:{withdrawals}")
    out = []
    for _ in range(60):
        pos = random_position(rng, variant, withdrawals, (10, 18))
        game = Game.from_position(pos)
        if game.board.cells:
            continue
        out.append((fresh_lost(game), doomed(game.board), search(pos, 20_000).status))
    return tuple(out)


@pytest.mark.parametrize(("variant", "withdrawals"), CONFIGS)
def test_never_lost_where_the_independent_model_wins(variant, withdrawals):
    bad = [model for lost, _, model in sample(variant, withdrawals) if lost and model == "won"]
    assert not bad


def test_it_proves_losses_the_fixpoint_cannot():
    rows = [row for config in CONFIGS for row in sample(*config)]
    lost = [model for pairs_lost, _, model in rows if pairs_lost]
    beyond = [model for pairs_lost, fixpoint, model in rows if pairs_lost and not fixpoint]
    assert len(lost) >= 40, len(lost)
    # Random endgames are mostly easy: the fixpoint leaves few losses to find. (It also proves
    # one lost that pairs does not: its order checks see what pairs of facts cannot.)
    assert len(beyond) >= 2, len(beyond)
    assert all(model == "lost" for model in beyond)


def _number(facts: Facts) -> int:
    """A ``Facts`` as a Python integer, bit f for fact f (the words read by their names)."""
    return sum(getattr(facts, f"w{k}") << (WORD * k) for k in range(WORDS))


SETS = st.sets(st.integers(0, WORDS * WORD - 1), max_size=40).map(sorted)


@given(SETS, SETS, SETS)
def test_facts_act_as_sets_of_fact_numbers(a, b, c):
    """Every operation on ``Facts`` (words in place) does what it does on Python sets."""
    x, y, z = facts_of(a), facts_of(b), facts_of(c)
    sa, sb, sc = set(a), set(b), set(c)
    assert _number(x) == sum(1 << f for f in sa)
    assert x.meets(y) == bool(sa & sb)
    assert x.covers(y) == (sb <= sa)
    assert x.empty() == (not sa)
    made = Facts()
    made.made(x, y, z)  # x without y, with z
    assert _number(made) == _number(facts_of(sorted((sa - sb) | sc)))
    grown, more = facts_of(a), facts_of(c)
    assert grown.grow(y, more) == (not sb <= sa)
    assert _number(grown) == _number(facts_of(sorted(sa | sb)))
    assert _number(more) == _number(facts_of(sorted((sb - sa) | sc)))  # new ones put in more
    met, joined = facts_of(a), facts_of(a)
    met.meet(y)
    joined.join(y)
    assert _number(met) == _number(facts_of(sorted(sa & sb)))
    assert _number(joined) == _number(facts_of(sorted(sa | sb)))
    common = Facts()
    common.common(x, y, z)
    assert _number(common) == _number(facts_of(sorted(sa & sb & sc)))
    dropped = facts_of(a)
    dropped.drop(y)
    assert _number(dropped) == _number(facts_of(sorted(sa - sb)))
    assert all(x.has(f) == (f in sa) for f in range(WORDS * WORD))
    assert x.numbers() == sorted(sa)
    rows = [Facts() for _ in range(WORDS * WORD)]
    x.spread(slots_of(rows), y)  # y put in the row of each fact of x
    assert [g for g in range(WORDS * WORD) if _number(rows[g])] == (sorted(sa) if sb else [])
    assert all(_number(rows[g]) == _number(y) for g in sa)


def _wins(config: str, count: int) -> list[tuple[int, list[str]]]:
    out, seen = [], set()
    with open(TABLE / f"{config}.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["status"] == "won" and row["seed"] not in seen:
                seen.add(row["seed"])
                out.append((int(row["seed"]), row["line"].split(";")))
                if len(out) == count:
                    break
    return out


@pytest.mark.parametrize("withdrawals", [True, False])
def test_never_lost_along_winning_lines(withdrawals):
    config = "yukon" if withdrawals else "yukon-no-withdrawal"
    asked = 0
    for seed, line in _wins(config, 8):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        model = Pairs(game.board)  # one model for the deal, its closures kept across the line
        for i, move in enumerate(line):
            if i % 4 == 0:
                asked += 1
                assert not model.lost(game.board), (seed, i, move)
            game.play(move)
        assert game.is_won
    assert asked > 150


def _random_walk(game: Game, rng: random.Random, steps: int) -> Iterator[None]:
    """Play up to ``steps`` random legal moves, pausing after each (a search's walk)."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        game.play(rng.choice(moves))
        yield


def test_held_gives_the_facts_of_a_position_from_its_columns_and_piles():
    """``Pairs.held`` makes a position's facts from those it keeps for each column (by its
    key) and each foundation pile (by its height): along random lines from two deals, each
    position asked twice (the second time its columns are the ones read last), it lists
    exactly ``facts``' facts in their order, and its set holds exactly them, in each core."""
    cores = [pure_search]
    if os.environ.get("YUKON_WIDGET_PURE", "0") == "0" and compiled.core() is not pure_search:
        cores.append(compiled.core())
    for core in cores:
        for seed, withdrawals in ((698, False), (565, True)):
            game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
            model = core.Pairs(core.Search(game, None, None, 1).board)
            piles = set()
            for line in range(3):
                game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
                for _ in _random_walk(game, random.Random(line), 80):
                    board = core.Search(game, None, None, 1).board
                    piles.add(tuple(board.heights))
                    for _ in range(2):
                        held = model.held(board)
                        facts = model.facts(board)
                        assert held.facts == facts
                        assert held.set.numbers() == sorted(set(facts))
            assert len(piles) > 3  # cards went home along the way


def test_closures_kept_say_only_what_a_fresh_model_says():
    """Along four lines from a lost deal's start, the model that keeps closures, merged where
    they can be (asked in turn, as a search asks it, and lines from one start part ways as a
    search's branches do), and a fresh model for each position give the same verdicts."""
    kept = Pairs(Game("yukon", seed=698, foundation_withdrawal=False).board)
    verdicts = []
    for line in range(4):
        game = Game("yukon", seed=698, foundation_withdrawal=False)
        for _ in _random_walk(game, random.Random(line), 15):
            verdicts.append(kept.lost(game.board))
            assert verdicts[-1] == fresh_lost(game)
    assert any(verdicts)
    assert kept.closures
    assert kept.merges > 0  # some proofs were merged into a closure kept, and said no more


def test_the_trail_of_the_last_open_test_changes_no_verdict():
    """A model that starts each test with the last open test's trail and one that does not,
    asked the same positions in turn (random walks through three deals, as a search walks),
    give the same verdicts; and the trail alone answers some tests, so the path is taken."""
    verdicts = []
    replayed = 0
    for seed, withdrawals in ((698, False), (774, True), (45, True)):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
        trailed, plain = Pairs(game.board), Pairs(game.board)
        plain.replay = False
        for _ in _random_walk(game, random.Random(seed), 60):
            verdicts.append(trailed.lost(game.board))
            assert verdicts[-1] == plain.lost(game.board), (seed, game.board)
        replayed += trailed.replayed
        assert plain.replayed == 0
    assert any(verdicts) and not all(verdicts)
    assert replayed > 0


def _least_closed(model: Pairs, rows: list[int]) -> list[int]:
    """The least set of pairs that holds ``rows`` (row f holding g, as bit g of an integer,
    when {f, g} is in) and is closed under the module docstring's two rules, by their
    definition: every action tried again until none adds a pair. Plain Python integers, none
    of the model's sets or rounds."""
    rows = list(rows)
    actions = [(a.needs, a.makes, _number(a.end_set)) for a in model.actions]
    changed = True
    while changed:
        changed = False
        for needs, makes, ends in actions:
            if any(not rows[r] >> s & 1 for r in needs for s in needs):
                continue  # two needs never hold together (yet)
            both = -1
            for r in needs:
                both &= rows[r]
            new = (both & ~ends) | sum(1 << f for f in makes)
            for f in makes:
                added = new & ~rows[f]
                if added:
                    changed = True
                    rows[f] |= added
                    for g in range(model.n):
                        if added >> g & 1:
                            rows[g] |= 1 << f
    return rows


def test_a_merge_is_the_least_closed_set_holding_both_closures():
    """Closures of lost positions along two random lines from each of two starts (Yukon 698
    without withdrawals, 565 with), merged in pairs, from one line and across the two: a merge
    is the least closed set holding both (the definition, computed again with Python
    integers), and it is empty exactly where that set holds every pair of done facts. Some
    merges keep a proof and some do not (565's lines part ways), so both paths are taken."""
    outcomes = []
    for seed, withdrawals in ((698, False), (565, True)):
        model = Pairs(Game("yukon", seed=seed, foundation_withdrawal=withdrawals).board)
        lines = []
        for line in range(2):
            game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
            closures = []
            for _ in _random_walk(game, random.Random(seed * 10 + line), 60):
                facts = model.facts(game.board)
                rows = model.closure(facts, facts_of(facts))
                if rows:
                    closures.append(rows)
            assert len(closures) >= 4
            lines.append(closures)
        one, other = lines
        done = [model.done + s for s in range(4)]
        for a, b in [*zip(one[:3], one[2:5]), *((one[0], b) for b in other[:3])]:
            merged = model.merge(a, b)
            least = _least_closed(model, [_number(x) | _number(y) for x, y in zip(a, b)])
            goal = all(least[d] >> e & 1 for d in done for e in done)
            assert bool(merged) == (not goal)
            if merged:
                assert [_number(row) for row in merged] == least
            outcomes.append(bool(merged))
    assert any(outcomes) and not all(outcomes), outcomes


def test_the_model_refuses_two_decks_and_free_cells():
    for variant in ("double-yukon", "yukon-cells"):
        with pytest.raises(ValueError, match="one deck without free cells"):
            Pairs(Game(variant, seed=1).board)


def test_a_position_of_another_deal_is_refused():
    model = Pairs(Game("yukon", seed=1).board)
    with pytest.raises(ValueError, match="not built for"):
        model.lost(Game("yukon", seed=2).board)


def _search_with_pairs(core, seed: int) -> tuple[str, int, int]:
    game = Game("yukon", seed=seed, foundation_withdrawal=False)
    search = core.Search(game, None, None, 200_000)
    search.wide, search.deep = solver.WIDE_AFTER, solver.DEEP_AFTER
    search.node_limit = 200_000
    search.pairs = core.Pairs(search.board)  # asked from the start (pairs_after 0)
    return search.finish(), search.nodes, search.pairs_asked


def test_the_exhaustive_search_with_pairs_is_the_same_in_both_cores():
    """Yukon deal 698 without withdrawals: lost at 46,862 positions without the test."""
    pure = _search_with_pairs(pure_search, 698)
    assert pure[0] == "lost"
    assert pure[1] < 46_862 // 2
    if os.environ.get("YUKON_WIDGET_PURE", "0") == "0" and compiled.core() is not pure_search:
        assert _search_with_pairs(compiled.core(), 698) == pure


def _search_with_covers(core, seed: int, withdrawals: bool, limit: int, covers: bool):
    game = Game("yukon", seed=seed, foundation_withdrawal=withdrawals)
    search = core.Search(game, None, None, 2_000_000)
    search.wide, search.deep = 1_000, solver.DEEP_AFTER
    search.node_limit = limit
    search.pairs = core.Pairs(search.board)
    search.covers = covers
    return search.finish(), search.nodes, search.pairs_asked, search.covers_lost


def test_children_that_broke_a_build_are_asked_the_closures_kept():
    """Yukon deal 280 without withdrawals, the exhaustive search with pairs of facts: the
    children reached by a move that breaks a build, asked the closures kept, are proved lost
    there, and the same verdict comes at fewer positions."""
    core = compiled.core()
    status, nodes, _, proved = _search_with_covers(core, 280, False, 400_000, True)
    off = _search_with_covers(core, 280, False, 400_000, False)
    assert status == off[0] == "lost"
    assert proved > 0 and off[3] == 0
    assert nodes < off[1]


def test_the_closures_kept_are_asked_alike_in_both_cores():
    """Yukon deal 307 with withdrawals, 6,000 positions: the same positions, tests and proofs."""
    pure = _search_with_covers(pure_search, 307, True, 6_000, True)
    assert pure[3] > 0
    if os.environ.get("YUKON_WIDGET_PURE", "0") == "0" and compiled.core() is not pure_search:
        assert _search_with_covers(compiled.core(), 307, True, 6_000, True) == pure


def test_the_default_solve_asks_pairs_without_withdrawals(monkeypatch):
    """KDE Patience's deal 261 (no withdrawals) needs 37,058,657 positions of the exhaustive
    search without pairs of facts; the default solve asks them past ``SOLVE_PAIRS_AFTER``
    positions and proves the loss within a few hundred thousand. Without them, the same budget
    leaves it unknown."""
    from yukon_widget.engine.kpat import kpat_yukon

    budget = 1_000_000
    monkeypatch.setattr(solver, "TRIPLES_AFTER", None)  # pairs alone (triples prove it too)
    result = solver.solve(kpat_yukon(261), time_limit=None, node_limit=budget, clean=False)
    assert result.status == "lost"
    assert result.nodes < budget
    monkeypatch.setattr(solver, "SOLVE_PAIRS_AFTER", None)
    result = solver.solve(kpat_yukon(261), time_limit=None, node_limit=budget, clean=False)
    assert result.status == "unknown"


@pytest.mark.parametrize("withdrawals", [True, False])
def test_probes_with_pairs_find_a_hard_win_sooner(withdrawals, monkeypatch):
    """Yukon deal 369 took about 460,000 positions to win without withdrawals and 590,000
    with them while the probes went without pairs of facts; with them (a model without
    withdrawals, as probes play, even where the deal has them) a probe wins within 60,000,
    and the line replays under the deal's own rules. Without them the same budget leaves it
    unknown."""
    game = Game("yukon", seed=369, foundation_withdrawal=withdrawals)
    budget = 60_000
    result = solver.solve(game, time_limit=None, node_limit=budget)
    assert result.won and result.nodes <= budget
    replay = game.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.is_won
    monkeypatch.setattr(solver, "SOLVE_PAIRS_AFTER", None)
    assert solver.solve(game, time_limit=None, node_limit=budget).status == "unknown"


def test_a_probe_pays_for_its_pairs_tests_from_its_budget():
    """Each pairs test takes ``pairs_cost`` positions off a search's node limit (a probe's
    budget pays for its tests' time): charged, a probe stops sooner, having asked some."""
    core = compiled.core()
    game = Game("yukon", seed=565, foundation_withdrawal=False)
    budget, cost = 20_000, solver.PROBE_PAIRS_COST
    runs = []
    for charge in (0, cost):
        probe = core.Search(game, None, budget, 10**6, random.Random(1), False)
        probe.first_moves = False
        probe.pairs = core.Pairs(probe.board)
        probe.pairs_cost = charge
        runs.append((probe.finish(), probe.nodes, probe.pairs_asked))
    (free, free_nodes, _), (paid, paid_nodes, asked) = runs
    assert free == paid == "unknown"
    assert free_nodes == budget
    assert asked > 0 and paid_nodes + cost * asked <= budget + cost
    assert paid_nodes < budget


def test_with_withdrawals_a_position_is_lost_only_if_it_is_lost_without():
    """The model with withdrawals has every action of the one without and the same facts, so
    it proves lost only positions that the one without proves lost too (the solve relies on
    it: ``solver._start_lost``); it proves fewer, as withdrawals give cards more places."""
    both = only_without = 0
    for variant in ("yukon", "alaska", "russian"):
        rng = random.Random(f"pairs-monotone:{variant}")
        for _ in range(80):
            pos = random_position(rng, variant, True, (10, 22))
            board = Game.from_position(pos).board
            plain = Board(
                board.variant, False, board.columns, board.down, board.heights, board.cells
            )
            with_them, without = Pairs(board).lost(board), Pairs(plain).lost(plain)
            assert without or not with_them, (variant, pos)
            both += with_them
            only_without += without and not with_them
    assert both and only_without


def test_the_solve_asks_pairs_of_its_start(monkeypatch):
    """Yukon deal 218 with withdrawals: its start is lost in the main search's own model of
    pairs of facts, asked once at the first pause past ``SOLVE_PAIRS_AFTER`` positions (it
    took 30,177 positions before). Without pairs in the solve, 10,000 positions leave it
    unknown."""
    game = Game("yukon", seed=218, foundation_withdrawal=True)
    budget = 10_000
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "lost"
    assert result.nodes <= budget
    monkeypatch.setattr(solver, "SOLVE_PAIRS_AFTER", None)
    result = solver.solve(game, time_limit=None, node_limit=budget, clean=False)
    assert result.status == "unknown"


def _search_sampling_open(core, seed: int, sample: int) -> tuple[str, int, int, int, int]:
    game = Game("yukon", seed=seed, foundation_withdrawal=False)
    search = core.Search(game, None, None, 200_000)
    search.wide, search.deep = solver.WIDE_AFTER, solver.DEEP_AFTER
    search.node_limit = 200_000
    search.pairs = core.Pairs(search.board)
    search.open_sample = sample
    status = search.finish()
    return status, search.nodes, search.pairs_asked, search.pairs_lost, search.pairs.owned


def test_after_an_open_closure_only_some_children_get_their_own():
    """Yukon deal 299 without withdrawals, pairs from the start: with ``open_sample`` 4, after
    a closure of a child's own came out open, three children asked in four are asked only the
    kept closures. The verdict stands (leaving a test out proves nothing), fewer closures are
    computed, and the pure and compiled cores search alike."""
    every = _search_sampling_open(pure_search, 299, 1)
    some = _search_sampling_open(pure_search, 299, 4)
    assert every[0] == some[0] == "lost"
    assert 0 < some[4] < every[4]
    if os.environ.get("YUKON_WIDGET_PURE", "0") == "0" and compiled.core() is not pure_search:
        assert _search_sampling_open(compiled.core(), 299, 4) == some


def test_a_test_without_its_own_closure_asks_only_the_kept_ones():
    """``Pairs.lost(board, own=False)`` computes no closure: its verdict is ``covered``'s."""
    game = Game("yukon", seed=698, foundation_withdrawal=False)
    model = Pairs(game.board)
    assert not model.lost(game.board, own=False) and model.owned == 0
    kept = []
    for _ in _random_walk(game, random.Random(698), 40):
        owned = model.owned
        kept.append(model.lost(game.board, own=False))
        assert kept[-1] == model.covered(game.board)
        assert model.owned == owned
        model.lost(game.board)
        assert model.owned == owned + 1 or model.covered(game.board)
    assert any(kept)  # the kept closures proved some positions lost on their own
