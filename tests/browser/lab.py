"""A real JupyterLab server and a headless Chromium page driving it, for browser tests and
the browser benchmark.

The kernel reports back through a side channel: the test notebook's widget writes
``w.game``'s state to a JSON file on every change, and the tests poll that file.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
LIGHT, DARK = "JupyterLab Light", "JupyterLab Dark"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook tab on show


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, timeout: float = 30.0, what: str = "a condition", interval: float = 0.05):
    """Poll ``check()`` until it returns something truthy; fail with ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def jupyter_command(app: str, port: int, root: Path) -> list[str]:
    """The command line of a local Jupyter server (``app`` "lab" or "notebook") for the
    tests: no token, no password, no browser, serving ``root`` on ``port``."""
    return [
        sys.executable,
        "-m",
        "jupyter",
        app,
        "--no-browser",
        f"--port={port}",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1",
        "--allow-root",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.disable_check_xsrf=True",
    ]


class LabServer:
    """``jupyter lab`` on loopback, with its own root folder and settings (news off, theme)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.settings = root / ".lab-settings"
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.set_theme(LIGHT)
        self._write_setting(
            "apputils-extension", "notification", {"fetchNews": "false", "checkForUpdates": False}
        )

    def _write_setting(self, plugin: str, name: str, value: dict[str, Any]) -> None:
        folder = self.settings / "@jupyterlab" / plugin
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.jupyterlab-settings").write_text(json.dumps(value))

    def set_theme(self, theme: str) -> None:
        """Takes effect at the next page load."""
        self._write_setting("apputils-extension", "themes", {"theme": theme})

    def start(self) -> None:
        # The kernels keep their statistics in the test's folder, never the user's.
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(self.settings),
            "YUKON_WIDGET_HOME": str(self.root / ".yukon-home"),
        }
        log = open(self.root / "lab.log", "w")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [*jupyter_command("lab", self.port, self.root), "--LabApp.news_url=None"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=self.root,
        )

        def up() -> bool:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited: see {self.root / 'lab.log'}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as r:
                    return r.status == 200
            except OSError:
                return False

        wait_until(up, timeout=120, what="JupyterLab to answer /api/status", interval=0.25)

    def shutdown_kernels(self) -> None:
        """Stop every running session's kernel, so tests do not pile kernels up."""
        with urllib.request.urlopen(f"{self.url}/api/sessions", timeout=10) as r:
            sessions = json.load(r)
        for session in sessions:
            req = urllib.request.Request(
                f"{self.url}/api/sessions/{session['id']}", method="DELETE"
            )
            urllib.request.urlopen(req, timeout=30).close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def write_notebook(path: Path, source: str, *more: str) -> None:
    """A notebook with its kernelspec (without one Lab asks for a kernel in a modal): the
    cell ``source`` (run by ``open_board``), then any ``more`` cells (run with ``run_cell``)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(text) for text in (source, *more)]
    nbformat.write(nb, path)


def widget_cell(report: Path, setup: str) -> str:
    """Cell source: ``setup`` must bind ``w``; every state change writes the game to ``report``."""
    return f"""
import json, pathlib
from yukon_widget import Yukon, Game
REPORT = pathlib.Path({str(report)!r})
{setup}
def _report(_change=None):
    g = w.game
    data = {{"position": g.position(), "moves_made": g.moves_made, "won": g.is_won,
             "history": [str(m) for m in g.history], "serial": w.state["serial"],
             "hint": w.state["hint"], "hint_status": w.state["hint_status"],
             "seed": g.seed, "settings": w.state["settings"]}}
    tmp = REPORT.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(REPORT)
w.observe(_report, names="state")
_report()
w
"""


def read_report(report: Path) -> dict[str, Any] | None:
    try:
        return json.loads(report.read_text())
    except (OSError, ValueError):
        return None


@contextmanager
def browser(width: int = 1280, height: int = 900):
    """A headless Chromium page (Debian's Chromium; Playwright never downloads a browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = b.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            b.close()


def open_board(
    page,
    server: LabServer,
    name: str,
    report: Path,
    timeout: float = 90.0,
    path: str | None = None,
    panel: str = PANEL,
):
    """Open notebook ``name``, run its cell and return the board's locator once drawn.

    ``path`` is where the server shows the notebook (JupyterLab's ``lab/tree/<name>?reset``
    by default; Notebook 7 passes ``notebooks/<name>``) and ``panel`` the notebook's panel.
    """
    if report.exists():
        report.unlink()
    # Leave the old page before its kernel goes, so no "kernel died" dialog can show.
    page.goto("about:blank")
    server.shutdown_kernels()
    # ?reset: a fresh workspace, so only this notebook is open (no tabs restored).
    page.goto(f"{server.url}/{path or f'lab/tree/{name}?reset'}")
    page.wait_for_selector(f"{panel} .jp-Cell", timeout=timeout * 1000)
    dismiss_news(page)
    run_first_cell(page, timeout)
    board = page.locator(f"{panel} .yk-board").first
    board.wait_for(state="visible", timeout=timeout * 1000)
    wait_until(lambda: read_report(report), timeout=timeout, what="the kernel's first report")
    page.locator(f"{panel} .yk-card").first.wait_for(state="visible")
    # Bring the whole board on screen: pointer events only reach what is in the viewport.
    board.evaluate(
        "el => el.closest('.yk-root, .jp-OutputArea-output, body').scrollIntoView({block: 'start'})"
    )
    return board


def run_first_cell(page, timeout: float) -> None:
    """Run the notebook's cell, retrying while the kernel is still connecting (a run asked
    for too early is dropped), until its prompt shows it queued or ran."""
    prompt = page.locator(f"{PANEL} .jp-Cell .jp-InputPrompt").first
    editor = page.locator(f"{PANEL} .jp-Cell .jp-InputArea-editor").first
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        dialog = page.locator(".jp-Dialog")
        if dialog.count() and dialog.first.is_visible():
            # A kernel or session question from Lab: take its default answer, and say so.
            print("Lab dialog:", dialog.first.inner_text()[:200])
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
        editor.click()
        page.keyboard.press("Control+Enter")
        try:
            wait_until(
                lambda: any(ch in prompt.inner_text() for ch in "*0123456789"),
                timeout=8,
                what="the cell to start",
            )
            return
        except TimeoutError:
            continue
    raise TimeoutError("the notebook's cell never ran")


def dismiss_news(page) -> None:
    """Lab's "get notified about news?" toast can cover the board: answer it when it shows."""
    button = page.locator(".jp-Notification-Toast button:has-text('No')")
    if button.count():
        button.first.click()


def drag(page, source, target, steps: int = 12) -> None:
    """A real pointer drag from the centre of ``source`` to the centre of ``target``."""
    a = source.bounding_box()
    b = target.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + min(12, a["height"] / 2)
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 4, y0 + 4, steps=2)
    page.mouse.move(x1, y1, steps=steps)
    page.mouse.up()


def run_cell(page, n: int, timeout: float = 30.0) -> None:
    """Run the notebook's cell number ``n`` (0-based) and wait until its prompt shows it
    queued or running ("[*]")."""
    cell = page.locator(f"{PANEL} .jp-Cell").nth(n)
    prompt = cell.locator(".jp-InputPrompt").first
    cell.locator(".jp-InputArea-editor").first.click()
    page.keyboard.press("Control+Enter")
    wait_until(lambda: "*" in prompt.inner_text(), timeout=timeout, what=f"cell {n} to run")


def restart_kernel(server: LabServer) -> None:
    """Restart every session's kernel, as Lab's Kernel menu does (through the server)."""
    with urllib.request.urlopen(f"{server.url}/api/sessions", timeout=10) as r:
        sessions = json.load(r)
    for session in sessions:
        kid = session["kernel"]["id"]
        req = urllib.request.Request(
            f"{server.url}/api/kernels/{kid}/restart", data=b"{}", method="POST"
        )
        urllib.request.urlopen(req, timeout=60).close()


#: Records every toast the page shows (its text, and which widget view showed it) in
#: ``window.__toasts``, for tests that must see toasts that come and go.
RECORD_TOASTS = """() => {
  window.__toasts = [];
  const seen = new WeakMap();
  const check = () => {
    for (const t of document.querySelectorAll(".yk-toast")) {
      const text = t.textContent;
      if (seen.get(t) === text) continue;
      seen.set(t, text);
      const view = [...document.querySelectorAll(".yk-root")].findIndex((r) => r.contains(t));
      window.__toasts.push({ view, text });
    }
  };
  const all = { subtree: true, childList: true, characterData: true };
  new MutationObserver(check).observe(document.body, all);
}"""


def setup_board(lab: LabServer, name: str, setup: str, *more: str) -> Path:
    """Write notebook ``name`` whose cell runs ``setup`` (binding ``w``) and reports the game
    to ``<name>.json`` after every change; ``more`` cells follow. Returns the report's path."""
    report = lab.root / f"{name}.json"
    write_notebook(lab.root / f"{name}.ipynb", widget_cell(report, setup), *more)
    return report


def card(scope, code: str, pile: str | None = None):
    """The card ``code`` on the board (in ``pile`` when given)."""
    where = f'[data-pile="{pile}"]' if pile else ""
    return scope.locator(f'{PANEL} .yk-card[data-card="{code}"]{where}').first


def top_card(scope, pile: str):
    """The top card of ``pile``."""
    return scope.locator(f'{PANEL} .yk-card[data-pile="{pile}"]').last


def reported(report: Path, check, what: str, timeout: float = 30.0):
    """The kernel's report once ``check(report)`` holds."""
    return wait_until(
        lambda: (r := read_report(report)) and check(r) and r, timeout=timeout, what=what
    )


#: A Yukon position one step from the end: each suit up to its Jack, its King and Queen in a
#: column with the Queen on top (a cell that binds ``w`` to a board of it).
NEARLY_WON = """
suits = [[r + s for r in "A23456789TJQK"] for s in "SHDC"]
empty = {"down": [], "up": []}
pos = {"variant": "yukon", "foundations": [f[:-2] for f in suits],
       "tableau": [{"down": [], "up": [f[-1], f[-2]]} for f in suits] + [empty] * 3}
w = Yukon(game=Game.from_position(pos))
"""
