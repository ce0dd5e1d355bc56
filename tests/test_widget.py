"""The widget's Python side: state sent to the page, intents from it, callbacks, saves.

The page is stood in for by calling the widget's real message handler with the messages the
page sends; replies are collected from ``send``. The real page is driven in tests/browser.
"""

from __future__ import annotations

import asyncio
import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from positions import build

from yukon_widget import Game, IllegalMoveError, Move, Yukon
from yukon_widget.engine.record import to_record
from yukon_widget.widget.saves import SaveFileError


class Page:
    """Sends intents to a widget the way the page does, and keeps its replies."""

    def __init__(self, widget: Yukon) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = self.replies.append  # the comm has no page on the other end here

    def send(self, msg) -> dict | None:
        before = len(self.replies)
        self.widget._on_page_message(self.widget, msg, [])
        return self.replies[-1] if len(self.replies) > before else None


def test_state_hides_face_down_cards_and_lists_legal_moves():
    w = Yukon("yukon", seed=7)
    state = w.state
    assert [c["down"] for c in state["tableau"]] == [0, 1, 2, 3, 4, 5, 6]
    hidden = {c for col in w.game.position()["tableau"] for c in col["down"]}
    assert not hidden & set(json.dumps(state).replace('"', " ").replace(",", " ").split())
    legal = {(s, i, t) for s, i, t in state["legal"]}
    assert ("t2", 1, "t7") in legal  # JD with everything on it onto QS
    assert len(legal) == len(w.game.legal_moves())
    assert state["seed"] == 7 and state["status"] == "playing" and state["moves_made"] == 0


def test_state_size_is_small():
    assert len(json.dumps(Yukon("yukon", seed=7).state)) < 8192


def test_a_move_intent_plays_and_replaces_the_state():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    old = w.state
    assert page.send({"type": "move", "source": "t2", "index": 1, "target": "t7"}) is None
    assert w.state is not old and w.state["serial"] == old["serial"] + 1
    assert w.game.history == [Move("JD", "t2", "t7")]
    assert w.state["last"]["moves"][0] == {
        "card": "JD", "source": "t2", "index": 1, "target": "t7",
        "flipped": w.game.position()["tableau"][1]["up"][0],
    }  # fmt: skip
    assert "jack of diamonds to column 7" in w.state["announcement"]


def test_an_illegal_drop_is_rejected_with_the_engines_reason():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    before = w.game.position(), w.state
    reply = page.send({"type": "move", "source": "t1", "index": 0, "target": "t2"})
    assert reply["type"] == "rejected" and "4♥ cannot go on K♣" in reply["message"]
    assert (w.game.position(), w.state) == before


@pytest.mark.parametrize(
    "msg",
    [
        "move",
        ["move"],
        {"type": "teleport"},
        {"type": "move", "source": "t9", "index": 0, "target": "t1"},
        {"type": "move", "source": "t2", "index": 0, "target": "t7"},  # face down
        {"type": "move", "source": "t2", "index": 40, "target": "t7"},
        {"type": "move", "source": "t2", "index": "1", "target": "t7"},
        {"type": "move", "source": "t2", "index": True, "target": "t7"},
        {"type": "move", "source": 2, "index": 1, "target": "t7"},
        {"type": "move", "source": "t2", "index": 1},
        {"type": "move", "source": "f1", "index": None, "target": "t7"},  # empty foundation
        {"type": "move", "source": "t2", "index": 1, "target": "t7", "card": "AS"},
        {"type": "click", "source": "c1", "index": None},
        {"type": "new_game", "variant": "spider"},
        {"type": "new_game", "seed": -4},
        {"type": "new_game", "mode": "cheat"},
        {"type": "settings"},
        {"type": "settings", "click_to_move": "yes"},
        {"type": "undo"},
        {"type": "redo"},
    ],
)
def test_forged_messages_are_answered_and_change_nothing(msg):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    before = w.game.position(), w.state
    reply = page.send(msg)
    assert reply["type"] == "rejected" and reply["message"]
    assert (w.game.position(), w.state) == before


def test_click_sends_a_top_card_to_its_foundation_then_to_a_column():
    pos = build(columns=[["AS"], ["9D", "8C"], ["9H"], ["KC"], [], ["2C"]], rest_in=5)
    w = Yukon(game=Game.from_position(pos))
    page = Page(w)
    page.send({"type": "click", "source": "t1", "index": 0})
    assert w.game.history[-1] == Move("AS", "t1", "f1")
    page.send({"type": "click", "source": "t2", "index": 1})  # 8C onto the first red nine
    assert w.game.history[-1] == Move("8C", "t2", "t3")
    page.send({"type": "click", "source": "t4", "index": 0})  # a King to the first empty column
    assert w.game.history[-1] == Move("KC", "t4", "t1")
    two_of_clubs = w.state["tableau"][5]["down"]  # 2C is the only face-up card of t6
    reply = page.send({"type": "click", "source": "t6", "index": two_of_clubs})
    assert reply["type"] == "shake"


def test_click_to_move_can_be_switched_off():
    w = Yukon("yukon", seed=7, click_to_move=False)
    page = Page(w)
    assert w.state["settings"]["click_to_move"] is False
    assert page.send({"type": "click", "source": "t2", "index": 1})["type"] == "rejected"
    page.send({"type": "settings", "click_to_move": True})
    page.send({"type": "click", "source": "t2", "index": 1})
    assert w.game.moves_made == 1


def test_buttons_undo_redo_restart_and_new_game():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    start = w.game.position()
    page.send({"type": "move", "source": "t2", "index": 1, "target": "t7"})
    page.send({"type": "undo"})
    assert w.game.position() == start and w.state["can_redo"]
    page.send({"type": "redo"})
    assert w.game.moves_made == 1
    page.send({"type": "restart"})
    assert w.game.position() == start
    page.send({"type": "new_game", "variant": "double-yukon", "seed": 12, "mode": "random"})
    assert w.game.variant == "double-yukon" and w.game.seed == 12
    assert w.state["variant"] == "double-yukon" and len(w.state["tableau"]) == 10


def test_scripted_moves_update_the_state_and_fire_callbacks():
    w = Yukon("russian", seed=3)
    seen = []
    w.on_move(seen.append)
    move = w.game.legal_moves()[0]
    w.play(move)
    assert seen == [move] and w.state["moves_made"] == 1
    w.undo()
    assert w.state["moves_made"] == 0 and seen == [move]


def test_hand_moves_fire_callbacks_and_a_win_is_celebrated():
    pos = build(columns=[["KC"]], foundations={0: 13, 1: 13, 2: 13, 3: 12})
    w = Yukon(game=Game.from_position(pos))
    page = Page(w)
    moves, wins = [], []
    w.on_move(moves.append)
    w.on_win(wins.append)
    page.send({"type": "move", "source": "t1", "index": 0, "target": "f4"})
    assert moves == [Move("KC", "t1", "f4")] and wins == [w.game]
    assert w.state["status"] == "won" and "You won" in w.state["announcement"]


def test_two_widgets_are_independent_and_views_share_one_state():
    a, b = Yukon("yukon", seed=7), Yukon("yukon", seed=7)
    a.play(a.game.legal_moves()[0])
    assert b.game.moves_made == 0 and a.state["moves_made"] == 1


def outside_a_loop(fn):
    """Run ``fn`` in a fresh thread, where no asyncio loop is running, and return its result."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


def a_line(game: Game, length: int = 3) -> list[Move]:
    """The first ``length`` moves of a line played from ``game`` (on a copy)."""
    game, line = game.copy(), []
    for _ in range(length):
        line.append(game.play(game.legal_moves()[0]))
    return line


def test_animate_plays_each_move_in_turn_outside_a_loop():
    w = Yukon("yukon", seed=7)
    line = a_line(w.game)
    serials = []
    w.observe(lambda ch: serials.append(ch["new"]["serial"]), names="state")
    assert outside_a_loop(lambda: w.animate(line, delay=0)) is None
    assert w.game.history == line and len(serials) == 3


def test_animate_stops_at_an_illegal_move():
    w = Yukon("yukon", seed=7)
    with pytest.raises(IllegalMoveError):
        outside_a_loop(lambda: w.animate([w.game.legal_moves()[0], "KS t1-t1"], delay=0))
    assert w.game.moves_made == 1


def test_save_and_resume_with_history(tmp_path):
    path = tmp_path / "game.json"
    w = Yukon("double-yukon", seed=5, save=path)
    assert path.exists()
    for _ in range(4):
        w.play(w.game.legal_moves()[-1])
    w.undo()
    again = Yukon(save=path)
    assert again.game.position() == w.game.position()
    assert again.game.history == w.game.history and again.game.can_redo
    assert again.game.seed == 5
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@pytest.mark.parametrize("content", ["{not json", '{"format": "something else"}', "[]", ""])
def test_a_corrupt_or_foreign_save_is_never_overwritten(tmp_path, content):
    path = tmp_path / "mine.json"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=r"mine\.json"):
        Yukon(save=path)
    assert path.read_text() == content


def test_a_save_whose_moves_do_not_replay_is_refused(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path)
    w.play(w.game.legal_moves()[0])
    w.close()
    good = path.read_text()
    for bad in (
        good.replace(str(w.game.history[0]), "KS t1-t1"),  # a journal line that does not replay
        json.dumps(to_record(Game("yukon", seed=7)) | {"moves": ["KS t1-t1"]}),  # version 1
    ):
        path.write_text(bad)
        with pytest.raises(SaveFileError, match="do not replay"):
            Yukon(save=path)
        assert path.read_text() == bad


def test_animate_runs_in_the_background_inside_a_loop():
    w = Yukon("yukon", seed=7)
    line = a_line(w.game)

    async def watch() -> list:
        task = w.animate(line, delay=0.01)
        assert isinstance(task, asyncio.Task) and w.game.moves_made == 0
        await task
        return w.game.history

    assert asyncio.run(watch()) == line
