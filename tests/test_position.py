"""Positions: the JSON format, and clear errors for every kind of malformed input."""

from __future__ import annotations

import copy
import json

import pytest
from positions import build

from yukon_widget import Game


def test_position_is_json_and_round_trips():
    for variant in ("yukon", "double-yukon", "yukon-cells", "moosehide"):
        game = Game(variant, seed=21)
        data = game.position()
        again = Game.from_position(json.loads(json.dumps(data)))
        assert again.position() == data
        assert again.variant == variant and again.seed is None


def test_position_shape():
    data = Game("yukon-cells", seed=2, foundation_withdrawal=False).position()
    assert set(data) == {"variant", "rules", "tableau", "foundations", "cells"}
    assert data["rules"] == {"foundation_withdrawal": False}
    assert data["foundations"] == [[], [], [], []]
    assert data["cells"] == [None, None]


def test_accepts_loose_card_codes():
    pos = build(columns=[["TC"], ["9H"], ["2C"]], rest_in=2)
    pos["tableau"][0]["up"] = ["10c"]
    pos["tableau"][1]["up"] = ["9♥"]
    game = Game.from_position(pos)
    assert game.position()["tableau"][0]["up"] == ["TC"]
    assert game.position()["tableau"][1]["up"] == ["9H"]


def _broken(change) -> dict:
    pos = build(columns=[["TC"], ["9H", "6C"], ["2C"]], foundations={0: 2}, rest_in=2)
    change(pos)
    return pos


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p["tableau"][0]["up"].append("TC"), "each card once"),
        (lambda p: p["tableau"][0]["up"].pop(), "needs 52 cards"),
        (lambda p: p["tableau"][0]["up"].__setitem__(0, "1C"), "unknown card code '1C'"),
        (lambda p: p["tableau"][0]["up"].__setitem__(0, 10), "must be a string"),
        (lambda p: p["tableau"].pop(), "list of 7 columns"),
        (lambda p: p.__setitem__("tableau", "nope"), "list of 7 columns"),
        (lambda p: p["tableau"].__setitem__(1, ["9H"]), "column t2 must be a dict"),
        (lambda p: p["tableau"][1].__setitem__("up", "9H"), "must be a list of card codes"),
        (lambda p: p["tableau"][2].__setitem__("up", []), "face-down cards but none face up"),
        (lambda p: p["foundations"].pop(), "list of 4 piles"),
        (lambda p: p["foundations"][0].reverse(), "card 1 must be AS"),
        (lambda p: p.__setitem__("cells", [None, None]), "only variants with cells"),
        (lambda p: p.__setitem__("variant", "spider"), "unknown variant 'spider'"),
        (lambda p: p.pop("variant"), "no 'variant'"),
        (lambda p: p.__setitem__("rules", {"foundation_withdrawal": "yes"}), "true or false"),
        (lambda p: p.__setitem__("rules", {"redeals": 3}), "unknown rule option 'redeals'"),
        (lambda p: p.__setitem__("extra", 1), "unknown field"),
    ],
)
def test_malformed_positions_say_what_is_wrong(change, message):
    pos = _broken(change)
    with pytest.raises(ValueError, match=message):
        Game.from_position(pos)


def test_not_a_dict():
    with pytest.raises(ValueError, match="must be a dict"):
        Game.from_position(["yukon"])


def test_cells_are_validated():
    pos = build("yukon-cells", columns=[["TC"], ["2C"]], cells=["KS", None], rest_in=1)
    Game.from_position(pos)
    bad = copy.deepcopy(pos)
    bad["cells"] = ["KS"]
    with pytest.raises(ValueError, match="list of 2 entries"):
        Game.from_position(bad)
    bad["cells"] = ["KX", None]
    with pytest.raises(ValueError, match="cell c1"):
        Game.from_position(bad)


def test_double_deck_counts_each_card_twice():
    pos = Game("double-yukon", seed=4).position()
    Game.from_position(pos)
    pos["tableau"][0]["up"][0] = pos["tableau"][0]["up"][1]
    with pytest.raises(ValueError, match="each card twice"):
        Game.from_position(pos)


def test_from_position_does_not_keep_the_callers_lists():
    pos = build(columns=[["TC"], ["9H"], ["2C"]], rest_in=2)
    game = Game.from_position(pos)
    pos["tableau"][0]["up"].append("XX")
    game.move("9H", "t1")
    assert pos["tableau"][0]["up"] == ["TC", "XX"]
    assert game.start_position()["tableau"][0]["up"] == ["TC"]
