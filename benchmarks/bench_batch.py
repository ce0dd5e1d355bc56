"""Batch solving: deals solved per second with 1 and 2 worker processes.

The same work every run: Yukon seeds 1..40, each searched to at most 5,000 positions (a node
limit, not a time limit, so the work does not depend on machine speed). Each worker count
gets a fresh process pool, so pool start-up is included, as a user of ``solve_many`` pays it.
Run: ``.venv/bin/python benchmarks/bench_batch.py``.
"""

from __future__ import annotations

import os
import time
from collections import Counter

from yukon_widget.study import solve_many

SEEDS = range(1, 41)
NODE_LIMIT = 5_000


def run(workers: int) -> tuple[float, Counter[str]]:
    start = time.perf_counter()
    verdicts = Counter(
        r.status for r in solve_many(SEEDS, node_limit=NODE_LIMIT, time_limit=None, workers=workers)
    )
    return time.perf_counter() - start, verdicts


def main() -> None:
    print(
        f"solve_many: yukon seeds {SEEDS.start}..{SEEDS.stop - 1}, node limit {NODE_LIMIT:,}, "
        f"{os.cpu_count()} cores"
    )
    base = None
    for workers in (1, 2):
        seconds, verdicts = run(workers)
        rate = len(SEEDS) / seconds
        base = base or rate
        mix = ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
        print(
            f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:6.1f} deals/s "
            f"({seconds:.2f} s, x{rate / base:.2f}; {mix})"
        )


if __name__ == "__main__":
    main()
