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


def counting_rows(path: Path) -> dict[int, dict[str, str]]:
    """The row that counts for each seed in ``path``: its first row, except that a verdict
    (won or lost) counts over an earlier "unknown", which only says a budget ran out (the
    command line's ``--retry-unknown`` appends such verdicts)."""
    rows: dict[int, dict[str, str]] = {}
    if path.exists():
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                seed = int(row["seed"])
                seen = rows.setdefault(seed, row)
                if seen["status"] == "unknown" and row["status"] != "unknown":
                    rows[seed] = row
    return rows


def consecutive(rows: dict[int, dict[str, str]]) -> int:
    """How many deals from seed 1 on have a row with no gap: the deals the table covers."""
    n = 0
    while n + 1 in rows:
        n += 1
    return n


def summarize_file(path: Path, config: str, deals: int | None = None) -> Summary:
    """The verdicts in ``path`` on deals ``1..deals`` (by default every deal from 1 on that
    the file holds without a gap); see ``counting_rows`` for which row counts."""
    every = counting_rows(path)
    if deals is None:
        deals = consecutive(every)
    rows = {seed: row for seed, row in every.items() if 1 <= seed <= deals}
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
    """A share as a percentage: two decimals, so 10,000 deals' interval (about ±0.6% at
    most, ±0.04% near 100%) is not rounded away."""
    return "–" if x != x else f"{100 * x:.2f}%"


def render(summaries: Iterable[Summary], runs: Iterable[str], written: str = "") -> str:
    """The Markdown page for ``summaries``; ``runs`` are the commands that made the files
    (one line each, oldest first), ``written`` says when and where (a sentence)."""
    out = [
        "# How many deals of the Yukon family can be won",
        "",
        "Solver verdicts on consecutive deals of each configuration (seeds from 1, the "
        "project's documented shuffle), from the CSV files in `data/winnability/` (one row "
        "per deal, the winning line included). They were made, one core per deal, by these "
        "runs (run the last again to resume, or with a larger `--deals` to extend):",
        "",
        *(f"    {run}" for run in runs),
        "",
        "A run's `--time-limit` is each deal's budget; with `--retry-unknown` a run solves "
        "again, within its budget, only the deals still unknown. "
        '"Lost" is a proof (see `yukon_widget/strategy/solver.py`); "unknown" means '
        "every budget ran out. The winnable share is won / decided with its Wilson 95% "
        "interval; the bounds hold whatever the unknown deals are. Seconds are those of the "
        "run that gave the verdict." + (f" {written}" if written else ""),
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
