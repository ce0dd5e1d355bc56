"""The winnability table of the Yukon family: verdicts on consecutive deals, per configuration.

The command line (``python -m yukon_widget table``) solves deals ``1..N`` of every
configuration into ``data/winnability/<config>.csv`` (the ``solve`` command's file: one row
per deal, resumable, winning lines included) and writes ``docs/winnability.md`` from those
files with ``render``. The CSV files are the table's source: the page can always be made
again from them, and a run that stopped resumes where it stopped.

The winnable share is won / decided with its Wilson 95% interval, and beside it the bounds
that hold whatever the unknown deals turn out to be (all lost .. all won).
"""

from __future__ import annotations

import csv
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .stats import wilson_interval

CONFIGS: dict[str, tuple[str, bool]] = {
    "yukon": ("yukon", True),
    "yukon-no-withdrawal": ("yukon", False),
    "russian": ("russian", True),
    "alaska": ("alaska", True),
    "moosehide": ("moosehide", False),
    "yukon-cells": ("yukon-cells", True),
    "double-yukon": ("double-yukon", True),
}
"""Configuration name -> (variant, foundation withdrawals allowed)."""

OTHERS = [
    ("Moosehide page's solver", "yukon", "85 of 100 deals winnable (its own deals and rules)"),
    ("Moosehide page's solver", "moosehide", "99 of 100 deals winnable"),
    (
        "KDE Patience 22.12 (`kpat --solve 10`)",
        "yukon-no-withdrawal",
        "its deals 1-300: 216 won, 16 lost, 68 unknown (22.7%); one of its losses (deal 172)"
        " is a win",
    ),
]
"""Published figures to show beside ours: (source, configuration, what it says)."""


@dataclass(frozen=True)
class Summary:
    """One configuration's verdicts on deals ``1..deals`` (``missing`` not solved yet)."""

    config: str
    deals: int
    won: int
    lost: int
    unknown: int
    missing: int
    median_seconds: float
    p99_seconds: float
    median_line: float

    @property
    def decided(self) -> int:
        return self.won + self.lost

    @property
    def share(self) -> tuple[float, float, float]:
        """(won / decided, Wilson 95% low, high); NaN when nothing is decided."""
        rate = self.won / self.decided if self.decided else float("nan")
        return (rate, *wilson_interval(self.won, self.decided))

    @property
    def bounds(self) -> tuple[float, float]:
        """The winnable share of the solved deals if every unknown is lost .. won."""
        solved = self.decided + self.unknown
        if not solved:
            return (float("nan"), float("nan"))
        return (self.won / solved, (self.won + self.unknown) / solved)


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summarize_file(path: Path, config: str, deals: int) -> Summary:
    """The verdicts in ``path`` on deals ``1..deals`` (the first row of each seed)."""
    rows: dict[int, dict[str, str]] = {}
    if path.exists():
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                seed = int(row["seed"])
                if 1 <= seed <= deals:
                    rows.setdefault(seed, row)
    statuses = [r["status"] for r in rows.values()]
    seconds = [float(r["seconds"]) for r in rows.values()]
    lines = [int(r["moves"]) for r in rows.values() if r["status"] == "won"]
    return Summary(
        config=config,
        deals=deals,
        won=statuses.count("won"),
        lost=statuses.count("lost"),
        unknown=statuses.count("unknown"),
        missing=deals - len(rows),
        median_seconds=statistics.median(seconds) if seconds else float("nan"),
        p99_seconds=_quantile(seconds, 0.99),
        median_line=statistics.median(lines) if lines else float("nan"),
    )


def _pct(x: float) -> str:
    return "–" if x != x else f"{100 * x:.1f}%"


def render(
    summaries: Iterable[Summary], time_limit: float | None, command: str, written: str = ""
) -> str:
    """The Markdown page for ``summaries``; ``written`` says when and where (a sentence)."""
    out = [
        "# How many deals of the Yukon family can be won",
        "",
        "Solver verdicts on consecutive deals of each configuration (seeds from 1, the "
        "project's documented shuffle), written by",
        "",
        f"    {command}",
        "",
        "from the CSV files in `data/winnability/` (one row per deal, the winning line "
        "included; run the command again to resume or extend). "
        + (
            f"Each deal had at most {time_limit:g} s on one core. "
            if time_limit
            else "Deals were solved without a time limit. "
        )
        + '"Lost" is a proof (see `yukon_widget/strategy/solver.py`); "unknown" means '
        "the budget ran out. The winnable share is won / decided with its Wilson 95% interval; "
        "the bounds hold whatever the unknown deals are." + (f" {written}" if written else ""),
        "",
        "| configuration | deals solved | won | lost | unknown | winnable (of decided) "
        "| 95% interval | bounds | median s | p99 s | median line |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in summaries:
        rate, low, high = s.share
        lo, hi = s.bounds
        solved = s.deals - s.missing
        out.append(
            f"| {s.config} | {solved:,}"
            + (f" of {s.deals:,}" if s.missing else "")
            + f" | {s.won:,} | {s.lost:,} | {s.unknown:,} | {_pct(rate)} "
            f"| {_pct(low)}–{_pct(high)} | {_pct(lo)}–{_pct(hi)} "
            f"| {s.median_seconds:.3f} | {s.p99_seconds:.2f} | "
            + ("–" if s.median_line != s.median_line else f"{s.median_line:g}")
            + " |"
        )
    out += [
        "",
        "Configurations: Yukon with and without foundation withdrawals, Russian and Alaska "
        "(withdrawals on, their rule sheets' default), Moosehide (no withdrawals, its rule), "
        "Yukon Cells and Double Yukon (withdrawals on). The winning lines are kept as the "
        "search found them (not shortened).",
        "",
        "## Beside published figures",
        "",
        "| source | configuration | what it says |",
        "| --- | --- | --- |",
    ]
    out += [f"| {who} | {config} | {what} |" for who, config, what in OTHERS]
    out.append("")
    return "\n".join(out)
