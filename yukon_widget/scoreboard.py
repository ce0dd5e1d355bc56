"""Statistics kept across sessions, as KDE Patience and PySolFC keep them: games played and
won per variant, streaks, best wins.

Every game is one row of a SQLite database, ``stats.sqlite3`` in the user's data folder
(``platformdirs.user_data_dir("yukon-widget")``), or in ``$YUKON_WIDGET_HOME`` when that is set
(the tests set it, so they never touch a player's real statistics). Pure Python: no Jupyter.

What counts (the board, ``widget/tally.py``, decides when to write):

* A game is a row with a stable ``game_id``. It is written when its first move is made, with
  result ``"playing"``, so a deal counts as played from its first move, as in KPatience; it is
  then finished once, as ``"won"`` or ``"lost"``, and a finished row is never changed again:
  writing the same game twice never counts it twice.
* A game left ``"playing"`` (its board closed, or the kernel stopped, with no save to resume
  it) counts as played and not won, and neither breaks nor extends a streak.
* A *perfect* win (PySolFC's sense) is a win with no undo and no hint of any kind.
* ``current_streak`` is signed: +3 means the last three finished games were won, -2 that the
  last two were lost, 0 that nothing is finished yet.

Writers never step on each other: the database is in WAL mode with a busy timeout, and each
game is written in one ``BEGIN IMMEDIATE`` transaction, so two processes (two kernels, a
notebook and a script) writing at once lose nothing. A damaged file (not a database, or a
corrupt one) is moved aside as ``stats.sqlite3.corrupt-<UTC time>``, a ``StatisticsWarning``
says so in words, and a fresh database is started: statistics never stop a game.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .engine.variants import get_variant

log = logging.getLogger("yukon_widget")

FILENAME = "stats.sqlite3"
HOME_VARIABLE = "YUKON_WIDGET_HOME"
SCHEMA_VERSION = 1
#: How long a writer waits for another one to finish its transaction (seconds).
BUSY_SECONDS = 10.0
RESULTS = ("playing", "won", "lost")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    seed TEXT,                      -- text: seeds go up to 2**64 - 1, past SQLite's integers
    rules TEXT NOT NULL,            -- JSON, e.g. {"foundation_withdrawal": true}
    result TEXT NOT NULL CHECK (result IN ('playing', 'won', 'lost')),
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    undos INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    solver_hints INTEGER NOT NULL,
    started_at TEXT NOT NULL,       -- ISO 8601, UTC
    finished_at TEXT                -- ISO 8601, UTC, NULL while playing
);
CREATE INDEX IF NOT EXISTS games_by_variant ON games (variant, finished_at);
"""

# A finished row is final: the upsert only touches a row still "playing".
_UPSERT = """
INSERT INTO games (game_id, variant, seed, rules, result, moves, seconds, undos, hints,
                   solver_hints, started_at, finished_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    result = excluded.result, moves = excluded.moves, seconds = excluded.seconds,
    undos = excluded.undos, hints = excluded.hints, solver_hints = excluded.solver_hints,
    finished_at = excluded.finished_at
WHERE games.result = 'playing'
"""

_COLUMNS = (
    "game_id, variant, seed, rules, result, moves, seconds, undos, hints, solver_hints, "
    "started_at, finished_at"
)


class StatisticsWarning(UserWarning):
    """The statistics file had a problem (damaged and replaced, or not writable); the game
    goes on regardless."""


class StatisticsError(RuntimeError):
    """The statistics cannot be read or written right now (the message says why, in words)."""


@dataclass(frozen=True)
class GameEntry:
    """One game as the board reports it: ``result`` "playing" (first move made), "won" or
    "lost". Written with ``Scoreboard.record``."""

    game_id: str
    variant: str
    seed: int | None
    rules: dict[str, bool]
    result: str
    moves: int = 0
    seconds: float = 0.0
    undos: int = 0
    hints: int = 0
    solver_hints: int = 0
    started_at: datetime | None = None
    finished_at: datetime | None = None


@dataclass(frozen=True)
class GameRow:
    """One game of the log, as read back (``pandas.DataFrame(stats.games)`` makes a table).

    ``perfect`` is a win with no undo and no hint; times are UTC ``datetime``s."""

    game_id: str
    variant: str
    seed: int | None
    rules: dict[str, bool]
    result: str
    moves: int
    seconds: float
    undos: int
    hints: int
    solver_hints: int
    perfect: bool
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True)
class VariantRecord:
    """The record of one variant. ``current_streak`` is signed: positive = wins in a row,
    negative = losses in a row, 0 = no finished game. ``win_rate`` is won / played (None
    before any game); ``fewest_moves`` and ``fastest_seconds`` are over wins (None before
    the first)."""

    variant: str
    played: int = 0
    won: int = 0
    lost: int = 0
    win_rate: float | None = None
    current_streak: int = 0
    longest_win_streak: int = 0
    longest_losing_streak: int = 0
    fewest_moves: int | None = None
    fastest_seconds: float | None = None
    perfect_wins: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as the board sends it in ``state.statistics``."""
        return asdict(self)


@dataclass(frozen=True)
class Statistics:
    """What ``yukon_widget.statistics()`` returns: ``variants`` (name -> VariantRecord),
    ``games`` (the log, oldest first: a list of GameRow) and the database's ``path``.
    ``stats["yukon"]`` is ``stats.variants["yukon"]``."""

    variants: dict[str, VariantRecord]
    games: list[GameRow]
    path: Path

    def __getitem__(self, variant: str) -> VariantRecord:
        name = get_variant(variant).name
        return self.variants.get(name, VariantRecord(name))


def home() -> Path:
    """The folder statistics live in: ``$YUKON_WIDGET_HOME`` if set, else the user's data
    folder (``platformdirs``), so tests and sandboxes can point it elsewhere."""
    given = os.environ.get(HOME_VARIABLE)
    if given:
        return Path(given).expanduser()
    import platformdirs  # only when needed: importing the package stays light

    return Path(platformdirs.user_data_dir("yukon-widget"))


def default_path() -> Path:
    """``stats.sqlite3`` in ``home()``, read again at each call (the variable may change)."""
    return home() / FILENAME


def statistics(variant: str | None = None) -> Statistics:
    """The statistics kept across sessions: per variant records and the game log.

    ``variant`` limits both to one variant (which is then always in ``variants``, with zeros
    before its first game). A damaged database is moved aside with a StatisticsWarning and
    reads as empty; one that cannot be read at all raises StatisticsError.
    """
    return Scoreboard().statistics(variant)


class Scoreboard:
    """The statistics database. Each call opens its own connection, so one Scoreboard is
    safe from any thread, and many processes can write at once."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._ready = False
        self._notices: list[str] = []

    def take_notices(self) -> list[str]:
        """Messages for the player since the last call (a damaged file was replaced)."""
        notices, self._notices = self._notices, []
        return notices

    # ------------------------------------------------------------------ writing

    def record(self, entry: GameEntry) -> bool:
        """Write one game in one transaction; True if it changed the log. A game already
        finished is never changed (nor counted again); raises StatisticsError when the
        database cannot be written."""
        if entry.result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {entry.result!r}")
        finished = entry.finished_at
        if entry.result != "playing" and finished is None:
            finished = _now()
        row = (
            entry.game_id,
            get_variant(entry.variant).name,
            None if entry.seed is None else str(entry.seed),
            json.dumps(entry.rules, sort_keys=True),
            entry.result,
            int(entry.moves),
            float(entry.seconds),
            int(entry.undos),
            int(entry.hints),
            int(entry.solver_hints),
            _iso(entry.started_at or _now()),
            None if entry.result == "playing" else _iso(finished),
        )

        def write(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            try:
                changed = conn.execute(_UPSERT, row).rowcount > 0
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            return changed

        return self._run(write)

    # ------------------------------------------------------------------ reading

    def games(self, variant: str | None = None) -> list[GameRow]:
        """The game log, oldest first (by when each game was finished, then started)."""
        where, args = "", ()
        if variant is not None:
            where, args = "WHERE variant = ?", (get_variant(variant).name,)
        query = (
            f"SELECT {_COLUMNS} FROM games {where} "
            "ORDER BY finished_at IS NULL, finished_at, started_at, rowid"
        )
        rows = self._run(lambda conn: conn.execute(query, args).fetchall())
        return [_row(r) for r in rows]

    def record_of(self, variant: str) -> VariantRecord:
        """One variant's record (zeros before its first game)."""
        name = get_variant(variant).name
        return summarize(name, self.games(name))

    def statistics(self, variant: str | None = None) -> Statistics:
        """Per variant records and the log (see ``yukon_widget.statistics``)."""
        games = self.games(variant)
        names = sorted({g.variant for g in games})
        if variant is not None:
            names = [get_variant(variant).name]
        for notice in self.take_notices():
            warnings.warn(notice, StatisticsWarning, stacklevel=3)
        variants = {n: summarize(n, [g for g in games if g.variant == n]) for n in names}
        return Statistics(variants, games, self.path)

    # ------------------------------------------------------------------ the file

    def _run(self, work: Any) -> Any:
        """``work(connection)`` on a ready database. A damaged file is moved aside and the
        work done again on a fresh one; any other failure is a StatisticsError in words."""
        for attempt in range(2):
            try:
                with self._connect() as conn:
                    return work(conn)
            except sqlite3.Error as err:
                if attempt == 0 and _damaged(err) and self._move_aside(err):
                    continue
                raise StatisticsError(
                    f"Could not use the statistics file {self.path} ({_why(err)})."
                ) from err
            except OSError as err:
                raise StatisticsError(
                    f"Could not use the statistics file {self.path} ({_why(err)})."
                ) from err
        raise AssertionError("unreachable")  # pragma: no cover

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            if not self._ready:
                self._prepare(conn)
            yield conn
        finally:
            conn.close()

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """WAL mode and the table, once per Scoreboard (idempotent, safe to race)."""
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.OperationalError(
                f"it was written by a newer yukon-widget (schema {version}); this one reads "
                f"{SCHEMA_VERSION}"
            )
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() != "wal":
            mode = _to_wal(conn)
        if str(mode).lower() != "wal":
            log.debug("yukon-widget: statistics in journal mode %s, not WAL", mode)
        conn.execute("PRAGMA synchronous = NORMAL")
        if version < SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        self._ready = True

    def _move_aside(self, err: sqlite3.Error) -> bool:
        """Keep the damaged file as ``<name>.corrupt-<UTC time>`` (its WAL too) and say so;
        False when there was nothing to move."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:
            return True  # another process moved it first: start afresh all the same
        except OSError as move_err:
            log.warning("yukon-widget: cannot move the damaged %s aside: %s", self.path, move_err)
            return False
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            with contextlib.suppress(OSError):
                if suffix == "-wal":
                    os.replace(side, aside.with_name(aside.name + suffix))
                else:
                    side.unlink()
        self._ready = False
        notice = (
            f"The statistics file {self.path} was damaged ({_why(err)}), so it was kept "
            f"aside as {aside.name} and new statistics were started."
        )
        log.warning("yukon-widget: %s", notice)
        self._notices.append(notice)
        return True


def _to_wal(conn: sqlite3.Connection) -> str:
    """Switch a new database to WAL. SQLite answers "busy" at once, without its busy
    handler, when another process holds a lock meanwhile (two first writers racing), so
    this waits and tries again itself, for up to BUSY_SECONDS."""
    deadline = time.monotonic() + BUSY_SECONDS
    pause = 0.005
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as err:
            if not _busy(err) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def summarize(variant: str, games: Iterable[GameRow]) -> VariantRecord:
    """A variant's record from its games, oldest first (streaks follow finished games in
    order; a game still "playing" counts as played only)."""
    played = won = lost = perfect = 0
    streak = best_win = best_loss = 0
    fewest: int | None = None
    fastest: float | None = None
    for g in games:
        played += 1
        if g.result == "won":
            won += 1
            perfect += g.perfect
            streak = streak + 1 if streak > 0 else 1
            best_win = max(best_win, streak)
            fewest = g.moves if fewest is None else min(fewest, g.moves)
            fastest = g.seconds if fastest is None else min(fastest, g.seconds)
        elif g.result == "lost":
            lost += 1
            streak = streak - 1 if streak < 0 else -1
            best_loss = max(best_loss, -streak)
    return VariantRecord(
        variant=variant,
        played=played,
        won=won,
        lost=lost,
        win_rate=won / played if played else None,
        current_streak=streak,
        longest_win_streak=best_win,
        longest_losing_streak=best_loss,
        fewest_moves=fewest,
        fastest_seconds=fastest,
        perfect_wins=perfect,
    )


def _row(r: tuple) -> GameRow:
    (game_id, variant, seed, rules, result, moves, seconds, undos, hints, solver, started,
     finished) = r  # fmt: skip
    won = result == "won"
    return GameRow(
        game_id=game_id,
        variant=variant,
        seed=None if seed is None else int(seed),
        rules=json.loads(rules),
        result=result,
        moves=moves,
        seconds=seconds,
        undos=undos,
        hints=hints,
        solver_hints=solver,
        perfect=won and undos == 0 and hints == 0 and solver == 0,
        started_at=datetime.fromisoformat(started),
        finished_at=None if finished is None else datetime.fromisoformat(finished),
    )


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _damaged(err: sqlite3.Error) -> bool:
    """Whether ``err`` says the file is not a database or is corrupt (not merely busy or
    unwritable, which a later try may get past)."""
    code = getattr(err, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
    return type(err) is sqlite3.DatabaseError


def _busy(err: sqlite3.Error) -> bool:
    code = getattr(err, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
    return "locked" in str(err)


def _why(err: BaseException) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err) or type(err).__name__
    return str(err) or type(err).__name__
