"""A whole game as a JSON-ready record: where it started and every move, for saving and
resuming (the PGN of this project)."""

from __future__ import annotations

from typing import Any, TypeVar

from .game import Game

G = TypeVar("G", bound=Game)

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


def from_record(data: Any, game_type: type[G] = Game) -> G:  # type: ignore[assignment]
    """The game a record describes, with its line and redo moves; raises ValueError if the
    record is not one of ours or does not replay. ``game_type`` is the Game class to build
    (a subclass, such as the package's ``yukon_widget.Game`` with its shortcuts).

    Records come from files people can edit, so every field is checked for its exact type
    (``true`` is not the version 1, a number is not a move) before anything is replayed.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} record (its 'format' field should be {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(
            f"unsupported record version {_brief(version)}; this release reads {VERSION}"
        )
    for key, kind in (("moves", list), ("redo", list), ("start", dict)):
        if not isinstance(data.get(key), kind):
            raise ValueError(f"the record's {key!r} must be a {kind.__name__}")
    for key in ("moves", "redo"):
        for k, text in enumerate(data[key]):
            if not isinstance(text, str):
                raise ValueError(
                    f"the record's {key!r} must hold move notation, but entry {k + 1} is "
                    f"{_brief(text)}"
                )
    game = game_type.from_position(data["start"])
    seed = data.get("seed")
    if seed is not None:
        dealt = game_type(game.variant, seed=seed, **game.rules)
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


def _brief(value: Any) -> str:
    """A value for an error message, cut short: records can hold anything."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
