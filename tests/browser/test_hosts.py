"""The board in hosts other than JupyterLab: Notebook 7 and marimo. In each, the board renders,
a real pointer drag moves a card, and the kernel's game (read back from Python through a file
the kernel writes) has the move."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hosts import (
    PANEL,
    MarimoServer,
    NotebookServer,
    marimo_notebook,
    open_marimo_board,
    open_notebook7_board,
)
from lab import CHROMIUM, drag, read_report, wait_until, widget_cell, write_notebook

from yukon_widget import Game

#: Yukon seed 7: the Jack of diamonds in column 2 goes onto the Queen of spades in column 7.
SETUP = 'w = Yukon("yukon", seed=7)'
MOVED = ["QS", "JD", "3C", "4D", "TD", "KC"]  # the top of column 7 after the move


def _server(server_cls, tmp_path_factory, artifacts: Path, name: str):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev test does)")
    server = server_cls(tmp_path_factory.mktemp(name))
    try:
        server.start()
        yield server
    finally:
        server.stop()
        log = server.root / server.log_name
        if log.exists():  # for the CI log's readers, as conftest keeps lab.log
            shutil.copy(log, artifacts / server.log_name)


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory, artifacts):
    yield from _server(NotebookServer, tmp_path_factory, artifacts, "notebook7")


@pytest.fixture(scope="module")
def marimo_server(tmp_path_factory, artifacts):
    yield from _server(MarimoServer, tmp_path_factory, artifacts, "marimo")


def _moved(report: Path) -> dict:
    return wait_until(
        lambda: (r := read_report(report)) and r["moves_made"] >= 1 and r,
        what="the move to reach the kernel",
    )


def _stats_in_the_tests_folder(server) -> None:
    """The game went to the statistics in the server's own folder, never the user's."""
    stats = server.root / ".yukon-home" / "stats.sqlite3"
    wait_until(stats.exists, timeout=10, what=f"the statistics in {stats}")


def _check_the_kernels_game(r: dict) -> None:
    assert r["history"] == ["JD t2-t7"]
    assert r["position"]["tableau"][6]["up"][-6:] == MOVED
    expected = Game("yukon", seed=7)
    expected.play("JD t2-t7")
    assert r["position"] == expected.position()


def test_notebook7_renders_and_a_drag_moves_the_kernels_game(notebook7, page):
    report = notebook7.root / "nb7.json"
    write_notebook(notebook7.root / "nb7.ipynb", widget_cell(report, SETUP))
    board = open_notebook7_board(page, notebook7, "nb7.ipynb", report)
    assert read_report(report)["moves_made"] == 0
    # 28 cards dealt: 7 face up, 21 backs
    assert board.locator(".yk-card").count() >= 28
    source = page.locator(f'{PANEL} .yk-card[data-card="JD"][data-pile="t2"]').first
    drag(page, source, page.locator(f'{PANEL} .yk-card[data-pile="t7"]').last)
    _check_the_kernels_game(_moved(report))
    _stats_in_the_tests_folder(notebook7)
    # and the page draws the new state: the jack now sits in column 7
    page.locator(f'{PANEL} .yk-card[data-card="JD"][data-pile="t7"]').wait_for(state="visible")


def test_marimo_renders_and_a_drag_moves_the_kernels_game(marimo_server, page):
    report = marimo_server.root / "yukon_marimo.json"
    marimo_notebook(marimo_server.root / "yukon_marimo.py", report, SETUP)
    board = open_marimo_board(page, marimo_server, "yukon_marimo.py", report)
    assert read_report(report)["moves_made"] == 0
    assert board.locator(".yk-card").count() >= 28
    source = board.locator('.yk-card[data-card="JD"][data-pile="t2"]').first
    # onto the Queen of spades, on show in marimo's output (its cards below may be cut off)
    drag(page, source, board.locator('.yk-card[data-card="QS"][data-pile="t7"]').first)
    r = _moved(report)
    _check_the_kernels_game(r)
    assert r["last_move"] == "JD t2-t7"  # reported by w.on_move, for the move made by hand
    _stats_in_the_tests_folder(marimo_server)
    board.locator('.yk-card[data-card="JD"][data-pile="t7"]').wait_for(state="visible")
