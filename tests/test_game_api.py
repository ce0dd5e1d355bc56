"""python-chess-grade details of the scripting API: copies that copy, equality on positions,
normalised moves, error types a caller can tell apart, a typed package."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from test_solver_soundness import _two_deck_twins

import yukon_widget
from yukon_widget import AmbiguousMoveError, Game, IllegalMoveError, InvalidMoveError, Move


def test_copies_are_independent_and_compare_by_position():
    game = Game("yukon", seed=7)
    game.play("JD t2-t7")
    for other in (copy.copy(game), copy.deepcopy(game), game.copy()):
        assert other == game and other is not game
        other.undo()
        assert other != game and game.moves_made == 1
        assert game.board.columns != other.board.columns
    assert Game("yukon", seed=7) == Game.from_position(Game("yukon", seed=7).position())


def test_a_move_normalises_its_fields():
    assert Move("jd", "T2", "t7") == Move("JD", "t2", "t7")
    assert Move("10h", " t1 ", "F2") == Move("TH", "t1", "f2")
    assert str(Move("10h", "t1", "f2")) == "TH t1-f2"
    with pytest.raises(InvalidMoveError):
        Move("XX", "t1", "t2")
    with pytest.raises(InvalidMoveError):
        Move("TH", "column 1", "t2")


def test_errors_tell_bad_notation_from_illegal_and_ambiguous_moves():
    for err in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(err, ValueError)
    game = Game("yukon", seed=7)
    with pytest.raises(InvalidMoveError):
        game.play("JD t2 to t7 please")
    with pytest.raises(IllegalMoveError) as illegal:
        game.play("JD t2-t1")
    assert not isinstance(illegal.value, AmbiguousMoveError)
    assert game.moves_made == 0
    # Double Yukon: an 8 of spades on top of two columns, both fitting the second pile, and
    # a column holding 9 of spades to King of spades twice, face up.
    twins = Game.from_position(_two_deck_twins(withdraw=False, first=0))
    with pytest.raises(AmbiguousMoveError, match="several places"):
        twins.move("8S", "f2")
    with pytest.raises(AmbiguousMoveError, match="two face-up"):
        twins.play("KS t3-t4")
    assert twins.moves_made == 0


def test_the_package_is_typed_and_versioned_from_its_metadata():
    assert (Path(yukon_widget.__file__).parent / "py.typed").exists()
    from importlib import metadata

    assert yukon_widget.__version__ == metadata.version("yukon-widget")
