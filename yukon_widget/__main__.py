"""Command line for batch studies.

    python -m yukon_widget solve --variant yukon --seeds 1-1000 --time-limit 10 \\
        --workers 2 --out results.csv
    python -m yukon_widget play --strategy expose --seeds 1-500 --out plays.csv
    python -m yukon_widget table --deals 10000 --time-limit 60
    python -m yukon_widget compile

``compile`` builds the solver's core with mypyc (``yukon_widget/strategy/compiled.py``):
the same verdicts, two to three times as fast; without it everything runs in pure Python.
``table`` solves deals 1..N of every configuration of the winnability table into
``data/winnability/<config>.csv`` (each file as ``solve`` writes it, resumed the same way)
and writes ``docs/winnability.md`` from them (``yukon_widget/study/table.py``); with
``--clean-lines`` it also shortens the winning lines into ``data/winnability/clean/``, a file
of the same kind (``CLEAN_FIELDS``), so the page gives line lengths as found and shortened.

The output CSV is a set of results, one row per deal: a deal is its variant, rules and seed
(and, for play-outs, the strategy). Running the same command again resumes: it skips the
deals already in the file, appends the others, then prints the summary of every requested
seed in the file. Solver files hold the winning line in notation, moves separated by ";".

The contract with the file, so that a study's numbers can be trusted:

* Rows are only ever appended, one flushed line per finished deal, so an interrupted run
  loses at most the deals in progress. The one exception: a last line without a line ending
  (a run killed mid-write, a full disk) is cut off before anything is appended.
* One run per file at a time. A run holds an exclusive advisory lock (``flock``) on the file
  from reading it to writing its last row, so the deals still to do are worked out under the
  lock and no deal is solved or written twice (the lock ends with the run's main process,
  even when it is killed). A second run on the same file does not wait (the first may take
  hours): it stops at once with exit code 2, "another run is writing results.csv". Where
  ``fcntl`` or locking is missing the run says so and goes on unlocked.
* A file that is not such a set is refused, left untouched, with exit code 2 and a message
  naming the file and line: bytes that are not UTF-8 or hold a NUL, columns other than this
  command's, a second header (two files joined), or a complete row with the wrong number of
  fields or a value that does not parse (a status other than won/lost/unknown, seconds or
  counts that are not numbers, a line of moves whose length is not ``moves``, a field over
  the csv module's size limit...). Such a row is not quietly solved again, which would hide
  the damage: fix or delete the line, or use another --out file.
* A deal found more than once counts once, as its first row; where copies disagree on the
  outcome (the solver's status; the play-out's result) the run names the lines on stderr.
* Bad arguments (seeds outside 0..2**64-1, a worker count outside 1..1024, an --out that is a
  directory, a pipe or cannot be written...) exit with code 2 and write nothing.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import fcntl
except ImportError:  # not on Windows: there a run cannot lock its file
    fcntl = None  # type: ignore[assignment]

from .engine.shuffle import SEED_LIMIT

if TYPE_CHECKING:
    from .study.batch import PlayOutcome, SolveOutcome

PROG = "python -m yukon_widget"
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
CLEAN_FIELDS = ["variant", "seed", "rules", "found", "moves", "seconds", "line"]
"""A file of shortened winning lines (``table --clean-lines``): a deal's line had ``found``
moves as the solver found it, and ``line`` is the same win in ``moves`` moves."""
STATUSES = ("won", "lost", "unknown")
STOPS = ("won", "no move", "stuck", "repeat", "move cap")  # as PlayOutcome documents them
MAX_SEEDS = 10_000_000
"""Seeds per run: a typo such as 1-100000000000 should not fill memory (split big studies
into runs on the same --out file)."""

MAX_WORKERS = 61 if sys.platform == "win32" else 1024  # Windows' process pools stop at 61

LEFT_AS_IT_IS = "the file is left as it is: fix or delete that line, or use another --out file"


class _Refusal(Exception):
    """Why a run stops before doing harm: one message for stderr, exit code 2."""


class _BadValue(Exception):
    """What is wrong with one row (the caller adds the file and line)."""


def parse_seeds(text: str) -> list[int]:
    """Seeds from text such as ``1-1000`` or ``1,5,9-12`` (ranges include both ends)."""
    ranges: list[range] = []
    count = 0
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
        if hi >= SEED_LIMIT:
            raise argparse.ArgumentTypeError(
                f"seed {hi} is too big: seeds run from 0 to 2**64 - 1 ({SEED_LIMIT - 1})"
            )
        count += hi - lo + 1
        if count > MAX_SEEDS:
            raise argparse.ArgumentTypeError(
                f"more than {MAX_SEEDS:,} seeds: split the study into runs of at most that "
                "many on the same --out file"
            )
        ranges.append(range(lo, hi + 1))
    if not ranges:
        raise argparse.ArgumentTypeError("no seeds given")
    return list(dict.fromkeys(s for r in ranges for s in r))


def _at_least_one(text: str) -> int:
    """A count that must be positive (workers, nodes, moves)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _workers(text: str) -> int:
    """A worker count the process pool can start: thousands of forks would only thrash."""
    value = _at_least_one(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"more than {MAX_WORKERS} workers: {value}")
    return value


def _time_limit(text: str) -> float | None:
    """Seconds per deal; 0 (or less, or inf) for no limit. NaN is refused, not ignored."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError("nan is not a number of seconds")
    return value if 0 < value < math.inf else None


def _rules_text(rules: dict[str, bool]) -> str:
    return ";".join(f"{k}={'true' if v else 'false'}" for k, v in sorted(rules.items()))


def _show(value: str) -> str:
    """A value quoted for a message, cut short (a field can be 100 kB of junk)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "...'"


def _whole(row: dict[str, str], name: str) -> int:
    text = row[name]
    if not (text.isascii() and text.isdigit()):
        raise _BadValue(f"{name} {_show(text)} is not a whole number")
    return int(text)


def _check_solve(row: dict[str, str]) -> tuple[str, ...]:
    """Check a solver row's values; return its outcome (what copies must agree on)."""
    if row["status"] not in STATUSES:
        raise _BadValue(f"status {_show(row['status'])} is not won, lost or unknown")
    _whole(row, "nodes")
    _seconds(row)
    _line(row)
    return (row["status"],)


def _seconds(row: dict[str, str]) -> None:
    try:
        seconds = float(row["seconds"])
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds >= 0):
        raise _BadValue(f"seconds {_show(row['seconds'])} is not a number of seconds")


def _line(row: dict[str, str]) -> int:
    """The row's count of moves, checked against its line's."""
    moves = _whole(row, "moves")
    steps = len(row["line"].split(";")) if row["line"] else 0
    if steps != moves:
        raise _BadValue(f"the line has {steps} moves, but moves says {moves}")
    return moves


def _check_clean(row: dict[str, str]) -> tuple[str, ...]:
    """Check a shortened line's row; its outcome is the length found and the length now."""
    found = _whole(row, "found")
    _seconds(row)
    moves = _line(row)
    if not 0 < moves <= found:
        raise _BadValue(f"a shortened line of {moves} moves from one of {found}")
    return (str(found), str(moves))


def _check_play(row: dict[str, str]) -> tuple[str, ...]:
    """Check a play-out row's values; return its outcome (what copies must agree on)."""
    if not row["strategy"]:
        raise _BadValue("strategy is empty")
    won = row["won"].lower()
    if won not in ("true", "false"):
        raise _BadValue(f"won {_show(row['won'])} is not True or False")
    counts = [_whole(row, name) for name in ("moves", "foundation", "cards")]
    if counts[1] > counts[2]:
        raise _BadValue(f"foundation {counts[1]} is more than cards {counts[2]}")
    if row["stop"] not in STOPS:
        raise _BadValue(f"stop {_show(row['stop'])} is not one of: {', '.join(STOPS)}")
    if (won == "true") != (row["stop"] == "won"):
        raise _BadValue(f"won {row['won']} does not match stop {row['stop']!r}")
    return (won, *map(str, counts), row["stop"])


_CHECKS = {
    tuple(SOLVE_FIELDS): _check_solve,
    tuple(PLAY_FIELDS): _check_play,
    tuple(CLEAN_FIELDS): _check_clean,
}
"""Each kind of file's header, and the check of its rows."""


@dataclass(frozen=True)
class _Row:
    """A checked row of the file: where it is, what it says, which deal it is about."""

    line: int
    values: dict[str, str]
    key: tuple[str, str, str]  # variant, rules, strategy ("" for the solver): the study
    seed: int
    outcome: tuple[str, ...]


def _read(path: str, data: bytes, fields: list[str]) -> tuple[list[_Row], int]:
    """The rows of ``data`` (the file's bytes) and how many bytes to keep: all but a torn
    last line. Raises ``_Refusal`` naming the line at the first thing that is not a row of
    this command; nothing is changed here."""
    keep = data.rfind(b"\n") + 1
    body, tail = data[:keep], data[keep:]
    header = ",".join(fields)
    if not body:
        # A torn header (killed while writing it) may go; anything else is not our file.
        if tail and not (header + "\r\n").encode().startswith(tail):
            raise _Refusal(
                f"{path} does not start with this command's header ({header}), so it is not "
                "its results file: use another --out file"
            )
        return [], 0
    nul = body.find(b"\0")
    if nul >= 0:
        line = body.count(b"\n", 0, nul) + 1
        raise _Refusal(f"{path} line {line}: a NUL byte, so not a CSV text line; {LEFT_AS_IT_IS}")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        line = body.count(b"\n", 0, e.start) + 1
        raise _Refusal(
            f"{path} line {line}: byte 0x{body[e.start]:02x} is not UTF-8 text; {LEFT_AS_IT_IS}"
        ) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some spreadsheets save
    check = _CHECKS[tuple(fields)]
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[_Row] = []
    line = 1
    try:
        first = next(reader, [])
        if first != fields:
            shown = _show(",".join(first)) if first else "a blank line"
            raise _Refusal(
                f"{path} starts with {shown}, not this command's header ({header}), so it is "
                "not its results file: use another --out file"
            )
        line = reader.line_num + 1
        for record in reader:
            if record:  # the csv module reads a blank line as []: nothing to count
                rows.append(_row(record, line, fields, check))
            line = reader.line_num + 1
    except csv.Error as e:
        raise _Refusal(f"{path} line {line}: not readable as CSV ({e}); {LEFT_AS_IT_IS}") from None
    except _BadValue as e:
        raise _Refusal(f"{path} line {line}: {e}; {LEFT_AS_IT_IS}") from None
    return rows, keep


def _row(
    record: list[str],
    line: int,
    fields: list[str],
    check: Callable[[dict[str, str]], tuple[str, ...]],
) -> _Row:
    """One complete CSV record checked as a row of this command's file."""
    if record == fields:
        raise _BadValue("the header again (were two files joined? keep only the first header)")
    if len(record) != len(fields):
        raise _BadValue(f"{len(record)} fields, not {len(fields)} ({', '.join(fields)})")
    values = dict(zip(fields, record))
    if not values["variant"]:
        raise _BadValue("variant is empty")
    seed = _whole(values, "seed")
    if seed >= SEED_LIMIT:
        raise _BadValue(f"seed {seed} is beyond 2**64 - 1")
    outcome = check(values)
    key = (values["variant"], values["rules"], values.get("strategy", ""))
    return _Row(line, values, key, seed, outcome)


def _open_out(path: str) -> io.FileIO:
    """``path`` opened to read and append (created if missing), once it is known to be a
    plain file that may be written: a directory, pipe or device is refused, not waited on."""
    try:
        if os.path.isdir(path):
            raise _Refusal(f"--out {path} is a directory: give a file name")
        if os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode):
            raise _Refusal(f"--out {path} is not a regular file (a pipe or a device)")
        f = open(path, "a+b", buffering=0)  # noqa: SIM115 (closed by the caller)
    except OSError as e:
        raise _Refusal(f"cannot write {path}: {e.strerror or e}") from None
    except ValueError as e:  # a NUL character in the name
        raise _Refusal(f"cannot write {path!r}: {e}") from None
    if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped for a pipe meanwhile
        f.close()
        raise _Refusal(f"--out {path} is not a regular file (a pipe or a device)")
    return f


_held: list[int] = []
"""The descriptor of the locked output file while a run holds it."""


def _drop_lock_in_child() -> None:
    """Forked pool workers inherit the locked descriptor, and a lock lasts while any copy is
    open: point their copy at /dev/null, so a killed run's lock goes with it rather than
    with its last worker (a rerun would be refused meanwhile)."""
    for fd in _held:
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, fd)
        os.close(null)


if hasattr(os, "register_at_fork"):  # not on Windows, which has neither fork nor flock
    os.register_at_fork(after_in_child=_drop_lock_in_child)


def _lock(f: io.FileIO, path: str) -> None:
    """Hold an exclusive lock on the open file until it is closed, or refuse if another
    run holds it (see the module docstring). Soft where locking is missing."""
    if fcntl is None:
        print(
            f"{PROG}: warning: cannot lock {path} on this system: "
            "do not start two runs on it at once",
            file=sys.stderr,
        )
        return
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        _held.append(f.fileno())
    except BlockingIOError:
        raise _Refusal(
            f"another run is writing {path}: let it finish (then run this again for the "
            "summary), or use another --out file"
        ) from None
    except OSError as e:  # a file system without locks
        print(
            f"{PROG}: warning: cannot lock {path} ({e.strerror}): "
            "do not start two runs on it at once",
            file=sys.stderr,
        )


def _append(f: io.FileIO, data: bytes, path: str) -> None:
    """Write ``data`` at the end of the file, all of it or a clear refusal (a full disk)."""
    view = memoryview(data)
    try:
        while view:
            written = f.write(view)
            if not written:
                raise OSError(f"the system wrote nothing of {len(view)} bytes")
            view = view[written:]
    except OSError as e:
        raise _Refusal(
            f"cannot write {path}: {e.strerror or e}; the deals written so far are kept "
            "(run the same command again to resume)"
        ) from None


def _csv_line(values: list[Any]) -> bytes:
    buf = io.StringIO()
    csv.writer(buf).writerow(values)
    return buf.getvalue().encode("utf-8")


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


def _done(
    path: str, rows: list[_Row], study: tuple[str, str, str], seeds: set[int]
) -> dict[int, _Row]:
    """The row that counts for each requested seed of this study: the first one, except that
    a solver's verdict (won or lost) counts over an earlier "unknown", which only says a
    budget ran out (``--retry-unknown`` appends such verdicts). Repeats are counted once,
    and repeats that disagree on the outcome (won against lost, or two play-outs) are
    named on stderr."""
    first: dict[int, _Row] = {}
    repeats = 0
    clashes: list[tuple[_Row, _Row]] = []
    for row in rows:
        if row.key != study or row.seed not in seeds:
            continue
        seen = first.setdefault(row.seed, row)
        if seen is not row:
            repeats += 1
            if _UNKNOWN in (seen.outcome, row.outcome):
                if seen.outcome == _UNKNOWN:
                    first[row.seed] = row
            elif seen.outcome != row.outcome:
                clashes.append((seen, row))
    if repeats:
        print(
            f"{path}: {repeats} repeated rows of seeds already in it counted once", file=sys.stderr
        )
    for a, b in clashes[:10]:
        print(
            f"{path}: lines {a.line} and {b.line} disagree on seed {a.seed}: "
            f"{', '.join(a.outcome)} against {', '.join(b.outcome)}; counting line {a.line}",
            file=sys.stderr,
        )
    if len(clashes) > 10:
        print(f"{path}: and {len(clashes) - 10} more disagreements", file=sys.stderr)
    return first


_UNKNOWN = ("unknown",)  # a solver row's outcome when its budget ran out


def _settled(path: str, variant: str, rules_text: str, seeds: list[int]) -> set[int]:
    """The seeds of ``seeds`` whose verdict here the solve file ``path`` of the other
    withdrawal rule settles (``--settled-by``). A line of play without foundation withdrawals
    is legal with them, so a deal won without them is won with them, and a deal lost with
    them is lost without. Only the verdict that carries over counts: a run with withdrawals
    leaves out the deals ``path`` has won without them, a run without leaves out the deals it
    has lost with them. ``path`` is read as strictly as --out, and changed never."""
    with_it = "foundation_withdrawal=true"
    without = "foundation_withdrawal=false"
    if with_it in rules_text:
        other, carries = rules_text.replace(with_it, without), ("won",)
    elif without in rules_text:
        other, carries = rules_text.replace(without, with_it), ("lost",)
    else:
        raise _Refusal(f"--settled-by: {variant} has no foundation withdrawal rule to flip")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise _Refusal(f"--settled-by: cannot read {path}: {e.strerror or e}") from None
    rows, _ = _read(path, data, SOLVE_FIELDS)
    counted = _done(path, rows, (variant, other, ""), set(seeds))
    if not any(row.key == (variant, other, "") for row in rows):
        rule = "with" if carries == ("lost",) else "without"
        raise _Refusal(
            f"--settled-by: {path} holds no {variant} deals solved {rule} foundation "
            "withdrawals, so it settles nothing here"
        )
    settled = {seed for seed, row in counted.items() if row.outcome[:1] == carries}
    verdict = "won without withdrawals" if carries == ("won",) else "lost with withdrawals"
    print(
        f"{path}: {len(settled)} of the {len(seeds)} seeds to do are {verdict} there, "
        "so settled: left out",
        file=sys.stderr,
    )
    return settled


def _run(args: argparse.Namespace) -> int:
    """Run the study the arguments ask for on its --out file, under the file's lock: the
    requested seeds not in the file yet are played or solved and appended, one row each;
    then the summary of every requested seed prints."""
    from .engine.game import Game
    from .study import format_table, summarize

    rules = {} if args.withdrawal is None else {"foundation_withdrawal": args.withdrawal}
    rules_text = _rules_text(Game(args.variant, seed=1, **rules).rules)
    solving = args.command == "solve"
    fields = SOLVE_FIELDS if solving else PLAY_FIELDS
    study = (args.variant, rules_text, "" if solving else args.strategy)
    path = args.out
    f = _open_out(path)
    try:
        _lock(f, path)
        retry = solving and getattr(args, "retry_unknown", False)
        done, todo = _resume(f, path, fields, study, args.seeds, retry)
        other = getattr(args, "settled_by", None) if solving else None
        if other is not None:
            settled = _settled(other, args.variant, rules_text, todo)
            todo = [s for s in todo if s not in settled]
        rows = list(done)
        if todo:
            to_row = _solve_row if solving else _play_row
            outcomes = _outcomes(args, todo, rules)
            for r in _bar(outcomes, len(args.seeds), len(done), not args.no_progress):
                row = to_row(r, rules_text)
                _append(f, _csv_line([row[k] for k in fields]), path)
                rows.append(row)
    finally:
        _held.clear()
        f.close()  # releases the lock
    print(format_table(summarize(rows)))
    return 0


def _resume(
    f: io.FileIO,
    path: str,
    fields: list[str],
    study: tuple[str, str, str],
    seeds: list[int],
    retry: bool = False,
) -> tuple[list[dict[str, Any]], list[int]]:
    """What the locked file already holds: the rows of the requested seeds of this study
    (the one that counts for each, see ``_done``, in seed order), and the seeds still to do,
    with ``retry`` those whose verdict is still "unknown" too. Leaves the file ready to
    append to: a torn last line cut off, the header written into an empty file."""
    try:
        f.seek(0)
        data = f.readall()
    except OSError as e:
        raise _Refusal(f"cannot read {path}: {e.strerror or e}") from None
    rows, keep = _read(path, data, fields)
    first = _done(path, rows, study, set(seeds))
    if retry:
        first = {s: row for s, row in first.items() if row.outcome != _UNKNOWN}
    done: list[dict[str, Any]] = [first[s].values for s in seeds if s in first]
    todo = [s for s in seeds if s not in first]
    if keep < len(data):
        try:
            f.truncate(keep)
        except OSError as e:
            raise _Refusal(f"cannot cut the unfinished last line of {path}: {e}") from None
        print(
            f"{path}: cut off an unfinished last line ({len(data) - keep} bytes) "
            "left by a run that stopped mid-write",
            file=sys.stderr,
        )
    if keep == 0:
        _append(f, _csv_line(fields), path)
    if done:
        print(
            f"{path}: {len(done)} of {len(seeds)} seeds already done, {len(todo)} to go",
            file=sys.stderr,
        )
    return done, todo


def _outcomes(args: argparse.Namespace, seeds: list[int], rules: dict[str, bool]) -> Iterator[Any]:
    """The deals of ``seeds`` solved or played out by the worker processes, as they finish."""
    from .study import play_many, solve_many

    if args.command == "solve":
        return solve_many(
            seeds,
            variant=args.variant,
            time_limit=args.time_limit,
            node_limit=args.node_limit,
            workers=args.workers,
            exhaustive=getattr(args, "exhaustive", False),
            beam=getattr(args, "beam", None),
            **rules,
        )
    return play_many(
        args.strategy,
        seeds,
        variant=args.variant,
        max_moves=args.max_moves,
        workers=args.workers,
        **rules,
    )


def _solve_row(r: SolveOutcome, rules_text: str) -> dict[str, Any]:
    """A solver verdict as a row of the file."""
    return {
        "variant": r.variant,
        "seed": r.seed,
        "rules": rules_text,
        "status": r.status,
        "moves": len(r.moves),
        "nodes": r.nodes,
        "seconds": f"{r.seconds:.3f}",
        "line": ";".join(str(m) for m in r.moves),
    }


def _play_row(r: PlayOutcome, rules_text: str) -> dict[str, Any]:
    """A play-out as a row of the file."""
    return {
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


_EXHAUSTIVE_HELP = (
    "the exhaustive search alone, the one that proves losses (no probes or beam searches), "
    'its table never cleared within --node-limit: for deals already left "unknown" (with '
    "--retry-unknown), most of them lost"
)


def _parser() -> argparse.ArgumentParser:
    from .engine.variants import VARIANTS
    from .study.players import STRATEGIES

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Batch studies of Yukon deals: solver verdicts or strategy play-outs. "
        "Results go to a CSV file, one row per deal; running the same command again resumes. "
        "Exit codes: 0 done, 2 bad arguments or a bad or busy --out file (left untouched), "
        "130 interrupted.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--variant", default="yukon", choices=sorted(VARIANTS))
    common.add_argument(
        "--seeds",
        required=True,
        type=parse_seeds,
        help="seeds to deal, such as 1-1000 or 1,5,9-12 (0 to 2**64 - 1)",
    )
    common.add_argument(
        "--workers",
        type=_workers,
        default=None,
        help="worker processes (default: one per core)",
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
        "--time-limit",
        type=_time_limit,
        default=10.0,
        help="seconds per deal (default 10; 0 for none)",
    )
    solve.add_argument(
        "--node-limit",
        type=_at_least_one,
        default=None,
        help="positions per deal: verdicts that do not depend on machine speed",
    )
    solve.add_argument("--out", default="solve.csv", help="CSV file to append to and resume")
    solve.add_argument(
        "--retry-unknown",
        action="store_true",
        help='solve again the seeds whose verdict in --out is "unknown" (give a larger '
        "--time-limit); a verdict found is appended and counts over the unknown",
    )
    how = solve.add_mutually_exclusive_group()
    how.add_argument(
        "--exhaustive",
        action="store_true",
        help=_EXHAUSTIVE_HELP,
    )
    how.add_argument(
        "--beam",
        metavar="WIDTH",
        type=_at_least_one,
        default=None,
        help="a beam search alone, keeping WIDTH positions per depth, within --node-limit: it "
        'wins or says "unknown", never "lost"; for deals already left "unknown" that may be '
        "won (with --retry-unknown)",
    )
    solve.add_argument(
        "--settled-by",
        metavar="FILE",
        default=None,
        help="a solve file of the same variant under the other withdrawal rule: leave out "
        "the seeds its verdicts settle (with withdrawals, those it won without them; without, "
        "those it lost with them)",
    )
    play = sub.add_parser("play", parents=[common], help="play deals with a strategy")
    play.add_argument("--strategy", default="expose", choices=list(STRATEGIES))
    play.add_argument("--max-moves", type=_at_least_one, default=500, help="move cap per play-out")
    play.add_argument("--out", default="play.csv", help="CSV file to append to and resume")
    table = sub.add_parser(
        "table",
        help="solve deals 1..N of every configuration into data/winnability/ and write the "
        "winnability page",
    )
    table.add_argument("--deals", type=_at_least_one, default=1000, help="deals per configuration")
    table.add_argument(
        "--time-limit", type=_time_limit, default=60.0, help="seconds per deal (0 for none)"
    )
    table.add_argument("--node-limit", type=_at_least_one, default=None, help="positions per deal")
    table.add_argument(
        "--configs",
        type=_configs,
        default=None,
        help="comma-separated configurations (default all: " + ", ".join(_CONFIG_NAMES) + ")",
    )
    table.add_argument("--data", default="data/winnability", help="folder of the CSV files")
    table.add_argument("--page", default="docs/winnability.md", help="the page to write")
    table.add_argument("--workers", type=_workers, default=None, help="worker processes")
    table.add_argument(
        "--retry-unknown",
        action="store_true",
        help='solve again the deals whose verdict is "unknown", with this --time-limit',
    )
    table.add_argument(
        "--exhaustive",
        action="store_true",
        help=_EXHAUSTIVE_HELP,
    )
    table.add_argument(
        "--clean-lines",
        action="store_true",
        help="then shorten the winning lines of deals 1..N (lines.shorten, checked to win) into "
        "<data>/clean/<config>.csv, for the page's line lengths as found and shortened",
    )
    table.add_argument("--no-progress", action="store_true", help="no progress bar")
    build = sub.add_parser(
        "compile",
        help="build the solver's core with mypyc (needs mypy and a C compiler): the same "
        "verdicts, faster; without it the solver runs in pure Python",
    )
    build.add_argument(
        "--force", action="store_true", help="build even if a current build is there"
    )
    return parser


_CONFIG_NAMES = [
    "yukon",
    "yukon-no-withdrawal",
    "russian",
    "alaska",
    "moosehide",
    "yukon-cells",
    "double-yukon",
]  # study.table.CONFIGS, named here so the parser needs no import of the study layer


def _configs(text: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in _CONFIG_NAMES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown configuration {', '.join(bad) or text!r}: choose from "
            + ", ".join(_CONFIG_NAMES)
        )
    return names


def _table(args: argparse.Namespace) -> int:
    """Solve every configuration's deals into its CSV file (resuming each, as ``solve``
    does; a retry leaves out the deals the other withdrawal rule's file settles, as
    ``--settled-by`` does), with ``--clean-lines`` shorten their winning lines, then write the
    page from all the files."""
    from .study.table import CONFIGS, counting_rows, crosscheck, render, summarize_file

    names = args.configs or list(CONFIGS)
    folder = Path(args.data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _Refusal(f"cannot make {folder}: {e.strerror or e}") from None
    for name in names:
        variant, withdrawal = CONFIGS[name]
        print(f"{name}: deals 1-{args.deals}", file=sys.stderr)
        # A retry leaves out the deals the same variant's other withdrawal rule settles
        # (``_settled``), once that configuration has a file with rows.
        pair = [n for n, (v, w) in CONFIGS.items() if v == variant and w != withdrawal]
        other = folder / f"{pair[0]}.csv" if pair else None
        settled_by = (
            str(other)
            if args.retry_unknown and other is not None and counting_rows(other)
            else None
        )
        _run(
            argparse.Namespace(
                command="solve",
                variant=variant,
                withdrawal=withdrawal,
                seeds=list(range(1, args.deals + 1)),
                time_limit=args.time_limit,
                node_limit=args.node_limit,
                workers=args.workers,
                no_progress=args.no_progress,
                retry_unknown=args.retry_unknown,
                exhaustive=args.exhaustive,
                settled_by=settled_by,
                out=str(folder / f"{name}.csv"),
            )
        )
        if args.clean_lines:
            _clean(args, name, variant, withdrawal, folder)
    import datetime

    now = datetime.datetime.now(datetime.timezone.utc)
    limit = "0" if args.time_limit is None else f"{args.time_limit:g}"
    command = (
        f"{PROG} table --deals {args.deals} --time-limit {limit}"
        + (f" --node-limit {args.node_limit}" if args.node_limit else "")
        + (f" --configs {','.join(args.configs)}" if args.configs else "")
        + (" --retry-unknown" if args.retry_unknown else "")
        + (" --exhaustive" if args.exhaustive else "")
        + (" --clean-lines" if args.clean_lines else "")
    )
    log = folder / "runs.txt"  # the commands that made the files, for the page
    try:
        with log.open("a", encoding="utf-8") as f:
            f.write(f"{now:%Y-%m-%d}  {command}\n")
        runs = log.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise _Refusal(f"cannot write {log}: {e.strerror or e}") from None
    summaries = [summarize_file(folder / f"{n}.csv", n) for n in CONFIGS]
    page = Path(args.page)
    page.parent.mkdir(parents=True, exist_ok=True)
    tmp = page.with_name(page.name + ".tmp")
    from .strategy import compiled

    written = (
        f"Last written on {now:%Y-%m-%d} with {args.workers or os.cpu_count()} worker "
        f"processes and the solver's {compiled.status()} core. Times depend on the machine, "
        "the core and what else it runs."
    )
    check = crosscheck(folder / "yukon.csv", folder / "yukon-no-withdrawal.csv")
    tmp.write_text(render(summaries, runs, written, check), encoding="utf-8")
    tmp.replace(page)  # atomic: a reader never sees half a page
    print(f"wrote {page}", file=sys.stderr)
    return 0


def _clean(
    args: argparse.Namespace, name: str, variant: str, withdrawal: bool, folder: Path
) -> None:
    """Shorten the winning lines of one configuration's deals 1..N into its file of clean
    lines (``study.table.clean_path``), under that file's lock and resumable, as ``solve``
    writes its file: each deal's line is shortened once."""
    from .engine.game import Game
    from .study import shorten_many
    from .study.table import clean_path, counting_rows

    rules = {"foundation_withdrawal": withdrawal}
    rules_text = _rules_text(Game(variant, seed=1, **rules).rules)
    solved = folder / f"{name}.csv"
    verdicts = counting_rows(solved)
    won = {
        seed: row["line"]
        for seed, row in sorted(verdicts.items())
        if seed <= args.deals and row["status"] == "won"
    }
    out = clean_path(solved)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _Refusal(f"cannot make {out.parent}: {e.strerror or e}") from None
    path = str(out)
    f = _open_out(path)
    try:
        _lock(f, path)
        done, todo = _resume(f, path, CLEAN_FIELDS, (variant, rules_text, ""), list(won))
        if todo:
            outcomes = shorten_many(
                [(seed, won[seed]) for seed in todo], variant, workers=args.workers, **rules
            )
            try:
                for r in _bar(outcomes, len(won), len(done), not args.no_progress):
                    line = ";".join(str(m) for m in r.moves)
                    values = [variant, r.seed, rules_text, r.found, len(r.moves)]
                    _append(f, _csv_line([*values, f"{r.seconds:.3f}", line]), path)
            except ValueError as e:
                raise _Refusal(f"{solved}: {e}; the lines shortened so far are kept") from None
    finally:
        _held.clear()
        f.close()
    print(f"{name}: {len(won)} winning lines, {len(todo)} shortened now", file=sys.stderr)


def _compile(force: bool) -> int:
    """Build the compiled core; 1 (and the pure core in use) when it cannot be built."""
    from .strategy import compiled

    try:
        print(compiled.build(force))
    except RuntimeError as e:
        print(f"{PROG}: the solver stays pure Python: {e}", file=sys.stderr)
        return 1
    print(f"solver core: {compiled.status()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m yukon_widget`` and the ``yukon-widget`` script: 0 when
    done, 2 (and the file untouched) for bad arguments or a bad or busy --out file."""
    args = _parser().parse_args(argv)
    if args.command == "compile":
        return _compile(args.force)
    try:
        return _table(args) if args.command == "table" else _run(args)
    except _Refusal as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted: run the same command again to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
