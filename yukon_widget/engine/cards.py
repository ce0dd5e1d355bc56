"""Cards as small integers, and their codes, symbols and spoken names.

A card is ``suit * 13 + rank - 1`` (suits S H D C = 0 1 2 3, ranks 1..13), so a deck is
``range(52)`` and the engine's hot paths compare integers. Two decks simply hold each
integer twice: identical cards are interchangeable in play.
"""

from __future__ import annotations

SUITS = "SHDC"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)  # fmt: skip
KING = 13

#: The canonical code of every card, indexed by the card's integer.
CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_BY_CODE = {code: i for i, code in enumerate(CODES)}
_SUIT_ALIASES = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}
_SUIT_ALIASES |= {"♤": 0, "♡": 1, "♢": 2, "♧": 3}


def rank(card: int) -> int:
    """The rank, 1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """The suit index, 0..3 for S H D C."""
    return card // 13


def is_red(card: int) -> bool:
    """Hearts and diamonds are red."""
    return 1 <= card // 13 <= 2


def make(rank_: int, suit_: int) -> int:
    """The card of this rank (1..13) and suit (0..3)."""
    return suit_ * 13 + rank_ - 1


def parse_card(text: str) -> int:
    """Read a card code: ``"TS"``, ``"10s"``, ``"7♥"``, ``"qd"``. Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"a card code must be a string, not {type(text).__name__}")
    code = text.strip().upper()
    found = _BY_CODE.get(code)
    if found is not None:
        return found
    if len(code) >= 2 and code[-1] in _SUIT_ALIASES:
        r = code[:-1]
        r = "T" if r == "10" else r
        if len(r) == 1 and r in RANKS:
            return _SUIT_ALIASES[code[-1]] * 13 + RANKS.index(r)
    raise ValueError(
        f"unknown card code {text!r}: use a rank from A 2 3 4 5 6 7 8 9 T J Q K "
        "(or 10) and a suit from S H D C (or ♠ ♥ ♦ ♣), such as 'TS' or '7♥'"
    )


def symbol(card: int) -> str:
    """A short printed form: ``"10♠"``, ``"7♥"``."""
    r = rank(card)
    return ("10" if r == 10 else RANKS[r - 1]) + SUIT_SYMBOLS[suit(card)]


def spoken(card: int) -> str:
    """The accessible name: ``"7 of hearts"``, ``"ace of spades"``."""
    return f"{RANK_NAMES[rank(card) - 1]} of {SUIT_NAMES[suit(card)]}"
