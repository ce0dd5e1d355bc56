"""The sampling player ("best"): it never reads a face-down card, its plans are made of
face-up cards and said in player words, and with nothing face down it wins what the solver
wins."""

from __future__ import annotations

import random
import re

import pytest

from yukon_widget import Game, solve
from yukon_widget.strategy.sampling import SamplingPlayer, best_hint
from yukon_widget.study import play_many


def reached(variant: str, seed: int, moves: int) -> Game:
    """A position a player reaches: ``moves`` random legal moves (withdrawals left out)."""
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if not m.source.startswith("f")]
        if not legal or game.is_won:
            break
        game.play(rng.choice(legal))
    return game


POSITIONS = [("yukon", s, k) for s in (1, 7, 24) for k in (0, 3, 8)] + [
    ("russian", 5, 4),
    ("alaska", 9, 2),
    ("yukon-cells", 3, 5),
]


@pytest.mark.parametrize(("variant", "seed", "moves"), POSITIONS)
def test_the_choice_does_not_depend_on_where_the_face_down_cards_lie(variant, seed, moves):
    game = reached(variant, seed, moves)
    other = game.shuffled_hidden(random.Random(99))
    assert other.board.columns != game.board.columns or not any(game.board.down)
    mine = SamplingPlayer().choose(game, random.Random(5))
    theirs = SamplingPlayer().choose(other, random.Random(5))
    assert mine == theirs
    assert best_hint(game) == best_hint(other)


def test_the_plan_is_legal_and_said_in_player_words():
    game = reached("yukon", 7, 6)
    choice = best_hint(game)
    assert choice is not None and choice.line[0] == choice.move
    replay = game.copy()
    for move in choice.line:
        replay.play(move)  # raises if the plan is not playable
    assert not re.search(r"\b[tfc]\d+\b|index", choice.reason)
    if len(choice.line) > 1:
        assert "then" in choice.reason and f"({len(choice.line)} moves)" in choice.reason


def test_with_nothing_face_down_it_wins_what_the_solver_wins():
    game = Game("yukon", seed=2)
    line = solve(game, time_limit=30).moves
    # Play the solver's line until no card is face down, then let the player finish alone.
    k = 0
    while any(game.board.down):
        game.play(line[k])
        k += 1
    player, rng = SamplingPlayer(), random.Random(1)
    for _ in range(400):
        choice = player.choose(game, rng)
        if choice is None:
            break
        game.play(choice.move)
    assert game.is_won


def test_a_won_game_gets_no_move():
    game = Game("yukon", seed=2)
    for move in solve(game, time_limit=30).moves:
        game.play(move)
    assert best_hint(game) is None


def test_best_is_a_strategy_and_times_its_moves():
    [outcome] = play_many("best", [4], executor="serial")
    assert outcome.strategy == "best" and outcome.moves > 0
    assert len(outcome.move_seconds) >= outcome.moves and min(outcome.move_seconds) >= 0


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        SamplingPlayer(samples=0)
