"""``Yukon``: the playable board, a thin anywidget layer over a ``Game``.

Python is the single source of truth: the page draws ``state`` and sends intents; every intent
is checked here and played by the engine, then ``state`` is replaced as a whole. Every message
from the page gets an answer: a new ``state``, or a reply in player words; nothing it sends
can raise out of the handler, change ``state`` behind Python's back, or half-change the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..engine import IllegalMoveError, Move
from ..engine.cards import parse_card, spoken
from ..engine.game import Checkpoint
from ..engine.position import check_rules
from ..engine.record import to_record
from ..engine.shuffle import check_seed
from ..engine.variants import get_variant
from ..game import Game
from ..scoreboard import StatisticsWarning
from ..strategy import autoplay, finish
from ..strategy import hints as hinting
from . import advice as advising
from .intents import IntentError, check_intent, click_move, move_from_intent
from .saves import SETTINGS, SaveFile, SaveFileError, mark
from .state import build_state, describe, last_entry, pile_words, player_words
from .tally import Tally

_STATIC = Path(__file__).parent.parent / "static"
log = logging.getLogger("yukon_widget")

#: The reply when handling a message failed in a way nobody planned for (a bug): the game
#: was put back as it was, and the traceback went to the log.
OOPS = "Something went wrong in the game, so nothing changed."


class SaveWarning(UserWarning):
    """Saving failed (or works again) while a script played; the game goes on regardless."""


class Yukon(anywidget.AnyWidget):
    """A board in a notebook cell. ``Yukon("russian", seed=7)``; ``w.game`` is the live Game.

    ``save="my-game.json"`` writes the game after every change and resumes from that file
    when it exists (see ``widget/saves.py``): given no variant or seed it resumes whatever
    the file holds and says which game that is; a variant, seed, rule or ``game=`` that
    contradicts the file raises SaveFileError, as does a file that is not a save. The
    click-to-move, safe auto-play, fair-hints and show-clock settings are saved too; those
    given here win. Finished games go to the statistics (``widget/tally.py`` says what
    counts; ``yukon_widget.statistics()`` reads them). The Hint button asks the solver for
    a winning line first, for up to ``hint_seconds`` (2 s by default); ``fair_hints=True``
    gives only hints a player could find without peeking at the face-down cards (see
    ``hint``). Play from Python with ``w.move``, ``w.play``, ``w.undo``... so every view of
    the board follows; after changing ``w.game`` directly, call ``w.refresh()``.
    ``w.close()`` releases the save.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"
    state = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        variant: str | None = None,
        seed: int | None = None,
        *,
        game: Game | None = None,
        save: str | os.PathLike | None = None,
        click_to_move: bool | None = None,
        safe_autoplay: bool | None = None,
        fair_hints: bool | None = None,
        show_clock: bool | None = None,
        hint_seconds: float = 2.0,
        **rule_options: Any,
    ) -> None:
        if isinstance(hint_seconds, bool) or not isinstance(hint_seconds, (int, float)):
            raise TypeError(f"hint_seconds must be a number of seconds, not {hint_seconds!r}")
        if not 0 < hint_seconds < float("inf"):
            raise ValueError(f"hint_seconds must be more than 0, not {hint_seconds!r}")
        # fair_hints and show_clock are left out until set (then saved), so older saves read
        # back as they were; absent, fair_hints is off and show_clock on
        settings = {"click_to_move": True, "safe_autoplay": False}
        note = ""
        save_file = None
        if save is None:
            if game is None:
                game = Game(variant or "yukon", seed=seed, **rule_options)
        else:
            _check_arguments(variant, seed, rule_options)
            save_file = SaveFile.open(save)  # the folder, the lock, and what the file holds
            try:
                game, saved_settings, note = _resume(save_file, variant, seed, game, rule_options)
            except BaseException:
                save_file.abort()
                raise
            settings.update(saved_settings)
        given = {"click_to_move": click_to_move, "safe_autoplay": safe_autoplay,
                 "fair_hints": fair_hints, "show_clock": show_clock}  # fmt: skip
        for key, value in given.items():
            if value is not None:
                settings[key] = bool(value)
        super().__init__()
        self._game = game
        self._settings = settings
        self._serial = 0
        self._published: dict[str, Any] | None = None
        self._move_callbacks = CallbackDispatcher()
        self._win_callbacks = CallbackDispatcher()
        self._hint: dict[str, Any] | None = None
        self.hint_seconds = float(hint_seconds)  # the solver's budget for one hint
        self._hint_status: str | None = None  # "thinking" | "lost" | None, sent in state
        self._hint_token = 0  # grows with every change: a search started before is stale
        self._hint_thread: threading.Thread | None = None
        self._line: advising.Line | None = None  # the winning line the hints follow
        self._deferred: list[Callable[[], Any]] | None = None  # set while a page message runs
        self._recorded = 0  # changes handed to the save, to know when to put the file back
        self._save: SaveFile | None = None
        saved = save_file.saved if save_file is not None else None
        self._tally = Tally(game, saved.tally if saved is not None else None)
        if self._tally.notice:  # the statistics file was damaged, or cannot be used
            warnings.warn(self._tally.notice, StatisticsWarning, stacklevel=2)
            note = f"{note} {self._tally.notice}".strip()
        if save_file is not None:
            save_file.on_detach = self._save_taken_over
            try:
                save_file.commit(lambda: (self._game, self._settings, self._tally.journal()))
            except SaveFileError:
                self.close()
                raise
            self._save = save_file
        self.on_msg(self._on_page_message)
        self._publish({"kind": "load", "moves": []}, note)

    # ------------------------------------------------------------------ for scripts

    @property
    def game(self) -> Game:
        """The live game. Changing it directly? Call ``refresh()`` so the board follows."""
        return self._game

    @property
    def settings(self) -> dict[str, bool]:
        """The board's switches: ``click_to_move``, ``safe_autoplay`` and, once it has been
        set, ``fair_hints`` (off when absent); a copy."""
        return dict(self._settings)

    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or notation) on the board; illegal moves raise and change nothing."""
        return self._play_and_publish(move)

    def move(self, card: str, target: str) -> Move:
        """``w.move("TS", "t2")``: move a card with everything on it."""
        return self._play_and_publish(self._game.parse_move(f"{card} {target}"))

    def undo(self) -> Move:
        """Take back the last move; IndexError when there is none."""
        before = mark(self._game)
        move = self._game.undo()
        text = f"Took back {describe_move(move, self._game)}"
        self._changed("undo", [], text, op={"op": "undo"}, before=before)
        return move

    def redo(self) -> Move:
        """Play again the last move taken back; IndexError when there is none."""
        before = mark(self._game)
        was_won = self._game.is_won
        move = self._game.redo()
        entry = last_entry(self._game)
        text = describe(entry, self._game)
        self._changed("redo", [entry], text, [move], was_won, {"op": "redo"}, before)
        return move

    def restart(self) -> None:
        """Back to the start of the deal; redo steps through the line again."""
        before = mark(self._game)
        self._game.restart()
        self._changed("restart", [], "Restarted the deal.", op={"op": "restart"}, before=before)

    def new_game(
        self, variant: str | None = None, seed: int | None = None, mode: str = "random"
    ) -> Game:
        """Deal a new game (``mode``: "random", "winnable" or "daily"); returns it."""
        before = mark(self._game)
        variant = variant or self._game.variant
        rules = self._game.rules if variant == self._game.variant else {}
        # Winnable and daily deals were proven under the variant's own rules.
        if mode == "winnable":
            game = Game.winnable(variant)
        elif mode == "daily":
            game = Game.daily(variant)
        elif mode == "random":
            game = Game(variant, seed=seed, **rules)
        else:
            raise ValueError(f"unknown mode {mode!r}: use 'random', 'winnable' or 'daily'")
        self._game = game
        text = f"New {game.title} deal, seed {game.seed}."
        self._changed("new", [], text, op={"op": "game", "game": to_record(game)}, before=before)
        return game

    def hint(self) -> Move | None:
        """The hinted move (also outlined on the board), or None when there is none.

        As the Hint button: the first move of a winning line when the solver finds one
        within ``hint_seconds`` (so this may block that long; the next move of the same
        line, with no new search, while the game follows it), None when the solver proves
        the deal lost from here (the board says so and offers Undo), else the best move a
        player could find without peeking (``hints(game)[0]``), None when there is none.
        With the ``fair_hints`` setting on, only that no-peeking hint is given.
        """
        self._stop_thinking()
        found = self._quick_advice()
        if found is None:
            found, self._line = self._advise(self._game.copy(), self._fair(), self.hint_seconds)
        self._show_advice(found)
        return found.move

    def _fair(self) -> bool:
        return bool(self._settings.get("fair_hints"))

    def _quick_advice(self) -> advising.Advice | None:
        """A hint that needs no search (a won game, the next move of the line being
        followed without fair hints), or None when ``_advise`` has to search."""
        game = self._game
        if game.is_won:
            return advising.Advice(None, "", "none")
        if self._fair():
            return None
        line = self._line
        k = None if line is None else line.step(game)
        if line is not None and k is not None:
            return advising.line_advice(game, line, k)
        return None

    def _think(
        self, game: Game, seconds: float, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        """The solver's result for ``game`` (a copy), or None when it failed (logged)."""
        try:
            return advising.think(game, seconds, should_stop)
        except Exception:
            log.exception("yukon-widget: the solver failed; a rule-based hint is given")
            return None

    def _advise(
        self,
        game: Game,
        fair: bool,
        seconds: float,
        should_stop: Callable[[], bool] | None = None,
    ) -> tuple[advising.Advice, advising.Line | None]:
        """The hint that needs a search, for ``game`` (a copy, so this may run in the hint
        thread): the no-peeking player's when ``fair``, else the solver's first (within
        ``seconds``), with the winning line to follow when it found one."""
        if fair:
            return advising.rule_advice(game), None
        result = self._think(game, seconds, should_stop)
        return advising.solved_advice(game, result, seconds)

    def _show_advice(self, found: advising.Advice) -> None:
        """Outline the hinted move and say why, or say the deal is lost, on every view."""
        self._hint_status = None
        self._tally.hinted(solver=found.status in ("won", "lost"))
        self._keep_tally()
        if found.status == "lost":
            self._hint = None
            self._hint_status = "lost"
            self._publish(None, advising.LOST)
        elif found.move is None:
            self._hint = None
            self._publish(
                None, "No move can turn a card or send one home: this deal can no longer be won."
            )
        else:
            self._hint = {**self._locate(found.move), "reason": found.reason}
            why = found.reason[:1].upper() + found.reason[1:]
            self._publish(None, f"Hint: {describe_move(found.move, self._game)} {why}.")

    def _hint_from_page(self) -> None:
        """The Hint button: a quick hint at once; otherwise the search (the solver's, or the
        no-peeking player's with fair hints, which takes up to seconds too) runs in a worker
        thread (the board stays playable and says it is thinking) and its result comes back
        through the kernel's event loop, unless the game changed meanwhile (then dropped).
        Without a running event loop (a plain script) the search runs here, blocking."""
        if self._hint_status == "thinking":
            raise IntentError("Still looking for a hint.")
        found = self._quick_advice()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if found is None and loop is None:
            found, self._line = self._advise(self._game.copy(), self._fair(), self.hint_seconds)
        if found is not None:
            self._show_advice(found)
            return
        assert loop is not None
        self._hint_token += 1
        token, game, seconds = self._hint_token, self._game.copy(), self.hint_seconds
        fair = self._fair()
        self._hint = None
        self._hint_status = "thinking"
        self._publish(None, "Looking for a hint…")

        def work() -> None:
            try:
                answer = self._advise(game, fair, seconds, lambda: self._hint_token != token)
            except Exception:
                log.exception("yukon-widget: no hint could be found")
                answer = None
            with contextlib.suppress(RuntimeError):  # the loop is gone (kernel shut down)
                loop.call_soon_threadsafe(self._hint_found, token, answer)

        self._hint_thread = threading.Thread(target=work, name="yukon-hint", daemon=True)
        self._hint_thread.start()

    def _hint_found(
        self, token: int, answer: tuple[advising.Advice, advising.Line | None] | None
    ) -> None:
        """The worker's answer (None: it failed, logged), on the kernel's event loop: shown
        when nothing changed since the search began, dropped otherwise (the new position
        gets no stale hint)."""
        if token != self._hint_token or self._hint_status != "thinking":
            return
        try:
            if answer is None:
                raise RuntimeError("the hint search failed")
            found, self._line = answer
            self._show_advice(found)
        except Exception:
            log.exception("yukon-widget: could not show the hint")
            self._hint_status = None
            try:
                self._publish(None, "")
            except Exception:
                log.exception("yukon-widget: could not publish the board")

    def _stop_thinking(self) -> None:
        """Drop any search under way: the solver stops within 256 positions (its
        ``should_stop``), and its result, when it comes, is not shown."""
        self._hint_token += 1
        self._hint_status = None

    def auto_finish(self) -> list[Move]:
        """Play every card up, when the engine has confirmed that this wins."""
        if not finish.can_auto_finish(self._game):
            raise IllegalMoveError("auto-finish is not available: it would not win from here")
        before = mark(self._game)
        played = finish.auto_finish(self._game)
        entries = self._relog(len(played))
        op = {"op": "play", "moves": [str(m) for m in played]}
        text = f"{len(played)} cards went up."
        self._changed("auto_finish", entries, text, played, False, op, before)
        return played

    def refresh(self) -> None:
        """Redraw every view from ``w.game`` (after changing the game directly)."""
        self._changed("load", [], "", op=None, before=())

    def on_move(self, fn: Callable[[Move], Any], remove: bool = False) -> Callable[[Move], Any]:
        """Call ``fn(move)`` after every move, made by hand in the page or by a script;
        ``remove=True`` stops that. An error in ``fn`` is shown (as ipywidgets shows errors
        in callbacks) and does not undo the move."""
        self._move_callbacks.register_callback(fn, remove=remove)
        return fn

    def on_win(self, fn: Callable[[Game], Any], remove: bool = False) -> Callable[[Game], Any]:
        """Call ``fn(game)`` when the game is won; ``remove=True`` stops that."""
        self._win_callbacks.register_callback(fn, remove=remove)
        return fn

    def animate(self, moves: Iterable[Move | str], delay: float = 0.4) -> asyncio.Task | None:
        """Play ``moves`` on the board one by one, ``delay`` seconds apart, so they can be
        watched. In a notebook this runs in the background and returns its task; outside an
        event loop it plays them in turn before returning. A move that is illegal when its
        turn comes stops the animation with IllegalMoveError."""
        moves = list(moves)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            for k, move in enumerate(moves):
                if k:
                    time.sleep(delay)
                self.play(move)
            return None

        async def run() -> None:
            for k, move in enumerate(moves):
                if k:
                    await asyncio.sleep(delay)
                self.play(move)

        return loop.create_task(run())

    def close(self) -> None:
        """Close the widget and release its save file (which stays, complete)."""
        if getattr(self, "_save", None) is not None:
            self._keep_tally(closing=True)
        save, self._save = getattr(self, "_save", None), None
        self._hint_token = getattr(self, "_hint_token", 0) + 1  # a search under way is dropped
        if save is not None:
            save.close()
        super().close()

    # ------------------------------------------------------------------ the page

    def _on_page_message(self, _widget: Any, msg: Any, _buffers: Any = None) -> None:
        """Handle one message from the page. Whatever it holds, the page gets an answer: the
        new state, or a "rejected" reply in player words with the board as it was."""
        try:
            checkpoint = self._checkpoint()
            self._deferred = []
            try:
                self._handle(msg)
            except Exception as err:
                self._deferred = None
                self._restore(checkpoint)
                self._reject(msg, err)
                return
            done, self._deferred = self._deferred, None
            for call in done:  # callbacks: their errors are theirs, shown, never a rejection
                call()
        except Exception:  # the reply itself failed (e.g. the comm is gone): log, never raise
            self._deferred = None
            log.exception("yukon-widget: could not answer a message from the page")

    def _checkpoint(self) -> _Checkpoint:
        """The board as it is before a page message, to put back if handling it fails.

        Taken for every message, so it must cost the same at move 20,000 as at move 1: the
        game keeps its own cheap mark (``Game.checkpoint``); the board adds its settings,
        hint, published state and how far the save file got.
        """
        game = self._game
        return _Checkpoint(
            game,
            game.checkpoint(),
            self.settings,
            self._hint,
            self.state,
            self._recorded,
            self._hint_status,
            self._hint_token,
        )

    def _restore(self, cp: _Checkpoint) -> None:
        """Put the game, settings, state and save back as they were (a no-op when the
        message was refused before it changed anything, which is the usual case)."""
        try:
            self._game = cp.game
            self._settings.clear()
            self._settings.update(cp.settings)
            self._hint = cp.hint
            if self._hint_token == cp.hint_token:  # else a search was dropped: it stays so
                self._hint_status = cp.hint_status
            cp.game.rollback(cp.mark)
        except Exception:
            log.exception("yukon-widget: could not put the game back exactly after an error")
        try:
            if self.state is not cp.state:
                self._publish(None, "")
            if self._recorded != cp.recorded and self._save is not None:
                self._record(None, ())  # the file took the change: write the game as it is now
        except Exception:
            log.exception("yukon-widget: could not put the board back after an error")

    def _reject(self, msg: Any, err: Exception) -> None:
        if isinstance(err, IntentError):
            text = str(err)
            log.debug("yukon-widget: refused %s", err.detail)
        elif isinstance(err, IllegalMoveError):
            text = player_words(str(err), self._game)
        else:
            text = OOPS
            log.error("yukon-widget: a page message failed; the game was put back", exc_info=err)
        self.send({"type": "rejected", "message": text, "intent": msg})

    def _handle(self, msg: Any) -> None:
        game = self._game
        msg = check_intent(msg, game)
        kind = msg["type"]
        if kind == "move":
            move = move_from_intent(game, msg["source"], msg.get("index"), msg["target"])
            self._play_and_publish(move)
        elif kind == "click":
            if not self._settings["click_to_move"]:
                raise IntentError("Click to move is off: drag the card instead.")
            move = click_move(game, msg["source"], msg.get("index"))
            if move is None:
                self.send(
                    {
                        "type": "shake",
                        "source": msg["source"],
                        "index": msg.get("index"),
                        "message": "That card has nowhere to go.",
                    }
                )
                return
            self._play_and_publish(move)
        elif kind == "undo":
            if not game.can_undo:
                raise IntentError("There is no move to take back.")
            self.undo()
        elif kind == "redo":
            if not game.can_redo:
                raise IntentError("There is no move to play again.")
            self.redo()
        elif kind == "auto_finish":
            if not finish.can_auto_finish(game):
                raise IntentError("Auto-finish is not available: it would not win from here.")
            self.auto_finish()
        elif kind == "restart":
            self.restart()
        elif kind == "hint":
            self._hint_from_page()
        elif kind == "new_game":
            try:
                self.new_game(msg.get("variant"), msg.get("seed"), msg.get("mode", "random"))
            except ValueError as err:  # no packaged winnable deals for that variant
                raise IntentError(
                    "That kind of deal is not available for this game.", str(err)
                ) from None
        elif kind == "settings":
            before = mark(game)
            for key in SETTINGS:
                if key in msg:
                    self._settings[key] = msg[key]
            if msg.get("fair_hints") and self._hint_status == "thinking":
                self._stop_thinking()  # fair hints never use the solver's answer
                self._hint = None
            op = {"op": "settings", "settings": dict(self._settings)}
            text = self._record(op, before)
            self._publish(None, text or "")

    @traitlets.observe("state")
    def _keep_state(self, change: dict[str, Any]) -> None:
        """The page may not rewrite ``state`` (a front end can set any synced trait): put
        Python's back, which also sends it to every view again."""
        published = getattr(self, "_published", None)
        if published is not None and change["new"] is not published:
            log.warning("yukon-widget: the page tried to change the board's state; restored")
            self.state = published

    def _save_taken_over(self, notice: str) -> None:
        """Another board of this kernel opened this board's save file and now writes it
        (a re-run cell, usually): this board's views say so; no warning, as the cell that
        took over is where the player is looking."""
        self._save = None
        self._publish(None, notice)
        self.send({"type": "notice", "message": notice})

    # ------------------------------------------------------------------ internals

    def _play_and_publish(self, move: Move | str) -> Move:
        before = mark(self._game)
        was_won = self._game.is_won
        played = [self._game.play(move)]
        entries = [last_entry(self._game)]
        if self._settings["safe_autoplay"]:
            extra = autoplay.play_safe_moves(self._game)
            entries += self._relog(len(extra))
            played += extra
        text = " ".join(describe(e, self._game) for e in entries)
        op = {"op": "play", "moves": [str(m) for m in played]}
        self._changed("move", entries, text, played, was_won, op, before)
        return played[0]

    def _relog(self, count: int) -> list[dict[str, Any]]:
        """Entries for the last ``count`` moves (replayed one by one to see what each turned)."""
        moves = [self._game.undo() for _ in range(count)][::-1]
        entries = []
        for move in moves:
            self._game.play(move)
            entries.append(last_entry(self._game))
        return entries

    def _locate(self, move: Move) -> dict[str, Any]:
        raw = self._game.resolve(move)
        return {
            "card": move.card,
            "source": move.source,
            "index": raw[1] if raw[1] >= 0 else None,
            "target": move.target,
        }

    def _changed(
        self,
        kind: str,
        entries: list[dict[str, Any]],
        text: str,
        played: Iterable[Move] = (),
        was_won: bool = True,
        op: dict[str, Any] | None = None,
        before: tuple = (),
    ) -> None:
        """Save and publish a change, then tell the callbacks about the moves it played."""
        self._hint = None
        self._stop_thinking()
        won_now = self._game.is_won and not was_won
        if won_now:
            text = f"{text} You won!"
        counted = self._tally.changed(kind, self._game)
        if counted:
            self._notify(counted, StatisticsWarning)
        notice = self._record(op, before)
        self._keep_tally()
        for extra in (counted, notice):
            if extra:
                text = f"{text} {extra}".strip()
        self._publish({"kind": kind, "moves": entries}, text)
        calls = [functools.partial(self._move_callbacks, move) for move in played]
        if won_now:
            calls.append(functools.partial(self._win_callbacks, self._game))
        if self._deferred is not None:
            self._deferred.extend(calls)  # after the page message is fully handled
        else:
            for call in calls:
                call()

    def _record(self, op: dict[str, Any] | None, before: tuple) -> str | None:
        """Hand one change to the save; a notice for the player if saving failed (or works
        again). Never raises: the game goes on whether or not the disk does."""
        if self._save is None:
            return None
        self._recorded += 1
        tally = self._tally.journal()
        if op is None:
            notice = self._save.rewrite(self._game, self._settings, tally)
        else:
            if op["op"] in ("game", "restart", "tally"):  # "tally": keep the game's record
                op = {**op, "tally": tally}
            notice = self._save.record(op, self._game, self._settings, before, tally)
        if notice:
            self._notify(notice)
        return notice

    def _keep_tally(self, closing: bool = False) -> None:
        """Give the save the game's tally when it is due (``Tally.due``)."""
        if self._save is not None and self._tally.due(closing):
            self._record({"op": "tally"}, mark(self._game))
            self._tally.kept()

    def _notify(self, notice: str, category: type[Warning] = SaveWarning) -> None:
        """Tell the player something that is not a refusal: a "notice" reply for the page,
        and a warning (SaveWarning, StatisticsWarning) when a script made the change."""
        if self._deferred is None:
            warnings.warn(notice, category, stacklevel=4)
            self.send({"type": "notice", "message": notice})
        else:
            self._deferred.append(
                functools.partial(self.send, {"type": "notice", "message": notice})
            )

    def _publish(self, last: dict[str, Any] | None, announcement: str) -> None:
        game = self._game
        if game.is_won:
            status = "won"
        elif game.is_stuck:
            status = "stuck"
        elif hinting.hint(game) is None:
            status = "no_useful_moves"
        else:
            status = "playing"
        self._serial += 1
        self._published = build_state(
            game,
            serial=self._serial,
            settings=self._settings,
            status=status,
            can_auto_finish=status == "playing" and finish.can_auto_finish(game),
            hint=self._hint,
            hint_status=self._hint_status,
            last=last,
            announcement=announcement,
        )
        self._published.update(self._tally.state())  # "clock" and "statistics"
        self.state = self._published


class _Checkpoint(NamedTuple):
    game: Game
    mark: Checkpoint
    settings: dict[str, bool]
    hint: dict[str, Any] | None
    state: dict[str, Any]
    recorded: int
    hint_status: str | None
    hint_token: int


def _check_arguments(variant: str | None, seed: int | None, rules: dict[str, Any]) -> None:
    """Bad arguments raise the ValueError a Game would, before the save file is touched."""
    v = get_variant(variant or "yukon")
    if seed is not None:
        check_seed(seed)
    check_rules(v, rules)


def _deal_words(game: Game) -> str:
    """``"a Yukon game (deal 3)"``: which game a save holds, for people."""
    deal = f" (deal {game.seed})" if game.seed is not None else ""
    return f"a {game.title} game{deal}"


def _resume(
    save: SaveFile,
    variant: str | None,
    seed: int | None,
    game: Game | None,
    rules: dict[str, Any],
) -> tuple[Game, dict[str, bool], str]:
    """(game, saved settings, announcement) for a board opening ``save``.

    Nothing given but the file: resume it and say which game it is. A variant, seed or rule
    given that the saved game does not have: SaveFileError (resuming would ignore what was
    asked; starting over would throw the saved game away). ``game=`` given: fine when the
    save is that game or continues it (the saved moves are then played on it), else an error.
    """
    saved = save.saved
    if saved is None:
        if game is None:
            game = Game(variant or "yukon", seed=seed, **rules)
        return game, {}, ""
    old = saved.game
    moves = f"{old.moves_made} move{'s' if old.moves_made != 1 else ''} made"
    if game is not None:
        _continue(game, old, save)
    else:
        wrong = []
        if variant is not None and get_variant(variant).name != old.variant:
            wrong.append(f"the variant is {old.title}")
        if seed is not None and seed != old.seed:
            wrong.append(
                "it was dealt from a position" if old.seed is None else f"the deal is {old.seed}"
            )
        if rules:
            asked = check_rules(get_variant(old.variant), rules)
            wrong += [f"{key} is {old.rules[key]}" for key in rules if asked[key] != old.rules[key]]
        if wrong:
            raise SaveFileError(
                f"{save.shown} holds {_deal_words(old)} with {moves}, not the game asked for "
                f"({'; '.join(wrong)}). To resume it, leave out the variant, seed and rules; "
                "to play the new deal, save to another file."
            )
        game = old
    return game, saved.settings, f"Resumed {_deal_words(old)} from {save.name}: {moves}."


def _continue(game: Game, old: Game, save: SaveFile) -> None:
    """Bring ``game`` (given with ``game=``) up to the saved line when the save continues
    it; SaveFileError when the save holds another game, which must not be overwritten."""
    same_deal = (
        game.variant == old.variant
        and game.rules == old.rules
        and game.start_position() == old.start_position()
    )
    mine, theirs = game.history, old.history
    redo = to_record(old)["redo"]
    if same_deal and mine == theirs and to_record(game)["redo"] == redo:
        return
    if same_deal and not game.can_redo and theirs[: len(mine)] == mine:
        for move in theirs[len(mine) :]:
            game.play(move)
        for text in redo:
            game.play(text)
        for _ in redo:
            game.undo()
        return
    raise SaveFileError(
        f"{save.shown} holds {_deal_words(old)} with {old.moves_made} moves made, which "
        "the game given does not continue. To resume it, leave out game=; to keep both, "
        "save to another file."
    )


def describe_move(move: Move, game: Game | None = None) -> str:
    """``"7 of hearts from column 3 to column 1."``"""
    card = spoken(parse_card(move.card))
    return f"{card} from {pile_words(move.source, game)} to {pile_words(move.target, game)}."
