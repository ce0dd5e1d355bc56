"""Property-based tests over random play in every variant."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yukon_widget import Game, IllegalMoveError, Move
from yukon_widget.engine.cards import CODES
from yukon_widget.engine.variants import VARIANTS

variants = st.sampled_from(sorted(VARIANTS))
seeds = st.integers(min_value=0, max_value=2**64 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)
withdrawal = st.sampled_from([None, True, False])
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(variant: str, seed: int, withdraw: bool | None) -> Game:
    options = {} if withdraw is None else {"foundation_withdrawal": withdraw}
    return Game(variant, seed=seed, **options)


def play_out(game: Game, picks: list[int]) -> list[dict]:
    """Play moves chosen by ``picks``; return the positions passed through."""
    seen = [game.position()]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)])
        seen.append(game.position())
    return seen


def card_counts(position: dict) -> Counter:
    cards = Counter()
    for col in position["tableau"]:
        cards.update(col["down"] + col["up"])
    for pile in position["foundations"]:
        cards.update(pile)
    cards.update(c for c in position.get("cells", []) if c)
    return cards


@SETTINGS
@given(variants, seeds, choices, withdrawal)
def test_cards_are_conserved(variant, seed, picks, withdraw):
    game = new_game(variant, seed, withdraw)
    decks = VARIANTS[variant].decks
    for position in play_out(game, picks):
        assert card_counts(position) == Counter({code: decks for code in CODES})


@SETTINGS
@given(variants, seeds, choices, withdrawal)
def test_every_listed_move_plays_and_undoes(variant, seed, picks, withdraw):
    game = new_game(variant, seed, withdraw)
    play_out(game, picks)
    before = game.position()
    for move in game.legal_moves():
        assert game.play(move) == move
        game.undo()
        assert game.position() == before


@SETTINGS
@given(variants, seeds, choices, withdrawal, st.data())
def test_a_move_not_listed_raises_and_changes_nothing(variant, seed, picks, withdraw, data):
    game = new_game(variant, seed, withdraw)
    play_out(game, picks)
    legal = set(game.legal_moves())
    piles = game.pile_ids
    before, line = game.position(), game.history
    for _ in range(30):
        move = Move(
            data.draw(st.sampled_from(CODES)),
            data.draw(st.sampled_from(piles)),
            data.draw(st.sampled_from(piles)),
        )
        if move in legal:
            continue
        try:
            game.play(move)
        except IllegalMoveError as err:
            assert str(err)
        else:
            raise AssertionError(f"{move} is not listed as legal but played")
        assert game.position() == before and game.history == line


@SETTINGS
@given(variants, seeds, choices, withdrawal)
def test_undo_restores_every_earlier_position(variant, seed, picks, withdraw):
    game = new_game(variant, seed, withdraw)
    seen = play_out(game, picks)
    for position in reversed(seen[:-1]):
        game.undo()
        assert game.position() == position
    assert not game.can_undo


@SETTINGS
@given(variants, seeds, choices, withdrawal)
def test_column_keys_follow_every_move_and_undo(variant, seed, picks, withdraw):
    # The solver's crossings cache facts about a column by its key, so a stale one would
    # hand a column another column's facts.
    game = new_game(variant, seed, withdraw)

    def check() -> None:
        board = game.board
        for c, (col, down) in enumerate(zip(board.columns, board.down)):
            assert board.column_key(c) == bytes((down, *col))

    def keys() -> list[bytes]:
        return [game.board.column_key(c) for c in range(game.board.ncols)]

    check()
    before = []  # the keys before each move
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        before.append(keys())
        game.play(moves[pick % len(moves)])
        check()
    copy = game.copy()  # its board starts with no keys to put back
    while game.can_undo:
        game.undo()
        check()
        # Undo puts back the very keys the move replaced, so caches by a key find them again.
        assert all(now is then for now, then in zip(keys(), before.pop()))
    game = copy
    for pick in picks[:3]:
        moves = game.legal_moves()
        if moves:
            game.play(moves[pick % len(moves)])
            check()
    while game.can_undo:
        game.undo()
        check()


@SETTINGS
@given(variants, seeds, choices, withdrawal)
def test_position_round_trips(variant, seed, picks, withdraw):
    game = new_game(variant, seed, withdraw)
    play_out(game, picks)
    again = Game.from_position(game.position())
    assert again.position() == game.position()
    assert set(again.legal_moves()) == set(game.legal_moves())


@SETTINGS
@given(variants, seeds, choices)
def test_notation_round_trips_in_play(variant, seed, picks):
    game = Game(variant, seed=seed)
    play_out(game, picks)
    for move in game.legal_moves():
        assert game.parse_move(str(move)) == move


@settings(max_examples=40, deadline=None)
@given(variants, seeds)
def test_same_seed_same_deal(variant, seed):
    assert Game(variant, seed=seed).position() == Game(variant, seed=seed).position()


@SETTINGS
@given(variants, seeds, choices)
def test_restart_replays_the_same_deal_and_redo_walks_forward(variant, seed, picks):
    game = Game(variant, seed=seed)
    seen = play_out(game, picks)
    line = game.history
    game.restart()
    assert game.position() == Game(variant, seed=seed).position()
    for position in seen[1:]:
        game.redo()
        assert game.position() == position
    assert game.history == line
