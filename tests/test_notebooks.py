"""Every notebook runs top to bottom in a fresh kernel, so the front door never rots."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors
    assert any(cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_cell_has_an_id(path: Path):
    """nbformat 4.5 gives every cell an id; one without is a warning today, an error later."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert all(cell.get("id") for cell in cells)
    assert len({cell["id"] for cell in cells}) == len(cells)
