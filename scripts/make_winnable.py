"""Build yukon_widget/strategy/data/winnable.json from the winnability table's data.

The packaged lists are drawn from ``data/winnability/<config>.csv`` (written by
``python -m yukon_widget table``), so they come from the same solver runs as the published
table. A listed deal must be winnable whether foundation withdrawals are on or off (a player
may switch them off), so a seed is listed when:

* its configuration forbids withdrawals and the solver won it (Yukon is read from
  ``yukon-no-withdrawal``, Moosehide forbids them anyway); or
* its configuration allows withdrawals and the solver's winning line, kept in the file, never
  takes a card off a foundation: that line is legal with withdrawals off too.

Seeds are taken in order from 1 until ``--count`` are listed; the file records, per variant,
which configuration they came from, how many consecutive seeds that took, and the verdicts on
those seeds (won, lost, unknown), so ``Game.winnable`` can say what share the list was drawn
from. Rows are read as the table reads them (``study.table.counting_rows``).

    .venv/bin/python scripts/make_winnable.py
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from yukon_widget.study.table import counting_rows

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "yukon_widget" / "strategy" / "data" / "winnable.json"
SOURCES = {
    "yukon": "yukon-no-withdrawal",
    "russian": "russian",
    "alaska": "alaska",
    "moosehide": "moosehide",
    "yukon-cells": "yukon-cells",
    "double-yukon": "double-yukon",
}
"""Variant -> the table configuration its list is drawn from."""


def _withdraws(line: str) -> bool:
    """Whether a winning line (``;``-separated notation such as ``"KS f1-t3"``) takes a card
    off a foundation: its source pile is a foundation (``f1``..``f8``)."""
    return any(move.split(" ")[1].startswith("f") for move in line.split(";") if move)


def draw(config: str, rows: dict[int, dict[str, str]], count: int) -> dict:
    """The first ``count`` listable seeds of a configuration's rows (see the module
    docstring), with the tally of every seed read to find them."""
    seeds: list[int] = []
    tally = {"won": 0, "lost": 0, "unknown": 0, "won_line_withdraws": 0}
    seed = 0
    while len(seeds) < count and seed + 1 in rows:
        seed += 1
        row = rows[seed]
        tally[row["status"]] += 1
        if row["status"] != "won":
            continue
        if row["rules"] == "foundation_withdrawal=true" and _withdraws(row["line"]):
            tally["won_line_withdraws"] += 1
            continue
        seeds.append(seed)
    return {"config": config, "first_seed": 1, "tried": seed, **tally, "seeds": seeds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=500, help="seeds wanted per variant")
    ap.add_argument("--data", type=Path, default=ROOT / "data" / "winnability")
    args = ap.parse_args()
    out = {
        "about": "seeds proved winnable with foundation withdrawals off (so under either "
        "setting), drawn from the winnability table's data (scripts/make_winnable.py)",
        "rules": {"foundation_withdrawal": False},
        "variants": {},
    }
    short = []
    for variant, config in SOURCES.items():
        entry = draw(config, counting_rows(args.data / f"{config}.csv"), args.count)
        out["variants"][variant] = entry
        print(
            f"{variant}: {len(entry['seeds'])} seeds from {config} deals 1-{entry['tried']} "
            f"(won {entry['won']}, lost {entry['lost']}, unknown {entry['unknown']}, "
            f"line withdraws {entry['won_line_withdraws']})"
        )
        if len(entry["seeds"]) < args.count:
            short.append(variant)
    if short:
        sys.exit(f"too few deals in the table for {', '.join(short)}: extend it first")
    tmp = OUT.with_name(OUT.name + ".tmp")
    tmp.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    tmp.replace(OUT)


if __name__ == "__main__":
    main()
