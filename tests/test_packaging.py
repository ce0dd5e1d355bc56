"""A wheel built from the tracked sources carries the front-end bundle.

The build runs in a copy of the repository's tracked files, without node_modules or a built
bundle, so it proves the build hook runs npm and packs its output.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_contains_the_bundle(tmp_path: Path):
    if not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to know the tracked files")
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
        capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    src = tmp_path / "src"
    for name in files:
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    assert not (src / "yukon_widget" / "static").exists()
    dist = tmp_path / "dist"
    build = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist)]
    subprocess.run(build, cwd=src, check=True, capture_output=True, text=True)
    (wheel,) = dist.glob("yukon_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "yukon_widget/static/widget.js" in names
    assert "yukon_widget/static/widget.css" in names
    assert "yukon_widget/engine/game.py" in names
    assert "yukon_widget/py.typed" in names  # type checkers read the package's hints
    js = zipfile.ZipFile(wheel).read("yukon_widget/static/widget.js").decode()
    assert "render" in js and len(js) > 5000
