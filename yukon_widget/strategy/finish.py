"""Auto-finish: offered only when simulating the finish really wins.

Piles can be jumbled in Yukon, so "no card face down" is not enough: the finish is simulated
by sending the lowest-ranked playable top card (columns and cells) up, again and again, and
offered only if that ends with every card on the foundations.
"""

from __future__ import annotations

from ..engine.board import RawMove
from ..engine.game import Game
from ..engine.move import Move


def finish_line(game: Game) -> list[RawMove] | None:
    """The raw moves of the simulated finish, or None when it would not win."""
    board = game.board
    if game.is_won or any(board.down):
        return None
    nt, nf = board.ncols, board.nfound
    cols = [list(c) for c in board.columns]
    cells = list(board.cells)
    found = list(board.heights)
    slots = board.variant.foundation_slots
    line: list[RawMove] = []
    left = board.variant.card_count - sum(found)
    while left:
        best = None
        spots = [(s, col[-1]) for s, col in enumerate(cols) if col]
        spots += [(nt + nf + k, x) for k, x in enumerate(cells) if x is not None]
        for s, x in spots:
            for f in slots[x // 13]:
                if found[f] == x % 13 and (best is None or x % 13 < best[0]):
                    best = (x % 13, s, f)
                    break
        if best is None:
            return None
        _, s, f = best
        if s < nt:
            line.append((s, len(cols[s]) - 1, nt + f))
            cols[s].pop()
        else:
            line.append((s, -1, nt + f))
            cells[s - nt - nf] = None
        found[f] += 1
        left -= 1
    return line


def can_auto_finish(game: Game) -> bool:
    """No card is face down and playing the lowest playable top card up, over and over, wins."""
    return finish_line(game) is not None


def auto_finish(game: Game) -> list[Move]:
    """Play the simulated finish and return its Moves; [] (nothing played) if unavailable."""
    line = finish_line(game)
    return [game.push_raw(raw) for raw in line] if line else []
