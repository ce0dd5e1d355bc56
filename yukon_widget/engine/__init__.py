"""The rules engine: cards, variants, positions, moves and the game. Pure Python."""

from .game import Game
from .move import IllegalMoveError, Move
from .variants import VARIANTS, Variant, get_variant

__all__ = ["VARIANTS", "Game", "IllegalMoveError", "Move", "Variant", "get_variant"]
