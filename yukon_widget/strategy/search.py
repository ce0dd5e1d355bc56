"""The solver's search: one depth-first search over a position, exhaustive or a probe.

This module holds ``Search``, the engine that ``solver.solve`` runs as its exhaustive search
and as its probes, and that ``lines`` runs to find shorter finishes. It reads and plays on a
``Board`` of its own; ``compiled`` builds this module, ``board``, ``safety`` and
``relaxation`` with mypyc, and ``solve`` uses that build when it is there.

Why "lost" is a proof under the rules in force. A *move* here is a move with the forced
moves after it (``safety``: they replace a position by one that is winnable whenever it is);
it is *open* when no forced move follows it. Let R be the positions the exhaustive search
entered. When it runs dry, each was explored: at its first entry, each move that ``_moves``
and ``_dfs`` kept was tried and led to a position entered (in R), or seen before (in R, or
proved lost and remembered), or proved lost by ``relaxation.doomed`` (sound: each test there
over-approximates what could ever happen; the start position, and past ``Search.deep``
positions a child, may also be proved lost by ``relaxation.first_moves_lose``, sound
alike, and, when ``Search.pairs`` is set, a child where a card turned or went home by
``pairs.Pairs.lost``, whose docstring proves it, or by ``pairs.Pairs.covered``, proved there
alike, which may also prove lost a child reached by a move that breaks a build; and, when
``Search.triples`` is set, a child reached by a move that is not sideways, or about to
be given a closure of pairs of its own, by ``triples.Triples.covered``, whose class docstring
proves it). Claim C: for X in R and any legal move e, X + e is in R or lost, up to the order
of columns and cells, which the key ignores. Then every position reachable from the start
(which is in R) is in R or lost, since a position reachable from a lost one is lost; none in
R is won and no won position is lost, so no line wins. (A position ``Search._triples_ask``
proves lost is left with moves untried, and so are the positions after it on the path: every
position reachable from it is lost, so C holds at each of them, and the argument below is
needed only for positions not reachable from a lost one.)

C holds by induction on three things compared in turn: the *class* of e (sideways moves
first, then withdrawals, then every other move), e's *place* in the order (its lowest card,
then what it lands on: ``ORDER``), and the time of X's first entry. A move keeps its class
and place in the earlier positions the rules below name (they leave its piles alone). The
moves ``_moves`` and ``_dfs`` leave out at X's first entry, and why each loses nothing:

* the symmetry rules (first empty column, first free cell, one of two equal piles): the
  result equals a kept move's, up to the order the key ignores;
* the loop-back rule: a withdrawal that its forced moves undo (its card goes straight back
  up), and right after an open withdrawal the withdrawn card going home again: X + e is X
  itself, or the position before it, both entered; neither is counted as a position reached;
* the "last group" rule (``_moves``): X + e is Q + e', or Q, for a position Q on the path to
  X, entered earlier, where e' moves e's group onto the same place straight from where it sat
  in Q. e' has e's place; its class is no later when e is not sideways (e' is sideways or of
  the last class). A sideways e is left out only when the group came by an open sideways move
  g from X0 (``again``); then Q can be taken to be X0, where the group sat on a card it builds
  on, so e' is sideways too;
* the sideways rule, the withdrawal rule and the order rule (``_dfs``): X was entered by an
  open move k from X0 (entered earlier), and X + e = (X0 + e) + k, as ``_dfs`` proves for each.
  By C at X0 (e's class and place, an earlier entry), X0 + e is lost, and so is X + e, or it
  is in R, and then so is (X0 + e) + k by C at X0 + e for k: k is of an earlier class than e
  (a sideways move before any other, a withdrawal before the last class), or of e's class
  and earlier in the order (the order rule);
* the carry rule (``_dfs``): X was entered by an open move k from X0 (entered earlier), and
  X + e = (X0 + e'') + k', as ``_dfs`` proves: e'' moves e's group from the same place onto
  the same card, leaving the same card (e's class and place), with k's group on it or not,
  and k' moves k's group from where it lay in X0 to where k put it, leaving what k left (k's
  class and place). By C at X0 for e'' (an earlier entry), X0 + e'' is lost, and so is
  X + e, or it is in R, and then so is X + e by C at X0 + e'' for k', which the rule asks to
  be of an earlier class than e, or of e's class and earlier in the order.

Clearing the table when it is full keeps the positions on the current path, so the search
cannot loop; a position searched again is simply explored twice, and its first entry is the
one that counts.

The table is keyed by ``crossings.key``, which gives one key to positions that differ only in
which of two twins carries which tail, where that provably cannot matter: "in R" above reads
"given the key of a position in R", and ``crossings``' docstring (its consequence 2) shows
that C and the conclusion hold so. A child is first looked up by its own ``Board.key``,
which costs no undoing of crossings: every key in the table is the ``Board.key`` of a real
position (a position entered or proved lost, or the one ``crossings.key`` makes of it by
allowed swaps), so a child whose own key is there is that position up to the order the key
ignores, and so is given the key of a position in R, or is lost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Any

from ..engine.board import Board, RawMove
from ..engine.cards import KING_RANK
from ..engine.game import Game
from .crossings import Crossings
from .pairs import Held, Pairs
from .relaxation import doomed, first_moves_lose
from .safety import SafetyTable
from .triples import Kept, Triples

# A move's place in the order rule's order (see ``_dfs``): its lowest card times ORDER plus
# what it lands on, a card, or ONTO_EMPTY (an empty column) or ONTO_CELL (a free cell).
ORDER = 128
ONTO_EMPTY = 126
ONTO_CELL = 127
PROBE_NOISE = 20.0  # how far (in places) a probe's random jitter may move a move in the order
DEEP_RATE = 2  # the deep check is asked of every child while it proves 1 in DEEP_RATE lost
DEEP_SAMPLE = 16  # else of one child in DEEP_SAMPLE (see ``Search._doomed``)
PAIRS_RATE = 2  # ``pairs`` is asked of every child while it proves 1 in PAIRS_RATE lost
PAIRS_SAMPLE = 16  # else of one child in PAIRS_SAMPLE (see ``Search._pairs_lost``)


class LimitReached(Exception):
    """A search passed its node limit or its deadline (``Search.steps`` raises it)."""


_NO_CARDS: dict[int, int] = {}  # a frame's ``safe`` where no rule reads it


class _Frame:
    """One position on ``Search._dfs``'s stack: its moves, how far they have been tried,
    the move being tried from it (to undo), and what the rules know of the open move that
    entered it. A class rather than a list so that the compiled build reads each field
    directly, with its type."""

    __slots__ = ("asked", "at", "born", "moves", "next", "opened", "played", "safe", "side")

    def __init__(
        self,
        moves: list[RawMove],
        side: tuple[int, int, int, int, int] | None,
        safe: dict[int, int],
        opened: tuple[int, int, int, int, int, int] | None,
    ) -> None:
        self.moves = moves
        self.next = 0  # the next move to try
        # The move played from here, what ``Board.apply`` returned and its forced moves.
        self.played: tuple[RawMove, int, bool, list[tuple[RawMove, int, bool]]] | None = None
        # The open sideways move or withdrawal that entered this position (the sideways and
        # withdrawal rules).
        self.side = side
        # The cards safe to go up then (with a withdrawn card still home).
        self.safe = safe
        # The open move between columns and cells that entered it (the order and carry rules):
        # sideways or not, from, to, its place, its lowest card's row between columns or -1,
        # whether it turned a card.
        self.opened = opened
        # ``Search.nodes`` when it was entered, the length of ``Search.line`` to it, and
        # whether triples of facts were asked of it, or of a position after it on the path
        # and did not prove that one lost (see ``Search._triples_ask``).
        self.born = 0
        self.at = 0
        self.asked = False


def luby(k: int) -> int:
    """The k-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...

    Restart caps that follow it waste at most a logarithmic factor against the best fixed cap.
    """
    while True:
        j = k.bit_length()
        if k == (1 << j) - 1:
            return 1 << (j - 1)
        k -= (1 << (j - 1)) - 1


class Search:
    """A depth-first search for a win from one position, within a node limit and a deadline.

    ``position`` is a ``Game`` or a ``Board`` (of either build, pure or compiled: only its
    fields are read). ``withdraw`` overrides the rules' foundation withdrawals (probes search
    without them), ``rng`` jitters the move order (a probe), ``lean`` skips sideways moves.
    Drive it with ``steps`` (it pauses at ``pause`` positions) or ``finish``; afterwards
    ``line`` is the winning line (raw moves) when it won, ``nodes`` the positions it counted,
    and ``complete`` says whether running dry proves a loss. ``safety`` may be replaced by a
    table of the same rules, to share its cache between searches, and ``first_moves`` set
    False to leave the relaxation's first-move check out (fewer positions proved lost, so
    still sound: the probes, which look for wins, do).
    """

    def __init__(
        self,
        position: Any,
        deadline: float | None,
        node_limit: int | None,
        max_positions: int,
        rng: random.Random | None = None,
        withdraw: bool | None = None,
        lean: bool = False,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        rules = position.board if isinstance(position, Game) else position
        # The search plays on its own Board: the same state machine as the game's, with
        # withdrawals as this search has them (probes play without).
        self.withdraw = rules.withdraw if withdraw is None else withdraw
        board = self.board = Board(
            rules.variant, self.withdraw, rules.columns, rules.down, rules.heights, rules.cells
        )
        v = board.variant
        self.nt, self.nf = board.ncols, board.nfound
        self.cols, self.down, self.found, self.cells = (
            board.columns,
            board.down,
            board.heights,
            board.cells,
        )
        self.parents = v.parents
        self.one_deck = v.decks == 1  # the withdrawal rule's argument needs one deck
        self.suits = v.foundation_suits
        self.total = v.card_count
        # builds[x * 52 + p]: card x builds on card p (``parents`` as a table, read on every
        # face-up card of every position; two decks share the 52 codes).
        self.builds = [False] * (52 * 52)
        for x in range(52):
            for p in v.parents[x]:
                self.builds[x * 52 + p] = True
        self.safety = SafetyTable(v, self.withdraw, proven=True)
        # The table's keys: positions whose twins' tails are crossed, where that provably
        # cannot matter, share one (``crossings``; its docstring extends the proof below).
        # None keys positions as ``Board.key`` does.
        self.crossings: Crossings | None = Crossings(v)
        self.deadline = deadline
        self.should_stop = should_stop
        self.stopped = False  # should_stop() said so: the whole solve ends
        self.node_limit = node_limit
        self.rng = rng
        self.lean = lean  # skip sideways moves (see ``_moves``): probes only
        # Only a search over every legal move proves a loss when it runs dry.
        self.complete = not lean and self.withdraw == rules.withdraw
        self.pause = 1 << 62  # ``steps`` yields when ``nodes`` reaches this
        # From this many positions on, every new child of a move of the last class (neither
        # sideways nor a withdrawal) is put to the relaxation, not only one that turned a
        # card or moved one home. A group moved onto the one card another card could ever
        # use can doom a position, and proving that cuts its whole subtree: on Yukon deals
        # 156 and 321 the exhaustive search needs 3 to 6 times fewer positions to prove the
        # loss. Each test costs about as much as ten moves, which an easy deal (won within a
        # few thousand positions) would pay for nothing, so the exhaustive search starts it
        # late and probes never do. A sideways move uncovers a card as good as the one it
        # covers (both take the same cards), and a withdrawal adds a card to play: on Yukon
        # deals 70 and 3,580 with withdrawals the relaxation proved 6 of 100,471 children of
        # sideways moves lost and 5 of 10,395 of withdrawals, against 38% to 86% of the
        # others', so those two are not asked (a third less time, the same positions within
        # 0.01%). Sound either way: a child ``doomed`` proves lost is lost, whichever children
        # are put to it.
        self.wide = 1 << 62
        # Ask the relaxation's first-move check: of the start position, and where a card
        # turned or went home (with withdrawals past ``wide`` only; see ``_doomed``).
        self.first_moves = True
        # From this many positions on, every child put to the relaxation that the fixpoint
        # passes is also put to the whole first-move check, face-up cards included, while
        # that pays (see ``_doomed``).
        self.deep = 1 << 62
        self.deep_asked = 0  # children put to the deep check
        self.deep_lost = 0  # of those, the ones it proved lost
        self.deep_chances = 0  # children that could have been put to it
        # Pairs of facts (``pairs``), a stronger test than the fixpoint and a far costlier
        # one: when set (a model of this search's start), asked from ``pairs_after``
        # positions on of the children where a card turned or went home that every other
        # test passes. Off unless set.
        self.pairs: Pairs | None = None
        self.pairs_after = 0
        self.pairs_asked = 0  # children put to it
        self.pairs_lost = 0  # of those, the ones it proved lost
        self.pairs_chances = 0  # children that could have been put to it
        self.pairs_cost = 0  # positions each test takes off ``node_limit`` (see ``_pairs_lost``)
        # After a closure of a child's own came out open, only one child asked in
        # ``open_sample`` may get one of its own (the others are asked the kept closures),
        # until one proves a child lost (see ``_pairs_lost``); 1: every child. Whether the
        # last closure of a child's own proved it lost, and the children asked since an open
        # one.
        self.open_sample = 1
        self.pairs_proving = True
        self.pairs_waits = 0
        # With ``pairs`` set, children reached by a move that breaks a build, and those where
        # a card turned that the rate rule leaves out, are asked the closures it keeps (see
        # ``_covered``); False: not.
        self.covers = True
        self.covers_lost = 0  # children they proved lost
        # The facts of the child just entered, made when a test first asks them (``_known``).
        self.known: Held | None = None
        # Triples of facts (``triples``), asked every ``triples_age`` positions of the deepest
        # position on the path whose subtree has taken that many (and then of positions above
        # it), and their kept closures asked of the children reached by a move that is not
        # sideways and before a closure of pairs of a child's own (see ``_triples_ask`` and
        # ``_pairs_lost``). Off unless ``triples_age`` is set; built over ``pairs``' model
        # when first asked (a model costs tens of milliseconds, more than most solves take),
        # unless set before.
        self.triples: Triples | None = None
        self.triples_age = 1 << 62
        # After a failed test the next asks a position whose subtree has taken half as many
        # (``triples_short`` halvings, at most ``triples_halvings``; a proof takes one back);
        # ``triples_give_up``: a test stops at the first triple of done facts it reaches.
        self.triples_halvings = 0
        self.triples_short = 0
        self.triples_give_up = False
        self.triples_next = 0
        self.triples_asked = 0  # positions put to them
        self.triples_lost = 0  # of those, the ones they proved lost
        self.triples_covers = 0  # children their kept closures proved lost
        self.triples_higher = 0  # proofs above a position just proved lost, on its path
        # The start as it was given (before its forced moves): ``line`` leads from it.
        self.origin = board.copy()
        self.max_positions = max_positions
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.path_keys: list[bytes] = []
        self.line: list[RawMove] = []
        # When a list, each move the sideways rule (``_dfs``) leaves out is appended to it as
        # (the line to the position, the move, and the forced moves it set off, or None when
        # it was left out without playing it), so that tests can check each one.
        self.postponed: list[tuple[tuple[RawMove, ...], RawMove, tuple | None]] | None = None
        # Likewise for the carry rule (``_dfs``): (the line to the position, the move, whether
        # it was played to see that no forced move follows: it turned a card).
        self.carried: list[tuple[tuple[RawMove, ...], RawMove, bool]] | None = None

    def _force(self) -> list[tuple[RawMove, int, bool]]:
        """Play every provably safe foundation move (see ``safety``); return them for undo,
        each with what ``Board.apply`` returned."""
        done: list[tuple[RawMove, int, bool]] = []
        board, safety = self.board, self.safety
        while True:
            move = safety.safe_move(board)
            if move is None:
                return done
            k, flipped = board.apply(move)
            done.append((move, k, flipped))

    # ------------------------------------------------------------------ moves

    def _moves(self, last: tuple[int, int, int, int, int] | None) -> list[RawMove]:
        """Legal moves, best first, minus ones that provably cannot matter.

        The order: each move goes into one bucket, and the buckets follow one another in
        this order (in a probe, everything after the foundation moves is jittered):

        1. ``foundation``: a card to its foundation;
        2. ``turns``: moves that turn a face-down card (a column's lowest face-up card
           leaves, with its group or alone into a free cell), and the group moved last put
           back onto the card its move turned (see ``last`` below);
        3. ``frees``: a group that empties its column, or uncovers a card that may go to
           its foundation now;
        4. ``lifts``: a group lifted off a card it does not build on, and a card out of a
           free cell;
        5. ``sideways``: a group lifted off a card it builds on, onto another;
        6. ``into_cells``: any other top card into a free cell;
        7. ``withdrawals``: a foundation card back into a column.

        A group moves onto a top card it builds on, or, a King, into an empty column; its
        bucket says what its leaving does. What is left out, and why that loses nothing:

        * A King group already at the bottom of its column never moves to an empty column,
          and a King goes only to the first empty column: the result is the same position
          with columns swapped. Likewise a card goes only into the first free cell, and to
          only one of two same-suit foundation piles of equal height (two decks).
        * ``last`` (card, pile, row, back, again) names the group moved by the previous move when no
          forced move followed it (the card is -1 and the row -1 for a card in a cell); ``back`` is
          the pile it came from when that move turned a face-down card, else -1; ``again`` is 1 when
          that move was not sideways (see ``_dfs``). The group is not moved again, except onto
          ``back``, and when ``again`` is 1, sideways: the module's induction needs those kept, as
          leaving one out would lean on C for a move of a later class (the group sat on a card it
          does not build on). Why that loses nothing: let Q be the position before this run of moves
          of the group began (the last position on the path whose own ``last`` is another group or
          None). Each move of the run touched only the pile the group left and the pile it reached,
          and only the first one can have turned a card (later the group always leaves a face-up
          card, the one it landed on). So every pile's top card, but for the piles of the run, is as
          in Q, and moving the group on to any place reaches the position that moving it there
          straight from Q reaches: one move from Q, a position entered before (the module
          docstring's induction takes it from there), or Q itself when that place is where the group
          sat in Q, unless the first move turned the card there: landing on a newly turned card is a
          position no single move from Q reaches, which is why the move onto ``back`` stays.

        A lean search (probes only) also skips *sideways* moves, which lift a group off a
        card it builds on onto another: they are sometimes needed, but rarely, and leaving
        them out shrinks the space a probe wanders in, so the search is no longer complete.

        This is the solver's hottest function: every bucket is filled inline, in one pass
        over the piles.
        """
        nt, nf = self.nt, self.nf
        cols, down, found, suits = self.cols, self.down, self.found, self.suits
        parents = self.parents
        cell0 = nt + nf  # the pile number of the first free cell
        king = KING_RANK  # a local: the compiled build looks a global up on every use
        builds = self.builds

        # Where a group may land: with one deck, top_of[card] is the column it is the top
        # card of, or -1; with two decks, tops[card] lists the columns it is the top card of
        # (maybe two). first_empty is the first empty column (if any), first_cell the first
        # free cell (if any).
        one_deck = self.one_deck
        tops: dict[int, list[int]] = {}
        top_of = [-1] * self.total
        empties = []
        for t, col in enumerate(cols):
            if col:
                x = col[-1]
                if one_deck:
                    top_of[x] = t
                elif x in tops:
                    tops[x].append(t)
                else:
                    tops[x] = [t]
            else:
                empties.append(t)
        first_empty = empties[:1]
        first_cell = [cell0 + k for k, c in enumerate(self.cells) if c is None][:1]

        # The group moved last (see ``last``): the pile and row of its lowest card now,
        # and ``turned``, the card its move turned (the top of ``back``), or -1.
        last_pile = last_row = back = -2
        again = 0
        if last is not None:
            card, pile, row, back, again = last
            if pile < nt:
                col = cols[pile]
                if row < len(col) and col[row] == card:
                    last_pile, last_row = pile, row
            else:
                last_pile = pile  # a card in a cell
        turned = cols[back][-1] if back >= 0 and cols[back] else -1

        # to_pile[card]: the foundation pile it may go up on now (the first, for two decks),
        # or -1.
        to_pile = [-1] * 52
        for f, n in enumerate(found):
            if n < 13 and to_pile[suits[f] * 13 + n] < 0:
                to_pile[suits[f] * 13 + n] = nt + f

        foundation: list[RawMove] = []
        turns: list[RawMove] = []
        frees: list[RawMove] = []
        lifts: list[RawMove] = []
        sideways: list[RawMove] = []
        into_cells: list[RawMove] = []
        withdrawals: list[RawMove] = []

        # Out of the columns: each face-up card with the group on it, then the top card to
        # its foundation or into a free cell.
        for s, col in enumerate(cols):
            n = len(col)
            if not n:
                continue
            d = down[s]
            for i in range(d, n):
                x = col[i]
                if s == last_pile and i == last_row:
                    if turned in parents[x]:
                        turns.append((s, i, back))
                    if again and i > d and builds[x * 52 + col[i - 1]]:
                        # A sideways move of the last group stays when it came by another
                        # kind of move (see ``last``).
                        for p in parents[x]:
                            if one_deck:
                                t = top_of[p]
                                if t >= 0 and t != s and t != back:
                                    sideways.append((s, i, t))
                            elif p in tops:
                                for t in tops[p]:
                                    if t != s and t != back:
                                        sideways.append((s, i, t))
                        if x % 13 == king and first_empty:
                            sideways.append((s, i, first_empty[0]))
                    continue
                # The bucket says what leaving does: the card the group leaves decides.
                if i == d and d:
                    bucket = turns
                elif i == 0:
                    bucket = frees
                else:
                    under = col[i - 1]
                    if to_pile[under] >= 0:
                        bucket = frees
                    elif builds[x * 52 + under]:
                        bucket = sideways
                    else:
                        bucket = lifts
                if one_deck:
                    for p in parents[x]:
                        t = top_of[p]
                        if t >= 0 and t != s:
                            bucket.append((s, i, t))
                else:
                    for p in parents[x]:
                        if p in tops:
                            for t in tops[p]:
                                if t != s:
                                    bucket.append((s, i, t))
                if x % 13 == king and i and first_empty:
                    bucket.append((s, i, first_empty[0]))
            if s == last_pile and n - 1 == last_row:
                continue
            x = col[-1]
            if to_pile[x] >= 0:
                foundation.append((s, n - 1, to_pile[x]))
            if first_cell:
                (turns if n - 1 == d and d else into_cells).append((s, n - 1, first_cell[0]))

        # Out of the free cells: to the foundation, onto a top card, a King to an empty column.
        for k, held in enumerate(self.cells):
            if held is None:
                continue
            x = held
            if cell0 + k == last_pile:
                if turned in parents[x]:
                    turns.append((cell0 + k, -1, back))
                continue
            if to_pile[x] >= 0:
                foundation.append((cell0 + k, -1, to_pile[x]))
            for p in parents[x]:
                if one_deck:
                    if top_of[p] >= 0:
                        lifts.append((cell0 + k, -1, top_of[p]))
                elif p in tops:
                    for t in tops[p]:
                        lifts.append((cell0 + k, -1, t))
            if x % 13 == king and first_empty:
                lifts.append((cell0 + k, -1, first_empty[0]))

        # Off the foundations (withdrawals): a pile's top card onto a top card, a King to an
        # empty column.
        if self.withdraw:
            for f, n in enumerate(found):
                if not n:
                    continue
                x = suits[f] * 13 + n - 1
                for p in parents[x]:
                    if one_deck:
                        if top_of[p] >= 0:
                            withdrawals.append((nt + f, -1, top_of[p]))
                    elif p in tops:
                        for t in tops[p]:
                            withdrawals.append((nt + f, -1, t))
                if x % 13 == king and first_empty:
                    withdrawals.append((nt + f, -1, first_empty[0]))

        rest = turns  # the buckets after the foundation moves, in order, in one list
        rest += frees
        rest += lifts
        if not self.lean:
            rest += sideways
        rest += into_cells
        rest += withdrawals
        rng = self.rng
        if rng is not None:
            jitter = rng.random
            order = sorted((i + jitter() * PROBE_NOISE, m) for i, m in enumerate(rest))
            rest = [m for _, m in order]
        foundation += rest
        return foundation

    # ------------------------------------------------------------------ search

    def steps(self) -> Generator[None, None, str]:
        """Search, yielding whenever ``nodes`` reaches ``pause``; return "won" or "lost".

        Raises ``LimitReached`` when the node limit or the deadline is passed.
        """
        forced = self._force()
        self.line.extend(m for m, _, _ in forced)
        # The relaxation with its whole first-move check, the face-up form too (one
        # position: cheap).
        fm = self.first_moves
        if doomed(self.board, fm) or (fm and first_moves_lose(self.board, False, False, True)):
            return "lost"
        won = yield from self._dfs()
        return "won" if won else "lost"

    def finish(self) -> str:
        """Search to the end without pausing: "won", "lost" or "unknown" (a limit was hit)."""
        steps = self.steps()
        try:
            while True:
                next(steps)
        except StopIteration as done:
            return done.value
        except LimitReached:
            return "unknown"

    def _count(self) -> None:
        """Count a position reached; raise ``LimitReached`` when a limit is passed."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.nodes -= 1
            raise LimitReached
        if not self.nodes & 255:
            deadline = self.deadline
            if deadline is not None and time.perf_counter() > deadline:
                raise LimitReached
            if self.should_stop is not None and self.should_stop():
                self.stopped = True
                raise LimitReached

    def _enter(
        self, last: tuple[int, int, int, int, int] | None, key: bytes
    ) -> list[RawMove] | None:
        """Count a new position and return its moves, or None if it was searched before."""
        self._count()
        seen = self.seen
        if key in seen:
            return None
        if len(seen) >= self.max_positions:
            seen.clear()
            seen.update(self.path_keys)
        seen.add(key)
        self.path_keys.append(key)
        return self._moves(last)

    def _doomed(self, turned: bool, broke: bool) -> bool:
        """The relaxation proves the position just entered lost (``turned``: a card turned or
        went home on the way in; ``broke``: the move broke a build, see ``_covered``). Sound
        whichever tests are asked: each is a proof.

        The first-move check (several fixpoints) is asked only where a card turned or went
        home: there it cuts most of what it cuts anywhere, at a small part of the cost
        (docs/solver-journal.md: "A card with no good first move"). With withdrawals, only
        past ``wide`` positions: asked from the first, it doubled the median time of Yukon's
        and Alaska's easy deals (3-4 ms to 7-9 ms, deals 1-300); past ``wide`` it proves Yukon
        deal 2,695 lost at 307,920 positions against 1,745,919 without it. Past ``deep``
        positions, a long search, most of whose positions are lost, also asks it (with its
        face-up form, ``relaxation.first_moves_lose``) of every child the fixpoint passes,
        while at least one in ``DEEP_RATE`` of those asked is proved lost, and of one child
        in ``DEEP_SAMPLE`` otherwise, to notice when it pays again. Yukon deals without
        withdrawals, the exhaustive search alone: on 8,034, lost at 11,004,321 positions
        without it, the check proves more than half the children asked lost, and the search
        ends at 1,593,296 with ``deep`` at 1,000,000 and at 716,535 with it at 100,000
        (``solver.DEEP_AFTER``); on 2,497 it proves one in fourteen, and on 75 about one in five:
        asked of every child there, it cut too little to pay for itself (3,000,000
        positions in 124 s against 52 s without it; 56 s asking while one in two is lost).

        Where pairs of facts are asked (``_pairs_lost``), they go before the first-move check,
        as they prove lost the positions it proves lost, and more (of 67 positions of Yukon
        deal 556's search, all 30 that the relaxation proved lost were among the 36 that pairs
        did: docs/solver-journal.md, "Pairs of facts"). On 24 hard Yukon deals without
        withdrawals (the default solve) that gave 4,927,049 positions in all against 4,938,481,
        and 4 to 5% less time in two runs (journal: "Pairs of facts in the probes"). So nearly
        always, past ``deep``, the check after them proves nothing there: it is left to the
        deep check (``_deep_lost``, its every form), asked while it pays. In the default solve
        of Yukon 552 with withdrawals it had proved 95 of the 226,675 children asked there, in
        5.9 CPU s of a solve of about 80.

        Past ``deep``, a child reached by a move that broke a build is asked the kept closures
        of pairs (``_covered``) before the relaxation: they prove about three in five of the
        children asked there, the relaxation one in nine, at about the same cost a test (4 and
        5 microseconds). Which proof comes first changes only the time, as each child is
        asked both until one proves it lost (but for the deep check's sampling, which depends
        on how many children reach it). With the two changes, the default solve of Yukon 552
        with withdrawals is lost at 4,248,321 positions in 70.7 CPU s against 4,249,443 in 84.0
        s, side by side; 75, 58.3 s against 61.9 s; 166, 41.7 s against 45.8 s (with
        ``crossings``' column cache; journal: "Tests that prove nothing").
        """
        board = self.board
        # With withdrawals a search asks the check where a card turned only past ``wide``.
        fm = self.first_moves and turned and (not self.withdraw or self.nodes >= self.wide)
        if fm and self.pairs is not None and self.nodes >= self.pairs_after:
            # Pairs of facts before the first-move check, whose proofs they nearly always share;
            # past ``deep`` the check is asked only at the deep check's rate.
            if doomed(board, False) or self._pairs_lost(turned):
                return True
            if self.nodes < self.deep:
                return first_moves_lose(board)
            return self._deep_lost(False)
        if self.nodes < self.deep or not self.first_moves:
            return doomed(board, fm) or self._pairs_lost(turned) or (broke and self._covered())
        # The kept closures first where they may be asked: they prove most of those children.
        if broke and self._covered():
            return True
        return doomed(board, fm) or self._deep_lost(fm) or self._pairs_lost(turned)

    def _deep_lost(self, asked: bool) -> bool:
        """The deep check (``_doomed``) proves the position just entered lost, asked while it
        pays. ``asked``: the first-move check's other forms were just asked, so only its
        face-up form is left to ask."""
        self.deep_chances += 1
        if self.deep_lost * DEEP_RATE < self.deep_asked and self.deep_chances % DEEP_SAMPLE:
            return False
        self.deep_asked += 1
        if first_moves_lose(self.board, not asked, not asked, True):
            self.deep_lost += 1
            return True
        return False

    def _pairs_lost(self, turned: bool) -> bool:
        """``pairs``, when set, proves the position just entered lost. Asked only where a card
        turned or went home, from ``pairs_after`` positions on, as each test costs thousands
        of operations on bit sets; and there while at least one in ``PAIRS_RATE`` of those
        asked is proved lost, else of one in ``PAIRS_SAMPLE``, to notice when it pays again
        (as the deep check); the ones it leaves out are asked only the closures it keeps
        (``_covered``), which cost little. Sound whichever are asked: each "lost" is a proof.
        Each test takes ``pairs_cost`` positions off ``node_limit`` (a probe's budget, charged
        for its tests' time); a shorter search is no less sound. The kept closures asked of
        the children left out: Yukon deal 1,073 without withdrawals lost at 539,262 positions
        against 574,813 (7.5 and 7.7 s against 9.9 s, two runs side by side), 14 hard solves
        in 100.9 and 98.6 s against 107.4 and 101.1 s (journal: "Children that broke a
        build").

        Proofs by a closure of the child's own come in runs: in the exhaustive search of Yukon
        deal 75 with withdrawals (its first 3,000,000 positions), a closure computed right after
        one that came out open proved its child lost 391 times in 35,991, and right after a
        proof 267 times in 658; deal 980 without withdrawals, 318 in 22,089 and 158 in 475. Most
        of a closure's cost is in the open ones, which run until every pair of done facts is
        reachable. So after an open closure, only one child asked in ``open_sample`` may get a
        closure of its own where no kept closure covers it (the others are asked only the kept
        closures, and what they leave is left to the search, which is sound: a test left out
        proves nothing), until one proves a child lost. The rate rule counts only the children
        whose test was asked in full (covered, or given a closure of their own). The exhaustive
        search alone, pairs from the start: deal 75 with withdrawals lost at 7,369,027 positions
        with 25,706 closures of their own (``open_sample`` 4), against 7,304,068 with 98,085
        (1); with 8, 7,450,331 positions and 13,711 closures in 103.6 CPU s against 129.8 s for
        1, side by side (journal: "Closures after an open one").

        Where triples of facts have kept closures (``_triples_ask``), a child about to get a
        closure of pairs of its own is first asked those (``triples.Triples.covered``, a proof
        alike): a kept closure of triples covers most of the positions of its region, and a
        check costs a few hundred operations on bit sets where a closure of pairs costs
        thousands. The exhaustive search alone (triples every 60,000 positions): Yukon 552
        with withdrawals lost with 22,326 closures of pairs of their own against 70,577, 89.6
        CPU s against 102.8 s; 75 with withdrawals, 18,824 against 41,123, 65.6 s against
        71.4 s, side by side (journal: "Kept closures asked less"). ``_dfs`` now asks them of
        every child of a move that is not sideways before the relaxation, so here they matter
        for the children of sideways moves; asking the others again costs mostly a check of
        each kept closure's facts alone, a few dozen operations on bit sets, for each closure
        of pairs of its own, which costs thousands."""
        pairs = self.pairs
        if not turned or pairs is None or self.nodes < self.pairs_after:
            return False
        self.pairs_chances += 1
        if self.pairs_lost * PAIRS_RATE < self.pairs_asked and self.pairs_chances % PAIRS_SAMPLE:
            return self._covered()
        own = self.pairs_proving
        if not own:
            self.pairs_waits += 1
            own = not self.pairs_waits % self.open_sample
        owned = pairs.owned
        triples = self.triples
        if own and triples is not None and triples.closures:
            # The kept closures of triples before a closure of pairs of its own.
            known = self._known(pairs)
            if pairs.covered(self.board, known):
                lost = True
            elif triples.covered(self.board, known):
                self.triples_covers += 1
                return True
            else:
                lost = pairs.lost(self.board, True, False, known)
        else:
            lost = pairs.lost(self.board, own, True, self._known(pairs))
        if pairs.owned != owned:
            self.pairs_proving = lost
        elif not lost:
            return False  # no kept closure covers it, and its own was not asked
        self.pairs_asked += 1
        if self.pairs_cost and self.node_limit is not None:
            self.node_limit -= self.pairs_cost
        if lost:
            self.pairs_lost += 1
        return lost

    def _covered(self) -> bool:
        """A closure that ``pairs`` keeps covers the position just entered: asked of the
        children where a card turned that ``_pairs_lost`` leaves out, and of those reached by
        a move that broke a build: a group lifted off a face-up card it does not build on, or
        a card that is not a King out of its column, which it empties. Such a move cannot be
        undone, so the child may have lost what its parent had even where no card turned (the
        only children ``_pairs_lost`` asks); a move that breaks no build can be undone, and
        its child has its parent's closure, so asking there would not pay. The full test
        costs a closure of its own for each child asked, and did not pay either; the kept
        closures cost a few operations on bit sets each. Each "lost" is a proof
        (``pairs.Pairs.covered``). Asked where the relaxation is, past ``wide`` positions,
        from ``pairs_after`` on. Yukon with withdrawals, the default solve: deal 774 lost at
        200,043 positions against 285,084 (4.95 s against 5.57 s side by side), 237 at
        425,754 against 696,950, 565 at 364,454 against 539,216 (docs/solver-journal.md:
        "Children that broke a build")."""
        pairs = self.pairs
        if pairs is None or not self.covers or self.nodes < self.pairs_after:
            return False
        if pairs.covered(self.board, self._known(pairs)):
            self.covers_lost += 1
            return True
        return False

    def _known(self, pairs: Pairs) -> Held:
        """The facts of the child just entered (``pairs.Pairs.held``), made once for all the
        tests that ask them: a child may be asked the kept closures of pairs, those of triples
        and a closure of its own, and each listed its facts anew (``_dfs`` forgets them when
        it enters the next child)."""
        known = self.known
        if known is None:
            known = self.known = pairs.held(self.board)
        return known

    def _triples_ask(self, stack: list[_Frame]) -> None:
        """Ask triples of facts of the deepest position on the path not asked yet whose subtree
        has taken ``triples_age`` positions (halved after each failed test, up to
        ``triples_halvings`` times, and doubled back after each proof), keeping the closure
        of a proof; proved lost, look for the shallowest position above it that they prove
        lost too, and leave that one (its remaining moves, and those of the positions after
        it, are not tried).

        Why it pays. On the deals that take millions of positions, most of them lie in
        regions that pairs of facts cannot prove lost (their closures reach the goal), but
        triples often can, from some position inside; and the kept closure then covers every
        position reachable from it, which the children's checks in ``_dfs`` drop. Asking
        every position would cost a tenth of a second each; a subtree that has taken
        ``triples_age`` positions is one where a proof saves much.

        Where the proofs lie on the path. A position reachable from one triples prove lost is
        proved lost by them too (its closure lies in the other's, which lacks a goal triple),
        so down the path the positions they prove are those below some depth. Above a
        position asked and not proved, none is proved (each one's closure holds that
        position's, which reaches the goal): the search marks them all asked when the test
        fails (``_triples_lost``), and asks no frame marked or above one marked, so a frame
        that stays on the path after the one that failed has left it is not asked in vain.
        Before, it stopped only at the frame that failed, and asked the frames above it
        once that one had left the path. The exhaustive search of Yukon 75 and 552 with
        withdrawals, triples every 30,000 positions: 32 and 34 of the 70 and 73 tests that
        failed were of such frames; the failed tests took 9.0 and 6.9 CPU s against 16.5 and
        13.2, the same positions, and the searches 58.7 and 78.5 s against 67.2 and 87.7
        (journal: "Tests that cannot prove"). After
        a proof, it asks the positions 1, 2, 4, ... above the shallowest proved, never one
        asked before, and after a failure starts again from the one just above the
        shallowest proved; it leaves the shallowest proved. The exhaustive search alone,
        pairs from the start, triples every 60,000 positions: Yukon 75 without withdrawals
        lost at 162,741 positions against 594,544 when only the deep position was left, 980
        at 548,409 against 1,170,956; with withdrawals, 75 at 3,948,238 against 4,901,016,
        552 at 3,508,371 against 4,851,358 (journal: "Up the path from a proof").

        Why leaving is sound: the position is lost (``triples``' docstring), and so is every
        position reachable from it, so the claim C of the module docstring holds at each
        position of its subtree, for every move, whether tried or not.

        A shorter reach after a failure. A failed test marks the frames above it, and the
        frames below it are often each too young to be asked: in the default solve of Yukon
        552 with withdrawals, the tests of its second half (from 1,600,000 positions on) failed
        11 times in 13, at depths 5 to 10, while deeper positions that triples prove lost were
        left to the search. Asking, after a failure, positions whose subtrees have taken half
        as many, twice at most, takes 552 from 4,248,321 positions to 3,245,217 at 30,000 with
        withdrawals (``solver.TRIPLES_WITHDRAW``); it pays where failed tests give up early
        (``triples_give_up``), as they do there (journal: "Tests that give up")."""
        reach = self.triples_age >> self.triples_short
        for j in range(len(stack) - 1, -1, -1):
            frame = stack[j]
            if frame.asked:
                return
            if self.nodes - frame.born < reach:
                continue
            triples = self.triples
            if triples is None:
                if self.pairs is None:
                    return
                triples = self.triples = Triples(self.pairs)
            if not self._triples_lost(stack, j, triples):
                self.triples_short = min(self.triples_halvings, self.triples_short + 1)
                return
            self.triples_short = max(0, self.triples_short - 1)
            top = j  # the shallowest frame proved lost
            low = -1  # the deepest frame above it asked and not proved, or -1
            for i in range(j - 1, -1, -1):
                if stack[i].asked:
                    low = i
                    break
            step = 1
            while top - low > 1:
                i = max(low + 1, top - step)
                if self._triples_lost(stack, i, triples):
                    self.triples_higher += 1
                    top = i
                    step *= 2
                else:
                    low = i
                    step = 1
            for left in stack[top:]:
                left.next = len(left.moves)
            return

    def _triples_lost(self, stack: list[_Frame], j: int, triples: Triples) -> bool:
        """Triples of facts prove the position of frame ``j`` lost (its closure is kept and
        stamped with ``nodes``); else the frame and every frame above it are marked asked,
        as none of them can be proved (``_triples_ask``; a test out of time proves nothing
        either, and the search stops then). The test starts from the kept
        closures stamped since the frame was entered: each was proved while the frame was on
        the path, at or below it (a proof above it leaves it), so of a position reachable
        from it (``triples.Triples.closed`` says why that changes only the work). With
        ``triples_give_up`` the test may stop before it knows (``Triples.closed``): a frame
        is then marked as if it had failed, which leaves tests out and proves nothing."""
        frame = stack[j]
        frame.asked = True
        board = self.origin.copy()
        for move in self.line[: frame.at]:
            board.apply(move)
        self.triples_asked += 1
        within: list[Kept] = [kept for kept in triples.closures if kept.stamp >= frame.born]
        if not triples.lost(board, self.deadline, True, within, self.triples_give_up):
            for above in stack[:j]:
                above.asked = True
            return False
        triples.closures[-1].stamp = self.nodes
        self.triples_lost += 1
        return True

    def _dfs(self) -> Generator[None, None, bool]:
        """Depth-first search with an explicit stack (lines can be thousands of moves deep).

        The sideways rule. A *sideways* move lifts a group whose lowest card x sits face up
        on a card p1 it builds on into another column (onto a card p2 it builds on, or, a
        King, into an empty one); it is *open* when no forced move follows it. Right after
        an open sideways move, a move that is not sideways itself is tried only if it, with
        its forced moves, lands a card on p1 or moves p1 or x. Most positions the search
        enters come from sideways moves, and a sideways move only matters through what it
        makes possible on p1 (or through moving x on).

        Why that loses nothing (the module docstring builds on it): let X = X0 + s with s
        open, and e a move in X that touches neither p1 nor x. Then e is legal in X0 and
        X0 + e + s = X + e. X0 and X differ only in that x, with the cards on it, sits on
        p1 instead of p2. e moves no card under x or p1 (it would move them too), and a
        group from among the cards on x moves alike from either column; it lands neither on
        p1 (excluded) nor on p2 (covered in X); every other top card, empty column, free
        cell and foundation is the same. Its forced moves are the same: which cards are
        safe depends only on the foundations; p1 does not go up after e in X (that would
        move it), and p2 is never safe in X0, where x, which builds on it, is in play; and
        sending safe cards up in another order ends in the same position (sending one up
        never makes another unsafe). In X0 + e, x still sits on p1 and p2 is still a top
        card, so s is legal there and reaches X + e, which has no forced move left.

        The withdrawal rule (one deck). After an open withdrawal w, which took a card c from
        its foundation onto the top card p2 of column a, a move e is tried only if it is
        sideways, a withdrawal, a move to a foundation, a move out of or into column a, or
        uncovers a card that would be safe to send up with c home. Why the rest can wait: X =
        X0 + w, and e is legal in X0 (it neither lands on c nor moves it, so it neither needs
        nor covers p2, and every other top card, empty column, free cell and foundation
        pile but c's is as in X0; no move of e's kinds uses c's pile). No forced move
        follows e in X0 or in X: X0's top cards were not safe (the search plays every
        forced move), so neither are X's (with one deck, fewer cards home make fewer cards
        safe, and c, the one card its pile could take in X, is on top already and was not
        safe), and the card e uncovers is safe in neither. In X0 + e, c is still on its
        foundation and p2 on top, so w is legal and reaches X + e, with no forced move.

        The order rule. After an open move k between columns and cells, sideways or of the
        last class (see the module docstring), which took a group with lowest card y from
        pile a to pile b, a move e of the same kind (both sideways, or neither) is left out
        when it comes after k in the order (``ORDER``), uncovers no card safe to send up,
        neither leaves nor enters pile a, and enters or leaves pile b only if a and b are
        columns and then only onto the top of k's group or with a part of that group above
        y. Why it can wait: e lands on a card k left alone, or on the top of k's group (in X0
        the top of column a), or on an empty column or free cell that X0 had free too; it
        moves a group k left alone, or a part of k's group above y, which in X0 lies on the
        same card in column a. So e is legal in X0, moves the same cards onto the same card
        and leaves the same card (it keeps its kind and place). k and e change no
        foundation, so the same cards are safe throughout and no forced move follows e in
        X0 or X, nor k in X0 + e (k uncovers there what it uncovered in X0). In X0 + e, y
        still lies where it lay and k's landing place is as it was, so k is legal there, y
        goes with what lies on it then, and it reaches X + e.

        The carry rule. After an open move k between columns and cells that turned no card,
        which took a group with lowest card y off a card u (in column a) onto a card q, an
        empty column or a free cell (pile b), a move e onto a third column of a group that
        holds u (out of column a), or q with y's group on it (out of column b, from below y,
        when a and b are columns), is left out when no forced move follows it and it is of a
        later class than k (k sideways, e not) or of k's class and later in the order. It
        cannot be played before k, but this can: in X0, e'' moves the group from the same
        place (with y's group on u, or without it from q) onto the same card or empty column
        (every column but a and b is as in X), and leaves the same card, so it has e's class
        and place. Then k' moves y's group off u onto q (or into the empty column or cell)
        as k did: legal, and leaving u, so of k's class and place; and X0 + e'' + k' = X + e,
        pile by pile. No forced move follows: none follows e in X (a move that turns a card
        is played to see; a sideways one uncovers a card it builds on, never safe while it
        is in play; the others empty their column or must uncover a card that is not safe);
        X0 + e'' has the top cards of X + e, but for u, replaced by q (never safe while y,
        which builds on it, is in play) or by nothing (y's group then lies on u, its top a
        top card of X + e too); and k' reaches X + e.

        After an open withdrawal k (one deck), which took a card c from its foundation onto
        the top card q of column a, the same holds for a move e of the last class (neither
        sideways nor a withdrawal) of a group that holds q, with c on it, onto another
        column, when the card it uncovers (if any) would not be safe with c home: in X0, e''
        moves the group without c, from the same place onto the same card; k', c from its
        foundation onto q, is a withdrawal (an earlier class than e's) and reaches X + e.
        X0 + e'' has X0's top cards (none safe: X0 has no forced move) but for the card e
        uncovers, not safe with c home, so no forced move follows e'' there, nor e in X
        (with one deck, fewer cards home make fewer cards safe).
        """
        if sum(self.found) == self.total:
            return True
        board = self.board
        cross = self.crossings
        moves = self._enter(None, board.key() if cross is None else cross.key(board))
        if moves is None:
            return False
        nt, nf, total, cols, line = self.nt, self.nf, self.total, self.cols, self.line
        withdraw, seen, wide = self.withdraw, self.seen, self.wide
        builds = self.builds
        safety = self.safety
        down, found = self.down, self.found
        postponed, carried = self.postponed, self.carried
        one_deck = self.one_deck
        cells = self.cells
        cell0 = nt + nf
        stack = [_Frame(moves, None, _NO_CARDS, None)]
        stack[0].born = self.nodes
        stack[0].at = len(line)
        while stack:
            if self.nodes >= self.pause:
                yield
            if self.nodes >= self.triples_next:
                self.triples_next = self.nodes + self.triples_age
                self._triples_ask(stack)
            frame = stack[-1]
            played = frame.played
            if played is not None:
                move, k, flipped, forced = played
                del line[len(line) - 1 - len(forced) :]
                for m, mk, mf in reversed(forced):
                    board.undo(m, mk, mf)
                board.undo(move, k, flipped)
                frame.played = None
            moves = frame.moves
            while frame.next < len(moves):
                move = moves[frame.next]
                s, i, t = move
                frame.next += 1
                # A sideways move: x, its group's lowest card, leaves a face-up card p1 it
                # builds on for another column. Noted as (column of p1, p1, column of x,
                # row of x, x): this method's docstring says what must follow it.
                new: tuple[int, int, int, int, int] | None = None
                if s < nt and t < nt and i > down[s]:
                    col = cols[s]
                    x = col[i]
                    if builds[x * 52 + col[i - 1]]:
                        new = (s, col[i - 1], t, len(cols[t]), x)
                side = frame.side
                if (
                    side is not None
                    and side[2] < 0
                    and s == side[0]
                    and nt <= t < nt + nf
                    and i == len(cols[s]) - 1
                ):
                    # The card just withdrawn going home again: the loop-back rule (module
                    # docstring).
                    continue
                opened = frame.opened
                carry = False
                if (
                    opened is not None
                    and opened[5] == 0
                    and t < nt
                    and t != opened[1]
                    and t != opened[2]
                    and (s == opened[1] or (s == opened[2] and i < opened[4]))
                ):
                    # The carry rule: after an open move between columns and cells that
                    # turned no card, a group holding the card it left or the card it landed
                    # on, onto another column, waits when it is of a later class, or of the
                    # same class and later in the order, and no forced move follows it: a
                    # sideways move never does, one that turns a card is played to see, the
                    # others must empty their column or uncover a card that is not safe.
                    if (new is None) == (opened[0] == 1):
                        later = new is None
                    else:
                        onto = cols[t][-1] if cols[t] else ONTO_EMPTY
                        later = cols[s][i] * ORDER + onto > opened[3]
                    if later:
                        if (
                            new is not None
                            or i == 0
                            or (i > down[s] and cols[s][i - 1] not in frame.safe)
                        ):
                            if carried is not None:
                                carried.append((tuple(line), move, False))
                            continue
                        if i == down[s]:
                            carry = True
                elif (
                    side is not None
                    and side[2] < 0
                    and new is None
                    and s == side[0]
                    and i < len(cols[s]) - 1
                    and t < nt
                    and t != s
                    and (i == 0 or (i > down[s] and cols[s][i - 1] not in frame.safe))
                ):
                    # The carry rule after a withdrawal: a group holding the card the
                    # withdrawn card lies on, with it, onto another column, not sideways and
                    # uncovering no card safe with the withdrawn card home, waits.
                    if carried is not None:
                        carried.append((tuple(line), move, False))
                    continue
                elif side is not None and new is None:
                    # The sideways rule (and the withdrawal rule, where b is -1). Decide
                    # without playing the move when its forced moves cannot touch p1 or x.
                    # p1 never goes up while x, which builds on it, is in play. A move out of
                    # a column that uncovers no card safe to go up, or out of a cell, sets off
                    # none; a withdrawal at most sends its own card back up (lower
                    # foundations make no other card safe, and this position had none). After
                    # a withdrawal the rule keeps every withdrawal, and frame.safe holds the
                    # cards safe with the withdrawn card still home.
                    a, p1, b, rx, x = side
                    if (
                        s != a
                        and t != a
                        and not (s == b and i <= rx)
                        and not nt <= t < nt + nf
                        and (b >= 0 or not nt <= s < nt + nf)
                        and (s >= nt or i == 0 or cols[s][i - 1] not in frame.safe)
                    ):
                        if postponed is not None:
                            postponed.append((tuple(line), move, None))
                        continue
                if (
                    opened is not None
                    and (new is not None) == (opened[0] == 1)
                    and s != opened[1]
                    and t != opened[1]
                    and (s != opened[2] or i > opened[4] >= 0)
                    and (t != opened[2] or opened[4] >= 0)
                    and not nt <= s < nt + nf
                    and not nt <= t < nt + nf
                    and (s >= nt or i == 0 or cols[s][i - 1] not in frame.safe)
                ):
                    # The order rule: a move of the open move's kind that leaves its places
                    # alone (it may land on its group or move a part of it) and sets off no
                    # forced move waits when it comes later in the order.
                    y = cols[s][i] if s < nt else cells[s - cell0]
                    assert y is not None  # a move out of a cell moves the card it holds
                    onto = (cols[t][-1] if cols[t] else ONTO_EMPTY) if t < nt else ONTO_CELL
                    if y * ORDER + onto > opened[3]:
                        if postponed is not None:
                            postponed.append((tuple(line), move, None))
                        continue
                # A move that breaks a build, between columns (``_covered``).
                broke = (
                    new is None
                    and s < nt
                    and t < nt
                    and (i > down[s] or (i == 0 and cols[s][0] % 13 != KING_RANK))
                )
                k, flipped = board.apply(move)
                forced = self._force()
                self.known = None  # a new child: its facts are not known yet (``_known``)
                if carry:
                    carry = False
                    if not forced:
                        if carried is not None:
                            carried.append((tuple(line), move, True))
                        board.undo(move, k, flipped)
                        continue
                if side is not None and new is None and t != side[0] and side[2] >= 0:
                    # Played: p1 still on top and x in its place mean neither moved (forced
                    # moves only send cards up; a card that landed on p1 counts: t == a).
                    a, p1, b, rx, x = side
                    cola, colb = cols[a], cols[b]
                    if cola and cola[-1] == p1 and rx < len(colb) and colb[rx] == x:
                        if postponed is not None:
                            postponed.append((tuple(line), move, tuple(m for m, _, _ in forced)))
                        for m, mk, mf in reversed(forced):
                            board.undo(m, mk, mf)
                        board.undo(move, k, flipped)
                        continue
                plain = board.key()
                known = cross is not None and plain in seen  # asked once, read twice
                if known and not (forced and nt <= s < nt + nf):
                    # Searched before just as it is (or proved lost): the table holds keys
                    # that are ``Board.key`` of real positions, so its crossings need not be
                    # undone to know it (module docstring). A withdrawal with forced moves is
                    # left to the loop-back rule below.
                    self._count()
                    for m, mk, mf in reversed(forced):
                        board.undo(m, mk, mf)
                    board.undo(move, k, flipped)
                    continue
                key = plain if cross is None else cross.key(board, plain)
                if forced and nt <= s < nt + nf and key == self.path_keys[-1]:
                    # A withdrawn card sent straight back up: this position again (the
                    # loop-back rule).
                    for m, mk, mf in reversed(forced):
                        board.undo(m, mk, mf)
                    board.undo(move, k, flipped)
                    continue
                if known if cross is not None and key is plain else key in seen:
                    # Searched before (or on the current path): the relaxation need not run.
                    self._count()
                elif (
                    new is None
                    and self.triples is not None
                    and self.triples.covered(board, self._known(self.triples.model))
                ):
                    # A kept closure of triples covers it: lost (``_triples_ask``). A child of
                    # a sideways move, which can be undone, has its parent's closure: not
                    # asked (a test left out proves nothing). Asked before the relaxation
                    # and pairs, which cost more a child and prove many of the same: the
                    # default solve of Yukon 552 with withdrawals lost at 3,276,396
                    # positions in 75.1 s against 3,245,217 in 79.0 s, 75 at 3,665,895 in
                    # 58.1 s against 3,723,019 in 61.0 s (side by side; journal: "Wide
                    # pairs").
                    self.triples_covers += 1
                    if len(seen) < self.max_positions:
                        seen.add(key)
                elif (
                    forced
                    or flipped
                    or (nt <= t < nt + nf and not withdraw)
                    or (self.nodes >= wide and new is None and not nt <= s < nt + nf)
                ) and self._doomed(bool(forced) or flipped or nt <= t < nt + nf, broke):
                    # Proved lost: remember it, so a transposition skips the relaxation.
                    if len(seen) < self.max_positions:
                        seen.add(key)
                else:
                    line.append(move)
                    line.extend(m for m, _, _ in forced)
                    if sum(self.found) == total:
                        return True
                    nxt: tuple[int, int, int, int, int] | None = None
                    if not forced and (s < nt or s >= nt + nf):
                        back = s if flipped else -1
                        again = 1 if new is None else 0
                        if t < nt:
                            nxt = (cols[t][-k], t, len(cols[t]) - k, back, again)
                        elif t >= nt + nf:
                            nxt = (-1, t, -1, back, again)
                    child = self._enter(nxt, key)
                    if child is not None:
                        frame.played = (move, k, flipped, forced)
                        if forced or nt <= t < nt + nf:
                            stack.append(_Frame(child, None, _NO_CARDS, None))
                        elif nt <= s < nt + nf and one_deck:
                            # An open withdrawal: the card went from pile s onto column t.
                            home = list(found)
                            home[s - nt] += 1
                            drawn = (t, cols[t][-1], -1, -1, -1)
                            stack.append(_Frame(child, drawn, safety.safe_cards(tuple(home)), None))
                        elif nt <= s < nt + nf:
                            stack.append(_Frame(child, None, _NO_CARDS, None))
                        else:
                            # An open move between columns and cells: its place in the order
                            # (the order rule), and the sideways rule's facts if sideways.
                            if t < nt:
                                y = cols[t][-k]
                                onto = cols[t][-k - 1] if len(cols[t]) > k else ONTO_EMPTY
                            else:
                                y = cells[t - cell0]
                                assert y is not None  # the card the move put there
                                onto = ONTO_CELL
                            # Between columns: the row of its lowest card, so that a move
                            # onto its group or of a part of it may wait too.
                            rx = len(cols[t]) - k if s < nt and t < nt else -1
                            opened = (
                                0 if new is None else 1,
                                s,
                                t,
                                y * ORDER + onto,
                                rx,
                                1 if flipped else 0,
                            )
                            stack.append(
                                _Frame(child, new, safety.safe_cards(tuple(found)), opened)
                            )
                        top = stack[-1]
                        top.born = self.nodes
                        top.at = len(line)
                        break
                    del line[len(line) - 1 - len(forced) :]
                for m, mk, mf in reversed(forced):
                    board.undo(m, mk, mf)
                board.undo(move, k, flipped)
            else:
                stack.pop()
                self.path_keys.pop()
        return False
