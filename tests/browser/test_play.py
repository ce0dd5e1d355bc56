"""Play in a real JupyterLab with real pointer and key events; check the kernel's game after."""

from __future__ import annotations

import pytest
from lab import (
    DARK,
    LIGHT,
    NEARLY_WON,
    PANEL,
    card,
    drag,
    open_board,
    read_report,
    reported,
    setup_board,
    top_card,
    wait_until,
)

from yukon_widget import Game


def test_drag_a_group_onto_a_legal_column(lab, page):
    report = setup_board(lab, "drag", 'w = Yukon("yukon", seed=7)')
    open_board(page, lab, "drag.ipynb", report)
    drag(page, card(page, "JD", "t2"), top_card(page, "t7"))
    r = reported(report, lambda r: r["moves_made"] == 1, "the move to reach the kernel")
    assert r["history"] == ["JD t2-t7"]
    assert r["position"]["tableau"][6]["up"][-6:] == ["QS", "JD", "3C", "4D", "TD", "KC"]
    # The page redraws from the new state: the jack now sits in column 7.
    card(page, "JD", "t7").wait_for(state="visible")


def test_an_illegal_drop_snaps_back_and_changes_nothing(lab, page):
    report = setup_board(lab, "illegal", 'w = Yukon("yukon", seed=7)')
    open_board(page, lab, "illegal.ipynb", report)
    before = read_report(report)
    drag(page, card(page, "4H", "t1"), top_card(page, "t3"))
    toast = page.locator(".yk-toast")
    toast.wait_for(state="visible")
    assert "cannot" in toast.inner_text()
    after = read_report(report)
    assert after["position"] == before["position"] and after["moves_made"] == 0
    assert card(page, "4H", "t1").is_visible()


def _seed_with_an_ace_on_top() -> tuple[int, str, str]:
    for seed in range(1, 500):
        for k, col in enumerate(Game("yukon", seed=seed).position()["tableau"], 1):
            if col["up"][-1][0] == "A":
                return seed, col["up"][-1], f"t{k}"
    raise AssertionError("no deal with an ace on top")


def test_click_sends_a_card_to_its_foundation(lab, page):
    seed, ace, pile = _seed_with_an_ace_on_top()
    report = setup_board(lab, "click", f'w = Yukon("yukon", seed={seed})')
    open_board(page, lab, "click.ipynb", report)
    card(page, ace, pile).click()
    r = reported(report, lambda r: r["moves_made"] == 1, "the click to reach the kernel")
    suit = "SHDC".index(ace[1])
    assert r["position"]["foundations"][suit] == [ace]
    card(page, ace, f"f{suit + 1}").wait_for(state="visible")


def test_undo_from_the_button(lab, page):
    report = setup_board(lab, "undo", 'w = Yukon("yukon", seed=7)\nw.move("JD", "t7")')
    open_board(page, lab, "undo.ipynb", report)
    assert read_report(report)["moves_made"] == 1
    page.locator('button[data-action="undo"]').click()
    r = reported(report, lambda r: r["moves_made"] == 0, "the undo to reach the kernel")
    assert r["position"] == Game("yukon", seed=7).position()


def test_a_move_with_the_keyboard(lab, page):
    report = setup_board(lab, "keys", 'w = Yukon("yukon", seed=7)')
    board = open_board(page, lab, "keys.ipynb", report)
    board.focus()
    # Walk the cursor to the jack of diamonds in column 2, pick it up, carry it to column 7.
    press_until(page, board, "ArrowRight", lambda: cursor_pile(page) == "t2")
    press_until(page, board, "ArrowUp", lambda: cursor_card(page) == "JD")
    page.keyboard.press("Enter")
    press_until(page, board, "ArrowRight", lambda: cursor_pile(page) == "t7")
    page.keyboard.press("Enter")
    r = reported(report, lambda r: r["moves_made"] == 1, "the keyboard move to reach the kernel")
    assert r["history"] == ["JD t2-t7"]
    page.keyboard.press("u")
    reported(report, lambda r: r["moves_made"] == 0, "U to undo")
    page.keyboard.press("r")
    r = reported(report, lambda r: r["moves_made"] == 1, "R to redo")
    assert r["history"] == ["JD t2-t7"]


def cursor_pile(page) -> str | None:
    return page.evaluate("document.querySelector('.yk-cursor')?.dataset.pile ?? null")


def cursor_card(page) -> str | None:
    return page.evaluate("document.querySelector('.yk-cursor')?.dataset.card ?? null")


def press_until(page, board, key: str, done, limit: int = 30) -> None:
    for _ in range(limit):
        if done():
            return
        page.keyboard.press(key)
    assert done(), f"{key} never reached the wanted card"


def test_finish_a_nearly_won_game_and_see_the_banner(lab, page):
    report = setup_board(lab, "finish", NEARLY_WON)
    open_board(page, lab, "finish.ipynb", report)
    # One card up by hand (a real drag onto its foundation), the rest by Auto-finish.
    drag(page, card(page, "QS", "t1"), page.locator('.yk-pile[data-pile="f1"]'))
    reported(report, lambda r: r["moves_made"] == 1, "the drag to the foundation")
    button = page.locator('button[data-action="auto-finish"]')
    button.wait_for(state="visible")
    button.click()
    r = reported(report, lambda r: r["won"], "the game to be won")
    assert all(len(f) == 13 for f in r["position"]["foundations"])
    page.locator(".yk-win").wait_for(state="visible")


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("variant", ["yukon", "double-yukon"])
def test_screenshots(lab, page, artifacts, variant, theme):
    lab.set_theme(theme)
    name = f"shot-{variant}-{'dark' if theme == DARK else 'light'}"
    setup = f'w = Yukon("{variant}", seed=7)\nw.play(w.game.legal_moves()[0])'
    report = setup_board(lab, name, setup)
    # Tall enough for the whole widget: Lab's notebook scrolls inside itself.
    page.set_viewport_size({"width": 1280, "height": 1700})
    try:
        open_board(page, lab, f"{name}.ipynb", report)
        widget = page.locator(f"{PANEL} .yk-root").first
        wait_until(
            lambda: page.evaluate("document.body.dataset.jpThemeName") == theme,
            what=f"the {theme} theme",
        )
        page.wait_for_function("document.getAnimations().length === 0")
        path = artifacts / "screenshots" / f"{name}.png"
        widget.screenshot(path=str(path))
    finally:
        lab.set_theme(LIGHT)
        page.set_viewport_size({"width": 1280, "height": 900})
    assert path.stat().st_size > 10_000
    ups = sum(len(c["up"]) for c in read_report(report)["position"]["tableau"])
    assert page.locator(f'{PANEL} .yk-card:not([data-card="back"])').count() >= ups


def test_two_views_of_one_widget_stay_in_sync(lab, page):
    report = setup_board(lab, "twoviews", 'w = Yukon("yukon", seed=7)\ndisplay(w)')
    open_board(page, lab, "twoviews.ipynb", report)
    views = page.locator(f"{PANEL} .yk-root")
    wait_until(lambda: views.count() == 2, what="two views of the widget")
    first, second = views.nth(0), views.nth(1)
    drag(
        page,
        first.locator('.yk-card[data-card="JD"][data-pile="t2"]'),
        first.locator('.yk-card[data-pile="t7"]').last,
    )
    reported(report, lambda r: r["moves_made"] == 1, "the move to reach the kernel")
    second.locator('.yk-card[data-card="JD"][data-pile="t7"]').wait_for(state="attached")
    assert second.locator(".yk-moves").inner_text().strip().endswith("1")


SLOW_SOLVER = """
import time
from yukon_widget.widget import advice
_think = advice.think
def _slow(game, seconds, should_stop=None):  # slow, so the board is seen thinking
    time.sleep(1.5)
    return _think(game, seconds, should_stop)
advice.think = _slow
w = Yukon("yukon", seed=1)
"""


def test_hint_asks_the_solver_and_outlines_a_winning_move(lab, page):
    report = setup_board(lab, "hint", SLOW_SOLVER)
    open_board(page, lab, "hint.ipynb", report)
    button = page.locator(f'{PANEL} button[data-action="hint"]')
    button.click()
    # The kernel answers at once that it is thinking; the button says so meanwhile.
    reported(report, lambda r: r["hint_status"] == "thinking", "the board to think")
    wait_until(lambda: "Thinking" in button.inner_text(), what="the button to say Thinking")
    r = reported(report, lambda r: r["hint"], "the solver's hint")
    assert r["hint_status"] is None and "winning line" in r["hint"]["reason"]
    hint = r["hint"]
    outlined = page.locator(f"{PANEL} .yk-card.yk-hint")
    outlined.wait_for(state="visible")
    assert outlined.get_attribute("data-card") == hint["card"]
    assert outlined.get_attribute("data-pile") == hint["source"]
    page.locator(f'{PANEL} .yk-pile.yk-hint-target[data-pile="{hint["target"]}"]').wait_for(
        state="attached"
    )
    live = page.locator(f"{PANEL} .yk-live")
    wait_until(lambda: "winning line" in live.inner_text(), what="the reason on the board")
    assert button.inner_text().strip() == "Hint" and button.is_enabled()


LOST = """
w = Yukon("russian", seed=1, foundation_withdrawal=False)  # the solver proves it lost
w.play(w.game.hint())
"""


def test_hint_on_a_lost_deal_says_so_and_undo_takes_the_move_back(lab, page):
    report = setup_board(lab, "lost", LOST)
    open_board(page, lab, "lost.ipynb", report)
    assert read_report(report)["moves_made"] == 1
    page.locator(f'{PANEL} button[data-action="hint"]').click()
    reported(report, lambda r: r["hint_status"] == "lost", "the solver's verdict")
    notice = page.locator(f"{PANEL} .yk-lost")
    notice.wait_for(state="visible")
    assert "can no longer be won from here" in notice.inner_text()
    notice.locator('button[data-notice="undo"]').click()
    r = reported(report, lambda r: r["moves_made"] == 0, "the undo to reach the kernel")
    assert r["hint_status"] is None
    assert r["position"] == Game("russian", seed=1, foundation_withdrawal=False).position()
    notice.wait_for(state="detached")
