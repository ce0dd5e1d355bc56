"""The JSON view of a game that the page draws (see docs/widget-protocol.md).

Face-down cards leave Python as a count only, so the page cannot reveal them.
"""

from __future__ import annotations

import datetime
import re
from functools import cache
from typing import Any

from ..engine import VARIANTS, Game
from ..engine.cards import CODES, SUIT_NAMES, SUITS, parse_card, spoken
from ..engine.position import check_rules
from ..engine.variants import get_variant

MODES = ("random", "winnable", "daily")
_VARIANT_MENU = [[v.name, v.title] for v in VARIANTS.values()]


def pile_words(pid: str, game: Game | None = None) -> str:
    """``"t3"`` -> ``"column 3"``, ``"f1"`` -> ``"the spades foundation"``, ``"c2"`` ->
    ``"free cell 2"``: pile names for people, as the page labels the piles. Two foundations
    of one suit are told apart by a number (``"spades foundation 2"``)."""
    kind, number = pid[:1], pid[1:]
    if kind == "t":
        return f"column {number}"
    if kind == "c":
        return f"free cell {number}"
    suits = game.board.variant.foundation_suits if game is not None else ()
    k = int(number) - 1 if number.isdigit() else -1
    if not 0 <= k < len(suits):
        return f"foundation {number}"
    name = SUIT_NAMES[suits[k]]
    if suits.count(suits[k]) == 1:
        return f"the {name} foundation"
    return f"{name} foundation {suits[: k + 1].count(suits[k])}"


_PILE_ID = re.compile(r"(?:\b(?:column|foundation|cell)\s+)?\b([tfc][1-9][0-9]*)\b")


def player_words(text: str, game: Game | None = None) -> str:
    """An engine message for a player: pile ids become pile names (``"foundation f1 is
    complete"`` -> ``"The spades foundation is complete."``), first letter up, full stop.

    The engine's errors speak notation (scripts write ``t1``, ``f1``); the page speaks to
    players, so every message that can reach the page goes through here."""
    text = _PILE_ID.sub(lambda m: pile_words(m.group(1), game), text).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def last_entry(game: Game) -> dict[str, Any]:
    """The move just played, as the page animates it: where the card stood, and the card
    the move turned face up, if any."""
    entry = game.played[-1]
    turned = game.board.columns[entry.source][-1] if entry.flipped else None
    return {
        "card": entry.move.card,
        "source": entry.move.source,
        "index": entry.index if entry.index >= 0 else None,
        "target": entry.move.target,
        "flipped": None if turned is None else CODES[turned],
    }


def describe(entry: dict[str, Any], game: Game | None = None) -> str:
    """A played move in words, for the aria-live region."""
    text = f"{spoken(parse_card(entry['card']))} to {pile_words(entry['target'], game)}."
    if entry.get("flipped"):
        text += (
            f" {pile_words(entry['source'], game).capitalize()} turns up "
            f"{spoken(parse_card(entry['flipped']))}."
        )
    return text


@cache
def _proven_seeds(variant: str) -> frozenset[int]:
    """The variant's packaged proven-winnable seeds (none for a variant without any)."""
    from ..strategy import winnable

    try:
        return frozenset(winnable.winnable_seeds(variant))
    except ValueError:
        return frozenset()


def deal_info(game: Game, today: datetime.date | None = None) -> dict[str, Any]:
    """How the page labels the deal: ``{"mode", "seed", "date"}``.

    ``mode`` is "daily" for today's daily deal, "winnable" for any other proven-winnable deal
    (one of the packaged seeds, under the variant's own rules), "random" for any other seed,
    None for a set-up position. ``seed`` is the deal number as text, exact past 2**53 where a
    JavaScript number is not; ``date`` is the daily deal's day ("2026-12-01"), else None.
    """
    seed = game.seed
    if seed is None:
        return {"mode": None, "seed": None, "date": None}
    mode, date = "random", None
    if seed in _proven_seeds(game.variant) and game.rules == check_rules(
        get_variant(game.variant), {}
    ):
        from ..strategy import winnable

        mode = "winnable"
        day = today or datetime.date.today()
        if winnable.daily_seed(game.variant, day) == seed:
            mode, date = "daily", day.isoformat()
    return {"mode": mode, "seed": str(seed), "date": date}


def build_state(
    game: Game,
    *,
    serial: int,
    settings: dict[str, bool],
    status: str,
    can_auto_finish: bool,
    hint: dict[str, Any] | None = None,
    hint_status: str | None = None,
    last: dict[str, Any] | None = None,
    announcement: str = "",
) -> dict[str, Any]:
    """Everything the page needs to draw the board and light up legal targets."""
    board = game.board
    nt, nf = board.ncols, board.nfound
    ids = game.pile_ids
    return {
        "serial": serial,
        "variant": game.variant,
        "title": game.title,
        "variants": _VARIANT_MENU,
        "modes": list(MODES),
        "seed": game.seed,
        "tableau": [
            {"id": ids[k], "down": d, "up": [CODES[c] for c in col[d:]]}
            for k, (col, d) in enumerate(zip(board.columns, board.down))
        ],
        "foundations": [
            {
                "id": ids[nt + f],
                "suit": SUITS[s],
                "cards": [CODES[c] for c in board.foundation_cards(f)],
            }
            for f, s in enumerate(board.variant.foundation_suits)
        ],
        "cells": [
            {"id": ids[nt + nf + k], "card": None if c is None else CODES[c]}
            for k, c in enumerate(board.cells)
        ],
        "moves_made": game.moves_made,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "status": status,
        "can_auto_finish": can_auto_finish,
        "legal": [[ids[s], i if i >= 0 else None, ids[t]] for s, i, t in board.moves()],
        "settings": dict(settings),
        "hint": hint,
        "hint_status": hint_status,
        "last": last,
        "announcement": announcement,
        "deal": deal_info(game),
    }
