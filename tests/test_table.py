"""The winnability table's command: CSV files that parse and resume, and a page made from them."""

from __future__ import annotations

import csv

import pytest

from yukon_widget.__main__ import main
from yukon_widget.study.table import summarize_file


def run(tmp_path, *extra: str, nodes: str = "50000") -> int:
    return main(
        [
            "table",
            "--time-limit",
            "0",
            "--node-limit",
            nodes,
            "--configs",
            "yukon,russian",
            "--data",
            str(tmp_path / "data"),
            "--page",
            str(tmp_path / "docs" / "winnability.md"),
            "--workers",
            "1",
            "--no-progress",
            *extra,
        ]
    )


def rows(path):
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_table_is_written_resumed_and_summarised(tmp_path):
    assert run(tmp_path, "--deals", "3") == 0
    yukon = tmp_path / "data" / "yukon.csv"
    first = rows(yukon)
    assert sorted(int(r["seed"]) for r in first) == [1, 2, 3]  # in the order they finish
    assert {r["status"] for r in first} <= {"won", "lost", "unknown"}
    for r in first:
        if r["status"] == "won":
            assert len(r["line"].split(";")) == int(r["moves"]) > 0
    assert run(tmp_path, "--deals", "4") == 0  # resumes: only deal 4 is new
    second = rows(yukon)
    assert second[:3] == first and len(second) == 4
    page = (tmp_path / "docs" / "winnability.md").read_text()
    summary = summarize_file(yukon, "yukon", 4)
    assert summary.missing == 0 and summary.won + summary.lost + summary.unknown == 4
    assert f"| yukon | 4 | {summary.won} | {summary.lost} | {summary.unknown} |" in page
    # configurations not asked for are listed as not solved yet
    assert "| moosehide | 0 | 0 | 0 | 0 | – |" in page
    assert "85 of 100" in page and "KDE Patience" in page
    # the page names the runs that made the files, the last one last
    assert page.index("--deals 3 --time-limit 0") < page.index("--deals 4 --time-limit 0")


def test_retry_unknown_appends_verdicts_that_count_over_the_unknowns(tmp_path):
    assert run(tmp_path, "--deals", "4", nodes="1") == 0
    yukon = tmp_path / "data" / "yukon.csv"
    first = rows(yukon)
    unknown = sorted(int(r["seed"]) for r in first if r["status"] == "unknown")
    assert unknown  # one position per deal decides none of these
    assert run(tmp_path, "--deals", "4") == 0  # a plain rerun keeps the unknowns
    assert rows(yukon) == first
    assert run(tmp_path, "--deals", "4", "--retry-unknown") == 0
    after = rows(yukon)
    assert after[: len(first)] == first  # nothing is rewritten, only appended
    retried = after[len(first) :]
    assert sorted(int(r["seed"]) for r in retried) == unknown
    decided = {int(r["seed"]): r["status"] for r in retried if r["status"] != "unknown"}
    assert decided  # 50,000 positions decide some of them
    summary = summarize_file(yukon, "yukon")
    assert summary.deals == 4 and summary.missing == 0
    assert summary.unknown == len(unknown) - len(decided)
    statuses = [r["status"] for r in first if r["status"] != "unknown"] + list(decided.values())
    assert (summary.won, summary.lost) == (statuses.count("won"), statuses.count("lost"))
    page = (tmp_path / "docs" / "winnability.md").read_text()
    assert "--retry-unknown" in page


def test_an_unknown_configuration_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["table", "--configs", "klondike", "--data", str(tmp_path)])
    assert e.value.code == 2 and "unknown configuration" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
