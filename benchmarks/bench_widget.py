"""The widget's Python cost per move message, and the size of the state it sends.

For each variant: play a mid-game position's legal moves as page messages, each followed by
an undo message, through the widget's real handler (validate, play, rebuild the state), and
JSON-encode every new state as the comm does. Prints milliseconds per message and the state's
size in bytes. The drop-to-drawn time in the browser is measured by bench_browser.py.
"""

from __future__ import annotations

import json
import statistics
import time

from bench_engine import midgame_positions

from yukon_widget import Yukon


def measure(variant: str, deals: int = 10) -> tuple[list[float], list[int]]:
    """Per-message times (ms) and state sizes (bytes) over ``deals`` mid-game positions."""
    times, sizes = [], []
    for game in midgame_positions(variant, count=deals, depth=20):
        w = Yukon(game=game)
        w.send = lambda _msg: None  # no page on the other end of the comm here
        for source, index, target in w.state["legal"][:10]:
            for msg in ({"type": "move", "source": source, "index": index, "target": target},
                        {"type": "undo"}):  # fmt: skip
                start = time.perf_counter()
                w._on_page_message(w, msg, [])
                text = json.dumps(w.state)
                times.append((time.perf_counter() - start) * 1000)
                sizes.append(len(text.encode()))
    return times, sizes


def main() -> None:
    print(f"{'variant':<14}{'messages':>9}{'median ms':>11}{'p95 ms':>9}{'state bytes (max)':>19}")
    for variant in ("yukon", "double-yukon"):
        times, sizes = measure(variant)
        p95 = statistics.quantiles(times, n=20)[-1]
        print(
            f"{variant:<14}{len(times):>9}{statistics.median(times):>11.2f}{p95:>9.2f}"
            f"{max(sizes):>19,}"
        )


if __name__ == "__main__":
    main()
