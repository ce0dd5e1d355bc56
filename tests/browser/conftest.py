"""Fixtures for the real-browser tests: one JupyterLab server and one Chromium page per module.

Module scope closes Playwright (whose sync API keeps an asyncio loop running) before other
test modules run."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from lab import CHROMIUM, LabServer, browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev test does)")
    root = tmp_path_factory.mktemp("lab")
    server = LabServer(root)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        log = root / "lab.log"
        if log.exists():
            ARTIFACTS.mkdir(exist_ok=True)
            shutil.copy(log, ARTIFACTS / "lab.log")


@pytest.fixture(scope="module")
def page():
    with browser() as p:
        yield p


@pytest.fixture(scope="session")
def artifacts() -> Path:
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failed browser test, keep a screenshot of the page for the CI log's readers."""
    outcome = yield
    report = outcome.get_result()
    page = item.funcargs.get("page") if hasattr(item, "funcargs") else None
    if report.when == "call" and report.failed and page is not None:
        (ARTIFACTS / "failures").mkdir(parents=True, exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / "failures" / f"{item.name}.png"))
        except Exception as err:  # the page may be gone; the failure itself matters more
            print(f"no failure screenshot: {err}")
