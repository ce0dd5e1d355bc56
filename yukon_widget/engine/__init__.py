"""The rules engine: cards, variants, positions, moves and the game. Pure Python."""

from .board import Board, RawMove
from .game import Game, Played
from .move import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from .variants import VARIANTS, Variant, get_variant

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Board",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Played",
    "RawMove",
    "Variant",
    "get_variant",
]
