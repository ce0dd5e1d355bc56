"""Positions as plain JSON-ready dicts, and their validation.

Format (every list runs bottom to top)::

    {"variant": "yukon",
     "rules": {"foundation_withdrawal": true},
     "tableau": [{"down": ["4C", "9D"], "up": ["TS", "3H", "JD", "6C"]}, ...],
     "foundations": [["AS", "2S"], [], [], []],
     "cells": [null, "KS"]}

Foundations have a fixed suit each, S H D C (two decks: S S H H D D C C); "cells" appears
only for variants with cells.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import CODES, SUIT_NAMES, brief, parse_card, rank, suit
from .variants import VARIANTS, Variant, get_variant

RULE_OPTIONS = ("foundation_withdrawal",)


@dataclass
class Layout:
    """A validated position in the engine's integer form."""

    variant: Variant
    rules: dict[str, bool]
    columns: list[list[int]]
    down: list[int]
    foundations: list[list[int]]
    cells: list[int | None]


def check_rules(variant: Variant, options: dict[str, Any]) -> dict[str, bool]:
    """The variant's default rules with ``options`` applied; unknown options raise.

    Messages show keys and values through ``brief``: they may be anything a file held.
    """
    rules = {"foundation_withdrawal": variant.foundation_withdrawal}
    for key, value in options.items():
        if not isinstance(key, str) or key not in RULE_OPTIONS:
            raise ValueError(
                f"unknown rule option {brief(key)}: the options are {', '.join(RULE_OPTIONS)}"
            )
        if not isinstance(value, bool):
            raise ValueError(f"rule option {key!r} must be true or false, not {brief(value)}")
        rules[key] = value
    return rules


def to_dict(layout: Layout) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": layout.variant.name,
        "rules": dict(layout.rules),
        "tableau": [
            {"down": [CODES[c] for c in col[:d]], "up": [CODES[c] for c in col[d:]]}
            for col, d in zip(layout.columns, layout.down)
        ],
        "foundations": [[CODES[c] for c in pile] for pile in layout.foundations],
    }
    if layout.variant.cells:
        out["cells"] = [None if c is None else CODES[c] for c in layout.cells]
    return out


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of card codes, not {brief(value)}")
    out = []
    for item in value:
        try:
            out.append(parse_card(item))
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    return out


def from_dict(data: Any) -> Layout:
    """Validate a position dict; anything wrong raises ValueError saying what.

    Messages show what the dict held through ``brief``: it may be anything a file held.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a position must be a dict, not {type(data).__name__}")
    variant = _variant(data)
    _refuse_unknown_fields(data, variant)
    rules_in = data.get("rules", {})
    if not isinstance(rules_in, dict):
        raise ValueError(f"'rules' must be a dict, not {brief(rules_in)}")
    rules = check_rules(variant, rules_in)
    columns, down = _tableau(data.get("tableau"), variant)
    foundations = _foundations(data.get("foundations"), variant)
    cells = _cells(data.get("cells"), variant) if variant.cells else []
    _check_every_card_once(variant, columns, foundations, cells)
    return Layout(variant, rules, columns, down, foundations, cells)


def _variant(data: dict[Any, Any]) -> Variant:
    """The variant the position names."""
    if "variant" not in data:
        raise ValueError("the position has no 'variant'")
    name = data["variant"]
    # Checked here, not by get_variant: its message would echo the whole value.
    if not isinstance(name, str) or name not in VARIANTS:
        valid = ", ".join(repr(n) for n in VARIANTS)
        raise ValueError(f"unknown variant {brief(name)}: choose one of {valid}")
    return get_variant(name)


def _refuse_unknown_fields(data: dict[Any, Any], variant: Variant) -> None:
    """Every key is a field of the format ("cells" only for variants with cells)."""
    allowed = {"variant", "rules", "tableau", "foundations"} | (
        {"cells"} if variant.cells else set()
    )
    # Keys may be of any hashable type (ints, tuples...): never sort or repr them raw.
    extra = sorted({brief(key) for key in data if not (isinstance(key, str) and key in allowed)})
    if extra:
        hint = " (only variants with cells have 'cells')" if "'cells'" in extra else ""
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        raise ValueError(f"unknown field(s) in the position: {', '.join(extra[:5])}{more}{hint}")


def _tableau(tableau: Any, variant: Variant) -> tuple[list[list[int]], list[int]]:
    """The columns (bottom to top) and their face-down counts, from the "tableau" field."""
    if not isinstance(tableau, list) or len(tableau) != variant.columns:
        raise ValueError(
            f"'tableau' must be a list of {variant.columns} columns for {variant.title}"
        )
    columns, down = [], []
    for k, col in enumerate(tableau, 1):
        if not isinstance(col, dict) or any(key not in ("down", "up") for key in col):
            raise ValueError(
                f"column t{k} must be a dict with 'down' and 'up' lists, not {brief(col)}"
            )
        hidden = _cards(col.get("down", []), f"column t{k} 'down'")
        shown = _cards(col.get("up", []), f"column t{k} 'up'")
        if hidden and not shown:
            raise ValueError(
                f"column t{k} has face-down cards but none face up: its top card would have turned"
            )
        columns.append(hidden + shown)
        down.append(len(hidden))
    return columns, down


def _foundations(founds: Any, variant: Variant) -> list[list[int]]:
    """The foundation piles from the "foundations" field: each its suit from the ace up."""
    suits = variant.foundation_suits
    if not isinstance(founds, list) or len(founds) != len(suits):
        raise ValueError(f"'foundations' must be a list of {len(suits)} piles for {variant.title}")
    foundations = []
    for k, (pile, s) in enumerate(zip(founds, suits), 1):
        cards = _cards(pile, f"foundation f{k}")
        for i, c in enumerate(cards):
            if suit(c) != s or rank(c) != i + 1:
                raise ValueError(
                    f"foundation f{k} builds {SUIT_NAMES[s]} from the ace up, "
                    f"so its card {i + 1} must be {CODES[s * 13 + i]}, not {CODES[c]}"
                )
        foundations.append(cards)
    return foundations


def _cells(raw: Any, variant: Variant) -> list[int | None]:
    """The free cells from the "cells" field (a variant with cells): a card or None each."""
    if not isinstance(raw, list) or len(raw) != variant.cells:
        raise ValueError(f"'cells' must be a list of {variant.cells} entries (a card code or null)")
    return [
        None if item is None else _cards([item], f"cell c{k}")[0] for k, item in enumerate(raw, 1)
    ]


def _check_every_card_once(
    variant: Variant,
    columns: list[list[int]],
    foundations: list[list[int]],
    cells: list[int | None],
) -> None:
    """The position holds the variant's deck: each card once (twice with two decks)."""
    everything = [c for col in columns for c in col] + [c for p in foundations for c in p]
    everything += [c for c in cells if c is not None]
    counts = Counter(everything)
    wrong = [c for c in range(52) if counts[c] != variant.decks]
    if wrong or len(everything) != variant.card_count:
        each = "once" if variant.decks == 1 else "twice"
        details = ", ".join(f"{CODES[c]} {counts[c]}x" for c in wrong[:8])
        more = "" if len(wrong) <= 8 else f" and {len(wrong) - 8} more"
        raise ValueError(
            f"{variant.title} needs {variant.card_count} cards with each card {each}; "
            f"this position has {len(everything)} ({details}{more})"
        )
