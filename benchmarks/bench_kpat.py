"""Our solver beside KDE Patience's (KPat's) on KPat's own Yukon deals, at equal time budgets.

KPat's side is read, not run: ``tests/data/kpat-yukon-1-300.txt`` holds the verdict and solve
time KPat gave each of its Yukon deals 1 to 300 in one run of ``kpat --solve 10 --start 1
--end 300`` (Debian's kpat 22.12.3, withdrawals off). That 10 s run is the only one recorded,
so KPat's share at a smaller budget ``b`` is inferred from it: a deal counts as decided at
``b`` when its verdict is won or lost and its recorded time is at most ``b`` (KPat's search is
deterministic, so a run stopped at ``b`` would have reached the same verdicts by then, up to
machine speed). Its "unknown"s are memory give-ups, mostly after about 2 s.

Our side is run: each deal (``yukon_widget.engine.kpat.kpat_yukon``) is solved with a time
limit of ``b`` per deal through ``solve_many``. Disagreements compare our verdict at ``b`` with
KPat's final one (a proof either way is a proof). Positions per second are our positions
searched over our summed solve seconds (per worker); wall seconds include pool start-up.

Run: ``.venv/bin/python benchmarks/bench_kpat.py -n 300 --budgets 0.1,1,2,10 --workers 2``.

For the deals left at every budget, ``--exhaustive 261 --nodes 80000000`` gives each listed
deal to the exhaustive search alone (``solve(..., exhaustive=True)``: no probes or beams, its
table never cleared), one after another on one core, and prints its verdict, positions and
seconds beside KPat's verdict (deal 261: lost at 37,143,346 positions).
"""

from __future__ import annotations

import argparse
import os
import re
import time
from collections import Counter
from pathlib import Path

from yukon_widget import solve
from yukon_widget.engine.kpat import kpat_yukon
from yukon_widget.study import solve_many

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "kpat-yukon-1-300.txt"


def read_kpat(path: Path) -> dict[int, tuple[str, float]]:
    """KPat's verdict and solve time in seconds per deal, from lines like ``20 lost (1 ms)``."""
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = re.fullmatch(r"(\d+) (won|lost|unknown) \((\d+) ms\)", line.strip())
        if not match:
            raise SystemExit(f"{path}:{n}: not a KPat verdict line: {line!r}")
        out[int(match[1])] = (match[2], int(match[3]) / 1000)
    return out


def _share(count: int, total: int) -> str:
    return f"{count} ({100 * count / total:.1f}%)"


def _deals(deals: list[int]) -> str:
    return ", ".join(map(str, sorted(deals))) or "none"


def compare(
    deals: list[int], kpat: dict[int, tuple[str, float]], budget: float, workers: int
) -> tuple[str, str]:
    """Solve ``deals`` at ``budget`` seconds each; one table row and the disagreements."""
    games = [kpat_yukon(d) for d in deals]
    began = time.perf_counter()
    ours = {}
    nodes = seconds = 0.0
    for result in solve_many(games, time_limit=budget, workers=workers):
        ours[deals[result.index]] = result.status
        nodes += result.nodes
        seconds += result.seconds
    wall = time.perf_counter() - began
    total = len(deals)
    mine = Counter(ours.values())
    theirs = Counter(
        kpat[d][0] if kpat[d][0] != "unknown" and kpat[d][1] <= budget else "unknown" for d in deals
    )
    row = (
        f"| {budget:g} s | {mine['won']} | {mine['lost']} | {mine['unknown']} "
        f"| {_share(total - mine['unknown'], total)} "
        f"| {theirs['won']} | {theirs['lost']} | {_share(total - theirs['unknown'], total)} "
        f"| {nodes / max(seconds, 1e-9):,.0f} | {wall:.1f} |"
    )
    won_vs_lost = [d for d in deals if ours[d] == "won" and kpat[d][0] == "lost"]
    lost_vs_won = [d for d in deals if ours[d] == "lost" and kpat[d][0] == "won"]
    undecided = [d for d in deals if ours[d] == "unknown"]
    notes = (
        f"- {budget:g} s: ours won, KPat lost: {_deals(won_vs_lost)}; "
        f"ours lost, KPat won: {_deals(lost_vs_won)}; ours undecided: {_deals(undecided)}"
    )
    return row, notes


def exhaustive(deals: list[int], kpat: dict[int, tuple[str, float]], nodes: int) -> None:
    """The exhaustive search alone on each of ``deals``, up to ``nodes`` positions each."""
    print(f"The exhaustive search alone, up to {nodes:,} positions a deal, one core.\n")
    print("| KPat deal | ours | positions | seconds | KPat |")
    print("| ---: | --- | ---: | ---: | --- |")
    for deal in deals:
        result = solve(
            kpat_yukon(deal), time_limit=None, node_limit=nodes, exhaustive=True, clean=False
        )
        print(
            f"| {deal} | {result.status} | {result.nodes:,} | {result.seconds:.0f} "
            f"| {kpat[deal][0]} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="KPat deals 1..N (default 300)")
    parser.add_argument("--budgets", default="0.1,1,2,10", help="seconds per deal, comma-separated")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--kpat", type=Path, default=DATA, help="KPat's verdicts file")
    parser.add_argument(
        "--exhaustive",
        default=None,
        help="comma-separated deals for the exhaustive search alone (instead of the budgets)",
    )
    parser.add_argument(
        "--nodes", type=int, default=80_000_000, help="positions a deal with --exhaustive"
    )
    args = parser.parse_args()
    kpat = read_kpat(args.kpat)
    if args.exhaustive:
        exhaustive([int(d) for d in args.exhaustive.split(",")], kpat, args.nodes)
        return
    deals = list(range(1, args.n + 1))
    missing = [d for d in deals if d not in kpat]
    if missing:
        raise SystemExit(f"{args.kpat} has no verdict for deals {_deals(missing)[:80]}")
    budgets = [float(b) for b in args.budgets.split(",")]
    recorded = Counter(kpat[d][0] for d in deals)
    print(
        f"KPat Yukon deals 1..{args.n}, withdrawals off; {args.workers} workers, "
        f"{os.cpu_count()} cores. KPat's one recorded run (10 s cap): "
        f"{recorded['won']} won, {recorded['lost']} lost, {recorded['unknown']} unknown.\n"
    )
    print(
        "| budget / deal | ours won | ours lost | ours unknown | ours decided "
        "| KPat won | KPat lost | KPat decided | our positions / s | our wall s |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    notes = []
    for budget in budgets:
        row, note = compare(deals, kpat, budget, args.workers)
        print(row, flush=True)
        notes.append(note)
    print()
    print("\n".join(notes))


if __name__ == "__main__":
    main()
