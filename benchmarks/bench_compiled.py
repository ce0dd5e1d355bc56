"""The solver's compiled core (mypyc) beside the pure Python, in one run on the same deals.

Part 1: each deal solved by both cores within the same node limit, one after the other,
timed in CPU seconds (so other work on the machine skews it less): the verdicts and node
counts must agree; prints the CPU time and positions per second of each, and the ratio.
Part 2: the same deals within a time limit per deal: how many each core decides.

    .venv/bin/python benchmarks/bench_compiled.py --seeds 1001-1040 --nodes 200000 --limit 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from yukon_widget import Game, solve
from yukon_widget.__main__ import parse_seeds
from yukon_widget.strategy import compiled


def _use(pure: bool) -> None:
    os.environ["YUKON_WIDGET_PURE"] = "1" if pure else "0"


def main() -> None:
    ap = argparse.ArgumentParser(description="compiled core beside pure Python")
    ap.add_argument("--variant", default="yukon")
    ap.add_argument("--seeds", type=parse_seeds, default=parse_seeds("1001-1040"))
    ap.add_argument("--nodes", type=int, default=200_000, help="node limit per deal (part 1)")
    ap.add_argument("--limit", type=float, default=2.0, help="seconds per deal (part 2, 0: skip)")
    args = ap.parse_args()
    _use(False)
    if compiled.core().__name__.endswith("strategy.search"):
        raise SystemExit(f"no compiled core: {compiled.status()}")
    seeds = list(args.seeds)
    print(f"{args.variant} seeds {seeds[0]}..{seeds[-1]} ({len(seeds)} deals), one core")

    cpu = {True: [], False: []}
    nodes = {True: 0, False: 0}
    agree = 0
    for seed in seeds:
        runs = {}
        for pure in (True, False):
            _use(pure)
            start = time.process_time()
            result = solve(Game(args.variant, seed=seed), time_limit=None, node_limit=args.nodes)
            cpu[pure].append(time.process_time() - start)
            nodes[pure] += result.nodes
            runs[pure] = (result.status, result.nodes, [str(m) for m in result.moves])
        agree += runs[True] == runs[False]
    print(f"\n1. node limit {args.nodes:,} per deal: {agree} of {len(seeds)} deals identical")
    print(f"{'core':<10}{'CPU s':>9}{'median s':>10}{'max s':>8}{'positions/s':>13}")
    for pure, name in ((True, "pure"), (False, "compiled")):
        total = sum(cpu[pure])
        rate = nodes[pure] / total if total else 0
        line = f"{name:<10}{total:>9.1f}{statistics.median(cpu[pure]):>10.3f}"
        print(line + f"{max(cpu[pure]):>8.2f}{rate:>13,.0f}")
    print(f"compiled / pure, CPU time: {sum(cpu[False]) / sum(cpu[True]):.2f}")

    if args.limit > 0:
        print(f"\n2. {args.limit:g} s per deal (wall clock)")
        for pure, name in ((True, "pure"), (False, "compiled")):
            _use(pure)
            decided = sum(
                solve(Game(args.variant, seed=seed), time_limit=args.limit).status != "unknown"
                for seed in seeds
            )
            print(f"{name:<10} decided {decided} of {len(seeds)}")


if __name__ == "__main__":
    main()
