"""Move notation: printing, reading back, and two-deck ambiguity."""

from __future__ import annotations

import pytest
from positions import build

from yukon_widget import Game, IllegalMoveError, Move


def test_str_and_repr():
    move = Move("TS", "t4", "t2")
    assert str(move) == "TS t4-t2"
    assert repr(move) == "Move('TS', 't4', 't2')"
    assert str(Move("TS", "t4", "t2", 6)) == "TS t4:7-t2"
    assert Move.make("10s", "T4", "t2") == move
    assert {move, Move("TS", "t4", "t2")} == {move}


def test_every_legal_move_reads_back_equal():
    for variant in ("yukon", "yukon-cells", "double-yukon", "alaska"):
        game = Game(variant, seed=9)
        for move in game.legal_moves():
            assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["TS t4-t2", "ts t4 t2", "10♠ t4>t2", "T♠ t4 -> t2", "TS t4→t2"])
def test_parse_forms(text):
    game = Game.from_position(build(columns=[[], ["JH"], ["2C"], ["TS"]], rest_in=2))
    assert game.parse_move(text) == Move("TS", "t4", "t2")


def test_source_may_be_left_out():
    game = Game.from_position(build(columns=[[], ["JH"], ["2C"], ["TS"]], rest_in=2))
    assert game.parse_move("TS t2") == Move("TS", "t4", "t2")
    assert game.move("TS", "t2") == Move("TS", "t4", "t2")


@pytest.mark.parametrize("text", ["", "TS", "TS t4 t2 t1", "TS x4-t2", "ZZ t4-t2", "TS t4-t0"])
def test_malformed_notation(text):
    game = Game("yukon", seed=1)
    with pytest.raises(ValueError):
        game.parse_move(text)


def test_two_identical_face_up_cards_in_one_column():
    cols = [["JH"], ["TS", "4D", "TS"], ["2C"]]
    game = Game.from_position(build("double-yukon", columns=cols, rest_in=2))
    moves = [m for m in game.legal_moves() if m.card == "TS"]
    assert Move("TS", "t2", "t1", 0) in moves and Move("TS", "t2", "t1", 2) in moves
    assert {str(m) for m in moves} >= {"TS t2:1-t1", "TS t2:3-t1"}
    with pytest.raises(IllegalMoveError, match="two face-up 10♠"):
        game.play("TS t2-t1")
    game.play("TS t2:3-t1")
    assert game.position()["tableau"][0]["up"] == ["JH", "TS"]
    # Now only one copy is left in t2: no row needed.
    assert Move("TS", "t2", "t1") in game.legal_moves() or game.position()["tableau"][1]["up"] == [
        "TS",
        "4D",
    ]


def test_same_card_in_two_columns_needs_a_source():
    cols = [["JH"], ["TS"], ["TS"], ["2C"]]
    game = Game.from_position(build("double-yukon", columns=cols, rest_in=3))
    with pytest.raises(IllegalMoveError, match="several places"):
        game.move("TS", "t1")
    game.play("TS t3-t1")
