"""Moves and their notation.

A move names the moved card (the lowest card of the group), the pile it leaves and the pile
it goes to: ``TS t4-t2`` moves the Ten of spades and everything on it from column 4 to column
2; ``AS t1-f1`` sends an Ace up; ``KS f1-t3`` takes a King back off a foundation; ``5H t3-c1``
puts a card in a free cell.

With two decks a column can hold both copies of a card face up; only then does the move also
name the card's row in its column, counted from 1 at the bottom (face-down cards included,
as the text board numbers them): ``TS t4:7-t2``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import CODES, SPACE, brief, parse_card


class IllegalMoveError(ValueError):
    """A move the rules do not allow; the message says why, and the game is unchanged."""


class AmbiguousMoveError(IllegalMoveError):
    """A move that could mean more than one move here (say which); the game is unchanged."""


class InvalidMoveError(ValueError):
    """Text or fields that are not a move at all (bad notation, card code or pile id)."""


class _MoveFields(NamedTuple):
    card: str
    source: str
    target: str
    index: int | None = None


class Move(_MoveFields):
    """A move: ``card`` (code of the lowest moved card), ``source`` and ``target`` pile ids.

    ``index`` is the card's position in its column (0 = bottom), set only when the column
    holds two face-up copies of the card (two decks); otherwise it is None. The fields are
    normalised, so ``Move("jd", "T2", "t7") == Move("JD", "t2", "t7")``; anything that is
    not a card code, a pile id (or "" for a source the game is to find) or a row raises
    InvalidMoveError.
    """

    __slots__ = ()

    def __new__(cls, card: str, source: str, target: str, index: int | None = None) -> Move:
        # Canonical fields (what the engine itself passes) are taken as they are, fast.
        if type(card) is not str or card not in _CANONICAL_CARDS:
            try:
                card = CODES[parse_card(card)]
            except ValueError as err:
                raise InvalidMoveError(str(err)) from None
        if type(source) is not str or source not in _CANONICAL_PILES:
            source = _pile(source)
        if type(target) is not str or not target or target not in _CANONICAL_PILES:
            target = _pile(target)
        if index is not None and (type(index) is not int or index < 0):
            raise InvalidMoveError(
                f"a row index must be None or a whole number from 0, not {brief(index)}"
            )
        return super().__new__(cls, card, source, target, index)

    def __str__(self) -> str:
        if self.index is None:
            return f"{self.card} {self.source}-{self.target}"
        return f"{self.card} {self.source}:{self.index + 1}-{self.target}"

    def __repr__(self) -> str:
        extra = "" if self.index is None else f", index={self.index}"
        return f"Move({self.card!r}, {self.source!r}, {self.target!r}{extra})"

    @classmethod
    def make(cls, card: str, source: str, target: str, index: int | None = None) -> Move:
        """The same as ``Move(...)``, which normalises its fields (kept for old scripts)."""
        return cls(card, source, target, index)


# Pile numbers have at most two digits (t10, f8) and rows at most three (a column holds at
# most 104 cards), so no id or row a reader passes on can make a message long.
_PILE = re.compile(r"[tfc][1-9][0-9]?")
_SOURCE = re.compile(r"([tfc][1-9][0-9]?)(?::([1-9][0-9]*))?")
_ROW_DIGITS = 3
# ASCII only: str.lower() and Unicode classes would let look-alikes through.
_BLANKS = re.compile(r"[ \t\n\r\f\v]+")
_ARROW = re.compile(r"[ \t\n\r\f\v]*(?:->|-|>|→)[ \t\n\r\f\v]*")


_CANONICAL_CARDS = frozenset(CODES)
# Every pile id any variant has, and "" (a source left for the game to find).
_CANONICAL_PILES = frozenset(
    [""] + [f"t{k}" for k in range(1, 11)] + [f"f{k}" for k in range(1, 9)] + ["c1", "c2"]
)


def _pile(text: str) -> str:
    pid = text.strip(SPACE) if isinstance(text, str) else ""
    if not (pid.isascii() and _PILE.fullmatch(pid.lower())):
        raise InvalidMoveError(
            f"{brief(text)} is not a pile id: use t1..t10 (columns), f1..f8 (foundations) "
            "or c1, c2 (cells)"
        )
    return pid.lower()


def parse_notation(text: str) -> tuple[str, str | None, int | None, str]:
    """Split notation into (card code, source or None, index or None, target).

    Accepts ``"TS t4-t2"``, ``"TS t4 t2"``, ``"TS t4>t2"``, ``"TS t4:7-t2"`` and, with the
    source left out for the game to find, ``"TS t2"`` or ``"TS>t2"``. Anything else raises
    ValueError, with the text shown only in part: it may be of any length.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(
            f"a move must be notation text or a Move, not {type(text).__name__[:40]}"
        )
    parts = [part for part in _BLANKS.split(_ARROW.sub(" ", text)) if part]
    if len(parts) not in (2, 3):
        raise InvalidMoveError(
            f"cannot read the move {brief(text)}: write the card, its pile and the target, "
            "such as 'TS t4-t2' or 'AS t1-f1'"
        )
    try:
        card = CODES[parse_card(parts[0])]
    except ValueError as err:
        raise InvalidMoveError(str(err)) from None
    target = _pile(parts[-1])
    if len(parts) == 2:
        return card, None, None, target
    found = _SOURCE.fullmatch(parts[1].lower()) if parts[1].isascii() else None
    if not found:
        raise InvalidMoveError(
            f"cannot read the source {brief(parts[1])} in {brief(text)}: use e.g. 't4' or 't4:7'"
        )
    source, row = found.groups()
    if row is not None and len(row) > _ROW_DIGITS:
        shown = row if len(row) <= 20 else row[:20] + "..."
        raise InvalidMoveError(f"no column has a row {shown}: rows count from 1 at the bottom")
    return card, source, (int(row) - 1 if row else None), target
