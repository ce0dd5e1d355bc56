"""``Board``: the cards on the table, and the raw moves that change them.

One state type that every layer shares: ``Game`` keeps its line of play on top of a Board,
and the solver, hints, players, pictures and the widget read the same Board through the
public names below. It is kept small and fast, because the solver plays millions of moves
on it.

Piles are numbered: columns ``0 .. ncols-1``, foundations ``ncols .. ncols+nfound-1``, free
cells after them. A *raw move* is ``(source, index, target)``, with ``index`` the moved
card's row in its column (``-1`` when the source is a foundation or a cell). Cards are the
integers of ``cards`` (``suit * 13 + rank - 1``).
"""

from __future__ import annotations

from .cards import KING_RANK
from .variants import Variant

RawMove = tuple[int, int, int]


class Board:
    """A position: columns with their face-down counts, foundation heights and free cells.

    ``columns[c]`` lists column ``c`` bottom to top, its lowest ``down[c]`` cards face down.
    ``heights[f]`` is how many cards foundation pile ``f`` holds (its suit is
    ``variant.foundation_suits[f]``, and it holds that suit from the Ace up, so the height
    says everything). ``cells[k]`` is the card in free cell ``k`` or None. ``withdraw`` says
    whether foundation cards may come back into play.

    Change it only through ``apply`` and ``undo`` (they keep the canonical key current);
    reading every field is fine.
    """

    __slots__ = (
        "_ck",
        "_saved",
        "cells",
        "columns",
        "down",
        "heights",
        "ncols",
        "nfound",
        "variant",
        "withdraw",
    )

    def __init__(
        self,
        variant: Variant,
        withdraw: bool,
        columns: list[list[int]],
        down: list[int],
        heights: list[int],
        cells: list[int | None],
    ) -> None:
        self.variant = variant
        self.withdraw = withdraw
        self.columns = [list(c) for c in columns]
        self.down = list(down)
        self.heights = list(heights)
        self.cells = list(cells)
        self.ncols = len(self.columns)
        self.nfound = len(self.heights)
        # _ck[c]: column c as bytes (face-down count, then cards), kept current by apply and
        # undo, so key() is one sort: the solver asks for a key after every move. (Bringing
        # them up to date lazily in key() made the solver 6-10% slower.)
        self._ck = [bytes((d, *col)) for d, col in zip(self.down, self.columns)]
        # _saved: the keys of the columns ``apply`` changed, as they were, for ``undo`` to put
        # back (the same objects: a search that caches facts by a column's key finds them
        # again, with their hashes, and nothing is sliced). A copy starts without them, and
        # ``undo`` makes a key anew where it has none that fits.
        self._saved: list[bytes] = []

    def copy(self) -> Board:
        """An independent board in the same position."""
        return Board(self.variant, self.withdraw, self.columns, self.down, self.heights, self.cells)

    # ------------------------------------------------------------------ reading

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""
        return sum(self.heights) == self.variant.card_count

    def foundation_top(self, f: int) -> int | None:
        """The top card of foundation pile ``f`` (0-based among foundations), or None."""
        n = self.heights[f]
        return self.variant.foundation_suits[f] * 13 + n - 1 if n else None

    def foundation_cards(self, f: int) -> list[int]:
        """The cards of foundation pile ``f``, Ace first."""
        suit = self.variant.foundation_suits[f]
        return [suit * 13 + r for r in range(self.heights[f])]

    def card_at(self, source: int, index: int) -> int | None:
        """The card a raw move's ``(source, index)`` names, or None if that place is empty."""
        nt, nf = self.ncols, self.nfound
        if source < nt:
            col = self.columns[source]
            return col[index] if 0 <= index < len(col) else None
        if source < nt + nf:
            return self.foundation_top(source - nt)
        return self.cells[source - nt - nf]

    def face_up(self, c: int) -> list[int]:
        """The face-up cards of column ``c``, bottom to top."""
        return self.columns[c][self.down[c] :]

    def key(self) -> bytes:
        """A canonical key of the position: equal for positions that differ only in the order
        of columns or of cells (which no rule tells apart). Foundations are left out: they
        hold exactly the cards that are not in play (with two decks, up to swapping a
        suit's two piles, which no rule tells apart either)."""
        parts = sorted(self._ck)
        if self.cells:
            parts.append(bytes(sorted(99 if x is None else x for x in self.cells)))
        return b"\xff".join(parts)

    def column_key(self, c: int) -> bytes:
        """Column ``c`` as ``key`` reads it (its face-down count, then its cards bottom to
        top), kept current by ``apply`` and ``undo``: a search may cache facts about one
        column by it, as a move changes one or two columns at a time."""
        return self._ck[c]

    def key_with(self, columns: list[bytes]) -> bytes:
        """The key this position would have with column ``c`` as ``columns[c]`` says, in
        ``column_key``'s form (its face-down count, then its cards bottom to top), for every
        column, over the same free cells: for a search that gives positions it proves alike
        one key (``strategy.crossings``)."""
        parts = sorted(columns)
        if self.cells:
            parts.append(bytes(sorted(99 if x is None else x for x in self.cells)))
        return b"\xff".join(parts)

    def moves(self) -> list[RawMove]:
        """Every legal move now, in raw form."""
        cols, down, heights, cells = self.columns, self.down, self.heights, self.cells
        parents = self.variant.parents
        slots = self.variant.foundation_slots
        nt, nf = self.ncols, self.nfound
        tops: dict[int, list[int]] = {}
        empties = []
        for t, col in enumerate(cols):
            if col:
                top = col[-1]
                if top in tops:
                    tops[top].append(t)
                else:
                    tops[top] = [t]
            else:
                empties.append(t)
        free = [nt + nf + k for k, c in enumerate(cells) if c is None]
        out: list[RawMove] = []
        add = out.append
        for s, col in enumerate(cols):
            n = len(col)
            if not n:
                continue
            for i in range(down[s], n):
                x = col[i]
                for y in parents[x]:
                    if y in tops:
                        for t in tops[y]:
                            if t != s:
                                add((s, i, t))
                if x % 13 == KING_RANK:
                    for t in empties:
                        add((s, i, t))
            x = col[-1]
            for f in slots[x // 13]:
                if heights[f] == x % 13:
                    add((s, n - 1, nt + f))
            for c in free:
                add((s, n - 1, c))
        loose = [(nt + nf + k, x) for k, x in enumerate(cells) if x is not None]
        if self.withdraw:
            suits = self.variant.foundation_suits
            loose += [(nt + f, suits[f] * 13 + n - 1) for f, n in enumerate(heights) if n]
        for s, x in loose:
            if s >= nt + nf:
                for f in slots[x // 13]:
                    if heights[f] == x % 13:
                        add((s, -1, nt + f))
            for y in parents[x]:
                if y in tops:
                    for t in tops[y]:
                        add((s, -1, t))
            if x % 13 == KING_RANK:
                for t in empties:
                    add((s, -1, t))
        return out

    # ------------------------------------------------------------------ changing

    def apply(self, move: RawMove) -> tuple[int, bool]:
        """Play a raw move known to be legal; return (cards moved, whether a card turned),
        which ``undo`` needs."""
        s, i, t = move
        nt, nf = self.ncols, self.nfound
        flipped = False
        # The moved cards as ``_ck`` holds them: a column's key is its face-down count, then
        # its cards, so a group out of a column is a slice of that column's key.
        cards = b""
        if s < nt:
            col = self.columns[s]
            group = col[i:]
            del col[i:]
            ck = self._ck[s]
            self._saved.append(ck)
            cards = ck[i + 1 :]
            if col and self.down[s] == len(col):
                self.down[s] -= 1
                flipped = True
                self._ck[s] = bytes((self.down[s],)) + ck[1 : i + 1]
            else:
                self._ck[s] = ck[: i + 1]  # the face-down count, then col[:i]
        elif s < nt + nf:
            f = s - nt
            self.heights[f] -= 1
            group = [self.variant.foundation_suits[f] * 13 + self.heights[f]]
        else:
            card = self.cells[s - nt - nf]
            assert card is not None, "a move out of an empty cell"
            group = [card]
            self.cells[s - nt - nf] = None
        if t < nt:
            self.columns[t].extend(group)
            self._saved.append(self._ck[t])
            self._ck[t] += cards if s < nt else bytes(group)
        elif t < nt + nf:
            self.heights[t - nt] += 1
        else:
            self.cells[t - nt - nf] = group[0]
        return len(group), flipped

    def undo(self, move: RawMove, moved: int, flipped: bool) -> None:
        """Take back ``move``, the last one applied (``moved`` and ``flipped`` as ``apply``
        returned them)."""
        s, _i, t = move
        nt, nf = self.ncols, self.nfound
        saved = self._saved
        if t < nt:
            col = self.columns[t]
            group = col[-moved:]
            del col[-moved:]
            ck = self._ck[t]
            cut = len(ck) - moved
            if saved and len(saved[-1]) == cut:
                self._ck[t] = saved.pop()  # as it was before ``apply``
            else:
                saved.clear()  # none that fits (a copy, say): made anew from here on
                self._ck[t] = ck[:cut]
        elif t < nt + nf:
            f = t - nt
            self.heights[f] -= 1
            group = [self.variant.foundation_suits[f] * 13 + self.heights[f]]
        else:
            card = self.cells[t - nt - nf]
            assert card is not None, "an undo into an empty cell"
            group = [card]
            self.cells[t - nt - nf] = None
        if s < nt:
            col = self.columns[s]
            col.extend(group)
            ck = self._ck[s]
            if flipped:
                self.down[s] += 1
            if saved and len(saved[-1]) == len(ck) + moved:
                self._ck[s] = saved.pop()
            else:
                saved.clear()
                head = bytes((self.down[s],)) + ck[1:] if flipped else ck
                self._ck[s] = head + bytes(group)  # the moved cards as ``_ck`` holds them
        elif s < nt + nf:
            self.heights[s - nt] += 1
        else:
            self.cells[s - nt - nf] = group[0]
