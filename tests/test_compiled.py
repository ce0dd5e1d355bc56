"""The solver's compiled core (mypyc) against the pure Python it is built from.

``./dev`` builds the core on setup, so here it is present wherever a C compiler is: the
tests hold both builds to the same verdicts, node counts and lines, and check that a build
from other sources is never used.
"""

from __future__ import annotations

import random
import shutil

import pytest

from yukon_widget.engine.game import Game
from yukon_widget.engine.kpat import kpat_yukon
from yukon_widget.strategy import compiled
from yukon_widget.strategy import search as pure
from yukon_widget.strategy.solver import solve

HAVE_COMPILER = bool(shutil.which("cc") or shutil.which("gcc") or shutil.which("clang"))


@pytest.fixture
def fast(monkeypatch):
    """The compiled search module (built by ./dev's setup)."""
    monkeypatch.delenv("YUKON_WIDGET_PURE", raising=False)
    if not HAVE_COMPILER:
        pytest.skip("no C compiler here: the solver runs in pure Python")
    module = compiled.core()
    assert module is not pure, f"the compiled core is not in use: {compiled.status()}"
    return module


def _run(game: Game, node_limit: int, monkeypatch, pure_core: bool) -> tuple:
    monkeypatch.setenv("YUKON_WIDGET_PURE", "1" if pure_core else "0")
    result = solve(game, time_limit=None, node_limit=node_limit)
    return result.status, result.nodes, [str(m) for m in result.moves]


DEALS = [
    *[(Game("yukon", seed=s), 20_000) for s in range(1, 9)],
    *[(Game("yukon", seed=s, foundation_withdrawal=False), 20_000) for s in (1, 17, 61)],
    (Game("yukon", seed=289), 40_000),  # unknown: the searches stop at the same position count
    (Game("russian", seed=3), 20_000),
    (Game("alaska", seed=5), 20_000),
    (Game("moosehide", seed=7), 20_000),
    (Game("yukon-cells", seed=2), 20_000),
    (Game("double-yukon", seed=2), 20_000),
    (kpat_yukon(172), 100_000),
]


@pytest.mark.parametrize("game, node_limit", DEALS, ids=lambda x: getattr(x, "variant", None))
def test_the_compiled_core_gives_the_same_verdict_nodes_and_line(
    fast, game, node_limit, monkeypatch
):
    compiled_run = _run(game, node_limit, monkeypatch, pure_core=False)
    pure_run = _run(game, node_limit, monkeypatch, pure_core=True)
    assert compiled_run == pure_run
    assert compiled_run[0] in ("won", "lost", "unknown")


def test_a_probe_and_a_lean_search_walk_the_same_positions(fast):
    game = Game("yukon", seed=11)
    for rng_seed, lean in ((3, False), (4, True)):
        runs = []
        for module in (pure, fast):
            search = module.Search(game, None, 5_000, 10**6, random.Random(rng_seed), False, lean)
            runs.append((search.finish(), search.nodes, search.line))
        assert runs[0] == runs[1]


def test_a_beam_walks_the_same_positions_in_both_builds(fast):
    from yukon_widget.strategy import beam as pure_beam

    fast_beam = compiled.beam()
    assert fast_beam is not pure_beam
    for game, width in (
        (Game("yukon", seed=9298, foundation_withdrawal=False), 100),
        (Game("alaska", seed=5), 50),
    ):
        runs = []
        for module in (pure_beam, fast_beam):
            beam = module.Beam(game.board, width, 40_000)
            runs.append((beam.run(), beam.nodes, beam.line))
        assert runs[0] == runs[1]


def test_the_pure_core_is_used_when_asked(monkeypatch):
    monkeypatch.setenv("YUKON_WIDGET_PURE", "1")
    assert compiled.core() is pure
    assert "YUKON_WIDGET_PURE" in compiled.status()


def test_a_build_from_other_sources_is_never_used(fast, monkeypatch):
    monkeypatch.setattr(compiled, "source_hash", lambda: "0" * 64)
    monkeypatch.setattr(compiled, "_loaded", None)
    assert compiled.core() is pure
    assert "other sources" in compiled.status()
    monkeypatch.undo()
    monkeypatch.delenv("YUKON_WIDGET_PURE", raising=False)
    monkeypatch.setattr(compiled, "_loaded", None)
    assert compiled.core() is fast


def test_a_current_build_is_not_built_again(fast):
    assert "up to date" in compiled.build()


def test_the_copies_import_one_another_and_the_pure_engine():
    text = compiled._copy("yukon_widget.strategy.search")
    assert "from .board import Board, RawMove" in text
    assert "from .relaxation import doomed" in text
    assert "from .safety import SafetyTable" in text
    assert "from yukon_widget.engine.game import Game" in text
    assert "from ..engine" not in text
    board = compiled._copy("yukon_widget.engine.board")
    assert "from yukon_widget.engine.cards import KING_RANK" in board
