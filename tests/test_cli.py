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
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert workers
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(map(_alive, workers)):
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "pool workers outlived their parent"
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
