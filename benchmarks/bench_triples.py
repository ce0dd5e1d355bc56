"""Triples of facts (``strategy.triples``) asked of deals' starts, beside pairs of facts.

For each deal, its start position put to pairs of facts and to triples of facts (a model built
for it, as ``solve`` builds one): each verdict ("lost" is a proof, "-" proves nothing), the
rounds of the triples closure, and the CPU seconds of the triples test, with the core in use.
Deals the table had left unknown after tens of millions of positions by default, and two won.

    .venv/bin/python benchmarks/bench_triples.py --seeds 8034,556,552,319,1,7
    .venv/bin/python benchmarks/bench_triples.py --withdrawals --seeds 319,702,75,2
"""

from __future__ import annotations

import argparse
import time

from yukon_widget import Game
from yukon_widget.__main__ import parse_seeds
from yukon_widget.strategy import compiled


def main() -> None:
    ap = argparse.ArgumentParser(description="triples of facts at deals' starts")
    ap.add_argument("--variant", default="yukon")
    ap.add_argument("--withdrawals", action="store_true", help="foundation withdrawals on")
    ap.add_argument("--seeds", type=parse_seeds, default=parse_seeds("8034,556,552,319,1,7"))
    args = ap.parse_args()
    core = compiled.core()
    rules = "on" if args.withdrawals else "off"
    print(f"{args.variant} withdrawals {rules}, {compiled.status()} core")
    print(f"{'deal':>6} {'pairs':>6} {'triples':>8} {'rounds':>7} {'CPU s':>7}")
    total = 0.0
    proved = 0
    for seed in args.seeds:
        game = Game(args.variant, seed=seed, foundation_withdrawal=args.withdrawals)
        board = core.Search(game, None, None, 1).board  # the build's own Board of the start
        pairs = core.Pairs(board).lost(board)
        start = time.process_time()
        triples = core.Triples(core.Pairs(board))
        lost = triples.lost(board)
        seconds = time.process_time() - start
        total += seconds
        proved += lost
        print(
            f"{seed:>6} {'lost' if pairs else '-':>6} {'lost' if lost else '-':>8}"
            f" {triples.rounds:>7} {seconds:>7.2f}"
        )
    n = len(args.seeds)
    print(f"triples proved {proved} of {n} starts lost, {total / max(1, n):.2f} CPU s a test")


if __name__ == "__main__":
    main()
