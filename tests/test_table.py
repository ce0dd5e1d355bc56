"""The winnability table's command: CSV files that parse and resume, and a page made from them."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from rulebook import replay

from yukon_widget import Game
from yukon_widget.__main__ import main
from yukon_widget.study.table import counting_rows, crosscheck, render, summarize_file


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


def test_an_exhaustive_retry_decides_unknowns_and_names_itself_on_the_page(tmp_path):
    """``--exhaustive`` retries with the exhaustive search alone: its rows are sound verdicts
    (a win's line plays to a win) and the page lists the run with the flag."""
    assert run(tmp_path, "--deals", "3", nodes="1") == 0
    yukon = tmp_path / "data" / "yukon.csv"
    first = rows(yukon)
    assert run(tmp_path, "--deals", "3", "--retry-unknown", "--exhaustive") == 0
    retried = rows(yukon)[len(first) :]
    assert sorted(int(r["seed"]) for r in retried) == sorted(
        int(r["seed"]) for r in first if r["status"] == "unknown"
    )
    won = [r for r in retried if r["status"] == "won"]
    assert won  # Yukon deals 1 to 3 are won within 50,000 positions of the search alone
    for r in won:
        game = Game("yukon", seed=int(r["seed"]), foundation_withdrawal=True)
        for move in r["line"].split(";"):
            game.play(move)
        assert game.is_won
    page = (tmp_path / "docs" / "winnability.md").read_text()
    assert "--retry-unknown --exhaustive" in page


def test_an_unknown_configuration_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["table", "--configs", "klondike", "--data", str(tmp_path)])
    assert e.value.code == 2 and "unknown configuration" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_clean_lines_shorten_every_winning_line_once_and_the_page_shows_both_lengths(tmp_path):
    assert run(tmp_path, "--deals", "3", "--clean-lines") == 0
    yukon = tmp_path / "data" / "yukon.csv"
    verdicts = {int(r["seed"]): r for r in rows(yukon)}
    won = sorted(s for s, r in verdicts.items() if r["status"] == "won")
    assert won  # Yukon deals 1 to 3 are won within 50,000 positions
    clean = tmp_path / "data" / "clean" / "yukon.csv"
    first = rows(clean)
    assert sorted(int(r["seed"]) for r in first) == won
    for r in first:
        found = verdicts[int(r["seed"])]
        assert int(r["found"]) == int(found["moves"])
        assert 0 < int(r["moves"]) <= int(r["found"])
        game = Game("yukon", seed=int(r["seed"]), foundation_withdrawal=True)
        for move in r["line"].split(";"):
            game.play(move)
        assert game.is_won  # the shortened line wins, replayed with the public rules
    assert any(int(r["moves"]) < int(r["found"]) for r in first)  # seed 3: 158 moves found
    assert run(tmp_path, "--deals", "4", "--clean-lines") == 0  # resumes: only deal 4 is new
    second = rows(clean)
    assert second[: len(first)] == first
    assert [r["seed"] for r in second[len(first) :]] == (
        ["4"] if rows(yukon)[3]["status"] == "won" else []
    )
    summary = summarize_file(yukon, "yukon", 4)
    assert summary.cleaned == summary.won == len(second)
    page = (tmp_path / "docs" / "winnability.md").read_text()
    median_found, longest_found = summary.found_lines
    median_clean, longest_clean = summary.clean_lines
    assert median_clean <= median_found and longest_clean <= longest_found
    assert (
        f"| yukon | {summary.won} | {summary.cleaned} | {median_found:,g} → {median_clean:,g} "
        f"| {longest_found:,g} → {longest_clean:,g} |"
    ) in page


def test_a_clean_line_longer_than_the_line_found_is_refused(tmp_path, capsys):
    assert run(tmp_path, "--deals", "1", "--clean-lines") == 0
    clean = tmp_path / "data" / "clean" / "yukon.csv"
    text = clean.read_text()
    header, row = text.splitlines()[:2]
    fields = row.split(",")
    fields[3] = "1"  # found: 1 move, but the shortened line has more
    clean.write_text(header + "\n" + ",".join(fields) + "\n")
    assert run(tmp_path, "--deals", "1", "--clean-lines") == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "from one of 1" in err
    assert clean.read_text() == header + "\n" + ",".join(fields) + "\n"  # left as it was


DATA = Path(__file__).resolve().parents[1] / "data" / "winnability"


def write_verdicts(path, statuses: str) -> None:
    """A solve file with one row per deal from seed 1: W won, L lost, U unknown."""
    names = {"W": "won", "L": "lost", "U": "unknown"}
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["variant", "seed", "rules", "status", "moves", "nodes", "seconds", "line"])
        for seed, code in enumerate(statuses, 1):
            out.writerow(["yukon", seed, "", names[code], 0, 1, 0.0, ""])


def test_the_page_lists_the_deals_left_unknown_by_how_far_they_were_searched(tmp_path):
    """Each unknown deal is named once, under the most positions any one run searched on it;
    a deal a later run decided is not named."""
    path = tmp_path / "yukon.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["variant", "seed", "rules", "status", "moves", "nodes", "seconds", "line"])
        for seed, status, nodes in [
            (1, "won", 10),
            (2, "unknown", 100),
            (3, "unknown", 2_000_000),
            (4, "unknown", 2_000_000),
            (2, "unknown", 2_000_000),
            (5, "unknown", 100),
            (4, "lost", 3_500_000),
            (2, "unknown", 40),  # a smaller retry does not lower how far deal 2 went
        ]:
            out.writerow(["yukon", seed, "", status, 0, nodes, 0.0, ""])
    summary = summarize_file(path, "yukon")
    assert summary.unknown == 3
    assert summary.unknown_deals == ((2, 2_000_000), (3, 2_000_000), (5, 100))
    page = render([summary], [])
    assert "## The deals left unknown" in page
    assert "- **yukon** (3): at 2,000,000 positions, 2, 3; at 100 positions, 5." in page
    # no unknown deal, no section
    write_verdicts(path, "WL")
    assert "left unknown" not in render([summarize_file(path, "yukon")], [])


def test_the_two_yukon_configurations_check_each_other(tmp_path):
    """A line without withdrawals is legal with them: a loss with them and a win without is a
    contradiction, and each file settles some of the other's unknown deals."""
    on, off = tmp_path / "on.csv", tmp_path / "off.csv"
    write_verdicts(on, "WLUULL")
    write_verdicts(off, "WLWULUW")  # one deal more: only deals both cover count
    check = crosscheck(on, off)
    assert check.deals == 6
    assert check.contradictions == ()
    assert check.won_with == (3,) and check.lost_without == (6,)
    page = render([], [], check=check)
    assert "No deal is proved lost with withdrawals and won without" in page
    assert "won without: 3." in page and "lost with them: 6." in page
    # Deal 4 is unknown both ways; 3 and 6 are settled by the other configuration.
    assert (check.unknown_with, check.unknown_without) == (1, 1)
    assert "left unknown are 1 (16.67%) with withdrawals and 1 (16.67%) without" in page
    write_verdicts(off, "WWUU")
    bad = crosscheck(on, off)
    assert bad.deals == 4 and bad.contradictions == (2,)
    assert "a solver bug** (2)" in render([], [], check=bad)


def test_a_retry_leaves_out_the_deals_the_other_yukon_configuration_settles(tmp_path):
    """A win without withdrawals settles a deal with them, a loss with them one without:
    ``--retry-unknown`` solves neither again."""
    data = tmp_path / "data"
    data.mkdir()
    on, off = data / "yukon.csv", data / "yukon-no-withdrawal.csv"
    header = ["variant", "seed", "rules", "status", "moves", "nodes", "seconds", "line"]

    def write(path, rules, rows):
        with path.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([header, *([*r[:2], rules, *r[2:]] for r in rows)])

    unknown = ["unknown", "0", "5", "0.1", ""]
    write(
        on,
        "foundation_withdrawal=true",
        [
            ["yukon", "1", *unknown],
            ["yukon", "2", "lost", "0", "9", "0.1", ""],
            ["yukon", "3", *unknown],
        ],
    )
    write(
        off,
        "foundation_withdrawal=false",
        [
            ["yukon", "1", "won", "1", "9", "0.1", "AS t1-f1"],
            ["yukon", "2", *unknown],
            ["yukon", "3", *unknown],
        ],
    )

    def retry(config: str) -> list[int]:
        before = len(rows(data / f"{config}.csv"))
        argv = ["table", "--deals", "3", "--configs", config, "--retry-unknown"]
        argv += ["--time-limit", "0", "--node-limit", "1", "--data", str(data)]
        argv += ["--page", str(tmp_path / "page.md"), "--workers", "1", "--no-progress"]
        assert main(argv) == 0
        return [int(r["seed"]) for r in rows(data / f"{config}.csv")[before:]]

    assert retry("yukon") == [3]  # deal 1 is won without withdrawals
    assert retry("yukon-no-withdrawal") == [3]  # deal 2 is lost with them


def test_the_committed_table_has_no_contradiction_between_the_yukon_configurations():
    """Every deal of the committed table proved lost with withdrawals is not won without."""
    check = crosscheck(DATA / "yukon.csv", DATA / "yukon-no-withdrawal.csv")
    assert check.deals >= 1_000
    assert check.contradictions == ()


def test_a_committed_win_without_withdrawals_replays_with_them():
    """The deals the table leaves unknown with withdrawals but won without count as won with
    them: each line, as the file holds it, replays to a win in the independent rules model
    under the rules with withdrawals (a proof that does not trust the file's word). So do
    the first wins without withdrawals, so that the test has lines to replay once the table
    has decided every such deal with withdrawals too (deal 8,340, the last one, was won with
    them on 2026-12-04)."""
    check = crosscheck(DATA / "yukon.csv", DATA / "yukon-no-withdrawal.csv")
    off = counting_rows(DATA / "yukon-no-withdrawal.csv")
    won = [seed for seed in sorted(off) if off[seed]["status"] == "won"]
    seeds = sorted({*check.won_with, *won[:20]})
    assert len(seeds) >= 20, "the committed table has wins without withdrawals"
    for seed in seeds:
        position = Game("yukon", seed=seed, foundation_withdrawal=True).position()
        line = off[seed]["line"].split(";")
        assert replay(position, line) is None, seed
