"""Command line for batch studies.

    python -m yukon_widget solve --variant yukon --seeds 1-1000 --time-limit 10 \\
        --workers 2 --out results.csv
    python -m yukon_widget play --strategy expose --seeds 1-500 --out plays.csv

Each finished deal is appended to the CSV as one flushed line, so an interrupted run loses
at most the deals in progress: run the same command again and it skips the seeds already in
the file (a torn last line is cut off first), then prints the summary of every requested
seed in the file. Solver files hold the winning line in notation, moves separated by ";".
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

SOLVE_FIELDS = ["variant", "seed", "rules", "status", "moves", "nodes", "seconds", "line"]
PLAY_FIELDS = [
    "variant",
    "seed",
    "rules",
    "strategy",
    "won",
    "moves",
    "foundation",
    "cards",
    "stop",
]


def parse_seeds(text: str) -> list[int]:
    """Seeds from text such as ``1-1000`` or ``1,5,9-12`` (ranges include both ends)."""
    seeds: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-")
        try:
            lo = int(first)
            hi = int(last) if dash else lo
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"bad seed range {part!r}: use forms like 1-1000 or 1,5,9-12"
            ) from None
        if hi < lo:
            raise argparse.ArgumentTypeError(f"empty seed range {part!r}")
        seeds.extend(range(lo, hi + 1))
    if not seeds:
        raise argparse.ArgumentTypeError("no seeds given")
    return list(dict.fromkeys(seeds))


def _rules_text(rules: dict[str, bool]) -> str:
    return ";".join(f"{k}={'true' if v else 'false'}" for k, v in sorted(rules.items()))


def _read_done(path: str, fields: list[str]) -> list[dict[str, str]]:
    """Rows already in ``path``; cuts off a torn last line (a run killed mid-write)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return []
    with open(path, "rb") as f:
        data = f.read()
    if not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with open(path, "r+b") as f:
            f.truncate(keep)
        data = data[:keep]
    reader = csv.DictReader(io.StringIO(data.decode("utf-8"), newline=""))
    if reader.fieldnames is None:
        return []
    if list(reader.fieldnames) != fields:
        raise SystemExit(
            f"{path} has columns {', '.join(reader.fieldnames)}, not those of this command: "
            "use another --out file"
        )
    return [row for row in reader if None not in row.values() and None not in row]


class _Appender:
    """Appends one CSV line per result and flushes it, so a kill loses no finished deal."""

    def __init__(self, path: str, fields: list[str]) -> None:
        new = not os.path.exists(path) or os.path.getsize(path) == 0
        self._file = open(path, "a", newline="", encoding="utf-8")  # noqa: SIM115
        self._fields = fields
        if new:
            self.write(dict(zip(fields, fields)))

    def write(self, row: dict[str, Any]) -> None:
        buf = io.StringIO()
        csv.writer(buf).writerow([row[k] for k in self._fields])
        self._file.write(buf.getvalue())
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _bar(results: Iterator[Any], total: int, initial: int, on: bool) -> Iterator[Any]:
    if not on:
        return results
    try:
        from tqdm import tqdm
    except ImportError:  # no study extra: a line per tenth of the work instead
        return _plain_progress(results, total, initial)
    return iter(tqdm(results, total=total, initial=initial, unit="deal", file=sys.stderr))


def _plain_progress(results: Iterator[Any], total: int, initial: int) -> Iterator[Any]:
    step = max(1, total // 10)
    for k, r in enumerate(results, initial + 1):
        if k % step == 0 or k == total:
            print(f"{k}/{total} deals", file=sys.stderr, flush=True)
        yield r


def _run(args: argparse.Namespace) -> int:
    from .engine.game import Game
    from .study import format_table, play_many, solve_many, summarize

    rules = {} if args.withdrawal is None else {"foundation_withdrawal": args.withdrawal}
    rules_text = _rules_text(Game(args.variant, seed=1, **rules).rules)
    solving = args.command == "solve"
    fields = SOLVE_FIELDS if solving else PLAY_FIELDS
    strategy = None if solving else args.strategy

    def key(row: dict[str, Any]) -> tuple[str, ...]:
        extra = () if solving else (str(row["strategy"]),)
        return (str(row["variant"]), str(row["seed"]), str(row["rules"]), *extra)

    mine = {
        key({"variant": args.variant, "seed": s, "rules": rules_text, "strategy": strategy})
        for s in args.seeds
    }
    done = [row for row in _read_done(args.out, fields) if key(row) in mine]
    have = {key(row) for row in done}
    todo = [
        s
        for s in args.seeds
        if key({"variant": args.variant, "seed": s, "rules": rules_text, "strategy": strategy})
        not in have
    ]
    if done:
        print(
            f"{args.out}: {len(done)} of {len(args.seeds)} seeds already done, {len(todo)} to go",
            file=sys.stderr,
        )
    out = _Appender(args.out, fields)
    rows = list(done)
    try:
        if todo:
            if solving:
                results: Iterator[Any] = solve_many(
                    todo,
                    variant=args.variant,
                    time_limit=args.time_limit,
                    node_limit=args.node_limit,
                    workers=args.workers,
                    **rules,
                )
            else:
                results = play_many(
                    args.strategy,
                    todo,
                    variant=args.variant,
                    max_moves=args.max_moves,
                    workers=args.workers,
                    **rules,
                )
            for r in _bar(results, len(args.seeds), len(done), not args.no_progress):
                if solving:
                    row = {
                        "variant": r.variant,
                        "seed": r.seed,
                        "rules": rules_text,
                        "status": r.status,
                        "moves": len(r.moves),
                        "nodes": r.nodes,
                        "seconds": f"{r.seconds:.3f}",
                        "line": ";".join(str(m) for m in r.moves),
                    }
                else:
                    row = {
                        "variant": r.variant,
                        "seed": r.seed,
                        "rules": rules_text,
                        "strategy": r.strategy,
                        "won": r.won,
                        "moves": r.moves,
                        "foundation": r.foundation,
                        "cards": r.cards,
                        "stop": r.stop,
                    }
                out.write(row)
                rows.append(row)
    finally:
        out.close()
    print(format_table(summarize(rows)))
    return 0


def _parser() -> argparse.ArgumentParser:
    from .engine.variants import VARIANTS
    from .study.players import STRATEGIES

    parser = argparse.ArgumentParser(
        prog="python -m yukon_widget",
        description="Batch studies of Yukon deals: solver verdicts or strategy play-outs. "
        "Results go to a CSV file; running the same command again resumes.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--variant", default="yukon", choices=sorted(VARIANTS))
    common.add_argument(
        "--seeds", required=True, type=parse_seeds, help="seeds to deal, such as 1-1000 or 1,5,9-12"
    )
    common.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: one per core)"
    )
    common.add_argument(
        "--withdrawal",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="allow foundation withdrawals (default: the variant's rule)",
    )
    common.add_argument("--no-progress", action="store_true", help="no progress bar")
    solve = sub.add_parser("solve", parents=[common], help="solve deals, one verdict each")
    solve.add_argument(
        "--time-limit", type=float, default=10.0, help="seconds per deal (default 10)"
    )
    solve.add_argument(
        "--node-limit",
        type=int,
        default=None,
        help="positions per deal: verdicts that do not depend on machine speed",
    )
    solve.add_argument("--out", default="solve.csv", help="CSV file to append to and resume")
    play = sub.add_parser("play", parents=[common], help="play deals with a strategy")
    play.add_argument("--strategy", default="expose", choices=list(STRATEGIES))
    play.add_argument("--max-moves", type=int, default=500, help="move cap per play-out")
    play.add_argument("--out", default="play.csv", help="CSV file to append to and resume")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m yukon_widget`` and the ``yukon-widget`` script."""
    args = _parser().parse_args(argv)
    if args.command == "solve" and args.time_limit <= 0:
        args.time_limit = None
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("\ninterrupted: run the same command again to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
