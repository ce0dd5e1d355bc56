"""Triples of facts that can hold together: pairs of facts (``pairs``) taken one step further.

``pairs.Pairs`` computes which *pairs* of facts of its model can ever hold in one position
(h², Haslum and Geffner, 2000). ``Triples`` computes, over the very same model (its facts,
and its actions with what each needs, makes and ends), which *triples* can (h³). It sees
three things never true at once where pairs sees only two, and that is often the whole
argument: it proves Yukon deals 319, 552 and 556 without withdrawals and 319 and 702 with
them lost at their start, where pairs proves nothing there and the exhaustive search had
not decided them after tens of millions of positions (docs/solver-journal.md: "Triples of
facts"). A test costs what hundreds of pairs tests cost, so it is asked rarely: of a deal's
start, where a proof ends the whole search, and inside a long search every so many positions
(``search.Search._triples_ask``), where a proof's closure, kept, covers what the search would
otherwise go on to search (``Triples``' docstring).

The triples. A triple {f, g, h} (a multiset: with f = g it is the pair {g, h}, with f = g = h
the fact alone) is *reachable* when it holds in the position asked about, or some action a
makes at least one of its facts and ends none of the others, and every triple of a's needs
and the facts of {f, g, h} a does not make is reachable. Claim: every triple of facts true
together in a position reachable from the one asked about is reachable. By induction on a
line of play: true at its start; after a move, which is an action a taking position s to s'
(the ``pairs`` docstring: every legal move is one of the model's actions, and changes exactly
the facts it names), take a triple of s'. If a makes none of it, all three held in s. Else
the facts of it a does not make held in s (a ends no fact true in s'), and so did a's needs:
every triple of those facts together held in s, so is reachable, and the rule gives the
triple. So when a triple of the four ``done`` facts is not reachable, the four suits are never
complete together: no line wins, and the position is lost.

The computation. ``rows[f * n + g]`` holds h when {f, g, h} is reachable, kept symmetric in all
three (a pair's two multisets, {f, f, h} and {f, h, h}, are kept alike). The rows of {f, g} and
{g, f} are one set, so a triple is written in three sets, not six, and a new triple's h's join
the row of {f, g} at once: half of a test's time went in reaching sets scattered through
memory, and this made the tests at the start of 20 Yukon deals (both withdrawal rules) 2.7
times faster, the closures unchanged (journal: "Cheaper triples"). The other two rows take
their third facts a word at a time (``Facts.spread`` through rows laid out by bit), not fact by
fact: a fifth to a quarter off a test (seven starts of Yukon deals, the two builds side by
side: 1.03 s against 1.39 s, then 1.30 s against 1.61 s; journal: "Rows by bit"). Rounds over
the actions: for an action whose needs are triple-wise reachable, ``base`` is the facts h that
form a reachable triple with every two of its needs, ``avail`` those of them it does not end;
for each g of ``avail``, the facts h of ``avail`` with {g, h} and every {g, h, need} reachable
may join g and any fact f it makes: {f, g, h}; and with g reachable beside every need alone,
{f, g, f'} for every two facts f, f' it makes. Until a round adds nothing (the least closed
set: a proof of loss when it lacks a triple of done facts) or the done facts' triples are all
in (not proved).
"""

from __future__ import annotations

import time
from typing import Final

from ..engine.board import Board
from .pairs import Facts, Held, Pairs, facts_of, slots_of

KEPT: Final = 32
"""How many closures of proofs ``Triples.lost(..., keep=True)`` keeps for ``covered``, the one
that last covered a position first. A closure is a few megabytes (a set per pair of facts)."""


class Kept:
    """A closure kept (``Triples.lost(..., keep=True)``): its ``sets`` (numbered as
    ``Triples.index``), the set of facts of the position it was computed for (``origin``), and
    for each fact f, ``sure[f]``: the facts g of the origin such that the set of {f, g} holds
    every fact of the origin that can hold with f (that is, that the set of {f, f} holds);
    ``alone``, the facts f whose set of {f, f} holds f ({f, f, f}, the fact alone, is in the
    closure). ``stamp`` is for the caller (``search.Search`` notes when it made the proof).

    ``alone`` first. A position with a fact outside ``alone`` is not covered: {f, f, f} is a
    triple of its facts the closure lacks. So ``Triples.covered`` skips such a closure with one
    check, where ``_holds`` would list the new facts first. In the exhaustive search of Yukon
    552 with withdrawals (its first 1,500,000 positions) it skipped 2,154,915 of the 2,267,607
    closures asked, and every one it let through covered the position; ``Triples.covered``
    took 6.6% of a profile against 8.4% (1,000,000 positions; journal: "Tests that cannot
    prove").

    Why ``Triples._holds`` can ask so little. A position Q is covered when every triple of its
    facts lies in the closure C. Take a triple of Q's facts, by how many of its three places
    hold *new* facts (not of the origin):

    * none: a triple of the origin's facts, which C holds (a closure holds the triples of its
      position);
    * two or three (a fact twice counts twice): {f, h, x} with f and h new (f = h allowed), x
      any fact of Q: asked, as the set of {f, h} must hold every fact of Q;
    * one, f, with g and h of the origin (g = h allowed): the set of {f, f} is asked to hold
      every fact of Q (the case above), so h is a fact of the origin that can hold with f.
      When g is in ``sure[f]``, the set of {f, g} holds h: {f, g, h} is in C. Otherwise the set
      of {f, g} is asked to hold every fact of Q from the origin.

    So ``_holds`` asks the sets of the pairs of new facts, and of a new fact f with an old one
    only outside ``sure[f]``, where the check it replaced asked the set of every pair of Q's
    facts. In the exhaustive search of Yukon 552 with withdrawals (its first 1,500,000
    positions) those other sets never failed a position that passed the sets of {f, f}, and
    had taken 1,825 checks for each position found covered; with ``sure`` that search took 90
    CPU s against 107 s, the same positions (journal: "Kept closures asked less").

    The pairs of new facts, through ``wide[f]``: the facts g whose set with f holds every fact
    that both the set of {f, f} and the set of {g, g} hold, computed for f the first time it is
    a new fact (``widened`` marks which are). For new facts f and h, ``_holds`` has checked
    that the sets of {f, f} and of {h, h} each hold every fact of Q; when h is in ``wide[f]``,
    the set of {f, h} holds every fact both hold, so every fact of Q: that pair needs no check
    of its own. The relation is symmetric (so is its condition), and a pair outside it is
    checked once. A covered position has about 26 new facts, so 325 pairs of them; in the
    default solve of Yukon 552 with withdrawals, ``wide`` left 7,472,585 of the 104,538,606
    checks of those pairs, at the cost of 1,963 rows computed (journal: "Wide pairs")."""

    __slots__ = ("alone", "origin", "sets", "stamp", "sure", "wide", "widened")

    def __init__(self, sets: list[Facts], origin: Facts, sure: list[Facts], alone: Facts) -> None:
        self.stamp = 0
        self.sets = sets
        self.origin = origin
        self.sure = sure
        self.alone = alone
        self.wide = [Facts() for _ in sure]  # one row per fact, filled when first asked
        self.widened = Facts()


class Triples:
    """h³ over a ``Pairs`` model of a search's start: ``lost(position)`` asks it of any position
    of that search (see the module docstring), and ``covered(position)`` asks the closures of
    the proofs it was told to keep.

    Kept closures. A kept closure C is the least closed set of a position proved lost, so it
    is closed under the rule and lacks a triple of done facts. If every triple of facts true in
    another position Q lies in C, the least closed set holding Q's triples lies inside C (it
    is the least closed set holding them, and C is one), so it lacks that triple too: Q is lost.
    Every position reachable from a position proved lost is covered by its closure (its
    triples are reachable ones), so a search that proves one position of a region lost can
    drop the rest of that region at the cost of a few hundred operations on bit sets a
    position (``Kept``), where a closure costs a tenth of a second (``pairs`` keeps its
    closures the same way)."""

    def __init__(self, model: Pairs) -> None:
        self.model = model
        n = model.n
        self.n = n
        # One set per pair of facts {f, g}, at both f * n + g and g * n + f: the rows are
        # symmetric in f and g by construction, each written once. index[f * n + g]: the
        # number of that set in ``sets`` (and in a kept closure).
        self.sets = [Facts() for _ in range(n * (n + 1) // 2)]
        rows = [self.sets[0]] * (n * n)
        index = [0] * (n * n)
        k = 0
        for f in range(n):
            for g in range(f, n):
                rows[f * n + g] = rows[g * n + f] = self.sets[k]
                index[f * n + g] = index[g * n + f] = k
                k += 1
        self.rows = rows
        self.index = index
        # by_bit[f]: the rows of {f, h} laid out by h's bit (``pairs.slots_of``), and unit[g]
        # the set of g alone: putting g in the row of {f, h} for every h of a set is then
        # ``Facts.spread`` with those two, a bit at a time, where listing the set's facts and
        # indexing their rows took most of a test (``_grow``).
        self.by_bit = [slots_of(rows[f * n : f * n + n]) for f in range(n)]
        self.unit = [facts_of([g]) for g in range(n)]
        self.new = Facts()  # ``_grow``'s working set
        self.done = [model.done + s for s in range(4)]
        self.rounds = 0  # rounds of the last test, for the record
        self.closures: list[Kept] = []  # kept, the last used last
        self.fresh = Facts()  # ``_holds``' working sets
        self.old = Facts()
        self.left = Facts()
        self.covers_found = 0  # positions ``covered`` said were lost

    def lost(
        self,
        board: Board,
        deadline: float | None = None,
        keep: bool = False,
        within: list[Kept] | None = None,
        give_up: bool = False,
    ) -> bool:
        """No line of play wins from ``board``: some triple of the done facts is not reachable
        (module docstring). False (nothing proved) if ``deadline`` (``time.perf_counter``)
        passes first. With ``keep``, a proof's closure is kept for ``covered`` (class
        docstring), the oldest dropped past ``KEPT``. ``within``: kept closures of positions
        reachable from ``board``, which the test starts from (``closed``). ``give_up``: stop,
        proving nothing, once any triple of done facts is reachable (``closed``)."""
        facts = self.model.facts(board)
        if not self.closed(facts, deadline, within, give_up):
            return False
        if keep:
            self.closures.append(self._kept(facts_of(facts)))
            if len(self.closures) > KEPT:
                del self.closures[0]
        return True

    def _kept(self, origin: Facts) -> Kept:
        """The closure just computed, of a position holding ``origin``, kept (``Kept``)."""
        sets: list[Facts] = []
        for row in self.sets:
            copy = Facts()
            copy.copy(row)
            sets.append(copy)
        n, index = self.n, self.index
        sure: list[Facts] = []
        alone = Facts()
        for f in range(n):
            if sets[index[f * n + f]].has(f):
                alone.add(f)
            near = Facts()  # the facts of the origin that can hold with f
            near.copy(origin)
            near.meet(sets[index[f * n + f]])
            rows = Facts()
            for g in near.numbers():
                if sets[index[f * n + g]].covers(near):
                    rows.add(g)
            sure.append(rows)
        return Kept(sets, origin, sure, alone)

    def covered(self, board: Board, known: Held | None = None) -> bool:
        """A kept closure holds every triple of ``board``'s facts, so no line of play wins
        from it (class docstring); that closure moves to the front. Each closure is asked
        only what ``Kept`` says is enough: its facts alone, then the sets of {f, f} (the
        pairs with f). ``known``: the model's ``Pairs.held(board)``, when the caller has it."""
        closures = self.closures
        if not closures:
            return False
        held = (self.model.held(board) if known is None else known).set
        for c in range(len(closures) - 1, -1, -1):
            kept = closures[c]
            if kept.alone.covers(held) and self._holds(kept, held):
                if c != len(closures) - 1:
                    closures.append(closures.pop(c))
                self.covers_found += 1
                return True
        return False

    def _holds(self, kept: Kept, held: Facts) -> bool:
        """Every triple of the facts ``held`` lies in the kept closure (``Kept`` says why
        these checks are enough)."""
        n, index, sets = self.n, self.index, kept.sets
        fresh, old, left = self.fresh, self.old, self.left
        fresh.copy(held)
        fresh.drop(kept.origin)
        new = fresh.numbers()
        for f in new:  # two or three of them f: the pairs {f, h}
            if not sets[index[f * n + f]].covers(held):
                return False
        old.copy(held)
        old.meet(kept.origin)
        for f in new:  # one of them f
            sure = kept.sure[f]
            if not sure.covers(old):
                left.copy(old)
                left.drop(sure)
                for g in left.numbers():
                    if not sets[index[f * n + g]].covers(old):
                        return False
        for f in new:  # two of them new, or three: the pairs outside ``wide``, each once
            wide = self._wide(kept, f)
            if wide.covers(fresh):
                continue
            left.copy(fresh)
            left.drop(wide)
            for h in left.numbers():
                if h > f and not sets[index[f * n + h]].covers(held):
                    return False
        return True

    def _wide(self, kept: Kept, f: int) -> Facts:
        """``kept.wide[f]`` (``Kept``), computed the first time it is asked."""
        wide = kept.wide[f]
        if kept.widened.has(f):
            return wide
        n, index, sets = self.n, self.index, kept.sets
        own = sets[index[f * n + f]]
        for g in range(n):
            if sets[index[f * n + g]].covers_common(own, sets[index[g * n + g]]):
                wide.add(g)
        kept.widened.add(f)
        return wide

    def closed(
        self,
        facts: list[int],
        deadline: float | None = None,
        within: list[Kept] | None = None,
        give_up: bool = False,
    ) -> bool:
        """The least closed set of triples holding those of ``facts`` lacks a triple of done
        facts (so a position holding ``facts`` is lost); False as soon as it has them all, or
        when ``deadline`` passes (checked at each round).

        ``give_up``: False as soon as it has any triple of done facts. That proves nothing
        either way (False never claims anything), and only a proof can be lost, never made:
        a guess that the test would fail, which spares the rounds that would have found out.
        It is asked only of models with withdrawals, where it has never cost a proof: of 79
        tests sampled from the searches of Yukon 75 and 552 with withdrawals, no proof's rounds
        ever made a triple of done facts reachable, and the 38 that failed would have spent
        54% of their time after the first one was (without withdrawals, 9 of 20 proofs made
        some; journal: "Tests that give up").

        ``within``: kept closures of positions reachable from one holding ``facts``; the rounds
        start from their union with the triples of ``facts``, and reach the same least closed
        set L in fewer rounds. Why: the triples true in a reachable position are reachable
        (module docstring), so lie in L, and L, being closed, holds the least closed set
        holding them, that closure; the rounds from any start between the triples of
        ``facts`` and L add only what the rule derives, so stay in L, and stop closed, so at
        L. The verdict and the closure are the ones without ``within``; only the work
        changes."""
        model, rows, n = self.model, self.rows, self.n
        empty = Facts()
        sets = self.sets
        for row in sets:
            row.copy(empty)
        if within is not None:
            for kept in within:
                for k in range(len(sets)):
                    sets[k].join(kept.sets[k])
        held = facts_of(facts)
        for f in facts:
            for g in facts:
                rows[f * n + g].join(held)
        self.rounds = 0
        if self._reached(give_up):
            return False
        base = Facts()
        avail = Facts()
        near = Facts()
        full = model.full
        grown = True
        while grown:
            if deadline is not None and time.perf_counter() > deadline:
                return False  # out of time: nothing proved
            grown = False
            self.rounds += 1
            for action in model.actions:
                needs = action.needs
                base.copy(full)
                for i in range(len(needs)):
                    x = needs[i]
                    for j in range(i, len(needs)):
                        base.meet(rows[x * n + needs[j]])
                if not base.covers(action.need_set):
                    continue  # some three needs are not reachable together (yet)
                makes, make_set = action.makes, action.make_set
                changed = False
                for f in makes:
                    for f2 in makes:
                        if self._grow(f, f2, make_set):
                            changed = True
                avail.made(base, action.end_set, empty)
                for g in avail.numbers():
                    near.copy(avail)
                    near.meet(rows[g * n + g])
                    for x in needs:
                        near.meet(rows[g * n + x])
                    if near.has(g):
                        near.join(make_set)
                    for f in makes:
                        if self._grow(f, g, near):
                            changed = True
                if changed:
                    grown = True
                    if self._reached(give_up):
                        return False
        return True

    def _grow(self, f: int, g: int, facts: Facts) -> bool:
        """Make {f, g, h} reachable for each h in ``facts``, kept symmetric; whether any was
        new."""
        rows, n = self.rows, self.n
        row = rows[f * n + g]
        new = self.new
        new.copy(facts)
        new.drop(row)
        if new.empty():
            return False
        if f == g:
            for h in new.numbers():
                self._put(f, g, h)
            return True
        row.join(new)  # {f, g, h} in the row of {f, g} at once, then in its other two rows
        # A pair's two multisets are kept alike (``_put``); the spreads below put again
        # only what that has put in for h = f or g.
        if new.has(f):
            self._put(f, g, f)
        if new.has(g):
            self._put(f, g, g)
        # g in the row of {f, h} and f in that of {g, h}, for each h.
        new.spread(self.by_bit[f], self.unit[g])
        new.spread(self.by_bit[g], self.unit[f])
        return True

    def _put(self, f: int, g: int, h: int) -> None:
        """{f, g, h} is reachable. Two alike make it a pair, whose two multisets ({a, a, b} and
        {a, b, b}) are kept alike."""
        if f == g or g == h:
            self._rows(f, h, f)
            self._rows(f, h, h)
        elif f == h:
            self._rows(f, g, f)
            self._rows(f, g, g)
        else:
            self._rows(f, g, h)

    def _rows(self, f: int, g: int, h: int) -> None:
        """The multiset {f, g, h} in the row of each pair of it (a row serves both orders)."""
        rows, n = self.rows, self.n
        rows[f * n + g].add(h)
        rows[f * n + h].add(g)
        rows[g * n + h].add(f)

    def _reached(self, some: bool = False) -> bool:
        """Every triple of done facts is reachable; with ``some``, any one is."""
        rows, n, done = self.rows, self.n, self.done
        goal = self.model.goal
        if some:
            for a in done:
                for b in done:
                    if rows[a * n + b].meets(goal):
                        return True
            return False
        for a in done:
            for b in done:
                if not rows[a * n + b].covers(goal):
                    return False
        return True
