"""What the page may ask for, checked before anything changes.

The page is not trusted: every message is validated here (types, pile ids, the card really
being where the page says) and the move itself by the same engine scripts use.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, IllegalMoveError, Move
from ..engine.cards import CODES
from ..engine.shuffle import check_seed
from ..engine.variants import get_variant
from .state import MODES


class IntentError(ValueError):
    """A message from the page that is malformed or asks for something impossible."""


_FIELDS: dict[str, set[str]] = {
    "move": {"source", "index", "target"},
    "click": {"source", "index"},
    "undo": set(),
    "redo": set(),
    "restart": set(),
    "hint": set(),
    "auto_finish": set(),
    "new_game": {"variant", "seed", "mode"},
    "settings": {"click_to_move", "safe_autoplay"},
}
_REQUIRED = {"move": {"source", "target"}, "click": {"source"}}


def check_intent(msg: Any) -> dict[str, Any]:
    """The message if it is well-formed; IntentError saying what is wrong otherwise."""
    if not isinstance(msg, dict):
        raise IntentError(f"a message must be an object, not {type(msg).__name__}")
    kind = msg.get("type")
    if kind not in _FIELDS:
        raise IntentError(f"unknown intent {kind!r}: expected one of {', '.join(_FIELDS)}")
    extra = set(msg) - _FIELDS[kind] - {"type"}
    if extra:
        raise IntentError(f"unexpected field(s) for {kind!r}: {', '.join(sorted(map(str, extra)))}")
    missing = _REQUIRED.get(kind, set()) - set(msg)
    if missing:
        raise IntentError(f"{kind!r} needs {', '.join(sorted(missing))}")
    for key in ("source", "target"):
        if key in msg and not isinstance(msg[key], str):
            raise IntentError(f"{key!r} must be a pile id such as 't3', not {msg[key]!r}")
    index = msg.get("index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
        raise IntentError(f"'index' must be a whole number or null, not {index!r}")
    if kind == "new_game":
        if msg.get("variant") is not None:
            try:
                get_variant(msg["variant"])
            except ValueError as err:
                raise IntentError(str(err)) from None
        if msg.get("seed") is not None:
            try:
                check_seed(msg["seed"])
            except ValueError as err:
                raise IntentError(str(err)) from None
        if msg.get("mode", "random") not in MODES:
            raise IntentError(
                f"unknown mode {msg.get('mode')!r}: expected one of {', '.join(MODES)}"
            )
    if kind == "settings":
        if not set(msg) - {"type"}:
            raise IntentError("'settings' needs click_to_move or safe_autoplay")
        for key in _FIELDS["settings"] & set(msg):
            if not isinstance(msg[key], bool):
                raise IntentError(f"setting {key!r} must be true or false, not {msg[key]!r}")
    return msg


def _card_at(game: Game, source: str, index: int | None) -> tuple[int, int, int]:
    """(pile, index, card) the page points at; IntentError if no movable card is there."""
    try:
        s = game._pile(source)
    except IllegalMoveError as err:
        raise IntentError(str(err)) from None
    nt, nf = game._nt, game._nf
    if s < nt:
        col, d = game._cols[s], game._down[s]
        if index is None or not 0 <= index < len(col):
            raise IntentError(f"{source} has no card at index {index!r}")
        if index < d:
            raise IntentError(f"the card at index {index} of {source} is face down")
        return s, index, col[index]
    if index is not None:
        raise IntentError(f"a card from {source} needs no index")
    card = game._found[s - nt][-1] if s < nt + nf and game._found[s - nt] else None
    if s >= nt + nf:
        card = game._cells[s - nt - nf]
    if card is None:
        raise IntentError(f"{source} is empty")
    return s, -1, card


def move_from_intent(game: Game, source: str, index: int | None, target: str) -> Move:
    """The Move a drop names (the engine still decides whether it is legal)."""
    _, i, card = _card_at(game, source, index)
    return Move(CODES[card], source, target, i if i >= 0 else None)


def click_move(game: Game, source: str, index: int | None) -> Move | None:
    """Where a click sends a card: a top card to its foundation if it fits; otherwise the
    card with its group onto the first column it builds on, a King to the first empty one."""
    s, i, _ = _card_at(game, source, index)
    nt, nf = game._nt, game._nf
    options = [m for m in game._raw_moves() if m[0] == s and (m[1] == i or s >= nt)]
    ups = [m for m in options if nt <= m[2] < nt + nf]
    if ups:
        return game._to_move(ups[0])
    cols = sorted((not game._cols[t], t, (a, b, t)) for a, b, t in options if t < nt)
    return game._to_move(cols[0][2]) if cols else None
