"""Safe auto-play: the safe rule per variant, and a withdrawn card is not sent back up."""

from __future__ import annotations

from positions import build

from yukon_widget import Game, Move


def game_with(variant: str, heights: dict, columns: list, **rules) -> Game:
    """The named cards face up, the rest face down under a King of diamonds in column 7."""
    columns = columns + [[]] * (6 - len(columns)) + [([], ["KD"])]
    return Game.from_position(
        build(variant, columns=columns, foundations=heights, rest_in=6, rules=rules)
    )


def test_yukon_three_of_hearts_waits_for_both_black_twos():
    # Hearts up to 2; spades to 2, clubs to 1: the 2 of clubs is in play and needs the 3H.
    game = game_with("yukon", {0: 2, 1: 2, 3: 1}, [["3H"], ["2C"]])
    assert Move("3H", "t1", "f2") not in game.safe_moves()
    game = game_with("yukon", {0: 2, 1: 2, 3: 2}, [["3H"]])
    assert game.safe_moves() == [Move("3H", "t1", "f2")]


def test_aces_are_always_safe_in_yukon():
    game = game_with("yukon", {0: 1}, [["AH"], ["2S"]])
    assert Move("AH", "t1", "f2") in game.safe_moves()
    # The two of spades waits: the red aces could still land on it.
    assert Move("2S", "t2", "f1") not in game.safe_moves()


def test_russian_every_foundation_move_is_safe():
    game = game_with("russian", {1: 6}, [["7H"], ["6S"]])
    assert game.safe_moves() == [Move("7H", "t1", "f2")]


def test_moosehide_needs_the_three_other_suits_lower_cards():
    game = game_with("moosehide", {0: 2, 1: 2, 2: 1, 3: 2}, [["3H"], ["2D"]])
    assert game.safe_moves() == [Move("2D", "t2", "f3")]
    game = game_with("moosehide", {0: 2, 1: 2, 2: 2, 3: 2}, [["3H"]])
    assert game.safe_moves() == [Move("3H", "t1", "f2")]


def test_alaska_only_kings_are_safe_since_the_next_card_can_land_on_either_side():
    game = game_with("alaska", {0: 4, 1: 12}, [["5S"], ["KH"]])
    assert game.safe_moves() == [Move("KH", "t2", "f2")]


def test_play_safe_moves_plays_a_chain_and_spares_a_withdrawn_card():
    game = game_with("yukon", {0: 2, 1: 2, 2: 2, 3: 2}, [["3H"], ["3S"], ["4D"]])
    played = game.play_safe_moves()
    assert {m.card for m in played} >= {"3H", "3S"}
    game = game_with("yukon", {0: 3, 1: 2, 2: 3, 3: 3}, [["4H"]])
    game.play("3S f1-t1")  # taken back onto the red four
    assert Move("3S", "t1", "f1") not in game.safe_moves()
    assert all(m.card != "3S" for m in game.play_safe_moves())
