"""How much of a hard deal's search is twins trading places: a measurement for the next step.

Two cards are *twins* when every rule of the tableau treats them alike: the same cards may
be built on them and they on the same cards (5♠ and 5♣ in Yukon). Runs the exhaustive
search alone (``solve(..., exhaustive=True)``'s search) on each deal up to a node limit and
counts, over the positions it kept:

* ``kept``: positions (canonical keys, as the search stores them);
* ``classes``: distinct sets of face-down cards and of cards in play (what only a turn, a
  card home or one coming back changes);
* ``twin-blind``: distinct positions once the two cards of a twin pair that are both face
  up are no longer told apart (which of 5♠ and 5♣ lies where): the count a search would
  keep if it could treat such pairs as one, and the largest class in each measure.

It proves nothing and changes no search; it says how many of the kept positions differ only
in where the twins of a pair lie (Yukon deal 75 with withdrawals: about a hundredth are
left). Yukon-style building (alternate colours) only: Russian, Alaska and Moosehide build
in ways that leave no two cards alike.

    .venv/bin/python benchmarks/bench_twins.py --seeds 75,166 --nodes 3000000
    .venv/bin/python benchmarks/bench_twins.py --seeds 75 --no-withdrawal
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from yukon_widget import Game
from yukon_widget.engine.variants import Variant
from yukon_widget.strategy import compiled
from yukon_widget.strategy.solver import WIDE_AFTER


def twins(variant: Variant) -> dict[int, int]:
    """Each card's twin, for the cards that have one: the same parents and children."""
    out: dict[int, int] = {}
    for x in range(variant.card_count):
        for y in range(variant.card_count):
            if (
                x != y
                and variant.parents[x] == variant.parents[y]
                and variant.children[x] == variant.children[y]
            ):
                out[x] = y
    return out


def columns_of(key: bytes, ncols: int) -> list[bytes]:
    """The columns of a canonical key (``Board.key``: each column as its face-down count and
    its cards from the bottom, the columns sorted and joined by 0xff, the cells last; cards
    in cells are counted as they are)."""
    return key.split(b"\xff")[:ncols]


def measure(key_list: set[bytes], ncols: int, twin: dict[int, int]) -> tuple[int, int, int, int]:
    """Classes, twin-blind positions, and the largest class counted both ways."""
    classes: Counter[bytes] = Counter()
    blind_in: dict[bytes, set[bytes]] = {}
    for key in key_list:
        cols = columns_of(key, ncols)
        up = {x for col in cols for x in col[1 + col[0] :]}
        downs = sorted(col[: 1 + col[0]] for col in cols)
        cls = b"\xff".join(downs) + b"\xfe" + bytes(sorted(x for col in cols for x in col[1:]))
        classes[cls] += 1
        blind = sorted(
            col[: 1 + col[0]]
            + bytes(
                100 + min(x, twin[x]) if x in twin and twin[x] in up else x
                for x in col[1 + col[0] :]
            )
            for col in cols
        )
        blind_in.setdefault(cls, set()).add(b"\xff".join(blind))
    if not classes:  # proved lost (or won) before any position was kept
        return 0, 0, 0, 0
    biggest = max(classes, key=classes.__getitem__)
    total_blind = sum(len(s) for s in blind_in.values())
    return len(classes), total_blind, classes[biggest], len(blind_in[biggest])


def main() -> None:
    ap = argparse.ArgumentParser(description="count twin-blind positions of hard deals")
    ap.add_argument("--variant", default="yukon")
    ap.add_argument("--seeds", default="75,166", help="comma-separated seeds")
    ap.add_argument("--nodes", type=int, default=3_000_000, help="positions per deal")
    ap.add_argument("--no-withdrawal", action="store_true")
    args = ap.parse_args()
    wd = not args.no_withdrawal
    print(
        f"{args.variant}, withdrawals {'on' if wd else 'off'}, exhaustive search to "
        f"{args.nodes:,} positions, {compiled.status()} core"
    )
    head = (
        f"{'seed':>6} {'verdict':>8} {'kept':>10} {'classes':>8} {'twin-blind':>11}"
        f" {'kept/blind':>10} {'largest class':>14} {'blind':>6} {'s':>6}"
    )
    print(head)
    for seed in (int(s) for s in args.seeds.split(",")):
        game = Game(args.variant, seed=seed, foundation_withdrawal=wd)
        twin = twins(game.board.variant)
        start = time.perf_counter()
        search = compiled.core().Search(game, None, args.nodes, args.nodes)
        search.wide = WIDE_AFTER  # as the solver's exhaustive search runs
        verdict = search.finish()
        secs = time.perf_counter() - start
        kept = len(search.seen)
        ncls, blind, big, big_blind = measure(search.seen, game.board.ncols, twin)
        print(
            f"{seed:>6} {verdict:>8} {kept:>10,} {ncls:>8,} {blind:>11,}"
            f" {kept / max(blind, 1):>10.1f} {big:>14,} {big_blind:>6,} {secs:>6.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
