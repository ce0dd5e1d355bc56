"""Proven-winnable deals and the daily deal.

``data/winnable.json`` lists, per variant, 500 seeds the solver proved winnable with
foundation withdrawals off (so each is winnable under either setting). They are drawn by
``scripts/make_winnable.py`` from the winnability table's data (``data/winnability/`` in the
repository, ``docs/winnability.md``): the first such seeds among consecutive deals from 1.
Each entry records which table configuration it came from, how many deals that took
(``tried``) and the verdicts on them; ``winnable_source`` says it in words.
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


def winnable_source(variant: str) -> str:
    """Where the variant's packaged seeds come from, in words: which deals were read, what
    the solver said of them, and so what share of deals the list was drawn from."""
    get_variant(variant)
    entry = _table().get("variants", {}).get(variant)
    if not entry or not entry.get("seeds"):
        raise ValueError(f"no proven-winnable deals are packaged for {variant!r}")
    n, tried = len(entry["seeds"]), entry["tried"]
    text = (
        f"{n} seeds proved winnable with withdrawals off, the first found among {variant} "
        f"deals 1 to {tried:,} ({100 * n / tried:.1f}% of them), from the winnability "
        f"table's {entry['config']} verdicts: {entry['won']:,} won, {entry['lost']:,} lost, "
        f"{entry['unknown']:,} unknown"
    )
    if entry.get("won_line_withdraws"):
        text += (
            f"; {entry['won_line_withdraws']} won deals are left out because the solver's "
            "winning line takes a card off a foundation"
        )
    return text


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
