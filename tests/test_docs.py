"""The README and the pages in docs/ point at files that exist: a page moved or renamed (the
solver's journal left the README once) must not leave a reader at a dead link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def links(page: Path) -> list[str]:
    """The relative links of a Markdown page (web addresses and in-page anchors left out)."""
    found = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        found.append(target.split("#", 1)[0])
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_points_at_a_file_that_exists(page):
    missing = [t for t in links(page) if not (page.parent / t).exists()]
    assert not missing, f"{page.name} links to missing files: {missing}"


def test_the_checker_sees_the_links_it_checks(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "[a](there.md) [b](https://example.org) [c](#top) [d](sub/x.png#y)", encoding="utf-8"
    )
    assert links(page) == ["there.md", "sub/x.png"]
    assert len(links(ROOT / "README.md")) >= 10  # the README's own links are really read
