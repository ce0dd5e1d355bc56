"""The board as text: columns side by side, face-down cards hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SUIT_SYMBOLS, symbol

if TYPE_CHECKING:
    from .game import Game

BACK = "##"
WIDTH = 4


def _cell(text: str) -> str:
    return text.rjust(WIDTH)


def draw(game: Game) -> str:
    """Rows numbered from 1 at the bottom of each column, as move notation counts them."""
    board = game.board
    v = board.variant
    seed = "" if game.seed is None else f" · seed {game.seed}"
    count = f"{game.moves_made} move" + ("" if game.moves_made == 1 else "s")
    lines = [f"{v.title}{seed} · {count}" + (" · won" if game.is_won else "")]
    found = []
    for f, s in enumerate(v.foundation_suits):
        top = board.foundation_top(f)
        found.append(f"f{f + 1} {'·' + SUIT_SYMBOLS[s] if top is None else symbol(top)}")
    lines.append("  ".join(found))
    if v.cells:
        lines.append(
            "  ".join(
                f"c{k} {'·' if c is None else symbol(c)}" for k, c in enumerate(board.cells, 1)
            )
        )
    lines.append("    " + "".join(_cell(f"t{k}") for k in range(1, v.columns + 1)))
    height = max(map(len, board.columns), default=0)
    for row in range(height):
        cells = []
        for col, d in zip(board.columns, board.down):
            if row >= len(col):
                cells.append(_cell(""))
            else:
                cells.append(_cell(BACK if row < d else symbol(col[row])))
        lines.append(f"{row + 1:>4}" + "".join(cells).rstrip())
    return "\n".join(lines)
