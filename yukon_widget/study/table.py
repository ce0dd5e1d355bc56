"""The winnability table of the Yukon family: verdicts on consecutive deals, per configuration.

The command line (``python -m yukon_widget table``) solves deals ``1..N`` of every
configuration into ``data/winnability/<config>.csv`` (the ``solve`` command's file: one row
per deal, resumable, winning lines included) and writes ``docs/winnability.md`` from those
files with ``render``. The CSV files are the table's source: the page can always be made
again from them, and a run that stopped resumes where it stopped. With ``--clean-lines`` the
command also shortens the winning lines (``lines.shorten``, each result replayed to a win)
into ``data/winnability/clean/<config>.csv``, and the page gives line lengths as the search
found them and as shortened.

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
    cleaned: int = 0
    """Won deals whose line was shortened (``clean_path``); the figures below are theirs."""
    found_lines: tuple[float, float] = (float("nan"), float("nan"))
    """Their lines as the search found them: (median, longest) moves."""
    clean_lines: tuple[float, float] = (float("nan"), float("nan"))
    """The same lines shortened: (median, longest) moves."""
    unknown_deals: tuple[tuple[int, int], ...] = ()
    """The deals left unknown, each with the most positions one run searched on it."""

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


def most_positions(path: Path) -> dict[int, int]:
    """For each seed in ``path``, the most positions one run searched on it (the ``nodes`` of
    its rows): for a deal still unknown, how far the search has been taken."""
    most: dict[int, int] = {}
    if path.exists():
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                seed = int(row["seed"])
                most[seed] = max(most.get(seed, 0), int(row["nodes"]))
    return most


def clean_path(path: Path) -> Path:
    """Where the shortened winning lines of the verdicts in ``path`` are kept: a file of the
    same name in the folder ``clean`` beside it."""
    return path.parent / "clean" / path.name


def _clean_lengths(path: Path, won: set[int]) -> list[tuple[int, int]]:
    """(found, shortened) line lengths of the deals of ``won`` in the clean-lines file."""
    lengths: dict[int, tuple[int, int]] = {}
    if path.exists():
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                seed = int(row["seed"])
                if seed in won:
                    lengths.setdefault(seed, (int(row["found"]), int(row["moves"])))
    return list(lengths.values())


def _median_max(xs: list[int]) -> tuple[float, float]:
    return (statistics.median(xs), max(xs)) if xs else (float("nan"), float("nan"))


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
    won = {seed for seed, r in rows.items() if r["status"] == "won"}
    pairs = _clean_lengths(clean_path(path), won)
    unknown = sorted(seed for seed, r in rows.items() if r["status"] == "unknown")
    most = most_positions(path) if unknown else {}
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
        cleaned=len(pairs),
        found_lines=_median_max([a for a, _ in pairs]),
        clean_lines=_median_max([b for _, b in pairs]),
        unknown_deals=tuple((seed, most[seed]) for seed in unknown),
    )


@dataclass(frozen=True)
class Crosscheck:
    """Yukon's verdicts with and without withdrawals held against each other.

    A line of play without withdrawals is legal with them too, so a deal won without them is
    won with them, and a deal lost with them is lost without. ``contradictions`` lists the
    deals proved lost with withdrawals yet won without: each would be a solver bug (the win
    is a line that replays, so the "proof" would be wrong). ``won_with`` lists the deals
    unknown with withdrawals and won without; ``lost_without`` those unknown without and
    lost with: verdicts the other configuration's files give. ``unknown_with`` and
    ``unknown_without`` count the deals each configuration leaves unknown once those are
    counted (a won deal's line without withdrawals is a proof with them as it stands; the
    tests replay each such line under the rules with withdrawals).
    """

    deals: int
    contradictions: tuple[int, ...]
    won_with: tuple[int, ...]
    lost_without: tuple[int, ...]
    unknown_with: int = 0
    unknown_without: int = 0


def crosscheck(with_path: Path, without_path: Path) -> Crosscheck:
    """Compare the verdicts of the two files over the deals from 1 on that both cover."""
    on, off = counting_rows(with_path), counting_rows(without_path)
    deals = min(consecutive(on), consecutive(off))
    seeds = range(1, deals + 1)
    won_with = tuple(s for s in seeds if on[s]["status"] == "unknown" and off[s]["status"] == "won")
    lost_without = tuple(
        s for s in seeds if off[s]["status"] == "unknown" and on[s]["status"] == "lost"
    )
    return Crosscheck(
        deals=deals,
        contradictions=tuple(
            s for s in seeds if on[s]["status"] == "lost" and off[s]["status"] == "won"
        ),
        won_with=won_with,
        lost_without=lost_without,
        unknown_with=sum(on[s]["status"] == "unknown" for s in seeds) - len(won_with),
        unknown_without=sum(off[s]["status"] == "unknown" for s in seeds) - len(lost_without),
    )


def _deal_list(seeds: tuple[int, ...]) -> str:
    return ", ".join(f"{s:,}" for s in seeds) if seeds else "none"


def _crosscheck_section(check: Crosscheck) -> list[str]:
    if not check.deals:
        return []
    if check.contradictions:
        verdict = (
            f"**{len(check.contradictions)} deals are proved lost with withdrawals and won "
            f"without, which cannot be: a solver bug** ({_deal_list(check.contradictions)})."
        )
    else:
        verdict = "No deal is proved lost with withdrawals and won without."
    return [
        "## With and without withdrawals",
        "",
        "A line of play without foundation withdrawals is legal with them, so a deal won "
        "without them is won with them and a deal lost with them is lost without: the two "
        "configurations check each other, and each can settle some of the other's unknown "
        f"deals. Over deals 1 to {check.deals:,}: {verdict} Unknown with withdrawals but won "
        f"without: {_deal_list(check.won_with)}. Unknown without withdrawals but lost with "
        f"them: {_deal_list(check.lost_without)}. The table above counts each configuration's "
        "own verdicts only; counting the other's too, the deals left unknown are "
        f"{check.unknown_with:,} ({_pct(check.unknown_with / check.deals)}) with withdrawals "
        f"and {check.unknown_without:,} ({_pct(check.unknown_without / check.deals)}) without.",
        "",
    ]


def _pct(x: float) -> str:
    """A share as a percentage: two decimals, so 10,000 deals' interval (about ±0.6% at
    most, ±0.04% near 100%) is not rounded away."""
    return "–" if x != x else f"{100 * x:.2f}%"


def _moves(x: float) -> str:
    return "–" if x != x else f"{x:,g}"


def _lines_section(summaries: list[Summary]) -> list[str]:
    """The line lengths as found and as shortened, for configurations with clean lines."""
    done = [s for s in summaries if s.cleaned]
    if not done:
        return []
    out = [
        "## Winning lines, as found and shortened",
        "",
        "A depth-first search wanders: its lines hold moves the win does not need, and with "
        "withdrawals on it takes cards off the foundations and back again. `--clean-lines` "
        "shortens each winning line (`yukon_widget/strategy/lines.py`: cycles, undone "
        "withdrawals and needless moves cut, shorter finishes searched), within a fixed work "
        "cap and no time budget, so the result is the same on every machine; every shortened "
        "line was replayed to a win. The lines are in `data/winnability/clean/`. The lengths "
        "are those of the lines shortened: where a clean pass covered fewer deals than the "
        "table (`--clean-lines` with a smaller `--deals`), of the won deals among the first "
        "it covered.",
        "",
        "| configuration | won deals | lines shortened | median moves, found → shortened "
        "| longest, found → shortened |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for s in done:
        (mf, xf), (mc, xc) = s.found_lines, s.clean_lines
        out.append(
            f"| {s.config} | {s.won:,} | {s.cleaned:,} | {_moves(mf)} → {_moves(mc)} "
            f"| {_moves(xf)} → {_moves(xc)} |"
        )
    return [*out, ""]


def _unknown_section(summaries: list[Summary]) -> list[str]:
    """The deals each configuration leaves unknown, grouped by how far they were searched."""
    left = [s for s in summaries if s.unknown_deals]
    if not left:
        return []
    out = [
        "## The deals left unknown",
        "",
        "Every deal no run has decided yet, by the most positions one run searched on it "
        "(of any kind, the default solve, the exhaustive search alone or a beam, as the runs "
        "above say; a run with a time limit counts the positions it reached): the hardest "
        "deals of each configuration, and where the next pass over them starts.",
        "",
    ]
    for s in left:
        budgets: dict[int, list[int]] = {}
        for seed, nodes in s.unknown_deals:
            budgets.setdefault(nodes, []).append(seed)
        groups = "; ".join(
            f"at {nodes:,} positions, {_deal_list(tuple(seeds))}"
            for nodes, seeds in sorted(budgets.items(), reverse=True)
        )
        out.append(f"- **{s.config}** ({len(s.unknown_deals):,}): {groups}.")
    return [*out, ""]


def render(
    summaries: Iterable[Summary],
    runs: Iterable[str],
    written: str = "",
    check: Crosscheck | None = None,
) -> str:
    """The Markdown page for ``summaries``; ``runs`` are the commands that made the files
    (one line each, oldest first), ``written`` says when and where (a sentence), ``check``
    holds Yukon's two configurations against each other (``crosscheck``)."""
    summaries = list(summaries)
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
        "A run's `--time-limit` (seconds) or `--node-limit` (positions searched: the same "
        "verdicts on every machine, however busy) is each deal's budget. With "
        "`--retry-unknown` a run solves again, within its budget, only the deals still "
        "unknown. "
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
        "Yukon Cells and Double Yukon (withdrawals on). The winning lines in the files are "
        "kept as the search found them; the median line above is theirs.",
        "",
        *_lines_section(summaries),
        *_unknown_section(summaries),
        *(_crosscheck_section(check) if check is not None else []),
        "## Beside published figures",
        "",
        "| source | configuration | what it says |",
        "| --- | --- | --- |",
    ]
    out += [f"| {who} | {config} | {what} |" for who, config, what in OTHERS]
    out.append("")
    return "\n".join(out)
