"""Proven-winnable deals and the daily deal.

``data/winnable.json`` lists, per variant, seeds the solver proved winnable (with foundation
withdrawals off, so each is winnable under either setting), made by
``scripts/make_winnable.py`` from consecutive seeds; ``tried`` records how many it tried.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import random
from functools import cache
from importlib import resources
from typing import Any

from ..engine.game import Game
from ..engine.variants import get_variant


@cache
def _table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/winnable.json").read_text("utf-8")
    return json.loads(text)


def winnable_seeds(variant: str) -> list[int]:
    """The packaged proven-winnable seeds of a variant (raises ValueError if none)."""
    get_variant(variant)
    seeds = _table().get("variants", {}).get(variant, {}).get("seeds", [])
    if not seeds:
        raise ValueError(f"no proven-winnable deals are packaged for {variant!r}")
    return list(seeds)


def winnable_game(variant: str = "yukon", rng: random.Random | None = None) -> Game:
    """A deal picked at random from the variant's proven-winnable seeds."""
    seeds = winnable_seeds(variant)
    return Game(variant, seed=(rng or random).choice(seeds))


def daily_seed(variant: str = "yukon", date: _dt.date | None = None) -> int:
    """The day's seed: a hash of the variant and date picks from the winnable list, so
    everyone gets the same board that day (the date defaults to today, local time)."""
    seeds = winnable_seeds(variant)
    day = (date or _dt.date.today()).isoformat()
    digest = hashlib.sha256(f"yukon-widget daily {variant} {day}".encode()).digest()
    return seeds[int.from_bytes(digest[:8], "big") % len(seeds)]


def daily_game(variant: str = "yukon", date: _dt.date | None = None) -> Game:
    """The day's deal of a variant (see ``daily_seed``)."""
    return Game(variant, seed=daily_seed(variant, date))
