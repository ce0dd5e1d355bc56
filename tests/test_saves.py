"""Save files: nothing is ever lost, nothing that is not ours is overwritten, every write is
atomic, one board writes a save at a time, and a long game saves as cheaply as a short one."""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yukon_widget import Game, Move, Yukon
from yukon_widget.engine.record import to_record
from yukon_widget.widget.board import SaveWarning
from yukon_widget.widget.saves import SaveFileError, SaveInUseError, load_save

FIRST = "JD t2-t7"  # a legal first move of Yukon seed 7
LINE = ("JD t2-t7", "8C t7-t6", "4S t4-t7")


class Page:
    """The page's side of the comm: sends intents, keeps replies."""

    def __init__(self, widget: Yukon) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = self.replies.append

    def send(self, msg) -> list[dict]:
        before = len(self.replies)
        self.widget._on_page_message(self.widget, msg, [])
        return self.replies[before:]


def same_game(a: Game, b: Game) -> bool:
    return (
        a.variant == b.variant
        and a.seed == b.seed
        and a.position() == b.position()
        and a.history == b.history
        and to_record(a)["redo"] == to_record(b)["redo"]
    )


def v1_record(game: Game) -> str:
    """A save as release 0.1 wrote it: one JSON record."""
    return json.dumps(to_record(game), indent=1)


# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    "change",
    [
        {"moves": [FIRST, 7]},
        {"moves": [None]},
        {"redo": [{"move": FIRST}]},
        {"redo": [["JD", "t2", "t7"]]},
        {"version": True},
        {"version": 1.0},
        {"version": "1"},
        {"seed": True},
        {"seed": 2**64},
        {"start": []},
    ],
)
def test_a_malformed_record_is_a_save_file_error_and_left_alone(tmp_path, change):
    path = tmp_path / "g.json"
    text = json.dumps(to_record(Game("yukon", seed=7)) | change)
    path.write_text(text)
    with pytest.raises(SaveFileError, match=r"g\.json"):
        Yukon(save=path)
    assert path.read_text() == text


def test_an_existing_file_that_is_not_a_save_is_never_overwritten_even_with_a_game(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: milk, eggs\n")
    with pytest.raises(SaveFileError, match=r"notes\.txt"):
        Yukon(game=Game("yukon", seed=7), save=notes)
    assert notes.read_text() == "shopping: milk, eggs\n"


def test_a_version_1_save_still_loads_and_becomes_a_journal(tmp_path):
    path = tmp_path / "old.json"
    game = Game("yukon", seed=7)
    for move in LINE:
        game.play(move)
    game.undo()
    path.write_text(v1_record(game))
    w = Yukon(save=path)
    assert same_game(w.game, game)
    assert w.settings == {"click_to_move": True, "safe_autoplay": False}  # none were saved
    w.play(LINE[2])
    w.close()
    assert same_game(load_save(path).game, w.game)


# ---------------------------------------------------------------- the file system


def test_a_failed_write_is_told_to_the_player_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "g.json"
    w = Yukon("yukon", seed=7, save=path)
    page = Page(w)
    shutil.rmtree(folder)  # the folder goes away mid-game
    replies = page.send({"type": "move", "source": "t2", "index": 1, "target": "t7"})
    assert [r["type"] for r in replies] == ["notice"]
    assert "Could not save to g.json" in replies[0]["message"]
    assert "goes on unsaved" in replies[0]["message"]
    assert w.game.history == [Move.make("JD", "t2", "t7")] and w.state["moves_made"] == 1
    assert "Could not save" in w.state["announcement"]
    # Still failing: the player was told once, the game goes on.
    assert page.send({"type": "undo"}) == [] and w.state["moves_made"] == 0
    assert page.send({"type": "redo"}) == []
    folder.mkdir()  # back: the next write catches up with everything
    replies = page.send({"type": "move", "source": "t7", "index": 8, "target": "t6"})
    assert [r["type"] for r in replies] == ["notice"] and "again" in replies[0]["message"]
    assert same_game(load_save(path).game, w.game) and w.game.moves_made == 2


def test_a_failed_write_from_a_script_warns(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    w = Yukon("yukon", seed=7, save=folder / "g.json")
    shutil.rmtree(folder)
    with pytest.warns(SaveWarning, match="Could not save"):
        w.play(FIRST)
    assert w.game.moves_made == 1


def test_a_save_in_a_missing_folder_is_refused_before_anything_else(tmp_path):
    path = tmp_path / "no" / "such" / "folder" / "g.json"
    with pytest.raises(SaveFileError, match="does not exist"):
        Yukon(save=path)
    assert not (tmp_path / "no").exists()


def test_a_symlinked_save_is_written_through_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "game.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    w = Yukon("yukon", seed=7, save=link)
    w.play(FIRST)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert same_game(load_save(target).game, w.game)
    w.close()
    assert same_game(Yukon(save=link).game, w.game)
    assert link.is_symlink()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_stale_temporary_files_of_this_save_are_removed_on_open(tmp_path):
    path = tmp_path / "g.json"
    Yukon("yukon", seed=7, save=path).close()
    ours = [tmp_path / ".g.json.k3j_x9a2.tmp", tmp_path / ".g.json.00000000.tmp"]
    others = [
        tmp_path / ".g.json.tmp",  # not the pattern a rewrite uses
        tmp_path / ".g.json.abc.tmp",
        tmp_path / ".other.json.k3j_x9a2.tmp",  # another save's
        tmp_path / "g.json.k3j_x9a2.tmp",
        tmp_path / "notes.tmp",
    ]
    for p in ours + others:
        p.write_text("left by a killed process")
    w = Yukon(save=path)
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in others)
    w.close()


def test_a_torn_last_line_is_dropped_and_the_rest_kept(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path)
    for move in LINE[:2]:
        w.play(move)
    w.close()
    whole = path.read_bytes()
    for torn in (b'{"op":"pla', b'{"op":"undo"}', b"\x00\x00\x00", b'{"op":"play","moves":["4S t4'):
        path.write_bytes(whole + torn)  # a crash in the middle of appending a line
        again = Yukon(save=path)
        assert [str(m) for m in again.game.history] == list(LINE[:2])
        again.close()
        assert path.read_bytes() != whole + torn  # rewritten whole on open: the tear is gone


def test_each_change_appends_one_short_line(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path)
    head = path.read_bytes()
    sizes = []
    for k in range(40):
        w.play(LINE[0]) if k % 2 == 0 else w.undo()
        sizes.append(path.stat().st_size)
    text = path.read_bytes()
    assert text.startswith(head)  # the first line is never rewritten while playing
    lines = text.decode().splitlines()
    assert len(lines) == 41 and max(len(line) for line in lines[1:]) < 60
    assert json.loads(lines[1]) == {"op": "play", "moves": [LINE[0]]}
    assert json.loads(lines[2]) == {"op": "undo"}
    w.close()


# ---------------------------------------------------------------- one writer


def test_a_second_board_in_this_kernel_takes_the_save_over(tmp_path):
    path = tmp_path / "g.json"
    first = Yukon("yukon", seed=7, save=path)
    page = Page(first)
    first.play(FIRST)
    second = Yukon(save=path)  # a re-run cell: resumes where the first board was
    assert second.game.history == first.game.history
    assert "no longer saves" in first.state["announcement"]
    assert [r["type"] for r in page.replies] == ["notice"]
    before = path.read_bytes()
    page.send({"type": "undo"})  # the first board plays on, unsaved: nothing is overwritten
    assert path.read_bytes() == before
    second.play(LINE[1])
    second.close()
    assert same_game(load_save(path).game, second.game)


CHILD = textwrap.dedent(
    """
    import sys
    from yukon_widget import Yukon
    w = Yukon("yukon", seed=7, save=sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    w.play("JD t2-t7")
    print("played", flush=True)
    sys.stdin.readline()
    """
)


def test_a_board_in_another_process_cannot_open_the_same_save(tmp_path):
    path = tmp_path / "g.json"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        before = path.read_bytes()
        with pytest.raises(SaveInUseError, match=rf"process {child.pid}"):
            Yukon(save=path)
        with pytest.raises(SaveInUseError):
            Yukon(game=Game("yukon", seed=7), save=path)
        assert path.read_bytes() == before
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "played"
        with pytest.raises(SaveInUseError):
            Yukon(save=path)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.wait(timeout=60) == 0
    finally:
        child.kill()
    w = Yukon(save=path)  # the other board is gone: its lock with it, its move kept
    assert w.game.history == [Move.make("JD", "t2", "t7")]
    w.close()


def test_closing_a_board_releases_its_save(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path)
    w.play(FIRST)
    w.close()
    assert not [p for p in tmp_path.iterdir() if p.name != "g.json"]  # no lock file left
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nobody had it: no take-over notice
        again = Yukon(save=path)
    assert again.game.moves_made == 1
    again.close()


# ---------------------------------------------------------------- what is resumed


def test_a_contradiction_with_the_saved_game_is_refused(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=3, save=path)
    w.play(w.game.legal_moves()[0])
    w.close()
    text = path.read_text()
    for args, kwargs in (
        (("russian",), {"seed": 4}),
        (("russian",), {}),
        ((), {"seed": 4}),
        (("yukon",), {"seed": 4}),
        ((), {"foundation_withdrawal": False}),
        ((), {"game": Game("yukon", seed=4)}),
    ):
        with pytest.raises(SaveFileError, match=r"g\.json holds a Yukon game \(deal 3\)"):
            Yukon(*args, save=path, **kwargs)
        assert path.read_text() == text


def test_resuming_says_which_game_was_resumed(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=3, save=path)
    w.play(w.game.legal_moves()[0])
    w.close()
    for args, kwargs in (((), {}), (("yukon",), {}), (("yukon",), {"seed": 3})):
        again = Yukon(*args, save=path, **kwargs)
        assert again.game.moves_made == 1
        assert (
            again.state["announcement"] == "Resumed a Yukon game (deal 3) from g.json: 1 move made."
        )
        again.close()


def test_the_same_deal_given_as_a_game_resumes_the_saved_progress(tmp_path):
    path = tmp_path / "daily.json"
    w = Yukon(game=Game("yukon", seed=7), save=path)
    for move in LINE:
        w.play(move)
    w.undo()
    w.close()
    fresh = Game("yukon", seed=7)
    again = Yukon(game=fresh, save=path)  # re-running the cell that started it
    assert again.game is fresh and same_game(fresh, w.game)
    again.close()


def test_settings_are_saved_and_restored(tmp_path):
    path = tmp_path / "g.json"
    w = Yukon("yukon", seed=7, save=path, click_to_move=False)
    Page(w).send({"type": "settings", "safe_autoplay": True})
    w.close()
    again = Yukon(save=path)
    assert again.settings == {"click_to_move": False, "safe_autoplay": True}
    assert again.state["settings"] == again.settings
    again.close()
    given = Yukon(save=path, click_to_move=True)  # what is given wins, and is saved
    assert given.settings == {"click_to_move": True, "safe_autoplay": True}
    given.close()
    assert load_save(path).settings == {"click_to_move": True, "safe_autoplay": True}


# ---------------------------------------------------------------- properties

ACTIONS = st.lists(
    st.sampled_from(
        [
            "move",
            "move",
            "move",
            "undo",
            "undo",
            "redo",
            "restart",
            "new",
            "settings",
            "refresh",
            "behind",
        ]
    ),
    max_size=25,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS, seed=st.integers(0, 50), variant=st.sampled_from(["yukon", "double-yukon"]))
def test_a_save_always_reopens_as_the_game_on_the_board(tmp_path_factory, actions, seed, variant):
    path = tmp_path_factory.mktemp("journal") / "g.json"
    rng = random.Random(seed)
    w = Yukon(variant, seed=seed, save=path)
    page = Page(w)
    behind = False  # the game was changed directly since the board last saved
    for action in actions:
        game = w.game
        serial = w.state["serial"]
        if action == "move" and game.legal_moves():
            move = rng.choice(w.state["legal"])
            page.send({"type": "move", "source": move[0], "index": move[1], "target": move[2]})
        elif action in ("undo", "redo", "restart"):
            page.send({"type": action})
        elif action == "new":
            page.send({"type": "new_game", "seed": rng.randrange(100)})
        elif action == "settings":
            page.send({"type": "settings", "safe_autoplay": rng.random() < 0.5})
        elif action in ("refresh", "behind") and game.legal_moves():
            game.play(rng.choice(game.legal_moves()))  # a script changes the game directly
            behind = True
            if action == "refresh":
                w.refresh()
        if w.state["serial"] > serial and not [r for r in page.replies if r["type"] == "rejected"]:
            behind = False  # whatever the board saved next had everything
        page.replies.clear()
    w.close()
    saved = load_save(path)
    if not behind:
        assert same_game(saved.game, w.game)
    assert saved.settings == w.settings


valid_texts = st.sampled_from(["v1", "v2"])


@functools.cache
def a_valid_save(kind: str) -> bytes:
    """A save of a game with moves and a redo move, as release 0.1 ("v1") or this one wrote it."""
    game = Game("yukon-cells", seed=11)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    game.undo()
    if kind == "v1":
        return v1_record(game).encode()
    path = Path(tempfile.mkdtemp()) / "valid.json"
    w = Yukon(game=game, save=path)
    w.undo()
    w.redo()
    w.close()
    return path.read_bytes()


def mutate(data: bytes, edits: list[tuple[int, int, int]]) -> bytes:
    out = bytearray(data)
    for kind, where, value in edits:
        if not out:
            break
        at = where % len(out)
        if kind == 0:
            out[at] = value
        elif kind == 1:
            del out[at : at + value % 8 + 1]
        elif kind == 2:
            out.insert(at, value)
        else:
            del out[at:]
    return bytes(out)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def replace_somewhere(data, value, path):
    """``data`` with the value found by following ``path`` (indexes, taken modulo) replaced."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, dict):
        key = sorted(data)[path[0] % len(data)]
        return {**data, key: replace_somewhere(data[key], value, path[1:])}
    k = path[0] % len(data)
    return [*data[:k], replace_somewhere(data[k], value, path[1:]), *data[k + 1 :]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    kind=valid_texts,
    how=st.sampled_from(["bytes", "json", "random"]),
    edits=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.integers(0, 255)),
        min_size=1,
        max_size=4,
    ),
    value=json_values,
    where=st.lists(st.integers(0, 50), max_size=5),
    line=st.integers(0, 5),
    noise=st.binary(max_size=200),
)
def test_a_damaged_save_opens_or_is_refused_untouched(
    tmp_path, kind, how, edits, value, where, line, noise
):
    good = a_valid_save(kind)
    if how == "bytes":
        data = mutate(good, edits)
    elif how == "random":
        data = noise
    else:
        lines = good.decode().splitlines(keepends=True) if kind == "v2" else [good.decode()]
        k = line % len(lines)
        changed = replace_somewhere(json.loads(lines[k]), value, where)
        lines[k] = json.dumps(changed) + ("\n" if kind == "v2" else "")
        data = "".join(lines).encode()
    path = tmp_path / "damaged.json"
    path.write_bytes(data)
    try:
        w = Yukon(save=path)
    except SaveFileError:
        event("refused")
        assert path.read_bytes() == data  # refused: left exactly as it was
    else:
        event("opened")
        w.close()
        assert same_game(load_save(path).game, w.game)  # opened: and it saves what it shows
    for p in tmp_path.iterdir():
        assert not p.name.endswith((".tmp", ".lock")), p.name
