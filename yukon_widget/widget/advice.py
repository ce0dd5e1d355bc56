"""What the Hint button says: the solver's winning line first, as on the Moosehide page.

The board asks the solver (which sees the face-down cards) for a winning line within a short
budget. Its first move is the hint, in player words: the rule sheet's reason when the move
is among ``hints(game)``, else what the move does, with where it stands in the line. While
the player follows the line, the next hint is its next move, with no new search. A proof
that no line wins is said as such. When the budget runs out first, or with "fair hints" on,
the hint is the best move a player could find without peeking: the sampling player's
(``strategy.sampling``), with its plan in words.

Only this module calls the solver for the board, through ``think``, so tests can stand in a
slow or counting solver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine.game import Game
from ..engine.move import Move
from ..strategy import hints as hinting
from ..strategy.hints import move_words
from ..strategy.sampling import best_hint
from ..strategy.solver import SolveResult, solve

#: What the board says when the solver proves that no line of play wins from here.
LOST = "This deal can no longer be won from here."


class Advice(NamedTuple):
    """A hint for the board: ``status`` "won" (``move`` is on a winning line), "lost"
    (proven: no line wins; ``move`` is None), "rules" (no-peeking hint) or "none" (no useful
    move: proven that no line turns a card or sends one home, or the game is won)."""

    move: Move | None
    reason: str
    status: str


def think(game: Game, seconds: float, should_stop: Callable[[], bool] | None = None) -> SolveResult:
    """Run the solver on ``game`` (a copy the board will not touch) for ``seconds``, or
    until ``should_stop()`` says the board no longer wants the answer."""
    return solve(game, time_limit=seconds, should_stop=should_stop)


def rule_advice(game: Game, note: str = "") -> Advice:
    """The best no-peeking hint, or "none" when it is proven there is none: the sampling
    player's move with its plan in words (``sampling.best_hint``), which falls back to the
    rule sheet's hints (``hints(game)[0]``) when no sample is won."""
    found = best_hint(game)
    if found is None:
        return Advice(None, "", "none")
    reason = f"{found.reason} ({note})" if note else found.reason
    return Advice(found.move, reason, "rules")


class Line(NamedTuple):
    """A winning line the solver found from the position after the moves ``start``."""

    start: list[Move]
    moves: list[Move]

    def step(self, game: Game) -> int | None:
        """How many of the line's moves ``game`` has played since, when it followed the
        line exactly and the line goes on; None otherwise (another move, an undo...)."""
        history = game.history
        n = len(self.start)
        k = len(history) - n
        if k < 0 or k >= len(self.moves) or history[:n] != self.start:
            return None
        return k if history[n:] == self.moves[:k] else None


def line_advice(game: Game, line: Line, k: int) -> Advice:
    """Move ``k`` (from 0) of a winning line as a hint, in player words."""
    move = line.moves[k]
    total = len(line.moves)
    same = [h for h in hinting.rule_hints(game) if h.move == move]
    what = same[0].reason if same else move_words(game, move)
    if total == 1:
        where = "it wins the game"
    elif k == 0:
        where = f"the first of {total} moves of a winning line"
    else:
        where = f"move {k + 1} of the {total} of a winning line"
    return Advice(move, f"{what} ({where})", "won")


def solved_advice(
    game: Game, result: SolveResult | None, seconds: float
) -> tuple[Advice, Line | None]:
    """The hint for ``game`` from the solver's ``result`` (None: the solver failed), with the
    winning line to follow when there is one."""
    if result is not None and result.status == "won" and result.moves:
        line = Line(game.history, list(result.moves))
        return line_advice(game, line, 0), line
    if result is not None and result.status == "lost":
        return Advice(None, LOST, "lost"), None
    note = f"the solver found no winning line within {seconds:g} s"
    return rule_advice(game, note), None
