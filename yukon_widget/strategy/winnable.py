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
import re
from functools import cache
from importlib import resources
from typing import Any

from ..engine.cards import brief
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


def winnable_seed(variant: str = "yukon", rng: random.Random | None = None) -> int:
    """A seed picked at random from the variant's proven-winnable seeds."""
    return (rng or random).choice(winnable_seeds(variant))


def daily_seed(variant: str = "yukon", date: _dt.date | str | None = None) -> int:
    """The day's seed: a hash of the variant and date picks from the winnable list, so
    everyone gets the same board that day (the date defaults to today, local time)."""
    day = _day(date).isoformat()
    seeds = winnable_seeds(variant)
    digest = hashlib.sha256(f"yukon-widget daily {variant} {day}".encode()).digest()
    return seeds[int.from_bytes(digest[:8], "big") % len(seeds)]


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _day(date: object) -> _dt.date:
    """The calendar day meant by ``date``: None (today), a ``datetime.date`` or an ISO
    'YYYY-MM-DD' string. A ``datetime`` counts as its own calendar date (no time zone is
    converted), so ``datetime.now()`` gives today's deal, not one per second."""
    if date is None:
        return _dt.date.today()
    if isinstance(date, _dt.date):  # datetime included: its date as written
        return _dt.date(date.year, date.month, date.day)
    accepted = "a datetime.date or a 'YYYY-MM-DD' string such as '2024-01-01'"
    if isinstance(date, str) and _ISO_DAY.fullmatch(date):
        try:
            return _dt.date(int(date[:4]), int(date[5:7]), int(date[8:]))
        except ValueError:
            raise ValueError(f"there is no day {date!r} in the calendar: use {accepted}") from None
    raise ValueError(f"the daily deal's date must be {accepted}, not {brief(date)}")
