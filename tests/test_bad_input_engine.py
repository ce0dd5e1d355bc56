"""Bad input to the engine: a clear, short ValueError, and nothing changed.

Positions, card codes, move notation and the daily deal's date all come from people (or
their files); whatever arrives, the engine must answer with a ValueError a person can read,
never another exception, never an error message that echoes unbounded input, and never a
half-changed game or a mutated argument.
"""

from __future__ import annotations

import copy
import datetime as dt

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yukon_widget import Game, Move
from yukon_widget.engine.cards import CODES, parse_card
from yukon_widget.engine.move import parse_notation
from yukon_widget.engine.variants import VARIANTS

#: No error message needs more than this, whatever the input was.
MESSAGE_LIMIT = 400
DEPTH = 100_000


def deep_list(depth: int = DEPTH) -> list:
    """A list nested ``depth`` deep: ``repr()`` of it raises RecursionError."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def deep_tuple(depth: int = 5_000) -> tuple:
    """A hashable value nested past the recursion limit, usable as a dict key (not as deep
    as ``deep_list``: hashing a tuple recurses in C, unguarded)."""
    value: tuple = ()
    for _ in range(depth):
        value = (value,)
    return value


def base() -> dict:
    return Game("yukon", seed=3).position()


def refused(call, *args, match: str | None = None) -> ValueError:
    """Call and check for a ValueError with a short message; return it."""
    with pytest.raises(ValueError, match=match) as info:
        call(*args)
    assert len(str(info.value)) < MESSAGE_LIMIT, str(info.value)[:200]
    return info.value


def with_(change) -> dict:
    pos = base()
    change(pos)
    return pos


# ------------------------------------------------------------------ positions


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.__setitem__(1, "x"), "unknown field"),
        (lambda p: p.__setitem__(2.5, "x") or p.__setitem__("zz", 1), "unknown field"),
        (lambda p: p.__setitem__(None, 1) or p.__setitem__((1, "a"), 1), "unknown field"),
        (lambda p: p.__setitem__("rules", {1: True}), "unknown rule option 1"),
        (lambda p: p.__setitem__("rules", {1: True, "x": False}), "unknown rule option"),
        (lambda p: p["tableau"].__setitem__(0, {1: [], "up": ["KS"]}), "column t1"),
    ],
)
def test_non_string_keys(change, message):
    refused(Game.from_position, with_(change), match=message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p["tableau"][0]["up"].__setitem__(0, deep_list()), "must be a string"),
        (lambda p: p["tableau"][0].__setitem__("up", deep_list()), "must be a string"),
        (lambda p: p["tableau"][0].__setitem__("down", deep_tuple()), "list of card codes"),
        (lambda p: p["tableau"].__setitem__(0, deep_list()), "column t1 must be a dict"),
        (lambda p: p["tableau"][0].__setitem__("side", deep_list()), "column t1 must be a dict"),
        (lambda p: p["foundations"].__setitem__(0, deep_tuple()), "foundation f1"),
        (lambda p: p.__setitem__("rules", deep_list()), "'rules' must be a dict"),
        (lambda p: p.__setitem__("rules", {"foundation_withdrawal": deep_list()}), "true or"),
        (lambda p: p.__setitem__("rules", {deep_tuple(): True}), "unknown rule option"),
        (lambda p: p.__setitem__(deep_tuple(), 1), "unknown field"),
        (lambda p: p.__setitem__("variant", deep_list()), "unknown variant"),
        (lambda p: p.__setitem__("variant", deep_tuple()), "unknown variant"),
    ],
)
def test_deep_nesting_gives_a_short_message(change, message):
    refused(Game.from_position, with_(change), match=message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.__setitem__("variant", []), "unknown variant"),
        (lambda p: p.__setitem__("variant", {"a": 1}), "unknown variant"),
        (lambda p: p.__setitem__("variant", 7), "unknown variant 7"),
        (lambda p: p.__setitem__("variant", "y" * 10**6), "unknown variant 'yyy"),
        (lambda p: p.__setitem__("rules", {"foundation_withdrawal": {}}), "true or false"),
        (lambda p: p.__setitem__("rules", {"foundation_withdrawal": 10**5000}), "true or"),
        (lambda p: p.__setitem__("rules", {"x" * 10**6: True}), "unknown rule option"),
        (lambda p: p.__setitem__("rules", "x" * 10**6), "'rules' must be a dict"),
        (lambda p: p["tableau"][0]["up"].__setitem__(0, "X" * 10**6), "unknown card code"),
        (lambda p: p["tableau"][0].__setitem__("up", "X" * 10**6), "list of card codes"),
        (lambda p: p["tableau"].__setitem__(0, list(range(10**5))), "column t1"),
        (lambda p: p.update({f"k{i}": i for i in range(10**4)}), "unknown field"),
    ],
)
def test_unhashable_huge_or_odd_values(change, message):
    refused(Game.from_position, with_(change), match=message)


# ------------------------------------------------------------------ card codes

TRAPS = [
    "Aſ",  # long s: upper() makes it S
    "aſ",
    "Aﬅ",  # the st ligature: upper() makes it ST
    "ﬅ",
    "Tﬆ",
    "\u212a" + "S",  # Kelvin sign: lower() makes it k
    "\u212a" + "s",
    "ıS",  # Turkish dotless i: upper() makes it I
    "İS",
    "ＡＳ",  # full-width letters
    "Ａ♠",
    "Aｓ",
    "𝟏𝟎S",  # mathematical digits
    "١٠S",  # Arabic-Indic digits
    "AS\x00",
    "\x00AS",
    "A\x00S",
    "AS\u00a0",  # no-break space is not one of the documented forms
    "\u2003AS",
    "A S",
    "1S",
    "11S",
    "0S",
    "S",
    "",
    "10",
    "A♠♠",
    "ß",
]


@pytest.mark.parametrize("text", TRAPS)
def test_card_codes_take_only_the_documented_forms(text):
    refused(parse_card, text, match="unknown card code")


def test_long_s_is_not_the_ace_of_spades_anywhere():
    pos = base()
    where = next(c for c in pos["tableau"] if "AS" in c["down"] + c["up"])
    pile = where["up"] if "AS" in where["up"] else where["down"]
    pile[pile.index("AS")] = "Aſ"
    refused(Game.from_position, pos, match="unknown card code")
    refused(Move.make, "Aſ", "t1", "f1", match="unknown card code")
    refused(parse_notation, "Aſ t1-f1", match="unknown card code")


def test_every_documented_form_still_reads():
    for i, code in enumerate(CODES):
        r, s = code
        ranks = [r, r.lower()] + (["10"] if r == "T" else [])
        suits = [s, s.lower(), "♠♥♦♣"[i // 13], "♤♡♢♧"[i // 13]]
        for rr in ranks:
            for ss in suits:
                assert parse_card(rr + ss) == i
                assert parse_card(f" {rr}{ss}\t") == i


# ------------------------------------------------------------------ notation

PILE_TRAPS = ["ｔ1", "t１", "t١", "\u0442" + "1", "ᵗ1", "t1\x00", "f\u00b9", "T\u0131", "c𝟏"]


@pytest.mark.parametrize("pile", PILE_TRAPS)
def test_pile_ids_take_only_ascii(pile):
    refused(Move.make, "AS", pile, "f1", match="not a pile id")
    refused(Move.make, "AS", "t1", pile, match="not a pile id")
    refused(parse_notation, f"AS t1-{pile}")
    refused(parse_notation, f"AS {pile}-f1")


@pytest.mark.parametrize(
    "text",
    [
        "TS t4:99999999999999999999-t2",
        "TS t4:" + "9" * 5000 + "-t2",
        "TS t" + "9" * 5000 + "-t2",
        "TS t4-t" + "9" * 5000,
        "TS t4-t99999999999999999999",
        "AS t1-f1" + "\x00",
        "\x00",
        "",
        " \t\n ",
        "TS " * 10**5,
        "Q" * 10**6,
        "AS t1\u2003f1",
        "AS t1-f1\u00a0",
        "Aſ t1-f1",
        "AS ｔ1-f1",
        "AS t1-\u212a1",
        "TS t4:0-t2",
        "TS t4:07-t2",
        "TS t4:-1-t2",
        "TS t4:1:2-t2",
    ],
)
def test_malformed_notation_is_a_short_value_error(text):
    game = Game("double-yukon", seed=4)
    before, history = game.position(), game.history
    refused(game.parse_move, text)
    refused(game.play, text)
    refused(parse_notation, text)
    assert game.position() == before and game.history == history


@pytest.mark.parametrize("value", [None, 5, 1.5, b"TS t4-t2", ["TS", "t4", "t2"], deep_list()])
def test_notation_that_is_not_text(value):
    game = Game("yukon", seed=3)
    before = game.position()
    refused(game.parse_move, value, match="notation text")
    refused(parse_notation, value, match="notation text")
    assert game.position() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("AS", "t1", "f1", -1), "row index"),
        (("AS", "t1", "f1", True), "row index"),
        (("AS", "t1", "f1", "3"), "row index"),
        (("AS", "t1", "f1", 1.0), "row index"),
        (("AS", deep_list(), "f1"), "not a pile id"),
        (("AS", "t1", "t" + "1" * 10**5), "not a pile id"),
        ((deep_list(), "t1", "f1"), "must be a string"),
    ],
)
def test_move_make_checks_its_parts(args, message):
    refused(Move.make, *args, match=message)


def test_move_make_still_normalises():
    assert Move.make("10h", " T4 ", "F1", 3) == Move("TH", "t4", "f1", 3)


# ------------------------------------------------------------------ the daily deal


def test_daily_takes_an_iso_date_string():
    assert Game.daily("yukon", "2024-01-01").seed == Game.daily("yukon", dt.date(2024, 1, 1)).seed


def test_daily_deal_of_a_date_is_fixed_by_the_packaged_list():
    # Everyone with the same release shares the day's deal: the choice for a date is part of
    # the contract. It changes only when the winnable lists are drawn again (they were on
    # 2026-12-01, from the winnability table: 2024-01-01's Yukon deal went from 781 to 490;
    # and on 2026-12-06, when deals 377 and 398 joined Yukon's list: 490 to 488).
    assert Game.daily("yukon", dt.date(2024, 1, 1)).seed == 488
    assert Game.daily("double-yukon", dt.date(2026, 3, 14)).seed == 365


def test_daily_takes_the_calendar_date_of_a_datetime():
    moment = dt.datetime(2024, 1, 1, 23, 59, 59, tzinfo=dt.timezone(dt.timedelta(hours=-8)))
    assert Game.daily("yukon", moment).seed == Game.daily("yukon", dt.date(2024, 1, 1)).seed


@pytest.mark.parametrize(
    "value",
    [
        "2024-13-01",
        "2024-02-30",
        "2024-1-1",
        "20240101",
        "2024-W01-1",
        "2024-01-01T00:00",
        " 2024-01-01",
        "２０２４-01-01",
        "٢٠٢٤-01-01",
        "",
        "today",
        "x" * 10**6,
        20240101,
        True,
        1.5,
        [2024, 1, 1],
        deep_list(),
        dt.time(12, 0),
    ],
)
def test_daily_refuses_anything_else(value):
    refused(Game.daily, "yukon", value, match="YYYY-MM-DD")


# ------------------------------------------------------------------ fuzzing

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ODD_TEXT = st.sampled_from(
    [
        "AS", "as", "10♠", "T♤", "Aſ", "ﬅ", "ı", "\u212a", "ＡＳ", "\x00", "𝟏", "", " ",
        "yukon", "variant", "rules", "tableau", "foundations", "cells", "down", "up",
        "foundation_withdrawal", "t1", "f1", "c1", "\ud800", "🂡", "x" * 300,
    ]
)  # fmt: skip
TEXT = st.one_of(ODD_TEXT, st.text(max_size=12))
# Past Python's 4300-digit limit, where repr() of an int raises ValueError.
HUGE_INTS = st.integers(min_value=4300, max_value=6000).map(lambda n: -(10**n) - 1)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), HUGE_INTS, st.floats(), TEXT)
KEYS = st.one_of(TEXT, st.integers(min_value=-5, max_value=5))
JSON_LIKE = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(KEYS, inner, max_size=5)),
    max_leaves=25,
)
# Values a position plausibly holds: other spellings of cards, look-alikes, booleans.
CARD_SPELLINGS = st.sampled_from(CODES).flatmap(
    lambda code: st.sampled_from(
        [code, code.lower(), code[0] + "♠♥♦♣"["SHDC".index(code[1])], code.replace("T", "10")]
    )
)
NEAR_VALUES = st.one_of(CARD_SPELLINGS, st.sampled_from(TRAPS), st.booleans(), st.none())
POSITION_LIKE = st.fixed_dictionaries(
    {"variant": st.one_of(st.sampled_from(sorted(VARIANTS)), JSON_LIKE)},
    optional={
        "rules": st.one_of(st.dictionaries(KEYS, JSON_LIKE, max_size=3), JSON_LIKE),
        "tableau": st.one_of(
            st.lists(
                st.dictionaries(st.sampled_from(["down", "up", 1, "x"]), JSON_LIKE, max_size=3),
                max_size=10,
            ),
            JSON_LIKE,
        ),
        "foundations": st.one_of(st.lists(st.lists(TEXT, max_size=3), max_size=8), JSON_LIKE),
        "cells": JSON_LIKE,
    },
)


def _bases() -> list[dict]:
    mid = Game("yukon", seed=3)
    for _ in range(12):
        moves = mid.legal_moves()
        if not moves:
            break
        mid.play(moves[-1])
    cells = Game("yukon-cells", seed=5)
    cells.play(next(m for m in cells.legal_moves() if m.target.startswith("c")))
    return [
        Game("yukon", seed=3).position(),
        mid.position(),
        cells.position(),
        Game("double-yukon", seed=4).position(),
        Game("moosehide", seed=8, foundation_withdrawal=True).position(),
    ]


BASES = _bases()


def check_from_position(value: object) -> None:
    """The contract: a game or a short ValueError, and the argument left as it was."""
    before = copy.deepcopy(value)  # not repr(): the value may hold ints past the digit limit
    try:
        game = Game.from_position(value)  # type: ignore[arg-type]
    except ValueError as err:
        event("refused")
        assert len(str(err)) < MESSAGE_LIMIT
    else:
        event("a game")
        assert isinstance(game, Game)
    assert value == before  # NaN compares equal here: deepcopy keeps the same float object


@SETTINGS
@given(JSON_LIKE)
def test_fuzz_arbitrary_values_as_positions(value):
    check_from_position(value)


@SETTINGS
@given(POSITION_LIKE)
def test_fuzz_position_shaped_values(value):
    check_from_position(value)


@SETTINGS
@given(st.data())
def test_fuzz_one_field_of_a_valid_position(data):
    pos = copy.deepcopy(data.draw(st.sampled_from(BASES)))
    node: object = pos
    # Walk down a few levels, then change one thing there.
    for _ in range(data.draw(st.integers(min_value=0, max_value=3))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node, key=repr)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(min_value=0, max_value=len(node) - 1))
        else:
            break
        if not isinstance(node[key], (dict, list)):  # type: ignore[index]
            break
        node = node[key]  # type: ignore[index]
    action = data.draw(st.sampled_from(["replace", "delete", "add"]))
    value = data.draw(st.one_of(NEAR_VALUES, JSON_LIKE))
    if isinstance(node, dict):
        keys = sorted(node, key=repr)
        if action == "add" or not keys:
            node[data.draw(KEYS)] = value
        elif action == "delete":
            del node[data.draw(st.sampled_from(keys))]
        else:
            node[data.draw(st.sampled_from(keys))] = value
    elif isinstance(node, list):
        if action == "add" or not node:
            node.insert(data.draw(st.integers(0, len(node))), value)
        elif action == "delete":
            node.pop(data.draw(st.integers(0, len(node) - 1)))
        else:
            node[data.draw(st.integers(0, len(node) - 1))] = value
    check_from_position(pos)


def spellings(code: str) -> list[str]:
    """Every documented way to write ``code``."""
    r, s = code
    ranks = [r, r.lower()] + (["10"] if r == "T" else [])
    i = "SHDC".index(s)
    return [a + b for a in ranks for b in (s, s.lower(), "♠♥♦♣"[i], "♤♡♢♧"[i])]


@SETTINGS
@given(st.sampled_from(BASES), st.data())
def test_fuzz_respelled_cards_read_back_the_same(base_position, data):
    """A card written another documented way reads as the same card; a look-alike of it
    (the long s, a full-width letter, a stray NUL...) is refused."""
    pos = copy.deepcopy(base_position)
    col = data.draw(st.sampled_from([c for c in pos["tableau"] if c["up"]]))
    side = data.draw(st.sampled_from([k for k in ("down", "up") if col[k]]))
    at = data.draw(st.integers(0, len(col[side]) - 1))
    code = col[side][at]
    trap = data.draw(st.booleans())
    if trap:
        spelled = data.draw(st.sampled_from(spellings(code)))
        where = data.draw(st.integers(0, len(spelled)))
        odd = data.draw(st.sampled_from(["ſ", "\u212a", "ı", "\x00", "\u00a0", "Ａ", "１", "ﬅ"]))
        col[side][at] = spelled[:where] + odd + spelled[where:]
        refused(Game.from_position, pos, match="unknown card code")
    else:
        col[side][at] = data.draw(st.sampled_from(spellings(code)))
        assert Game.from_position(pos).position() == base_position


CARD_TOKENS = st.one_of(
    st.sampled_from(["TS", "10♠", "ts", "AS", "KH", "Aſ", "\u212aS", "ＡＳ", "JD", "9C"]),
    CARD_SPELLINGS,
    TEXT,
)
PILE_TOKENS = st.one_of(
    st.sampled_from(["t1", "t4", "t10", "t11", "f1", "f8", "c1", "c2", "t4:7", "t2:1"]),
    st.from_regex(r"[tfcTFC][0-9]{1,4}(:[0-9]{1,25})?", fullmatch=True),
    TEXT,
)
SEPARATORS = st.sampled_from([" ", "-", ">", "->", "→", " - ", "\t", "\x00", "\u2003", ""])
NOTATION = st.one_of(
    st.builds(
        lambda card, sep1, source, sep2, target: f"{card}{sep1}{source}{sep2}{target}",
        CARD_TOKENS,
        SEPARATORS,
        PILE_TOKENS,
        SEPARATORS,
        PILE_TOKENS,
    ),
    st.builds(
        lambda card, sep, target: f"{card}{sep}{target}", CARD_TOKENS, SEPARATORS, PILE_TOKENS
    ),
    st.text(max_size=30),
)
GAMES = st.sampled_from(
    [("yukon", 3), ("double-yukon", 4), ("yukon-cells", 5), ("moosehide", 8), ("alaska", 2)]
)


def near_legal(data: st.DataObject, game: Game) -> str:
    """Notation of a legal move, sometimes with one character changed, cut or added."""
    text = str(data.draw(st.sampled_from(game.legal_moves())))
    edit = data.draw(st.sampled_from(["none", "swap", "cut", "add", "case"]))
    at = data.draw(st.integers(0, len(text) - 1))
    if edit == "swap":
        return text[:at] + data.draw(st.characters()) + text[at + 1 :]
    if edit == "cut":
        return text[:at] + text[at + 1 :]
    if edit == "add":
        return text[:at] + data.draw(st.sampled_from(TRAPS + PILE_TRAPS)) + text[at:]
    return text.lower() if edit == "case" else text


def started(which: tuple[str, int]) -> Game:
    game = Game(*which)
    game.play(game.legal_moves()[0])
    return game


@SETTINGS
@given(GAMES, st.data())
def test_fuzz_notation_plays_a_legal_move_or_changes_nothing(which, data):
    game = started(which)
    text = data.draw(NOTATION) if data.draw(st.booleans()) else near_legal(data, game)
    legal = set(game.legal_moves())
    before, history = game.position(), game.history
    try:
        move = game.play(text)
    except ValueError as err:
        event("refused")
        assert len(str(err)) < MESSAGE_LIMIT
        assert game.position() == before and game.history == history
    else:
        event("played")
        assert move in legal and game.history == [*history, move]


@SETTINGS
@given(GAMES, st.data())
def test_fuzz_parse_move_names_a_legal_move_or_refuses(which, data):
    game = started(which)
    text = data.draw(NOTATION) if data.draw(st.booleans()) else near_legal(data, game)
    before = game.position()
    try:
        move = game.parse_move(text)
    except ValueError as err:
        event("refused")
        assert len(str(err)) < MESSAGE_LIMIT
    else:
        event("read")
        assert isinstance(move, Move)
    assert game.position() == before
