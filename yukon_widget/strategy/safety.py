"""Which foundation moves are safe: the rule behind safe auto-play and the solver's forced moves.

A card is *needed* in play only as a landing spot: its *children* are the cards that may be
built on it (``Variant.parents`` read backwards). Both rules below depend only on how many
cards each foundation holds, so they are cached per foundation state.

``player_safe`` is the rule the issue asks for in auto-play: every child is already up
(alternating colours: both opposite-colour cards one rank lower; Russian: the card below,
always up, so every foundation move is safe; Moosehide: the other three suits' lower cards;
Alaska builds up as well, and the next card of the suit is never up first, so only Kings).

``proven_safe`` is what the solver may play without branching. Without foundation
withdrawals it equals ``player_safe``. Soundness (no withdrawals): let ``c`` be a top card
whose children are all up. Any line of play from the position with ``c`` still in play is
mirrored from the position with ``c`` up by skipping the moves of ``c`` itself and dropping
``c`` from any group it rides in: no move ever lands on ``c`` (its children are up for good),
the card it covered is face up earlier, and an empty column or free cell only adds options.
So the mirrored line wins whenever the original did, and "lost" stays a proof.

With withdrawals a child could come back down and need ``c`` after all, and ``c`` on top of
its foundation also blocks withdrawing the lower cards of its suit. So the solver widens the
check: starting from ``c`` and the lower cards of its suit, it follows children through cards
that are up (each could be withdrawn and serve as a landing spot in a chain) and calls ``c``
safe only if no card still in play is reached. A withdrawn card is useful only as a landing
spot; when no card in play can ever land on such a chain, every withdrawal of those cards can
be cut from a winning line, and the mirror argument above goes through.
"""

from __future__ import annotations

from ..engine.variants import Variant

_CHILDREN: dict[str, tuple[tuple[int, ...], ...]] = {}


def children(v: Variant) -> tuple[tuple[int, ...], ...]:
    """``children(v)[c]``: the cards that may be built on card ``c`` in variant ``v``."""
    table = _CHILDREN.get(v.build)
    if table is None:
        kids: list[list[int]] = [[] for _ in range(52)]
        for x in range(52):
            for p in v.parents[x]:
                kids[p].append(x)
        table = _CHILDREN[v.build] = tuple(tuple(k) for k in kids)
    return table


class SafetyTable:
    """Per foundation state (cards per foundation pile): which pile's next card is safe."""

    def __init__(self, v: Variant, withdraw: bool, proven: bool) -> None:
        self.suits = v.foundation_suits
        self.decks = v.decks
        self.kids = children(v)
        self.wide = withdraw and proven
        self.slots = tuple(
            tuple(f for f, s in enumerate(self.suits) if s == suit) for suit in range(4)
        )
        self.cache: dict[tuple[int, ...], tuple[bool, ...]] = {}
        self.cards_cache: dict[tuple[int, ...], dict[int, int]] = {}

    def safe(self, found: tuple[int, ...]) -> tuple[bool, ...]:
        """For each foundation pile, whether its next card may go up safely (False when full)."""
        hit = self.cache.get(found)
        if hit is None:
            if len(self.cache) > 200_000:
                self.cache.clear()
            hit = self.cache[found] = tuple(
                n < 13 and self._card_safe(found, self.suits[f] * 13 + n)
                for f, n in enumerate(found)
            )
        return hit

    def safe_cards(self, found: tuple[int, ...]) -> dict[int, int]:
        """The cards that may go up safely now, each with its foundation pile (cached)."""
        hit = self.cards_cache.get(found)
        if hit is None:
            if len(self.cards_cache) > 200_000:
                self.cards_cache.clear()
            hit = {}
            for f, ok in enumerate(self.safe(found)):
                if ok:
                    hit[self.suits[f] * 13 + found[f]] = f
            self.cards_cache[found] = hit
        return hit

    def _up(self, found: tuple[int, ...], card: int) -> int:
        r = card % 13
        return sum(1 for f in self.slots[card // 13] if found[f] > r)

    def _card_safe(self, found: tuple[int, ...], c: int) -> bool:
        decks, kids = self.decks, self.kids
        if not self.wide:
            return all(self._up(found, k) == decks for k in kids[c])
        suit, r = divmod(c, 13)
        roots = [suit * 13 + q for q in range(r + 1)]
        seen = set(roots)
        todo = list(roots)
        while todo:
            y = todo.pop()
            for k in kids[y]:
                if k in seen:
                    continue
                if self._up(found, k) < decks:
                    return False
                seen.add(k)
                todo.append(k)
        return True
