"""Save files: a journal of the game, appended to after every change, replayed on open.

Format (version 2, JSON Lines, UTF-8). The first line is a snapshot of the whole game::

    {"format": "yukon-widget save", "version": 2, "game": <record>, "settings": {...}}

where ``<record>`` is ``engine.record.to_record`` (the start, the moves, the redo moves) and
``settings`` holds ``click_to_move``, ``safe_autoplay``, ``fair_hints`` and ``show_clock``
(older saves may lack the last two). Every later line is one change: ``{"op": "play",
"moves": ["7H t3-t7", ...]}`` (a move with the safe moves it set off, or an auto-finish),
``{"op": "undo"}``, ``{"op": "redo"}``, ``{"op": "restart"}``, ``{"op": "game", "game":
<record>}`` (a new deal) and ``{"op": "settings", "settings": {...}}``.

The statistics' record of the game (``widget/tally.py``: its id, elapsed seconds, undo and
hint counts, whether it is played or won) rides along so a resumed game is the same game: an
optional ``"tally"`` field on the first line and on ``restart`` and ``game`` lines, and
``{"op": "tally", "tally": {...}}`` lines after a hint, the win, each minute of play and on
closing. Moves and undos carry none (the reader counts them), so they stay one short line.
Saves without any tally (older ones) are still read: their game gets a new record.
A save therefore costs the same at move 20,000 as at move 1 (rewriting the whole record
after every move did not). Version 1 files (one JSON record, ``"format": "yukon-widget
game"``) are still read.

Safety, in order of what could go wrong:

* Atomic: each change is one ``write`` of one line, then fsync; a crash mid-write leaves a
  last line without its newline, which reading drops, so the file loads to the last or the
  previous state. Whole rewrites (on open, after a failed write, and when undo/redo churn
  makes the journal much longer than the game) go to a temporary file that is renamed over
  the save, so they are atomic too.
* Never overwrites what is not ours: an existing file is read first, and anything that is not
  a save raises SaveFileError naming the file, which is left as it is.
* One writer: the board that owns a save holds an advisory lock (``flock`` on a sidecar
  ``.<name>.lock`` file) until it is closed. A board in another process gets SaveInUseError;
  a second board in the same process (a re-run cell) takes the save over and the first one
  says it no longer saves.
* Symlinks are followed: the file written is the link's target, in the target's directory.
* The directory must exist (SaveFileError otherwise): a mistyped path never creates folders.
* Stale temporary files of this save (``.<name>.<random>.tmp``, left by a process killed in a
  rewrite) are removed when the save is opened, under the lock.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.record import FORMAT as RECORD_FORMAT
from ..engine.record import from_record, to_record
from ..game import Game
from .tally import check_journal, follow

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; saves still work, one writer is on trust
    fcntl = None  # type: ignore[assignment]

FORMAT = "yukon-widget save"
VERSION = 2
SETTINGS = ("click_to_move", "safe_autoplay", "fair_hints", "show_clock")
#: Without locks a temporary file is only taken for stale when it is this old (seconds).
STALE_AFTER = 600


class SaveFileError(ValueError):
    """A save file that cannot be used: not a yukon-widget save, a contradiction with what
    was asked for, or a folder that does not exist. The file is left untouched."""


class SaveInUseError(SaveFileError):
    """Another process has this save open in a board; two writers would lose moves."""


@dataclass
class Saved:
    """What a save file holds: the game, the settings it recorded (possibly none) and the
    statistics' record of the game (``tally``; None in saves made before there was one)."""

    game: Game
    settings: dict[str, bool] = field(default_factory=dict)
    tally: dict[str, Any] | None = None


# ---------------------------------------------------------------------- reading


def read_save(path: str | os.PathLike) -> Game:
    """The game saved in ``path``; anything wrong raises SaveFileError naming the file."""
    return load_save(path).game


def load_save(path: str | os.PathLike) -> Saved:
    """The game and settings saved in ``path`` (version 1 or 2); anything wrong raises
    SaveFileError naming the file. A torn last line (a crash mid-write) is dropped."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SaveFileError(
            f"{path}: cannot read it as a saved game ({err}); it was left as it is"
        ) from None
    try:
        return _parse(text)
    except _Unusable as err:
        raise SaveFileError(
            f"{path}: not a usable yukon-widget save ({err}); it was left as it is"
        ) from None
    except Exception as err:  # the file is untrusted input: any failure means "not usable"
        raise SaveFileError(
            f"{path}: not a usable yukon-widget save ({type(err).__name__}: {err}); "
            "it was left as it is"
        ) from None


class _Unusable(ValueError):
    """Why a file's content is not a save (wrapped in SaveFileError with the file's name)."""


def _parse(text: str) -> Saved:
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        whole = None  # not one JSON document: a journal, or not ours
    else:
        if not isinstance(whole, dict):
            raise _Unusable("it holds JSON, but not an object")
        if whole.get("format") == RECORD_FORMAT:
            return Saved(_game(whole, "the file"))
        return _header(whole)
    lines = text.split("\n")
    complete = lines[:-1]  # the piece after the last newline is empty or torn: dropped
    if not complete:
        raise _Unusable("it is empty" if not text.strip() else "it is not JSON")
    saved = _header(_json_line(complete[0], 1))
    for number, line in enumerate(complete[1:], 2):
        if line.strip():
            _apply(saved, _json_line(line, number), number)
    return saved


def _json_line(line: str, number: int) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        if number == 1:
            raise _Unusable("it is not JSON") from None
        raise _Unusable(f"line {number} is not JSON") from None


def _header(data: Any) -> Saved:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Unusable(f"its 'format' field should be {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise _Unusable(f"unsupported save version {_brief(version)}; this release reads 1 and 2")
    if set(data) - {"tally"} != {"format", "version", "game", "settings"}:
        raise _Unusable("the first line's fields should be format, version, game, settings")
    tally = _tally(data["tally"], 1) if "tally" in data else None
    return Saved(_game(data["game"], "the first line"), _settings(data["settings"], 1), tally)


def _game(record: Any, where: str) -> Game:
    try:
        return from_record(record, Game)
    except ValueError as err:
        raise _Unusable(f"{where}: {err}") from None


def _settings(data: Any, number: int) -> dict[str, bool]:
    if not isinstance(data, dict) or not all(
        key in SETTINGS and type(value) is bool for key, value in data.items()
    ):
        raise _Unusable(f"line {number}: settings must map {', '.join(SETTINGS)} to true/false")
    return dict(data)


def _tally(data: Any, number: int) -> dict[str, Any]:
    try:
        return check_journal(data)
    except ValueError as err:
        raise _Unusable(f"line {number}: {err}") from None


_OPS = {"play": {"op", "moves"}, "undo": {"op"}, "redo": {"op"}, "restart": {"op"},
        "game": {"op", "game"}, "settings": {"op", "settings"},
        "tally": {"op", "tally"}}  # fmt: skip
_TALLIED = ("restart", "game")  # lines that start a new game record: they may carry its tally


def _apply(saved: Saved, op: Any, number: int) -> None:
    """Replay one journal line onto ``saved``."""
    kind = op.get("op") if isinstance(op, dict) else None
    if not isinstance(kind, str) or kind not in _OPS:
        raise _Unusable(f"line {number} is not a change this release knows")
    fields = set(op) - {"tally"} if kind in _TALLIED else set(op)
    if fields != _OPS[kind]:
        raise _Unusable(f"line {number} is not a change this release knows")
    if kind in _TALLIED or kind == "tally":
        saved.tally = _tally(op["tally"], number) if "tally" in op else None
    else:
        saved.tally = follow(saved.tally, kind)
    game = saved.game
    if kind == "play":
        moves = op["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise _Unusable(f"line {number}: 'moves' must be a list of move notation")
        try:
            for text in moves:
                game.play(text)
        except ValueError as err:
            raise _Unusable(f"line {number}: the moves do not replay: {err}") from None
    elif kind in ("undo", "redo"):
        if not (game.can_undo if kind == "undo" else game.can_redo):
            raise _Unusable(f"line {number}: there is no move to {kind}")
        getattr(game, kind)()
    elif kind == "restart":
        game.restart()
    elif kind == "game":
        saved.game = _game(op["game"], f"line {number}")
    elif kind == "settings":
        saved.settings.update(_settings(op["settings"], number))


# ---------------------------------------------------------------------- writing


def write_save(
    path: str | os.PathLike, game: Game, settings: dict[str, bool] | None = None
) -> None:
    """Write ``game`` to ``path`` whole and atomically: readers see the old file or the new one.

    (A board writes through SaveFile, which also locks the save and appends changes.)"""
    target = Path(os.path.realpath(path))
    _rewrite(target, _snapshot(game, settings or {}))


def _snapshot(game: Game, settings: dict[str, bool], tally: dict[str, Any] | None = None) -> str:
    head = {"format": FORMAT, "version": VERSION, "game": to_record(game),
            "settings": {k: bool(settings[k]) for k in SETTINGS if k in settings}}  # fmt: skip
    if tally is not None:
        head["tally"] = tally
    return json.dumps(head, separators=(",", ":")) + "\n"


def _rewrite(target: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            with contextlib.suppress(OSError):  # keep the mode the player gave the file
                os.chmod(out.fileno(), os.stat(target).st_mode & 0o7777)
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(target.parent)


def _sync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _append(target: Path, line: str) -> None:
    """One change, as one write of one line. No O_CREAT: a save that vanished is rewritten
    whole, never restarted as a journal without its first line."""
    data = line.encode("utf-8")
    fd = os.open(target, os.O_WRONLY | os.O_APPEND)
    try:
        if os.write(fd, data) != len(data):
            raise OSError("the disk took only part of the change")
        os.fsync(fd)
    finally:
        os.close(fd)


class _Lock:
    """An advisory lock on a save, held by the board that owns it (``.<name>.lock``)."""

    def __init__(self, target: Path, shown: str) -> None:
        self.path = target.with_name(f".{target.name}.lock")
        self._release: Callable[[], Any] = lambda: None
        if fcntl is None:
            return
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as err:
                raise SaveFileError(
                    f"{shown}: cannot lock it for saving ({err.strerror or err})"
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = os.read(fd, 32).decode("ascii", "replace").strip()
                os.close(fd)
                who = f"process {owner}" if owner.isdigit() else "another process"
                raise SaveInUseError(
                    f"{shown} is open in a board in {who}: two boards saving to one file "
                    "would lose moves. Close that board (w.close()) or save to another file."
                ) from None
            except OSError:  # a file system without locks: save on trust, as without fcntl
                os.close(fd)
                return
            # A board closing meanwhile removes the lock file; then this lock is on a file
            # nobody else will open, so try again on the one now at the path.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        # Released by release(), or when the lock is dropped unreleased (a board collected
        # without close()), so a later board of this process can lock the save again.
        self._release = weakref.finalize(self, _unlock, self.path, fd)

    def release(self) -> None:
        self._release()


def _unlock(path: Path, fd: int) -> None:
    with contextlib.suppress(OSError):
        path.unlink()  # while still holding the lock: see the retry in _Lock.__init__
    os.close(fd)


def _remove_stale_temps(target: Path) -> None:
    """Temporary files of this save left by a killed process (only ours: the exact name
    pattern; under the lock no live board writes them, without locks only old ones)."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}\.tmp")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        if not pattern.fullmatch(name):
            continue
        stale = target.parent / name
        with contextlib.suppress(OSError):
            if fcntl is None and time.time() - stale.stat().st_mtime < STALE_AFTER:
                continue
            stale.unlink()


# Saves open in this process, by resolved path: a second board takes the save over.
_OPEN: weakref.WeakValueDictionary[str, SaveFile] = weakref.WeakValueDictionary()


class SaveFile:
    """One board's save: the lock, the journal, and the notices when writing fails.

    ``SaveFile.open(path)`` checks the folder, locks, and reads what the file holds
    (``saved``); ``commit(game, settings)`` makes it this board's save and rewrites it whole;
    then ``record`` writes each change. Writing never raises once committed: it returns a
    notice for the player instead, and the next write that works catches up.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.shown = os.fspath(path)
        self.path = Path(os.path.realpath(path))
        self.saved: Saved | None = None
        self.on_detach: Callable[[str], None] | None = None
        self._source: Callable[[], tuple[Any, ...]] | None = None
        self._lock: _Lock | None = None
        self._previous: SaveFile | None = None
        self._active = False
        self._dirty = False  # the file lags behind the game: the next write is a rewrite
        self._failing = False
        self._ops = 0  # journal lines since the last rewrite
        self._mark: tuple = ()
        self.writes = 0

    @classmethod
    def open(cls, path: str | os.PathLike) -> SaveFile:
        """Lock the save and read it; SaveFileError (nothing changed) if that cannot be done."""
        self = cls(path)
        folder = self.path.parent
        if not folder.is_dir():
            raise SaveFileError(
                f"{self.shown}: the folder {folder} does not exist; create it first or save "
                "somewhere else"
            )
        previous = _OPEN.get(str(self.path))
        if previous is not None and previous.active:
            self._previous = previous
        else:
            self._lock = _Lock(self.path, self.shown)
        try:
            if self._previous is not None:
                self._previous.flush()
            else:
                _remove_stale_temps(self.path)
            if self.path.exists():
                self.saved = load_save(self.path)
        except BaseException:
            self.abort()
            raise
        return self

    def commit(self, source: Callable[[], tuple[Any, ...]]) -> None:
        """Make this the save of the board whose game, settings (and tally) ``source()`` gives:
        rewrite it whole now (which also drops a torn last line and turns a version 1 file
        into a journal), then take it over from a board of this process that had it."""
        try:
            self._rewrite(*source())
        except OSError as err:
            self.abort()
            raise SaveFileError(f"{self.shown}: cannot save the game there ({_why(err)})") from None
        previous, self._previous = self._previous, None
        if previous is not None:
            self._lock, previous._lock = previous._lock, None
            previous._active = False
            if previous.on_detach is not None:
                previous.on_detach(
                    f"This board no longer saves: another board opened {self.name}. "
                    "Moves made here are not saved."
                )
        self._source = source
        self._active = True
        _OPEN[str(self.path)] = self

    def abort(self) -> None:
        """Give up before ``commit``: release the lock taken by ``open``."""
        if self._lock is not None:
            self._lock.release()
        self._lock = None

    def close(self) -> None:
        """Stop saving and release the lock (the file stays, complete)."""
        self._active = False
        if _OPEN.get(str(self.path)) is self:
            del _OPEN[str(self.path)]
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def name(self) -> str:
        return Path(self.shown).name

    @property
    def active(self) -> bool:
        """Whether this board still writes the save (not closed, not taken over)."""
        return self._active

    def record(
        self,
        op: dict[str, Any],
        game: Game,
        settings: dict[str, bool],
        before: tuple,
        tally: dict[str, Any] | None = None,
    ) -> str | None:
        """Write one change (``op``, played from the game as it was at ``before``): append
        it, or rewrite the whole file when the file is behind or the journal is mostly churn.
        Returns a notice for the player when saving starts or stops failing, else None."""
        if not self._active:
            return None
        try:
            behind = self._dirty or not _same_mark(before, self._mark)
            if behind or self._ops > 2 * game.moves_made + 1000:
                self._rewrite(game, settings, tally)
            else:
                try:
                    _append(self.path, json.dumps(op, separators=(",", ":")) + "\n")
                    self._ops += 1
                except OSError:  # the file may have gone: put it back whole
                    self._rewrite(game, settings, tally)
        except OSError as err:
            self._dirty = True
            if self._failing:
                return None
            self._failing = True
            return (
                f"Could not save to {self.name} ({_why(err)}); the game goes on unsaved "
                "and is saved again as soon as the file can be written."
            )
        self.writes += 1
        self._mark = mark(game)
        if self._failing:
            self._failing = False
            return f"Saved to {self.name} again."
        return None

    def rewrite(
        self, game: Game, settings: dict[str, bool], tally: dict[str, Any] | None = None
    ) -> str | None:
        """Write the whole game now (after something outside the journal changed it)."""
        self._dirty = True
        return self.record({}, game, settings, (), tally)

    def flush(self) -> None:
        """Catch up if the last write failed (before another board reads the file)."""
        if self._dirty and self._active and self._source is not None:
            self.rewrite(*self._source())

    def _rewrite(
        self, game: Game, settings: dict[str, bool], tally: dict[str, Any] | None = None
    ) -> None:
        _rewrite(self.path, _snapshot(game, settings, tally))
        self._dirty = False
        self._ops = 0
        self._mark = mark(game)


def mark(game: Game) -> tuple:
    """Where ``game``'s line stands, cheaply: a change recorded from this mark replays onto
    the file; any other (the game changed behind the board's back) needs a whole rewrite.
    Line and redo entries are fresh objects for every move, so identity tells them apart."""
    line, redo = game.played, game.redo_moves
    return (game, len(line), line[-1] if line else None, len(redo), redo[-1] if redo else None)


def _same_mark(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(
        x is y or (type(x) is int and type(y) is int and x == y) for x, y in zip(a, b)
    )


def _why(err: OSError) -> str:
    return err.strerror or str(err) or type(err).__name__


def _brief(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."
