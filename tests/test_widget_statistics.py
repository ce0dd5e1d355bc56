"""The board keeps statistics and a clock: driven from Python and with the page's messages,
checked in the real statistics database (a fresh $YUKON_WIDGET_HOME per test, conftest.py)."""

from __future__ import annotations

import json
import warnings

import pytest
from positions import build

from yukon_widget import Game, Yukon, statistics
from yukon_widget.scoreboard import FILENAME, StatisticsWarning
from yukon_widget.widget import tally
from yukon_widget.widget.intents import IntentError, check_intent
from yukon_widget.widget.saves import load_save

STAT_KEYS = {
    "variant": str, "played": int, "won": int, "win_rate": (float, type(None)),
    "current_streak": int, "longest_win_streak": int, "longest_losing_streak": int,
    "fewest_moves": (int, type(None)), "fastest_seconds": (float, type(None)),
    "perfect_wins": int,
}  # fmt: skip


class Page:
    """Sends intents to a widget the way the page does, and keeps its replies."""

    def __init__(self, widget: Yukon) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = self.replies.append
        widget.page = self

    def send(self, msg) -> dict | None:
        before = len(self.replies)
        self.widget._on_page_message(self.widget, msg, [])
        return self.replies[-1] if len(self.replies) > before else None


class Clock:
    """The tally's clock, moved by hand (``tally.monotonic`` is read at every use)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(tally, "monotonic", fake)
    return fake


def two_to_win() -> Game:
    """Two moves from a win: Q♣ then K♣ to the clubs foundation."""
    return Game.from_position(
        build(columns=[["QC"], ["KC"]], foundations={0: 13, 1: 13, 2: 13, 3: 11})
    )


def win(w: Yukon) -> None:
    page = getattr(w, "page", None) or Page(w)
    page.send({"type": "move", "source": "t1", "index": 0, "target": "f4"})
    page.send({"type": "move", "source": "t2", "index": 0, "target": "f4"})
    assert w.game.is_won


def drag(w: Yukon) -> dict | None:
    """One legal move, sent as the page sends a drop; the reply (None: just a new state)."""
    page = getattr(w, "page", None) or Page(w)
    w.page = page
    s, i, t = w.state["legal"][0]
    return page.send({"type": "move", "source": s, "index": i, "target": t})


def test_the_state_carries_the_clock_and_the_record_in_the_documented_shapes():
    w = Yukon("russian", seed=3)
    state = json.loads(json.dumps(w.state))  # what the page gets
    assert state["clock"] == {"seconds": 0.0, "running": False}
    stats = state["statistics"]
    assert set(stats) == set(STAT_KEYS)
    for key, kind in STAT_KEYS.items():
        assert isinstance(stats[key], kind) and not isinstance(stats[key], bool), key
    assert stats["variant"] == "russian" and stats["played"] == 0 and stats["win_rate"] is None
    assert "show_clock" not in state["settings"]  # absent: the clock is on show


def test_the_first_move_makes_the_game_played(statistics_home):
    w = Yukon("yukon", seed=7)
    assert w.state["statistics"]["played"] == 0 and statistics().games == []
    assert drag(w) is None
    assert w.state["statistics"]["played"] == 1
    assert w.state["clock"]["running"] is True
    [row] = statistics().games
    assert (row.result, row.variant, row.seed) == ("playing", "yukon", 7)
    assert drag(w) is None  # later moves add no game
    assert len(statistics().games) == 1 and w.state["statistics"]["played"] == 1
    assert (statistics_home / FILENAME).exists()


def test_a_win_is_recorded_once_even_when_undone_and_won_again():
    w = Yukon(game=two_to_win())
    win(w)
    stats = w.state["statistics"]
    assert (stats["played"], stats["won"], stats["current_streak"]) == (1, 1, 1)
    assert (stats["fewest_moves"], stats["perfect_wins"]) == (2, 1)
    w.undo()  # the record is final: this undo does not spoil the perfect win
    w.move("KC", "f4")
    w.new_game()  # nor is the finished game lost when left
    [row] = statistics().games
    assert (row.result, row.moves, row.undos, row.perfect) == ("won", 2, 0, True)
    assert statistics()["yukon"].won == 1 and statistics()["yukon"].played == 1


def test_new_game_after_moves_is_a_loss_and_before_any_move_is_nothing():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    page.send({"type": "new_game", "variant": "yukon", "seed": 8, "mode": "random"})
    assert statistics().games == []  # no move: not played
    assert drag(w) is None
    page.send({"type": "undo"})
    page.send({"type": "new_game", "variant": "russian", "seed": 9, "mode": "random"})
    [row] = statistics().games
    assert (row.result, row.seed, row.undos, row.moves) == ("lost", 8, 1, 0)
    assert w.state["statistics"]["variant"] == "russian"  # the new deal's variant
    assert statistics()["yukon"].current_streak == -1


def test_restart_after_moves_is_a_loss_and_the_deal_is_a_new_game():
    w = Yukon("yukon", seed=7)
    assert drag(w) is None
    Page(w).send({"type": "restart"})
    assert [g.result for g in statistics().games] == ["lost"]
    assert w.state["clock"] == {"seconds": 0.0, "running": False}
    w.redo()
    games = statistics().games
    assert [g.result for g in games] == ["lost", "playing"]
    assert games[0].game_id != games[1].game_id and w.state["statistics"]["played"] == 2


def test_the_clock_runs_from_the_first_move_and_stops_at_the_win(clock):
    w = Yukon(game=two_to_win())
    clock.now += 500  # an untouched board: no time counts
    w.refresh()
    assert w.state["clock"] == {"seconds": 0.0, "running": False}
    w.move("QC", "f4")
    clock.now += 30
    w.refresh()
    assert w.state["clock"] == {"seconds": 30.0, "running": True}
    clock.now += 12.5
    w.move("KC", "f4")
    assert w.state["clock"] == {"seconds": 42.5, "running": False}
    clock.now += 100
    w.refresh()
    assert w.state["clock"]["seconds"] == 42.5
    assert statistics().games[0].seconds == 42.5
    assert w.state["statistics"]["fastest_seconds"] == 42.5


def test_a_resumed_game_is_the_same_game(tmp_path, clock):
    path = tmp_path / "g.json"
    w = Yukon(game=two_to_win(), save=path)
    w.move("QC", "f4")
    w.undo()
    w.hint()
    w.move("QC", "f4")
    clock.now += 75
    w.close()
    assert load_save(path).tally["seconds"] == 75.0
    clock.now += 3600  # the board stood closed: no time counts
    again = Yukon(save=path)
    assert again.state["clock"] == {"seconds": 75.0, "running": False}
    assert again.state["statistics"]["played"] == 1  # not a second game
    clock.now += 5
    again.move("KC", "f4")
    [row] = statistics().games
    assert (row.result, row.seconds, row.undos, row.hints) == ("won", 75.0, 1, 1)
    assert row.solver_hints == 1 and not row.perfect
    again.close()


def test_undo_and_hint_counts_survive_a_crash_without_close(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path, fair_hints=True)
    assert drag(w) is None
    w.undo()
    w.hint()
    assert drag(w) is None
    w.undo()
    saved = load_save(path)  # read as another kernel would, the board still open
    assert saved.tally["result"] == "playing" and saved.tally["id"]
    assert (saved.tally["undos"], saved.tally["hints"], saved.tally["solver_hints"]) == (2, 1, 0)
    w.close()


def test_the_save_keeps_the_clock_each_minute_and_at_the_win(tmp_path, clock):
    path = tmp_path / "g.json"
    w = Yukon(game=two_to_win(), save=path)
    w.move("QC", "f4")
    w.undo()
    clock.now += 30
    w.redo()
    assert load_save(path).tally["seconds"] == 0.0  # moves alone add no line
    clock.now += 31
    w.undo()
    assert load_save(path).tally["seconds"] == 61.0  # a minute of play: kept
    clock.now += 4
    w.redo()
    w.move("KC", "f4")
    kept = load_save(path).tally  # the board still open, as after a crash
    assert (kept["result"], kept["seconds"], kept["undos"]) == ("won", 65.0, 2)
    w.close()


def test_hints_count_and_fair_hints_never_count_as_the_solvers():
    w = Yukon("yukon", seed=7, fair_hints=True)
    assert drag(w) is None
    Page(w).send({"type": "hint"})
    w.new_game()
    [row] = statistics().games
    assert (row.hints, row.solver_hints) == (1, 0)


def test_a_failing_statistics_file_is_a_notice_and_the_game_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("YUKON_WIDGET_HOME", str(blocker / "stats"))
    with pytest.warns(StatisticsWarning, match="Not a directory"):
        w = Yukon("yukon", seed=7)
    assert w.state["statistics"] is None
    assert "Statistics are not kept for now; the game goes on." in w.state["announcement"]
    page = Page(w)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # told once, at the start: not at every move
        assert drag(w) is None
        assert drag(w) is None
        w.new_game()
    assert w.game.moves_made == 0 and w.state["statistics"] is None
    assert page.replies == []
    blocker.unlink()
    blocker.mkdir()  # the folder can be made now
    reply = drag(w)
    assert reply == {"type": "notice", "message": "Statistics are kept again."}
    assert w.game.moves_made == 1 and "kept again" in w.state["announcement"]
    assert w.state["statistics"]["played"] == 1
    assert [g.result for g in statistics().games] == ["playing"]


def test_a_damaged_statistics_file_is_replaced_and_the_board_says_so(statistics_home):
    (statistics_home / FILENAME).write_bytes(b"\x00garbage\xff" * 500)
    with pytest.warns(StatisticsWarning):
        w = Yukon("yukon", seed=7)
    assert "damaged" in w.state["announcement"]
    assert w.state["statistics"]["played"] == 0
    assert list(statistics_home.glob(f"{FILENAME}.corrupt-*"))
    assert drag(w) is None
    assert statistics()["yukon"].played == 1


def _page_may_set_show_clock() -> bool:
    try:
        check_intent({"type": "settings", "show_clock": False}, Game())
    except IntentError:
        return False
    return True


def test_show_clock_is_a_saved_setting(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path, show_clock=False)
    assert w.state["settings"]["show_clock"] is False
    w.close()
    again = Yukon(save=path)
    assert again.settings["show_clock"] is False
    again.close()


@pytest.mark.skipif(
    not _page_may_set_show_clock(), reason="intents.py does not accept show_clock yet"
)
def test_the_page_switches_the_clock_off():
    w = Yukon("yukon", seed=7)
    assert Page(w).send({"type": "settings", "show_clock": False}) is None
    assert w.state["settings"]["show_clock"] is False
