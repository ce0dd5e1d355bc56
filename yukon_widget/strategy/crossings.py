"""Crossings: positions that differ only in which of two twins carries which tail.

Two cards are *twins* when every tableau rule treats them alike: the same cards build on
them and they on the same cards (5♠ and 5♣ in Yukon). Two runs such as 8♥ 7♣ 6♦ 5♠ 4♦ 3♣
and 8♦ 7♠ 6♥ 5♣ 4♥ may *cross* at the fives (4♥ on 5♠, 4♦ 3♣ on 5♣), and with a free
landing spot the search makes every crossing it can, each one doubling the positions it
must search; most positions of Yukon's hard deals differ from another one only so.
``Crossings.key`` gives such positions one key, so the search's table holds them as one,
where a proof below says the crossing cannot matter.

Definitions (one deck, cards build one rank lower in the other colour). A twin p1's *tail*
is every card above it in its column; its *base part*, the face-up cards at or below it in
its column. Swapping the tails of twins p1 and p2 (A on p1 and B on p2 become B on p1 and A
on p2) is *allowed* at a threshold rank μ when:

* (E1) p1 and p2 are face up in different columns, each covered directly by a card that
  builds on it (so A and B start with the two cards that build on the pair);
* (E2) every card in A and B has rank at most μ, every card of both base parts at least μ;
* (E3) no column holds a face-up card of rank below μ under a face-up card of rank above μ.

Claim. Let X be W with the tails swapped, allowed at μ. Each move e of W (a move and the
forced moves after it) moves the same cards to the same place in X, and then either X + e is
W + e with the tails swapped, allowed at μ again (the *strong* case), or X + e = W + e, or
X + e + s = W + e for a sideways move s of X + e (the *weak* case).

Why. The swap moves only the tails' cards, and each tail is nonempty, so W and X have the
same top cards, empty columns, free cells and foundations. Take the lowest card y of the
group e moves:

* y outside both columns (another column, a cell, a foundation): the same group, the same
  landing card in X. A group landing on a tail's top has rank at most μ throughout: its
  lowest card is below μ, and a card above μ over it would break E3.
* y in a tail, say A: the same group moves in X, from the other twin. If y is A's lowest
  card, A is gone and the weak case below follows; else A keeps its lowest card.
* y in a base part: its group carries that twin and its tail, B instead of A in X. y lands
  on a card one rank higher, so above μ: not a card of a tail (at most μ). So it lands
  elsewhere, the same in X; the card it leaves, or turns, is the same. Under the landing
  card lies no face-up card below μ (E3, that card being above μ), so E2 holds again; a King
  into an empty column takes only its group along.
* A card going home or into a cell is a top card: a tail's top (as above) or another card.
  The twins and their base parts are covered.

E3 holds after any move: a group lands on a card one rank above its lowest card, so a card
above μ over a card below μ would have been there already, in the group or under the
landing card; a turned card has nothing on it. E2's tails stay at most μ (above).
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
lemma S to a position ≈ to X0 + e it needs the sideways move s matched along the swaps; it
is, strongly: s lands on a twin's partner that is on top, so that pair allows no swap, and
it moves no other pair's tail's lowest card (that card would sit on the same twin). Now say
some position of Cl can be won; take one, W, with the shortest winning line, of length d,
and its first move e. W = W0, W1, ..., Wn, each the one before with one allowed swap, and Wn
entered. By C, Wn + e is in Cl (it can be won, by consequence 1 and the weak case's s, so it
is not lost). Walking back, each Wi + e is in Cl: in the strong case Wi + e ≈ Wi+1 + e; in
the weak case Wi + e = (Wi+1 + e) + s, and with Wi+1 + e ≈ Y for an entered Y, Y + s ≈
Wi + e (s matched as above) is in Cl or lost by lemma S, and it can be won. So W + e is in
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
        # order: the lower twin of each pair, highest rank first (a swap moves no card of a
        # higher rank, by E2, and leaves every other pair's card on its twin where it was);
        # low[x]: the lower-numbered card that builds on x; at: see ``key``.
        self.order = [p[0] for p in pairs]
        self.low = [min(children[x]) if children[x] else -1 for x in range(52)]
        # on[y * 52 + x]: y builds on x, and x has a twin.
        self.on = [False] * (52 * 52)
        for x in range(52):
            if self.twin[x] >= 0:
                for y in children[x]:
                    self.on[y * 52 + x] = True
        self.at = [0] * 52
        self.mark = [0] * 52
        self.stamp = 0
        self.active = bool(pairs)

    def key(self, board: Board) -> bytes:
        """``board.key()`` with every allowed crossing undone: equal for crossed positions."""
        if not self.active:
            return board.key()
        cols: list[list[int]] = board.columns
        down: list[int] = board.down
        twin: list[int] = self.twin
        on: list[bool] = self.on
        low: list[int] = self.low
        at: list[int] = self.at
        mark: list[int] = self.mark
        # Where each twin lies with a card that builds on it right on it (E1's first half):
        # at[x] = column * 64 + row, valid while mark[x] is this call's stamp. A pair is
        # wrong when the higher of the two cards that build on it lies on its lower twin.
        self.stamp += 1
        stamp: int = self.stamp
        wrong = 0
        for c in range(len(cols)):
            col = cols[c]
            n = len(col) - 1
            i = down[c]
            while i < n:
                x = col[i]
                y = col[i + 1]
                if on[y * 52 + x]:
                    at[x] = c * 64 + i
                    mark[x] = stamp
                    if y != low[x] and x < twin[x]:
                        wrong += 1
                i += 1
        if not wrong:
            return board.key()
        work = cols
        swapped = False
        barred = -1  # E3's ruled-out thresholds, read once they are needed
        for a in self.order:
            b = twin[a]
            if mark[a] != stamp or mark[b] != stamp:
                continue
            pa, pb = at[a], at[b]
            ca, cb, ia, ib = pa >> 6, pb >> 6, pa & 63, pb & 63
            if ca == cb or work[ca][ia + 1] == low[a]:
                continue
            span = _span(work, down, ca, ia, cb, ib)
            if not span:
                continue
            if barred < 0:
                barred = 0
                for c in range(len(work)):
                    barred |= _barred(work[c], down[c])
            if not span & ~barred:
                continue
            if not swapped:
                work = [list(col) for col in cols]
                swapped = True
            col_a, col_b = work[ca], work[cb]
            tail_a = col_a[ia + 1 :]
            tail_b = col_b[ib + 1 :]
            del col_a[ia + 1 :]
            del col_b[ib + 1 :]
            col_a.extend(tail_b)
            col_b.extend(tail_a)
            # The twins in the tails moved with them; E3 is read again (the two columns
            # changed, so the others' bars are read again too: swaps are rare).
            for j in range(ia + 1, len(col_a)):
                x = col_a[j]
                if mark[x] == stamp:
                    at[x] = ca * 64 + j
            for j in range(ib + 1, len(col_b)):
                x = col_b[j]
                if mark[x] == stamp:
                    at[x] = cb * 64 + j
            barred = 0
            for c in range(len(work)):
                barred |= _barred(work[c], down[c])
        if not swapped:
            return board.key()
        return board.key_with({c: work[c] for c in range(len(work)) if work[c] != cols[c]})


def _span(cols: list[list[int]], down: list[int], ca: int, ia: int, cb: int, ib: int) -> int:
    """E2 for the twins at rows ``ia`` of column ``ca`` and ``ib`` of ``cb`` (each with a
    card that builds on it right on it): the thresholds μ between the tails' highest rank
    and the base parts' lowest, as a bit set over ranks (0 for Aces); 0 if there is none."""
    col_a, col_b = cols[ca], cols[cb]
    m = 0
    for i in range(ia + 1, len(col_a)):
        m = max(m, col_a[i] % 13)
    for i in range(ib + 1, len(col_b)):
        m = max(m, col_b[i] % 13)
    floor = 13
    for i in range(down[ca], ia + 1):
        floor = min(floor, col_a[i] % 13)
    for i in range(down[cb], ib + 1):
        floor = min(floor, col_b[i] % 13)
    if floor < m:
        return 0
    return ((1 << (floor + 1)) - 1) & ~((1 << m) - 1)


def _barred(col: list[int], down: int) -> int:
    """E3 for one column: the thresholds μ (a bit set over ranks, 0 for Aces) it rules out,
    holding a face-up card of rank below μ under one of rank above μ."""
    barred = 0
    lo = 13
    for i in range(down, len(col)):
        r = col[i] % 13
        if lo + 1 < r:
            barred |= ((1 << r) - 1) & ~((1 << (lo + 1)) - 1)
        if r < lo:
            lo = r
    return barred
