"""Winnable deals and the daily deal."""

from __future__ import annotations

import datetime as dt
import json
from importlib import resources

import pytest

from yukon_widget import Game, solve

VARIANTS = ["yukon", "russian", "alaska", "moosehide", "double-yukon", "yukon-cells"]


def table() -> dict:
    path = resources.files("yukon_widget.strategy").joinpath("data/winnable.json")
    return json.loads(path.read_text("utf-8"))["variants"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_lists_seeds_and_how_many_were_tried(variant):
    entry = table()[variant]
    assert entry["seeds"] and entry["tried"] >= max(entry["seeds"])
    assert entry["won"] == len(entry["seeds"])


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
