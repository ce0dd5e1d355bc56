"""Pairs of facts that can hold together: a relaxation that sees two things never true at once.

``relaxation.blocked`` derives, card by card, what could *ever* happen; it cannot see that two
events it derives each happen in some line but never together (docs/solver-journal.md: "Where a
lost deal's positions lie"). ``Pairs`` works on an exact model of the game as facts and
actions, and computes which *pairs* of facts can ever hold in one position (h², Haslum and
Geffner, 2000). Where no position reachable can hold two facts a win needs at once, the
position is lost. For one-deck variants without free cells.

The model. A position is the set of facts true in it:

* ``on(x, p)``: card x lies directly on p, a card or the bottom of a column;
* ``clear(p)``: nothing lies on p (a column's top card, or an empty column's bottom);
* ``up(x)``: x is face up, for the cards face down at the search's start (a card face up
  stays face up, in a column or on its foundation, so the others need no such fact);
* ``next(x)``: x is its suit's next card for the foundation (its suit holds exactly the cards
  below it; so the cards below x are home, and no other card of the suit); ``done(s)``: suit s
  is complete.

Every legal move is one of these actions, and changes exactly the facts it names (*makes* and
*ends*; every other fact keeps its truth):

* ``move(x, p, q)``, x (and every card on it) from p onto q: needs ``on(x, p)``, ``up(x)`` (x
  face down at the start) and ``clear(q)``, where x builds on q, or x is a King and q a
  column's bottom; makes ``on(x, q)``, ``clear(p)`` and, p a card, ``up(p)`` (the card left
  on top is turned face up, or was up); ends ``on(x, p)`` and ``clear(q)``. The cards on x
  keep their facts.
* ``home(x, p)``: needs ``on(x, p)``, ``clear(x)`` and ``next(x)``; makes ``next`` of the
  card above x in its suit (``done`` after a King), ``clear(p)`` and ``up(p)`` (p a card);
  ends ``on(x, p)``, ``clear(x)`` and ``next(x)``.
* ``withdraw(x, q)``, under the rules' withdrawals: needs x on top of its foundation (``next``
  of the card above it, or ``done``) and ``clear(q)``, where x builds on q or, a King, q is a
  column's bottom; makes ``on(x, q)``, ``clear(x)`` and ``next(x)``; ends the foundation's
  ``next``/``done`` and ``clear(q)``.

(``up`` facts exist only for cards face down at the start; an action makes ``up(p)`` only for
such a p, and no action needs ``up`` of another card: those are face up for good.)

A card lies only where it lay at the start or on what a move can put it on (a card it builds on,
a column's bottom for a King), so the facts and actions built from a search's start position
(``Pairs(board)``) hold every later position of that search.

The pairs. A pair {f, g} (f = g: the fact alone) is *reachable* when it holds in the position
asked about, or some action a whose needs are pairwise reachable makes f and g, or makes f and
does not end g, with {g, r} reachable for every need r of a. Claim: every pair of facts true
together in a position reachable from the one asked about is reachable. By induction on a line
of play: true at its start; after a move, which is an action a taking position s to s', take a
pair of s'. Made both by a: a's needs hold in s, so they are pairwise reachable. One, f, made
and the other, g, not: g held in s and a does not end it, and a's needs held in s with it, so
{g, r} is reachable for each need r. Neither made: both held in s. So when ``done(s)``,
``done(t)`` or a pair of them is not reachable, no line wins: the position is lost.

The closures. The reachable pairs are the least set that holds the position's pairs and is
closed under the two rules. If every pair of facts true in another position Q lies in the
closure C of a position proved lost, the least closed set holding Q's pairs lies inside C, so Q
is lost too: ``lost`` keeps the closures of its last proofs and asks them first, which costs a
few operations on bit sets where a closure costs thousands.
"""

from __future__ import annotations

from ..engine.board import Board
from ..engine.cards import KING_RANK

CLOSURES_KEPT = 16
"""How many closures of positions proved lost ``Pairs.lost`` keeps to ask first."""


class Pairs:
    """The model of a search's start position (``board``): ``lost(position)`` asks it of any
    position of that search (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        if board.variant.decks != 1 or board.cells:
            raise ValueError("pairs of facts are modelled for one deck without free cells")
        parents = board.variant.parents
        ncols = board.ncols
        places = 52 + ncols  # a place: a card, or 52 + c for column c's bottom
        self.places = places
        self.suits = board.variant.foundation_suits
        # The facts, numbered: clear(p) is p, then up by card (used for the cards face down
        # at the start), next by card and done by suit, then on(x, p) for each place p card x
        # may ever lie on.
        self.up = places
        self.next = places + 52
        self.done = places + 104
        n = places + 108
        start = [-1] * 52  # where each card lies at the start (-1: on its foundation)
        hidden = [False] * 52  # face down at the start
        for c, col in enumerate(board.columns):
            for i, x in enumerate(col):
                start[x] = 52 + c if i == 0 else col[i - 1]
                hidden[x] = i < board.down[c]
        self.hidden = hidden
        bottoms = list(range(52, places))
        self.on = [-1] * (52 * places)
        spots: list[list[int]] = []  # where each card may move to
        for x in range(52):
            to = list(parents[x]) + (bottoms if x % 13 == KING_RANK else [])
            spots.append(to)
            for p in [*to, start[x]] if start[x] >= 0 else to:
                if self.on[x * places + p] < 0:
                    self.on[x * places + p] = n
                    n += 1
        self.n = n
        self.needs: list[list[int]] = []
        self.makes: list[list[int]] = []
        self.need_bits: list[int] = []
        self.make_bits: list[int] = []
        self.end_bits: list[int] = []
        for x in range(52):
            suit, rank = divmod(x, 13)
            after = self.done + suit if rank == KING_RANK else self.next + x + 1
            for p in range(places):
                on = self.on[x * places + p]
                if on < 0:
                    continue
                freed = [p, self.up + p] if p < 52 and hidden[p] else [p]
                for q in spots[x]:
                    if q != p:
                        needs = [on, self.up + x, q] if hidden[x] else [on, q]
                        self._action(needs, [self.on[x * places + q], *freed], [on, q])
                nx = self.next + x
                self._action([on, x, nx], [after, *freed], [on, x, nx])
            if board.withdraw:
                for q in spots[x]:
                    on = self.on[x * places + q]
                    self._action([after, q], [on, x, self.next + x], [after, q])
        self.closures: list[list[int]] = []

    def _action(self, needs: list[int], makes: list[int], ends: list[int]) -> None:
        made = 0
        for f in makes:
            made |= 1 << f
        ended = 0
        for f in ends:
            ended |= 1 << f
        needed = 0
        for f in needs:
            needed |= 1 << f
        self.needs.append(needs)
        self.makes.append(makes)
        self.need_bits.append(needed)
        self.make_bits.append(made)
        self.end_bits.append(ended & ~made)

    def facts(self, board: Board) -> list[int]:
        """The facts true in ``board``, a position of the search this model was built for."""
        out: list[int] = []
        places, on, hidden = self.places, self.on, self.hidden
        for c, col in enumerate(board.columns):
            down = board.down[c]
            if not col:
                out.append(52 + c)
                continue
            for i, x in enumerate(col):
                f = on[x * places + (52 + c if i == 0 else col[i - 1])]
                if f < 0:
                    raise ValueError("a position this model was not built for")
                out.append(f)
                if i >= down and hidden[x]:
                    out.append(self.up + x)
            out.append(col[-1])
        for pile, height in enumerate(board.heights):
            suit = self.suits[pile]
            for rank in range(height):
                if hidden[suit * 13 + rank]:
                    out.append(self.up + suit * 13 + rank)
            out.append(self.done + suit if height == 13 else self.next + suit * 13 + height)
        return out

    def lost(self, board: Board) -> bool:
        """No line of play wins from ``board``: a closure kept covers it, or its own shows
        that the four suits are never all complete (module docstring)."""
        facts = self.facts(board)
        held = 0
        for f in facts:
            held |= 1 << f
        closures = self.closures
        for k in range(len(closures) - 1, -1, -1):
            closure = closures[k]
            for f in facts:
                if closure[f] & held != held:
                    break
            else:
                return True
        rows = self.closure(facts, held)
        if not rows:
            return False
        closures.append(rows)
        if len(closures) > CLOSURES_KEPT:
            del closures[0]
        return True

    def closure(self, facts: list[int], held: int) -> list[int]:
        """The reachable pairs from a position holding ``facts`` (``held``, as bits), row f
        with bit g when {f, g} is reachable, when some pair of ``done`` facts is not; else an
        empty list, as soon as every pair of them is. Rounds of the two rules, each round
        trying only the actions with a need whose row grew in the round before."""
        rows = [0] * self.n
        for f in facts:
            rows[f] = held
        needs, makes = self.needs, self.makes
        need_bits, make_bits, end_bits = self.need_bits, self.make_bits, self.end_bits
        size = (self.n + 7) // 8
        done = self.done
        goal = 15 << done
        grew = -1  # the rows that grew in the last round: at first, every row
        while grew:
            grown = 0
            added: list[int] = []  # (f, bits) pairs: row f grew by bits
            for a in range(len(needs)):
                needed = need_bits[a]
                if not needed & grew:
                    continue
                both = -1
                for r in needs[a]:
                    both &= rows[r]
                if both & needed != needed:
                    continue  # some two needs are not reachable together (yet)
                new = (both & ~end_bits[a]) | make_bits[a]
                for f in makes[a]:
                    more = new & ~rows[f]
                    if more:
                        rows[f] |= more
                        grown |= 1 << f
                        added.append(f)
                        added.append(more)
            # Keep the rows symmetric: g joined row f, so f joins row g.
            for i in range(0, len(added), 2):
                bit = 1 << added[i]
                more = added[i + 1]
                grown |= more
                raw = more.to_bytes(size, "little")
                for k in range(size):
                    byte = raw[k]
                    if byte:
                        for j in _BITS[byte]:
                            rows[k * 8 + j] |= bit
            grew = grown
            if all(rows[done + s] & goal == goal for s in range(4)):
                return []
        return rows


_BITS = [[j for j in range(8) if b >> j & 1] for b in range(256)]
"""The bits set in each byte, for reading a bit set a byte at a time."""
