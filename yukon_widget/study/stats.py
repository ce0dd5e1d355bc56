"""Win rates with honest uncertainty, and summary tables.

Intervals are Wilson score intervals (good at small counts and near 0 or 1, unlike the
normal approximation). For solver studies some deals end "unknown" (a limit stopped the
search), and those are usually the hard ones, so treating them like the decided deals would
flatter or hurt the rate. ``SolveSummary`` therefore reports two things:

* ``winnable``: the bounds that hold whatever the unknowns turn out to be: the lower end of
  the interval with every unknown counted lost, the upper end with every unknown counted
  won. This is the headline figure; it narrows as unknowns are resolved.
* ``won_of_decided``: the interval on won / (won + lost), which assumes the unknowns are
  like the decided deals; shown for reference only.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` ((0, 1) when n is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in 0..{n}, not {successes}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SolveSummary:
    """Solver verdicts for one variant."""

    variant: str
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: float = 0.0
    confidence: float = 0.95

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def winnable(self) -> tuple[float, float]:
        """Bounds on the winnable share that hold whatever the unknowns are (see module)."""
        low, _ = wilson_interval(self.won, self.deals, self.confidence)
        _, high = wilson_interval(self.won + self.unknown, self.deals, self.confidence)
        return (low, high)

    @property
    def won_of_decided(self) -> tuple[float, float, float]:
        """(rate, low, high) of won among decided deals; assumes unknowns are typical."""
        decided = self.won + self.lost
        rate = self.won / decided if decided else math.nan
        return (rate, *wilson_interval(self.won, decided, self.confidence))


@dataclass
class PlaySummary:
    """Play-outs of one strategy on one variant."""

    variant: str
    strategy: str
    won: int = 0
    played: int = 0
    moves: int = 0
    foundation: int = 0
    stops: Counter[str] = field(default_factory=Counter)
    confidence: float = 0.95

    @property
    def win_rate(self) -> tuple[float, float, float]:
        """(rate, low, high) of play-outs won."""
        rate = self.won / self.played if self.played else math.nan
        return (rate, *wilson_interval(self.won, self.played, self.confidence))

    @property
    def mean_moves(self) -> float:
        return self.moves / self.played if self.played else math.nan

    @property
    def mean_foundation(self) -> float:
        """Average cards on the foundations at the end of a play-out."""
        return self.foundation / self.played if self.played else math.nan


def _get(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, dict) else getattr(row, name)


def _which(row: Any) -> str:
    """The row's deal, such as " (yukon seed 7)", so a bad row among thousands is found."""
    seed = row.get("seed") if isinstance(row, dict) else getattr(row, "seed", None)
    return f" ({_get(row, 'variant')} seed {seed})"


def _number(row: Any, name: str, kind: type[int] | type[float]) -> Any:
    """``row``'s ``name`` as a finite number, or a ValueError saying which row and value:
    rows read from a damaged CSV file must not end in a bare conversion traceback."""
    value = _get(row, name)
    try:
        number = kind(value)
    except (TypeError, ValueError):
        number = math.nan
    if not math.isfinite(number):
        raise ValueError(f"{name} {value!r} is not a number{_which(row)}")
    return number


def _truth(row: Any, name: str) -> bool:
    """A yes/no field: text such as "True", "false", "1" from a CSV file, or a bool."""
    value = _get(row, name)
    if not isinstance(value, str):
        return bool(value)
    text = value.strip().lower()
    if text not in ("true", "1", "yes", "false", "0", "no"):
        raise ValueError(f"{name} {value!r} is not true or false{_which(row)}")
    return text in ("true", "1", "yes")


def summarize(results: Iterable[Any], confidence: float = 0.95) -> list[SolveSummary | PlaySummary]:
    """One summary per variant (solver results) or per variant and strategy (play-outs).

    Takes ``SolveOutcome``/``PlayOutcome`` objects or rows read from the command line's CSV
    files (dicts of text), so a resumed study summarises everything in its file. A value
    that does not parse (status "maybe", seconds "abc") raises ValueError naming the field,
    the value and the deal.
    """
    groups: dict[tuple[str, ...], SolveSummary | PlaySummary] = {}
    for row in results:
        variant = str(_get(row, "variant"))
        if (isinstance(row, dict) and "status" in row) or hasattr(row, "status"):
            s = groups.setdefault((variant,), SolveSummary(variant, confidence=confidence))
            assert isinstance(s, SolveSummary)
            status = _get(row, "status")
            if status not in ("won", "lost", "unknown"):
                raise ValueError(f"unknown solver status {status!r}{_which(row)}")
            seconds = _number(row, "seconds", float)
            setattr(s, status, getattr(s, status) + 1)
            s.seconds += seconds
        else:
            name = str(_get(row, "strategy"))
            p = groups.setdefault(
                (variant, name), PlaySummary(variant, name, confidence=confidence)
            )
            assert isinstance(p, PlaySummary)
            won = _truth(row, "won")
            moves = _number(row, "moves", int)
            foundation = _number(row, "foundation", int)
            p.played += 1
            p.won += won
            p.moves += moves
            p.foundation += foundation
            p.stops[str(_get(row, "stop"))] += 1
    return [groups[k] for k in sorted(groups)]


def _pct(x: float) -> str:
    return "  -  " if math.isnan(x) else f"{100 * x:5.1f}%"


def _span(low: float, high: float) -> str:
    return f"{_pct(low)} – {_pct(high)}"


def format_table(summaries: Iterable[SolveSummary | PlaySummary]) -> str:
    """A plain-text table of summaries (solver and play-out summaries in separate tables)."""
    summaries = list(summaries)
    solves = [s for s in summaries if isinstance(s, SolveSummary)]
    plays = [s for s in summaries if isinstance(s, PlaySummary)]
    rows: list[list[str]] = []
    if solves:
        rows += _solve_table(solves)
    if plays:
        if rows:
            rows.append([])  # an empty row ends a table: ``_align`` starts the next
        rows += _play_table(plays)
    return _align(rows)


def _solve_table(solves: list[SolveSummary]) -> list[list[str]]:
    """The solver table's rows: a header, then one row per variant."""
    c = round(100 * solves[0].confidence)
    header = [
        "variant",
        "deals",
        "won",
        "lost",
        "unknown",
        f"winnable ({c}% bounds)",
        "won/decided",
        f"{c}% CI",
        "s/deal",
    ]
    rows = [header]
    for s in solves:
        rate, lo, hi = s.won_of_decided
        rows.append(
            [
                s.variant,
                str(s.deals),
                str(s.won),
                str(s.lost),
                str(s.unknown),
                _span(*s.winnable),
                _pct(rate),
                _span(lo, hi),
                f"{s.seconds / s.deals:.2f}" if s.deals else "-",
            ]
        )
    return rows


def _play_table(plays: list[PlaySummary]) -> list[list[str]]:
    """The play-out table's rows: a header, then one row per variant and strategy."""
    c = round(100 * plays[0].confidence)
    header = [
        "variant",
        "strategy",
        "played",
        "won",
        "win rate",
        f"{c}% CI",
        "moves",
        "on foundations",
        "stops",
    ]
    rows = [header]
    for p in plays:
        rate, lo, hi = p.win_rate
        stops = ", ".join(f"{k} {v}" for k, v in sorted(p.stops.items()))
        rows.append(
            [
                p.variant,
                p.strategy,
                str(p.played),
                str(p.won),
                _pct(rate),
                _span(lo, hi),
                f"{p.mean_moves:.0f}",
                f"{p.mean_foundation:.1f}",
                stops,
            ]
        )
    return rows


def _align(rows: list[list[str]]) -> str:
    """Columns padded to width, one table per run of non-empty rows."""
    lines: list[str] = []
    block: list[list[str]] = []
    for row in [*rows, []]:
        if row:
            block.append(row)
            continue
        if block:
            widths = [max(len(r[i]) for r in block) for i in range(len(block[0]))]
            for k, r in enumerate(block):
                lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
                if k == 0:
                    lines.append("  ".join("-" * w for w in widths))
            lines.append("")
            block = []
    return "\n".join(lines).rstrip("\n")
