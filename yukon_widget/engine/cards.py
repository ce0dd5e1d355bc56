"""Cards as small integers, and their codes, symbols and spoken names.

A card is ``suit * 13 + rank - 1`` (suits S H D C = 0 1 2 3, ranks 1..13), so a deck is
``range(52)`` and the engine's hot paths compare integers. Two decks simply hold each
integer twice: identical cards are interchangeable in play.
"""

from __future__ import annotations

from itertools import islice

SUITS = "SHDC"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)  # fmt: skip

#: The canonical code of every card, indexed by the card's integer.
CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_BY_CODE = {code: i for i, code in enumerate(CODES)}
# Every accepted spelling, listed outright: str.upper() would also fold look-alikes such as
# "ſ" (long s) to "S", so nothing is case-folded at read time.
_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS)}
_RANK_OF["10"] = RANKS.index("T")
_SUIT_OF = {s: i for i, s in enumerate(SUITS)} | {s.lower(): i for i, s in enumerate(SUITS)}
_SUIT_OF |= {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
#: The blanks readers strip or split on: ASCII only, like the rest of the notation.
SPACE = " \t\n\r\f\v"


def rank(card: int) -> int:
    """The rank, 1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """The suit index, 0..3 for S H D C."""
    return card // 13


def is_red(card: int) -> bool:
    """Hearts and diamonds are red."""
    return 1 <= card // 13 <= 2


#: A King's ``card % 13``: hot loops compare it inline rather than call ``is_king``.
KING_RANK = 12


def is_king(card: int) -> bool:
    """Kings alone (with what lies on them) may fill an empty column."""
    return card % 13 == KING_RANK


def parse_card(text: str) -> int:
    """Read a card code: ``"TS"``, ``"10s"``, ``"7♥"``, ``"qd"``. Raises ValueError."""
    found = _BY_CODE.get(text) if type(text) is str else None
    if found is not None:
        return found
    if not isinstance(text, str):
        raise ValueError(f"a card code must be a string, not {type(text).__name__[:40]}")
    code = text.strip(SPACE)
    r, s = _RANK_OF.get(code[:-1]), _SUIT_OF.get(code[-1:])
    if r is not None and s is not None:
        return s * 13 + r
    raise ValueError(
        f"unknown card code {brief(text)}: use a rank from A 2 3 4 5 6 7 8 9 T J Q K "
        "(or 10) and a suit from S H D C (or ♠ ♥ ♦ ♣), such as 'TS' or '7♥'"
    )


def symbol(card: int) -> str:
    """A short printed form: ``"10♠"``, ``"7♥"``."""
    r = rank(card)
    return ("10" if r == 10 else RANKS[r - 1]) + SUIT_SYMBOLS[suit(card)]


def spoken(card: int) -> str:
    """The accessible name: ``"7 of hearts"``, ``"ace of spades"``."""
    return f"{RANK_NAMES[rank(card) - 1]} of {SUIT_NAMES[suit(card)]}"


def brief(value: object, limit: int = 40) -> str:
    """A short description of any value, for error messages about input.

    Input can be huge or nested without bound, and ``repr()`` of it can then be enormous,
    slow, or raise RecursionError (or ValueError, for an int past Python's digit limit).
    This shows strings, numbers, lists, tuples and dicts briefly (at most two levels, a few
    items, about ``limit`` characters) and anything else by its type. It lives here, in the
    engine's lowest module, so every reader can share it.
    """
    text = _brief(value, 2, limit)
    return text if len(text) <= 2 * limit else text[: 2 * limit] + "..."


def _brief(value: object, depth: int, limit: int) -> str:
    # Exact types only: a subclass may override __repr__ or __len__ with anything.
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return repr(value)
    if isinstance(value, int) and kind is int:
        bits = value.bit_length()
        return repr(value) if bits <= 128 else f"an integer of about {bits * 3 // 10} digits"
    if isinstance(value, str) and kind is str:
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, (list, tuple, dict)) and kind in (list, tuple, dict):
        opening, closing = {list: "[]", tuple: "()", dict: "{}"}[kind]
        if not value:
            return opening + closing
        if depth == 0:
            return f"{opening}...{closing}"
        if isinstance(value, dict):
            pairs = islice(value.items(), 3)
            items = [
                f"{_brief(k, depth - 1, limit)}: {_brief(v, depth - 1, limit)}" for k, v in pairs
            ]
        else:
            items = [_brief(v, depth - 1, limit) for v in value[:3]]
        size = len(value)
        more = f", ... ({size} items)" if size > 3 else ("," if kind is tuple and size == 1 else "")
        return opening + ", ".join(items) + more + closing
    return f"a value of type {kind.__name__[:limit]}"
