"""Safe auto-play: foundation moves a player never needs to think about.

A card goes up by itself only when no card still in play could need it as a landing spot
(``safety.SafetyTable`` with ``proven=False`` states the rule per build). A card the player
has just taken back off a foundation is not sent straight back up.
"""

from __future__ import annotations

from ..engine.game import Game, RawMove
from ..engine.move import Move
from .safety import SafetyTable


def _held_back(game: Game) -> int | None:
    """The card the last move took off a foundation, if it did."""
    if not game._line:
        return None
    s, _i, t, _k, _f, _m = game._line[-1]
    if game._nt <= s < game._nt + game._nf and t < game._nt:
        return game._cols[t][-1]
    return None


def _safe_raw(game: Game, held: int | None) -> list[RawMove]:
    nt, nf = game._nt, game._nf
    counts = tuple(len(p) for p in game._found)
    safe = SafetyTable(game._v, game._withdraw, proven=False).safe(counts)
    want: dict[int, int] = {}
    for f, ok in enumerate(safe):
        card = game._v.foundation_suits[f] * 13 + counts[f]
        if ok and card != held:
            want.setdefault(card, nt + f)
    out: list[RawMove] = []
    for s, col in enumerate(game._cols):
        if col and col[-1] in want:
            out.append((s, len(col) - 1, want.pop(col[-1])))
    for k, x in enumerate(game._cells):
        if x is not None and x in want:
            out.append((nt + nf + k, -1, want.pop(x)))
    return out


def safe_moves(game: Game) -> list[Move]:
    """The foundation moves that are safe to play now (the game is not changed)."""
    return [game._to_move(m) for m in _safe_raw(game, _held_back(game))]


def play_safe_moves(game: Game) -> list[Move]:
    """Play safe foundation moves until none is left; return the Moves played."""
    held = _held_back(game)
    played: list[Move] = []
    while True:
        raw = _safe_raw(game, held)
        if not raw:
            return played
        played.append(game._push(raw[0]))
