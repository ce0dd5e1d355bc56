"""Solver benchmark: seeds 1..N of each configuration under a per-deal time limit.

Prints won/lost/unknown counts, the share decided, the median, 95th- and 99th-percentile time
per deal, and positions searched per second, one line per configuration, and the seeds left
undecided. It times deciding only: winning lines are not shortened here (`bench_lines.py`
times that):

    .venv/bin/python benchmarks/bench_solver.py -n 200 --limit 30
    .venv/bin/python benchmarks/bench_solver.py -n 50 --limit 5 --variants yukon,russian
"""

from __future__ import annotations

import argparse
import statistics
import time

from yukon_widget import Game, solve
from yukon_widget.strategy import compiled

CONFIGS = {
    "yukon": ("yukon", True),
    "yukon-nowd": ("yukon", False),
    "russian": ("russian", True),
    "alaska": ("alaska", True),
    "moosehide": ("moosehide", False),
    "yukon-cells": ("yukon-cells", True),
    "double-yukon": ("double-yukon", True),
}
DEFAULT = "yukon,yukon-nowd,russian,alaska,moosehide"


def main() -> None:
    ap = argparse.ArgumentParser(description="solve seeds 1..N per configuration")
    ap.add_argument("-n", type=int, default=200, help="deals per configuration")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds per deal")
    ap.add_argument("--variants", default=DEFAULT, help=", ".join(CONFIGS))
    args = ap.parse_args()
    print(f"seeds 1..{args.n}, {args.limit:g} s per deal, one core, {compiled.status()} core")
    head = f"{'config':<12}{'won':>6}{'lost':>6}{'unkn':>6}{'decided':>9}"
    print(head + f"{'median s':>10}{'p95 s':>8}{'p99 s':>8}{'pos/s':>9}")
    for name in args.variants.split(","):
        variant, withdraw = CONFIGS[name]
        counts = {"won": 0, "lost": 0, "unknown": 0}
        times, nodes, start = [], 0, time.perf_counter()
        unknown: list[int] = []
        for seed in range(1, args.n + 1):
            game = Game(variant, seed=seed, foundation_withdrawal=withdraw)
            result = solve(game, time_limit=args.limit, clean=False)
            counts[result.status] += 1
            if result.status == "unknown":
                unknown.append(seed)
            times.append(result.seconds)
            nodes += result.nodes
        wall = time.perf_counter() - start
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        decided = (counts["won"] + counts["lost"]) / args.n
        print(
            f"{name:<12}{counts['won']:>6}{counts['lost']:>6}{counts['unknown']:>6}"
            f"{decided:>9.1%}{statistics.median(times):>10.3f}{p95:>8.2f}{p99:>8.2f}"
            f"{nodes / wall:>9,.0f}",
            flush=True,
        )
        if unknown:
            print(f"{'':<12}undecided: {', '.join(map(str, unknown))}", flush=True)


if __name__ == "__main__":
    main()
