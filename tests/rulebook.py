"""An independent rules model of the Yukon family, written from the rule sheets alone.

It is a test oracle for the engine and the solver, so it deliberately shares no code with
``yukon_widget``: a shared bug would hide in both. It trades speed for plainness: positions are
tuples of card codes, every legal move is generated, and the search is a depth-first walk over
every reachable position with only a visited set (over a canonical form that forgets which
column, which cell and, with two decks, which of a suit's two foundations holds what).

It reads and writes the public position dict (``Game.position()``) and the public move
notation (``TS t4-t2``, ``AS t1-f1``, ``KS f1-t3``, ``5H t3-c1``, ``TS t4:7-t2``).
"""

from __future__ import annotations

import functools
import json
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED = frozenset("HD")

# variant: (columns, decks, cells, how a card builds on a tableau card)
VARIANTS: dict[str, tuple[int, int, int, str]] = {
    "yukon": (7, 1, 0, "alternate"),
    "double-yukon": (10, 2, 0, "alternate"),
    "yukon-cells": (7, 1, 2, "alternate"),
    "russian": (7, 1, 0, "suit-down"),
    "alaska": (7, 1, 0, "suit-up-or-down"),
    "moosehide": (7, 1, 0, "other-suit-down"),
}


_RANK = {r: n for n, r in enumerate(RANKS, 1)}


def rank(card: str) -> int:
    """1 for an Ace up to 13 for a King."""
    return _RANK[card[0]]


def suit(card: str) -> str:
    return card[1]


def is_red(card: str) -> bool:
    return card[1] in RED


def normalize(code: str) -> str:
    """Upper-case a card code and accept ``10`` for ``T``, as the public readers do."""
    code = code.strip().upper()
    return "T" + code[2:] if code.startswith("10") else code


@dataclass(frozen=True)
class Rules:
    """The variant and the rule option in force; everything a move's legality depends on."""

    variant: str
    withdrawal: bool

    @property
    def columns(self) -> int:
        return VARIANTS[self.variant][0]

    @property
    def decks(self) -> int:
        return VARIANTS[self.variant][1]

    @property
    def cells(self) -> int:
        return VARIANTS[self.variant][2]

    def foundation_suit(self, index: int) -> str:
        """One deck: f1..f4 are S H D C. Two decks: f1..f8 are S S H H D D C C."""
        return SUITS[index // self.decks]

    def builds(self, card: str, onto: str) -> bool:
        """Whether ``card`` (the bottom card of a moved group) may land on tableau card ``onto``."""
        return _builds(VARIANTS[self.variant][3], card, onto)


@functools.cache
def _builds(how: str, card: str, onto: str) -> bool:
    step = rank(onto) - rank(card)
    if how == "alternate":
        return step == 1 and is_red(card) != is_red(onto)
    if how == "suit-down":
        return step == 1 and suit(card) == suit(onto)
    if how == "suit-up-or-down":
        return abs(step) == 1 and suit(card) == suit(onto)
    if how == "other-suit-down":
        return step == 1 and suit(card) != suit(onto)
    raise ValueError(f"unknown building rule {how!r}")


Column = tuple[tuple[str, ...], tuple[str, ...]]  # (face down, face up), each bottom to top


@dataclass(frozen=True)
class State:
    """A position: columns, foundation piles (bottom to top) and cells (``None`` when empty)."""

    columns: tuple[Column, ...]
    foundations: tuple[tuple[str, ...], ...]
    cells: tuple[str | None, ...]

    def is_won(self) -> bool:
        """Won when no card is left in a column or a cell: everything is on the foundations."""
        return all(not down and not up for down, up in self.columns) and not any(self.cells)

    def key(self) -> tuple:
        """A canonical form: columns, cells and a suit's two foundations are interchangeable.

        Foundation piles always hold a suit from its Ace up, so their heights say everything.
        """
        heights = [len(pile) for pile in self.foundations]
        per_suit = len(heights) // 4
        found = tuple(tuple(sorted(heights[i * per_suit : (i + 1) * per_suit])) for i in range(4))
        cells = tuple(sorted(c for c in self.cells if c))
        return (tuple(sorted(self.columns)), found, cells)


@dataclass(frozen=True)
class Move:
    """One move. ``row`` is the moved card's row in a source column (1 = bottom, face-down
    cards counted); ``show_row`` says whether the notation needs it (two face-up copies)."""

    card: str
    source: str
    target: str
    row: int | None = None
    show_row: bool = False

    def __str__(self) -> str:
        source = f"{self.source}:{self.row}" if self.show_row else self.source
        return f"{self.card} {source}-{self.target}"


def from_position(position: dict[str, Any]) -> tuple[Rules, State]:
    """Read the public position dict. Missing rule options take the documented defaults."""
    variant = position["variant"]
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    rules_in = position.get("rules") or {}
    withdrawal = bool(rules_in.get("foundation_withdrawal", variant != "moosehide"))
    rules = Rules(variant, withdrawal)
    columns = tuple(
        (
            tuple(normalize(c) for c in col.get("down", [])),
            tuple(normalize(c) for c in col.get("up", [])),
        )
        for col in position["tableau"]
    )
    foundations = tuple(tuple(normalize(c) for c in pile) for pile in position["foundations"])
    cells_in = position.get("cells") or [None] * rules.cells
    cells = tuple(normalize(c) if c else None for c in cells_in)
    if len(columns) != rules.columns or len(foundations) != 4 * rules.decks:
        raise ValueError("wrong number of columns or foundations for the variant")
    if len(cells) != rules.cells:
        raise ValueError("wrong number of cells for the variant")
    for i, pile in enumerate(foundations):
        want = [f"{RANKS[r]}{rules.foundation_suit(i)}" for r in range(len(pile))]
        if list(pile) != want:
            raise ValueError(f"foundation f{i + 1} must be {want}, not {list(pile)}")
    for down, up in columns:
        if down and not up:
            raise ValueError("a column with face-down cards needs a face-up card on top")
    return rules, State(columns, foundations, cells)


def to_position(rules: Rules, state: State) -> dict[str, Any]:
    """Write the public position dict."""
    out: dict[str, Any] = {
        "variant": rules.variant,
        "rules": {"foundation_withdrawal": rules.withdrawal},
        "tableau": [{"down": list(down), "up": list(up)} for down, up in state.columns],
        "foundations": [list(pile) for pile in state.foundations],
    }
    if rules.cells:
        out["cells"] = list(state.cells)
    return out


def _fits_foundation(rules: Rules, card: str, index: int, pile: tuple[str, ...]) -> bool:
    """Foundations build up in suit from the Ace, one card at a time."""
    return suit(card) == rules.foundation_suit(index) and rank(card) == len(pile) + 1


def _landings(state: State) -> list[tuple[str, str | None]]:
    """Where groups can land: each column's face-up top card, or None for an empty column.

    A column whose top card is face down never exists: the top card always turns.
    """
    out: list[tuple[str, str | None]] = []
    for j, (down, up) in enumerate(state.columns):
        if up:
            out.append((f"t{j + 1}", up[-1]))
        elif not down:
            out.append((f"t{j + 1}", None))
    return out


def _tableau_targets(
    rules: Rules, landings: list[tuple[str, str | None]], card: str, skip: str | None
) -> list[str]:
    """Columns ``card`` may land on: a top card it builds on, or (a King) an empty column."""
    return [
        pile
        for pile, top in landings
        if pile != skip and (rules.builds(card, top) if top else rank(card) == 13)
    ]


def legal_moves(rules: Rules, state: State) -> list[Move]:
    """Every legal move, foundation moves first (an order that finds wins sooner, no pruning)."""
    home: list[Move] = []
    other: list[Move] = []
    landings = _landings(state)
    # Column tops (one card) and cell cards to a foundation.
    for i, (_down, up) in enumerate(state.columns):
        if up:
            for f, pile in enumerate(state.foundations):
                if _fits_foundation(rules, up[-1], f, pile):
                    home.append(_column_move(state, i, len(up) - 1, f"f{f + 1}"))
    for c, card in enumerate(state.cells):
        if card:
            for f, pile in enumerate(state.foundations):
                if _fits_foundation(rules, card, f, pile):
                    home.append(Move(card, f"c{c + 1}", f"f{f + 1}"))
    # Any face-up card, with everything on it, to another column; judged by that card alone.
    for i, (_down, up) in enumerate(state.columns):
        for k, card in enumerate(up):
            for target in _tableau_targets(rules, landings, card, skip=f"t{i + 1}"):
                other.append(_column_move(state, i, k, target))
    # A column's single top card into an empty cell; a cell card back to a column.
    empty_cells = [c for c, card in enumerate(state.cells) if card is None]
    if empty_cells:
        for i, (_down, up) in enumerate(state.columns):
            if up:
                for c in empty_cells:
                    other.append(_column_move(state, i, len(up) - 1, f"c{c + 1}"))
    for c, card in enumerate(state.cells):
        if card:
            for target in _tableau_targets(rules, landings, card, skip=None):
                other.append(Move(card, f"c{c + 1}", target))
    # Withdrawal: a foundation's top card back to a column (never to a foundation or a cell).
    if rules.withdrawal:
        for f, pile in enumerate(state.foundations):
            if pile:
                for target in _tableau_targets(rules, landings, pile[-1], skip=None):
                    other.append(Move(pile[-1], f"f{f + 1}", target))
    return home + other


def _column_move(state: State, i: int, k: int, target: str) -> Move:
    down, up = state.columns[i]
    card = up[k]
    return Move(card, f"t{i + 1}", target, row=len(down) + k + 1, show_row=up.count(card) > 1)


def apply(state: State, move: Move) -> State:
    """Play a move already known to be legal. A column that loses its last face-up card turns
    its top face-down card: exactly the card beneath the moved group, and only that one."""
    columns = list(state.columns)
    foundations = list(state.foundations)
    cells = list(state.cells)
    kind, index = move.source[0], int(move.source[1:]) - 1
    if kind == "t":
        down, up = columns[index]
        assert move.row is not None
        k = move.row - len(down) - 1
        group, up = up[k:], up[:k]
        if not up and down:
            down, up = down[:-1], down[-1:]
        columns[index] = (down, up)
    elif kind == "f":
        group = foundations[index][-1:]
        foundations[index] = foundations[index][:-1]
    else:
        group = (cells[index],)
        cells[index] = None
    assert group[0] == move.card, (move, group)
    kind, index = move.target[0], int(move.target[1:]) - 1
    if kind == "t":
        down, up = columns[index]
        columns[index] = (down, up + group)
    elif kind == "f":
        assert len(group) == 1
        foundations[index] = (*foundations[index], move.card)
    else:
        assert len(group) == 1 and cells[index] is None
        cells[index] = move.card
    return State(tuple(columns), tuple(foundations), tuple(cells))


@dataclass
class SearchResult:
    """``won`` with a winning ``line``, ``lost`` (every reachable position seen) or ``unknown``."""

    status: str
    line: list[str]
    nodes: int


def search(
    position: dict[str, Any],
    limit: int = 200_000,
    skip: Callable[[Move | None, Move], bool] | None = None,
) -> SearchResult:
    """Depth-first search over every reachable position, with a visited set and nothing else.

    ``limit`` caps the number of distinct positions expanded; hitting it gives ``unknown``.
    ``skip(previous, move)`` is for probes only: it makes the search blind to some moves, as a
    buggy solver would be, to show that a test position really needs them. Its verdicts are
    then no proof of anything.
    """
    rules, start = from_position(position)
    if start.is_won():
        return SearchResult("won", [], 1)
    seen = {start.key()}
    stack = [iter(legal_moves(rules, start))]
    states = [start]
    path: list[Move] = []
    while stack:
        for move in stack[-1]:
            if skip and skip(path[-1] if path else None, move):
                continue
            nxt = apply(states[-1], move)
            key = nxt.key()
            if key in seen:
                continue
            if nxt.is_won():
                return SearchResult("won", [str(m) for m in [*path, move]], len(seen))
            if len(seen) >= limit:
                return SearchResult("unknown", [], len(seen))
            seen.add(key)
            path.append(move)
            states.append(nxt)
            stack.append(iter(legal_moves(rules, nxt)))
            break
        else:
            stack.pop()
            states.pop()
            if path:
                path.pop()
    return SearchResult("lost", [], len(seen))


_NOTATION = re.compile(r"^\s*(\S+)\s+([tfc]\d+)(?::(\d+))?\s*-\s*([tfc]\d+)\s*$", re.IGNORECASE)


def find_move(rules: Rules, state: State, notation: str) -> Move:
    """The legal move written ``notation``; ValueError saying why when there is none."""
    match = _NOTATION.match(notation)
    if not match:
        raise ValueError(f"cannot read move {notation!r}")
    card, source, row, target = match.groups()
    card, source, target = normalize(card), source.lower(), target.lower()
    found = [
        m
        for m in legal_moves(rules, state)
        if m.card == card and m.source == source and m.target == target
    ]
    if row is not None:
        found = [m for m in found if m.row == int(row)]
    if not found:
        raise ValueError(f"{notation!r} is not a legal move here")
    if len(found) > 1:
        raise ValueError(f"{notation!r} is ambiguous: it needs the row")
    return found[0]


def replay(position: dict[str, Any], line: list[str]) -> str | None:
    """Play ``line`` from ``position``: None when every move is legal and the game ends won,
    otherwise a sentence saying which move failed or that the line does not win."""
    rules, state = from_position(position)
    for n, notation in enumerate(line, 1):
        try:
            move = find_move(rules, state, notation)
        except ValueError as err:
            return f"move {n}: {err}; position before it: {to_position(rules, state)}"
        state = apply(state, move)
    if not state.is_won():
        return f"the line ends in a position that is not won: {to_position(rules, state)}"
    return None


# Random positions -------------------------------------------------------------------------


def _spread(rng: random.Random, total: int, parts: int, cap: int, skew: float = 2) -> list[int]:
    """``total`` split into ``parts`` counts of at most ``cap``, with uneven random weights
    (the larger ``skew``, the more the total gathers in a few parts)."""
    weights = [rng.random() ** skew + 0.01 for _ in range(parts)]
    counts = [0] * parts
    for _ in range(total):
        open_ = [i for i in range(parts) if counts[i] < cap]
        i = rng.choices(open_, weights=[weights[j] for j in open_])[0]
        counts[i] += 1
    return counts


def random_position(
    rng: random.Random, variant: str, withdrawals: bool, cards: tuple[int, int] = (10, 20)
) -> dict[str, Any]:
    """A random late-game position: ``cards`` (inclusive range) left in play, the rest on the
    foundations (each pile holding its suit's lowest cards), some cards face down.

    Deals are mixed on purpose so an oracle sees both outcomes and the moves that matter:
    low cards buried at the bottom or columns stacked in rising order (often lost), low cards
    left on top (often won); empty columns, or none; a card in a cell (Yukon Cells); and
    planted flips: a face-up group that can move off a face-down card, sometimes one the group
    builds on (so moving it straight back is a new position), and sometimes a whole
    park-and-return (see :func:`_plant_return`).
    """
    ncols, decks, ncells, _ = VARIANTS[variant]
    rules = Rules(variant, withdrawals)
    n = rng.randint(*cards)
    piles = 4 * decks
    # Sometimes most cards in play come from one or two suits: with withdrawals on, such
    # deals are the ones that can still be lost (few cards to build on, few to take back).
    in_play_counts = _spread(rng, n, piles, 13, skew=rng.choice([1, 2, 8]))
    foundations = []
    in_play: list[str] = []
    for f, count in enumerate(in_play_counts):
        s = rules.foundation_suit(f)
        height = 13 - count
        foundations.append([f"{RANKS[r]}{s}" for r in range(height)])
        in_play += [f"{RANKS[r]}{s}" for r in range(height, 13)]

    # Order the cards: the front of the list goes to the bottoms of the columns.
    mode = rng.choice(["shuffle", "buried", "stacked", "on-top"])
    noise = rng.uniform(1, 6)
    if mode == "stacked" and rng.random() < 0.5:
        in_play.sort(key=lambda c: (suit(c), rank(c) + rng.uniform(0, noise)))
    elif mode in ("buried", "stacked"):
        in_play.sort(key=lambda c: rank(c) + rng.uniform(0, noise))
    elif mode == "on-top":
        in_play.sort(key=lambda c: -rank(c) + rng.uniform(0, noise))
    else:
        rng.shuffle(in_play)

    cells: list[str | None] = [None] * ncells
    if ncells and rng.random() < 0.5:
        for c in rng.sample(range(ncells), rng.choice([1, 1, 1, 2])):
            cells[c] = in_play.pop(rng.randrange(len(in_play)))

    # Columns: how many hold cards (sometimes few, leaving empty ones), and their heights.
    low = max(1, math.ceil(len(in_play) / 8))
    if mode in ("buried", "stacked") and rng.random() < 0.5:
        used = min(ncols, len(in_play))  # no empty column: the hardest deals to win
    elif rng.random() < 0.6:
        used = rng.randint(low, ncols)
    else:
        used = rng.randint(low, min(ncols, low + 2))
    heights = [h + 1 for h in _spread(rng, len(in_play) - used, used, 12)]
    where = rng.sample(range(ncols), used)
    # Fill row by row from the bottom so the front of the list really ends up underneath;
    # or ("stacked") column after column, so a column's top needs a card buried elsewhere.
    slots = sorted(
        (level, rng.random(), col) for col, h in enumerate(heights) for level in range(h)
    )
    if mode == "stacked":
        slots.sort(key=lambda slot: (slot[2], slot[0]))
    stacks: list[list[str]] = [[] for _ in heights]
    for (_level, _tie, col), card in zip(slots, in_play):
        stacks[col].append(card)
    downs: list[list[str]] = []
    ups: list[list[str]] = []
    face_down_bias = rng.uniform(0.4, 1.0) if mode in ("buried", "stacked") else rng.random()
    for stack in stacks:
        most = len(stack) - 1
        d = sum(rng.random() < face_down_bias for _ in range(most))
        downs.append(stack[:d])
        ups.append(stack[d:])

    layout = _Layout(downs, ups)
    if rng.random() < 0.6:
        _plant_flip(rng, rules, layout, empty=used < ncols)
    if rng.random() < 0.4:
        wanted = {
            f"{RANKS[len(pile)]}{rules.foundation_suit(f)}"
            for f, pile in enumerate(foundations)
            if len(pile) < 13
        }
        _plant_return(rng, rules, layout, wanted)

    tableau = [{"down": [], "up": []} for _ in range(ncols)]
    for col, d, u in zip(where, downs, ups):
        tableau[col] = {"down": d, "up": u}
    out: dict[str, Any] = {
        "variant": variant,
        "rules": {"foundation_withdrawal": withdrawals},
        "tableau": tableau,
        "foundations": foundations,
    }
    if ncells:
        out["cells"] = cells
    return out


Slot = tuple[int, str, int]  # (column, "down" or "up", index from the bottom of that part)


class _Layout:
    """Columns under construction, where cards change places by swaps only, so the set of
    cards (and therefore the position's validity) never changes."""

    def __init__(self, downs: list[list[str]], ups: list[list[str]]) -> None:
        self.parts = {"down": downs, "up": ups}

    def slots(self) -> list[Slot]:
        return [
            (c, part, k)
            for part, cols in self.parts.items()
            for c, col in enumerate(cols)
            for k in range(len(col))
        ]

    def card(self, slot: Slot) -> str:
        c, part, k = slot
        return self.parts[part][c][k]

    def swap(self, a: Slot, b: Slot) -> None:
        ca, cb = self.card(a), self.card(b)
        self.parts[a[1]][a[0]][a[2]] = cb
        self.parts[b[1]][b[0]][b[2]] = ca

    def bottom_up(self, c: int) -> Slot:
        return (c, "up", 0)

    def top(self, c: int) -> Slot:
        return (c, "up", len(self.parts["up"][c]) - 1)

    def under(self, c: int) -> Slot:
        return (c, "down", len(self.parts["down"][c]) - 1)


def _plant_flip(rng: random.Random, rules: Rules, layout: _Layout, empty: bool) -> None:
    """Make a face-up group sitting on a face-down card movable (onto another column's top, or
    a King to an empty column), and sometimes make the card that move turns one the group
    builds on, so that moving the group straight back reaches a new position."""
    ups, downs = layout.parts["up"], layout.parts["down"]
    with_down = [i for i in range(len(ups)) if downs[i]]
    if not with_down:
        return
    i = rng.choice(with_down)
    mover = layout.bottom_up(i)
    tops = [layout.top(c) for c in range(len(ups)) if c != i]
    if empty and rng.random() < 0.3:
        kings = [p for p in layout.slots() if rank(layout.card(p)) == 13 and p not in tops]
        if kings:
            layout.swap(mover, rng.choice(kings))
    elif tops:
        top = rng.choice(tops)
        fits = [
            p for p in layout.slots() if p != top and rules.builds(layout.card(p), layout.card(top))
        ]
        if fits:
            layout.swap(mover, rng.choice(fits))
    if rng.random() < 0.5:
        card = layout.card(mover)
        keep = {mover, *tops}
        beds = [p for p in layout.slots() if p not in keep and rules.builds(card, layout.card(p))]
        if beds:
            layout.swap(layout.under(i), rng.choice(beds))


def _plant_return(rng: random.Random, rules: Rules, layout: _Layout, wanted: set[str]) -> bool:
    """Plant a park-and-return: Z, a card its foundation wants, tops column j; X lies face up
    on a face-down Y in column i, and X builds on both Y and Z. Z can go home at once, but
    then Y stays buried under X; the way on is X onto Z (turning Y), X back onto Y, Z home.
    When it can, the card X's foundation needs before X goes under Y, so X cannot simply go
    home instead. Returns whether it found such cards."""
    ups, downs = layout.parts["up"], layout.parts["down"]
    columns = [i for i in range(len(ups)) if downs[i]]
    rng.shuffle(columns)
    slots = layout.slots()
    for z in rng.sample(slots, len(slots)):
        if layout.card(z) not in wanted:
            continue
        xs = [x for x in slots if x != z and rules.builds(layout.card(x), layout.card(z))]
        for x in rng.sample(xs, len(xs)):
            ys = [
                y for y in slots if y not in (x, z) and rules.builds(layout.card(x), layout.card(y))
            ]
            if not ys:
                continue
            y = rng.choice(ys)
            for i in columns:
                js = [j for j in range(len(ups)) if j != i]
                if not js:
                    continue
                cards = [layout.card(z), layout.card(x), layout.card(y)]
                plan = [layout.top(rng.choice(js)), layout.bottom_up(i), layout.under(i)]
                # X's own foundation must wait for the card below X, buried under Y.
                below = f"{RANKS[rank(cards[1]) - 2]}{suit(cards[1])}" if rank(cards[1]) > 1 else ""
                if len(downs[i]) > 1 and below in {layout.card(p) for p in slots} - set(cards):
                    cards.append(below)
                    plan.append((i, "down", len(downs[i]) - 2))
                # Put each card in its place, finding it again after the earlier swaps.
                for card, place in zip(cards, plan):
                    done = plan[: plan.index(place)]
                    here = next(
                        p for p in layout.slots() if p not in done and layout.card(p) == card
                    )
                    layout.swap(here, place)
                return True
    return False


# Comparing with the project's solver ------------------------------------------------------


@dataclass
class Comparison:
    """The solver's and this model's verdicts on one position, and every way they disagree."""

    position: dict[str, Any]
    solver: str
    solver_line: list[str]
    model: str
    model_line: list[str]
    problems: list[str]

    @property
    def kind(self) -> str:
        """``both won``, ``both lost``, ``unknown`` (either side), or ``disagree``."""
        if self.problems:
            return "disagree"
        if "unknown" in (self.solver, self.model):
            return "unknown"
        return f"both {self.solver}"

    def report(self) -> str:
        """Everything needed to reproduce a disagreement, position JSON first."""
        return (
            f"position: {json.dumps(self.position, separators=(',', ':'))}\n"
            f"solver: {self.solver} {'; '.join(self.solver_line)}\n"
            f"model:  {self.model} {'; '.join(self.model_line)}\n"
            + "\n".join(f"problem: {p}" for p in self.problems)
        )


def compare(position: dict[str, Any], model_limit: int, solver_limit: int) -> Comparison:
    """Solve ``position`` with the project's solver and with :func:`search`, and cross-check.

    Only this function touches ``yukon_widget`` (the model above never does): the solver's
    winning line must replay here, this model's winning line must play in the engine, and two
    decided verdicts must agree.
    """
    from yukon_widget import Game, solve

    result = solve(Game.from_position(position), time_limit=None, node_limit=solver_limit)
    solver_line = [str(m) for m in result.moves] if result.status == "won" else []
    mine = search(position, model_limit)
    problems = []
    if "unknown" not in (result.status, mine.status) and result.status != mine.status:
        problems.append(f"verdicts differ: solver {result.status}, model {mine.status}")
    if result.status == "won":
        why = replay(position, solver_line)
        if why:
            problems.append(f"the solver's line does not replay in the model: {why}")
    if mine.status == "won":
        game = Game.from_position(position)
        try:
            for notation in mine.line:
                game.play(notation)
        except ValueError as err:
            problems.append(f"the engine rejects the model's line at {notation!r}: {err}")
        else:
            if not game.is_won:
                problems.append("the model's line plays in the engine but does not win there")
    return Comparison(position, result.status, solver_line, mine.status, mine.line, problems)
