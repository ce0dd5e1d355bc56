"""KDE Patience's (KPat's) own Yukon deals, so our solver can be checked against another one.

``kpat_yukon(n)`` is the game KPat deals as Yukon deal number ``n``: the same cards in the
same places, with foundation withdrawals off, as KPat plays Yukon. Its verdicts on deals 1
to 300 (``kpat --solve 10 --start 1 --end 300``, Debian's kpat 22.12.3) are kept beside the
tests; ``benchmarks/bench_kpat.py`` and ``docs/kpat.md`` compare them with ours.

The facts below were read from KPat's source and checked against its saved deals (the
project's note ``kpat-deals.md``); this module is written from that description alone.

Deck. Built rank-major: for each rank A, 2, ..., K the four suits in the order clubs,
diamonds, hearts, spades (``AC AD AH AS 2C 2D ...``).

Generator. The Microsoft-FreeCell linear congruential generator, seeded with the deal
number: ``seed = (214013 * seed + 2531011) mod 2**32`` and then
``rand = (seed >> 16) & 0x7FFF``.

Shuffle. Fisher-Yates from the end: for ``i`` from 52 down to 2, swap the card at index
``i - 1`` with the card at index ``rand % i``, drawing a new ``rand`` for each step.

Deal. Cards are taken from the *end* of the shuffled list. For round ``r`` = 0..10 and
column ``j`` = 0..6, left to right: column 0 gets a card only in round 0 (face up); column
``j >= 1`` gets a card while ``r < j + 5``, face down when ``r < j`` and face up otherwise.
That gives Yukon's usual columns of 1, 6, 7, ..., 11 cards with 21 face down.

Deal numbers run from 1 to ``2**31 - 1``: KPat keeps a deal number in a C ``int`` and its
"New Numbered Deal" dialog accepts 1 to ``INT_MAX``, so no other number names a KPat deal.
"""

from __future__ import annotations

from typing import Any

from .game import Game

__all__ = [
    "KPAT_DEAL_MAX",
    "KPAT_DECK",
    "check_deal",
    "kpat_deck",
    "kpat_rand",
    "kpat_yukon",
    "kpat_yukon_position",
]

KPAT_DEAL_MAX = 2**31 - 1
"""The largest deal number KPat accepts (``INT_MAX``); the smallest is 1."""

#: KPat's unshuffled deck, rank-major, suits clubs, diamonds, hearts, spades in each rank.
KPAT_DECK: tuple[str, ...] = tuple(r + s for r in "A23456789TJQK" for s in "CDHS")

_COLUMNS = 7
_ROUNDS = 11


def check_deal(deal: object) -> int:
    """Return ``deal`` if it is a deal number KPat accepts; raise ValueError saying why not."""
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"a KPat deal number must be an integer, not {type(deal).__name__}")
    if not 1 <= deal <= KPAT_DEAL_MAX:
        raise ValueError(
            f"a KPat deal number runs from 1 to 2**31 - 1 = {KPAT_DEAL_MAX} "
            f"(KPat keeps it in a C int), not {deal}"
        )
    return deal


def kpat_rand(seed: int, count: int) -> list[int]:
    """The first ``count`` outputs (0..32767) of the Microsoft-FreeCell generator from ``seed``.

    Each step is ``seed = (214013 * seed + 2531011) mod 2**32``, output ``(seed >> 16) & 0x7FFF``.
    """
    out = []
    for _ in range(count):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        out.append((seed >> 16) & 0x7FFF)
    return out


def kpat_deck(deal: int) -> list[str]:
    """KPat's shuffled deck for ``deal``, as card codes; the deal takes cards from the end."""
    deck = list(KPAT_DECK)
    draws = iter(kpat_rand(check_deal(deal), len(deck) - 1))
    for i in range(len(deck), 1, -1):  # i = 52 down to 2, one draw each
        j = next(draws) % i
        deck[i - 1], deck[j] = deck[j], deck[i - 1]
    return deck


def kpat_yukon_position(deal: int) -> dict[str, Any]:
    """KPat's Yukon deal ``deal`` as a position dict (``Game.from_position``), withdrawals off."""
    deck = kpat_deck(deal)
    down: list[list[str]] = [[] for _ in range(_COLUMNS)]
    up: list[list[str]] = [[] for _ in range(_COLUMNS)]
    for r in range(_ROUNDS):
        for j in range(_COLUMNS):
            if (j == 0 and r > 0) or r >= j + 5:
                continue  # column 0 takes one card; column j >= 1 takes j + 5
            card = deck.pop()  # from the end of the shuffled list
            # Bottom to top; face down while r < j (never in column 0), so down cards come first.
            (down if r < j else up)[j].append(card)
    return {
        "variant": "yukon",
        "rules": {"foundation_withdrawal": False},
        "tableau": [{"down": d, "up": u} for d, u in zip(down, up)],
        "foundations": [[], [], [], []],
    }


def kpat_yukon(deal: int) -> Game:
    """The game KPat deals as Yukon deal number ``deal`` (1 to 2**31 - 1), withdrawals off.

    Its ``seed`` is None: the deal comes from KPat's shuffle, not ours.
    """
    return Game.from_position(kpat_yukon_position(deal))
