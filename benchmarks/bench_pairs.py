"""Pairs of facts (``strategy.pairs``) asked in the exhaustive search, beside the search without.

For each deal, the exhaustive search alone (as ``solve(..., exhaustive=True)`` runs it, the
table never cleared) within a node limit, once without the pairs test and once asking it where
a card turned or went home, from ``--after`` positions on (0: from the start), while one test
in two proves a child lost (else one in 16): the verdicts (which must never disagree
when both are decided), the positions each needed, how often the test was asked and proved a
position lost, and the CPU seconds, with the core in use.

    .venv/bin/python benchmarks/bench_pairs.py --no-withdrawal --seeds 280,698,1034,8034 --after 0
"""

from __future__ import annotations

import argparse
import time

from yukon_widget import Game
from yukon_widget.__main__ import parse_seeds
from yukon_widget.strategy import compiled, solver
from yukon_widget.strategy.pairs import Pairs


def run(game: Game, nodes: int, pairs: bool, after: int) -> tuple[str, int, str, float]:
    """One exhaustive search: verdict, positions, pairs tests asked and proved lost, CPU s."""
    core = compiled.core()
    start = time.process_time()
    search = core.Search(game, None, None, nodes)
    search.wide = solver.WIDE_AFTER
    search.deep = solver.DEEP_AFTER
    search.node_limit = nodes
    if pairs:
        model = core.Pairs if hasattr(core, "Pairs") else Pairs
        search.pairs = model(search.board)  # the build's own Board, at the start
        search.pairs_after = after
    status = search.finish()
    if status == "lost" and not search.complete:
        status = "unknown"
    asked = f"{search.pairs_lost:,} of {search.pairs_asked:,} lost"
    return status, search.nodes, asked, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description="the pairs test in the exhaustive search")
    ap.add_argument("--variant", default="yukon")
    ap.add_argument("--no-withdrawal", action="store_true")
    ap.add_argument("--seeds", type=parse_seeds, default=parse_seeds("280,698,1034"))
    ap.add_argument("--nodes", type=int, default=3_000_000, help="node limit per search")
    ap.add_argument(
        "--after",
        type=int,
        default=0,
        help="ask pairs from this many positions on (0: from the start)",
    )
    args = ap.parse_args()
    withdraw = not args.no_withdrawal
    print(f"{args.variant} withdrawals {'on' if withdraw else 'off'}, {compiled.status()} core")
    print(f"{'deal':>6} {'verdict':>8} {'positions':>11} {'CPU s':>7}   with pairs:")
    totals = [0, 0, 0.0, 0.0]
    for seed in args.seeds:
        game = Game(args.variant, seed=seed, foundation_withdrawal=withdraw)
        v0, n0, _, t0 = run(game, args.nodes, False, args.after)
        v1, n1, asked, t1 = run(game, args.nodes, True, args.after)
        if "unknown" not in (v0, v1) and v0 != v1:
            raise SystemExit(f"deal {seed}: {v0} without pairs, {v1} with them")
        print(f"{seed:>6} {v0:>8} {n0:>11,} {t0:>7.1f}   {v1:>8} {n1:>11,} {t1:>7.1f}  ({asked})")
        totals[0] += n0
        totals[1] += n1
        totals[2] += t0
        totals[3] += t1
    print(
        f"{'all':>6} {'':>8} {totals[0]:>11,} {totals[2]:>7.1f}   {'':>8} {totals[1]:>11,}"
        f" {totals[3]:>7.1f}"
    )


if __name__ == "__main__":
    main()
