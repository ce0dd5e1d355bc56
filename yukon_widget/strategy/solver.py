"""An exact solver: can this deal (face-down cards known) still be won, and how?

Depth-first search over every move the variant's rules allow (foundation withdrawals and
free cells included when the rules have them), with:

* a transposition table of canonical keys: columns sorted (columns are interchangeable),
  cells sorted, foundations left out (they are fixed by which cards are still in play);
  when the table reaches ``max_positions`` it is cleared and the search goes on, keeping the
  current path so it cannot loop: slower, never wrong;
* forced foundation moves played without branching, only when provably safe
  (``safety.SafetyTable`` with ``proven=True`` explains why each is sound);
* sound pruning (each rule in ``search.Search._moves`` says why it loses no win) and a
  relaxation (``relaxation.doomed``) that proves positions lost early, with two checks for
  orders of play it cannot see: cards queueing for one landing spot and a face-down card
  whose only spot the card above it must take for good;
* move order (``search.Search._moves`` names the buckets): foundation moves, then moves that turn
  a card, then moves that empty a column or expose a card for its foundation, then groups
  lifted off a card they do not build on (and cards out of a free cell), then sideways
  moves, then top cards into a free cell, then withdrawals.

The search itself, its pruning and why a "lost" is a proof, are in ``search``.

A fixed move order is a gamble: one early mistake can trap a depth-first search in a subtree
of millions of positions while the deal is easily won elsewhere. So ``solve`` shares its
budget between the exhaustive search and *probes* (``MAIN_SHARES``: a third for the
exhaustive search at first, two thirds and then three quarters once a deal has proved hard,
nine tenths past 2,000,000 positions): short searches
with the move order randomly jittered (a fixed seed per probe, so runs repeat) and a node cap
following the Luby sequence. Probes play without foundation withdrawals (a win without them
is a win with them, and the smaller space is searched faster; the exhaustive search covers
withdrawals) and without the relaxation's first-move check (it proves losses, which probes
seldom can, at several fixpoints a test), but past ``SOLVE_PAIRS_AFTER`` positions with
pairs of facts, which keep a probe out of subtrees already lost. Every other probe is also
*lean*: it skips sideways moves (a group lifted off a card it builds on onto another),
rarely needed, which makes many hard wins quick to find. A probe that wins ends the solve;
one that exhausts its space is a proof of loss too when it was complete (not lean, and
withdrawals are off anyway); otherwise the exhaustive search goes on where it paused. Where
the deal has withdrawals and its start is proved lost without them, no probe can win, and
the probes stop (``PLAIN_LOST_STOPS_PROBES``).

Some won deals defeat every depth-first order: all of them wander for millions of positions
first. Beam searches (``beam``: the best few hundred or thousand positions kept per depth)
find many of those wins early, so once a deal has taken ``BEAMS``' thresholds of positions, a
beam of the next width runs between a main slice and a probe. A beam never proves a loss;
its positions are taken from the probes' share (a probe whose turn a beam took runs at a
later turn), so the main search, which proves the losses, gets the positions it got before.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..engine.board import Board, RawMove
from ..engine.game import Game
from ..engine.move import Move
from . import compiled, lines

DEFAULT_MAX_POSITIONS = 8_000_000
"""Positions the main search's transposition table holds before it is cleared. Once cleared,
the search soon re-searches most of what it had searched, so a minute's solve should never
clear it: the faster core reaches 4 to 7 million positions a minute (main search, probes and
beams), where the table of 3,000,000 it had was cleared on the slowest deals. Yukon 711
without withdrawals: lost at 4,266,092 positions in 54.9 CPU s (maximum resident memory
539 MB) against 7,402,068 in 97.8 s (599 MB) with the table cleared at 3,000,000
(docs/solver-journal.md: "A table a minute fills"). About 120 bytes a position: a table of
8,000,000 takes about a gigabyte."""
PROBE_NODES = 2_000  # a probe's node cap is this times the Luby sequence's term
MAIN_SHARES = ((0, 1 / 2), (200_000, 2.0), (600_000, 3.0), (2_000_000, 9.0))
"""Positions the main search gets per position given to the probe after it, from so many
positions searched (main and probes) on. Probes win most of the hard wins they ever win
early; past a million positions most deals left are lost, which only the exhaustive search
can prove. On Yukon deals 1-147 and 1,001-1,116 this decides as many deals as a third for
the main search at every budget up to 3,000,000 positions (two more at 600,000, one more
at 1,200,000); see docs/solver-journal.md for the deals it decides at 60 s that a third
left unknown. Replayed offline after sideways moves were postponed (65 hard Yukon deals of
1,001-10,000, in the journal), no other sharing tried decides more at any budget up to
3,000,000.
Nine in ten from 2,000,000 on (it was three in four), once the beam of 4,000 had moved to
4,500,000: the Yukon deals of 1-1,000 that a minute's solve decides last, or not at all,
solved within 5,000,000 positions, took fewer positions on every one decided either way
(335, 774, 711 and 398 with withdrawals, 335, 774 and 566 without: 3,665,442 to 4,069,317
positions against 4,001,442 to 4,473,317), and 572 both ways and 398 without were decided
only so (lost at 4,240,078 and 4,247,775 positions, won at 4,104,210); 306 both ways and
711 without stayed unknown both ways (docs/solver-journal.md: "A faster core").
Two from 200,000 and three from 600,000 (they were one from 300,000 and three from 1,000,000),
once pairs of facts had made the probes win most hard wins sooner: no deal of Yukon 1-1,000
(either withdrawal rule) that took over 100,000 positions took more, the ones the main search
decides fewer (237 with withdrawals 696,950 against 767,056, 307 372,983 against 422,004, 252
without 274,310 against 295,252; 27 deals, 10,172,796 positions against 10,652,540), and Yukon
1,001-1,400 at 30 s had the same verdicts both ways, with 1,220 with withdrawals won at
340,263 positions against 378,044; from 100,000 and 300,000 instead, deal 45 (won by a probe at
167,645 positions) took 275,643 (journal: "Probes that cannot win")."""
BEAMS = (
    (600_000, 250, 125_000),
    (800_000, 1_000, 500_000),
    (8_000_000, 4_000, 2_000_000),
    (12_000_000, 16_000, 8_000_000),
)
"""Beam searches (``beam``): each runs once the deal has taken that many positions (main
search, probes and beams), keeping that many positions per depth, within that many. Of the
55 Yukon deals without withdrawals of 1 to 10,000 that the table's solver won only after more
than 300,000 positions, a width of 250 wins 22 (within 125,000 positions), one of 1,000 11
more and one of 4,000 5 more. Probes win the medium-hard deals sooner: with the first beam
at 30,000 positions, Yukon deals 1,001-1,600 without withdrawals at 600,000 positions came
out 536 won, 46 lost, 18 unknown against 538, 46 and 16 without beams; so the beams start
where the table's first pass stops. The beam of 4,000 waits until 4,500,000 positions (it ran
at 2,000,000): on the deals that a minute's solve decides late, it took positions from the
probes and the main search and won nothing they did not. Yukon, solves stopped at 4,400,000
positions: with it later, probes won deals 711, 6,730, 8,340 and 8,392 with withdrawals and
3,304 without at 2,763,478 to 3,307,433 positions (3,430,574 to 4,163,685 with it at
2,000,000), and the main search proved deals 335 and 774 lost in both configurations at
4,001,442 to 4,305,803 positions, where with the beam at 2,000,000 335 stayed unknown in both
and 774 with withdrawals. A solve of 60 s reaches only 3,000,000 to 4,500,000 positions here,
so deals 1-1,000 at 60 s each leave the same 15 unknown with withdrawals and 19 without as
before (see docs/solver-journal.md).

Later still, from 8,000,000 and 12,000,000 positions (the beams of 4,000 and 16,000 were at
4,500,000 and 6,000,000), once a faster core let a minute's solve reach 6 to 10 million
positions: a beam runs to its cap or a win, so there the two took the rest of the minute
from the main search (the beam of 16,000 has won no deal in any run we know of). With them
later, Yukon deal 306 is proved lost within 60 s both ways (5,203,811 positions in 44.4 s
with withdrawals, 5,167,545 in 43.3 s without), where it was unknown at 9.5 million; the
other deals of 1-1,000 left unknown at 60 s stay so (docs/solver-journal.md: "A faster
search loop")."""
DEEP_AFTER = 100_000
"""Positions after which the main search asks the relaxation's whole first-move check,
face-up cards included, of children, while it pays (see ``search.Search._doomed``). Below
it nothing changes: most deals are decided sooner, and the check costs several fixpoints a
child. From 100,000 rather than 1,000,000 (the exhaustive search alone, Yukon with
withdrawals): deal 2,625 is lost at 155,609 positions against 1,057,066, 7,865 at 341,027
against 1,233,169, and won deals 3,042 and 4,393 at 114,595 and 100,325 against 1,022,780
and 956,684; where it cuts little the rate rule keeps the cost small (deals 280 and 6,160
without withdrawals, lost near 120,000 positions: 2.5 to 2.6 s and 1.9 to 2.1 s; deal 75,
3,000,000 positions: 52.8 to 55.0 s), and where it proves one child in two lost but saves
few positions each it costs (9,367: 846,787 positions in 12.0 s, 397,186 in 20.8 s)."""
PAIRS_AFTER: int | None = 100_000
"""Positions after which the exhaustive search alone (``solve(..., exhaustive=True)``, the
table's passes over deals a solve has left unknown) asks pairs of facts (``pairs``) of the
children where a card turned or went home, while one test in two proves a child lost (see
``search.Search._pairs_lost``), under either withdrawal rule; None: never. One deck without
free cells only. (The default solve asks them past ``SOLVE_PAIRS_AFTER``.)

It cuts the positions a proof of loss needs, and with them memory: Yukon with withdrawals, deal
75 (unknown after 80,000,000 positions without it) is lost at 15,253,496 positions in 436 s of
a table pass; asked from the start, deal 166 is lost at 4,262,794 positions in 249 CPU s
against 40,333,673 (a table pass of 744 s beside another), 565 at 356,560 in 5.6 s against
9,493,187 in 103.9 s; it cuts nothing on 556, and on 9,938 (lost at 46,748,461 positions without
it) it was unknown at 20,000,000 (528 CPU s). KDE Patience's deal 261 (no withdrawals), lost at
37,058,657 positions without it, is lost at 110,141 in 2 s."""
SOLVE_PAIRS_AFTER: int | None = 5_000
"""Positions (main search, probes and beams) after which the default solve builds pairs of
facts (``pairs``) for its start position as a search without withdrawals plays it, and asks
them in every probe from then on (probes play without withdrawals) and in the main search
when it plays without them too; a main search with withdrawals asks a model of the start
with them (weaker: its withdrawal actions make more pairs reachable). None: never. One deck
without free cells only. A model costs about half a millisecond, as much as an easy deal's
whole solve, so it waits for a deal that is not easy.

In the probes it is what finds hard wins soon: a probe no longer spends its budget below a move
that already lost the deal. Yukon deals 369, 645 and 815, won in 5.4 to 9.5 s by a minute's
solve before (either withdrawal rule), are won in 0.4 to 1.5 s; Yukon 1-1,000 at 60 s a deal
has 10 deals over 5 s without withdrawals and 15 with them, against 15 and 18. The main search,
which proves the losses, asked them past 100,000 positions of its own before, and only without
withdrawals; past 5,000 positions of the solve, the 69 Yukon deals of 1-1,000 without
withdrawals that took more than 0.3 s needed 11,157,393 positions in all against 13,366,714.
With withdrawals the main search once decided as many hard deals with pairs as without (14
deals at 60 s, pairs past 100,000 positions: journal, "Pairs of facts in words"); from 5,000
positions, and asked before the first-move check, the 66 deals with withdrawals that took more
than 0.3 s took 176.6 s against 232.6 (398 won in 4.4 s against 33.3 s, 774 lost in 10.0 s
against 35.5 s), though 572, lost in 44.7 s, was left unknown at the minute (journal: "Pairs
of facts in the probes").

Built, the main search's model is asked of the start itself, once: Yukon deals 218, 306, 335,
511, 661, 814 and 876 with withdrawals are lost at 8,000 positions (the first pause past
5,000), where they took 30,177 to 57,040; the probes' model too (``PLAIN_LOST_STOPS_PROBES``)."""
PROBE_PAIRS_COST = 40
"""Positions of a probe's budget that each pairs test takes (``search.Search.pairs_cost``).
A test costs as much as ten positions or more, and on a lost deal nearly every test proves a
child lost, so uncharged probes took more time a turn and left the main search less: lost
deals came later (Yukon 565 without withdrawals, 15.3 s to 21.6 s). Charged 10, 20, 40 and
100 positions, on 24 hard deals without withdrawals the 24 solves took 110.0, 108.5, 89.7 and
106.9 s (147.0 without pairs in the probes); at 100 the probes find fewer wins soon (377 won
in 9.7 s against 2.0 s at 40; journal: "Pairs of facts in the probes")."""
TRIPLES_AFTER: int | None = 50_000
"""Positions after which a solve asks triples of facts (``triples``, h³) of its start position,
once; None: never. One deck without free cells only. A test costs a fifth to half a second
(compiled), as much as 20,000 to 50,000 positions, so it waits for the deals an easy search
has not decided; and where it proves the start lost, the whole search is spared: Yukon deals
319, 552 and 556 without withdrawals and 319 and 702 with them, unknown after tens of
millions of positions, are lost at their start (docs/solver-journal.md: "Triples of
facts"). Asked past 50,000 positions rather than 200,000 since the test became three times
cheaper: of the 85 Yukon deals of 1-1,000 (both withdrawal rules) that took 100,000 to
1,300,000 positions, the 42 that triples prove lost at their start are decided at about
52,000 positions, in 0.4 to 1.5 s (median 0.6) where they took 0.7 to 3.8 s (median 2.2), and
the 31 wins pay about a fifth of a second more (journal: "Cheaper triples")."""
PLAIN_LOST_STOPS_PROBES = True
"""In a deal with withdrawals, the probes (which play without them) stop once the start is
proved lost without withdrawals: by the probes' pairs of facts when they are built, by triples
of facts when the start is put to them (``TRIPLES_AFTER``; asked without withdrawals first,
see ``_start_lost``), or by a probe over every move running dry. No probe can win then, and
their turns go to the main search. False: they go on. Yukon deal 774 with withdrawals, lost
without them at its start (triples): its probes took 72,594 of its positions and then 13,416,
and the deal was lost at 285,084 positions against 344,262 (journal: "Probes that cannot
win"); with the kept closures asked of more children (``search.Search._covered``), at 200,334
against 236,417; with proofs merged into kept closures (``pairs``), at 161,701 against
211,999; with tests that give up (``TRIPLES_WITHDRAW``), at 139,417 against 182,599."""
OPEN_SAMPLE = 4
"""After a pairs test whose closure of the child's own came out open, the main search lets only
one child asked in so many have one of its own (every child is asked the kept closures), until
one proves a child lost
(``search.Search.open_sample``, whose ``_pairs_lost`` says why that pays). Eight hard Yukon
deals (774, 565, 237, 645 and 514 with withdrawals, 166 too, 565 and 1,073 without), the
default solve, one build side by side: 113.8 CPU s in all with 4 against 131.9 s asking every
one (7,689,087 positions against 7,257,961; 166 took 53.3 s against 69.6 s, 774 3.5 s against
4.8 s, 1,073 6.1 s against 5.2 s); with 8, 97.6 s against 96.8 s for 4 in a later pair of runs,
at 8,180,772 positions. The probes ask every one: a probe kept out of subtrees already lost
finds wins sooner, and skipping tests there too cost Yukon deal 815 without withdrawals, won by
a probe at 50,902 positions, 669,114 (journal: "Closures after an open one")."""
TRIPLES_AGE: int | None = 60_000
"""Where the main search and the exhaustive search ask pairs of facts, they also ask triples of
facts (``triples``) every so many positions, of the deepest position on their path whose
subtree has taken that many, and the closures of its proofs of every child reached by a move
that is not sideways (``search.Search._triples_ask``); None: never. The exhaustive search
alone, side by side with the search without them: Yukon 75 without withdrawals lost at
594,544 positions in 19.3 CPU s against 7,265,098 in 80.9 s; 980 without withdrawals at
1,170,956 in 28.8 s (9,610,363 in about 150 s before); 75 with withdrawals at 4,901,016 in
96.5 s against 7,369,027 in 81.6 s (journal: "Triples inside the search"). Leaving the
shallowest position they prove, and asking kept closures less (journal: "Up the path from a
proof"): 75 without withdrawals at 168,226 positions in 3.8 s, 980 at 551,675 in 11.9 s; 75
with withdrawals at 3,948,929 in 64.0 s, 552 at 3,714,253 in 88.2 s. Every 30,000 or every
120,000 positions took about as long (75 with withdrawals 70.5 and 63.9 s, 552 90.5 and
93.7 s, where every 60,000 took 64.2 and 90.1 s in those runs)."""
TRIPLES_WITHDRAW: tuple[int, int] | None = (30_000, 2)
"""Where the search plays with withdrawals, it asks triples of facts every so many positions
rather than every ``TRIPLES_AGE``, its tests give up at the first triple of done facts they
reach (``triples.Triples.closed``'s ``give_up``), and after a failed test it asks positions
whose subtrees have taken half as many, up to so many halvings (``search.Search._triples_ask``);
None: as without withdrawals. Giving up cost no proof in 79 tests sampled from two such
searches and took 70% off the failed tests' time (Yukon 552, the default solve: 1.07 s against
3.48 s, the same 4,248,321 positions). With tests that cheap, asking sooner and deeper pays:
552 lost at 3,245,217 positions in 55.7 CPU s against 4,248,321 in 63.7 s, side by side; 75 at
3,723,019 in 48.0 s against 4,666,732 in 50.2 s; 166 at 2,789,349 in 39.7 s against 3,055,627
in 37.6 s (every 40,000, one halving: 552 at 3,658,388 positions; every 20,000, two: 2,945,981
in 53.7 s, but 166 in 43.6 s; journal: "Tests that give up"). Without withdrawals a failed
test runs to its end (giving up there would have cost 9 of 20 proofs sampled), and the search
asks as it did."""
WIDE_AFTER = 20_000
"""Positions after which the exhaustive search asks the relaxation of every new child (see
``search.Search.wide``)."""


@dataclass
class SolveResult:
    """What ``solve`` found.

    ``status`` is "won" (``moves`` is a winning line from the position), "lost" (proved: no
    line of legal moves wins) or "unknown" (a limit stopped the search first). ``nodes`` is
    the number of positions searched, ``seconds`` the time taken.
    """

    status: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def won(self) -> bool:
        return self.status == "won"

    @property
    def lost(self) -> bool:
        return self.status == "lost"

    def __repr__(self) -> str:
        return (
            f"<SolveResult {self.status}: {len(self.moves)} moves, {self.nodes:,} positions, "
            f"{self.seconds:.2f} s>"
        )


def solve(
    game: Game,
    time_limit: float | None = 60.0,
    node_limit: int | None = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    should_stop: Callable[[], bool] | None = None,
    clean: bool = True,
    exhaustive: bool = False,
    beam: int | None = None,
) -> SolveResult:
    """Search the game's current position (hidden cards included) for a win.

    Stops with status "unknown" after ``time_limit`` seconds or ``node_limit`` positions
    (either may be None for no limit), or as soon as ``should_stop()`` returns true (asked
    every 256 positions: a widget cancels a search this way when the player moves);
    ``max_positions`` caps the transposition table. The game itself is not changed.

    With ``clean`` (the default) a winning line is shortened before it is returned
    (``lines.shorten``: cycles, undone withdrawals and needless moves cut, the result
    replayed to a win), within its work cap and, under a ``time_limit``, at most a second
    or what is left of the limit if more than a tenth of a second; ``seconds`` includes
    that. Without a time limit the clean-up is bounded by work alone, so a node-limited
    solve returns the same line on every machine.

    ``exhaustive`` gives every position to the exhaustive search (no probes, no beams),
    the one that proves losses, and lets its transposition table grow to ``node_limit``
    positions (when larger than ``max_positions``) so that it is never cleared: for deals a
    solve has already left unknown, most of which are lost. On Yukon deals 70, 237, 289,
    562 and 661 (lost) it needs 31-46% fewer positions than the default solve.

    ``beam`` gives every position to a beam search of that width instead (``beam.Beam``:
    the best ``beam`` positions kept per depth), which wins or says "unknown", never "lost":
    for deals left unknown that may be won all the same. Yukon deal 2,610 without
    withdrawals, unknown after 20,000,000 positions of the exhaustive search, is won by a beam
    of 64,000 within 19,495,440 positions.
    """
    if beam is not None and exhaustive:
        raise ValueError("a solve is either exhaustive or a beam, not both")
    if beam is not None and beam < 1:
        raise ValueError(f"a beam keeps at least one position per depth, not {beam}")
    with _cycle_collection_paused():
        if beam is not None:
            return _beam_solve(game, beam, time_limit, node_limit, should_stop, clean)
        return _solve(game, time_limit, node_limit, max_positions, should_stop, clean, exhaustive)


def _beam_solve(
    game: Game,
    width: int,
    time_limit: float | None,
    node_limit: int | None,
    should_stop: Callable[[], bool] | None,
    clean: bool,
) -> SolveResult:
    """``solve``'s work with ``beam``: one beam search of ``width``, within the limits."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    search = compiled.beam().Beam(game.board, width, node_limit, deadline, should_stop)
    status = search.run()
    return _result(game, status, search.line, search.nodes, start, deadline, clean)


_gc_lock = threading.Lock()
_gc_solves = 0  # solves running now (threads may run several at once)
_gc_was_enabled = False  # whether the first of them found the cycle collector on


@contextmanager
def _cycle_collection_paused() -> Iterator[None]:
    """Turn Python's cycle collector off while any solve runs, and back on (if it was on)
    when the last one ends.

    A search makes no reference cycles to speak of (5 objects left for the collector after
    a 1,500,000-position solve of Yukon deal 306, the same 110 MB peak), but it allocates
    enough short-lived lists and boards to set the collector off thousands of times: a
    tenth of that solve's time went into collections that found nothing. Reference
    counting still frees everything else at once."""
    global _gc_solves, _gc_was_enabled
    with _gc_lock:
        if _gc_solves == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_solves += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_solves -= 1
            if _gc_solves == 0 and _gc_was_enabled:
                gc.enable()


def _modelled(board: Board) -> bool:
    """The facts of ``pairs.Pairs`` (and so pairs and triples of facts) model this board's
    variant: one deck without free cells. Either build's Board: only its rules are read."""
    return board.variant.decks == 1 and not board.cells


def _finish(steps: Generator[None, None, str]) -> str:
    """Run a search's steps to their end (it no longer pauses): its verdict."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value


def _pairs_fit(board: Board) -> bool:
    """The exhaustive search asks pairs of facts (``PAIRS_AFTER``), and they model this
    board's variant."""
    return PAIRS_AFTER is not None and _modelled(board)


def _ask_triples(main: Any) -> None:
    """Let a search (``core.Search``) ask triples of facts (``TRIPLES_AGE``, and with
    withdrawals ``TRIPLES_WITHDRAW``) over its pairs' model, built when first asked."""
    if TRIPLES_AGE is not None:
        main.triples_age = TRIPLES_AGE
        if main.withdraw and TRIPLES_WITHDRAW is not None:
            main.triples_age, main.triples_halvings = TRIPLES_WITHDRAW
            main.triples_give_up = True
        main.triples_next = 0  # counted from now on


def _triples_lost(core: ModuleType, start: Board, deadline: float | None) -> bool:
    """Triples of facts prove ``start`` (a search's start position) lost before ``deadline``."""
    return bool(core.Triples(core.Pairs(start)).lost(start, deadline))


def _start_lost(
    core: ModuleType, start: Board, plain: Board, probing: bool, deadline: float | None
) -> tuple[bool, bool]:
    """Triples of facts asked of a solve's ``start`` (``TRIPLES_AFTER``): whether they prove it
    lost, and whether probes (``plain``: the start without withdrawals) may still win.

    With withdrawals, the start without them is asked first. The model with them has every
    action of the one without (its facts are the same, its withdrawals are more actions), so
    its closure holds the other's: where the start is not lost without withdrawals, it is not
    lost with them, and that test is spared. Where it is, no probe can win."""
    if not start.withdraw:
        return _triples_lost(core, start, deadline), probing
    if probing:
        if not _triples_lost(core, plain, deadline):
            return False, True
        probing = False
    return _triples_lost(core, start, deadline), probing


def _solve(
    game: Game,
    time_limit: float | None,
    node_limit: int | None,
    max_positions: int,
    should_stop: Callable[[], bool] | None,
    clean: bool,
    exhaustive: bool,
) -> SolveResult:
    """``solve``'s work, with the cycle collector paused."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    core = compiled.core()  # the search module: built with mypyc when it is, else this Python
    if exhaustive and node_limit is not None:
        max_positions = max(max_positions, node_limit)
    main = core.Search(game, deadline, None, max_positions, should_stop=should_stop)
    main.wide = WIDE_AFTER
    main.deep = DEEP_AFTER
    main.open_sample = OPEN_SAMPLE
    if exhaustive:
        main.node_limit = node_limit
        board = main.board
        if _pairs_fit(board):
            main.pairs = core.Pairs(board)  # a model of the search's start
            main.pairs_after = PAIRS_AFTER
            _ask_triples(main)
        if TRIPLES_AFTER is None or not _modelled(board):
            status = main.finish()
        else:
            # Searched to TRIPLES_AFTER positions, then the start put to triples of facts.
            begin = board.copy()
            main.pause = TRIPLES_AFTER
            steps = main.steps()
            try:
                next(steps)
                main.pause = 1 << 62
                status = "lost" if _triples_lost(core, begin, deadline) else _finish(steps)
            except StopIteration as done:
                status = done.value
            except core.LimitReached:
                status = "unknown"
        return _result(game, status, main.line, main.nodes, start, deadline, clean)
    # Pairs of facts, built on the first pause past SOLVE_PAIRS_AFTER positions (see there):
    # for the probes, one model of the start as a search without withdrawals plays it. Its
    # facts and actions hold every position such a search reaches (the ``pairs`` docstring),
    # so each "lost" is a proof for the search asking; a probe in a deal with withdrawals is
    # incomplete anyway (it only finds wins). The main search asks the same model, or with
    # withdrawals one of the start with them. Both are asked of the start itself once: the
    # main search's model may prove the deal lost there, the probes' that no probe can win.
    board = main.board
    # The start as a search without withdrawals plays it (the probes' rules), modelled.
    plain = (
        core.Board(board.variant, False, board.columns, board.down, board.heights, board.cells)
        if _modelled(board)
        else None
    )
    pairs_start = plain if SOLVE_PAIRS_AFTER is not None else None
    pairs = None  # the probes' model, once built
    main_start = board.copy() if pairs_start is not None and main.withdraw else None
    triples_start = board.copy() if TRIPLES_AFTER is not None and plain is not None else None
    # False once the start is proved lost without withdrawals (PLAIN_LOST_STOPS_PROBES).
    probing = True
    steps = main.steps()
    spent = 0  # positions searched by probes and beams
    owed = 0  # positions beams have taken that the probes give up (beams take their share)
    beams = 0  # how many of ``BEAMS`` have run
    status, winner = "unknown", main
    try:
        k = 1  # the next probe's number
        while True:
            # The main search and the probes take turns; the probes get the larger share, as
            # most hard deals that are decided in time are won by a probe.
            size = PROBE_NODES * core.luby(k)
            if node_limit is not None:
                main.node_limit = node_limit - spent
            share = next(r for n, r in reversed(MAIN_SHARES) if main.nodes + spent >= n)
            main.pause = main.nodes + max(1, int(size * share))
            try:
                next(steps)
            except StopIteration as done:
                status = done.value
                break
            if (
                pairs_start is not None
                and SOLVE_PAIRS_AFTER is not None
                and main.nodes + spent >= SOLVE_PAIRS_AFTER
            ):
                pairs = core.Pairs(pairs_start)
                # Asked from now on (``pairs_after`` is 0).
                main.pairs = pairs if main_start is None else core.Pairs(main_start)
                _ask_triples(main)
                # The start itself, in the main search's model, and in the probes'.
                if main.pairs.lost(pairs_start if main_start is None else main_start):
                    status = "lost"
                    break
                if main_start is not None and pairs.lost(pairs_start):
                    probing = False
                pairs_start = main_start = None
            if (
                triples_start is not None
                and plain is not None
                and TRIPLES_AFTER is not None
                and main.nodes + spent >= TRIPLES_AFTER
            ):
                verdict, probing = _start_lost(core, triples_start, plain, probing, deadline)
                if verdict:
                    status = "lost"
                    break
                triples_start = None
            if node_limit is not None:
                size = min(size, node_limit - main.nodes - spent)
                if size <= 0:
                    break
            # A beam, once the deal has taken as many positions as its threshold.
            if beams < len(BEAMS) and main.nodes + spent >= BEAMS[beams][0]:
                width, cap = BEAMS[beams][1], BEAMS[beams][2]
                beams += 1
                if node_limit is not None:
                    cap = min(cap, node_limit - main.nodes - spent)
                beam = compiled.beam().Beam(game.board, width, cap, deadline, should_stop)
                verdict = beam.run()
                spent += beam.nodes
                owed += beam.nodes
                if beam.stopped:
                    break
                if verdict == "won":
                    status, winner = verdict, beam
                    break
                if node_limit is not None:
                    size = min(size, node_limit - main.nodes - spent)
                    if size <= 0:
                        break
            if not probing and PLAIN_LOST_STOPS_PROBES:
                continue
            if owed > 0:
                # This probe's turn went to a beam: it runs at its next turn instead.
                owed = max(0, owed - size)
                continue
            # Every other probe is lean (no sideways moves): a smaller space, often won.
            probe = core.Search(
                game,
                deadline,
                size,
                max_positions,
                random.Random(k),
                False,
                not k % 2,
                should_stop=should_stop,
            )
            # Probes look for wins: leaving out the first-move check, which proves losses,
            # took 31-39% off the time of solving Yukon deals 1,001-1,300 at 600,000
            # positions each (with and without withdrawals), for the same verdicts.
            probe.first_moves = False
            if pairs is not None:
                probe.pairs = pairs
                probe.pairs_cost = PROBE_PAIRS_COST
            verdict = probe.finish()
            spent += probe.nodes
            k += 1
            if probe.stopped:
                break
            if verdict == "won" or (verdict == "lost" and probe.complete):
                status, winner = verdict, probe
                break
            if verdict == "lost" and not probe.lean:
                probing = False  # lost without withdrawals: no probe can win
    except core.LimitReached:
        pass
    return _result(game, status, winner.line, main.nodes + spent, start, deadline, clean)


def _result(
    game: Game,
    status: str,
    line: list[RawMove],
    nodes: int,
    start: float,
    deadline: float | None,
    clean: bool,
) -> SolveResult:
    """The ``SolveResult``: the winning raw line replayed as moves (and cleaned) when won."""
    moves: list[Move] = []
    if status == "won":
        replay = game.copy()
        for raw in line:
            moves.append(replay.push_raw(raw))
        if clean:
            budget = None  # no time limit: only the work cap, so every machine agrees
            if deadline is not None:
                left = deadline - time.perf_counter()
                budget = min(lines.DEFAULT_BUDGET, max(0.1, left))
            moves = lines.shorten(game, moves, budget)
    return SolveResult(status, moves, nodes, time.perf_counter() - start)
