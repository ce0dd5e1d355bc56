"""Fuzzing the command line's --out file: whatever is in the file before a run, the run
either ends with exit code 0, a correct summary and only complete new rows appended (after
cutting off a torn last line), or refuses with exit code 2 and a one-line message, leaving
the file exactly as it was. Runs in-process with tiny limits to stay fast."""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import tempfile
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yukon_widget.__main__ import PLAY_FIELDS, SOLVE_FIELDS, main

RULES = "foundation_withdrawal=true"  # Yukon's default rules, as the command writes them
SEEDS = (1, 2, 3)
COMMON = ["--workers", "1", "--no-progress", "--seeds", "1-3"]
ARGS = {
    "solve": ["solve", "--node-limit", "50", *COMMON],
    "play": ["play", "--strategy", "expose", "--max-moves", "10", *COMMON],
}
FIELDS = {"solve": SOLVE_FIELDS, "play": PLAY_FIELDS}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

variants = st.sampled_from(["yukon", "yukon", "russian"])
seeds = st.integers(0, 5).map(str)
rules = st.sampled_from([RULES, RULES, "foundation_withdrawal=false"])
counts = st.integers(0, 60).map(str)


@st.composite
def solve_rows(draw: st.DrawFn) -> list[str]:
    """A row as the solver command writes it (moves and line agree)."""
    status = draw(st.sampled_from(["won", "lost", "unknown"]))
    moves = draw(st.integers(1, 4)) if status == "won" else 0
    line = ";".join(["AH t1-f2"] * moves)
    nodes, seconds = draw(counts), draw(st.sampled_from(["0.001", "1.250"]))
    return [draw(variants), draw(seeds), draw(rules), status, str(moves), nodes, seconds, line]


@st.composite
def play_rows(draw: st.DrawFn) -> list[str]:
    """A row as the play command writes it (won and stop agree)."""
    stop = draw(st.sampled_from(["won", "no move", "stuck", "repeat", "move cap"]))
    strategy = draw(st.sampled_from(["expose", "expose", "kings"]))
    cards = draw(st.integers(0, 52))
    return [
        *(draw(variants), draw(seeds), draw(rules), strategy, str(stop == "won")),
        *(draw(counts), str(cards), "52", stop),
    ]


def damaged(rows: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    """A row with one field replaced by arbitrary text, or fields cut off or added."""

    @st.composite
    def build(draw: st.DrawFn) -> list[str]:
        row = draw(rows)
        how = draw(st.sampled_from(["field", "short", "long"]))
        if how == "short":
            return row[: draw(st.integers(0, len(row) - 1))]
        if how == "long":
            return [*row, draw(st.text(max_size=5))]
        row[draw(st.integers(0, len(row) - 1))] = draw(st.text(max_size=8))
        return row

    return build()


@st.composite
def files(draw: st.DrawFn, command: str) -> bytes:
    """File contents near the real thing: a header, rows (mostly good, some repeated, some
    damaged), maybe a torn tail, maybe a few arbitrary bytes spliced in."""
    fields = FIELDS[command]
    good = solve_rows() if command == "solve" else play_rows()
    other = PLAY_FIELDS if command == "solve" else SOLVE_FIELDS
    header = draw(st.sampled_from([fields] * 12 + [other, fields[:-1], []]))
    rows = draw(st.lists(good, max_size=8))
    if rows and draw(st.booleans()):
        rows.append(list(draw(st.sampled_from(rows))))  # a repeated deal
    if draw(st.integers(0, 3)) == 0:
        rows.insert(draw(st.integers(0, len(rows))), draw(damaged(good)))
    buf = io.StringIO()
    csv.writer(buf, lineterminator=draw(st.sampled_from(["\r\n", "\n"]))).writerows(
        [header, *rows] if header else rows
    )
    data = buf.getvalue().encode("utf-8")
    if draw(st.booleans()):  # torn: a run stopped in the middle of a line
        data = data[: draw(st.integers(0, len(data)))]
    if draw(st.integers(0, 5)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    return data


def run(command: str, before: bytes | None) -> tuple[int, str, str, bytes]:
    """Run the command on a file holding ``before`` (None: no file); return the exit code,
    stdout, stderr and the file's bytes afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "out.csv")
        if before is not None:
            with open(path, "wb") as f:
                f.write(before)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*ARGS[command], "--out", path])
        with open(path, "rb") as f:
            after = f.read()
        return code, out.getvalue(), err.getvalue().replace(path, "out.csv"), after


def in_study(command: str, record: list[str]) -> bool:
    """Whether a CSV record is a row of the study the run asked for."""
    return (
        record[:1] == ["yukon"]
        and record[2:3] == [RULES]
        and (command == "solve" or record[3:4] == ["expose"])
        and record[1].isascii()
        and record[1].isdigit()
        and int(record[1]) in SEEDS
    )


def study_seeds(command: str, data: bytes) -> list[int]:
    """The seeds of the study's rows in ``data`` (complete lines of the file)."""
    records = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""))
    return [int(r[1]) for r in records if r and in_study(command, r)]


def check_contract(command: str, before: bytes | None, result: tuple) -> None:
    """The module's contract, checked from the outside: a refusal leaves the file as it
    was; a success only cut a torn line and appended each missing seed once, and its
    summary counts the first row of each requested seed (for the solver, its first verdict
    when an unknown row came before it)."""
    code, out, err, after = result
    assert "Traceback" not in err
    if code == 2:
        assert after == (before or b""), "a refused run changed the file"
        assert err.startswith("python -m yukon_widget: error: out.csv") and not out
        assert err.count("\n") == 1, err
        return
    assert code == 0, err
    kept = (before or b"")[: (before or b"").rfind(b"\n") + 1]  # all but a torn last line
    assert after.startswith(kept), "the run rewrote the file instead of appending"
    added = after[len(kept) :]
    assert not added or added.endswith(b"\n"), "the run left an unfinished line"
    records = [r for r in csv.reader(io.StringIO(after.decode("utf-8-sig"), newline="")) if r]
    assert records[0] == FIELDS[command]
    mine = [r for r in records[1:] if in_study(command, r)]
    first: dict[int, list[str]] = {}  # the row that counts for each seed
    for r in mine:
        seen = first.setdefault(int(r[1]), r)
        if command == "solve" and seen[3] == "unknown" and r[3] != "unknown":
            first[int(r[1])] = r  # a verdict counts over an earlier unknown
    old, new = study_seeds(command, kept), study_seeds(command, added)
    assert len(new) == len(set(new)), "a seed was written twice"
    assert not set(new) & set(old), "a seed already in the file was written again"
    assert set(old) | set(new) == set(first) == set(SEEDS), "a requested seed is missing"
    if command == "solve":
        tally = Counter(r[3] for r in first.values())
        row = re.search(r"^yukon +(\d+) +(\d+) +(\d+) +(\d+) ", out, re.M)
        assert row and [int(x) for x in row.groups()] == [
            3,
            *(tally[s] for s in ("won", "lost", "unknown")),
        ]
    else:
        won = sum(r[4].lower() == "true" for r in first.values())
        row = re.search(r"^yukon +expose +(\d+) +(\d+) ", out, re.M)
        assert row and [int(x) for x in row.groups()] == [3, won]


@SETTINGS
@given(command=st.sampled_from(["solve", "play"]), data=st.data())
def test_near_valid_files_keep_the_contract(command: str, data: st.DataObject) -> None:
    before = data.draw(files(command))
    result = run(command, before)
    event(f"exit {result[0]}" + (", cut a torn line" if "cut off" in result[2] else ""))
    check_contract(command, before, result)


@settings(SETTINGS, max_examples=150)
@given(command=st.sampled_from(["solve", "play"]), before=st.binary(max_size=120))
def test_arbitrary_bytes_keep_the_contract(command: str, before: bytes) -> None:
    result = run(command, before)
    event(f"exit {result[0]}")
    check_contract(command, before, result)


def test_a_missing_file_is_created() -> None:
    for command in ARGS:
        check_contract(command, None, run(command, None))
