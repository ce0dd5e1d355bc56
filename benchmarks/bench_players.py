"""Players compared: every strategy in ``STRATEGIES`` on the same deals, beside the solver.

For each variant, plays deals ``1..N`` with every strategy (``play_many``, every core) and
solves the same deals (``solve_many``, node-limited so the bound does not depend on machine
speed). Prints each strategy's win rate with its Wilson 95% interval, the solver's bound
(won / decided; unknowns are counted apart), and the seconds a strategy took per move
(median and 95th percentile).

Run: ``.venv/bin/python benchmarks/bench_players.py -n 200 --variant yukon``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from yukon_widget.study import STRATEGIES, play_many, solve_many, wilson_interval

SOLVE_NODES = 2_000_000


def _pct(low: float, high: float) -> str:
    return f"[{100 * low:4.1f}, {100 * high:4.1f}]"


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def run(variant: str, n: int, strategies: list[str], workers: int | None) -> None:
    seeds = range(1, n + 1)
    print(f"{variant}: deals 1..{n}")
    start = time.perf_counter()
    verdicts = [
        r.status
        for r in solve_many(
            seeds, variant, time_limit=None, node_limit=SOLVE_NODES, workers=workers
        )
    ]
    won, lost = verdicts.count("won"), verdicts.count("lost")
    low, high = wilson_interval(won, n)
    print(
        f"  {'solver bound':<14} {won:4d}/{n} won {100 * won / n:5.1f}% {_pct(low, high)}"
        f"  lost {lost}, unknown {n - won - lost} ({time.perf_counter() - start:.0f} s)"
    )
    for name in strategies:
        start = time.perf_counter()
        outcomes = list(play_many(name, seeds, variant, workers=workers))
        wins = sum(o.won for o in outcomes)
        low, high = wilson_interval(wins, n)
        per_move = [t for o in outcomes for t in o.move_seconds]
        print(
            f"  {name:<14} {wins:4d}/{n} won {100 * wins / n:5.1f}% {_pct(low, high)}"
            f"  s/move median {statistics.median(per_move):.4f} p95 {_quantile(per_move, 0.95):.3f}"
            f"  ({time.perf_counter() - start:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=50, help="deals per variant (seeds 1..n)")
    parser.add_argument("--variant", action="append", help="variant(s); default yukon")
    parser.add_argument("--strategy", action="append", help="strategies; default all")
    parser.add_argument("--workers", type=int, default=None, help="processes; default all")
    args = parser.parse_args()
    for variant in args.variant or ["yukon"]:
        run(variant, args.n, args.strategy or list(STRATEGIES), args.workers)


if __name__ == "__main__":
    main()
