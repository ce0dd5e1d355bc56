"""Statistics kept across sessions: a real SQLite file under $YUKON_WIDGET_HOME (conftest.py
gives every test a fresh one), written by real processes, damaged with real garbage."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import warnings
from datetime import datetime, timedelta, timezone
from pathlib import Path

import platformdirs
import pytest

import yukon_widget
from yukon_widget.scoreboard import (
    FILENAME,
    GameEntry,
    Scoreboard,
    StatisticsError,
    StatisticsWarning,
    default_path,
    home,
    statistics,
)

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def entry(game_id: str, result: str, k: int = 0, **fields) -> GameEntry:
    """A finished game ``k`` minutes after T0 (so the log's order is known)."""
    moment = T0 + timedelta(minutes=k)
    base = {"variant": "yukon", "seed": k, "rules": {"foundation_withdrawal": True},
            "moves": 100, "seconds": 300.0, "started_at": moment - timedelta(minutes=5),
            "finished_at": None if result == "playing" else moment}  # fmt: skip
    return GameEntry(game_id, result=result, **{**base, **fields})


def test_the_file_lives_under_yukon_widget_home(statistics_home):
    assert home() == statistics_home
    Scoreboard().record(entry("a", "won"))
    assert (statistics_home / FILENAME).is_file()
    assert statistics().path == statistics_home / FILENAME


def test_without_the_variable_the_users_data_folder_is_used(monkeypatch):
    monkeypatch.delenv("YUKON_WIDGET_HOME")
    assert default_path() == Path(platformdirs.user_data_dir("yukon-widget")) / FILENAME


def test_a_game_is_recorded_with_every_field_and_read_back():
    board = Scoreboard()
    assert board.record(
        entry("g1", "won", seed=2**64 - 1, moves=87, seconds=412.5, undos=2, hints=1,
              solver_hints=1, variant="moosehide", rules={"foundation_withdrawal": False})
    )  # fmt: skip
    [row] = yukon_widget.statistics().games
    assert (row.game_id, row.variant, row.seed, row.rules) == (
        "g1", "moosehide", 2**64 - 1, {"foundation_withdrawal": False},
    )  # fmt: skip
    assert (row.result, row.moves, row.seconds) == ("won", 87, 412.5)
    assert (row.undos, row.hints, row.solver_hints, row.perfect) == (2, 1, 1, False)
    assert row.finished_at == T0 and row.started_at == T0 - timedelta(minutes=5)
    # the file is a real SQLite database anyone can open
    with sqlite3.connect(default_path()) as conn:
        assert conn.execute("SELECT result, seed FROM games").fetchall() == [
            ("won", str(2**64 - 1))
        ]
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_streaks_follow_the_finished_games_in_order():
    board = Scoreboard()
    results = "WWLLLWWWWL" + "WW"
    # recorded out of order: the log follows when each game finished
    for k in reversed(range(len(results))):
        board.record(entry(f"g{k}", "won" if results[k] == "W" else "lost", k))
    board.record(entry("open", "playing", 5))  # played, not finished: counts, no streak
    rec = statistics("yukon").variants["yukon"]
    assert (rec.played, rec.won, rec.lost) == (13, 8, 4)
    assert rec.win_rate == pytest.approx(8 / 13)
    assert rec.current_streak == 2
    assert (rec.longest_win_streak, rec.longest_losing_streak) == (4, 3)
    assert [g.game_id for g in statistics().games][:3] == ["g0", "g1", "g2"]
    board.record(entry("g12", "lost", 12))
    board.record(entry("g13", "lost", 13))
    assert statistics()["yukon"].current_streak == -2


def test_fewest_moves_and_fastest_win_count_wins_only():
    board = Scoreboard()
    board.record(entry("a", "won", 1, moves=120, seconds=90.0))
    board.record(entry("b", "won", 2, moves=95, seconds=200.0))
    board.record(entry("c", "lost", 3, moves=10, seconds=5.0))
    rec = statistics()["yukon"]
    assert (rec.fewest_moves, rec.fastest_seconds) == (95, 90.0)
    other = statistics()["russian"]  # no games: nothing to report
    assert (other.played, other.win_rate, other.fewest_moves, other.fastest_seconds) == (
        0, None, None, None,
    )  # fmt: skip


def test_a_perfect_win_has_no_undo_and_no_hint():
    board = Scoreboard()
    board.record(entry("clean", "won", 1))
    board.record(entry("undo", "won", 2, undos=1))
    board.record(entry("hint", "won", 3, hints=1))
    board.record(entry("solver", "won", 4, solver_hints=1))
    board.record(entry("lost", "lost", 5))
    assert statistics()["yukon"].perfect_wins == 1
    assert [g.game_id for g in statistics().games if g.perfect] == ["clean"]


def test_a_game_is_never_counted_twice_and_a_finished_one_never_changes():
    board = Scoreboard()
    assert board.record(entry("g", "playing"))
    assert board.record(entry("g", "won", moves=80))
    assert not board.record(entry("g", "won", moves=60))  # undo after the win, won again
    assert not board.record(entry("g", "lost"))  # then New game
    [row] = statistics().games
    assert (row.result, row.moves) == ("won", 80)
    assert statistics()["yukon"].played == 1


def test_unknown_results_and_variants_are_refused():
    with pytest.raises(ValueError):
        Scoreboard().record(entry("g", "abandoned"))
    with pytest.raises(ValueError):
        statistics("klondike")


def _writer(home: str, name: str, count: int, barrier) -> None:
    os.environ["YUKON_WIDGET_HOME"] = home
    board = Scoreboard()
    barrier.wait()  # both processes write at the same time
    for k in range(count):
        board.record(entry(f"{name}-{k}", "playing", k))
        board.record(entry(f"{name}-{k}", "won" if k % 3 else "lost", k))


@pytest.mark.timeout(120)
def test_two_processes_writing_at_once_lose_nothing(statistics_home):
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    count = 150
    procs = [
        ctx.Process(target=_writer, args=(str(statistics_home), name, count, barrier))
        for name in ("left", "right")
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(100)
    assert [p.exitcode for p in procs] == [0, 0]
    games = statistics().games
    ids = {g.game_id for g in games}
    assert len(games) == 2 * count
    assert ids == {f"{n}-{k}" for n in ("left", "right") for k in range(count)}
    assert all(g.result != "playing" for g in games)
    assert statistics()["yukon"].won == 2 * sum(1 for k in range(count) if k % 3)


def test_a_damaged_file_is_kept_aside_and_a_fresh_one_started(statistics_home):
    path = statistics_home / FILENAME
    garbage = bytes(range(256)) * 64
    path.write_bytes(garbage)
    with pytest.warns(StatisticsWarning, match="damaged") as caught:
        stats = statistics()
    assert stats.games == [] and stats.variants == {}
    assert "kept aside as stats.sqlite3.corrupt-" in str(caught[0].message)
    [aside] = statistics_home.glob(f"{FILENAME}.corrupt-*")
    assert aside.read_bytes() == garbage  # kept exactly as it was
    Scoreboard().record(entry("after", "won"))  # the fresh database works
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # and says nothing more
        assert [g.game_id for g in statistics().games] == ["after"]


def test_a_database_from_a_newer_release_is_left_alone(statistics_home):
    path = statistics_home / FILENAME
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.raises(StatisticsError, match="newer yukon-widget"):
        statistics()
    assert path.read_bytes() == before
    assert not list(statistics_home.glob("*.corrupt-*"))


def test_a_folder_that_cannot_be_made_is_an_error_in_words(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("YUKON_WIDGET_HOME", str(blocker / "stats"))
    with pytest.raises(StatisticsError, match="Could not use the statistics file"):
        Scoreboard().record(entry("g", "won"))
