"""Plots for studies (matplotlib, from the ``study`` extra, imported only when drawing)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .stats import PlaySummary, SolveSummary

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as err:  # keep the rest of the package usable without matplotlib
        raise ImportError("plots need matplotlib: pip install 'yukon-widget[study]'") from err
    return plt


def plot_win_rates(summaries: Iterable[SolveSummary | PlaySummary], ax: Axes | None = None) -> Axes:
    """Horizontal bars of win rates with their intervals; returns the matplotlib Axes.

    Solver summaries show the winnable bounds (unknowns counted lost .. counted won) around
    won / deals; play-out summaries show the Wilson interval of their win rate.
    """
    plt = _pyplot()
    summaries = list(summaries)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(1, len(summaries))))
    labels, rates, lows, highs = [], [], [], []
    for s in summaries:
        if isinstance(s, SolveSummary):
            labels.append(f"{s.variant} (solver)")
            rate = s.won / s.deals if s.deals else 0.0
            low, high = s.winnable
        else:
            labels.append(f"{s.variant} · {s.strategy}")
            rate, low, high = s.win_rate
            rate = 0.0 if rate != rate else rate
        rates.append(100 * rate)
        lows.append(100 * max(0.0, rate - low))
        highs.append(100 * max(0.0, high - rate))
    ax.barh(labels, rates, xerr=[lows, highs], capsize=4, color="#4a7ab5")
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%), with 95% interval")
    ax.invert_yaxis()
    return ax


def plot_foundation_cards(results: Iterable[Any], ax: Axes | None = None) -> Axes:
    """Histogram of cards on the foundations at the end of play-outs, one series per
    strategy: shows how far a strategy gets even when it loses."""
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    series: dict[str, list[int]] = {}
    most = 52
    for r in results:
        name = r["strategy"] if isinstance(r, dict) else r.strategy
        series.setdefault(str(name), []).append(
            int(r["foundation"] if isinstance(r, dict) else r.foundation)
        )
        most = max(most, int(r["cards"] if isinstance(r, dict) else r.cards))
    bins = list(range(0, most + 2, 2))
    for name, values in sorted(series.items()):
        ax.hist(values, bins=bins, alpha=0.6, label=name)
    ax.set_xlabel("cards on the foundations at the end")
    ax.set_ylabel("play-outs")
    ax.legend()
    return ax
