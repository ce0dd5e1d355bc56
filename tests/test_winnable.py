"""Winnable deals and the daily deal."""

from __future__ import annotations

import datetime as dt
import json
from importlib import resources
from pathlib import Path

import pytest

from yukon_widget import Game, solve
from yukon_widget.strategy.winnable import winnable_source
from yukon_widget.study.table import counting_rows

DATA = Path(__file__).resolve().parents[1] / "data" / "winnability"

VARIANTS = ["yukon", "russian", "alaska", "moosehide", "double-yukon", "yukon-cells"]


def table() -> dict:
    path = resources.files("yukon_widget.strategy").joinpath("data/winnable.json")
    return json.loads(path.read_text("utf-8"))["variants"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_lists_seeds_and_how_many_were_tried(variant):
    entry = table()[variant]
    assert len(entry["seeds"]) == 500 and entry["tried"] == max(entry["seeds"])
    assert entry["won"] + entry["lost"] + entry["unknown"] == entry["tried"]
    assert entry["won"] - entry["won_line_withdraws"] == len(entry["seeds"])
    words = winnable_source(variant)
    assert f"deals 1 to {entry['tried']:,}" in words and f"{entry['won']:,} won" in words


@pytest.mark.parametrize("variant", VARIANTS)
def test_listed_seeds_are_the_tables_wins_and_their_lines_win_without_withdrawals(variant):
    """The list against the table's data it was drawn from, and every listed deal's line
    replayed in the engine with withdrawals off: a listed deal is won under either setting."""
    entry = table()[variant]
    rows = counting_rows(DATA / f"{entry['config']}.csv")
    statuses = {s: rows[s]["status"] for s in range(1, entry["tried"] + 1)}
    assert set(entry["seeds"]) <= {s for s, status in statuses.items() if status == "won"}
    # The share the list was drawn from is the data's as it stands, not a pass ago.
    counts = [list(statuses.values()).count(status) for status in ("won", "lost", "unknown")]
    assert counts == [entry["won"], entry["lost"], entry["unknown"]]
    for seed in entry["seeds"]:
        game = Game(variant, seed=seed, foundation_withdrawal=False)
        for move in rows[seed]["line"].split(";"):
            game.play(move)
        assert game.is_won


@pytest.mark.parametrize("variant", ["yukon", "russian", "moosehide"])
def test_listed_seeds_are_won_by_the_solver(variant):
    for seed in table()[variant]["seeds"][:2]:
        game = Game(variant, seed=seed, foundation_withdrawal=False)
        assert solve(game, time_limit=30).status == "won"


def test_winnable_deals_one_of_the_list():
    game = Game.winnable("moosehide")
    assert game.variant == "moosehide" and game.seed in table()["moosehide"]["seeds"]


def test_the_daily_deal_is_the_same_all_day_and_changes_with_the_day():
    day = dt.date(2026, 3, 14)
    assert Game.daily("yukon", day).seed == Game.daily("yukon", day).seed
    seeds = {Game.daily("yukon", day + dt.timedelta(days=k)).seed for k in range(10)}
    assert len(seeds) > 1 and seeds <= set(table()["yukon"]["seeds"])
