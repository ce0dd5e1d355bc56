"""Beam search: a quick way to the hard wins, never a proof of loss.

The solver's depth-first searches, exhaustive or probing, commit to a move order; on a deal
that is won only along lines they reach late they wander for millions of positions (Yukon
deal 898 without withdrawals: won after 6,271,006). A beam search looks at the whole front
instead: from the positions kept at one depth it plays every legal move (each followed by
its forced foundation moves, ``safety``), drops positions seen before and positions the
relaxation proves lost (``relaxation.doomed``, without its first-move check), and keeps the
``width`` best by ``score`` for the next depth. On deal 898 a width of 500 finds a win
after 163,498 positions. A beam that runs out of positions has proved nothing (it dropped
all but ``width`` at every depth), so it answers only "won" or "unknown".

Runs repeat: ties are broken by the order the positions were made, and that order follows
the moves' order, so the same position and width give the same line on every machine.
``compiled`` builds this module with the solver's core.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..engine.board import Board, RawMove
from .relaxation import doomed
from .safety import SafetyTable

WEIGHTS = (4, 3, 2, 1)
"""What a position is worth to the beam (``score``): so much per card home, per face-down card
(fewer is better), per empty column and per card sitting on a card it builds on."""


def score(board: Board, weights: tuple[int, int, int, int] = WEIGHTS) -> int:
    """How promising a position looks (higher is better), by ``weights`` (see ``WEIGHTS``)."""
    parents = board.variant.parents
    built = empty = 0
    for col, d in zip(board.columns, board.down):
        if not col:
            empty += 1
            continue
        for i in range(max(d, 1), len(col)):
            if col[i - 1] in parents[col[i]]:
                built += 1
    home, down, empties, builds = weights
    return home * sum(board.heights) - down * sum(board.down) + empties * empty + builds * built


class BeamLimit(Exception):
    """The beam passed its node limit or deadline, or was asked to stop."""


class Beam:
    """A beam search for a win from one position (a ``Board`` of either build, or anything
    with its fields), ``width`` positions kept per depth.

    ``run`` returns "won" (``line`` then holds the winning raw moves, forced moves
    included) or "unknown"; ``nodes`` counts the positions made, each child of a kept
    position once. ``node_limit``, ``deadline`` (a ``time.perf_counter`` value) and
    ``should_stop`` (asked every 256 positions) bound it.
    """

    def __init__(
        self,
        position: Any,
        width: int,
        node_limit: int | None = None,
        deadline: float | None = None,
        should_stop: Callable[[], bool] | None = None,
        weights: tuple[int, int, int, int] = WEIGHTS,
    ) -> None:
        self.weights = weights
        self.board = Board(
            position.variant,
            position.withdraw,
            position.columns,
            position.down,
            position.heights,
            position.cells,
        )
        self.width = width
        self.node_limit = node_limit
        self.deadline = deadline
        self.should_stop = should_stop
        self.stopped = False  # should_stop() said so
        self.safety = SafetyTable(position.variant, position.withdraw, proven=True)
        self.nodes = 0
        self.line: list[RawMove] = []

    def _force(self, board: Board) -> list[tuple[RawMove, int, bool]]:
        """Play every provably safe foundation move (``safety``); return them for undo."""
        done: list[tuple[RawMove, int, bool]] = []
        while True:
            move = self.safety.safe_move(board)
            if move is None:
                return done
            moved, flipped = board.apply(move)
            done.append((move, moved, flipped))

    def _count(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise BeamLimit
        if not self.nodes & 255:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise BeamLimit
            if self.should_stop is not None and self.should_stop():
                self.stopped = True
                raise BeamLimit

    def run(self) -> str:
        """Search; "won" with ``line`` set, or "unknown" (out of positions or of budget)."""
        try:
            return self._run()
        except BeamLimit:
            return "unknown"

    def _run(self) -> str:
        start = self.board
        first = [m for m, _, _ in self._force(start)]
        if start.is_won:
            self.line = first
            return "won"
        seen = {start.key()}
        # A kept position: the board and the line that reaches it from the start.
        layer: list[tuple[Board, list[RawMove]]] = [(start, first)]
        while layer:
            # A child made at this depth, until it is kept: its sort key, its parent's place in
            # ``layer``, the move and the forced moves after it, and its key. Only the kept
            # few are rebuilt as boards (copying every child cost a tenth of a hard solve).
            made: list[tuple[int, int, int, RawMove, list[RawMove], bytes]] = []
            fresh: set[bytes] = set()  # the positions made at this depth
            for parent, (board, line) in enumerate(layer):
                for move in board.moves():
                    moved, flipped = board.apply(move)
                    forced = self._force(board)
                    self._count()
                    key = board.key()
                    if key not in seen and key not in fresh:
                        fresh.add(key)
                        if board.is_won:
                            self.line = [*line, move, *(m for m, _, _ in forced)]
                            return "won"
                        if not doomed(board, False):
                            after = [m for m, _, _ in forced]
                            made.append(
                                (-score(board, self.weights), len(made), parent, move, after, key)
                            )
                    for m, k, f in reversed(forced):
                        board.undo(m, k, f)
                    board.undo(move, moved, flipped)
            made.sort(key=_order)
            kept = made[: self.width]
            layer = [_child(layer[parent], move, after) for _, _, parent, move, after, _ in kept]
            # Only the positions kept are never made again: one left out here may come back
            # by another line, and be kept then.
            seen.update(key for _, _, _, _, _, key in kept)
        return "unknown"


def _child(
    kept: tuple[Board, list[RawMove]], move: RawMove, after: list[RawMove]
) -> tuple[Board, list[RawMove]]:
    """The position a kept child stands for, rebuilt from its parent: a copy of the parent's
    board with the child's move and forced moves played, and the line to it."""
    board, line = kept
    child = board.copy()
    child.apply(move)
    for m in after:
        child.apply(m)
    return child, [*line, move, *after]


def _order(entry: tuple[int, int, int, RawMove, list[RawMove], bytes]) -> tuple[int, int]:
    return entry[0], entry[1]
