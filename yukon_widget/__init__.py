"""yukon-widget: Yukon solitaire and its family as a Jupyter widget and a scripting API.

>>> from yukon_widget import Game
>>> game = Game("yukon", seed=7)
>>> game.legal_moves()[:3]   # doctest: +SKIP

``import yukon_widget`` loads the engine and ``Game`` only. The solver, the batch studies,
the statistics (``statistics()``, kept across sessions) and the widget (which pulls in
Jupyter) load on first use, so scripts and solver workers
that never draw a board stay light.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

from .engine import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from .game import Game

if TYPE_CHECKING:
    from .scoreboard import statistics
    from .strategy import SolveResult, solve
    from .study import play_many, solve_many
    from .widget import Yukon

__all__ = [
    "AmbiguousMoveError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "SolveResult",
    "Yukon",
    "play_many",
    "solve",
    "solve_many",
    "statistics",
]

try:
    __version__ = metadata.version("yukon-widget")
except metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

_LAZY = {
    "SolveResult": "strategy",
    "solve": "strategy",
    "play_many": "study",
    "solve_many": "study",
    "statistics": "scoreboard",
    "Yukon": "widget",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'yukon_widget' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
