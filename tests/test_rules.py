"""Every rule of the rule sheets, including each of their worked examples."""

from __future__ import annotations

import pytest
from positions import build

from yukon_widget import Game, IllegalMoveError, Move


def up(game: Game, col: str) -> list[str]:
    return game.position()["tableau"][int(col[1:]) - 1]["up"]


def down(game: Game, col: str) -> list[str]:
    return game.position()["tableau"][int(col[1:]) - 1]["down"]


def test_nine_of_hearts_carries_an_unordered_group_onto_a_black_ten():
    game = Game.from_position(build(columns=[["TC"], ["9H", "6C", "8D", "4C"], ["KS"]], rest_in=1))
    under = down(game, "t2")[-1]
    game.move("9H", "t1")
    assert up(game, "t1") == ["TC", "9H", "6C", "8D", "4C"]
    assert up(game, "t2") == [under]  # the card beneath turned face up


def test_ten_of_spades_with_luggage_onto_a_red_jack_turns_one_card():
    pos = build(columns=[["JH"], [], ["2C"], (["QC"], ["TS", "3H", "JD", "6C"])], rest_in=2)
    game = Game.from_position(pos)
    moved = game.play("TS t4-t1")
    assert moved == Move("TS", "t4", "t1")
    assert up(game, "t1") == ["JH", "TS", "3H", "JD", "6C"]
    assert down(game, "t4") == [] and up(game, "t4") == ["QC"]


def test_only_one_card_turns_per_move():
    game = Game.from_position(build(columns=[["JH"], (["QC", "KD"], ["TS"]), ["2C"]], rest_in=2))
    game.move("TS", "t1")
    assert down(game, "t2") == ["QC"] and up(game, "t2") == ["KD"]


def test_jumbled_group_seven_king_two_nine_onto_a_black_eight():
    game = Game.from_position(build(columns=[["8S"], ["7H", "KS", "2D", "9C"], ["3D"]], rest_in=2))
    game.move("7H", "t1")
    assert up(game, "t1") == ["8S", "7H", "KS", "2D", "9C"]
    assert up(game, "t2") == []


def test_any_face_up_card_is_grabbable_however_deep():
    cards = ["9D", "2C", "KH", "5S", "QD", "3H", "4H", "JS", "6D", "7S", "AH"]
    game = Game.from_position(build(columns=[["TC"], cards, ["2D"]], foundations={}, rest_in=2))
    game.move("9D", "t1")
    assert up(game, "t1") == ["TC", *cards]


def test_foundation_card_withdrawn_as_a_landing_pad():
    # Spades are up to 8: the 7 of hearts needs a black 8, and the only one is on f1.
    pos = build(columns=[["9D"], ["7H"], ["KC"]], foundations={0: 8}, rest_in=2)
    game = Game.from_position(pos)
    assert Move("8S", "f1", "t1") in game.legal_moves()
    game.play("8S f1-t1")
    game.move("7H", "t1")
    assert up(game, "t1") == ["9D", "8S", "7H"]
    assert game.moves_made == 2  # withdrawals count as moves
    assert len(game.position()["foundations"][0]) == 7


def test_withdrawals_never_go_to_another_foundation_or_a_cell():
    pos = build("yukon-cells", columns=[["9D"], ["7H"], ["KC"]], foundations={0: 8}, rest_in=2)
    game = Game.from_position(pos)
    with pytest.raises(IllegalMoveError, match="never goes into a cell"):
        game.play("8S f1-c1")
    with pytest.raises(IllegalMoveError, match="another foundation"):
        game.play("8S f1-f2")


def test_withdrawal_rule_option_switches_either_way():
    pos = build("moosehide", columns=[["9D"], ["7H"], ["KC"]], foundations={0: 8}, rest_in=2)
    moose = Game.from_position(pos)
    assert not moose.rules["foundation_withdrawal"]
    assert all(m.source != "f1" for m in moose.legal_moves())
    with pytest.raises(IllegalMoveError, match="never comes back into play"):
        moose.play("8S f1-t1")
    pos["rules"] = {"foundation_withdrawal": True}
    assert Move("8S", "f1", "t1") in Game.from_position(pos).legal_moves()
    assert Game("yukon", seed=1).rules == {"foundation_withdrawal": True}
    assert Game("yukon", seed=1, foundation_withdrawal=False).rules == {
        "foundation_withdrawal": False
    }
    yukon_off = Game.from_position(
        build(
            columns=[["9D"], ["7H"], ["KC"]],
            foundations={0: 8},
            rest_in=2,
            rules={"foundation_withdrawal": False},
        )
    )
    with pytest.raises(IllegalMoveError, match="foundation_withdrawal off"):
        yukon_off.play("8S f1-t1")


def test_king_led_group_fills_an_empty_column_and_a_queen_is_refused():
    game = Game.from_position(build(columns=[[], ["KD", "4S", "QC"], ["QH"], ["2C"]], rest_in=3))
    before = game.position()
    with pytest.raises(IllegalMoveError, match="only a King can fill an empty column"):
        game.move("QH", "t1")
    assert game.position() == before
    game.move("KD", "t1")
    assert up(game, "t1") == ["KD", "4S", "QC"]


def test_moosehide_refuses_own_suit_and_allows_another():
    pos = build("moosehide", columns=[["8H"], ["8D"], ["7H"], ["2C"]], rest_in=3)
    game = Game.from_position(pos)
    with pytest.raises(IllegalMoveError) as err:
        game.play("7H t3-t1")
    assert str(err.value) == "7♥ cannot go on 8♥: in Moosehide a card never builds on its own suit"
    game.play("7H t3-t2")
    assert up(game, "t2") == ["8D", "7H"]


def test_moosehide_allows_same_colour_other_suit():
    game = Game.from_position(build("moosehide", columns=[["8D"], ["7H"], ["2C"]], rest_in=2))
    game.move("7H", "t1")


@pytest.mark.parametrize(
    ("variant", "card", "onto", "ok"),
    [
        ("yukon", "7H", "8S", True),
        ("yukon", "7H", "8C", True),
        ("yukon", "7H", "8D", False),
        ("yukon", "7H", "9S", False),
        ("yukon-cells", "7H", "8D", False),
        ("double-yukon", "7H", "8C", True),
        ("russian", "7H", "8H", True),
        ("russian", "7H", "8D", False),
        ("russian", "7H", "8S", False),
        ("alaska", "7H", "8H", True),
        ("alaska", "7H", "6H", True),
        ("alaska", "7H", "6D", False),
        ("alaska", "7H", "9H", False),
        ("moosehide", "7H", "8D", True),
        ("moosehide", "7H", "8S", True),
        ("moosehide", "7H", "8H", False),
        ("moosehide", "7H", "6S", False),
    ],
)
def test_build_rules(variant, card, onto, ok):
    game = Game.from_position(build(variant, columns=[[onto], [card], ["2C"]], rest_in=2))
    move = Move(card, "t2", "t1")
    assert (move in game.legal_moves()) is ok
    if ok:
        game.play(move)
    else:
        with pytest.raises(IllegalMoveError, match="cannot go on"):
            game.play(move)


def test_alaska_ace_builds_on_two_and_king_on_queen():
    game = Game.from_position(
        build("alaska", columns=[["2S"], ["AS"], ["QD"], ["KD"], ["3C"]], rest_in=4)
    )
    assert Move("AS", "t2", "t1") in game.legal_moves()
    assert Move("KD", "t4", "t3") in game.legal_moves()
    assert Move("QD", "t3", "t4") in game.legal_moves()


def test_foundation_order_and_groups():
    game = Game.from_position(build(columns=[["AS", "5D"], ["AH"], ["2S"], ["3C"]], rest_in=3))
    with pytest.raises(IllegalMoveError, match="only one card at a time"):
        game.play("AS t1-f1")
    with pytest.raises(IllegalMoveError, match="builds spades, not hearts"):
        game.play("AH t2-f1")
    with pytest.raises(IllegalMoveError, match="needs A♠ next"):
        game.play("2S t3-f1")
    game.play("AH t2-f2")
    assert game.position()["foundations"][1] == ["AH"]


def test_cells_take_a_single_top_card_and_give_it_back():
    pos = build("yukon-cells", columns=[[], ["KS", "AH"], ["3D", "QH"], ["2C"]], rest_in=3)
    game = Game.from_position(pos)
    with pytest.raises(IllegalMoveError, match="only a column's top card"):
        game.play("KS t2-c1")
    game.play("AH t2-c1")
    with pytest.raises(IllegalMoveError, match="already holds A♥"):
        game.play("QH t3-c1")
    with pytest.raises(IllegalMoveError, match="cannot move to another cell"):
        game.play("AH c1-c2")
    game.play("QH t3-c2")
    game.play("AH c1-f2")  # a cell's card goes to its foundation
    game.play("QH c2-t2")  # and onto the tableau by the build rule
    assert up(game, "t2") == ["KS", "QH"]
    assert game.position()["cells"] == [None, None]


def test_a_king_from_a_cell_fills_an_empty_column():
    pos = build("yukon-cells", columns=[[], ["2C"]], cells=["KH", None], rest_in=1)
    game = Game.from_position(pos)
    game.play("KH c1-t1")
    assert up(game, "t1") == ["KH"]


def test_cells_exist_only_in_yukon_cells():
    with pytest.raises(IllegalMoveError, match="has no pile 'c1'"):
        Game("yukon", seed=7).play("4H t1-c1")


def test_deals_follow_the_layout():
    for variant in ("yukon", "russian", "alaska", "moosehide", "yukon-cells"):
        tab = Game(variant, seed=11).position()["tableau"]
        assert [len(c["down"]) for c in tab] == [0, 1, 2, 3, 4, 5, 6]
        assert [len(c["up"]) for c in tab] == [1, 5, 5, 5, 5, 5, 5]
    tab = Game("double-yukon", seed=11).position()["tableau"]
    assert [len(c["down"]) for c in tab] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 8]
    assert [len(c["up"]) for c in tab] == [6] * 10
    assert Game("yukon-cells", seed=1).position()["cells"] == [None, None]
    assert "cells" not in Game("yukon", seed=1).position()


def test_unknown_variant_lists_the_valid_ones():
    with pytest.raises(
        ValueError, match="'yukon', 'russian', 'alaska', 'moosehide', 'double-yukon', 'yukon-cells'"
    ):
        Game("klondike")


def test_unknown_rule_option_is_refused():
    with pytest.raises(ValueError, match="unknown rule option 'stock'"):
        Game("yukon", stock=True)


def test_won_and_stuck():
    # Everything on the foundations but the king of clubs.
    pos = build(columns=[["KC"]], foundations={0: 13, 1: 13, 2: 13, 3: 12})
    game = Game.from_position(pos)
    assert not game.is_won and not game.is_stuck
    game.move("KC", "f4")
    assert game.is_won
    # Withdrawals are on, so a won game can still move a King down: not stuck.
    assert not game.is_stuck
    off = Game.from_position({**game.position(), "rules": {"foundation_withdrawal": False}})
    assert off.is_won and off.is_stuck and off.legal_moves() == []


def test_stuck_when_nothing_moves():
    # Red kings, queens and jacks cannot build on each other; no ace is free, no column empty.
    cols = [["QH"], ["KH"], ["2S"], ["QD"], ["KD"], ["JH"], ["JD"]]
    pos = build(columns=cols, rest_in=2, rules={"foundation_withdrawal": False})
    game = Game.from_position(pos)
    assert game.legal_moves() == [] and game.is_stuck


def test_undo_redo_restart_and_history():
    game = Game("yukon", seed=7)
    start = game.position()
    first, second = game.legal_moves()[0], None
    game.play(first)
    second = game.legal_moves()[0]
    game.play(second)
    assert game.history == [first, second] and game.moves_made == 2
    after = game.position()
    assert game.undo() == second and game.moves_made == 1
    assert game.redo() == second and game.position() == after
    game.restart()
    assert game.position() == start and game.moves_made == 0 and game.history == []
    assert game.redo() == first
    game.undo()
    with pytest.raises(IndexError, match="nothing to undo"):
        game.undo()
    third = game.legal_moves()[-1]
    game.play(third)
    with pytest.raises(IndexError, match="nothing to redo"):
        game.redo()


def test_illegal_moves_leave_the_game_unchanged():
    game = Game("yukon", seed=7)
    game.play(game.legal_moves()[0])
    before, line = game.position(), game.history
    for bad in [
        "KS t1-t2",
        "4H t1-f2",
        "QS t7-t8",
        "4H t1-t1",
        "ZZ t1-t2",
        "QS t7",
        "hello",
        "J♣ t2-t3",
    ]:
        with pytest.raises(ValueError):
            game.play(bad)
        assert game.position() == before and game.history == line


def test_messages_name_face_down_and_missing_cards():
    game = Game("yukon", seed=7)
    hidden = game.position()["tableau"][6]["down"][0]
    with pytest.raises(IllegalMoveError, match="face down in t7"):
        game.play(f"{hidden} t7-t1")
    with pytest.raises(IllegalMoveError, match="is not in t2"):
        game.play("4H t2-t3")


def test_copy_is_independent():
    game = Game("double-yukon", seed=5)
    twin = game.copy()
    twin.play(twin.legal_moves()[0])
    assert game.moves_made == 0 and twin.moves_made == 1
    assert game.position() == Game("double-yukon", seed=5).position()


def test_text_board_hides_face_down_cards():
    game = Game("yukon", seed=7)
    text = str(game)
    assert "t1" in text and "t7" in text and text.count("##") == 21
    for col in game.position()["tableau"]:
        for code in col["up"]:
            from yukon_widget.engine.cards import parse_card, symbol

            assert symbol(parse_card(code)) in text
    assert "Yukon" in text and "seed 7" in text
