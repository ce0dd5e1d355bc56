"""Crossings: positions that differ only in which of two twins carries which tail.

Two cards are *twins* when every tableau rule treats them alike: the same cards build on
them and they on the same cards (5♠ and 5♣ in Yukon). Two runs such as 8♥ 7♣ 6♦ 5♠ 4♦ 3♣
and 8♦ 7♠ 6♥ 5♣ 4♥ may *cross* at the fives (4♥ on 5♠, 4♦ 3♣ on 5♣), and with a free
landing spot the search makes every crossing it can, each one doubling the positions it
must search; most positions of Yukon's hard deals differ from another one only so.
``Crossings.key`` gives such positions one key, so the search's table holds them as one,
where a proof below says the crossing cannot matter.

Definitions (one deck, cards build one rank lower in the other colour). Building splits
the cards into two *classes*, rank plus colour odd or even: a card builds only on cards of
its own class (one rank lower flips both), so a card y builds on t exactly when they share a
class and t ranks one above y. A twin p1's *tail* is every card above it in its column; its
*base part*, the face-up cards at or below it in its column. Take a threshold rank μ_k for
each class k, from -1 to 13 (ranks run 0 for Aces to 12 for Kings): a card of class k is
*low* if its rank is below μ_k, *high* if above. Swapping the tails of twins p1 and p2 (A on
p1 and B on p2 become B on p1 and A on p2) is *allowed* at thresholds μ = (μ_0, μ_1) when:

* (E1) p1 and p2 are face up in different columns, each covered directly by a card that
  builds on it (so A and B start with the two cards that build on the pair);
* (E2) no card in A or B is high, and no card of either base part is low;
* (E3) no column holds a low face-up card under a high face-up card.

With one threshold for both classes these are the conditions of the first version. Two
let the other class, to which no card of a proper run through the twins belongs, split
where its cards allow (at -1 a class is all high, at 13 all low), so the junk a deal leaves
face up in that class bars far fewer swaps.

Claim. Let X be W with the tails swapped, allowed at μ. Each move e of W (a move and the
forced moves after it) moves the same cards to the same place in X, and then either X + e is
W + e with the tails swapped, allowed at μ again (the *strong* case), or X + e = W + e, or
X + e + s = W + e for a sideways move s of X + e (the *weak* case).

Why. The swap moves only the tails' cards, and each tail is nonempty, so W and X have the
same top cards, empty columns, free cells and foundations. A card that builds on a tail
card t is low (it shares t's class and ranks one below t, which is not high), and a card t
that a base card y builds on is high (y is not low). Take the lowest card y of the group e
moves:

* y outside both columns (another column, a cell, a foundation): the same group, the same
  landing card in X. A group landing on a tail's top has no high card: its lowest card is
  low, and a high card over it would break E3.
* y in a tail, say A: the same group moves in X, from the other twin. If y is A's lowest
  card, A is gone and the weak case below follows; else A keeps its lowest card.
* y in a base part: its group carries that twin and its tail, B instead of A in X. y lands
  on a high card: not a card of a tail. So it lands elsewhere, the same in X; the card it
  leaves, or turns, is the same. Under the landing card lies no low face-up card (E3, that
  card being high), so E2 holds again; a King into an empty column takes only its group
  along.
* A card going home or into a cell is a top card: a tail's top (as above) or another card.
  The twins and their base parts are covered.

E3 holds after any move: a group lands on a card that its lowest card builds on, so if a
low card under the landing card (or the landing card itself) now lies under a high card of
the group, then either the landing card is high, and that low card lay under it already, or
it is not, and the group's lowest card, one rank below it in its class, is low and lay
under that high card already; a turned card has nothing on it. E2's tails gain no high
card (above).
Forced moves depend only on the foundations and the top cards, so they are the same in the
strong case, and may empty a tail (the weak case). Weak case: say A is gone; W + e has p1
on top and the other tail B' (B, with what landed on it or went home from it) on p2, and
X + e the reverse. Neither twin is safe to send home (the lowest card of B' builds on both
and is in play, and ``safety`` sends a card up only when every card that builds on it is
up), and the other top cards agree, so the same forced moves follow. If they take all of B'
home the two positions are equal; else moving what is left of B' (its lowest card is still
there) from p1 onto p2 in X + e is the sideways move s, and it sets off no forced move (p1,
now on top, is still not safe).

Consequence 1: W and X are both won or both lost. By induction on the length of a winning
line from W: each of its moves is matched from X by one move or two, reaching W + e with the
tails swapped (allowed, so the induction applies), or W + e itself. Swapping back is allowed
in X at the same μ, so the converse holds too.

Consequence 2: the exhaustive search (``search``) still proves what it claims when its
table is keyed by ``key``. Let ≈ be the equivalence that allowed swaps generate, E the
positions the search entered, and Cl those ≈ to one of them (``key`` maps a position to one
≈ to it, so a child whose key is in the table is in Cl, or ≈ to one proved lost, so lost).
The module docstring of ``search`` proves its claim C with "in R" read as "in Cl": the
positions it names (a position on the path, X0 + e) are real positions, and where it applies
C for the open move k to a position ≈ to X0 + e it needs k matched along the swaps, which
the Claim does keeping k's class and place in ``search``'s induction (the same cards go to
the same place, leaving the same kind of card); the carry rule applies C for its k'
to a position ≈ to X0 + e'' alike. A sideways k is matched strongly: it lands
on a twin's partner that is on top, so that pair allows no swap, and it moves no other
pair's tail's lowest card (that card would sit on the same twin). A withdrawal empties no
tail, so it is matched strongly or exactly. Any other k may be matched weakly, Wi + k =
(Wi+1 + k) + s; walking the chain of swaps back from the entered position, C for the
sideways s (an earlier class than k's, at a position ≈ to Wi+1 + k, s matched strongly)
puts each Wi + k in Cl or makes it lost, as below. Now say
some position of Cl can be won; take one, W, with the shortest winning line, of length d,
and its first move e. W = W0, W1, ..., Wn, each the one before with one allowed swap, and Wn
entered. By C, Wn + e is in Cl (it can be won, by consequence 1 and the weak case's s, so it
is not lost). Walking back, each Wi + e is in Cl: in the strong case Wi + e ≈ Wi+1 + e; in
the weak case Wi + e = (Wi+1 + e) + s, and with Wi+1 + e ≈ Y for an entered Y, Y + s ≈
Wi + e (s matched as above) is in Cl or lost by C for s, and it can be won. So W + e is in
Cl with a winning line of length d - 1: a contradiction. Hence no position of Cl, the start
among them, can be won, unless the search entered a won position, which it reports.
"""

from __future__ import annotations

from ..engine.board import Board
from ..engine.variants import ALTERNATE, Variant


class Crossings:
    """The key of a position with the allowed crossings of its twins undone (see above).

    ``key(board)`` is ``board.key()`` after swapping, pair by pair (highest rank first),
    the tails of each pair of twins where allowed, so that the card with the lower number of
    the two that build on the pair lies on the twin with the lower number. Positions with
    equal keys are both won or both lost. Variants without twins (or with two decks, or
    another build rule) get ``board.key()`` unchanged.
    """

    def __init__(self, variant: Variant) -> None:
        n = variant.card_count
        parents, children = variant.parents, variant.children
        # twin[x]: x's twin or -1; pairs: (lower twin, higher twin).
        self.twin = [-1] * 52
        pairs: list[tuple[int, int]] = []
        if variant.decks == 1 and variant.build == ALTERNATE:
            for x in range(n):
                for y in range(x + 1, n):
                    if parents[x] == parents[y] and children[x] == children[y] and children[x]:
                        self.twin[x], self.twin[y] = y, x
                        pairs.append((x, y))
        pairs.sort(key=lambda p: (-(p[0] % 13), p[0]))
        # order: the lower twin of each pair, highest rank first; each swap is checked on
        # the columns the swaps before it left, so any order is sound, and this one rarely
        # disturbs a pair set before. low[x]: the lower-numbered card that builds on x; at:
        # see ``key``.
        self.order = [p[0] for p in pairs]
        self.turn = [-1] * 52  # turn[x]: x's place in ``order``
        for p, x in enumerate(self.order):
            self.turn[x] = p
        self.low = [min(children[x]) if children[x] else -1 for x in range(52)]
        # on[y * 52 + x]: y builds on x, and x has a twin.
        self.on = [False] * (52 * 52)
        for x in range(52):
            if self.twin[x] >= 0:
                for y in children[x]:
                    self.on[y * 52 + x] = True
        self.klass = _classes(variant)
        self.above, self.below, self.between = _ABOVE, _BELOW, _BETWEEN
        # Where ``_where`` last found each twin: its column, and its place in that column's
        # facts (small numbers, so the lists hold them without allocating).
        self.at_column = [-1] * 52
        self.at_place = [0] * 52
        self.active = bool(pairs)
        # What ``_facts`` reads from a column, by ``Board.column_key``: a move changes one or
        # two columns, so the columns of a child are mostly its parent's (reading every
        # column's twins, tails and bars for every key took 29% of the search's time on
        # Yukon deal 335). Cleared when full.
        self.facts: dict[bytes, list[int]] = {}
        # The column keys last read, column by column, and their facts: a child's columns
        # are mostly those of the position read before it (its parent, or a sibling), so
        # comparing with those spares most lookups in ``facts``.
        self.last_cks: list[bytes] = [b""] * len(variant.down)
        self.last_facts: list[list[int]] = [[0, -1, 0]] * len(variant.down)

    def key(self, board: Board, plain: bytes | None = None) -> bytes:
        """``board.key()`` with every allowed crossing undone: equal for crossed positions
        (``plain``, when given, is ``board.key()``, read already)."""
        if not self.active:
            return board.key() if plain is None else plain
        ncols = len(board.columns)
        twin: list[int] = self.twin
        between = self.between
        if len(self.facts) > 200_000:
            self.facts.clear()
        # A pair is wrong when the higher of the two cards that build on it lies on its lower
        # twin; with none wrong there is nothing to undo.
        wrong = 0  # the wrong pairs, as bits of their places in ``order``
        # The face-up twins with a card that builds on it right on it (E1's first half), as
        # bits of the cards. Swaps keep every twin's card on it (below), so this holds
        # throughout.
        placed = 0
        last_cks, last_facts = self.last_cks, self.last_facts
        for c in range(ncols):
            ck = board.column_key(c)
            if ck is last_cks[c]:  # the very key read last (an equal one is looked up)
                f = last_facts[c]
            else:
                f = self._facts(ck)
                last_cks[c] = ck
                last_facts[c] = f
            wrong |= f[0]
            placed |= f[2]
        if not wrong:
            return board.key() if plain is None else plain
        # The columns as ``Board.column_key`` gives them (the face-down count, then the cards
        # bottom up: row i is byte i + 1), with the swaps made so far, and their facts: those
        # just read, copied at the first swap (about half the positions have none).
        cks = last_cks
        facts = last_facts
        swapped = False
        barred = -1  # E3's ruled-out thresholds, read when needed (-1: not read)
        order = self.order
        while wrong:
            # The wrong pairs in ``order``: a swap rights its own pair and leaves every
            # other pair's twins with the cards they had on them, so no other pair is
            # righted or wronged, and the pairs that are right would be passed over.
            a = order[(wrong & -wrong).bit_length() - 1]
            wrong &= wrong - 1
            b = twin[a]
            if not placed >> b & 1:
                continue
            pa, pb = self._where(a, facts), self._where(b, facts)
            ca, cb = pa >> 9, pb >> 9
            if ca == cb:
                continue
            fa, fb = facts[ca], facts[cb]
            ja, jb = pa & 511, pb & 511
            # E2: the threshold pairs with each class's tail cards at most and base cards
            # at least its threshold, as bits (see ``__init__``).
            t0 = max(fa[ja + 2], fb[jb + 2])
            t1 = max(fa[ja + 3], fb[jb + 3])
            f0 = min(fa[ja + 4], fb[jb + 4])
            f1 = min(fa[ja + 5], fb[jb + 5])
            if t0 > f0 or t1 > f1:
                continue
            box = between[0][t0 + 1][f0 + 1] & between[1][t1 + 1][f1 + 1]
            if not box:
                continue
            if barred < 0:
                barred = 0
                for c in range(ncols):
                    barred |= self._bars(facts[c], cks[c])
            if not box & ~barred:
                continue
            if not swapped:
                swapped = True
                cks = last_cks[:ncols]
                facts = last_facts[:ncols]
            # The tails trade places (a card in row i is byte i + 1 of its column's key, so
            # the tail on a twin in row i starts at byte i + 2).
            ia, ib = fa[ja + 1], fb[jb + 1]
            ka, kb = cks[ca], cks[cb]
            cks[ca] = ka[: ia + 2] + kb[ib + 2 :]
            cks[cb] = kb[: ib + 2] + ka[ia + 2 :]
            # The twins in the tails moved with them, and E2 and E3 are read again for the
            # two columns that changed (the same twins lie in them, each still with a card
            # that builds on it on it).
            facts[ca] = self._facts(cks[ca])
            facts[cb] = self._facts(cks[cb])
            barred = -1  # read again when next needed
        if not swapped:
            return board.key() if plain is None else plain
        return board.key_with(cks)

    def _facts(self, ck: bytes) -> list[int]:
        """What ``key`` needs of a column whose ``Board.column_key`` is ``ck``, cached by it:
        [its wrong pairs (bits of their places in ``order``), its E3 bars or -1 until read
        (``_bars``), the twins listed next (bits of the cards), then for each face-up twin
        with a card that builds on it right on it, bottom up: the twin, its row, the highest
        rank of class 0 and of class 1 above it, the lowest of class 0 and of class 1 from
        the lowest face-up card up to it (13 where none)]."""
        f = self.facts.get(ck)
        if f is not None:
            return f
        down = ck[0]
        col = list(ck[1:])
        klass: list[int] = self.klass
        on: list[bool] = self.on
        low: list[int] = self.low
        twin: list[int] = self.twin
        turn: list[int] = self.turn
        f = [0, -1, 0]
        lo0, lo1 = 13, 13
        n = len(col) - 1
        for i in range(down, n):
            x = col[i]
            r = x % 13
            if klass[x]:
                if r < lo1:
                    lo1 = r
            elif r < lo0:
                lo0 = r
            y = col[i + 1]
            if on[y * 52 + x]:
                if y != low[x] and x < twin[x]:
                    f[0] |= 1 << turn[x]
                f[2] |= 1 << x
                f.extend((x, i, -1, -1, lo0, lo1))
        # The tails' highest ranks, read from the top down.
        hi0, hi1 = -1, -1
        j = len(f) - 6
        for i in range(n, down - 1, -1):
            while j >= 3 and f[j + 1] == i:
                f[j + 2] = hi0
                f[j + 3] = hi1
                j -= 6
            x = col[i]
            r = x % 13
            if klass[x]:
                if r > hi1:
                    hi1 = r
            elif r > hi0:
                hi0 = r
        self.facts[ck] = f
        return f

    def _where(self, x: int, facts: list[list[int]]) -> int:
        """Where twin ``x`` (one of ``key``'s placed twins) lies: its column times 512 plus
        its place in that column's facts. Consecutive positions mostly share their columns,
        so the place found last is tried first; it is right exactly when that column's facts
        name ``x`` there."""
        c = self.at_column[x]
        j = self.at_place[x]
        if 0 <= c < len(facts):
            f = facts[c]
            if j < len(f) and f[j] == x:
                return c * 512 + j
        for c in range(len(facts)):
            f = facts[c]
            for j in range(3, len(f), 6):
                if f[j] == x:
                    self.at_column[x] = c
                    self.at_place[x] = j
                    return c * 512 + j
        raise AssertionError("a placed twin is in some column's facts")

    def _bars(self, f: list[int], ck: bytes) -> int:
        """E3 for a column (``_barred``), from its ``_facts`` ``f`` and its key ``ck``, where
        it is kept once read."""
        if f[1] < 0:
            f[1] = self._barred(list(ck[1:]), ck[0])
        return f[1]

    def _barred(self, col: list[int], down: int) -> int:
        """E3 for one column: the threshold pairs it rules out, holding a face-up card low
        for its class's threshold under one high for its own, as bits (see ``__init__``)."""
        klass: list[int] = self.klass
        above, below = self.above, self.below
        barred = 0
        lo = [13, 13]  # the lowest rank met so far in each class
        low = 0  # the threshold pairs for which some card met so far is low
        for i in range(down, len(col)):
            x = col[i]
            r = x % 13
            k = klass[x]
            barred |= low & below[k][r + 1]
            if r < lo[k]:
                lo[k] = r
                low = above[0][lo[0] + 1] | above[1][lo[1] + 1]
        return barred


def _grid(k: int, test: int) -> list[int]:
    """For v from -1 to 13, the threshold pairs (m0, m1), each from -1 to 13, whose m_k is
    above v (test 1), below it (-1), at least it (2) or at most it (-2), as bits
    (m0 + 1) * 15 + (m1 + 1) of an int."""
    out = []
    for v in range(-1, 14):
        bits = 0
        for m0 in range(-1, 14):
            for m1 in range(-1, 14):
                m = m1 if k else m0
                if (
                    (test == 1 and m > v)
                    or (test == -1 and m < v)
                    or (test == 2 and m >= v)
                    or (test == -2 and m <= v)
                ):
                    bits |= 1 << ((m0 + 1) * 15 + m1 + 1)
        out.append(bits)
    return out


# The tables ``Crossings`` reads E2 and E3 from, indexed by the class k and v + 1:
# _ABOVE[k][v + 1] holds the threshold pairs with m_k > v, _BELOW[k][v + 1] those with
# m_k < v, _BETWEEN[k][a + 1][b + 1] those with a <= m_k <= b.
_ABOVE = [_grid(0, 1), _grid(1, 1)]
_BELOW = [_grid(0, -1), _grid(1, -1)]
_BETWEEN = [[[lo & hi for hi in _grid(k, -2)] for lo in _grid(k, 2)] for k in (0, 1)]


def _classes(variant: Variant) -> list[int]:
    """Each card's class, 0 or 1: the two parts of the cards that building connects (with
    alternate colours, rank plus colour odd or even). A card builds only on cards of its
    own class; a build that does not split so gets one class for every card."""
    if variant.card_count != 52:
        return [0] * variant.card_count  # two decks: no twins to cross (see ``Crossings``)
    klass = [-1] * 52
    parts = 0
    for start in range(variant.card_count):
        if klass[start] >= 0:
            continue
        if parts == 2:
            return [0] * 52
        klass[start] = parts
        todo = [start]
        while todo:
            x = todo.pop()
            for y in (*variant.parents[x], *variant.children[x]):
                if klass[y] < 0:
                    klass[y] = parts
                    todo.append(y)
        parts += 1
    return klass
