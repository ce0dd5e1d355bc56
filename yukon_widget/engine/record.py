"""A whole game as a JSON-ready record: where it started and every move, for saving and
resuming (the PGN of this project)."""

from __future__ import annotations

from typing import Any

from .game import Game

FORMAT = "yukon-widget game"
VERSION = 1


def to_record(game: Game) -> dict[str, Any]:
    """The start position, the seed, the moves played and the moves that redo() would replay."""
    ahead = game.copy()
    pending = []
    while ahead.can_redo:
        pending.append(str(ahead.redo()))
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "seed": game.seed,
        "start": game.start_position(),
        "moves": [str(m) for m in game.history],
        "redo": pending,
    }


def from_record(data: Any) -> Game:
    """The game a record describes, with its line and redo moves; raises ValueError if the
    record is not one of ours or does not replay."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} record (its 'format' field should be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ValueError(
            f"unsupported record version {data.get('version')!r}; this release reads {VERSION}"
        )
    for key, kind in (("moves", list), ("redo", list), ("start", dict)):
        if not isinstance(data.get(key), kind):
            raise ValueError(f"the record's {key!r} must be a {kind.__name__}")
    game = Game.from_position(data["start"])
    seed = data.get("seed")
    if seed is not None:
        dealt = Game(game.variant, seed=seed, **game.rules)
        if dealt.position() != game.start_position():
            raise ValueError(f"the record's start position is not the deal of seed {seed}")
        game = dealt
    try:
        for text in data["moves"] + data["redo"]:
            game.play(text)
    except ValueError as err:
        raise ValueError(f"the record's moves do not replay: {err}") from None
    for _ in data["redo"]:
        game.undo()
    return game
