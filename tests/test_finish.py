"""Auto-finish: offered only when the simulated finish really wins."""

from __future__ import annotations

from positions import build

from yukon_widget import Game


def test_a_jumbled_table_that_cannot_finish_is_refused():
    # The two of spades lies on top of its own ace: playing tops up gets stuck.
    spades = ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    pos = build(columns=[["3S", "AS", "2S"], spades], foundations={1: 13, 2: 13, 3: 13})
    game = Game.from_position(pos)
    assert not game.can_auto_finish()
    assert game.auto_finish() == [] and game.moves_made == 0


def test_a_jumbled_table_that_can_finish_is_finished():
    spades = ["QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    pos = build(columns=[["KS", "2S", "AS"], spades], foundations={1: 13, 2: 13, 3: 13})
    game = Game.from_position(pos)
    assert game.can_auto_finish()
    played = game.auto_finish()
    assert game.is_won and len(played) == 13 and played[0].card == "AS"


def test_not_offered_while_a_card_is_face_down():
    spades = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    pos = build(columns=[(["2S"], ["AS"]), spades], foundations={1: 13, 2: 13, 3: 13})
    assert not Game.from_position(pos).can_auto_finish()
