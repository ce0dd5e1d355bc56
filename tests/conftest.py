"""Every test run keeps its statistics in temporary folders, never in the player's own.

``$YUKON_WIDGET_HOME`` is set for the whole session as soon as pytest starts (so servers and
kernels started by session or module fixtures, and the notebooks' kernels, inherit it), and
again to a fresh folder for each test, so no test sees another's games.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_SESSION: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    _SESSION["before"] = os.environ.get("YUKON_WIDGET_HOME")
    _SESSION["home"] = tempfile.mkdtemp(prefix="yukon-widget-home-")
    os.environ["YUKON_WIDGET_HOME"] = _SESSION["home"]


def pytest_unconfigure(config: pytest.Config) -> None:
    before, home = _SESSION.get("before"), _SESSION.get("home")
    if before is None:
        os.environ.pop("YUKON_WIDGET_HOME", None)
    else:
        os.environ["YUKON_WIDGET_HOME"] = before
    if home:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(autouse=True)
def statistics_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """A fresh, empty statistics folder for this test (its path)."""
    home = tmp_path_factory.mktemp("stats-home")
    monkeypatch.setenv("YUKON_WIDGET_HOME", str(home))
    return home
