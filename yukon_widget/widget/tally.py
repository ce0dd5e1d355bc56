"""One board's record keeping: the game id, the undo and hint counters, the clock, and the
statistics database (``yukon_widget.scoreboard``), behind a small interface for ``Yukon``.

The rules, as a player sees them (KDE Patience's, where they differ from PySolFC's):

* **Played** from the first move: the game is written as "playing" then.
* **Won** when a move (or auto-finish, redo, a script's change) wins it. The record is then
  final: undoing after a win and winning again counts nothing more, the clock stays stopped
  at the winning time, and a later New game or Restart records no loss.
* **Lost** when a played, unfinished game is left by New game or by Restart (a restart of
  a played deal counts as a loss, as in KDE Patience; the restarted deal is a new game,
  played from its next move).
* **Resumed** from a save, the game is the same game: its id, elapsed seconds and counters
  are in the save's journal (``tally``), so it is never counted twice.
* **Counters:** every undo; every hint shown (the Hint button, ``w.hint()``), and of those
  the hints the solver gave (it sees the face-down cards). A perfect win has none of them.
* **Clock:** wall-clock seconds of play, from the first move until the win. A resumed game's
  clock starts again at the first change after resuming (the time the board stood closed,
  or open and untouched since resuming, does not count).

Statistics never break play: a database that fails becomes one notice for the player (and
``state.statistics`` is null) until it works again.
"""

from __future__ import annotations

import logging
import math
import time
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

from ..game import Game
from ..scoreboard import GameEntry, Scoreboard

log = logging.getLogger("yukon_widget")

#: The clock reads this (tests may replace it).
monotonic = time.monotonic

#: Changes that start a new game record (the old one, if played, is lost).
FRESH = ("new", "restart")
#: Seconds of play between two ``tally`` lines in a save.
KEEP_EVERY = 60.0
_COUNTERS = ("undos", "hints", "solver_hints")
_KEYS = {"id", "seconds", "result", *_COUNTERS}


def check_journal(data: Any) -> dict[str, Any]:
    """A save's ``tally`` entry if well-formed; ValueError saying what is wrong (saves are
    files people can edit)."""
    if not isinstance(data, dict) or set(data) != _KEYS:
        raise ValueError(f"a tally must have exactly the fields {', '.join(sorted(_KEYS))}")
    game_id = data["id"]
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 64 or not game_id.isprintable():
        raise ValueError("a tally's id must be short printable text")
    seconds = data["seconds"]
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise ValueError("a tally's seconds must be a number")
    if not (math.isfinite(seconds) and seconds >= 0):
        raise ValueError("a tally's seconds must be 0 or more")
    for key in _COUNTERS:
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"a tally's {key} must be a whole number, 0 or more")
    if data["result"] not in (None, "playing", "won"):
        raise ValueError("a tally's result must be null, 'playing' or 'won'")
    return dict(data)


def follow(journal: dict[str, Any] | None, op: str) -> dict[str, Any] | None:
    """The tally after a journal line ``op`` ("play", "undo", "redo") that carried none:
    what ``Tally.changed`` did when the line was written (a move starts the game, an undo
    while playing is counted), so moves and undos need no tally line of their own."""
    if journal is None or journal["result"] == "won":
        return journal
    journal = dict(journal)
    if op in ("play", "redo") and journal["result"] is None:
        journal["result"] = "playing"
    elif op == "undo" and journal["result"] == "playing":
        journal["undos"] += 1
    return journal


class Tally:
    """The record of the game on one board.

    ``changed(kind, game)`` after every change of the game (``kind`` as in ``state.last``),
    ``hinted(solver)`` after a hint is shown; ``journal()`` is what the save keeps, and
    ``state()`` the two keys the page gets (``clock``, ``statistics``). None of them raises:
    a notice for the player is returned instead.
    """

    def __init__(
        self, game: Game, journal: dict[str, Any] | None = None, store: Scoreboard | None = None
    ) -> None:
        self.store = store if store is not None else Scoreboard()
        self._failing = False
        self._stats: dict[str, Any] | None = None
        self._begin(game, journal)
        #: A notice from opening the statistics (a damaged file replaced), or None.
        self.notice = self._refresh()

    # ------------------------------------------------------------------ for the board

    @property
    def game_id(self) -> str:
        return self._id

    @property
    def result(self) -> str | None:
        """None (no move yet), "playing" or "won"."""
        return self._result

    def counters(self) -> dict[str, int]:
        """Undos, hints and solver hints so far, a copy."""
        return dict(self._counts)

    def seconds(self) -> float:
        """Elapsed seconds of play, now."""
        running = 0.0 if self._since is None else monotonic() - self._since
        return self._banked + running

    def changed(self, kind: str, game: Game) -> str | None:
        """Follow a change of ``game``; a notice for the player when the statistics file
        started (or stopped) failing, else None."""
        notices: list[str | None] = []
        if kind in FRESH:
            if self._result == "playing":
                notices.append(self._write("lost"))
            self._begin(game, None)
            notices.append(self._refresh())
            return _join(notices)
        if kind == "undo" and self._result == "playing":
            self._counts["undos"] += 1
        if self._result != "won":
            self._moves = game.moves_made
        if self._result is None and game.moves_made > 0:
            self._result = "playing"
            self._started = _now()
            notices.append(self._write("playing"))
        if self._result == "playing":
            if self._since is None:
                self._since = monotonic()
            if game.is_won:
                self._banked = self.seconds()
                self._since = None
                self._result = "won"
                self._dirty = True
                notices.append(self._write("won"))
        return _join(notices)

    def hinted(self, solver: bool) -> None:
        """A hint was shown (``solver``: the solver's, which saw the face-down cards)."""
        if self._result == "won":
            return
        self._counts["hints"] += 1
        if solver:
            self._counts["solver_hints"] += 1
        self._dirty = True

    def journal(self) -> dict[str, Any]:
        """What a save keeps so a resumed game is the same game (see ``check_journal``)."""
        return {"id": self._id, "seconds": round(self.seconds(), 3), "result": self._result,
                **self._counts}  # fmt: skip

    def due(self, closing: bool = False) -> bool:
        """Whether the save should get a ``tally`` line now: after a hint or the win, once a
        minute of play (so a crash loses at most a minute of the clock), and on closing.
        Moves and undos need none: reading the journal counts them (``follow``)."""
        if self._dirty:
            return True
        if self._result != "playing":
            return False
        gained = self.seconds() - self._kept
        return gained > 0 if closing else gained >= KEEP_EVERY

    def kept(self) -> None:
        """The save has just been given ``journal()``."""
        self._dirty = False
        self._kept = self.seconds()

    def state(self) -> dict[str, Any]:
        """``clock`` and ``statistics`` for the page (docs/widget-protocol.md)."""
        return {
            "clock": {"seconds": round(self.seconds(), 3), "running": self._since is not None},
            "statistics": None if self._stats is None else dict(self._stats),
        }

    # ------------------------------------------------------------------ internals

    def _begin(self, game: Game, journal: dict[str, Any] | None) -> None:
        self._game = game
        self._dirty = False
        self._variant = game.variant
        self._since: float | None = None
        self._started: datetime | None = None
        self._moves = 0
        if journal is None:
            self._id = uuid.uuid4().hex
            self._banked = 0.0
            self._result: str | None = None
            self._counts = dict.fromkeys(_COUNTERS, 0)
        else:
            self._id = journal["id"]
            self._banked = float(journal["seconds"])
            self._result = journal["result"]
            self._counts = {key: journal[key] for key in _COUNTERS}
            if self._result == "playing" and game.is_won:  # a crash right after the win
                self._result = "won"
        self._kept = self._banked

    def _write(self, result: str) -> str | None:
        game = self._game
        seconds = self.seconds()
        finished = None if result == "playing" else _now()
        started = self._started or (finished or _now()) - timedelta(seconds=seconds)
        entry = GameEntry(
            game_id=self._id,
            variant=game.variant,
            seed=game.seed,
            rules=dict(game.rules),
            result=result,
            moves=self._moves,
            seconds=seconds,
            started_at=started,
            finished_at=finished,
            **self._counts,
        )
        try:
            self.store.record(entry)
        except Exception as err:
            log.warning("yukon-widget: statistics not written: %s", err)
            return self._failed(err)
        return self._refresh()

    def _refresh(self) -> str | None:
        """Read this variant's record again (after a write, or for a new variant)."""
        try:
            self._stats = self.store.record_of(self._variant).as_dict()
            self._stats.pop("lost")
        except Exception as err:
            log.warning("yukon-widget: statistics not read: %s", err)
            self._stats = None
            return self._failed(err)
        notices = self.store.take_notices()
        if self._failing:
            self._failing = False
            notices.append("Statistics are kept again.")
        return " ".join(notices) or None

    def _failed(self, err: Exception) -> str | None:
        self._stats = None
        if self._failing:
            return None
        self._failing = True
        return f"{err} Statistics are not kept for now; the game goes on."


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _join(notices: list[str | None]) -> str | None:
    return " ".join(n for n in notices if n) or None
