"""Safe auto-play: foundation moves a player never needs to think about.

A card goes up by itself only when no card still in play could need it as a landing spot
(``safety.SafetyTable`` with ``proven=False`` states the rule per build). A card the player
has just taken back off a foundation is not sent straight back up.
"""

from __future__ import annotations

from ..engine.board import RawMove
from ..engine.game import Game
from ..engine.move import Move
from .safety import SafetyTable


def _held_back(game: Game) -> int | None:
    """The card the last move took off a foundation, if it did."""
    if not game.played:
        return None
    last, board = game.played[-1], game.board
    nt = board.ncols
    if nt <= last.source < nt + board.nfound and last.target < nt:
        return board.columns[last.target][-1]
    return None


def _safe_raw(game: Game, held: int | None) -> list[RawMove]:
    board = game.board
    nt, nf = board.ncols, board.nfound
    counts = tuple(board.heights)
    safe = SafetyTable(board.variant, board.withdraw, proven=False).safe(counts)
    want: dict[int, int] = {}
    for f, ok in enumerate(safe):
        card = board.variant.foundation_suits[f] * 13 + counts[f]
        if ok and card != held:
            want.setdefault(card, nt + f)
    out: list[RawMove] = []
    for s, col in enumerate(board.columns):
        if col and col[-1] in want:
            out.append((s, len(col) - 1, want.pop(col[-1])))
    for k, x in enumerate(board.cells):
        if x is not None and x in want:
            out.append((nt + nf + k, -1, want.pop(x)))
    return out


def safe_moves(game: Game) -> list[Move]:
    """The foundation moves that are safe to play now (the game is not changed)."""
    return [game.to_move(m) for m in _safe_raw(game, _held_back(game))]


def play_safe_moves(game: Game) -> list[Move]:
    """Play safe foundation moves until none is left; return the Moves played."""
    held = _held_back(game)
    played: list[Move] = []
    while True:
        raw = _safe_raw(game, held)
        if not raw:
            return played
        played.append(game.push_raw(raw[0]))
