"""The batch command line: seeds, CSV output, and resuming after a hard kill."""

from __future__ import annotations

import contextlib
import csv
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest

from yukon_widget.__main__ import PLAY_FIELDS, SOLVE_FIELDS, main, parse_seeds


def _rows(path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_parse_seeds():
    assert parse_seeds("1-5") == [1, 2, 3, 4, 5]
    assert parse_seeds("3, 9-11,3") == [3, 9, 10, 11]
    for bad in ("", "5-1", "x"):
        with pytest.raises(Exception, match="seed"):
            parse_seeds(bad)


def test_solve_writes_csv_and_summary(tmp_path, capsys):
    out = tmp_path / "r.csv"
    args = ["solve", "--seeds", "1-4", "--node-limit", "2000", "--workers", "1"]
    assert main([*args, "--out", str(out), "--no-progress"]) == 0
    rows = _rows(out)
    assert list(rows[0]) == SOLVE_FIELDS
    assert sorted(int(r["seed"]) for r in rows) == [1, 2, 3, 4]
    won = [r for r in rows if r["status"] == "won"]
    assert won and all(len(r["line"].split(";")) == int(r["moves"]) for r in won)
    table = capsys.readouterr().out
    assert "winnable" in table and "yukon" in table


def test_solve_by_beam_writes_wins_and_unknowns_never_losses(tmp_path, capsys):
    """--beam WIDTH: a beam search alone, which wins or says unknown (deal 4,954 without
    withdrawals is lost, deal 2,510 won by a beam of 250 within 200,000 positions)."""
    out = tmp_path / "r.csv"
    args = ["solve", "--no-withdrawal", "--seeds", "2510,4954", "--beam", "250"]
    args += ["--node-limit", "200000", "--time-limit", "0", "--workers", "1", "--no-progress"]
    assert main([*args, "--out", str(out)]) == 0
    rows = {int(r["seed"]): r for r in _rows(out)}
    assert rows[2510]["status"] == "won" and int(rows[2510]["moves"]) > 0
    assert rows[4954]["status"] == "unknown"
    capsys.readouterr()
    # a beam and the exhaustive search at once, or a beam of no width, are refused
    for bad in (["--beam", "250", "--exhaustive"], ["--beam", "0"]):
        with pytest.raises(SystemExit) as stop:
            main(["solve", "--seeds", "1", "--out", str(tmp_path / "x.csv"), *bad])
        assert stop.value.code == 2
    assert not (tmp_path / "x.csv").exists()


def test_resume_cuts_a_torn_line_and_skips_done_seeds(tmp_path, capsys):
    out = tmp_path / "p.csv"
    base = ["play", "--strategy", "expose", "--workers", "1", "--no-progress", "--out", str(out)]
    main([*base, "--seeds", "1-3"])
    with open(out, "a") as f:
        f.write("yukon,4,foundation_withdrawal=tr")  # killed in the middle of a line
    capsys.readouterr()
    main([*base, "--seeds", "1-6"])
    rows = _rows(out)
    assert list(rows[0]) == PLAY_FIELDS
    assert sorted(int(r["seed"]) for r in rows) == [1, 2, 3, 4, 5, 6]
    captured = capsys.readouterr()
    assert "3 of 6 seeds already done" in captured.err
    assert re.search(r"^yukon +expose +6 +0 ", captured.out, re.M)  # 6 played, none won
    # A different variant in the same file is a different study: nothing is skipped.
    main([*base, "--seeds", "1-2", "--variant", "russian"])
    assert Counter(r["variant"] for r in _rows(out)) == {"yukon": 6, "russian": 2}


def _children(pid: int) -> set[int]:
    """Child process ids of ``pid`` (Linux /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _workers_leave_when_killed(proc: subprocess.Popen, workers: set[int], within: float) -> bool:
    """SIGKILL the run ``proc`` (its main process only) and wait up to ``within`` seconds for
    its pool ``workers`` to be gone; whether they all are."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(map(_alive, workers)):
        time.sleep(0.1)
    return not any(map(_alive, workers))


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
def test_resumes_after_sigkill(tmp_path):
    """SIGKILL the run once two seeds are written, run it again: every seed ends up in the
    file exactly once. Only the main process is killed: its pool workers must notice and
    leave on their own rather than wait for work forever."""
    out = tmp_path / "k.csv"
    seeds = 24
    cmd = [sys.executable, "-m", "yukon_widget", "solve", "--seeds", f"1-{seeds}"]
    cmd += ["--node-limit", "6000", "--workers", "2", "--no-progress", "--out", str(out)]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and proc.poll() is None:
            if out.exists() and out.read_text().count("\n") >= 3:  # header + 2 rows
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before it could be killed"
        workers = _children(proc.pid)
        assert workers
        assert _workers_leave_when_killed(proc, workers, 10), "pool workers outlived their parent"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the session this test started
        proc.wait()
    first = _rows(out)
    assert 2 <= len(first) < seeds
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "already done" in done.stderr
    counts = Counter(int(r["seed"]) for r in _rows(out))
    assert counts == Counter(range(1, seeds + 1))


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time of ``pid`` so far (Linux /proc), 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
def test_a_worker_in_a_long_deal_leaves_when_its_run_is_killed(tmp_path):
    """A deal of the exhaustive search can take an hour, most of it in the compiled core,
    which does not let the worker's watch thread run: the solve itself must notice that its
    run is gone and leave, not search on for nobody."""
    out = tmp_path / "long.csv"
    cmd = [sys.executable, "-m", "yukon_widget", "solve", "--seeds", "75", "--exhaustive"]
    cmd += ["--node-limit", "400000000", "--time-limit", "0", "--workers", "1"]
    cmd += ["--no-progress", "--out", str(out)]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        # Wait until the worker is deep in the deal: two CPU seconds of searching.
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        while time.monotonic() < deadline and proc.poll() is None:
            workers = _children(proc.pid)
            if workers and max(map(_cpu_seconds, workers)) >= 2.0:
                break
            time.sleep(0.1)
        assert proc.poll() is None and workers, "the run ended before it could be killed"
        assert _workers_leave_when_killed(proc, workers, 20), "the worker searched on for nobody"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the session this test started
        proc.wait()
    assert [r["seed"] for r in _rows(out)] == []  # nothing half-written: no row, or none yet


# --- Bad files and bad arguments: a clear message and exit code 2, the file left as it was.

SOLVE = ["solve", "--node-limit", "1000", "--workers", "1", "--no-progress"]
PLAY = ["play", "--strategy", "expose", "--max-moves", "40", "--workers", "1", "--no-progress"]


def _write_rows(path, rows: list[list[str]]) -> None:
    """Rows exactly as the command line writes them: CSV with CRLF line endings."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)


def _raw(path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _refused(capsys, path, argv: list[str], *needles: str) -> str:
    """Run ``argv``: it must exit with code 2 and say ``needles`` on stderr, and ``path``
    must be exactly as before (or still missing)."""
    before = path.read_bytes() if path.is_file() else None
    assert main(argv) == 2
    captured = capsys.readouterr()
    for needle in needles:
        assert needle in captured.err
    assert "Traceback" not in captured.err and not captured.out
    assert (path.read_bytes() if path.is_file() else None) == before
    return captured.err


@pytest.fixture
def solved(tmp_path, capsys):
    """A solver file holding seeds 1-3 (lines 2-4), some decided: the tests that count
    verdicts need one (at 1,000 positions seeds 1 and 3 were won, at 300 none was)."""
    out = tmp_path / "s.csv"
    assert main([*SOLVE, "--seeds", "1-3", "--out", str(out)]) == 0
    capsys.readouterr()
    assert {r[3] for r in _raw(out)[1:]} & {"won", "lost"}, "no verdict at this budget"
    return out


@pytest.fixture
def played(tmp_path, capsys):
    """A play-out file holding seeds 1-3 (lines 2-4)."""
    out = tmp_path / "p.csv"
    assert main([*PLAY, "--seeds", "1-3", "--out", str(out)]) == 0
    capsys.readouterr()
    return out


@pytest.mark.parametrize(
    ("field", "junk"),
    [("status", "maybe"), ("seconds", "abc"), ("nodes", "x"), ("seed", "two"), ("seconds", "nan")],
)
def test_a_junk_solver_row_is_refused_naming_its_line(solved, capsys, field, junk):
    rows = _raw(solved)
    rows[2][SOLVE_FIELDS.index(field)] = junk
    _write_rows(solved, rows)
    argv = [*SOLVE, "--seeds", "1-4", "--out", str(solved)]
    _refused(capsys, solved, argv, f"{solved} line 3", field, repr(junk))


@pytest.mark.parametrize(("field", "junk"), [("won", "maybe"), ("moves", "abc"), ("stop", "bored")])
def test_a_junk_play_row_is_refused_naming_its_line(played, capsys, field, junk):
    rows = _raw(played)
    rows[2][PLAY_FIELDS.index(field)] = junk
    _write_rows(played, rows)
    argv = [*PLAY, "--seeds", "1-4", "--out", str(played)]
    _refused(capsys, played, argv, f"{played} line 3", field, repr(junk))


def test_a_complete_row_with_fields_missing_is_refused_not_resolved(solved, capsys):
    rows = _raw(solved)
    rows[2] = rows[2][:2]
    _write_rows(solved, rows)
    argv = [*SOLVE, "--seeds", "1-3", "--out", str(solved)]
    _refused(capsys, solved, argv, f"{solved} line 3", "2 fields")


@pytest.mark.parametrize(
    ("damage", "needle"),
    [
        ((b"yukon,", b"yuk\xffon,"), "UTF-8"),
        ((b"yukon,", b"yukon\x00,"), "NUL"),
        ((b"yukon,", b"yukon," + b"x" * 200_000), "field"),
        ((b"yukon,", b'"yukon,'), "CSV"),
    ],
    ids=["utf8", "nul", "huge-field", "open-quote"],
)
def test_bytes_that_are_not_csv_text_are_refused(solved, capsys, damage, needle):
    lines = solved.read_bytes().splitlines(keepends=True)
    lines[2] = lines[2].replace(*damage)
    solved.write_bytes(b"".join(lines))
    argv = [*SOLVE, "--seeds", "1-4", "--out", str(solved)]
    _refused(capsys, solved, argv, f"{solved} line 3", needle)


def test_duplicate_rows_count_once(solved, capsys):
    data = solved.read_bytes()
    lines = data.splitlines(keepends=True)
    solved.write_bytes(data + lines[2] + lines[2])  # seed 2 three times
    before = solved.read_bytes()
    assert main([*SOLVE, "--seeds", "1-3", "--out", str(solved)]) == 0
    captured = capsys.readouterr()
    assert "3 of 3 seeds already done, 0 to go" in captured.err
    assert "2 repeated rows" in captured.err and "disagree" not in captured.err
    assert re.search(r"^yukon +3 ", captured.out, re.M)  # 3 deals, not 5
    assert solved.read_bytes() == before


def test_duplicate_rows_that_disagree_are_named(solved, capsys):
    rows = _raw(solved)
    i = next(i for i, r in enumerate(rows) if r[3] in ("won", "lost"))
    first = rows[i]
    other = "lost" if first[3] == "won" else "won"
    _write_rows(solved, [*rows, [*first[:3], other, "0", first[5], first[6], ""]])
    assert main([*SOLVE, "--seeds", "1-3", "--out", str(solved)]) == 0
    captured = capsys.readouterr()
    pattern = rf"lines {i + 1} and 5 disagree on seed {first[1]}\b.*counting line {i + 1}"
    assert re.search(pattern, captured.err)
    statuses = Counter(r[3] for r in rows[1:])  # the first row of each seed counts
    won, lost, unknown = (statuses[s] for s in ("won", "lost", "unknown"))
    assert re.search(rf"^yukon +3 +{won} +{lost} +{unknown} ", captured.out, re.M)


def test_a_verdict_counts_over_an_earlier_unknown_without_a_clash(solved, capsys):
    rows = _raw(solved)
    i = next(i for i, r in enumerate(rows) if r[3] in ("won", "lost"))
    decided = rows[i]
    unknown = [*decided[:3], "unknown", "0", decided[5], decided[6], ""]
    others = [r for r in rows[1:] if r is not decided]
    _write_rows(solved, [rows[0], unknown, *others, decided])
    assert main([*SOLVE, "--seeds", "1-3", "--out", str(solved)]) == 0
    captured = capsys.readouterr()
    assert "disagree" not in captured.err
    statuses = Counter(r[3] for r in rows[1:])  # the verdict counts, not the unknown
    won, lost, unknown_n = (statuses[s] for s in ("won", "lost", "unknown"))
    assert re.search(rf"^yukon +3 +{won} +{lost} +{unknown_n} ", captured.out, re.M)


def _unknown_rows(rules: str, seeds) -> list[list[str]]:
    """Rows of a budget that ran out on each seed, as the command line writes them."""
    return [["yukon", str(s), rules, "unknown", "0", "5", "0.1", ""] for s in seeds]


def test_settled_by_leaves_out_what_the_other_withdrawal_rule_settles(tmp_path, capsys):
    # A win without withdrawals is a win with them: a retry with them leaves it out.
    without = tmp_path / "without.csv"
    assert main([*SOLVE, "--no-withdrawal", "--seeds", "1-3", "--out", str(without)]) == 0
    capsys.readouterr()
    won = {int(r[1]) for r in _raw(without)[1:] if r[3] == "won"}
    assert won, "no win without withdrawals at this budget"
    with_ = tmp_path / "with.csv"
    _write_rows(with_, [SOLVE_FIELDS, *_unknown_rows("foundation_withdrawal=true", (1, 2, 3))])
    retry = [*SOLVE, "--seeds", "1-3", "--retry-unknown", "--settled-by", str(without)]
    assert main([*retry, "--out", str(with_)]) == 0
    err = capsys.readouterr().err
    assert f"{len(won)} of the 3 seeds to do are won without withdrawals there" in err
    assert {int(r[1]) for r in _raw(with_)[4:]} == {1, 2, 3} - won
    # A loss with withdrawals is a loss without them; a win with them settles nothing there.
    lost_with = tmp_path / "lost-with.csv"
    _write_rows(
        lost_with,
        [
            SOLVE_FIELDS,
            ["yukon", "2", "foundation_withdrawal=true", "lost", "0", "9", "0.1", ""],
            ["yukon", "3", "foundation_withdrawal=true", "won", "1", "9", "0.1", "AS t1-f1"],
        ],
    )
    nowd = tmp_path / "nowd.csv"
    _write_rows(nowd, [SOLVE_FIELDS, *_unknown_rows("foundation_withdrawal=false", (2, 3))])
    argv = [*SOLVE, "--no-withdrawal", "--seeds", "2-3", "--retry-unknown"]
    assert main([*argv, "--settled-by", str(lost_with), "--out", str(nowd)]) == 0
    assert "1 of the 2 seeds to do are lost with withdrawals there" in capsys.readouterr().err
    assert [r[1] for r in _raw(nowd)[3:]] == ["3"]


def test_settled_by_a_file_of_the_same_rule_is_refused(solved, capsys, tmp_path):
    out = tmp_path / "retry.csv"
    _write_rows(out, [SOLVE_FIELDS, *_unknown_rows("foundation_withdrawal=true", (1, 2, 3))])
    argv = [*SOLVE, "--seeds", "1-3", "--retry-unknown", "--settled-by", str(solved)]
    _refused(capsys, out, [*argv, "--out", str(out)], "settles nothing here")
    missing = tmp_path / "missing.csv"
    argv = [*SOLVE, "--seeds", "1-3", "--settled-by", str(missing)]
    _refused(capsys, out, [*argv, "--out", str(out)], "cannot read")


def test_an_empty_or_header_only_file_is_a_fresh_start(tmp_path, capsys):
    for content in (b"", ",".join(SOLVE_FIELDS).encode() + b"\r\n"):
        out = tmp_path / "e.csv"
        out.write_bytes(content)
        assert main([*SOLVE, "--seeds", "1-2", "--out", str(out)]) == 0
        rows = _raw(out)
        assert rows[0] == SOLVE_FIELDS and sorted(r[1] for r in rows[1:]) == ["1", "2"]
        assert re.search(r"^yukon +2 ", capsys.readouterr().out, re.M)


@pytest.mark.parametrize(
    "content",
    [
        b"a,b\r\n",
        b"\r\nvariant,seed\r\n",
        b"hello",  # not ours, and no line ending: never cut off as a torn line
        ",".join(PLAY_FIELDS).encode() + b"\r\n",
    ],
    ids=["other-columns", "blank-first-line", "no-newline", "play-file"],
)
def test_a_file_with_other_columns_is_refused_untouched(tmp_path, capsys, content):
    out = tmp_path / "x.csv"
    out.write_bytes(content)
    _refused(capsys, out, [*SOLVE, "--seeds", "1-2", "--out", str(out)], str(out), "--out")


def test_two_files_joined_are_refused_with_a_hint(solved, capsys):
    solved.write_bytes(solved.read_bytes() * 2)
    argv = [*SOLVE, "--seeds", "1-3", "--out", str(solved)]
    _refused(capsys, solved, argv, f"{solved} line 5", "header")


def test_out_paths_that_cannot_be_written(tmp_path, capsys):
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("x")
    for out, needle in [
        (tmp_path / "dir", "directory"),
        (tmp_path / "missing" / "r.csv", "No such file"),
        (tmp_path / "file" / "r.csv", "Not a directory"),
    ]:
        _refused(capsys, out, [*SOLVE, "--seeds", "1", "--out", str(out)], str(out), needle)
        assert not (tmp_path / "missing").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_a_read_only_file_is_refused(solved, capsys):
    solved.chmod(0o444)
    _refused(capsys, solved, [*SOLVE, "--seeds", "1-4", "--out", str(solved)], "ermission")


def test_a_fifo_is_refused_not_waited_on(tmp_path):
    """A pipe as --out would block the run forever (or feed it junk): refuse it."""
    out = tmp_path / "pipe"
    os.mkfifo(out)
    cmd = [sys.executable, "-m", "yukon_widget", *SOLVE, "--seeds", "1", "--out", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr


@pytest.mark.parametrize(
    "bad",
    [
        ["--workers", "0"],
        ["--workers", "-1"],
        ["--workers", "100000"],  # thousands of forks
        ["--node-limit", "0"],
        ["--time-limit", "nan"],
        ["--seeds", "18446744073709551616"],
        ["--seeds", "1-100000000000"],  # would fill memory
    ],
)
def test_bad_arguments_exit_2_and_write_nothing(tmp_path, capsys, bad):
    out = tmp_path / "r.csv"
    argv = [*SOLVE, "--seeds", "1", *bad, "--out", str(out)]
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
    assert not out.exists()


def test_play_with_a_negative_move_cap_exits_2(tmp_path, capsys):
    out = tmp_path / "p.csv"
    with pytest.raises(SystemExit) as exit_:
        main([*PLAY, "--seeds", "1", "--max-moves", "-1", "--out", str(out)])
    assert exit_.value.code == 2 and not out.exists()


def test_without_fcntl_the_run_warns_and_goes_on(tmp_path, capsys, monkeypatch):
    import yukon_widget.__main__ as cli

    monkeypatch.setattr(cli, "fcntl", None, raising=False)
    out = tmp_path / "r.csv"
    assert main([*SOLVE, "--seeds", "1-2", "--out", str(out)]) == 0
    assert "cannot lock" in capsys.readouterr().err
    assert sorted(r[1] for r in _raw(out)[1:]) == ["1", "2"]


def _cli(out, seeds: str, nodes: int) -> list[str]:
    return [sys.executable, "-m", "yukon_widget", "solve", "--seeds", seeds, "--node-limit",
            str(nodes), "--workers", "1", "--no-progress", "--out", str(out)]  # fmt: skip


def _wait_for_lines(proc: subprocess.Popen, path, lines: int) -> None:
    """Wait (up to a generous bound) until ``path`` has ``lines`` complete lines."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= lines:
            return
        time.sleep(0.01)
    raise AssertionError(f"{path} never reached {lines} lines (run ended: {proc.poll()})")


def test_a_second_run_on_a_file_in_use_is_refused(tmp_path):
    """Freeze a run mid-way (it holds the file), start a second on the same file: the second
    refuses without writing; the first then finishes; every seed is in the file once."""
    out = tmp_path / "busy.csv"
    seeds = 100
    first = subprocess.Popen(
        _cli(out, f"1-{seeds}", 3000),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        _wait_for_lines(first, out, 2)  # the header and one finished deal
        os.kill(first.pid, signal.SIGSTOP)
        assert first.poll() is None, "the first run ended before it could be frozen"
        frozen = out.read_bytes()
        assert frozen.count(b"\n") < seeds + 1
        second = subprocess.run(
            _cli(out, f"1-{seeds}", 3000), capture_output=True, text=True, timeout=60
        )
        assert second.returncode == 2
        assert f"another run is writing {out}" in second.stderr
        assert "Traceback" not in second.stderr
        assert out.read_bytes() == frozen
        os.kill(first.pid, signal.SIGCONT)
        assert first.wait(timeout=120) == 0, first.stderr.read() if first.stderr else ""
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(first.pid, signal.SIGCONT)
            os.killpg(first.pid, signal.SIGKILL)
        first.wait()
        if first.stderr:
            first.stderr.close()
    assert Counter(int(r["seed"]) for r in _rows(out)) == Counter(range(1, seeds + 1))
    again = subprocess.run(_cli(out, f"1-{seeds}", 3000), capture_output=True, text=True)
    assert again.returncode == 0 and f"{seeds} of {seeds} seeds already done" in again.stderr


def test_two_runs_started_together_write_each_seed_once(tmp_path):
    out = tmp_path / "both.csv"
    procs = [
        subprocess.Popen(_cli(out, "1-60", 1000), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    results = [(*p.communicate(timeout=120), p.returncode) for p in procs]
    for _, err, code in results:
        assert code == 0 or (code == 2 and b"another run is writing" in err), err
        assert b"Traceback" not in err
    assert Counter(int(r["seed"]) for r in _rows(out)) == Counter(range(1, 61))


def _file_size_limit(limit: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.skipif(sys.platform != "linux", reason="a file size limit stands in for a full disk")
def test_a_full_disk_stops_the_run_clearly_and_it_resumes(tmp_path):
    out = tmp_path / "full.csv"
    cmd = [sys.executable, "-m", "yukon_widget", *PLAY, "--seeds", "1-12", "--out", str(out)]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    full = subprocess.run(
        cmd, capture_output=True, text=True, env=env, preexec_fn=_file_size_limit(300)
    )
    assert full.returncode == 2, full.stderr
    assert f"cannot write {out}" in full.stderr and "Traceback" not in full.stderr
    kept = out.read_bytes()
    assert 0 < len(kept) <= 300
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(kept[: kept.rfind(b"\n") + 1])
    assert Counter(int(r["seed"]) for r in _rows(out)) == Counter(range(1, 13))


def test_summarize_names_the_bad_value_and_deal():
    from yukon_widget.study import summarize

    bad_seconds = {"variant": "yukon", "seed": "7", "status": "won", "seconds": "abc"}
    with pytest.raises(ValueError, match=r"seconds 'abc' is not a number \(yukon seed 7\)"):
        summarize([bad_seconds])
    play = {"variant": "yukon", "seed": "7", "strategy": "expose", "won": "maybe"}
    with pytest.raises(ValueError, match=r"won 'maybe' is not true or false \(yukon seed 7\)"):
        summarize([{**play, "moves": "3", "foundation": "1", "stop": "no move"}])


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
def test_a_killed_runs_lock_does_not_outlive_it_in_its_workers(tmp_path):
    """Pool workers inherit the locked file; when the run is killed they linger a moment.
    Freeze them to make that moment last: a rerun must still get the file at once."""
    out = tmp_path / "orphans.csv"
    first = subprocess.Popen(
        _cli(out, "1-400", 3000),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for_lines(first, out, 2)
        workers = _children(first.pid)
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGSTOP)
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        assert all(map(_alive, workers))
        again = subprocess.run(_cli(out, "1-20", 300), capture_output=True, text=True)
        assert again.returncode == 0, again.stderr
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(first.pid, signal.SIGKILL)  # the session this test started
        first.wait()
    counts = Counter(int(r["seed"]) for r in _rows(out))
    assert set(range(1, 21)) <= set(counts) and set(counts.values()) == {1}
