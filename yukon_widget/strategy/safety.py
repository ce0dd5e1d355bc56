"""Which foundation moves are safe: the rule behind safe auto-play and the solver's forced moves.

A card is *needed* in play only as a landing spot: its *children* are the cards that may be
built on it (``Variant.children``). Both rules below depend only on how many
cards each foundation holds, so ``SafetyTable`` caches them per foundation state.

The player's rule (``proven=False``, safe auto-play): a card may go up when every child is
already up (alternating colours: both opposite-colour cards one rank lower; Russian: the card
below, always up first, so every foundation move is safe; Moosehide: the other three suits'
lower cards; Alaska builds up as well, and the next card of its suit is never up first, so
only Kings).

The solver's rule (``proven=True``): a move it plays without branching, so it must never turn
a winnable position into a lost one. Without foundation withdrawals it is the player's rule.
Why that is sound: let ``c`` be a top card (or a card in a cell) whose children are all up,
and L a winning line from the position P with ``c`` in play. No card ever lands on ``c``
(its children stay up), so ``c`` is always the top card of its pile and moves alone. Play L
from P', which is P with ``c`` sent up, skipping the moves of ``c`` itself: P' and the
positions it passes through are L's positions without ``c``, except that a face-down card
that only ``c`` covered is face up already. Every other move of L stays legal: its moved card
is not ``c``; it does not land on ``c``; a target pile's top card is the same (or the pile
is as empty); a free cell is as free; a foundation move needs the same lower cards, and
``c`` is the next card of its suit, so nothing in L needed it lower. A card face up earlier
only adds moves. So the mirrored line wins too.

With withdrawals a child could come back down and need ``c``, and ``c`` on its foundation
blocks withdrawing the lower cards of its suit. So the solver widens the check: let the
*closure* be ``c`` and, repeatedly, every child of a closure card and every lower card of a
closure card's suit; each but ``c`` must be up (both copies with two decks), else ``c`` is
not safe. When it is, take a winning line L from P and drop from it every withdrawal of a
closure card and every later move of a card so withdrawn (as the moved card of its group,
or going home again). Only closure cards can land on closure cards (a card that builds on
one is its child, in the closure), so withdrawn closure cards only ever form stacks on top
of columns, over other cards or alone in a column. Removing those stacks changes no other
move: nothing else lands on them, so every target's top card is unchanged; the card under
a stack is uncovered earlier, which only adds moves; a column holding only a stack is
empty, which only adds moves. Every other withdrawal stays legal: the closure holds every
lower card of its suits, so a card outside it has no closure card above it on its
foundation, and it is on top there exactly when it is in L. With no closure card
withdrawn, ``c`` going up at once blocks nothing the shortened line does, and the first
argument applies to what is left. So the forced move loses no win.

Two decks add one condition (``SafetyTable._twin_waits``): when the other pile of the suit
is lower, the other copy of ``c`` is in play and could go up only on ``c``'s pile for now.
A line may send that copy up first and so uncover what it covers; with ``c`` forced up
instead, it waits. Such moves are never safe. With piles of equal height the two copies and
the two piles are interchangeable, and the arguments above hold.
"""

from __future__ import annotations

from ..engine.board import Board, RawMove
from ..engine.variants import Variant


class SafetyTable:
    """Per foundation state (cards per foundation pile): which pile's next card is safe."""

    def __init__(self, v: Variant, withdraw: bool, proven: bool) -> None:
        self.suits = v.foundation_suits
        self.decks = v.decks
        self.kids = v.children
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
                n < 13
                and not self._twin_waits(found, f)
                and self._card_safe(found, self.suits[f] * 13 + n)
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

    def safe_move(self, board: Board) -> RawMove | None:
        """The first foundation move on ``board`` that is safe now (a top card of a column,
        else a card in a cell), or None: the searches play these without branching."""
        want = self.safe_cards(tuple(board.heights))
        if not want:
            return None
        nt = board.ncols
        for s, col in enumerate(board.columns):
            if col and col[-1] in want:
                return (s, len(col) - 1, nt + want[col[-1]])
        for k, x in enumerate(board.cells):
            if x is not None and x in want:
                return (nt + board.nfound + k, -1, nt + want[x])
        return None

    def _up(self, found: tuple[int, ...], card: int) -> int:
        r = card % 13
        return sum(1 for f in self.slots[card // 13] if found[f] > r)

    def _twin_waits(self, found: tuple[int, ...], f: int) -> bool:
        """Two decks: another pile of pile ``f``'s suit is lower, so the other copy of its
        next card is in play and could go up only on ``f`` until that pile catches up.

        Sending one copy up on ``f`` then can strand the other on top of cards that a line
        of play needed it to uncover early (it went up first there); so neither rule calls
        the move safe. With equal heights the piles are interchangeable and the copies are
        too, so the arguments above hold.
        """
        n = found[f]
        return any(found[g] < n for g in self.slots[self.suits[f]] if g != f)

    def _card_safe(self, found: tuple[int, ...], c: int) -> bool:
        decks, kids = self.decks, self.kids
        if not self.wide:
            return all(self._up(found, k) == decks for k in kids[c])
        # The closure (see the module's docstring): c, the lower cards of its suit, and every
        # child of a closure card, with the lower cards of its suit; each must be up.
        seen: set[int] = set()
        todo = [c]
        while todo:
            y = todo.pop()
            if y in seen:
                continue
            if y != c and self._up(found, y) < decks:
                return False
            seen.add(y)
            if y % 13:
                todo.append(y - 1)
            todo.extend(kids[y])
        return True
