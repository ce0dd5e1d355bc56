"""``Yukon``: the playable board, a thin anywidget layer over a ``Game``.

Python is the single source of truth: the page draws ``state`` and sends intents; every intent
is checked here and played by the engine, then ``state`` is replaced as a whole.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine import Game, IllegalMoveError, Move
from ..engine.cards import parse_card, spoken
from .intents import IntentError, check_intent, click_move, move_from_intent
from .saves import read_save, write_save
from .state import build_state, describe, last_entry, pile_words

_STATIC = Path(__file__).parent.parent / "static"


class Yukon(anywidget.AnyWidget):
    """A board in a notebook cell. ``Yukon("russian", seed=7)``; ``w.game`` is the live Game.

    ``save="my-game.json"`` writes the game after every change (atomically) and resumes from
    that file when it exists. Play from Python with ``w.move``, ``w.play``, ``w.undo``... so
    every view of the board follows; after changing ``w.game`` directly, call ``w.refresh()``.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"
    state = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        variant: str = "yukon",
        seed: int | None = None,
        *,
        game: Game | None = None,
        save: str | os.PathLike | None = None,
        click_to_move: bool = True,
        safe_autoplay: bool = False,
        **rule_options: Any,
    ) -> None:
        super().__init__()
        self._save = Path(save) if save is not None else None
        if game is None and self._save is not None and self._save.exists():
            game = read_save(self._save)
        self._game = game if game is not None else Game(variant, seed=seed, **rule_options)
        self._settings = {
            "click_to_move": bool(click_to_move),
            "safe_autoplay": bool(safe_autoplay),
        }
        self._serial = 0
        self._move_callbacks: list[Callable[[Move], Any]] = []
        self._win_callbacks: list[Callable[[Game], Any]] = []
        self._hint: dict[str, Any] | None = None
        self.on_msg(self._on_page_message)
        self._publish({"kind": "load", "moves": []}, "")
        self._write()

    # ------------------------------------------------------------------ for scripts

    @property
    def game(self) -> Game:
        """The live game. Changing it directly? Call ``refresh()`` so the board follows."""
        return self._game

    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or notation) on the board; illegal moves raise and change nothing."""
        return self._play_and_publish(move)

    def move(self, card: str, target: str) -> Move:
        """``w.move("TS", "t2")``: move a card with everything on it."""
        return self._play_and_publish(self._game.parse_move(f"{card} {target}"))

    def undo(self) -> Move:
        move = self._game.undo()
        self._changed("undo", [], f"Took back {describe_move(move)}")
        return move

    def redo(self) -> Move:
        was_won = self._game.is_won
        move = self._game.redo()
        entry = last_entry(self._game)
        self._changed("redo", [entry], describe(entry), [move], was_won)
        return move

    def restart(self) -> None:
        self._game.restart()
        self._changed("restart", [], "Restarted the deal.")

    def new_game(
        self, variant: str | None = None, seed: int | None = None, mode: str = "random"
    ) -> Game:
        """Deal a new game (``mode``: "random", "winnable" or "daily"); returns it."""
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
        self._changed("new", [], f"New {game.title} deal, seed {game.seed}.")
        return game

    def hint(self) -> Move | None:
        """The hinted move (also highlighted on the board), or None when no useful move is left."""
        ranked = self._game.hints()
        if not ranked:
            self._hint = None
            self._publish(None, "No useful moves left.")
            return None
        best = ranked[0]
        entry = self._locate(best.move)
        self._hint = {**entry, "reason": best.reason}
        self._publish(None, f"Hint: {describe_move(best.move)} {best.reason}")
        return best.move

    def auto_finish(self) -> list[Move]:
        """Play every card up, when the engine has confirmed that this wins."""
        if not self._game.can_auto_finish():
            raise IllegalMoveError("auto-finish is not available: it would not win from here")
        played = self._game.auto_finish()
        entries = self._relog(len(played))
        self._changed("auto_finish", entries, f"{len(played)} cards went up.", played, False)
        return played

    def refresh(self) -> None:
        """Redraw every view from ``w.game`` (after changing the game directly)."""
        self._changed("load", [], "")

    def on_move(self, fn: Callable[[Move], Any]) -> Callable[[Move], Any]:
        """Call ``fn(move)`` after every move, made by hand in the page or by a script."""
        self._move_callbacks.append(fn)
        return fn

    def on_win(self, fn: Callable[[Game], Any]) -> Callable[[Game], Any]:
        """Call ``fn(game)`` when the game is won."""
        self._win_callbacks.append(fn)
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

    # ------------------------------------------------------------------ the page

    def _on_page_message(self, _widget: Any, msg: Any, _buffers: Any = None) -> None:
        try:
            self._handle(check_intent(msg))
        except (IntentError, IllegalMoveError, IndexError, ValueError) as err:
            self.send({"type": "rejected", "message": str(err), "intent": msg})

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "move":
            move = move_from_intent(self._game, msg["source"], msg.get("index"), msg["target"])
            self._play_and_publish(move)
        elif kind == "click":
            if not self._settings["click_to_move"]:
                raise IntentError("click to move is off: drag the card instead")
            move = click_move(self._game, msg["source"], msg.get("index"))
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
        elif kind in ("undo", "redo", "restart", "hint", "auto_finish"):
            getattr(self, kind)()
        elif kind == "new_game":
            self.new_game(msg.get("variant"), msg.get("seed"), msg.get("mode", "random"))
        elif kind == "settings":
            for key in ("click_to_move", "safe_autoplay"):
                if key in msg:
                    self._settings[key] = msg[key]
            self._publish(None, "")

    # ------------------------------------------------------------------ internals

    def _play_and_publish(self, move: Move | str) -> Move:
        was_won = self._game.is_won
        played = [self._game.play(move)]
        entries = [last_entry(self._game)]
        if self._settings["safe_autoplay"]:
            extra = self._game.play_safe_moves()
            entries += self._relog(len(extra))
            played += extra
        self._changed("move", entries, " ".join(describe(e) for e in entries), played, was_won)
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
        raw = self._game._resolve(move)
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
        played: list[Move] = (),
        was_won: bool = True,
    ) -> None:
        """Publish and save a change, then tell the callbacks about the moves it played."""
        self._hint = None
        won_now = self._game.is_won and not was_won
        if won_now:
            text = f"{text} You won!"
        self._publish({"kind": kind, "moves": entries}, text)
        self._write()
        for move in played:
            for fn in self._move_callbacks:
                fn(move)
        if won_now:
            for fn in self._win_callbacks:
                fn(self._game)

    def _publish(self, last: dict[str, Any] | None, announcement: str) -> None:
        game = self._game
        if game.is_won:
            status = "won"
        elif game.is_stuck:
            status = "stuck"
        elif game.hint() is None:
            status = "no_useful_moves"
        else:
            status = "playing"
        self._serial += 1
        self.state = build_state(
            game,
            serial=self._serial,
            settings=self._settings,
            status=status,
            can_auto_finish=status == "playing" and game.can_auto_finish(),
            hint=self._hint,
            last=last,
            announcement=announcement,
        )

    def _write(self) -> None:
        if self._save is not None:
            write_save(self._save, self._game)


def describe_move(move: Move) -> str:
    """``"7 of hearts from column 3 to column 1."``"""
    card = spoken(parse_card(move.card))
    return f"{card} from {pile_words(move.source)} to {pile_words(move.target)}."
