"""Hosts other than JupyterLab for the browser tests: Notebook 7 (``jupyter notebook``) and
marimo (``marimo edit --headless``), each on a free loopback port with no token or password.

As in ``lab.py``, the kernel reports back through a side channel, a JSON file it writes; the
servers keep the widget's statistics in their own folder (``YUKON_WIDGET_HOME``), never the
user's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import urllib.request
from pathlib import Path

from lab import (
    LabServer,
    _free_port,
    jupyter_command,
    open_board,
    read_report,
    wait_until,
)

#: the notebook panel on show, in Notebook 7 as in Lab
PANEL = ".jp-NotebookPanel"


def _launch(cmd: list[str], env: dict[str, str], root: Path, log_name: str) -> subprocess.Popen:
    log = open(root / log_name, "w")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)


def _wait_up(proc: subprocess.Popen, url: str, log: Path, what: str) -> None:
    """Poll ``url`` until it answers 200; fail at once if the server exits."""

    def up() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}: see {log}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.status == 200
        except OSError:
            return False

    wait_until(up, timeout=120, what=f"{what} to answer {url}", interval=0.25)


def _stop(proc: subprocess.Popen | None) -> None:
    if proc and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


class NotebookServer(LabServer):
    """``jupyter notebook`` (Notebook 7) on loopback: Lab's settings folder (news off) and
    ``shutdown_kernels``, its own command."""

    log_name = "notebook.log"

    def start(self) -> None:
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(self.settings),
            "YUKON_WIDGET_HOME": str(self.root / ".yukon-home"),
        }
        cmd = jupyter_command("notebook", self.port, self.root)
        self.proc = _launch(cmd, env, self.root, self.log_name)
        _wait_up(self.proc, f"{self.url}/api/status", self.root / self.log_name, "jupyter notebook")

    def stop(self) -> None:
        _stop(self.proc)


def open_notebook7_board(
    page, server: NotebookServer, name: str, report: Path, timeout: float = 90.0
):
    """Open notebook ``name`` in Notebook 7, run its first cell and return the board once
    drawn and reported by the kernel."""
    return open_board(page, server, name, report, timeout, f"notebooks/{name}", PANEL)


class MarimoServer:
    """``marimo edit --headless`` on loopback, serving the notebooks of ``root`` (open one
    with ``url_for``), with no token, marimo's own config and state kept in ``root``."""

    log_name = "marimo.log"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "YUKON_WIDGET_HOME": str(self.root / ".yukon-home"),
            # marimo's user config and state (recent files...) stay in the test's folder
            "XDG_CONFIG_HOME": str(self.root / ".config"),
            "XDG_STATE_HOME": str(self.root / ".state"),
        }
        cmd = [
            sys.executable,
            "-m",
            "marimo",
            "edit",
            "--headless",
            "--no-token",
            "--host=127.0.0.1",
            f"--port={self.port}",
            "--skip-update-check",
            "--no-sandbox",
        ]
        # cells run when a notebook opens (marimo's default is to wait for a click)
        config = self.root / ".config" / "marimo" / "marimo.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text("[runtime]\nauto_instantiate = true\n")
        self.proc = _launch(cmd, env, self.root, self.log_name)
        _wait_up(self.proc, f"{self.url}/health", self.root / self.log_name, "marimo edit")

    def url_for(self, name: str) -> str:
        return f"{self.url}/?file={name}"

    def stop(self) -> None:
        _stop(self.proc)


def marimo_notebook(path: Path, report: Path, setup: str) -> None:
    """A marimo notebook of one cell: ``setup`` must bind ``w`` (a Yukon); the cell shows it
    as ``mo.ui.anywidget(w)`` and writes the kernel's game to ``report`` when the cell has run
    and after every move (``w.on_move``)."""
    body = f"""
import json
import pathlib

import marimo as mo
from yukon_widget import Game, Yukon

REPORT = pathlib.Path({str(report)!r})
{setup}

def _report(_move=None):
    _g = w.game
    _data = {{"position": _g.position(), "moves_made": _g.moves_made,
              "history": [str(_m) for _m in _g.history], "seed": _g.seed,
              "last_move": str(_move) if _move is not None else None}}
    _tmp = REPORT.with_suffix(".tmp")
    _tmp.write_text(json.dumps(_data))
    _tmp.replace(REPORT)

w.on_move(_report)
_report()
board = mo.ui.anywidget(w)
board
"""
    source = (
        "import marimo\n\n"
        "app = marimo.App()\n\n\n"
        "@app.cell\n"
        "def _():\n"
        f"{textwrap.indent(body.strip(), '    ')}\n"
        "    return\n\n\n"
        'if __name__ == "__main__":\n'
        "    app.run()\n"
    )
    path.write_text(source)


def open_marimo_board(page, server: MarimoServer, name: str, report: Path, timeout: float = 90.0):
    """Open marimo notebook ``name`` (its cell runs as it opens) and return the board once
    drawn and reported by the kernel."""
    if report.exists():
        report.unlink()
    page.goto("about:blank")
    page.goto(server.url_for(name))
    board = page.locator(".yk-board").first
    board.wait_for(state="visible", timeout=timeout * 1000)
    wait_until(lambda: read_report(report), timeout=timeout, what="the kernel's first report")
    page.locator(".yk-card").first.wait_for(state="visible")
    board.evaluate("el => (el.closest('.yk-root') || el).scrollIntoView({block: 'start'})")
    return board
