"""The README's picture, taken from a real JupyterLab: Yukon seed 7 mid-game (three moves from
Python, a fourth by a real drag), the toolbar and the running clock on show, cropped to the
widget. Written to ``test-artifacts/screenshots/yukon.png``; copy it to ``docs/images/`` to
refresh the README."""

from __future__ import annotations

from lab import PANEL, drag, open_board, read_report, wait_until, widget_cell, write_notebook

SETUP = """w = Yukon("yukon", seed=7)
for _move in ["JD t2-t7", "8C t7-t6", "4S t4-t7"]:
    w.play(_move)"""


def test_the_readme_screenshot(lab, page, artifacts):
    report = lab.root / "readme.json"
    write_notebook(lab.root / "readme.ipynb", widget_cell(report, SETUP))
    # Tall enough for the whole widget: Lab's notebook scrolls inside itself.
    page.set_viewport_size({"width": 1280, "height": 1700})
    try:
        open_board(page, lab, "readme.ipynb", report)
        # The fourth move by hand: the Four of hearts onto the Five of spades.
        drag(
            page,
            page.locator(f'{PANEL} .yk-card[data-card="4H"][data-pile="t1"]').first,
            page.locator(f'{PANEL} .yk-card[data-pile="t2"]').last,
        )
        wait_until(
            lambda: (r := read_report(report)) and r["moves_made"] == 4,
            what="the drag to reach the kernel",
        )
        assert read_report(report)["history"][-1] == "4H t1-t2"
        widget = page.locator(f"{PANEL} .yk-root").first
        page.locator(f'{PANEL} .yk-card[data-card="4H"][data-pile="t2"]').wait_for()
        clock = page.locator(f"{PANEL} .yk-clock")
        clock.wait_for(state="visible")
        # the clock has run since the first move: wait for it to show a second or more
        wait_until(lambda: clock.inner_text().strip() not in ("", "0:00"), what="the clock")
        assert page.locator(f"{PANEL} .yk-toolbar").first.is_visible()
        page.mouse.move(1, 1)  # no hover outline in the picture
        page.wait_for_function("document.getAnimations().length === 0")
        path = artifacts / "screenshots" / "yukon.png"
        # the margin shows only the page: away from the notebook's toolbar, the cell's
        # code hidden
        widget.evaluate("el => el.scrollIntoView({block: 'center'})")
        page.add_style_tag(content=f"{PANEL} .jp-Cell-inputWrapper {{ visibility: hidden }}")
        box = widget.bounding_box()
        pad = 8  # a little of the notebook's page around the widget
        clip = {
            "x": max(0, box["x"] - pad),
            "y": max(0, box["y"] - pad),
            "width": box["width"] + 2 * pad,
            "height": box["height"] + 2 * pad,
        }
        page.screenshot(path=str(path), clip=clip)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert path.stat().st_size > 10_000
