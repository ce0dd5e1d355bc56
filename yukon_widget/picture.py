"""Positions as pictures: a static SVG drawn in Python.

A picture survives where live widgets do not (a saved notebook, GitHub, exported HTML), so
it is how a teaching text shows a position or one step of a line. Face-down cards are drawn
as backs only; every card carries an accessible ``<title>``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .engine.cards import SUIT_SYMBOLS, is_red, rank, spoken, suit

if TYPE_CHECKING:
    from .engine import Game, Move

CARD_W, CARD_H = 56, 78
GAP, MARGIN = 8, 10
DOWN_STEP, UP_STEP = 9, 20
RED, BLACK = "#c62828", "#1b1b1b"
HIGHLIGHT = "#f5a623"
_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Picture:
    """An SVG picture that notebooks display; ``.svg`` is the text, ``.save(path)`` writes it."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)


def _card(x: float, y: float, card: int, *, full: bool, lit: bool = False) -> str:
    colour = RED if is_red(card) else BLACK
    label = f"{_RANK_TEXT[rank(card) - 1]}{SUIT_SYMBOLS[suit(card)]}"
    stroke = (
        f'stroke="{HIGHLIGHT}" stroke-width="3"' if lit else 'stroke="#8a8a8a" stroke-width="1"'
    )
    parts = [
        f'<g class="card" role="img"><title>{escape(spoken(card))}</title>',
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" {stroke}/>',
        f'<text x="{x + 5}" y="{y + 15}" fill="{colour}" font-size="13" font-weight="600">'
        f"{escape(label)}</text>",
    ]
    if full:
        parts.append(
            f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 12}" fill="{colour}" '
            f'font-size="30" text-anchor="middle">{SUIT_SYMBOLS[suit(card)]}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    return (
        '<g class="back" role="img"><title>face-down card</title>'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="url(#yk-back)" '
        'stroke="#8a8a8a" stroke-width="1"/></g>'
    )


def _slot(x: float, y: float, text: str, lit: bool) -> str:
    stroke = HIGHLIGHT if lit else "#9bb59f"
    width = 3 if lit else 1.5
    return (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none" '
        f'stroke="{stroke}" stroke-width="{width}" stroke-dasharray="4 3"/>'
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 8}" fill="#9bb59f" font-size="22" '
        f'text-anchor="middle">{escape(text)}</text>'
    )


def draw(game: Game, move: Move | None = None) -> str:
    """The position as SVG text; ``move`` (if given) is outlined: the moved group and its target."""
    board = game.board
    v = board.variant
    nt, nf = board.ncols, board.nfound
    lit_source = lit_index = lit_target = None
    if move is not None:
        s, i, t = game.resolve(move)
        lit_source, lit_index, lit_target = s, i, t
    pitch = CARD_W + GAP
    top_row = max(nt, nf + v.cells)
    width = MARGIN * 2 + top_row * pitch - GAP
    tab_y = MARGIN + CARD_H + 16
    tallest = 0
    for col, d in zip(board.columns, board.down):
        tallest = max(tallest, d * DOWN_STEP + max(len(col) - d - 1, 0) * UP_STEP)
    height = tab_y + tallest + CARD_H + MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="DejaVu Sans, Arial, sans-serif">',
        f"<title>{escape(game.title)} position{' with a move shown' if move else ''}</title>",
        '<defs><pattern id="yk-back" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#2f4f8f"/>'
        '<rect width="4" height="8" fill="#3d62ad"/></pattern></defs>',
        f'<rect width="{width}" height="{height}" rx="8" fill="#2e5e3e"/>',
    ]
    for k, card in enumerate(board.cells):
        x = MARGIN + k * pitch
        pile = nt + nf + k
        if card is None:
            out.append(_slot(x, MARGIN, "cell", pile == lit_target))
        else:
            out.append(_card(x, MARGIN, card, full=True, lit=pile in (lit_source, lit_target)))
    first_found = width - MARGIN - nf * pitch + GAP
    for f, s in enumerate(v.foundation_suits):
        x = first_found + f * pitch
        top = board.foundation_top(f)
        if top is not None:
            lit = nt + f in (lit_source, lit_target)
            out.append(_card(x, MARGIN, top, full=True, lit=lit))
        else:
            out.append(_slot(x, MARGIN, SUIT_SYMBOLS[s], nt + f == lit_target))
    for c, (col, d) in enumerate(zip(board.columns, board.down)):
        x = MARGIN + c * pitch
        if not col:
            out.append(_slot(x, tab_y, "K", c == lit_target))
            continue
        y = tab_y
        for i, card in enumerate(col):
            if i < d:
                out.append(_back(x, y))
                y += DOWN_STEP
                continue
            lit = (c == lit_source and lit_index is not None and i >= lit_index) or (
                c == lit_target and i == len(col) - 1
            )
            out.append(_card(x, y, card, full=i == len(col) - 1, lit=lit))
            y += UP_STEP
    out.append("</svg>")
    return "".join(out)
