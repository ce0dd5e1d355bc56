"""Batch studies: solve or play many deals in parallel and summarise the win rates.

Pure Python (no Jupyter): ``solve_many``, ``play_many`` and ``shorten_many`` (winning lines
made short) run on a local process pool by default or on any ``concurrent.futures`` executor
(a Dask or Ray cluster); ``summarize`` and
``format_table`` turn results into win rates with 95% Wilson intervals; ``plots`` draws them
with matplotlib (the ``study`` extra).
"""

from .batch import PlayOutcome, ShortenOutcome, SolveOutcome, play_many, shorten_many, solve_many
from .players import STRATEGIES, PlayerView, visible_key
from .stats import PlaySummary, SolveSummary, format_table, summarize, wilson_interval

__all__ = [
    "STRATEGIES",
    "PlayOutcome",
    "PlaySummary",
    "PlayerView",
    "ShortenOutcome",
    "SolveOutcome",
    "SolveSummary",
    "format_table",
    "play_many",
    "shorten_many",
    "solve_many",
    "summarize",
    "visible_key",
    "wilson_interval",
]
