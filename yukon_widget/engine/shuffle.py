"""The documented shuffle that makes a seed mean the same deal everywhere, forever.

Generator: SplitMix64 (Steele, Lea and Flood, 2014). With 64-bit wrap-around arithmetic::

    state  = state + 0x9E3779B97F4A7C15
    z      = state
    z      = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z      = (z ^ (z >> 27)) * 0x94D049BB133111EB
    output = z ^ (z >> 31)

starting from ``state = seed`` (an integer from 0 to 2**64 - 1).

A uniform integer below ``n`` is drawn by rejection: draw outputs until one is below
``2**64 - (2**64 % n)``, then take it modulo ``n``.

The deck starts in order AS 2S ... KS, AH ... KH, AD ... KD, AC ... KC (two decks: that
sequence twice) and is shuffled by Fisher-Yates: for ``i`` from ``len(deck) - 1`` down to 1,
swap ``deck[i]`` with ``deck[j]`` where ``j`` is a uniform integer below ``i + 1``.

The deal then takes cards from the front of the shuffled deck, column by column from the
left, each column bottom to top: its face-down cards first, then its face-up cards. The deck
order depends only on the seed and the number of decks, so Yukon, Russian, Alaska, Moosehide
and Yukon Cells deal the same layout for the same seed: the variants can be compared on
identical deals.
"""

from __future__ import annotations

import secrets

_MASK = (1 << 64) - 1
SEED_LIMIT = 1 << 64


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a usable seed; raise ValueError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be an integer, not {seed!r}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed must be between 0 and 2**64 - 1, not {seed}")
    return seed


def random_seed() -> int:
    """A fresh seed for ``seed=None``: short enough to read aloud and type back in."""
    return secrets.randbelow(10**9)


class SplitMix64:
    """The generator above; ``next()`` gives 64-bit outputs."""

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed)

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection (no modulo bias)."""
        limit = SEED_LIMIT - SEED_LIMIT % n
        while True:
            r = self.next()
            if r < limit:
                return r % n


def shuffled_deck(seed: int, decks: int = 1) -> list[int]:
    """The shuffled card integers for ``seed`` (see the module docstring)."""
    deck = [card for _ in range(decks) for card in range(52)]
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
