"""Hand-made positions for tests: place the cards a test cares about, the rest follow."""

from __future__ import annotations

from collections import Counter

from yukon_widget.engine.cards import CODES
from yukon_widget.engine.variants import get_variant


def build(
    variant: str = "yukon",
    columns: list | None = None,
    foundations: list | None = None,
    cells: list | None = None,
    rest_in: int | None = None,
    rules: dict | None = None,
) -> dict:
    """A complete position dict from the cards a test cares about.

    ``columns`` holds ``(down, up)`` pairs or up-lists per column (missing columns are empty);
    ``foundations`` maps pile index to a count of cards (ace up); every card not placed goes
    face down at the bottom of column ``rest_in`` (or onto the foundations when it is None,
    which needs the placed cards to leave a foundation-shaped rest).
    """
    v = get_variant(variant)
    cols = []
    for k in range(v.columns):
        spec = (columns or [])[k] if k < len(columns or []) else []
        down, up = spec if isinstance(spec, tuple) else ([], spec)
        cols.append({"down": list(down), "up": list(up)})
    founds = [[] for _ in v.foundation_suits]
    for f, n in (foundations or {}).items():
        s = v.foundation_suits[f]
        founds[f] = [CODES[s * 13 + r] for r in range(n)]
    cell_list = list(cells or [None] * v.cells)
    used = Counter(c for col in cols for c in col["down"] + col["up"])
    used += Counter(c for p in founds for c in p)
    used += Counter(c for c in cell_list if c)
    rest = [c for c in CODES for _ in range(v.decks - used[c])]
    if rest_in is not None:
        cols[rest_in]["down"] = rest + cols[rest_in]["down"]
    elif rest:
        raise AssertionError(f"cards left over and no rest_in column: {rest}")
    out = {"variant": variant, "rules": rules or {}, "tableau": cols, "foundations": founds}
    if v.cells:
        out["cells"] = cell_list
    return out
