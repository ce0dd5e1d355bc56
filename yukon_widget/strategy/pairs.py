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
few operations on bit sets where a closure costs thousands; the one that covers a position moves
to the front, so the closures that keep serving stay.

Merged closures. The argument above needs of C only that it is closed under the two rules,
holds Q's pairs and lacks a pair of done facts: the least closed set holding Q's pairs then lies
inside C and lacks it too. So a new proof's closure is first merged into a kept one (``merge``:
the least closed set holding both, computed from their union; neither is the least of any one
position then, but each is closed): where the merge still lacks a pair of done facts it
replaces the kept closure, and covers every position either covered, and more (positions whose
pairs lie in neither alone); where it reaches the goal, the new closure is kept on its own.
Proofs made in one part of a search merge into a few closures that keep growing, where each
used to cover little beyond its own position. The exhaustive search of Yukon 711 without
withdrawals asking pairs from the start: lost at 1,512,464 positions in 22.6 s against
3,865,313 in 51.7 s (journal: "Merged closures").

The last open test's trail. Most tests a search asks come out open (some pair of done facts is
reachable), and such a test runs until the goal is reached. ``closure`` notes the actions that
grew a row, in order, and the next test first tries those once, in that order (``_replay``),
before its rounds. Each is applied exactly as a round applies it (only when its needs are
pairwise reachable in the rows so far), so every pair the replay adds lies in the least closed
set, and the rounds go on from rows that lie between the position's pairs and that set: they
reach the same least closed set, and the verdict is the one without the replay; only the work
changes. Nearby positions of a search reach their goal in much the same order: in Yukon deal
774's solve with withdrawals the replay alone answers 512 of the 5,706 open tests and primes
the rounds of the rest, and its closures took 2.29 to 2.31 s against 2.59 to 2.61 (journal:
"The last open test's trail").

The sets. A set of facts is a ``Facts``: WORDS words of WORD bits, changed in place. Python
integers as bit sets cost an allocation per operation, most of a test's time; the compiled core
keeps the words in the object as native 64-bit integers (``i64``: no check for a boxed large
integer at each operation; WORD stays below 63 bits, so a word is the same number uncompiled),
and reads the constants (``Final``) without looking them up. An action's new pairs are made
symmetric at once, a row per fact that joined, found a bit at a time; the test ends as soon as
the rows of the done facts hold the goal; the closure is worked in rows the model keeps, that
each action points into, and copied out only when it is kept. Yukon deal 565 with withdrawals,
the exhaustive search alone asking it from the start (17,130 tests, 356,560 positions): 26.6
CPU s with integers, 7.2 s with words of tagged integers (the build before), 5.6 s now; a
test on 720 positions of six deals, 0.42 ms then 0.20 ms (docs/solver-journal.md).
Making rows symmetric is most of a closure's work (Yukon 774 with withdrawals, the first 30,000
positions of the exhaustive search asking pairs from the start: 593 closures joined 6.3 million
rows, 41 for each action that grew one), so each row is found by one lookup, in a table per
word by the bit's remainder modulo 67 (``slots_of``), and the action's facts are or-ed in word
by word; an action's three need rows are met in one call (``Facts.common``). That took a tenth
off the hard solves that ask pairs most (774 with withdrawals 4.15 s against 4.79 s side by
side; journal: "Rows by bit").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..engine.board import Board
from ..engine.cards import KING_RANK

if TYPE_CHECKING:
    # The compiled core's native 64-bit integers (plain ints when not compiled).
    from mypy_extensions import i64

CLOSURES_KEPT: Final = 64
"""How many closures of positions proved lost ``Pairs.lost`` keeps to ask first, the one that
last covered a position first. Yukon deal 774 with withdrawals (29,156 tests in its main
search): of 16 kept in the order made, 4,174 positions needed a closure of their own to be
proved lost; of 16 kept with the last used first, 3,157; of 64, 1,800; of 256, 1,670. Every
test that is not covered asks them all (5,276 there), so 64 (journal: "Probes that cannot win")."""

MERGE_TRIES: Final = 8
"""How many kept closures, the last used first, a new proof's closure is merged into before it
is kept on its own (module docstring, "Merged closures")."""

COLUMNS_KEPT: Final = 20_000
"""How many columns' facts ``Pairs.held`` keeps for each column, by its key, before it
starts again: a bound on memory (about 600 bytes each, so some 80 MB for seven columns at
most). The default solve of Yukon 75 with withdrawals, lost at 3,665,895 positions, met
2,218 to 8,305 in each column."""

WORD: Final = 62
"""Bits in a word of a ``Facts``: below the compiled core's 63-bit small integers."""
WORDS: Final = 7
"""Words in a ``Facts``: 434 facts, where one deck has at most 386 (Moosehide)."""


class Facts:
    """A set of facts (numbers below WORDS * WORD), as WORDS words changed in place. Each
    method names what it does to ``self``; none allocates."""

    __slots__ = ("w0", "w1", "w2", "w3", "w4", "w5", "w6")

    def __init__(self) -> None:
        self.w0: i64 = 0
        self.w1: i64 = 0
        self.w2: i64 = 0
        self.w3: i64 = 0
        self.w4: i64 = 0
        self.w5: i64 = 0
        self.w6: i64 = 0

    def add(self, f: int) -> None:
        """Put fact ``f`` in."""
        k = f // WORD
        bit = 1 << (f - k * WORD)
        if k == 0:
            self.w0 |= bit
        elif k == 1:
            self.w1 |= bit
        elif k == 2:
            self.w2 |= bit
        elif k == 3:
            self.w3 |= bit
        elif k == 4:
            self.w4 |= bit
        elif k == 5:
            self.w5 |= bit
        else:
            self.w6 |= bit

    def copy(self, other: Facts) -> None:
        """Become ``other``."""
        self.w0 = other.w0
        self.w1 = other.w1
        self.w2 = other.w2
        self.w3 = other.w3
        self.w4 = other.w4
        self.w5 = other.w5
        self.w6 = other.w6

    def common(self, a: Facts, b: Facts, c: Facts) -> None:
        """Become the facts ``a``, ``b`` and ``c`` all hold (one call where a closure's every
        action tried would make three)."""
        self.w0 = a.w0 & b.w0 & c.w0
        self.w1 = a.w1 & b.w1 & c.w1
        self.w2 = a.w2 & b.w2 & c.w2
        self.w3 = a.w3 & b.w3 & c.w3
        self.w4 = a.w4 & b.w4 & c.w4
        self.w5 = a.w5 & b.w5 & c.w5
        self.w6 = a.w6 & b.w6 & c.w6

    def meet(self, other: Facts) -> None:
        """Keep only the facts ``other`` holds too."""
        self.w0 &= other.w0
        self.w1 &= other.w1
        self.w2 &= other.w2
        self.w3 &= other.w3
        self.w4 &= other.w4
        self.w5 &= other.w5
        self.w6 &= other.w6

    def join(self, other: Facts) -> None:
        """Take in ``other``'s facts."""
        self.w0 |= other.w0
        self.w1 |= other.w1
        self.w2 |= other.w2
        self.w3 |= other.w3
        self.w4 |= other.w4
        self.w5 |= other.w5
        self.w6 |= other.w6

    def drop(self, other: Facts) -> None:
        """Leave out the facts ``other`` holds."""
        self.w0 &= ~other.w0
        self.w1 &= ~other.w1
        self.w2 &= ~other.w2
        self.w3 &= ~other.w3
        self.w4 &= ~other.w4
        self.w5 &= ~other.w5
        self.w6 &= ~other.w6

    def has(self, f: int) -> bool:
        """Fact ``f`` is in."""
        k = f // WORD
        bit = 1 << (f - k * WORD)
        if k == 0:
            return bool(self.w0 & bit)
        if k == 1:
            return bool(self.w1 & bit)
        if k == 2:
            return bool(self.w2 & bit)
        if k == 3:
            return bool(self.w3 & bit)
        if k == 4:
            return bool(self.w4 & bit)
        if k == 5:
            return bool(self.w5 & bit)
        return bool(self.w6 & bit)

    def numbers(self) -> list[int]:
        """The facts in, in order."""
        out: list[int] = []
        _numbers(self.w0, 0, out)
        _numbers(self.w1, WORD, out)
        _numbers(self.w2, 2 * WORD, out)
        _numbers(self.w3, 3 * WORD, out)
        _numbers(self.w4, 4 * WORD, out)
        _numbers(self.w5, 5 * WORD, out)
        _numbers(self.w6, 6 * WORD, out)
        return out

    def made(self, both: Facts, ends: Facts, makes: Facts) -> None:
        """Become ``both`` without ``ends``, with ``makes``: what holds after an action."""
        self.w0 = (both.w0 & ~ends.w0) | makes.w0
        self.w1 = (both.w1 & ~ends.w1) | makes.w1
        self.w2 = (both.w2 & ~ends.w2) | makes.w2
        self.w3 = (both.w3 & ~ends.w3) | makes.w3
        self.w4 = (both.w4 & ~ends.w4) | makes.w4
        self.w5 = (both.w5 & ~ends.w5) | makes.w5
        self.w6 = (both.w6 & ~ends.w6) | makes.w6

    def meets(self, other: Facts) -> bool:
        """Some fact is in both."""
        return bool(
            self.w0 & other.w0
            or self.w1 & other.w1
            or self.w2 & other.w2
            or self.w3 & other.w3
            or self.w4 & other.w4
            or self.w5 & other.w5
            or self.w6 & other.w6
        )

    def covers(self, other: Facts) -> bool:
        """Every fact of ``other`` is in ``self``."""
        return (
            self.w0 & other.w0 == other.w0
            and self.w1 & other.w1 == other.w1
            and self.w2 & other.w2 == other.w2
            and self.w3 & other.w3 == other.w3
            and self.w4 & other.w4 == other.w4
            and self.w5 & other.w5 == other.w5
            and self.w6 & other.w6 == other.w6
        )

    def covers_common(self, a: Facts, b: Facts) -> bool:
        """Every fact that ``a`` and ``b`` both hold is in ``self``."""
        return (
            a.w0 & b.w0 & ~self.w0 == 0
            and a.w1 & b.w1 & ~self.w1 == 0
            and a.w2 & b.w2 & ~self.w2 == 0
            and a.w3 & b.w3 & ~self.w3 == 0
            and a.w4 & b.w4 & ~self.w4 == 0
            and a.w5 & b.w5 & ~self.w5 == 0
            and a.w6 & b.w6 & ~self.w6 == 0
        )

    def empty(self) -> bool:
        """No fact is in."""
        return not (self.w0 or self.w1 or self.w2 or self.w3 or self.w4 or self.w5 or self.w6)

    def grow(self, new: Facts, more: Facts) -> bool:
        """Take in ``new``'s facts, and put in ``more`` the ones that were not in already;
        whether there were any."""
        m0 = new.w0 & ~self.w0
        m1 = new.w1 & ~self.w1
        m2 = new.w2 & ~self.w2
        m3 = new.w3 & ~self.w3
        m4 = new.w4 & ~self.w4
        m5 = new.w5 & ~self.w5
        m6 = new.w6 & ~self.w6
        if not (m0 or m1 or m2 or m3 or m4 or m5 or m6):
            return False
        self.w0 |= m0
        self.w1 |= m1
        self.w2 |= m2
        self.w3 |= m3
        self.w4 |= m4
        self.w5 |= m5
        self.w6 |= m6
        more.w0 |= m0
        more.w1 |= m1
        more.w2 |= m2
        more.w3 |= m3
        more.w4 |= m4
        more.w5 |= m5
        more.w6 |= m6
        return True

    def spread(self, slots: list[list[Facts]], facts: Facts) -> None:
        """Put ``facts`` in the row of each fact in ``self`` (rows kept symmetric); ``slots``
        are the rows by word and bit, as ``slots_of`` lays them out."""
        if self.w0:
            _spread(self.w0, slots[0], facts)
        if self.w1:
            _spread(self.w1, slots[1], facts)
        if self.w2:
            _spread(self.w2, slots[2], facts)
        if self.w3:
            _spread(self.w3, slots[3], facts)
        if self.w4:
            _spread(self.w4, slots[4], facts)
        if self.w5:
            _spread(self.w5, slots[5], facts)
        if self.w6:
            _spread(self.w6, slots[6], facts)


def _spread(word: i64, slot: list[Facts], facts: Facts) -> None:
    """``Facts.spread`` for one word: a bit at a time, its row read off the bit's value
    modulo 67 (the powers of two below 2**64 leave distinct remainders, ``slots_of``), and
    ``facts`` joined into it word by word, read once."""
    f0, f1, f2, f3 = facts.w0, facts.w1, facts.w2, facts.w3
    f4, f5, f6 = facts.w4, facts.w5, facts.w6
    while word:
        low = word & -word
        row = slot[low % 67]
        row.w0 |= f0
        row.w1 |= f1
        row.w2 |= f2
        row.w3 |= f3
        row.w4 |= f4
        row.w5 |= f5
        row.w6 |= f6
        word ^= low


def slots_of(rows: list[Facts]) -> list[list[Facts]]:
    """``rows`` laid out for ``Facts.spread``: for each word, 67 places, the row of the fact
    whose bit leaves remainder r modulo 67 at place r (a spare set where no fact does)."""
    spare = Facts()
    slots: list[list[Facts]] = []
    for w in range(WORDS):
        slot = [spare] * 67
        for j in range(WORD):
            if w * WORD + j < len(rows):
                slot[(1 << j) % 67] = rows[w * WORD + j]
        slots.append(slot)
    return slots


def _numbers(word: i64, base: int, out: list[int]) -> None:
    """``Facts.numbers`` for one word, whose first fact is ``base``: a bit at a time, its
    number read off its value modulo 67 (``_bits_at``)."""
    while word:
        low = word & -word
        out.append(base + _BIT_AT[low % 67])
        word ^= low


class Action:
    """An action of the model (module docstring): the facts it needs (two or three), makes
    and ends, as numbers and as sets, in fields the compiled core reads directly; and the
    rows of its needs in the model's working closure (a third need with two: a row of every
    fact, which meeting changes nothing)."""

    __slots__ = ("end_set", "make_set", "makes", "need_set", "needs", "row0", "row1", "row2")

    def __init__(
        self, needs: list[int], makes: list[int], ends: list[int], rows: list[Facts], full: Facts
    ) -> None:
        self.needs = needs
        self.need_set = facts_of(needs)
        self.row0 = rows[needs[0]]
        self.row1 = rows[needs[1]]
        self.row2 = rows[needs[2]] if len(needs) > 2 else full
        self.makes = makes
        self.make_set = facts_of(makes)
        self.end_set = facts_of(ends)


def facts_of(numbers: list[int]) -> Facts:
    """The set of these facts."""
    out = Facts()
    for f in numbers:
        out.add(f)
    return out


def _alone(rows: list[Facts]) -> Facts:
    """The facts f of a closure whose row holds f: reachable at all."""
    out = Facts()
    for f in range(len(rows)):
        if rows[f].has(f):
            out.add(f)
    return out


class Held:
    """The facts true in one position (``Pairs.held``), as a set (``set``) and as a list in
    ``Pairs.facts``' order (``facts``, joined from ``parts`` when first read): made once where
    several tests ask about one position, as a search asks a child the kept closures of
    pairs, those of triples, then a closure of its own. Most children are proved lost or let
    go on the set alone (a kept closure is asked the list only where its facts alone cover
    the set), so the list is joined only where it is read."""

    __slots__ = ("listed", "parts", "set")

    def __init__(self, parts: list[list[int]], held: Facts | None = None) -> None:
        self.parts = parts
        self.listed: list[int] | None = None
        self.set = facts_of([f for part in parts for f in part]) if held is None else held

    @property
    def facts(self) -> list[int]:
        """The facts, part after part."""
        listed = self.listed
        if listed is None:
            listed = []
            for part in self.parts:
                listed += part
            self.listed = listed
        return listed


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
        if n > WORDS * WORD:
            raise ValueError(f"{n} facts, more than pairs of facts holds ({WORDS * WORD})")
        self.n = n
        self.goal = facts_of([self.done + s for s in range(4)])
        # The working closure: a row per fact, emptied at each test, that actions point into.
        self.rows = [Facts() for _ in range(n)]
        self.slots = slots_of(self.rows)  # the same rows, for ``Facts.spread``
        self.full = facts_of(list(range(n)))
        self.actions: list[Action] = []
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
        self.closures: list[list[Facts]] = []
        self.alone: list[Facts] = []  # for each kept closure, its facts alone (``_covers``)
        self.trail: list[Action] = []  # the last open test's (module docstring)
        self.replay = True  # tests start with the trail (False: the same verdicts, more work)
        self.replayed = 0  # tests the trail alone answered
        self.merges = 0  # proofs whose closures were merged into a kept one
        self.owned = 0  # tests that computed a closure of their own (``lost``)
        # ``held``'s facts of each column by its ``Board.column_key``, one table per column
        # (a bottom card's fact names its column), cleared when full; the key and facts last
        # read, column by column; and each foundation pile's facts by its height.
        self.columns: list[dict[bytes, Held]] = [{} for _ in range(ncols)]
        self.last_keys: list[bytes] = [b""] * ncols
        self.last_held: list[Held] = [Held([])] * ncols
        self.piles = [
            [Held([self._pile(pile, height)]) for height in range(14)]
            for pile in range(len(board.heights))
        ]

    def _action(self, needs: list[int], makes: list[int], ends: list[int]) -> None:
        ends = [f for f in ends if f not in makes]
        self.actions.append(Action(needs, makes, ends, self.rows, self.full))

    def facts(self, board: Board) -> list[int]:
        """The facts true in ``board``, a position of the search this model was built for:
        column by column, then pile by pile."""
        out: list[int] = []
        for c, col in enumerate(board.columns):
            out += self._column(col, board.down[c], c)
        for pile, height in enumerate(board.heights):
            out += self._pile(pile, height)
        return out

    def _column(self, col: list[int], down: int, c: int) -> list[int]:
        """The facts true of column ``c`` holding ``col`` with ``down`` cards face down: where
        each card lies, the cards face up that were face down at the start, and its top (or
        the column clear)."""
        places, on, hidden = self.places, self.on, self.hidden
        if not col:
            return [52 + c]
        out: list[int] = []
        for i, x in enumerate(col):
            f = on[x * places + (52 + c if i == 0 else col[i - 1])]
            if f < 0:
                raise ValueError("a position this model was not built for")
            out.append(f)
            if i >= down and hidden[x]:
                out.append(self.up + x)
        out.append(col[-1])
        return out

    def _pile(self, pile: int, height: int) -> list[int]:
        """The facts true of foundation pile ``pile`` holding ``height`` cards: the cards in
        it that were face down at the start are face up, and the next card it takes (or its
        suit done)."""
        suit = self.suits[pile]
        out = [
            self.up + suit * 13 + rank for rank in range(height) if self.hidden[suit * 13 + rank]
        ]
        out.append(self.done + suit if height == 13 else self.next + suit * 13 + height)
        return out

    def held(self, board: Board) -> Held:
        """The facts true in ``board`` (``facts``, in its order), as a list and as a set.

        Made from the facts of each column and foundation pile, kept by the column's key and
        the pile's height: a move changes one or two columns, so a child's columns are mostly
        those of the position asked before it, and reading every card of every column for
        each child took 7% of the default solve of Yukon 552 with withdrawals."""
        parts: list[list[int]] = []
        held = Facts()
        columns, last_keys, last_held = self.columns, self.last_keys, self.last_held
        for c in range(board.ncols):
            key = board.column_key(c)
            if key is last_keys[c]:
                h = last_held[c]
            else:
                table = columns[c]
                got = table.get(key)
                if got is None:
                    if len(table) >= COLUMNS_KEPT:
                        table.clear()
                    got = Held([self._column(board.columns[c], board.down[c], c)])
                    table[key] = got
                h = got
                last_keys[c] = key
                last_held[c] = h
            parts.append(h.facts)
            held.join(h.set)
        piles = self.piles
        for pile, height in enumerate(board.heights):
            h = piles[pile][height]
            parts.append(h.facts)
            held.join(h.set)
        return Held(parts, held)

    def lost(
        self, board: Board, own: bool = True, kept: bool = True, known: Held | None = None
    ) -> bool:
        """No line of play wins from ``board``: a closure kept covers it, or (``own``) its own
        shows that the four suits are never all complete (module docstring). ``own`` False
        asks only the kept closures, as ``covered`` does, and ``kept`` False only its own (a
        caller that has asked ``covered`` already); ``owned`` counts the closures of their own
        that tests computed, so a caller can tell a kept closure's verdict from its own.
        ``known``: ``held(board)``, when the caller has it."""
        if known is None:
            known = self.held(board)
        if kept and self._covers(known):
            return True
        if not own:
            return False
        self.owned += 1
        rows = self.closure(known.facts, known.set)
        if not rows:
            return False
        self._keep(rows)
        return True

    def _keep(self, rows: list[Facts]) -> None:
        """Keep a new proof's closure: merged into a kept one where their merge stays short of
        the goal (the merge moves to the front), else on its own (module docstring)."""
        closures, alone = self.closures, self.alone
        for k in range(len(closures) - 1, max(-1, len(closures) - 1 - MERGE_TRIES), -1):
            merged = self.merge(closures[k], rows)
            if merged:
                self.merges += 1
                del closures[k]
                del alone[k]
                closures.append(merged)
                alone.append(_alone(merged))
                return
        closures.append(rows)
        alone.append(_alone(rows))
        if len(closures) > CLOSURES_KEPT:
            del closures[0]
            del alone[0]

    def covered(self, board: Board, known: Held | None = None) -> bool:
        """A closure kept covers ``board``, so no line of play wins from it (module
        docstring): ``lost`` without a closure of its own, a few operations on bit sets a
        closure kept, where a closure costs thousands. ``known``: ``held(board)``, when the
        caller has it."""
        if known is None:
            known = self.held(board)
        return self._covers(known)

    def _covers(self, known: Held) -> bool:
        """A closure kept holds every pair of the facts ``known``; it moves to the front.

        A closure is first asked its facts alone (``self.alone``, the facts f whose row holds
        f): a closure that covers the position holds {f, f} for each of its facts f, so a
        position with a fact outside them is not covered, and the rows need not be asked. In
        the default solve of Yukon 552 with withdrawals, 41,884,896 closures were asked and
        2,443,074 passed that check; asking the rows alone had taken 116,539,226 checks
        (journal: "Wide pairs")."""
        closures, alone = self.closures, self.alone
        held = known.set
        for k in range(len(closures) - 1, -1, -1):
            if not alone[k].covers(held):
                continue
            closure = closures[k]
            for f in known.facts:
                if not closure[f].covers(held):
                    break
            else:
                if k != len(closures) - 1:
                    closures.append(closures.pop(k))  # the last used is asked first
                    alone.append(alone.pop(k))
                return True
        return False

    def closure(self, facts: list[int], held: Facts) -> list[Facts]:
        """The reachable pairs from a position holding ``facts`` (``held``, as a set), row f
        holding g when {f, g} is reachable, when some pair of ``done`` facts is not; else an
        empty list, as soon as every pair of them is. Rounds of the two rules, each round
        trying only the actions with a need whose row grew in the round before (rows grow
        as actions are tried, so one that grew after an action was tried counts next round)."""
        rows = self.rows
        empty = Facts()
        for row in rows:
            row.copy(empty)
        for f in facts:
            rows[f].copy(held)
        if self._reached(rows):
            return []  # a position already won
        trail: list[Action] = []  # the actions that grew a row, in order
        if self.replay and self._replay(rows, trail):
            self.replayed += 1
            self.trail = trail
            return []
        if self._rounds(Facts(), True, trail):
            self.trail = trail
            return []
        return self._kept()

    def merge(self, a: list[Facts], b: list[Facts]) -> list[Facts]:
        """The least closed set holding two closed sets ``a`` and ``b`` (closures as
        ``closure`` returns them) when some pair of ``done`` facts is not in it; else an empty
        list, as soon as every pair of them is. Its rounds start from the union and try at
        first only the actions with a need whose row ``b`` grew: any other action's needs
        are as in ``a``, which is closed, so what it makes is in ``a`` already."""
        rows = self.rows
        grew = Facts()
        more = Facts()
        for f, row in enumerate(rows):
            row.copy(a[f])
            if row.grow(b[f], more):
                grew.add(f)
        if self._reached(rows) or self._rounds(grew, False, []):
            return []
        return self._kept()

    def _kept(self) -> list[Facts]:
        """A copy of the working rows, which the next test empties."""
        kept = [Facts() for _ in self.rows]
        for f, row in enumerate(self.rows):
            kept[f].copy(row)
        return kept

    def _rounds(self, grew: Facts, first: bool, trail: list[Action]) -> bool:
        """``closure``'s rounds on the working rows, from rows that grew by ``grew`` (every
        row when ``first``) since the actions were last tried, each action that grew a row
        put in ``trail``: whether every pair of done facts became reachable (the rounds stop
        there); else the rows are closed."""
        rows, slots = self.rows, self.slots
        empty = Facts()
        goal = self.goal
        both = Facts()
        new = Facts()
        more = Facts()  # the facts that joined the rows of an action's makes
        while True:
            grown = Facts()
            for action in self.actions:
                needed = action.need_set
                if not first and not needed.meets(grew):
                    continue
                both.common(action.row0, action.row1, action.row2)
                if not both.covers(needed):
                    continue  # some two needs are not reachable together (yet)
                new.made(both, action.end_set, action.make_set)
                for f in action.makes:
                    if rows[f].grow(new, more):
                        grown.add(f)
                if not more.empty():
                    trail.append(action)
                    # Keep the rows symmetric: g joined the row of a fact f the action makes,
                    # so each fact it makes joins row g ({f, g} is reachable for each such f:
                    # g is in ``new``).
                    grown.join(more)
                    more.spread(slots, action.make_set)
                    # The row of a done fact grew (it was made, or joined one made): every
                    # pair of them may be reachable now, and the test is over.
                    if (more.meets(goal) or action.make_set.meets(goal)) and self._reached(rows):
                        return True
                    more.copy(empty)
            if grown.empty():
                return False
            grew = grown
            first = False

    def _replay(self, rows: list[Facts], trail: list[Action]) -> bool:
        """The last open test's trail (module docstring), each action tried once in order on
        ``rows`` as a round of ``closure`` tries it; whether that reaches every pair of done
        facts. The actions that grew a row here are put in ``trail``, the new test's own."""
        goal, slots = self.goal, self.slots
        empty = Facts()
        both = Facts()
        new = Facts()
        more = Facts()
        for action in self.trail:
            both.common(action.row0, action.row1, action.row2)
            if not both.covers(action.need_set):
                continue
            new.made(both, action.end_set, action.make_set)
            for f in action.makes:
                rows[f].grow(new, more)
            if not more.empty():
                trail.append(action)
                more.spread(slots, action.make_set)
                if (more.meets(goal) or action.make_set.meets(goal)) and self._reached(rows):
                    return True
                more.copy(empty)
        return False

    def _reached(self, rows: list[Facts]) -> bool:
        """Every pair of done facts is reachable in ``rows``."""
        done, goal = self.done, self.goal
        return (
            rows[done].covers(goal)
            and rows[done + 1].covers(goal)
            and rows[done + 2].covers(goal)
            and rows[done + 3].covers(goal)
        )


def _bits_at() -> list[int]:
    """Which bit each power of two below 2**64 is, by its remainder modulo 67."""
    table = [0] * 67
    for j in range(64):
        table[(1 << j) % 67] = j
    return table


_BIT_AT: Final = _bits_at()
