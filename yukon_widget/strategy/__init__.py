"""Strategy: hints, safe auto-play, auto-finish, the solver and winnable deals.

Pure Python over the engine's raw moves; nothing here imports Jupyter or widget code.
"""

from .solver import SolveResult, solve

__all__ = ["SolveResult", "solve"]
