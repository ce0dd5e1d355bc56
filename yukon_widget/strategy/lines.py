"""Clean winning lines: a post-pass that shortens a winning line and replays the result.

The solver's lines are correct but not lines a person would follow: a depth-first search
wanders, and with foundation withdrawals on it takes Kings and Queens off the foundations and
back again for dozens of moves. ``shorten`` keeps the win and drops the wandering:

1. *cycles and shortcuts*: when the line passes through the same position twice (the
   canonical ``Board.key()``, with the foundation heights, so columns in another order count
   as the same position), the moves between are dropped; when one legal move leads from a
   position to one the line reaches later, the moves between are replaced by that move;
2. *the finish*: from the first position where every card still in play can go home by
   foundation moves alone, the rest of the line is those moves (as short as a finish can be);
3. *undone withdrawals*: a card taken off a foundation and later sent back home is left
   there, with the moves that only moved it or built on it while it was out (and, the same
   way, the cards withdrawn to build on it);
4. *single moves the win does not need*: each move is dropped in turn, kept out when the rest
   still plays and wins;
5. *a shorter finish*: from the end of the line backwards, a small capped solver search from
   each position (without withdrawals, and with them when the rules allow), taking the
   finish that saves the most;

all repeated to a fixpoint, within a work cap and a time budget.

Moves are replayed by card, not by pile: a move is "this card onto that card" (or to an
empty column, a foundation, a free cell), found again wherever the card is when it is
played. So a line whose columns end up in another order after a cut (positions are equal up
to the order of columns) still plays, and so does a move whose card moved elsewhere earlier.
The result is checked by playing it with ``Game.play`` on a fresh copy of the game: it must
win, or ``shorten`` returns the original line.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..engine.board import Board, RawMove
from ..engine.cards import KING_RANK
from ..engine.game import Game
from ..engine.move import Move
from . import compiled
from .safety import SafetyTable

__all__ = ["shorten"]

DEFAULT_BUDGET = 1.0  # seconds per line
# Work per line (steps replayed, moves tried, positions searched): a cap that does not
# depend on the machine, so a line shortened without a time budget is the same everywhere.
DEFAULT_EFFORT = 200_000
STALE = 60  # positions searched back past the last shorter finish found
NO_FINISH = 1 << 30
TAIL_NODES = 5_000  # positions each search for a shorter finish may visit

# Where a step's card comes from and goes to.
COLUMN, FOUNDATION, CELL = 0, 1, 2
ONTO, EMPTY = 0, 3  # target kinds: onto a card in a column, into an empty column


class _Step(NamedTuple):
    """A move by card: ``card`` from a pile of kind ``skind`` to a target of kind ``tkind``
    (ONTO the card ``onto``, EMPTY, FOUNDATION or CELL). ``source``, ``index`` and ``target``
    are the raw move it was, preferred when two places fit (two decks)."""

    card: int
    skind: int
    tkind: int
    onto: int
    source: int
    index: int
    target: int


def _step(board: Board, raw: RawMove) -> _Step:
    """The step a legal raw move makes on ``board`` (before it is played)."""
    s, i, t = raw
    nt, nf = board.ncols, board.nfound
    x = board.card_at(s, i)
    assert x is not None
    skind = COLUMN if s < nt else FOUNDATION if s < nt + nf else CELL
    onto = -1
    if t < nt:
        col = board.columns[t]
        tkind = ONTO if col else EMPTY
        onto = col[-1] if col else -1
    else:
        tkind = FOUNDATION if t < nt + nf else CELL
    return _Step(x, skind, tkind, onto, s, i, t)


def _resolve(board: Board, step: _Step) -> RawMove | None:
    """A legal raw move on ``board`` that makes ``step``, or None."""
    x = step.card
    nt, nf = board.ncols, board.nfound
    cols, down = board.columns, board.down
    # Sources: every place the card can leave, the recorded one first.
    sources: list[tuple[int, int]] = []
    for c in range(nt):
        col = cols[c]
        if x in col:
            for i in range(down[c], len(col)):
                if col[i] == x:
                    sources.append((c, i))
    slots = board.variant.foundation_slots[x // 13]
    if board.withdraw:
        sources += [(nt + f, -1) for f in slots if board.foundation_top(f) == x]
    sources += [(nt + nf + k, -1) for k, c in enumerate(board.cells) if c == x]
    if not sources:
        return None
    if len(sources) > 1:
        sources.sort(key=lambda p: (p[0] != step.source, p[1] != step.index))
    tkind = step.tkind
    for s, i in sources:
        on_top = s >= nt or i == len(cols[s]) - 1
        if tkind == ONTO:
            targets = [c for c in range(nt) if c != s and cols[c] and cols[c][-1] == step.onto]
        elif tkind == EMPTY:
            if x % 13 != KING_RANK or (s < nt and i == 0 and down[s] == 0):
                targets = []  # a King already alone in its column stays put
            else:
                targets = [c for c in range(nt) if not cols[c]]
        elif tkind == FOUNDATION:
            if not on_top or nt <= s < nt + nf:
                continue
            targets = [nt + f for f in slots if board.heights[f] == x % 13]
        else:
            if s >= nt or not on_top:
                continue
            targets = [nt + nf + k for k, c in enumerate(board.cells) if c is None]
        if targets:
            t = step.target if step.target in targets else targets[0]
            return (s, i, t)
    return None


def _state(board: Board) -> bytes:
    """The position up to the order of columns and cells: the key plus the foundations (for
    each suit its piles' heights, sorted: two piles of one suit are interchangeable)."""
    slots = board.variant.foundation_slots
    found = bytes(h for suit in slots for h in sorted(board.heights[f] for f in suit))
    return board.key() + b"\xfe" + found


def _play(board: Board, steps: list[_Step]) -> list[_Step] | None:
    """Play ``steps`` on ``board`` (changed); the steps as played, up to the first win, or
    None if one cannot be played or the line does not win."""
    out = []
    for step in steps:
        raw = _resolve(board, step)
        if raw is None:
            return None
        out.append(_step(board, raw))
        board.apply(raw)
        if board.is_won:
            return out
    return out if board.is_won else None


def _steps(board: Board, raws: list[RawMove]) -> list[_Step] | None:
    """The steps raw moves make from ``board`` (not changed), or None if one is illegal."""
    board = board.copy()
    out = []
    for raw in raws:
        if raw not in board.moves():
            return None
        out.append(_step(board, raw))
        board.apply(raw)
    return out


def _home(board: Board) -> list[_Step] | None:
    """The finish by foundation moves alone from ``board`` (changed), or None if there is
    none. Sending a card home never stops another from going, so any order does."""
    if any(board.down):
        return None
    nt, nf = board.ncols, board.nfound
    slots = board.variant.foundation_slots
    out = []
    moved = True
    while moved and not board.is_won:
        moved = False
        for s in range(nt + nf + len(board.cells)):
            if nt <= s < nt + nf:
                continue
            if s < nt:
                col = board.columns[s]
                if not col:
                    continue
                x, i = col[-1], len(col) - 1
            else:
                x, i = board.cells[s - nt - nf], -1
                if x is None:
                    continue
            for f in slots[x // 13]:
                if board.heights[f] == x % 13:
                    raw = (s, i, nt + f)
                    out.append(_step(board, raw))
                    board.apply(raw)
                    moved = True
                    break
    return out if board.is_won else None


class _Cleaner:
    def __init__(
        self, start: Board, steps: list[_Step], deadline: float | None, effort: int
    ) -> None:
        self.start = start
        self.steps = steps
        self.deadline = deadline
        self.effort = effort
        self.work = 0  # steps replayed, moves tried and positions searched so far
        self.safety: dict[bool, SafetyTable] = {}
        # (position, withdrawals): the length of the finish a search found, NO_FINISH when
        # it proved there is none, None when it ran out of positions.
        self.finishes: dict[tuple[bytes, bool], int | None] = {}

    def out_of_time(self) -> bool:
        """The work cap is reached, or the deadline passed."""
        if self.work > self.effort:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def boards(self) -> list[Board]:
        """The position before each step, and after the last."""
        board = self.start.copy()
        out = [board.copy()]
        for step in self.steps:
            raw = _resolve(board, step)
            assert raw is not None
            board.apply(raw)
            out.append(board.copy())
        return out

    def try_steps(self, prefix_board: Board, k: int, rest: list[_Step]) -> bool:
        """Take ``steps[:k] + rest`` (``prefix_board`` the position after ``steps[:k]``,
        not changed) when it wins and is shorter."""
        if k + len(rest) >= len(self.steps):
            return False
        self.work += len(rest)
        played = _play(prefix_board.copy(), rest)
        if played is None:
            return False
        self.steps = self.steps[:k] + played
        return True

    # ------------------------------------------------------------------ passes

    def shortcuts(self) -> bool:
        """Cut cycles, and replace a stretch by one move that skips it."""
        boards = self.boards()
        states = [_state(b) for b in boards]
        last = {s: k for k, s in enumerate(states)}
        n = len(self.steps)
        changed = False
        k = 0
        while k < n:
            if self.out_of_time():
                break
            j = last[states[k]]
            if j > k and self.try_steps(boards[k], k, self.steps[j:]):
                return True
            board = boards[k]
            best, jump = None, k + 1
            moves = board.moves()
            self.work += len(moves)
            for raw in moves:
                moved, flipped = board.apply(raw)
                j = last.get(_state(board), -1)
                board.undo(raw, moved, flipped)
                if j > jump:
                    best, jump = raw, j
            if best is not None:
                rest = [_step(board, best), *self.steps[jump:]]
                if self.try_steps(board, k, rest):
                    return True
            k += 1
        return changed

    def finish(self) -> bool:
        """End the line with foundation moves from the first position where they win."""
        board = self.start.copy()
        for k, step in enumerate(self.steps):
            if not any(board.down):
                home = _home(board.copy())
                if home is not None and self.try_steps(board, k, home):
                    return True
            raw = _resolve(board, step)
            assert raw is not None
            board.apply(raw)
        return False

    def withdrawals(self) -> bool:
        """Leave home a card that is withdrawn and sent back, with what only served it."""
        changed = False
        k = 0
        board = self.start.copy()
        while k < len(self.steps):
            if self.out_of_time():
                break
            if self.steps[k].skind == FOUNDATION:
                drop = self._served(k)
                if drop is not None:
                    rest = [s for j, s in enumerate(self.steps[k:], k) if j not in drop]
                    if self.try_steps(board, k, rest):
                        changed = True
                        continue
            raw = _resolve(board, self.steps[k])
            assert raw is not None
            board.apply(raw)
            k += 1
        return changed

    def _served(self, k: int) -> set[int] | None:
        """The steps that only serve the card withdrawn at step ``k``: its withdrawal, its
        return home, every move of it or onto it in between, and the same for any card
        withdrawn in between to build on it; None when it never goes home again."""
        steps = self.steps

        def back(w: int) -> int | None:
            x = steps[w].card
            for j in range(w + 1, len(steps)):
                if steps[j].card == x and steps[j].tkind == FOUNDATION:
                    return j
            return None

        end = back(k)
        if end is None:
            return None
        cards = {steps[k].card}
        drop = {k, end}
        grew = True
        while grew:
            grew = False
            for j in range(k + 1, end):
                step = steps[j]
                if j in drop or not (step.card in cards or step.onto in cards):
                    continue
                drop.add(j)
                grew = True
                if step.card not in cards and step.skind == FOUNDATION:
                    home = back(j)
                    if home is None:
                        return None
                    cards.add(step.card)
                    drop.add(home)
                    end = max(end, home)
        return drop

    def tails(self) -> bool:
        """Search again for a shorter finish, from the end of the line backwards (a small
        capped search from each position, with and without withdrawals), until a search
        runs out of positions; take the one that saves the most."""
        boards = self.boards()
        n = len(self.steps)
        best: tuple[int, int, list[_Step]] | None = None
        for k in range(n - 1, -1, -1):
            if self.out_of_time():
                break
            board = boards[k]
            capped = False
            state = _state(board)
            for withdraw in {False, board.withdraw}:
                # A position searched before (in an earlier round) gives the same answer.
                known = self.finishes.get((state, withdraw), -1)
                if known is None:
                    capped = True
                if known is None or known >= n - k:
                    continue
                here = Board(
                    board.variant, withdraw, board.columns, board.down, board.heights, board.cells
                )
                search = compiled.core().Search(
                    here,
                    self.deadline,
                    TAIL_NODES,
                    TAIL_NODES,
                    withdraw=withdraw,
                )
                # The safety table caches by foundation heights: share it between searches.
                search.safety = self.safety.setdefault(withdraw, search.safety)
                verdict = search.finish()
                self.work += search.nodes + 1
                capped = capped or verdict == "unknown"
                self.finishes[state, withdraw] = (
                    len(search.line)
                    if verdict == "won"
                    else None
                    if verdict == "unknown"
                    else NO_FINISH
                )
                if verdict == "won" and len(search.line) < n - k:
                    saved = n - k - len(search.line)
                    if best is None or saved > best[0]:
                        rest = _steps(board, search.line)
                        if rest is not None:
                            best = (saved, k, rest)
            if capped or k + STALE < (n if best is None else best[1]):
                break
        if best is None:
            return False
        _, k, rest = best
        return self.try_steps(boards[k], k, rest)

    def singles(self) -> bool:
        """Drop each step the win does not need."""
        changed = False
        k = 0
        board = self.start.copy()
        while k < len(self.steps):
            if self.out_of_time():
                break
            if self.try_steps(board, k, self.steps[k + 1 :]):
                changed = True
                continue
            raw = _resolve(board, self.steps[k])
            assert raw is not None
            board.apply(raw)
            k += 1
        return changed

    def run(self) -> None:
        passes = (self.shortcuts, self.finish, self.withdrawals, self.singles, self.tails)
        changed = True
        while changed and not self.out_of_time():
            changed = False
            for clean in passes:
                while clean():
                    changed = True
                    if self.out_of_time():
                        return


def shorten(
    game: Game,
    moves: list[Move],
    budget: float | None = DEFAULT_BUDGET,
    effort: int = DEFAULT_EFFORT,
) -> list[Move]:
    """A shorter winning line than ``moves`` from ``game``'s position (``game`` is not
    changed), or ``moves`` itself when none is found or the line does not win.

    The passes stop at their fixpoint, at ``effort`` units of work (steps replayed, moves
    tried, positions searched: about a second's worth by default, the same on any machine)
    or after ``budget`` seconds (None: no time limit, so the result does not depend on the
    machine's speed), whichever comes first; the final check comes after that.

    Every line returned is checked by playing it on a fresh copy of the game: it wins.
    """
    moves = list(moves)
    replay = game.copy()
    raws = []
    try:
        for m in moves:
            raw = replay.resolve(m)
            replay.push_raw(raw)
            raws.append(raw)
    except ValueError:
        return moves
    if not replay.is_won:
        return moves
    start = game.board.copy()
    board = start.copy()
    steps = []
    for raw in raws:
        steps.append(_step(board, raw))
        board.apply(raw)
    deadline = None if budget is None else time.perf_counter() + budget
    cleaner = _Cleaner(start, steps, deadline, effort)
    try:
        cleaner.run()
    except AssertionError:
        return moves
    if len(cleaner.steps) >= len(moves):
        return moves
    # Check the result on a fresh copy with the public rules, and name its moves there.
    check = game.copy()
    out: list[Move] = []
    try:
        for step in cleaner.steps:
            raw = _resolve(check.board, step)
            if raw is None:
                return moves
            move = check.to_move(raw)
            check.play(move)
            out.append(move)
    except ValueError:
        return moves
    if not check.is_won:
        return moves
    assert check.is_won and len(out) < len(moves)
    return out
