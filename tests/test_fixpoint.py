"""The relaxation's fixpoint (``relaxation.blocked``, bit sets, all cards a round) against a
plain one written here from its docstring: sets of cards, every rule tried on every card
until nothing changes. Both must call the same positions lost."""

from __future__ import annotations

import random

import pytest

from yukon_widget import Game
from yukon_widget.engine.board import Board
from yukon_widget.strategy.relaxation import blocked

KING = 12


def plain_blocked(board: Board) -> bool:
    """Some card in play never goes home, by the four rules of ``relaxation._close``."""
    variant = board.variant
    cols = board.columns
    upto = [0, 0, 0, 0]
    for f, n in enumerate(board.heights):
        suit = variant.foundation_suits[f]
        upto[suit] = max(upto[suit], n)
    where: dict[int, tuple[int, int]] = {}
    top: set[int] = set()
    up: set[int] = set()
    play: set[int] = set()
    for c, col in enumerate(cols):
        for i, x in enumerate(col):
            where[x] = (c, i)
            play.add(x)
            if i >= board.down[c]:
                up.add(x)
        if col:
            top.add(col[-1])
    for x in board.cells:
        if x is not None:
            top.add(x)
            up.add(x)
            play.add(x)
    cells = bool(board.cells)
    empties = sum(1 for col in cols if not col)
    if board.withdraw and cells:
        top |= {s * 13 + r for s in range(4) for r in range(upto[s])}
    comeback = board.withdraw and not cells
    home: set[int] = set()
    moved: set[int] = set()

    def in_group(p: int, x: int) -> bool:
        """p lies above x in x's column, and no card from x up to p has moved."""
        if x not in where or p not in where or where[p][0] != where[x][0]:
            return False
        c, i = where[x]
        j = where[p][1]
        return j > i and not any(cols[c][m] in moved for m in range(i + 1, j + 1))

    changed = True
    while changed:
        changed = False
        for x in sorted(play):
            suit, rank = divmod(x, 13)
            if x not in home and x in top and (rank == upto[suit] or x - 1 in home):
                home.add(x)
                changed = True
            if x in moved or x not in up:
                continue
            if not (
                x in home
                or (cells and x in top)
                or (rank == KING and empties > 0)
                or any(p in top and not in_group(p, x) for p in variant.parents[x])
            ):
                continue
            moved.add(x)
            changed = True
            if x in where:
                c, i = where[x]
                if i:
                    top.add(cols[c][i - 1])
                    up.add(cols[c][i - 1])
                else:
                    empties += 1
        if comeback:
            for suit in range(4):
                for rank in range(upto[suit] - 1, -1, -1):
                    f = suit * 13 + rank
                    if f in top:
                        continue
                    if rank < upto[suit] - 1 and f + 1 not in top:
                        break
                    if not (
                        (rank == KING and empties > 0) or any(p in top for p in variant.parents[f])
                    ):
                        break
                    top.add(f)
                    changed = True
    return not play <= home


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide", "yukon-cells"])
@pytest.mark.parametrize("withdraw", [True, False])
def test_the_fixpoint_agrees_with_a_plain_one_along_random_games(variant, withdraw):
    """Random games, every position along them: both fixpoints give the same verdict, and
    the positions include lost and open ones (with free cells, random play never got stuck
    in these games: only open ones)."""
    rng = random.Random(f"fixpoint-{variant}-{withdraw}")
    verdicts = {True: 0, False: 0}
    for seed in range(1, 13):
        board = Game(variant, seed=seed, foundation_withdrawal=withdraw).board
        for _ in range(100):
            verdict = blocked(board, orders=False)
            assert verdict == plain_blocked(board), (variant, withdraw, seed, board.columns)
            verdicts[verdict] += 1
            moves = board.moves()
            if not moves:
                break
            board.apply(rng.choice(moves))
    assert verdicts[False] and (verdicts[True] or variant == "yukon-cells"), verdicts
