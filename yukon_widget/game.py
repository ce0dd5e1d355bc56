"""``Game`` for scripts: the engine's Game with the strategy layer's shortcuts.

The engine knows the rules and nothing above them; hints, safe auto-play, auto-finish, the
solver and the packaged winnable deals live in ``strategy``, which builds on the engine.
Scripts like asking the game itself (``game.hint()``, ``Game.winnable()``), so this class,
which sits above both layers, adds those shortcuts without the engine importing upward.
Every game the package hands out (``Yukon``'s board, saves, winnable and daily deals) is of
this class. The strategy modules are imported when a shortcut is first used, so a script or
a solver worker that never asks for a hint loads only the engine.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from .engine import game as _engine
from .engine.move import Move

if TYPE_CHECKING:
    from .strategy.hints import Hint, SolverHint
    from .strategy.sampling import Choice


class Game(_engine.Game):
    """A game of the Yukon family (see ``yukon_widget.engine.game.Game``), plus shortcuts to
    the strategy layer: hints, safe moves, auto-finish, the solver's hint, and the packaged
    winnable and daily deals."""

    def hint(self, solver: bool = False, time_limit: float = 5.0) -> Move | None:
        """The best useful move by the rule sheet's priorities, or None when no useful move
        is left. ``solver=True`` asks the solver first and gives the first move of a winning
        line (None when the position is lost; see ``solver_hint`` for the verdict)."""
        from .strategy import hints

        if solver:
            return hints.solver_hint(self, time_limit).move
        return hints.hint(self)

    def hints(self) -> list[Hint]:
        """Every useful move, best first, as ``Hint(move, reason, kind)`` (for teaching)."""
        from .strategy import hints

        return hints.hints(self)

    def best_hint(self) -> Choice | None:
        """The strongest no-peeking player's move with its plan in words (``Choice``:
        ``move``, ``line`` up to the next card turned or sent home, ``reason``); None when the
        game is won or nothing can be gained. Never reads a face-down card; takes about a
        tenth of a second, sometimes a second (it solves a few random deals of the unseen
        cards; see ``strategy.sampling``)."""
        from .strategy import sampling

        return sampling.best_hint(self)

    def solver_hint(self, time_limit: float = 5.0) -> SolverHint:
        """``SolverHint(move, status, reason)``: the solver's first move of a winning line,
        or status "lost" when no line wins (or "unknown" with the rule hint, out of time)."""
        from .strategy import hints

        return hints.solver_hint(self, time_limit)

    def safe_moves(self) -> list[Move]:
        """Foundation moves that are safe to play now (no card in play could need them)."""
        from .strategy import autoplay

        return autoplay.safe_moves(self)

    def play_safe_moves(self) -> list[Move]:
        """Play safe foundation moves until none is left; return the Moves played."""
        from .strategy import autoplay

        return autoplay.play_safe_moves(self)

    def can_auto_finish(self) -> bool:
        """No card is face down and simulating the finish (lowest playable top card up, again
        and again) really wins."""
        from .strategy import finish

        return finish.can_auto_finish(self)

    def auto_finish(self) -> list[Move]:
        """Play the finish if ``can_auto_finish()``; return the Moves played ([] if not)."""
        from .strategy import finish

        return finish.auto_finish(self)

    @classmethod
    def winnable(cls, variant: str = "yukon") -> Game:
        """A deal picked at random from the variant's packaged proven-winnable seeds.

        Each variant's list holds 500 seeds proved winnable with withdrawals off (so under
        either setting): the first such among its deals from seed 1, read from the
        winnability table's verdicts (``docs/winnability.md``). So the lists lean towards
        the easier deals only by leaving out the lost and undecided ones;
        ``yukon_widget.strategy.winnable.winnable_source(variant)`` says which deals each
        list was drawn from and what share of them it kept.
        """
        from .strategy import winnable

        return cls(variant, seed=winnable.winnable_seed(variant))

    @classmethod
    def daily(cls, variant: str = "yukon", date: datetime.date | str | None = None) -> Game:
        """The day's deal (``date``: a ``datetime.date`` or a 'YYYY-MM-DD' string, default
        today), the same for everyone that day, taken from the proven-winnable seeds."""
        from .strategy import winnable

        return cls(variant, seed=winnable.daily_seed(variant, date))
