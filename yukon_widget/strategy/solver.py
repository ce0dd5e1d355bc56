"""An exact solver: can this deal (face-down cards known) still be won, and how?

Depth-first search over every move the variant's rules allow (foundation withdrawals and
free cells included when the rules have them), with:

* a transposition table of canonical keys: columns sorted (columns are interchangeable),
  cells sorted, foundations left out (they are fixed by which cards are still in play);
  when the table reaches ``max_positions`` it is cleared and the search goes on, keeping the
  current path so it cannot loop: slower, never wrong;
* forced foundation moves played without branching, only when provably safe
  (``safety.SafetyTable`` with ``proven=True`` explains why each is sound);
* sound pruning (each rule in ``_Search._moves`` says why it loses no win) and a
  relaxation (``relaxation.doomed``) that proves positions lost early, with two checks for
  orders of play it cannot see: cards queueing for one landing spot and a face-down card
  whose only spot the card above it must take for good;
* move order (``_Search._moves`` names the buckets): foundation moves, then moves that turn
  a card, then moves that empty a column or expose a card for its foundation, then groups
  lifted off a card they do not build on (and cards out of a free cell), then sideways
  moves, then top cards into a free cell, then withdrawals.

Why "lost" is a proof under the rules in force. Call a position *explored* once the search
has tried each of its moves that ``_moves`` keeps (after the forced moves). When the
exhaustive search runs dry, every position it entered is explored, and every child of an
explored position was entered too, or was seen before (entered earlier, or an ancestor still
being explored, which will be explored when the search unwinds), or was proved lost by
``relaxation.doomed`` (sound: each test there over-approximates what could ever happen), or
is equivalent to such a child: ``_moves`` leaves out only moves whose result another kept
move of the same position, or of its parent (the "last group" rule), also reaches, up to the
order of columns and cells, which the key ignores. That rule depends on the path, so a
position entered once by one path and later reached by another is not searched again with a
different set of moves; that is fine, because the moves it left out were tried from the
parent on the first path, which was itself explored. Forced moves replace a position by one
that is winnable whenever it is (``safety``). So the entered positions are closed under
moves, up to those equivalences; none is won; hence no line from the start wins. Clearing
the table when it is full keeps the positions on the current path, so the search cannot
loop; a position searched again is simply explored twice.

A fixed move order is a gamble: one early mistake can trap a depth-first search in a subtree
of millions of positions while the deal is easily won elsewhere. So ``solve`` shares its
budget between the exhaustive search (a third) and *probes* (two thirds): short searches
with the move order randomly jittered (a fixed seed per probe, so runs repeat) and a node cap
following the Luby sequence. Probes play without foundation withdrawals: a win without them
is a win with them, and the smaller space is searched faster; the exhaustive search covers
withdrawals. Every other probe is also *lean*: it skips sideways moves (a group lifted off a
card it builds on onto another), rarely needed, which makes many hard wins quick to find. A
probe that wins ends the solve; one that exhausts its space is a proof of loss too when it
was complete (not lean, and withdrawals are off anyway); otherwise the exhaustive search goes
on where it paused.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from ..engine.board import Board, RawMove
from ..engine.cards import KING_RANK
from ..engine.game import Game
from ..engine.move import Move
from . import lines
from .relaxation import doomed
from .safety import SafetyTable

DEFAULT_MAX_POSITIONS = 3_000_000
PROBE_NODES = 2_000  # a probe's node cap is this times the Luby sequence's term
PROBE_NOISE = 20.0  # how far (in places) a probe's random jitter may move a move in the order
MAIN_SHARE = 1 / 2  # positions the main search gets per position given to the probe after it
WIDE_AFTER = 20_000
"""Positions after which the exhaustive search asks the relaxation of every new child (see
``_Search.wide``)."""


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


class _Limit(Exception):
    pass


def solve(
    game: Game,
    time_limit: float | None = 60.0,
    node_limit: int | None = None,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    should_stop: Callable[[], bool] | None = None,
    clean: bool = True,
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
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    main = _Search(game, deadline, None, max_positions, should_stop=should_stop)
    main.wide = WIDE_AFTER
    steps = main.steps()
    spent = 0  # positions searched by probes
    status, winner = "unknown", main
    try:
        for k in range(1, 1 << 62):
            # The main search and the probes take turns; the probes get the larger share, as
            # most hard deals that are decided in time are won by a probe.
            size = PROBE_NODES * _luby(k)
            if node_limit is not None:
                main.node_limit = node_limit - spent
            main.pause = main.nodes + max(1, int(size * MAIN_SHARE))
            try:
                next(steps)
            except StopIteration as done:
                status = done.value
                break
            if node_limit is not None:
                size = min(size, node_limit - main.nodes - spent)
                if size <= 0:
                    break
            # Every other probe is lean (no sideways moves): a smaller space, often won.
            probe = _Search(
                game,
                deadline,
                size,
                max_positions,
                random.Random(k),
                False,
                not k % 2,
                should_stop=should_stop,
            )
            verdict = probe.finish()
            spent += probe.nodes
            if probe.stopped:
                break
            if verdict == "won" or (verdict == "lost" and probe.complete):
                status, winner = verdict, probe
                break
    except _Limit:
        pass
    moves: list[Move] = []
    if status == "won":
        replay = game.copy()
        for raw in winner.line:
            moves.append(replay.push_raw(raw))
        if clean:
            budget = None  # no time limit: only the work cap, so every machine agrees
            if deadline is not None:
                left = deadline - time.perf_counter()
                budget = min(lines.DEFAULT_BUDGET, max(0.1, left))
            moves = lines.shorten(game, moves, budget)
    nodes = main.nodes + spent
    return SolveResult(status, moves, nodes, time.perf_counter() - start)


def _luby(k: int) -> int:
    """The k-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...

    Restart caps that follow it waste at most a logarithmic factor against the best fixed cap.
    """
    while True:
        j = k.bit_length()
        if k == (1 << j) - 1:
            return 1 << (j - 1)
        k -= (1 << (j - 1)) - 1


class _Search:
    def __init__(
        self,
        position: Game | Board,
        deadline: float | None,
        node_limit: int | None,
        max_positions: int,
        rng: random.Random | None = None,
        withdraw: bool | None = None,
        lean: bool = False,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        rules = position if isinstance(position, Board) else position.board
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
        self.suits = v.foundation_suits
        self.total = v.card_count
        self.safety = SafetyTable(v, self.withdraw, proven=True)
        self.deadline = deadline
        self.should_stop = should_stop
        self.stopped = False  # should_stop() said so: the whole solve ends
        self.node_limit = node_limit
        self.rng = rng
        self.lean = lean  # skip sideways moves (see ``_moves``): probes only
        # Only a search over every legal move proves a loss when it runs dry.
        self.complete = not lean and self.withdraw == rules.withdraw
        self.pause = 1 << 62  # ``steps`` yields when ``nodes`` reaches this
        # From this many positions on, every new child is put to the relaxation, not only
        # one that turned a card or moved one home. A group moved onto the one card another
        # card could ever use can doom a position, and proving that cuts its whole subtree:
        # on Yukon deals 156 and 321 the exhaustive search needs 3 to 6 times fewer
        # positions to prove the loss. Each test costs about as much as ten moves, which an
        # easy deal (won within a few thousand positions) would pay for nothing, so the
        # exhaustive search starts it late and probes never do. Sound either way: a child
        # ``doomed`` proves lost is lost, whichever children are put to it.
        self.wide = 1 << 62
        self.max_positions = max_positions
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.path_keys: list[bytes] = []
        self.line: list[RawMove] = []

    def _force(self) -> list[tuple[int, int, int, int, bool]]:
        """Play every provably safe foundation move (see ``safety``); return them for undo."""
        done = []
        nt, nf, cols, found = self.nt, self.nf, self.cols, self.found
        safe_cards = self.safety.safe_cards
        while True:
            want = safe_cards(tuple(found))
            if not want:
                return done
            move = None
            for s, col in enumerate(cols):
                if col and col[-1] in want:
                    move = (s, len(col) - 1, nt + want[col[-1]])
                    break
            else:
                for k, x in enumerate(self.cells):
                    if x is not None and x in want:
                        move = (nt + nf + k, -1, nt + want[x])
                        break
            if move is None:
                return done
            k, flipped = self.board.apply(move)
            done.append((*move, k, flipped))

    # ------------------------------------------------------------------ moves

    def _moves(self, last: tuple[int, int, int, int] | None) -> list[RawMove]:
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
        * ``last`` (card, pile, row, back) names the group moved by the previous move when
          no forced move followed it (the card is -1 and the row -1 for a card in a cell);
          ``back`` is the pile it came from when that move turned a face-down card, else -1.
          The group is not moved again, except onto ``back``. Why that loses nothing: let
          Q be the position before this run of moves of the group began (the last position
          on the path whose own ``last`` is another group or None). Each move of the run
          touched only the pile the group left and the pile it reached, and only the first
          one can have turned a card (later the group always leaves a face-up card, the one
          it landed on). So every pile's top card, but for the piles of the run, is as in
          Q, and moving the group on to any place reaches the position that moving it
          there straight from Q reaches: one move from Q, which Q keeps (Q's ``last`` is
          not this group; the other rules of this list cut only moves equivalent to kept
          ones), or Q itself when that place is where the group sat in Q, unless the first
          move turned the card there: landing on a newly turned card is a position no
          single move from Q reaches, which is why the move onto ``back`` stays.

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

        # Where a group may land: tops[card] lists the columns it is the top card of
        # (two decks: maybe two), first_empty the first empty column (if any), first_cell
        # the first free cell (if any).
        tops: dict[int, list[int]] = {}
        empties = []
        for t, col in enumerate(cols):
            if col:
                x = col[-1]
                if x in tops:
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
        if last is not None:
            card, pile, row, back = last
            if pile < nt:
                col = cols[pile]
                if row < len(col) and col[row] == card:
                    last_pile, last_row = pile, row
            else:
                last_pile = pile  # a card in a cell
        turned = cols[back][-1] if back >= 0 and cols[back] else -1

        # to_pile[card]: the foundation pile it may go up on now (the first, for two decks).
        to_pile: dict[int, int] = {}
        for f, n in enumerate(found):
            if n < 13:
                to_pile.setdefault(suits[f] * 13 + n, nt + f)

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
                    continue
                # The bucket says what leaving does: the card the group leaves decides.
                if i == d and d:
                    bucket = turns
                elif i == 0:
                    bucket = frees
                else:
                    under = col[i - 1]
                    if under in to_pile:
                        bucket = frees
                    elif under in parents[x]:
                        bucket = sideways
                    else:
                        bucket = lifts
                for p in parents[x]:
                    if p in tops:
                        for t in tops[p]:
                            if t != s:
                                bucket.append((s, i, t))
                if x % 13 == KING_RANK and i and first_empty:
                    bucket.append((s, i, first_empty[0]))
            if s == last_pile and n - 1 == last_row:
                continue
            x = col[-1]
            if x in to_pile:
                foundation.append((s, n - 1, to_pile[x]))
            if first_cell:
                (turns if n - 1 == d and d else into_cells).append((s, n - 1, first_cell[0]))

        # Out of the free cells: to the foundation, onto a top card, a King to an empty column.
        for k, x in enumerate(self.cells):
            if x is None:
                continue
            if cell0 + k == last_pile:
                if turned in parents[x]:
                    turns.append((cell0 + k, -1, back))
                continue
            if x in to_pile:
                foundation.append((cell0 + k, -1, to_pile[x]))
            for p in parents[x]:
                if p in tops:
                    for t in tops[p]:
                        lifts.append((cell0 + k, -1, t))
            if x % 13 == KING_RANK and first_empty:
                lifts.append((cell0 + k, -1, first_empty[0]))

        # Off the foundations (withdrawals): a pile's top card onto a top card, a King to an
        # empty column.
        if self.withdraw:
            for f, n in enumerate(found):
                if not n:
                    continue
                x = suits[f] * 13 + n - 1
                for p in parents[x]:
                    if p in tops:
                        for t in tops[p]:
                            withdrawals.append((nt + f, -1, t))
                if x % 13 == KING_RANK and first_empty:
                    withdrawals.append((nt + f, -1, first_empty[0]))

        if self.lean:
            rest = turns + frees + lifts + into_cells + withdrawals
        else:
            rest = turns + frees + lifts + sideways + into_cells + withdrawals
        rng = self.rng
        if rng is not None:
            jitter = rng.random
            order = sorted((i + jitter() * PROBE_NOISE, m) for i, m in enumerate(rest))
            rest = [m for _, m in order]
        return foundation + rest

    # ------------------------------------------------------------------ search

    def steps(self) -> Generator[None, None, str]:
        """Search, yielding whenever ``nodes`` reaches ``pause``; return "won" or "lost".

        Raises ``_Limit`` when the node limit or the deadline is passed.
        """
        forced = self._force()
        self.line.extend(m[:3] for m in forced)
        if doomed(self.board):
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
        except _Limit:
            return "unknown"

    def _count(self) -> None:
        """Count a position reached; raise ``_Limit`` when a limit is passed."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.nodes -= 1
            raise _Limit
        if not self.nodes & 255:
            deadline = self.deadline
            if deadline is not None and time.perf_counter() > deadline:
                raise _Limit
            if self.should_stop is not None and self.should_stop():
                self.stopped = True
                raise _Limit

    def _enter(self, last: tuple[int, int, int, int] | None, key: bytes) -> list[RawMove] | None:
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

    def _dfs(self) -> Generator[None, None, bool]:
        """Depth-first search with an explicit stack (lines can be thousands of moves deep)."""
        if sum(self.found) == self.total:
            return True
        board = self.board
        moves = self._enter(None, board.key())
        if moves is None:
            return False
        nt, nf, total, cols, line = self.nt, self.nf, self.total, self.cols, self.line
        withdraw, seen, wide = self.withdraw, self.seen, self.wide
        apply, undo, key_of = board.apply, board.undo, board.key
        # Frame: [moves, next index, the move played from here (for undo) or None].
        stack: list[list] = [[moves, 0, None]]
        while stack:
            if self.nodes >= self.pause:
                yield
            frame = stack[-1]
            if frame[2] is not None:
                move, k, flipped, forced = frame[2]
                del line[len(line) - 1 - len(forced) :]
                for m in reversed(forced):
                    undo(m[:3], m[3], m[4])
                undo(move, k, flipped)
                frame[2] = None
            moves = frame[0]
            while frame[1] < len(moves):
                move = moves[frame[1]]
                s, _i, t = move
                frame[1] += 1
                k, flipped = apply(move)
                forced = self._force()
                key = key_of()
                if key in seen:
                    # Searched before (or on the current path): the relaxation need not run.
                    self._count()
                elif (
                    forced or flipped or (nt <= t < nt + nf and not withdraw) or self.nodes >= wide
                ) and doomed(board):
                    # Proved lost: remember it, so a transposition skips the relaxation.
                    if len(seen) < self.max_positions:
                        seen.add(key)
                else:
                    line.append(move)
                    line.extend(m[:3] for m in forced)
                    if sum(self.found) == total:
                        return True
                    nxt = None
                    if not forced and (s < nt or s >= nt + nf):
                        back = s if flipped else -1
                        if t < nt:
                            nxt = (cols[t][-k], t, len(cols[t]) - k, back)
                        elif t >= nt + nf:
                            nxt = (-1, t, -1, back)
                    child = self._enter(nxt, key)
                    if child is not None:
                        frame[2] = (move, k, flipped, forced)
                        stack.append([child, 0, None])
                        break
                    del line[len(line) - 1 - len(forced) :]
                for m in reversed(forced):
                    undo(m[:3], m[3], m[4])
                undo(move, k, flipped)
            else:
                stack.pop()
                self.path_keys.pop()
        return False
