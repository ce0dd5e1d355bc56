"""Save files: the game record written atomically after every change, and read back whole.

A save is never half-written (temporary file, fsync, rename) and a file that is not ours is
never overwritten: it raises an error naming the file instead.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..engine import Game
from ..engine.record import from_record, to_record


class SaveFileError(ValueError):
    """A save file that cannot be read as a yukon-widget game; it is left untouched."""


def write_save(path: str | os.PathLike, game: Game) -> None:
    """Write ``game`` to ``path`` atomically: readers see the old file or the new one."""
    target = Path(path)
    text = json.dumps(to_record(game), indent=1)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_save(path: str | os.PathLike) -> Game:
    """The game saved in ``path``; anything wrong raises SaveFileError naming the file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveFileError(
            f"{path}: cannot read it as a saved game ({err}); it was left as it is"
        ) from None
    try:
        return from_record(data)
    except ValueError as err:
        raise SaveFileError(
            f"{path}: not a usable yukon-widget save ({err}); it was left as it is"
        ) from None
