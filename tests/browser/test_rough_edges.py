"""Rough edges a player met in a real browser, each played again with real pointer and key
events in JupyterLab, checking the kernel's game (through the report file) or what the page
shows. Screenshots go to /tmp (and test-artifacts/screenshots) for people to look at."""

from __future__ import annotations

import re
from pathlib import Path

from lab import (
    NEARLY_WON,
    PANEL,
    RECORD_TOASTS,
    card,
    drag,
    open_board,
    read_report,
    reported,
    restart_kernel,
    run_cell,
    setup_board,
    top_card,
    wait_until,
)

SHOTS = Path("/tmp")


def toasts(page) -> list[dict]:
    return page.evaluate("window.__toasts")


def centre(locator, dy: float | None = None) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + (box["height"] / 2 if dy is None else dy)


# ---------------------------------------------------------------- 1. a double click


def test_a_double_click_is_one_action(lab, page):
    # Seed 24: A♠ on top of column 3; once it goes up, 2♣ (under it) could go to column 6.
    report = setup_board(lab, "dblclick", 'w = Yukon("yukon", seed=24)')
    open_board(page, lab, "dblclick.ipynb", report)
    page.evaluate(RECORD_TOASTS)
    x, y = centre(card(page, "AS", "t3"), dy=12)
    page.mouse.dblclick(x, y)
    reported(report, lambda r: r["moves_made"] == 1, "the click to reach the kernel")
    # Undo is answered after anything the double click sent: a sync point, not a sleep.
    serial = read_report(report)["serial"]
    page.locator(f'{PANEL} button[data-action="undo"]').click()
    r = reported(report, lambda r: r["serial"] > serial, "the undo to reach the kernel")
    assert r["moves_made"] == 0, r["history"]
    assert toasts(page) == [], "the second click of a double click was refused"


# ---------------------------------------------------------------- 3. a busy kernel

BUSY = "import time\ntime.sleep(7)"


def test_a_move_waits_for_a_busy_kernel_and_never_slides_back(lab, page):
    report = setup_board(lab, "busy", 'w = Yukon("yukon", seed=7)', BUSY)
    open_board(page, lab, "busy.ipynb", report)
    run_cell(page, 1)  # the kernel now sleeps for 7 s and cannot answer
    # Every pile the jack of diamonds is drawn on, frame by frame.
    page.evaluate(
        """() => {
      window.__piles = [];
      const tick = () => {
        const el = document.querySelector('.yk-card[data-card="JD"]');
        const p = el ? el.dataset.pile : null;
        if (window.__piles[window.__piles.length - 1] !== p) window.__piles.push(p);
        requestAnimationFrame(tick);
      };
      tick();
    }"""
    )
    drag(page, card(page, "JD", "t2"), top_card(page, "t7"))
    mark = page.locator(f"{PANEL} .yk-link")
    mark.wait_for(state="visible", timeout=5000)
    assert "Waiting for Python" in mark.inner_text()
    page.screenshot(path=str(SHOTS / "yk-busy.png"))
    r = reported(report, lambda r: r["moves_made"] == 1, "the move after the sleep", timeout=40)
    assert r["history"] == ["JD t2-t7"]
    mark.wait_for(state="detached")
    assert page.evaluate("window.__piles") == ["t2", "t7"], "the card slid back meanwhile"


# ---------------------------------------------------------------- 4. a restarted kernel


def test_a_board_whose_kernel_restarted_says_it_is_disconnected(lab, page):
    report = setup_board(lab, "restart", 'w = Yukon("yukon", seed=7)')
    open_board(page, lab, "restart.ipynb", report)
    restart_kernel(lab)
    notice = page.locator(f'{PANEL} .yk-link[data-status="disconnected"]')
    if not notice.is_visible():
        page.locator(f'{PANEL} button[data-action="hint"]').click()  # nobody will answer
    notice.wait_for(state="visible", timeout=20000)
    text = notice.inner_text()
    assert "disconnected" in text and "Run the cell again" in text
    page.screenshot(path=str(SHOTS / "yk-disconnected.png"))
    # A drop now slides back at once and the board says why, rather than pretending.
    page.evaluate(RECORD_TOASTS)
    drag(page, card(page, "JD", "t2"), top_card(page, "t7"))
    wait_until(lambda: any("disconnected" in t["text"] for t in toasts(page)), what="a toast")
    card(page, "JD", "t2").wait_for(state="visible")


# ---------------------------------------------------------------- 5. confirm before losing moves


def test_new_game_and_restart_ask_first_once_moves_were_made(lab, page):
    report = setup_board(lab, "confirm", 'w = Yukon("yukon", seed=7)\nw.move("JD", "t7")')
    open_board(page, lab, "confirm.ipynb", report)
    bar = page.locator(f"{PANEL} .yk-confirm")
    page.locator(f'{PANEL} button[data-action="new"]').click()
    bar.wait_for(state="visible")
    assert "1 move will be lost" in bar.inner_text()
    assert page.evaluate("document.activeElement.dataset.confirm") == "yes"
    page.keyboard.press("Escape")
    bar.wait_for(state="hidden")
    page.locator(f'{PANEL} button[data-action="restart"]').click()
    bar.wait_for(state="visible")
    page.keyboard.press("Tab")  # to Cancel, then Enter: nothing happens
    assert page.evaluate("document.activeElement.dataset.confirm") == "cancel"
    page.keyboard.press("Enter")
    bar.wait_for(state="hidden")
    assert read_report(report)["moves_made"] == 1
    page.locator(f'{PANEL} button[data-action="restart"]').click()
    bar.wait_for(state="visible")
    page.keyboard.press("Enter")  # Yes
    r = reported(report, lambda r: r["moves_made"] == 0, "the restart")
    assert r["seed"] == 7


# ---------------------------------------------------------------- 6. dragged cards stay visible


def test_a_dragged_card_stays_visible_past_the_boards_edge(lab, page):
    report = setup_board(lab, "edge", 'w = Yukon("yukon", seed=7)')
    board = open_board(page, lab, "edge.ipynb", report)
    x, y = centre(card(page, "JD", "t2"), dy=12)
    top = board.bounding_box()["y"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 4, y + 4, steps=2)
    page.mouse.move(x, top - 30, steps=10)  # above the board, over the toolbar
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.yk-card')?.dataset.card ?? null",
        [x, top - 22],
    )
    page.mouse.up()
    assert hit == "JD", "the dragged card is clipped at the board's edge"
    card(page, "JD", "t2").wait_for(state="visible")


# ---------------------------------------------------------------- 7. tall columns

TALL = """
deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
cols = [{"down": [], "up": deck[::-1]}] + [{"down": [], "up": deck[i::9]} for i in range(9)]
pos = {"variant": "double-yukon", "foundations": [[] for _ in range(8)], "tableau": cols}
w = Yukon(game=Game.from_position(pos))
"""


def test_a_52_card_column_fits_the_visible_height(lab, page):
    report = setup_board(lab, "tall", TALL)
    open_board(page, lab, "tall.ipynb", report)
    page.wait_for_function("document.getAnimations().length === 0")
    scroller = page.locator(f"{PANEL} .jp-WindowedPanel-outer, {PANEL} .jp-Notebook").first
    visible = scroller.bounding_box()
    bottom = top_card(page, "t1").bounding_box()
    page.screenshot(path=str(SHOTS / "yk-tall-double-yukon.png"))
    assert bottom["y"] + bottom["height"] <= visible["y"] + visible["height"] + 1, (
        f"the bottom card ends at {bottom['y'] + bottom['height']:.0f} px, "
        f"the notebook shows up to {visible['y'] + visible['height']:.0f} px"
    )
    assert page.locator(f"{PANEL} .yk-card").count() == 104


# ---------------------------------------------------------------- 8. the seed box


def test_the_seed_box_takes_every_deal_number_and_says_what_is_wrong(lab, page):
    report = setup_board(lab, "seedbox", 'w = Yukon("yukon", seed=7)')
    open_board(page, lab, "seedbox.ipynb", report)
    seed = page.locator(f"{PANEL} .yk-seed-input")
    seed.fill(str(2**64 - 1))
    seed.press("Enter")
    reported(report, lambda r: r["seed"] == 2**64 - 1, "the deal 2**64 - 1")
    deal = page.locator(f"{PANEL} .yk-deal")
    wait_until(lambda: str(2**64 - 1) in deal.inner_text(), what="the deal's label")
    seed.fill("12a")
    page.locator(f'{PANEL} button[data-action="new"]').click()
    error = page.locator(f"{PANEL} .yk-seed-error")
    error.wait_for(state="visible")
    assert "whole number from 0 to 18,446,744,073,709,551,615" in error.inner_text()
    page.locator(f"{PANEL} .yk-mode").select_option("daily")
    assert seed.is_disabled() and not error.is_visible()
    page.locator(f'{PANEL} button[data-action="new"]').click()
    wait_until(lambda: "daily deal" in deal.inner_text(), what="the daily deal's label")


# ---------------------------------------------------------------- 9. a click with click-to-move off


def test_a_click_with_click_to_move_off_says_so(lab, page):
    report = setup_board(lab, "clickoff", 'w = Yukon("yukon", seed=7, click_to_move=False)')
    open_board(page, lab, "clickoff.ipynb", report)
    page.evaluate(RECORD_TOASTS)
    card(page, "JD", "t2").click(position={"x": 20, "y": 10})
    wait_until(lambda: toasts(page), what="a word about the click")
    assert "Click to move is off" in toasts(page)[0]["text"]
    assert read_report(report)["moves_made"] == 0


# ---------------------------------------------------------------- 10. two views of one widget


def test_two_views_refusals_stay_in_their_view_and_one_live_region_speaks(lab, page):
    report = setup_board(lab, "twoviews2", 'w = Yukon("yukon", seed=7)\ndisplay(w)')
    open_board(page, lab, "twoviews2.ipynb", report)
    views = page.locator(f"{PANEL} .yk-root")
    wait_until(lambda: views.count() == 2, what="two views of the widget")
    first, second = views.nth(0), views.nth(1)
    page.evaluate(RECORD_TOASTS)
    drag(
        page,
        first.locator('.yk-card[data-card="4H"][data-pile="t1"]'),
        first.locator('.yk-card[data-pile="t3"]').last,
    )
    wait_until(lambda: toasts(page), what="the refusal")
    second.scroll_into_view_if_needed()
    drag(
        page,
        second.locator('.yk-card[data-card="JD"][data-pile="t2"]'),
        second.locator('.yk-card[data-pile="t7"]').last,
    )
    reported(report, lambda r: r["moves_made"] == 1, "the move from the second view")
    wait_until(lambda: "column 7" in second.locator(".yk-live").inner_text(), what="the words")
    assert {t["view"] for t in toasts(page)} == {0}, toasts(page)
    assert second.locator(".yk-live").get_attribute("aria-live") == "polite"
    assert first.locator(".yk-live").get_attribute("aria-live") == "off"


# ---------------------------------------------------------------- 11. hint target, flipping card


def test_the_hinted_target_lights_up_as_a_drop_target(lab, page):
    report = setup_board(lab, "hintdrop", 'w = Yukon("yukon", seed=7, fair_hints=True)')
    open_board(page, lab, "hintdrop.ipynb", report)
    page.locator(f'{PANEL} button[data-action="hint"]').click()
    hint = reported(report, lambda r: r["hint"], "the hint")["hint"]
    source = page.locator(f"{PANEL} .yk-card.yk-hint")
    source.wait_for(state="visible")
    target = page.locator(f'{PANEL} .yk-pile[data-pile="{hint["target"]}"]')
    x, y = centre(source, dy=10)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y + 5, steps=2)
    tx, ty = centre(target.locator(".yk-card").last if hint["target"][0] == "t" else target)
    page.mouse.move(tx, ty, steps=8)
    wait_until(lambda: "yk-over" in (target.get_attribute("class") or ""), what="the target lit")
    shadow = target.evaluate("el => getComputedStyle(el, '::after').boxShadow")
    page.mouse.up()
    assert "14px" in shadow, f"the hint's outline hides the drop target's glow: {shadow}"
    reported(report, lambda r: r["moves_made"] == 1, "the hinted move")


def test_a_card_turning_face_up_can_be_grabbed_mid_flip(lab, page):
    report = setup_board(lab, "flip", 'w = Yukon("yukon", seed=7)')
    open_board(page, lab, "flip.ipynb", report)
    drag(page, card(page, "JD", "t2"), top_card(page, "t7"))
    # Catch the card turning face up and hold it edge-on, as it is for part of its flip.
    flipped = page.wait_for_function(
        """() => {
      const a = document.getAnimations().find((a) =>
        a.effect?.getKeyframes?.().some((k) => String(k.transform).includes("rotateY")));
      if (!a) return null;
      a.pause();
      a.currentTime = 0;
      window.__flip = a;
      return a.effect.target.dataset.card;
    }""",
        polling="raf",
        timeout=15000,
    ).json_value()
    x, y = page.evaluate(
        """(code) => {
      const el = document.querySelector(`.yk-card[data-card="${code}"]`);
      const pile = el.parentElement.getBoundingClientRect();
      return [pile.left + el.offsetLeft + el.offsetWidth / 2, pile.top + el.offsetTop + 12];
    }""",
        flipped,
    )
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 30, steps=4)
    grabbed = page.locator(f'{PANEL} .yk-card[data-card="{flipped}"]')
    dragging = "yk-dragging" in (grabbed.get_attribute("class") or "")
    page.mouse.move(x, y, steps=2)
    page.mouse.up()
    page.evaluate("window.__flip.finish()")
    assert dragging, "the card turning face up could not be picked up"


# ---------------------------------------------------------------- 12. card faces

FACES = """
tops = ["KC", "QS", "JC", "TH", "KH", "QD", "TS"]
deck = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in tops]
cols = [{"down": [], "up": deck[i::7] + [tops[i]]} for i in range(7)]
pos = {"variant": "yukon", "foundations": [[], [], [], []], "tableau": cols}
w = Yukon(game=Game.from_position(pos))
"""

CORNERS_CLEAR = """() => {
  const out = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  for (const pile of document.querySelectorAll('.yk-pile[data-pile^="t"]')) {
    const top = [...pile.querySelectorAll(".yk-card")].pop();
    const box = top.getBoundingClientRect();
    const face = top.querySelector(".yk-face")?.getBoundingClientRect();
    for (const c of top.querySelectorAll(".yk-corner")) {
      const r = c.getBoundingClientRect();
      if (!inside(r, box)) out.push(`${top.dataset.card}: corner past the card's edge`);
      if (face && meet(r, face)) out.push(`${top.dataset.card}: corner over the picture`);
    }
  }
  return { problems: out, width: document.querySelector(".yk-card").getBoundingClientRect().width };
}"""


def test_card_corners_stay_clear_of_the_picture_and_the_edge_at_every_size(lab, page):
    report = setup_board(lab, "faces", FACES)
    open_board(page, lab, "faces.ipynb", report)
    root = page.locator(f"{PANEL} .yk-root").first
    for width in (None, 380, 220):
        if width:
            root.evaluate(f"el => {{ el.style.width = '{width}px'; }}")
        page.wait_for_function(
            f"Math.abs(document.querySelector('.yk-card').getBoundingClientRect().width"
            f" - {0 if width is None else (width - 8) / 7.72}) < {1000 if width is None else 6}"
        )
        page.wait_for_function("document.getAnimations().length === 0")
        found = page.evaluate(CORNERS_CLEAR)
        root.screenshot(path=str(SHOTS / f"yk-faces-{width or 'full'}.png"))
        assert not found["problems"], (found["width"], found["problems"])


# ---------------------------------------------------------------- 13. clock, statistics, banner


def test_the_clock_ticks_can_be_hidden_and_the_statistics_panel_reads_in_words(lab, page):
    # The clock starts with the first move.
    report = setup_board(lab, "clock", 'w = Yukon("yukon", seed=7)\nw.move("JD", "t7")')
    open_board(page, lab, "clock.ipynb", report)
    clock = page.locator(f"{PANEL} .yk-clock")
    clock.wait_for(state="visible")
    first = clock.inner_text()
    assert ":" in first
    wait_until(lambda: clock.inner_text() != first, timeout=5, what="the clock to tick")
    button = page.locator(f'{PANEL} button[data-action="statistics"]')
    button.click()
    panel = page.locator(f"{PANEL} .yk-stats")
    panel.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    text = panel.inner_text()
    assert "Games played" in text and "Current streak" in text
    page.locator(f"{PANEL} .yk-toolbar").first.screenshot(path=str(SHOTS / "yk-clock.png"))
    page.locator(f"{PANEL} .yk-root").first.screenshot(path=str(SHOTS / "yk-statistics.png"))
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    page.locator(f'{PANEL} input[data-setting="show_clock"]').click()
    reported(report, lambda r: r["settings"].get("show_clock") is False, "the clock switch")
    clock.wait_for(state="hidden")


def test_the_win_banner_waits_for_the_cards_to_land(lab, page):
    report = setup_board(lab, "winbanner", NEARLY_WON)
    open_board(page, lab, "winbanner.ipynb", report)
    # When the banner comes, count the cards still flying.
    page.evaluate(
        """() => {
      window.__flying = null;
      new MutationObserver(() => {
        if (window.__flying !== null || !document.querySelector(".yk-win")) return;
        window.__flying = document.getAnimations().filter((a) => a.playState === "running"
          && a.effect?.target?.classList?.contains("yk-card")).length;
      }).observe(document.body, { subtree: true, childList: true });
    }"""
    )
    button = page.locator(f'{PANEL} button[data-action="auto-finish"]')
    button.wait_for(state="visible")
    button.click()
    reported(report, lambda r: r["won"], "the game to be won")
    banner = page.locator(f"{PANEL} .yk-win")
    banner.wait_for(state="visible")
    assert page.evaluate("window.__flying") == 0, "the banner came over cards still flying"
    text = banner.inner_text()
    assert "You won!" in text and "8 moves" in text
    assert re.search(r"in 8 moves and \d+:\d\d\. Streak: \d+ wins?\.", text), text
    page.locator(f"{PANEL} .yk-root").first.screenshot(path=str(SHOTS / "yk-win.png"))
