"""The game: a position, the moves it allows, and the line of moves played.

Piles are numbered internally: columns ``0..T-1``, foundations ``T..T+F-1``, cells after.
A raw move is ``(source, index, target)``, with ``index`` the moved card's position in its
column (``-1`` for foundation and cell sources). The public API speaks in ``Move`` objects and
pile ids; the strategy layer uses the raw form, which is what keeps the solver fast.
"""

from __future__ import annotations

import copy as _copy
import datetime
from typing import Any

from . import position as _position
from .cards import CODES, SUIT_NAMES, brief, parse_card, symbol
from .move import IllegalMoveError, Move, parse_notation
from .shuffle import check_seed, random_seed, shuffled_deck
from .variants import Variant, get_variant

RawMove = tuple[int, int, int]


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
        self._withdraw = layout.rules["foundation_withdrawal"]
        self._cols = layout.columns
        self._down = layout.down
        self._found = layout.foundations
        self._cells = layout.cells
        n_cols, n_found = v.columns, len(v.foundation_suits)
        self._nt, self._nf = n_cols, n_found
        self._ids = (
            [f"t{i + 1}" for i in range(n_cols)]
            + [f"f{i + 1}" for i in range(n_found)]
            + [f"c{i + 1}" for i in range(v.cells)]
        )
        self._pile_of = {pid: i for i, pid in enumerate(self._ids)}
        # Foundation pile numbers (0-based among foundations) for each suit.
        self._fslots = tuple(
            tuple(i for i, s in enumerate(v.foundation_suits) if s == suit_) for suit_ in range(4)
        )
        # (source, index, target, cards moved, flipped, Move) for each move in the line.
        self._line: list[tuple[int, int, int, int, bool, Move]] = []
        self._redo: list[tuple[int, int, int]] = []
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
        other = _copy.copy(self)
        other._cols = [list(c) for c in self._cols]
        other._down = list(self._down)
        other._found = [list(f) for f in self._found]
        other._cells = list(self._cells)
        other._line = list(self._line)
        other._redo = list(self._redo)
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
    def history(self) -> list[Move]:
        """The moves played in the current line, oldest first."""
        return [entry[5] for entry in self._line]

    @property
    def moves_made(self) -> int:
        """How many moves the current line holds (withdrawals count; an undo takes one back)."""
        return len(self._line)

    @property
    def is_won(self) -> bool:
        """Every card is on the foundations."""
        return sum(map(len, self._found)) == self._v.card_count

    @property
    def is_stuck(self) -> bool:
        """No legal move exists at all."""
        return not self._raw_moves()

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
        return _position.Layout(
            self._v, self._rules, self._cols, self._down, self._found, self._cells
        )

    def __str__(self) -> str:
        from .text import draw

        return draw(self)

    def _repr_svg_(self) -> str:
        """Notebooks show a game as a picture of its position."""
        from ..picture import draw

        return draw(self)

    def show(self, move: Move | str | None = None) -> Any:
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
        return [self._to_move(m) for m in self._raw_moves()]

    def _raw_moves(self) -> list[RawMove]:
        """Every legal move in raw form (the hot path of the solver)."""
        cols, down, found, cells = self._cols, self._down, self._found, self._cells
        parents, fslots = self._v.parents, self._fslots
        nt, nf = self._nt, self._nf
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
                if x % 13 == 12:
                    for t in empties:
                        add((s, i, t))
            x = col[-1]
            for f in fslots[x // 13]:
                if len(found[f]) == x % 13:
                    add((s, n - 1, nt + f))
            for c in free:
                add((s, n - 1, c))
        loose = [(nt + nf + k, x) for k, x in enumerate(cells) if x is not None]
        if self._withdraw:
            loose += [(nt + f, p[-1]) for f, p in enumerate(found) if p]
        for s, x in loose:
            if s >= nt + nf:
                for f in fslots[x // 13]:
                    if len(found[f]) == x % 13:
                        add((s, -1, nt + f))
            for y in parents[x]:
                if y in tops:
                    for t in tops[y]:
                        add((s, -1, t))
            if x % 13 == 12:
                for t in empties:
                    add((s, -1, t))
        return out

    def _to_move(self, raw: RawMove) -> Move:
        s, i, t = raw
        if i < 0:
            card = (
                self._cells[s - self._nt - self._nf]
                if s >= self._nt + self._nf
                else self._found[s - self._nt][-1]
            )
            return Move(CODES[card], self._ids[s], self._ids[t])
        col = self._cols[s]
        x = col[i]
        # Name the row only when two face-up copies share the column (two decks).
        index = i if self._v.decks > 1 and col[self._down[s] :].count(x) > 1 else None
        return Move(CODES[x], self._ids[s], self._ids[t], index)

    # ------------------------------------------------------------- playing

    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or notation such as ``"TS t4-t2"``) and return it.

        An illegal move raises ``IllegalMoveError`` explaining why, and changes nothing.
        """
        raw = self._resolve(move)
        return self._push(raw)

    push = play

    def move(self, card: str, target: str) -> Move:
        """Move ``card`` (with everything on it) to ``target``: ``game.move("TS", "t2")``."""
        return self.play(Move(CODES[parse_card(card)], "", _norm_pile(target)))

    def parse_move(self, text: str) -> Move:
        """Read notation (``"TS t4-t2"``, ``"TS t2"``) into the Move it names here; the
        source may be left out when the card is in one place. Raises ValueError if the text
        is malformed or names no card that is there."""
        card, source, index, target = parse_notation(text)
        if source is None:
            return self._to_move(self._resolve(Move(card, "", target)))
        raw = self._locate(Move(card, source, target, index))
        return self._to_move((raw[0], raw[1], self._pile(target)))

    def undo(self) -> Move:
        """Take back the last move and return it; raises IndexError when there is none."""
        if not self._line:
            raise IndexError("nothing to undo")
        s, i, t, _k, _f, move = self._line[-1]
        self._pop()
        self._redo.append((s, i, t))
        return move

    pop = undo

    def redo(self) -> Move:
        """Play again the last move taken back; raises IndexError when there is none."""
        if not self._redo:
            raise IndexError("nothing to redo")
        keep = self._redo[:-1]
        move = self._push(self._redo[-1])
        self._redo = keep
        return move

    def restart(self) -> None:
        """Back to the start of the deal, hidden cards included; ``redo()`` steps forward
        through the line that was played."""
        while self._line:
            self.undo()

    # ------------------------------------------------------------- internals

    def _push(self, raw: RawMove) -> Move:
        move = self._to_move(raw)
        k, flipped = self._apply(raw)
        self._line.append((raw[0], raw[1], raw[2], k, flipped, move))
        self._redo.clear()
        return move

    def _pop(self) -> None:
        s, i, t, k, flipped, _ = self._line.pop()
        self._unapply(s, i, t, k, flipped)

    def _apply(self, raw: RawMove) -> tuple[int, bool]:
        """Play a raw move known to be legal; return (cards moved, whether a card turned)."""
        s, i, t = raw
        nt, nf = self._nt, self._nf
        flipped = False
        if s < nt:
            col = self._cols[s]
            group = col[i:]
            del col[i:]
            if col and self._down[s] == len(col):
                self._down[s] -= 1
                flipped = True
        elif s < nt + nf:
            group = [self._found[s - nt].pop()]
        else:
            group = [self._cells[s - nt - nf]]
            self._cells[s - nt - nf] = None
        if t < nt:
            self._cols[t].extend(group)
        elif t < nt + nf:
            self._found[t - nt].append(group[0])
        else:
            self._cells[t - nt - nf] = group[0]
        return len(group), flipped

    def _unapply(self, s: int, i: int, t: int, k: int, flipped: bool) -> None:
        nt, nf = self._nt, self._nf
        if t < nt:
            col = self._cols[t]
            group = col[-k:]
            del col[-k:]
        elif t < nt + nf:
            group = [self._found[t - nt].pop()]
        else:
            group = [self._cells[t - nt - nf]]
            self._cells[t - nt - nf] = None
        if s < nt:
            if flipped:
                self._down[s] += 1
            self._cols[s].extend(group)
        elif s < nt + nf:
            self._found[s - nt].append(group[0])
        else:
            self._cells[s - nt - nf] = group[0]

    def _pile(self, pid: str) -> int:
        try:
            return self._pile_of[pid]
        except (KeyError, TypeError):
            raise IllegalMoveError(
                f"{self._v.title} has no pile {brief(pid)}: its piles are "
                f"t1..t{self._nt}, f1..f{self._nf}"
                + (f", c1..c{self._v.cells}" if self._v.cells else "")
            ) from None

    def _locate(self, move: Move) -> tuple[int, int]:
        """(source pile, index) of the moved card, checking it is there and movable."""
        x = parse_card(move.card)
        s = self._pile(_norm_pile(move.source))
        nt, nf = self._nt, self._nf
        name = symbol(x)
        if s < nt:
            col, d = self._cols[s], self._down[s]
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
                raise IllegalMoveError(
                    f"{move.source} holds two face-up {name}: name one by its row, such as "
                    f"'{move.card} {move.source}:{shown[0] + 1}-{move.target}'"
                )
            return s, shown[0]
        if s < nt + nf:
            pile = self._found[s - nt]
            if not pile or pile[-1] != x:
                raise IllegalMoveError(f"{name} is not on top of foundation {move.source}")
            if not self._withdraw:
                raise IllegalMoveError(
                    f"in {self._rules_name()} a foundation card never comes back into play"
                )
            return s, -1
        if self._cells[s - nt - nf] != x:
            raise IllegalMoveError(f"{name} is not in cell {move.source}")
        return s, -1

    def _rules_name(self) -> str:
        if self._v.foundation_withdrawal:
            return f"{self._v.title} with foundation_withdrawal off"
        return self._v.title

    def _resolve(self, move: Move | str) -> RawMove:
        """The raw form of a legal move; anything else raises IllegalMoveError explaining why."""
        if isinstance(move, str):
            card, source, index, target = parse_notation(move)
            move = Move(card, source or "", target, index)
        elif not isinstance(move, Move):
            raise IllegalMoveError(
                f"play() takes a Move or notation text, not {type(move).__name__}"
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
        options = {m for m in self._raw_moves() if m[2] == t and self._card_at(m) == x}
        if len(options) == 1:
            return options.pop()
        if not options:
            places = [self._ids[s] for s in self._places(x)]
            if not places:
                raise IllegalMoveError(f"{symbol(x)} is not in play face up")
            return self._resolve(Move(move.card, places[0], move.target))  # raises the reason
        names = " or ".join(sorted(str(self._to_move(m)) for m in options))
        raise IllegalMoveError(f"{symbol(x)} could come from several places: say which ({names})")

    def _places(self, x: int) -> list[int]:
        nt, nf = self._nt, self._nf
        out = [s for s, col in enumerate(self._cols) if x in col[self._down[s] :]]
        out += [nt + f for f, p in enumerate(self._found) if p and p[-1] == x]
        return out + [nt + nf + k for k, c in enumerate(self._cells) if c == x]

    def _card_at(self, raw: RawMove) -> int:
        s, i, _ = raw
        nt, nf = self._nt, self._nf
        if s < nt:
            return self._cols[s][i]
        if s < nt + nf:
            return self._found[s - nt][-1]
        return self._cells[s - nt - nf]

    def _refusal(self, s: int, i: int, t: int) -> str | None:
        """Why moving the card at (s, i) to pile t is illegal, or None if it is legal."""
        nt, nf = self._nt, self._nf
        x = self._card_at((s, i, t))
        name, v = symbol(x), self._v
        if s == t:
            return f"{name} is already in {self._ids[t]}"
        on_top = s >= nt or i == len(self._cols[s]) - 1
        if t < nt:
            col = self._cols[t]
            if not col:
                if x % 13 == 12:
                    return None
                return (
                    f"only a King can fill an empty column, so {name} cannot go to {self._ids[t]}"
                )
            return None if v.builds_on(x, col[-1]) else v.build_refusal(x, col[-1])
        if t < nt + nf:
            if nt <= s < nt + nf:
                return "a foundation card never moves to another foundation"
            if not on_top:
                above = len(self._cols[s]) - 1 - i
                return (
                    f"only one card at a time goes to a foundation, and {name} has "
                    f"{above} card{'s' if above > 1 else ''} on it"
                )
            f = t - nt
            want = v.foundation_suits[f]
            if x // 13 != want:
                wrong = SUIT_NAMES[x // 13]
                return f"foundation {self._ids[t]} builds {SUIT_NAMES[want]}, not {wrong}"
            have = len(self._found[f])
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
        held = self._cells[t - nt - nf]
        if held is not None:
            return f"cell {self._ids[t]} already holds {symbol(held)}"
        return None

    # --- strategy shortcuts: thin wrappers over yukon_widget.strategy ---

    def hint(self, solver: bool = False, time_limit: float = 5.0) -> Move | None:
        """The best useful move by the rule sheet's priorities, or None when no useful move
        is left. ``solver=True`` asks the solver first and gives the first move of a winning
        line (None when the position is lost; see ``solver_hint`` for the verdict)."""
        if solver:
            from ..strategy.hints import solver_hint

            return solver_hint(self, time_limit).move
        from ..strategy.hints import hint

        return hint(self)

    def hints(self) -> list[Any]:
        """Every useful move, best first, as ``Hint(move, reason, kind)`` (for teaching)."""
        from ..strategy.hints import hints

        return hints(self)

    def solver_hint(self, time_limit: float = 5.0) -> Any:
        """``SolverHint(move, status, reason)``: the solver's first move of a winning line,
        or status "lost" when no line wins (or "unknown" with the rule hint, out of time)."""
        from ..strategy.hints import solver_hint

        return solver_hint(self, time_limit)

    def safe_moves(self) -> list[Move]:
        """Foundation moves that are safe to play now (no card in play could need them)."""
        from ..strategy.autoplay import safe_moves

        return safe_moves(self)

    def play_safe_moves(self) -> list[Move]:
        """Play safe foundation moves until none is left; return the Moves played."""
        from ..strategy.autoplay import play_safe_moves

        return play_safe_moves(self)

    def can_auto_finish(self) -> bool:
        """No card is face down and simulating the finish (lowest playable top card up, again
        and again) really wins."""
        from ..strategy.finish import can_auto_finish

        return can_auto_finish(self)

    def auto_finish(self) -> list[Move]:
        """Play the finish if ``can_auto_finish()``; return the Moves played ([] if not)."""
        from ..strategy.finish import auto_finish

        return auto_finish(self)

    @classmethod
    def winnable(cls, variant: str = "yukon") -> Game:
        """A deal picked at random from the variant's packaged proven-winnable seeds."""
        from ..strategy.winnable import winnable_game

        return winnable_game(variant)

    @classmethod
    def daily(cls, variant: str = "yukon", date: datetime.date | str | None = None) -> Game:
        """The day's deal (``date``: a ``datetime.date`` or a 'YYYY-MM-DD' string, default
        today), the same for everyone that day, taken from the proven-winnable seeds."""
        from ..strategy.winnable import daily_game

        return daily_game(variant, date)


def _norm_pile(pid: str) -> str:
    if not isinstance(pid, str):
        raise IllegalMoveError(f"a pile id must be text such as 't3', not {brief(pid)}")
    return pid.strip().lower()


def _row(i: Any) -> str:
    return str(i + 1) if isinstance(i, int) else brief(i)
