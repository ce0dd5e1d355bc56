"""Clean winning lines: the solver's line length before and after ``lines.shorten``.

For Yukon seeds 1..N, with foundation withdrawals on and off, solves each deal (without the
clean-up), shortens the winning line with the default budget, checks that the result wins,
and prints the median, mean and largest line length before and after, the total and the
largest time spent shortening, and seed 3's line (the one the winnability issue names):

    .venv/bin/python benchmarks/bench_lines.py
    .venv/bin/python benchmarks/bench_lines.py -n 200 --limit 10 --budget 1
"""

from __future__ import annotations

import argparse
import statistics
import time

from yukon_widget import Game, solve
from yukon_widget.strategy.lines import DEFAULT_BUDGET, shorten


def wins(game: Game, moves: list) -> bool:
    replay = game.copy()
    for move in moves:
        replay.play(move)
    return replay.is_won


def main() -> None:
    ap = argparse.ArgumentParser(description="line length before and after shortening")
    ap.add_argument("-n", type=int, default=50, help="Yukon seeds 1..N")
    ap.add_argument("--limit", type=float, default=10.0, help="solver seconds per deal")
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="seconds per line")
    ap.add_argument("--variant", default="yukon")
    args = ap.parse_args()
    print(
        f"{args.variant} seeds 1..{args.n}, solver {args.limit:g} s per deal, "
        f"shorten budget {args.budget:g} s per line, one core, pure Python"
    )
    head = f"{'withdrawals':<12}{'won':>5}{'median':>14}{'mean':>16}{'max':>12}"
    print(head + f"{'shorten s':>11}{'max s':>7}{'seed 3':>11}")
    for withdraw in (True, False):
        before, after, spent = [], [], []
        seed3 = "-"
        for seed in range(1, args.n + 1):
            game = Game(args.variant, seed=seed, foundation_withdrawal=withdraw)
            result = solve(game, time_limit=args.limit, clean=False)
            if not result.won:
                continue
            start = time.perf_counter()
            short = shorten(game, result.moves, budget=args.budget)
            spent.append(time.perf_counter() - start)
            assert wins(game, short), f"seed {seed}: the shortened line does not win"
            assert len(short) <= len(result.moves)
            before.append(len(result.moves))
            after.append(len(short))
            if seed == 3:
                seed3 = f"{len(result.moves)}->{len(short)}"
        if not before:
            print(f"{'on' if withdraw else 'off':<12}{0:>5}")
            continue
        med = f"{statistics.median(before):g} -> {statistics.median(after):g}"
        mean = f"{statistics.mean(before):.1f} -> {statistics.mean(after):.1f}"
        top = f"{max(before)} -> {max(after)}"
        print(
            f"{'on' if withdraw else 'off':<12}{len(before):>5}{med:>14}{mean:>16}{top:>12}"
            f"{sum(spent):>11.1f}{max(spent):>7.2f}{seed3:>11}"
        )


if __name__ == "__main__":
    main()
