"""Build yukon_widget/strategy/data/winnable.json: proven-winnable seeds per variant.

Seeds are tried in order from 1 with the solver (foundation withdrawals off, so a deal won
here is winnable under either setting), a per-deal time limit, on a process pool. A variant
stops at ``--count`` wins or after ``--budget`` seconds; the file records how many
consecutive seeds were tried and how each came out, so the figures can be reproduced.

    .venv/bin/python scripts/make_winnable.py --count 500 --limit 2 --budget 400
    .venv/bin/python scripts/make_winnable.py --resume --variants yukon --budget 600
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path

from yukon_widget.engine import Game
from yukon_widget.strategy.solver import solve

OUT = (
    Path(__file__).resolve().parent.parent / "yukon_widget" / "strategy" / "data" / "winnable.json"
)
VARIANTS = ("moosehide", "yukon", "yukon-cells", "alaska", "double-yukon", "russian")


def _job(args: tuple[str, int, float]) -> tuple[int, str, float]:
    variant, seed, limit = args
    result = solve(Game(variant, seed=seed, foundation_withdrawal=False), time_limit=limit)
    return seed, result.status, result.seconds


def run_variant(
    pool, variant: str, count: int, limit: float, budget: float, before: dict | None = None
) -> dict:
    """Try consecutive seeds until ``count`` are proven winnable or ``budget`` seconds pass,
    carrying on after the seeds an earlier run (``before``) already tried."""
    start = time.perf_counter()
    before = before or {}
    seeds: list[int] = list(before.get("seeds", []))
    tally = {key: before.get(key, 0) for key in ("won", "lost", "unknown")}
    tried = before.get("tried", 0)
    done = len(seeds) >= count
    next_seed = tried + 1
    while not done:
        batch = [(variant, seed, limit) for seed in range(next_seed, next_seed + 16)]
        next_seed += 16
        for seed, status, _secs in pool.map(_job, batch, chunksize=1):
            tried = seed
            tally[status] += 1
            if status == "won":
                seeds.append(seed)
            if len(seeds) >= count or time.perf_counter() - start > budget:
                done = True
                break
    wall = time.perf_counter() - start + before.get("seconds", 0)
    print(
        f"{variant}: {len(seeds)} winnable of {tried} seeds tried {tally} in {wall:.0f} s",
        flush=True,
    )
    return {"seeds": seeds, "first_seed": 1, "tried": tried, **tally, "seconds": round(wall)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=500, help="wins wanted per variant")
    ap.add_argument("--limit", type=float, default=2.0, help="seconds per deal")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per variant")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument(
        "--resume", action="store_true", help="carry on after the seeds already tried in the file"
    )
    args = ap.parse_args()
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    data.update(
        {
            "about": "seeds proved winnable by yukon_widget.strategy.solve, withdrawals off",
            "rules": {"foundation_withdrawal": False},
            "time_limit": args.limit,
        }
    )
    data.setdefault("variants", {})
    with Pool(args.workers) as pool:
        for variant in args.variants.split(","):
            # Batches are read in seed order, so "tried" counts consecutive seeds from 1.
            before = data["variants"].get(variant) if args.resume else None
            if before and before.get("time_limit", args.limit) != args.limit:
                raise SystemExit(f"{variant}: --resume needs the same --limit as before")
            entry = run_variant(pool, variant, args.count, args.limit, args.budget, before)
            data["variants"][variant] = {**entry, "time_limit": args.limit}
            OUT.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
