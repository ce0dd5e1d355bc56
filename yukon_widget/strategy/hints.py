"""Hints that follow the rule sheet's priorities and never suggest pointless shuffling.

Priorities: (1) a top card that fits a foundation; (2) a group move that turns a face-down
card; (3) a move that frees a trapped face-up card: the card it uncovers can then go to its
foundation, or can take a card that turns over or empties a column by landing on it;
(4) a move that empties a column for a King that sits on other cards and can then move there;
(5) when none of those applies, the first move of the shortest line that turns a card or
sends one home (``plan``), so that "no hint" is always a proven "nothing can be gained".

Never suggested: a move of the group the previous move placed (that undoes it or moves it
back and forth: one move from its old spot would have done), a move that brings back a
position already seen in this game, withdrawals, and moves between two equivalent spots
(such moves uncover nothing that passes test 3, so they match no priority).
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import NamedTuple

from ..engine.board import Board, RawMove
from ..engine.cards import KING_RANK, symbol
from ..engine.game import Game
from ..engine.move import Move

KINDS = ("foundation", "flip", "free", "empty", "plan")


class Hint(NamedTuple):
    """A suggested move, why it helps in words, and its kind (one of ``KINDS``)."""

    move: Move
    reason: str
    kind: str


class _SeenLine:
    """Keys of the positions along one game's line, kept in step with it.

    A widget asks for a hint after every move; collecting the keys by replaying the whole
    line each time made that cost grow with the game (28 ms at 5,000 moves). The line is a
    stack whose entries are fresh tuples for every move played, so the cache finds where it
    still agrees with the line by comparing entries by identity from the end, drops the keys
    past that point and computes keys only for the moves pushed since.
    """

    __slots__ = ("counts", "entries", "keys")

    def __init__(self) -> None:
        self.entries: list[tuple] = []  # the line entries the keys below are for
        self.keys: list[bytes] = []  # keys[k]: the position after the first k entries
        self.counts: dict[bytes, int] = {}  # how often each key occurs in ``keys``

    def sync(self, game: Game) -> dict[bytes, int]:
        """The keys of every position of ``game``'s current line (use ``in`` on it)."""
        line, entries = game.played, self.entries
        same = min(len(line), len(entries))
        while same and line[same - 1] is not entries[same - 1]:
            same -= 1
        del entries[same:]
        while len(self.keys) > same + 1:
            self._drop(self.keys.pop())
        if len(line) > same or not self.keys:
            self._add(game, same + 1 if self.keys else 0)
        return self.counts

    def _add(self, game: Game, low: int) -> None:
        """Keys of the positions after ``low`` .. ``len(line)`` line entries: take those
        moves back on the game itself, reading each position's key, then play them again."""
        line, board = game.played, game.board
        fresh = [board.key()]
        taken = []
        try:
            for entry in reversed(line[low:]):
                board.undo(entry.raw, entry.moved, entry.flipped)
                taken.append(entry)
                fresh.append(board.key())
        finally:
            for entry in reversed(taken):
                board.apply(entry.raw)
        for key in reversed(fresh):
            self.keys.append(key)
            self.counts[key] = self.counts.get(key, 0) + 1
        self.entries.extend(line[len(self.entries) :])

    def _drop(self, key: bytes) -> None:
        left = self.counts[key] - 1
        if left:
            self.counts[key] = left
        else:
            del self.counts[key]


# One cache per live game, by identity (a Game compares by position, so it is no dict key);
# an entry goes when its game is collected.
_SEEN: dict[int, _SeenLine] = {}


def _seen_positions(game: Game) -> dict[bytes, int]:
    """Canonical keys of every position of the current line (kept per game, see _SeenLine)."""
    seen = _SEEN.get(id(game))
    if seen is None:
        seen = _SEEN[id(game)] = _SeenLine()
        weakref.finalize(game, _SEEN.pop, id(game), None)
    return seen.sync(game)


def _fits_foundation(game: Game, x: int) -> bool:
    board = game.board
    return any(board.heights[f] == x % 13 for f in board.variant.foundation_slots[x // 13])


def _productive_landing(game: Game, b: int, skip: int) -> int | None:
    """A face-up card (not in column ``skip``) that could land on ``b`` and by doing so
    turn a card or empty a column; None if there is none."""
    board = game.board
    for s, col in enumerate(board.columns):
        if s == skip:
            continue
        d = board.down[s]
        for i in range(d, len(col)):
            if b in board.variant.parents[col[i]] and ((i == d and d) or i == 0):
                return col[i]
    return None


def _classify(game: Game, raw: RawMove, kings: list[tuple[int, int]]) -> tuple[int, str] | None:
    """(rank within all hints, reason) for a useful move, or None for a useless one."""
    s, i, t = raw
    board = game.board
    nt, nf = board.ncols, board.nfound
    if s >= nt and s < nt + nf:
        return None  # withdrawals are never hinted
    x = board.card_at(s, i)
    assert x is not None
    if nt <= t < nt + nf:
        return (x % 13, f"puts {symbol(x)} on its foundation")
    if s >= nt + nf:
        return None
    col, d = board.columns[s], board.down[s]
    if i == d and d:
        where = "a free cell" if t >= nt + nf else f"column {t + 1}"
        return (
            100 - d + (50 if t >= nt else 0),
            f"moving {symbol(x)} to {where} turns over the face-down card in column {s + 1}",
        )
    if t >= nt + nf:
        return None
    if i > 0:
        b = col[i - 1]
        if _fits_foundation(game, b):
            return (200 + b % 13, f"frees {symbol(b)} in column {s + 1} for its foundation")
        lander = _productive_landing(game, b, s)
        if lander is not None:
            return (
                300,
                f"frees {symbol(b)} in column {s + 1} so {symbol(lander)} can move onto it",
            )
        return None
    for ks, ki in kings:
        if ks != s:
            k = board.columns[ks][ki]
            return (400, f"empties column {s + 1} so {symbol(k)} can move there")
    return None


def _kind(order: int) -> str:
    """The priority tier of a ranking from ``_classify``: foundation moves rank 0-12, turns
    50-149, freeing moves 200-300, emptying a column for a King 400."""
    if order < 50:
        return "foundation"
    if order < 200:
        return "flip"
    return "free" if order < 400 else "empty"


def hints(game: Game) -> list[Hint]:
    """Every useful move now, best first, each with a short reason (for teaching).

    First the rule sheet's priorities (``_classify``). When none of them applies, ``plan``
    looks further: the first move of the shortest line that turns a card or sends one home.
    So the list is empty only when that is proven impossible (or the game is won); if the
    search runs out of budget first, a legal move comes back, never an empty list.
    """
    ranked = rule_hints(game)
    if ranked or game.is_won:
        return ranked
    found = _cached_plan(game)
    if found.status == "none" or not found.line:
        return []
    move = game.to_move(found.line[0])
    if found.status == "budget":
        reason = (
            f"no line that turns a card or sends one home was found within {PLAN_BUDGET:,} "
            "positions; this move keeps the game going"
        )
    elif len(found.line) == 1:
        reason = f"to {found.goal}"
    else:
        reason = f"the first of {len(found.line)} moves that {found.goal}"
    return [Hint(move, reason, "plan")]


# By exact position: the widget asks after every message. Not by the canonical key, which
# is the same for columns in another order: a plan is raw moves, naming columns by place.
_PLANS: dict[tuple, Plan] = {}


def _cached_plan(game: Game) -> Plan:
    board = game.board
    key = (
        tuple(map(tuple, board.columns)),
        tuple(board.down),
        tuple(board.cells),
        tuple(board.heights),
    )
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > 256:
            _PLANS.clear()
        found = _PLANS[key] = plan(game)
    return found


def rule_hints(game: Game) -> list[Hint]:
    """The rule sheet's useful moves alone, best first (see ``_classify``): what a player
    following its priorities literally would see."""
    board = game.board
    nt = board.ncols
    if game.is_won:
        return []
    last = None
    if game.played:
        entry = game.played[-1]
        if entry.target < nt:
            last = (entry.target, len(board.columns[entry.target]) - entry.moved)
    kings = [
        (s, i)
        for s, col in enumerate(board.columns)
        for i in range(max(board.down[s], 1), len(col))
        if col[i] % 13 == KING_RANK
    ]
    seen = _seen_positions(game)
    ranked = []
    for raw in board.moves():
        if last is not None and raw[:2] == last:
            continue
        verdict = _classify(game, raw, kings)
        if verdict is None:
            continue
        k, flipped = board.apply(raw)
        repeat = board.key() in seen
        board.undo(raw, k, flipped)
        if repeat:
            continue
        order, reason = verdict
        kind = _kind(order)
        ranked.append((order, raw, Hint(game.to_move(raw), reason, kind)))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [h for _o, _r, h in ranked]


def hint(game: Game) -> Move | None:
    """The best useful move, or None when it is proven that no line of play can turn a
    face-down card or send a card home (see ``hints``)."""
    found = hints(game)
    return found[0].move if found else None


PLAN_BUDGET = 20_000  # positions ``plan`` may look at before it settles for an unproven move


class Plan(NamedTuple):
    """What ``plan`` found: ``status`` "progress" (``line`` reaches a turn or a card going
    home; ``goal`` says which, as "turn over ..." or "put ... on its foundation"), "none"
    (proven: no line does) or "budget" (the search ran out first; ``line`` is one legal
    move, or empty when there is none)."""

    status: str
    line: list[RawMove]
    goal: str


def plan(game: Game, budget: int = PLAN_BUDGET) -> Plan:
    """The shortest line of moves that turns a face-down card or sends a card home (one that
    is in play now) from ``game``'s position, by breadth-first search over what a player
    sees: the face-down cards are not looked at, since a line ends where one would turn.

    Why "none" is a proof: the search tries every legal move (withdrawals and free cells
    included) from every position it reaches, and stops a line only where it turns a card or
    raises a foundation above its height now; positions are told apart by their canonical
    key, which a player can read off the board too (face-down cards count only by number
    along any line that turns none). When the queue runs dry, every position reachable
    without such a move has been seen, and none allows one. Then nothing can ever be gained:
    the deal cannot be won from here (face-down cards never turn, or, with none left, no
    card not home now ever goes home).
    """
    root = game.board.copy()
    start = tuple(root.heights)
    nt, nf = root.ncols, root.nfound
    seen = {root.key()}
    queue: deque[tuple[Board, list[RawMove]]] = deque([(root, [])])
    first_move: list[RawMove] = []
    while queue:
        board, line = queue.popleft()
        for raw in board.moves():
            s, i, t = raw
            if not first_move:
                first_move = [raw]
            if s < nt and i == board.down[s] and i > 0:
                return Plan(
                    "progress", [*line, raw], f"turn over the face-down card in column {s + 1}"
                )
            if nt <= t < nt + nf and board.heights[t - nt] >= start[t - nt]:
                x = board.card_at(s, i)
                assert x is not None
                return Plan("progress", [*line, raw], f"put {symbol(x)} on its foundation")
            child = board.copy()
            child.apply(raw)
            key = child.key()
            if key in seen:
                continue
            if len(seen) >= budget:
                return Plan("budget", first_move, "")
            seen.add(key)
            queue.append((child, [*line, raw]))
    return Plan("none", [], "")


class SolverHint(NamedTuple):
    """The solver's advice: ``status`` "won" (``move`` starts a winning line), "lost" (no
    line wins: ``move`` is None) or "unknown" (time ran out: ``move`` is the rule hint)."""

    move: Move | None
    status: str
    reason: str


def solver_hint(game: Game, time_limit: float = 5.0) -> SolverHint:
    """Ask the solver for the first move of a winning line, as the Moosehide page's Hint."""
    from .solver import solve

    if game.is_won:
        return SolverHint(None, "won", "the game is won")
    result = solve(game, time_limit=time_limit, clean=False)  # only its first move is used
    if result.status == "won":
        return SolverHint(result.moves[0], "won", "starts a winning line")
    if result.status == "lost":
        return SolverHint(None, "lost", "no line of play wins from here")
    return SolverHint(hint(game), "unknown", "the solver ran out of time; a rule-based hint")


def move_words(game: Game, move: Move) -> str:
    """What a move does, for people: ``"moves 6♦ onto 7♠"``, ``"puts 6♦ on its
    foundation"``, ``"moves K♠ to the empty column 3"``."""
    board = game.board
    nt, nf = board.ncols, board.nfound
    s, i, t = game.resolve(move)
    x = board.card_at(s, i)
    card = move.card if x is None else symbol(x)
    if nt <= t < nt + nf:
        return f"puts {card} on its foundation"
    if t >= nt + nf:
        return f"moves {card} to free cell {t - nt - nf + 1}"
    verb = "takes" if nt <= s < nt + nf else "moves"
    back = " back off its foundation" if verb == "takes" else ""
    column = board.columns[t]
    if not column:
        return f"{verb} {card}{back} to the empty column {t + 1}"
    return f"{verb} {card}{back} onto {symbol(column[-1])}"
