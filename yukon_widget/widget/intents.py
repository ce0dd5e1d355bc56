"""What the page may ask for, checked before anything changes.

The page is not trusted: every message is validated here (types, pile ids, the card really
being where the page says) and the move itself by the same engine scripts use. Every refusal
is an ``IntentError`` whose message is in player words ("column 3", "the spades foundation",
never "t3" or an index), because the page shows it to the player as it is.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine import VARIANTS, Game, Move
from ..engine.cards import CODES
from ..engine.shuffle import SEED_LIMIT
from .state import MODES, pile_words


class IntentError(ValueError):
    """A message from the page that is malformed or asks for something impossible; its
    message is for the player. ``detail`` says what was wrong, for developers (logs)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail or message


#: The page sent something no version of it would send: a bug or a forgery. Nothing the
#: player can do about it, so the message says only that nothing happened.
GARBLED = "The board sent a request the game could not read, so nothing changed."
MOVED = "That card has already moved."

_FIELDS: dict[str, frozenset[str]] = {
    "move": frozenset({"source", "index", "target"}),
    "click": frozenset({"source", "index"}),
    "undo": frozenset(),
    "redo": frozenset(),
    "restart": frozenset(),
    "hint": frozenset(),
    "auto_finish": frozenset(),
    "new_game": frozenset({"variant", "seed", "mode"}),
    "settings": frozenset({"click_to_move", "safe_autoplay", "fair_hints", "show_clock"}),
}
_REQUIRED = {"move": {"source", "target"}, "click": {"source"}}
#: Any intent may say which view of the board sent it (a short id the page makes up); the
#: reply to it carries it back in ``intent``, so only that view shows a refusal.
_VIEW = "view"
_SEED_TEXT = re.compile(r"[0-9]{1,20}")


def _garbled(detail: str) -> IntentError:
    return IntentError(GARBLED, detail)


def check_intent(msg: Any, game: Game) -> dict[str, Any]:
    """The message if it is well-formed for ``game`` (a seed sent as digits, as the page
    does past 2**53, is made a number); IntentError otherwise.

    Pile ids must be exactly ids of this board ("t3", not " t3" or "T3"): the page only ever
    sends ids it was given in ``state``, so anything else is not the page's doing.
    """
    if not isinstance(msg, dict):
        raise _garbled(f"a message must be an object, not {type(msg).__name__}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _garbled(f"unknown intent type {_brief(kind)}")
    view = msg.get(_VIEW)
    if _VIEW in msg and (not isinstance(view, str) or not 0 < len(view) <= 40):
        raise _garbled(f"'view' must be a short text id, not {_brief(view)}")
    keys = set(msg) - {"type", _VIEW}
    if keys - _FIELDS[kind]:
        raise _garbled(f"unexpected field(s) for {kind!r}: {_brief(sorted(map(str, keys)))}")
    missing = _REQUIRED.get(kind, set()) - keys
    if missing:
        raise _garbled(f"{kind!r} needs {', '.join(sorted(missing))}")
    for key in ("source", "target"):
        if key in msg and (not isinstance(msg[key], str) or msg[key] not in game.pile_ids):
            raise _garbled(f"{key!r} is not a pile id of this board: {_brief(msg[key])}")
    index = msg.get("index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int)):
        raise _garbled(f"'index' must be a whole number or null, not {_brief(index)}")
    if kind == "new_game":
        variant = msg.get("variant")
        if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
            raise _garbled(f"unknown variant {_brief(variant)}")
        seed = msg.get("seed")
        if isinstance(seed, str) and _SEED_TEXT.fullmatch(seed):
            # past 2**53 the page sends the deal number as text: a JavaScript number is not exact
            seed = int(seed)
            msg = {**msg, "seed": seed}
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT
        ):
            raise IntentError(
                f"A deal number is a whole number from 0 to {SEED_LIMIT - 1:,}.",
                f"bad seed {_brief(seed)}",
            )
        mode = msg.get("mode", "random")
        if not isinstance(mode, str) or mode not in MODES:
            raise _garbled(f"unknown mode {_brief(mode)}")
    if kind == "settings":
        if not keys:
            raise _garbled(
                "'settings' needs click_to_move, safe_autoplay, fair_hints or show_clock"
            )
        for key in keys:
            if not isinstance(msg[key], bool):
                raise _garbled(f"setting {key!r} must be true or false, not {_brief(msg[key])}")
    return msg


def _card_at(game: Game, source: str, index: int | None) -> tuple[int, int, int]:
    """(pile, index, card) the page points at; IntentError if no movable card is there.

    A page that is a step behind (a double click, a click during an animation) can point
    at a card that has just moved: that is the player's view being stale, not a forgery.
    """
    s = game.pile_ids.index(source)
    board = game.board
    nt = board.ncols
    if s < nt:
        col, d = board.columns[s], board.down[s]
        if index is None or not 0 <= index < len(col):
            raise IntentError(MOVED, f"{source} has no card at index {_brief(index)}")
        if index < d:
            raise IntentError("That card is face down.", f"{source}[{index}] is face down")
        return s, index, col[index]
    if index is not None:
        raise IntentError(MOVED, f"a card from {source} needs no index")
    card = board.card_at(s, -1)
    if card is None:
        where = pile_words(source, game)
        raise IntentError(f"{where[0].upper()}{where[1:]} is empty.", f"{source} is empty")
    return s, -1, card


def move_from_intent(game: Game, source: str, index: int | None, target: str) -> Move:
    """The Move a drop names (the engine still decides whether it is legal)."""
    _, i, card = _card_at(game, source, index)
    return Move(CODES[card], source, target, i if i >= 0 else None)


def click_move(game: Game, source: str, index: int | None) -> Move | None:
    """Where a click sends a card: a top card to its foundation if it fits; otherwise the
    card with its group onto the first column it builds on, a King to the first empty one."""
    s, i, _ = _card_at(game, source, index)
    board = game.board
    nt, nf = board.ncols, board.nfound
    options = [m for m in board.moves() if m[0] == s and (m[1] == i or s >= nt)]
    ups = [m for m in options if nt <= m[2] < nt + nf]
    if ups:
        return game.to_move(ups[0])
    cols = sorted((not board.columns[t], t, (a, b, t)) for a, b, t in options if t < nt)
    return game.to_move(cols[0][2]) if cols else None


def _brief(value: Any) -> str:
    """A value for a log line, cut short: the page can send anything."""
    try:
        text = repr(value)
    except Exception:  # a huge int has no repr past 4,300 digits
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."
