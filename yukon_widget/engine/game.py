"""The game: a ``Board``, the line of moves played on it, and the moves taken back.

The public API speaks in ``Move`` objects and pile ids. Strategy code reads ``game.board``
and speaks in raw moves (``board`` explains them), which is what keeps the solver fast;
``to_move``, ``resolve`` and ``push_raw`` translate between the two.
"""

from __future__ import annotations

import copy as _copy
import random
from typing import TYPE_CHECKING, Any, NamedTuple

from . import position as _position
from .board import Board, RawMove
from .cards import CODES, KING_RANK, SUIT_NAMES, brief, parse_card, symbol
from .move import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, parse_notation
from .shuffle import check_seed, random_seed, shuffled_deck
from .variants import Variant, get_variant

if TYPE_CHECKING:
    from ..picture import Picture

__all__ = ["Checkpoint", "Game", "Played", "RawMove"]


class Checkpoint(NamedTuple):
    """A mark in a game's history (see ``Game.checkpoint``)."""

    length: int
    last: Played | None
    redo: list[RawMove]


class Played(NamedTuple):
    """One move of the line: the raw move, what ``Board.apply`` returned, and the Move."""

    source: int
    index: int
    target: int
    moved: int  # cards moved
    flipped: bool  # whether it turned a face-down card
    move: Move

    @property
    def raw(self) -> RawMove:
        return (self.source, self.index, self.target)


class Game:
    """A game of the Yukon family.

    ``Game("yukon", seed=7)`` deals seed 7 of Yukon; ``seed=None`` picks a random seed and
    records it in ``game.seed``. Rule options: ``foundation_withdrawal`` (bool).
    """

    def __init__(
        self, variant: str = "yukon", seed: int | None = None, **rule_options: Any
    ) -> None:
        v = get_variant(variant)
        rules = _position.check_rules(v, rule_options)
        self.seed: int | None = random_seed() if seed is None else check_seed(seed)
        deck = shuffled_deck(self.seed, v.decks)
        columns, down, at = [], [], 0
        for hidden, shown in zip(v.down, v.up):
            columns.append(deck[at : at + hidden + shown])
            down.append(hidden)
            at += hidden + shown
        self._setup(
            _position.Layout(
                v, rules, columns, down, [[] for _ in v.foundation_suits], [None] * v.cells
            )
        )

    def _setup(self, layout: _position.Layout) -> None:
        v = layout.variant
        self._v: Variant = v
        self._rules = layout.rules
        self._board = Board(
            v,
            layout.rules["foundation_withdrawal"],
            layout.columns,
            layout.down,
            [len(f) for f in layout.foundations],
            layout.cells,
        )
        self._ids = pile_ids(v)
        self._pile_of = {pid: i for i, pid in enumerate(self._ids)}
        self._line: list[Played] = []
        self._redo: list[RawMove] = []
        self._start = _position.to_dict(layout)

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Game:
        """A game starting from a position dict (see ``position()``); malformed input raises
        ValueError saying what is wrong."""
        game = cls.__new__(cls)
        game.seed = None
        game._setup(_position.from_dict(data))
        return game

    def copy(self) -> Game:
        """An independent game with the same position, line and redo moves."""
        other = Game.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._board = self._board.copy()
        other._line = list(self._line)
        other._redo = list(self._redo)
        other._start = _copy.deepcopy(self._start)
        return other

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        """Games are equal when their positions are (as python-chess compares boards)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self.position() == other.position()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it cannot be a dict key

    def shuffled_hidden(self, rng: random.Random) -> Game:
        """A copy whose face-down cards are shuffled among themselves: a deal a player could
        not tell from this one, drawn from ``rng`` alone (where the cards lay does not
        matter). It keeps the line (face-down cards never move until they turn, so the same
        swap applies to the start position) but not the seed, which would give the deal
        away, nor the moves taken back."""
        other = self.copy()
        other.seed = None
        other._redo = []
        board = other._board
        # Sorted first, so the result depends only on which cards are face down (what a
        # player knows), never on where they lie: two games showing the same cards give the
        # same shuffle from the same random state.
        hidden = sorted(x for c, col in enumerate(board.columns) for x in col[: board.down[c]])
        rng.shuffle(hidden)
        at = 0
        columns = [list(col) for col in board.columns]
        for c, col in enumerate(columns):
            k = board.down[c]
            col[:k] = hidden[at : at + k]
            other._start["tableau"][c]["down"][:k] = [CODES[x] for x in col[:k]]
            at += k
        other._board = Board(
            board.variant, board.withdraw, columns, board.down, board.heights, board.cells
        )
        return other

    # ---------------------------------------------------------------- inspection

    @property
    def variant(self) -> str:
        """The variant's name, such as ``"yukon"``."""
        return self._v.name

    @property
    def title(self) -> str:
        """The variant's title, such as ``"Double Yukon"``."""
        return self._v.title

    @property
    def rules(self) -> dict[str, bool]:
        """The rule options in force."""
        return dict(self._rules)

    @property
    def pile_ids(self) -> list[str]:
        """Every pile id of this variant: columns, foundations, then cells."""
        return list(self._ids)

    @property
    def board(self) -> Board:
        """The live ``Board``: read it freely, change the game only through its methods."""
        return self._board

    @property
    def played(self) -> list[Played]:
        """The current line with what each move did, oldest first (do not change it)."""
        return self._line

    @property
    def redo_moves(self) -> list[RawMove]:
        """The raw moves ``redo()`` would replay, the next one last (do not change it)."""
        return self._redo

    @property
    def history(self) -> list[Move]:
        """The moves played in the current line, oldest first."""
        return [entry.move for entry in self._line]

    @property
    def moves_made(self) -> int:
        """How many moves the current line holds (withdrawals count; an undo takes one back)."""
        return len(self._line)

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""
        return self._board.is_won

    @property
    def is_stuck(self) -> bool:
        """No legal move exists at all."""
        return not self._board.moves()

    @property
    def can_undo(self) -> bool:
        return bool(self._line)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def position(self) -> dict[str, Any]:
        """The current position as a JSON-serialisable dict (see ``from_position``)."""
        return _position.to_dict(self._layout())

    def start_position(self) -> dict[str, Any]:
        """The position this game started from (what ``restart()`` returns to)."""
        return _copy.deepcopy(self._start)

    def _layout(self) -> _position.Layout:
        b = self._board
        founds = [b.foundation_cards(f) for f in range(b.nfound)]
        return _position.Layout(self._v, self._rules, b.columns, b.down, founds, b.cells)

    def __str__(self) -> str:
        from .text import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """Notebooks show a game as a picture of its position."""
        from ..picture import draw

        return draw(self)

    def show(self, move: Move | str | None = None) -> Picture:
        """A picture of the position with ``move`` (a Move or notation) outlined, if given:
        the moved group and where it goes. Illegal moves raise IllegalMoveError."""
        from ..picture import Picture, draw

        return Picture(draw(self, move))

    def __repr__(self) -> str:
        seed = "" if self.seed is None else f", seed={self.seed}"
        state = " won" if self.is_won else ""
        return f"<Game {self._v.name!r}{seed}: {len(self._line)} moves{state}>"

    # ------------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now."""
        return [self.to_move(m) for m in self._board.moves()]

    def to_move(self, raw: RawMove) -> Move:
        """The ``Move`` a raw move of ``board.moves()`` makes now (see ``board``)."""
        s, i, t = raw
        b = self._board
        if i < 0:
            card = b.card_at(s, i)
            assert card is not None, f"no card to move from pile {s}"
            return Move(CODES[card], self._ids[s], self._ids[t])
        col = b.columns[s]
        x = col[i]
        # Name the row only when two face-up copies share the column (two decks).
        index = i if self._v.decks > 1 and col[b.down[s] :].count(x) > 1 else None
        return Move(CODES[x], self._ids[s], self._ids[t], index)

    # ------------------------------------------------------------- playing

    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or notation such as ``"TS t4-t2"``) and return it.

        An illegal move raises ``IllegalMoveError`` explaining why, and changes nothing.
        """
        return self.push_raw(self.resolve(move))

    push = play

    def move(self, card: str, target: str) -> Move:
        """Move ``card`` (with everything on it) to ``target``: ``game.move("TS", "t2")``."""
        return self.play(Move(card, "", target))

    def parse_move(self, text: str) -> Move:
        """Read notation (``"TS t4-t2"``, ``"TS t2"``) into the Move it names here; the
        source may be left out when the card is in one place. Raises ValueError if the text
        is malformed or names no card that is there."""
        card, source, index, target = parse_notation(text)
        if source is None:
            return self.to_move(self.resolve(Move(card, "", target)))
        raw = self._locate(Move(card, source, target, index))
        return self.to_move((raw[0], raw[1], self._pile(target)))

    def undo(self) -> Move:
        """Take back the last move and return it; raises IndexError when there is none."""
        if not self._line:
            raise IndexError("nothing to undo")
        entry = self._line.pop()
        self._board.undo(entry.raw, entry.moved, entry.flipped)
        self._redo.append(entry.raw)
        return entry.move

    pop = undo

    def redo(self) -> Move:
        """Play again the last move taken back; raises IndexError when there is none."""
        if not self._redo:
            raise IndexError("nothing to redo")
        return self._play(self._redo.pop())

    def checkpoint(self) -> Checkpoint:
        """Where the game stands, to come back to with ``rollback``: cheap at any length
        (the line's length and last move, and the moves taken back)."""
        return Checkpoint(len(self._line), self._line[-1] if self._line else None, list(self._redo))

    def rollback(self, mark: Checkpoint) -> None:
        """Come back to ``mark`` (from ``checkpoint``) after moves played or taken back since.
        Raises ValueError, with the game left at the end of the common line, when that line
        was changed below the mark (moves taken back past it, then new ones played)."""
        while len(self._line) > mark.length:
            self.undo()
        while len(self._line) < mark.length and self._redo:
            self._play(self._redo.pop())
        tail = self._line[-1] if self._line else None
        if len(self._line) != mark.length or tail is not mark.last:
            raise ValueError("the game's line changed below the checkpoint")
        self._redo = list(mark.redo)

    def restart(self) -> None:
        """Back to the start of the deal, hidden cards included; ``redo()`` steps forward
        through the line that was played."""
        while self._line:
            self.undo()

    # ------------------------------------------------------------- internals

    def push_raw(self, raw: RawMove) -> Move:
        """Play a raw move from ``board.moves()`` (not checked: strategy code only) and
        return it as a Move; like ``play``, it clears the moves taken back."""
        move = self._play(raw)
        self._redo.clear()
        return move

    def _play(self, raw: RawMove) -> Move:
        move = self.to_move(raw)
        moved, flipped = self._board.apply(raw)
        self._line.append(Played(raw[0], raw[1], raw[2], moved, flipped, move))
        return move

    def _pile(self, pid: str) -> int:
        try:
            return self._pile_of[pid]
        except (KeyError, TypeError):
            raise IllegalMoveError(
                f"{self._v.title} has no pile {brief(pid)}: its piles are "
                f"t1..t{self._board.ncols}, f1..f{self._board.nfound}"
                + (f", c1..c{self._v.cells}" if self._v.cells else "")
            ) from None

    def _locate(self, move: Move) -> tuple[int, int]:
        """(source pile, index) of the moved card, checking it is there and movable."""
        x = parse_card(move.card)
        s = self._pile(_norm_pile(move.source))
        b = self._board
        nt, nf = b.ncols, b.nfound
        name = symbol(x)
        if s < nt:
            col, d = b.columns[s], b.down[s]
            if move.index is not None:
                i = move.index
                if not isinstance(i, int) or not 0 <= i < len(col) or col[i] != x:
                    raise IllegalMoveError(f"{name} is not at row {_row(i)} of {move.source}")
                if i < d:
                    raise IllegalMoveError(f"{name} in {move.source} is face down")
                return s, i
            shown = [i for i in range(d, len(col)) if col[i] == x]
            if not shown:
                where = "face down" if x in col else "not"
                raise IllegalMoveError(f"{name} is {where} in {move.source}")
            if len(shown) > 1:
                raise AmbiguousMoveError(
                    f"{move.source} holds two face-up {name}: name one by its row, such as "
                    f"'{move.card} {move.source}:{shown[0] + 1}-{move.target}'"
                )
            return s, shown[0]
        if s < nt + nf:
            if b.foundation_top(s - nt) != x:
                raise IllegalMoveError(f"{name} is not on top of foundation {move.source}")
            if not b.withdraw:
                raise IllegalMoveError(
                    f"in {self._rules_name()} a foundation card never comes back into play"
                )
            return s, -1
        if b.cells[s - nt - nf] != x:
            raise IllegalMoveError(f"{name} is not in cell {move.source}")
        return s, -1

    def _rules_name(self) -> str:
        if self._v.foundation_withdrawal:
            return f"{self._v.title} with foundation_withdrawal off"
        return self._v.title

    def resolve(self, move: Move | str) -> RawMove:
        """The raw form of a legal move (a Move or notation); anything else raises
        IllegalMoveError explaining why, and changes nothing."""
        if isinstance(move, str):
            card, source, index, target = parse_notation(move)
            move = Move(card, source or "", target, index)
        elif not isinstance(move, Move):
            raise InvalidMoveError(
                f"play() takes a Move or notation text, not {type(move).__name__[:40]}"
            )
        if not move.source:
            return self._find_source(move)
        t = self._pile(_norm_pile(move.target))
        s, i = self._locate(move)
        reason = self._refusal(s, i, t)
        if reason:
            raise IllegalMoveError(reason)
        return (s, i, t)

    def _find_source(self, move: Move) -> RawMove:
        """Where a move without a source comes from: the one place it can legally leave."""
        x = parse_card(move.card)
        t = self._pile(_norm_pile(move.target))
        b = self._board
        options = {m for m in b.moves() if m[2] == t and b.card_at(m[0], m[1]) == x}
        if len(options) == 1:
            return options.pop()
        if not options:
            places = [self._ids[s] for s in self._places(x)]
            if not places:
                raise IllegalMoveError(f"{symbol(x)} is not in play face up")
            return self.resolve(Move(move.card, places[0], move.target))  # raises the reason
        names = " or ".join(sorted(str(self.to_move(m)) for m in options))
        raise AmbiguousMoveError(f"{symbol(x)} could come from several places: say which ({names})")

    def _places(self, x: int) -> list[int]:
        b = self._board
        nt, nf = b.ncols, b.nfound
        out = [s for s in range(nt) if x in b.face_up(s)]
        out += [nt + f for f in range(nf) if b.foundation_top(f) == x]
        return out + [nt + nf + k for k, c in enumerate(b.cells) if c == x]

    def _refusal(self, s: int, i: int, t: int) -> str | None:
        """Why moving the card at (s, i) to pile t is illegal, or None if it is legal."""
        b = self._board
        nt, nf = b.ncols, b.nfound
        x = b.card_at(s, i)
        assert x is not None, "a refusal is asked of a located card"
        name, v = symbol(x), self._v
        if s == t:
            return f"{name} is already in {self._ids[t]}"
        on_top = s >= nt or i == len(b.columns[s]) - 1
        if t < nt:
            col = b.columns[t]
            if not col:
                if x % 13 == KING_RANK:
                    return None
                return (
                    f"only a King can fill an empty column, so {name} cannot go to {self._ids[t]}"
                )
            return None if v.builds_on(x, col[-1]) else v.build_refusal(x, col[-1])
        if t < nt + nf:
            if nt <= s < nt + nf:
                return "a foundation card never moves to another foundation"
            if not on_top:
                above = len(b.columns[s]) - 1 - i
                return (
                    f"only one card at a time goes to a foundation, and {name} has "
                    f"{above} card{'s' if above > 1 else ''} on it"
                )
            f = t - nt
            want = v.foundation_suits[f]
            if x // 13 != want:
                wrong = SUIT_NAMES[x // 13]
                return f"foundation {self._ids[t]} builds {SUIT_NAMES[want]}, not {wrong}"
            have = b.heights[f]
            if have == 13:
                return f"foundation {self._ids[t]} is complete"
            if x % 13 != have:
                return (
                    f"foundation {self._ids[t]} needs {symbol(want * 13 + have)} next, not {name}"
                )
            return None
        if nt <= s < nt + nf:
            return "a foundation card never goes into a cell"
        if s >= nt + nf:
            return "a card in a cell cannot move to another cell"
        if not on_top:
            return f"only a column's top card can go into a cell, and {name} has cards on it"
        held = b.cells[t - nt - nf]
        if held is not None:
            return f"cell {self._ids[t]} already holds {symbol(held)}"
        return None


def _norm_pile(pid: str) -> str:
    if not isinstance(pid, str):
        raise IllegalMoveError(f"a pile id must be text such as 't3', not {brief(pid)}")
    return pid.strip().lower()


def _row(i: Any) -> str:
    return str(i + 1) if isinstance(i, int) else brief(i)


def pile_ids(v: Variant) -> list[str]:
    """Every pile id of a variant in pile-number order: columns, foundations, then cells."""
    return (
        [f"t{i + 1}" for i in range(v.columns)]
        + [f"f{i + 1}" for i in range(len(v.foundation_suits))]
        + [f"c{i + 1}" for i in range(v.cells)]
    )
