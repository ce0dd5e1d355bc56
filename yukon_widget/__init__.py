"""yukon-widget: Yukon solitaire and its family as a Jupyter widget and a scripting API.

>>> from yukon_widget import Game
>>> game = Game("yukon", seed=7)
>>> game.legal_moves()[:3]   # doctest: +SKIP
"""

from typing import Any

from .engine import Game, IllegalMoveError, Move
from .strategy import SolveResult, solve
from .study import play_many, solve_many

__all__ = [
    "Game",
    "IllegalMoveError",
    "Move",
    "SolveResult",
    "Yukon",
    "play_many",
    "solve",
    "solve_many",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # The widget pulls in Jupyter; scripts and solver workers that never draw a board
    # import only the engine.
    if name == "Yukon":
        from .widget import Yukon

        return Yukon
    raise AttributeError(f"module 'yukon_widget' has no attribute {name!r}")
