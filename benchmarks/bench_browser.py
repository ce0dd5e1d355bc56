"""Drop to drawn board, and Undo to redrawn board, in a real JupyterLab in headless Chromium.

Each round drags the Jack of diamonds onto column 7 (Yukon seed 7; Double Yukon seed 7 drags
its first legal column move) and measures in the page, from the pointer release to the first
animation frame after the card's element shows it in its new column (the page predicts the
move, so no kernel round trip is in it). The Undo button then puts it back, and that is
measured the same way, from the button's release to the frame after the card is back: a
whole new state from Python drawn, kernel round trip included; and from the first change
the page makes after the release (the state has arrived, drawing starts) to that frame: the
redraw alone. Prints the median and 95th percentile in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from lab import (
    PANEL,
    LabServer,
    browser,
    drag,
    open_board,
    read_report,
    wait_until,
    widget_cell,
    write_notebook,
)

WATCH = """([card, pile]) => {
  window.__yk = {};
  const sel = `.yk-card[data-card="${card}"][data-pile="${pile}"]`;
  document.addEventListener("pointerup", () => { window.__yk.up = performance.now(); },
                            { capture: true, once: true });
  const obs = new MutationObserver(() => {
    if (window.__yk.up !== undefined && window.__yk.first === undefined) {
      window.__yk.first = performance.now();  // the page starts to change: a state arrived
    }
    if (window.__yk.up !== undefined && document.querySelector(sel)) {
      obs.disconnect();
      requestAnimationFrame(() => { window.__yk.drawn = performance.now(); });
    }
  });
  obs.observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def rounds(page, lab, variant: str, count: int) -> tuple[list[float], list[list[float]]]:
    report = lab.root / f"{variant}.json"
    setup = f'w = Yukon("{variant}", seed=7)'
    write_notebook(lab.root / f"{variant}.ipynb", widget_cell(report, setup))
    open_board(page, lab, f"{variant}.ipynb", report)
    state = read_report(report)
    from yukon_widget import Game

    game = Game.from_position(state["position"])
    move = next(m for m in game.legal_moves() if m.target.startswith("t"))
    times, undos = [], []
    for _ in range(count):
        page.evaluate(WATCH, [move.card, move.target])
        source = page.locator(
            f'{PANEL} .yk-card[data-card="{move.card}"][data-pile="{move.source}"]'
        )
        target = page.locator(f'{PANEL} .yk-card[data-pile="{move.target}"]').last
        drag(page, source.first, target)
        page.wait_for_function("window.__yk && window.__yk.drawn !== undefined")
        times.append(page.evaluate("window.__yk.drawn - window.__yk.up"))
        wait_until(lambda: read_report(report)["moves_made"] == 1, what="the move")
        page.wait_for_function("document.getAnimations().length === 0")
        page.evaluate(WATCH, [move.card, move.source])
        page.locator(f'{PANEL} button[data-action="undo"]').click()
        page.wait_for_function("window.__yk && window.__yk.drawn !== undefined")
        undos.append(
            page.evaluate(
                "[window.__yk.drawn - window.__yk.up, window.__yk.drawn - window.__yk.first]"
            )
        )
        wait_until(lambda: read_report(report)["moves_made"] == 0, what="the undo")
        page.locator(
            f'{PANEL} .yk-card[data-card="{move.card}"][data-pile="{move.source}"]'
        ).wait_for()
        page.wait_for_function("document.getAnimations().length === 0")
    return times, undos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lab = LabServer(Path(tmp))
        lab.start()
        try:
            with browser() as page:
                print(f"{'variant':<14}{'what':<16}{'rounds':>7}{'median ms':>11}{'p95 ms':>9}")
                for variant in ("yukon", "double-yukon"):
                    drops, undos = rounds(page, lab, variant, args.rounds)
                    rows = (
                        ("drop to drawn", drops),
                        ("undo to redrawn", [u[0] for u in undos]),
                        ("state to drawn", [u[1] for u in undos]),
                    )
                    for what, t in rows:
                        p95 = statistics.quantiles(t, n=20)[-1] if len(t) > 1 else t[0]
                        print(
                            f"{variant:<14}{what:<16}{len(t):>7}"
                            f"{statistics.median(t):>11.1f}{p95:>9.1f}"
                        )
        finally:
            lab.stop()


if __name__ == "__main__":
    main()
