"""Whatever the page sends, Python answers in player words and keeps its game and state.

The page is stood in for by calling the widget's real message handler (the one ipywidgets
calls for a custom message) and, for trait updates, ``set_state`` (what a comm "update" from
the page calls). Replies are collected by replacing ``send``.
"""

from __future__ import annotations

import json
import logging
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from positions import build

from yukon_widget import Game, Move, Yukon
from yukon_widget.widget import board as board_module

# Pile ids and indexes are for programs; a player reads "column 3", "the spades foundation".
NOT_PLAYER_WORDS = re.compile(r"[tfc]\d|index", re.IGNORECASE)


class Page:
    """Sends what the page sends, and keeps every reply."""

    def __init__(self, widget: Yukon) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = self.replies.append  # no page on the other end of the comm here

    def send(self, msg) -> list[dict]:
        before = len(self.replies)
        self.widget._on_page_message(self.widget, msg, [])
        return self.replies[before:]


def snapshot(w: Yukon):
    g = w.game
    return g.position(), g.history, g.can_redo, json.dumps(w.state, sort_keys=True)


def assert_refused(w: Yukon, replies: list[dict], before) -> str:
    """Exactly one "rejected" reply in player words, and nothing changed."""
    assert len(replies) == 1, replies
    reply = replies[0]
    assert reply["type"] == "rejected"
    message = reply["message"]
    assert isinstance(message, str) and message
    assert not NOT_PLAYER_WORDS.search(message), message
    assert snapshot(w) == before
    return message


# ---------------------------------------------------------------- regressions


@pytest.mark.parametrize("kind", [[], {}, ["move"], {"a": 1}, [[]]])
def test_an_unhashable_type_is_refused_not_raised(kind):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    before = snapshot(w)
    assert_refused(w, page.send({"type": kind}), before)


def test_the_page_cannot_overwrite_the_state():
    w = Yukon("yukon", seed=7)
    sent = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    published = json.loads(json.dumps(w.state))
    forged = published | {"status": "won", "moves_made": 999, "legal": []}
    w.set_state({"state": forged})  # what a comm "update" from the page calls
    assert w.state == published
    updates = [m for m in sent if m.get("method") == "update" and "state" in m["state"]]
    assert updates and updates[-1]["state"]["state"] == published  # every view is told
    # Python's own updates still go through.
    w.play(w.game.legal_moves()[0])
    assert w.state["moves_made"] == 1


def test_an_error_in_a_move_callback_is_the_callbacks_not_a_rejection(caplog):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    calls = []

    def broken(move):
        calls.append(move)
        raise ValueError("a bug in the player's own callback")

    w.on_move(broken)
    with caplog.at_level(logging.WARNING):
        replies = page.send({"type": "move", "source": "t2", "index": 1, "target": "t7"})
    assert not [r for r in replies if r["type"] == "rejected"]
    assert w.game.history == [Move("JD", "t2", "t7")] == calls
    assert w.state["moves_made"] == 1
    assert "a bug in the player's own callback" in caplog.text  # shown, not swallowed


def test_callbacks_can_be_removed():
    pos = build(columns=[["KC"], ["KH"]], foundations={0: 13, 1: 12, 2: 13, 3: 12})
    w = Yukon(game=Game.from_position(pos))
    moves, wins = [], []
    w.on_move(moves.append)
    w.on_win(wins.append)
    w.on_move(moves.append, remove=True)
    w.on_win(wins.append, remove=True)
    w.play("KH t2-f2")
    w.play("KC t1-f4")
    assert w.game.is_won and moves == [] and wins == []


@pytest.mark.parametrize("field", ["source", "target"])
@pytest.mark.parametrize("spelling", [" t{}", "t{} ", "T{}", "t{}\n", "\tt{}"])
def test_pile_ids_must_be_exact_as_source_and_as_target(field, spelling):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    msg = {"type": "move", "source": "t2", "index": 1, "target": "t7"}
    msg[field] = spelling.format(msg[field][1:])
    before = snapshot(w)
    assert_refused(w, page.send(msg), before)


def test_a_click_on_a_card_that_has_moved_says_so_in_player_words():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    page.send({"type": "click", "source": "t2", "index": 1})  # JD and its group leave t2
    before = snapshot(w)
    message = assert_refused(w, page.send({"type": "click", "source": "t2", "index": 5}), before)
    assert message == "That card has already moved."


@pytest.mark.parametrize(
    ("msg", "words"),
    [
        # 4♥ onto the empty hearts foundation: the engine says "foundation f2 needs ...".
        ({"type": "move", "source": "t1", "index": 0, "target": "f2"}, "The hearts foundation"),
        ({"type": "move", "source": "t1", "index": 0, "target": "f1"}, "The spades foundation"),
        ({"type": "move", "source": "t2", "index": 1, "target": "t2"}, "column 2"),
        ({"type": "move", "source": "f3", "index": None, "target": "t1"}, "diamonds foundation"),
        ({"type": "move", "source": "t2", "index": 1, "target": "f1"}, "foundation"),
        ({"type": "undo"}, "no move to take back"),
        ({"type": "redo"}, "no move to play again"),
        ({"type": "auto_finish"}, "Auto-finish"),
    ],
)
def test_every_refusal_is_in_player_words(msg, words):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    before = snapshot(w)
    assert words in assert_refused(w, page.send(msg), before)


def test_refusals_name_cells_and_two_deck_foundations_for_people():
    cells = Yukon(
        game=Game.from_position(build("yukon-cells", [["KS"], ["QH"], ["2C"]], rest_in=2))
    )
    page = Page(cells)
    page.send({"type": "move", "source": "t1", "index": 0, "target": "c1"})
    before = snapshot(cells)
    message = assert_refused(
        cells, page.send({"type": "move", "source": "t2", "index": 0, "target": "c1"}), before
    )
    assert message.startswith("Free cell 1 already holds")
    double = Yukon("double-yukon", seed=3)
    page = Page(double)
    source = next(i for i, c in enumerate(double.state["tableau"]) if c["up"][-1][0] not in "A")
    column = double.state["tableau"][source]
    index = column["down"] + len(column["up"]) - 1
    msg = {"type": "move", "source": f"t{source + 1}", "index": index, "target": "f2"}
    before = snapshot(double)
    assert "Spades foundation 2" in assert_refused(double, page.send(msg), before)


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "move", "source": "t2", "index": 1, "target": "t7"},
        {"type": "click", "source": "t2", "index": 1},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "restart"},
        {"type": "new_game", "variant": "russian", "seed": 3},
        {"type": "settings", "safe_autoplay": True},
        {"type": "hint"},
    ],
)
def test_an_unexpected_error_puts_the_game_back_and_is_answered(msg, monkeypatch, caplog):
    w = Yukon("yukon", seed=7)
    page = Page(w)
    # A line of three moves with one taken back: a move clears the redo stack, undo and
    # restart pop the line, redo pushes: each must come back exactly.
    for move in ("JD t2-t7", "8C t7-t6", "4S t4-t7"):
        w.play(move)
    w.undo()
    if msg["type"] in ("move", "click"):
        w.restart()
    before = snapshot(w)
    real = board_module.build_state

    def fails_once(*args, **kwargs):
        monkeypatch.setattr(board_module, "build_state", real)
        raise RuntimeError("a bug while drawing the new state")

    monkeypatch.setattr(board_module, "build_state", fails_once)
    with caplog.at_level(logging.ERROR):
        replies = page.send(msg)
    assert replies == [{"type": "rejected", "message": board_module.OOPS, "intent": msg}]
    assert snapshot(w) == before
    assert "a bug while drawing the new state" in caplog.text
    # And the board still plays on from there.
    page.send({"type": "redo"})
    assert w.state["moves_made"] == w.game.moves_made > 0


def test_a_refused_message_is_answered_once_and_nothing_else_is_sent():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    before = snapshot(w)
    assert_refused(w, page.send({"type": "settings", "click_to_move": "yes"}), before)
    page.send({"type": "settings", "click_to_move": False})
    before = snapshot(w)
    assert "Click to move is off" in assert_refused(
        w, page.send({"type": "click", "source": "t2", "index": 1}), before
    )


# ---------------------------------------------------------------- fuzzing

TYPES = ["move", "click", "undo", "redo", "restart", "hint", "auto_finish", "new_game", "settings"]
FIELDS = ["type", "source", "index", "target", "variant", "seed", "mode", "click_to_move",
          "safe_autoplay", "card", "", "__proto__"]  # fmt: skip
odd_text = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "t1",
            "t2",
            "t7",
            "t8",
            "f1",
            "f4",
            "f9",
            "c1",
            " t1",
            "T2",
            "t01",
            "t1 ",
            "yukon",
            "russian",
            "Yukon",
            "random",
            "winnable",
            "daily",
            "cheat",
            "\x00",
            "t\u0661",
            "ｔ1",
        ]
    ),
)
numbers = st.one_of(
    st.integers(-3, 60),
    st.integers(),
    st.sampled_from([2**64, 2**64 - 1, -(2**63), 10**300]),
    st.builds(pow, st.just(10), st.just(5000)),  # past the 4,300 digits ints print with
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
)
scalars = st.one_of(st.none(), numbers, odd_text)
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
field_values = st.one_of(scalars, json_like)
PILES = [f"t{k}" for k in range(1, 8)] + [f"f{k}" for k in range(1, 5)]


def mostly(good: st.SearchStrategy, odd: st.SearchStrategy) -> st.SearchStrategy:
    """``good`` nine times in ten, ``odd`` otherwise (one_of would weigh each of odd's many
    alternatives like good, and well-formed messages would be rare)."""
    return st.integers(0, 9).flatmap(lambda k: good if k else odd)


piles = mostly(st.sampled_from(PILES), field_values)
indexes = mostly(st.one_of(st.none(), st.integers(0, 14)), field_values)
bools = mostly(st.booleans(), field_values)


def shaped(kind: str, **fields: st.SearchStrategy) -> st.SearchStrategy:
    """Intents of the right shape, some fields left out, values mostly plausible."""
    return st.fixed_dictionaries({"type": st.just(kind)}, optional=fields)


plausible = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("move"), "source": piles, "target": piles}, optional={"index": indexes}
    ),
    st.fixed_dictionaries({"type": st.just("click"), "source": piles}, optional={"index": indexes}),
    st.sampled_from(TYPES[2:7]).map(lambda kind: {"type": kind}),
    shaped(
        "new_game",
        variant=st.one_of(st.sampled_from(["yukon", "russian", "double-yukon"]), field_values),
        seed=st.one_of(st.none(), st.integers(0, 2**64 + 5), field_values),
        mode=st.one_of(st.sampled_from(["random", "winnable", "daily"]), field_values),
    ),
    shaped("settings", click_to_move=bools, safe_autoplay=bools),
)
intents = st.one_of(
    mostly(plausible, json_like),
    st.builds(
        lambda kind, fields: {"type": kind, **fields},
        st.one_of(st.sampled_from(TYPES), json_like),
        st.dictionaries(st.sampled_from(FIELDS[1:]), field_values, max_size=4),
    ),
)


def fresh_widget(moves: int) -> Yukon:
    game = Game("yukon", seed=7)
    for move in ("JD t2-t7", "8C t7-t6", "4S t4-t7")[:moves]:
        game.play(move)
    return Yukon(game=game)


def aimed(w: Yukon) -> st.SearchStrategy:
    """Drops and clicks of cards that are really face up on this board, onto any pile: the
    messages a page a step behind, or a careless player, sends (engine refusals, mostly)."""
    spots = [
        (col["id"], col["down"] + k) for col in w.state["tableau"] for k in range(len(col["up"]))
    ] + [(f["id"], None) for f in w.state["foundations"] if f["cards"]]
    spot = st.sampled_from(spots)
    return st.one_of(
        st.builds(
            lambda s, t: {"type": "move", "source": s[0], "index": s[1], "target": t},
            spot,
            st.sampled_from(PILES),
        ),
        st.builds(lambda s: {"type": "click", "source": s[0], "index": s[1]}, spot),
    )


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), moves=st.integers(0, 3))
def test_fuzzed_messages_never_raise_and_are_refused_cleanly(data, moves):
    w = fresh_widget(moves)
    msg = data.draw(st.one_of(intents, aimed(w)), label="msg")
    page = Page(w)
    before = snapshot(w)
    serial = w.state["serial"]
    replies = page.send(msg)  # must not raise
    refused = [r for r in replies if r["type"] == "rejected"]
    event(re.sub(r"\S*[♠♥♦♣]", "X", refused[0]["message"]) if refused else "usable")
    if refused:
        message = assert_refused(w, replies, before)
        assert message != board_module.OOPS  # that is for bugs: every case here is planned
    else:
        # A usable message: a new state, or a shake for a card with nowhere to go.
        assert w.state["serial"] > serial or [r["type"] for r in replies] == ["shake"]
        json.dumps(w.state)  # the state stays JSON for the page
    w.close()


# ---------------------------------------------------------------- player words, everywhere


@pytest.mark.parametrize("variant", ["yukon", "yukon-cells", "double-yukon", "russian"])
def test_no_refusal_of_any_kind_names_a_pile_id_or_an_index(variant):
    """Every illegal drop (every source, index and target), every click, and the plain
    intents that cannot be done: whatever the page can be refused, it reads player words."""
    w = Yukon(variant, seed=24, click_to_move=True)
    page = Page(w)
    ids = w.game.pile_ids
    seen = set()
    for source in ids:
        for index in (None, 0, 3, 6, 60):
            for target in ids:
                before = snapshot(w)
                replies = page.send(
                    {"type": "move", "source": source, "index": index, "target": target}
                )
                if replies:
                    seen.add(assert_refused(w, replies, before))
                elif w.game.moves_made:  # a legal move: put it back for the next one
                    w.undo()
            for index in (None, 0, 6):
                for reply in page.send({"type": "click", "source": source, "index": index}):
                    assert not NOT_PLAYER_WORDS.search(reply.get("message", "")), reply
                while w.game.can_undo:
                    w.undo()
    w = Yukon(variant, seed=24, click_to_move=False)
    page = Page(w)
    for msg in (
        {"type": "undo"},
        {"type": "redo"},
        {"type": "auto_finish"},
        {"type": "click", "source": "t1", "index": 0},
    ):
        before = snapshot(w)
        seen.add(assert_refused(w, page.send(msg), before))
    assert len(seen) > 10, seen  # many kinds of refusal were met, none spoke notation


def test_a_view_id_is_accepted_and_carried_back_in_the_refusal():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    msg = {"type": "undo", "view": "ykab12"}
    [reply] = page.send(msg)
    assert reply["type"] == "rejected" and reply["intent"] == msg
    page.send({"type": "move", "source": "t2", "index": 1, "target": "t7", "view": "ykab12"})
    assert w.game.moves_made == 1
    for bad in ("", 7, None, "x" * 41):
        before = snapshot(w)
        assert_refused(w, page.send({"type": "undo", "view": bad}), before)


def test_a_deal_number_past_2_53_comes_as_digits_and_is_dealt_exactly():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    page.send({"type": "new_game", "variant": "yukon", "seed": str(2**64 - 1), "mode": "random"})
    assert w.game.seed == 2**64 - 1
    assert w.state["deal"] == {"mode": "random", "seed": str(2**64 - 1), "date": None}
    for bad in (str(2**64), "-1", "1e5", " 12", "12a", "", "0x10"):
        before = snapshot(w)
        msg = {"type": "new_game", "variant": "yukon", "seed": bad, "mode": "random"}
        message = assert_refused(w, page.send(msg), before)
        assert message in (
            "A deal number is a whole number from 0 to 18,446,744,073,709,551,615.",
            "The board sent a request the game could not read, so nothing changed.",
        )


def test_the_state_labels_daily_and_winnable_deals():
    daily = Yukon(game=Game.daily("yukon"))
    assert daily.state["deal"]["mode"] == "daily" and daily.state["deal"]["date"]
    assert daily.state["deal"]["seed"] == str(daily.game.seed)
    assert Yukon(game=Game.winnable("yukon")).state["deal"]["mode"] in ("winnable", "daily")
    start = build("yukon-cells", [["KS"], ["QH"], ["2C"]], rest_in=2)
    assert Yukon(game=Game.from_position(start)).state["deal"] == {
        "mode": None,
        "seed": None,
        "date": None,
    }


def test_the_clock_switch_is_a_setting_the_page_may_send():
    w = Yukon("yukon", seed=7)
    page = Page(w)
    assert page.send({"type": "settings", "show_clock": False, "view": "yk1"}) == []
    assert w.state["settings"]["show_clock"] is False
    before = snapshot(w)
    assert_refused(w, page.send({"type": "settings", "show_clock": "no"}), before)
