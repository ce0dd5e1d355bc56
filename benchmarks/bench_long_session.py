"""The widget's cost per message and per save as a game gets long.

A saved board (Yukon seed 23) gets 20,000 move messages through its real handler: the seven
of hearts moves from column 3 to column 7 and back, so the line grows by one move per message
while the position stays small. Around moves 1, 1,000, 5,000 and 20,000 it prints the median
milliseconds per message (validate, play, hint check, state, JSON-encode, save) and per save
(the part of that spent writing the file), and the save file's size. Both should be flat:
the hint check keeps the positions seen so far incrementally, and a save appends one line.

    python benchmarks/bench_long_session.py [--moves 20000] [--dir /some/disk]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from yukon_widget import Yukon
from yukon_widget.widget.saves import SaveFile

CHECKPOINTS = (1, 1_000, 5_000, 20_000)
WINDOW = 50  # messages measured at each checkpoint


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=CHECKPOINTS[-1])
    parser.add_argument("--dir", help="where to put the save file (default: a temp folder)")
    args = parser.parse_args()
    folder = Path(args.dir or tempfile.mkdtemp(prefix="yukon-bench-"))
    path = folder / "long-session.json"
    path.unlink(missing_ok=True)

    saves: list[float] = []
    record = SaveFile.record

    def timed_record(self, *a, **k):
        start = time.perf_counter()
        try:
            return record(self, *a, **k)
        finally:
            saves.append((time.perf_counter() - start) * 1000)

    SaveFile.record = timed_record  # type: ignore[method-assign]
    w = Yukon("yukon", seed=23, save=path)
    w.send = lambda _msg: None  # no page on the other end of the comm here
    there = next(c for c in w.state["tableau"] if c["id"] == "t3")
    start_index = there["down"] + there["up"].index("7H")
    back_index = w.state["tableau"][6]["down"] + len(w.state["tableau"][6]["up"])
    forth = {"type": "move", "source": "t3", "index": start_index, "target": "t7"}
    back = {"type": "move", "source": "t7", "index": back_index, "target": "t3"}

    checkpoints = [c for c in CHECKPOINTS if c <= args.moves]
    print(f"{'at move':>8}{'median ms / message':>21}{'median ms / save':>18}{'file bytes':>12}")
    began = time.perf_counter()
    for checkpoint in checkpoints:
        times: list[float] = []
        saves.clear()
        while w.game.moves_made < checkpoint - 1 + WINDOW:
            measured = w.game.moves_made >= checkpoint - 1
            msg = forth if w.game.moves_made % 2 == 0 else back
            start = time.perf_counter()
            w._on_page_message(w, msg, [])
            json.dumps(w.state)  # what the comm does with the new state
            if measured:
                times.append((time.perf_counter() - start) * 1000)
            else:
                saves.clear()
        print(
            f"{checkpoint:>8,}{statistics.median(times):>21.2f}"
            f"{statistics.median(saves[-WINDOW:]):>18.2f}{path.stat().st_size:>12,}"
        )
    w.close()
    print(f"({w.game.moves_made:,} messages in {time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
