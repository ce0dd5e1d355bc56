"""Cross-check the solver against the independent rules model of ``tests/rulebook.py``.

Random late-game positions (10 to 20 cards in play) of every variant, with foundation
withdrawals on and off, are solved by ``yukon_widget.solve`` and by the model's exhaustive
search. Prints, per configuration, how many positions were compared, the verdicts by kind and
the disagreements (which must be 0), then every disagreeing position as JSON:

    .venv/bin/python benchmarks/bench_oracle.py -n 200 --seed 1 --limit 300000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rulebook import VARIANTS, Comparison, compare, random_position

CONFIGS = [(variant, withdrawals) for variant in VARIANTS for withdrawals in (True, False)]


# "unknown" counts positions where either side hit its node limit; the next two say which.
COLUMNS = {
    "compared": 9,
    "both won": 10,
    "both lost": 10,
    "unknown": 9,
    "solver unk": 11,
    "model unk": 10,
    "disagree": 10,
}


def config_name(variant: str, withdrawals: bool) -> str:
    return f"{variant}{'' if withdrawals else ' -wd'}"


def table_row(name: str, counts: dict[str, int]) -> str:
    return f"{name:<18}" + "".join(f"{counts[key]:>{width}}" for key, width in COLUMNS.items())


def main() -> None:
    ap = argparse.ArgumentParser(description="compare the solver with the independent model")
    ap.add_argument("-n", type=int, default=200, help="positions per variant/withdrawal config")
    ap.add_argument("--seed", type=int, default=1, help="seed of the position generator")
    ap.add_argument("--limit", type=int, default=300_000, help="node limit of both searches")
    ap.add_argument("--variants", default=",".join(VARIANTS), help=", ".join(VARIANTS))
    args = ap.parse_args()
    wanted = args.variants.split(",")
    print(f"{args.n} positions per config, seed {args.seed}, node limit {args.limit:,}")
    head = f"{'config':<18}" + "".join(f"{key:>{width}}" for key, width in COLUMNS.items())
    print(head + f"{'seconds':>9}", flush=True)
    bad: list[Comparison] = []
    totals = dict.fromkeys(COLUMNS, 0)
    for variant, withdrawals in CONFIGS:
        if variant not in wanted:
            continue
        rng = random.Random(f"{args.seed}:{variant}:{withdrawals}")
        counts = dict.fromkeys(totals, 0)
        start = time.perf_counter()
        for _ in range(args.n):
            result = compare(random_position(rng, variant, withdrawals), args.limit, args.limit)
            counts["compared"] += 1
            counts[result.kind] += 1
            counts["solver unk"] += result.solver == "unknown"
            counts["model unk"] += result.model == "unknown"
            if result.problems:
                bad.append(result)
        for key, value in counts.items():
            totals[key] += value
        row = table_row(config_name(variant, withdrawals), counts)
        print(row + f"{time.perf_counter() - start:>9.1f}", flush=True)
    print(table_row("total", totals))
    for result in bad:
        print("\n" + result.report())
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
