"""yukon-widget: Yukon solitaire and its family as a Jupyter widget and a scripting API.

>>> from yukon_widget import Game
>>> game = Game("yukon", seed=7)
>>> game.legal_moves()[:3]   # doctest: +SKIP
"""

from .engine import Game, IllegalMoveError, Move

__all__ = ["Game", "IllegalMoveError", "Move"]
__version__ = "0.1.0"
