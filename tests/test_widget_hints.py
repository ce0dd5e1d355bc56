"""The Hint button: the solver's winning line first, a proof of loss said as such, the
no-peeking hint when the solver runs out of time or "fair hints" is on, and a search in a
worker thread that a move made meanwhile makes stale."""

from __future__ import annotations

import asyncio
import threading

import pytest
from test_widget import Page

from yukon_widget import Game, Move, Yukon, solve
from yukon_widget.strategy.hints import hints
from yukon_widget.strategy.sampling import best_hint
from yukon_widget.strategy.solver import SolveResult
from yukon_widget.widget import advice


def lost_board() -> Yukon:
    """A Russian deal the solver proves lost at once, one move in (so Undo is on offer)."""
    w = Yukon("russian", seed=1, foundation_withdrawal=False)
    w.play(hints(w.game)[0].move)
    return w


@pytest.fixture
def calls(monkeypatch):
    """Every call the board makes to the solver: (position, seconds)."""
    seen: list[tuple[dict, float]] = []
    real = advice.think

    def counting(game: Game, seconds: float, should_stop=None) -> SolveResult:
        seen.append((game.position(), seconds))
        return real(game, seconds, should_stop)

    monkeypatch.setattr(advice, "think", counting)
    return seen


def wins(game: Game, line: list[Move]) -> bool:
    game = game.copy()
    for move in line:
        game.play(move)
    return game.is_won


def hinted(w: Yukon) -> Move:
    h = w.state["hint"]
    return Move(h["card"], h["source"], h["target"])


def test_the_hint_button_gives_the_first_move_of_a_winning_line(calls):
    w = Yukon("yukon", seed=1)
    assert Page(w).send({"type": "hint"}) is None
    line = w._line.moves
    assert wins(w.game, line)
    assert hinted(w) == line[0] and w.state["hint_status"] is None
    reason = w.state["hint"]["reason"]
    assert reason.endswith(f"(the first of {len(line)} moves of a winning line)")
    assert reason[1:] in w.state["announcement"]
    assert calls == [(w.game.position(), 2.0)]  # the default budget


def test_the_reason_is_the_rule_sheets_when_the_move_is_among_its_hints():
    w = Yukon("yukon", seed=1)
    move = w.hint()
    rule = [h for h in hints(w.game) if h.move == move]
    if rule:
        assert w.state["hint"]["reason"].startswith(rule[0].reason + " (")
    else:
        assert w.state["hint"]["reason"].startswith(advice.move_words(w.game, move))


def test_hint_again_after_following_the_line_shows_its_next_move_without_solving(calls):
    w = Yukon("yukon", seed=1)
    page = Page(w)
    page.send({"type": "hint"})
    first = hinted(w)
    line = w._line.moves
    h = w.state["hint"]
    page.send({"type": "move", "source": h["source"], "index": h["index"], "target": h["target"]})
    assert w.state["hint"] is None  # a move clears the hint
    page.send({"type": "hint"})
    assert first == line[0] and hinted(w) == line[1] and len(calls) == 1
    assert f"(move 2 of the {len(line)} of a winning line)" in w.state["hint"]["reason"]
    # Taken back, the game is at the line's start again: its first move, still no search.
    page.send({"type": "undo"})
    page.send({"type": "hint"})
    assert len(calls) == 1 and hinted(w) == first
    # Off the line, the next hint solves again.
    w.play(next(m for m in w.game.legal_moves() if m != first))
    page.send({"type": "hint"})
    assert len(calls) == 2 and calls[1][0] == w.game.position()


def test_w_hint_blocks_and_returns_the_solvers_move():
    w = Yukon("yukon", seed=1, hint_seconds=5)
    move = w.hint()
    assert move == w._line.moves[0] == hinted(w) and wins(w.game, w._line.moves)


def test_a_lost_position_says_so_and_undo_clears_it():
    w = lost_board()
    page = Page(w)
    page.send({"type": "hint"})
    assert w.state["hint_status"] == "lost" and w.state["hint"] is None
    assert w.state["announcement"] == "This deal can no longer be won from here."
    assert w.state["status"] == "playing" and w.state["can_undo"]
    page.send({"type": "undo"})
    assert w.game.moves_made == 0 and w.state["hint_status"] is None
    assert lost_board().hint() is None


def test_when_the_solver_runs_out_of_time_the_no_peeking_hint_is_given(monkeypatch):
    monkeypatch.setattr(advice, "think", lambda game, seconds, stop=None: SolveResult("unknown"))
    w = Yukon("yukon", seed=7, hint_seconds=0.5)
    best = best_hint(w.game)
    assert w.hint() == best.move
    reason = w.state["hint"]["reason"]
    assert reason == f"{best.reason} (the solver found no winning line within 0.5 s)"


def test_fair_hints_never_ask_the_solver(calls, tmp_path):
    w = Yukon("yukon", seed=1, fair_hints=True, save=tmp_path / "g.json")
    page = Page(w)
    page.send({"type": "hint"})
    best = best_hint(w.game)  # the sampling player's: it never reads face-down cards
    assert hinted(w) == best.move and w.state["hint"]["reason"] == best.reason
    assert w.hint() == best.move and calls == []
    assert w.state["settings"]["fair_hints"] is True
    page.send({"type": "settings", "fair_hints": False})
    w.close()
    again = Yukon(save=tmp_path / "g.json")  # the setting is saved with the others
    assert again.settings["fair_hints"] is False
    Page(again).send({"type": "settings", "fair_hints": True})
    assert again.settings["fair_hints"] is True
    again.close()
    assert Yukon(save=tmp_path / "g.json").settings["fair_hints"] is True


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), "2", True])
def test_hint_seconds_must_be_a_positive_number(bad):
    with pytest.raises((TypeError, ValueError)):
        Yukon(hint_seconds=bad)


class SlowSolver:
    """A solver that waits until released, so a test can act while it thinks."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0
        self.stopped: bool | None = None  # what should_stop() said once released

    def __call__(self, game: Game, seconds: float, should_stop=None) -> SolveResult:
        self.calls += 1
        assert self.release.wait(10), "never released"
        self.stopped = should_stop is not None and should_stop()
        return solve(game, time_limit=seconds, should_stop=should_stop)


async def finished(w: Yukon) -> None:
    """Wait for the board's worker thread, then for the result it handed to the loop."""
    await asyncio.to_thread(w._hint_thread.join, 10)
    for _ in range(5):
        await asyncio.sleep(0)


def test_in_a_kernel_the_search_runs_in_a_thread_while_the_board_says_it_thinks(monkeypatch):
    slow = SlowSolver()
    monkeypatch.setattr(advice, "think", slow)

    async def run() -> None:
        w = Yukon("yukon", seed=1)
        page = Page(w)
        assert page.send({"type": "hint"}) is None
        assert w.state["hint_status"] == "thinking" and w.state["hint"] is None
        assert w._hint_thread is not threading.current_thread()
        reply = page.send({"type": "hint"})  # pressed again while thinking
        assert reply["type"] == "rejected" and "Still looking" in reply["message"]
        slow.release.set()
        await finished(w)
        assert w.state["hint_status"] is None
        assert hinted(w) == w._line.moves[0] and wins(w.game, w._line.moves)
        assert slow.calls == 1 and slow.stopped is False

    asyncio.run(run())


def test_a_move_made_while_thinking_drops_the_stale_result(monkeypatch):
    slow = SlowSolver()
    monkeypatch.setattr(advice, "think", slow)

    async def run() -> None:
        w = Yukon("yukon", seed=1)
        page = Page(w)
        page.send({"type": "hint"})
        assert w.state["hint_status"] == "thinking"
        move = w.game.legal_moves()[-1]
        w.play(move)  # the board stays playable meanwhile
        assert w.state["hint_status"] is None and w.game.history == [move]
        serial = w.state["serial"]
        slow.release.set()
        await finished(w)
        assert w.state["hint"] is None and w.state["hint_status"] is None
        assert w.state["serial"] == serial  # the stale result was not published
        assert slow.stopped is True  # and the solver was told to stop

    asyncio.run(run())


def test_switching_fair_hints_on_while_thinking_drops_the_search(monkeypatch):
    slow = SlowSolver()
    monkeypatch.setattr(advice, "think", slow)

    async def run() -> None:
        w = Yukon("yukon", seed=1)
        page = Page(w)
        page.send({"type": "hint"})
        page.send({"type": "settings", "fair_hints": True})
        assert w.state["hint_status"] is None
        slow.release.set()
        await finished(w)
        assert w.state["hint"] is None

    asyncio.run(run())


def test_in_a_kernel_a_fair_hint_is_searched_in_the_thread_too(monkeypatch):
    # The no-peeking player solves many sampled deals (up to seconds on a fresh deal), so
    # the kernel must stay free meanwhile, as it does for the solver.
    release = threading.Event()
    real = advice.rule_advice

    def slow(game: Game, note: str = "") -> advice.Advice:
        assert release.wait(10), "never released"
        return real(game, note)

    monkeypatch.setattr(advice, "rule_advice", slow)

    async def run() -> None:
        w = Yukon("yukon", seed=1, fair_hints=True)
        page = Page(w)
        assert page.send({"type": "hint"}) is None  # answered before the search ends
        assert w.state["hint_status"] == "thinking" and w.state["hint"] is None
        release.set()
        await finished(w)
        best = best_hint(w.game)
        assert w.state["hint_status"] is None
        assert hinted(w) == best.move and w.state["hint"]["reason"] == best.reason

    asyncio.run(run())


def test_moves_are_described_in_player_words():
    from positions import build

    pos = build(columns=[["AS"], ["7S", "6D"], ["KC"], [], ["7C"]], rest_in=4)
    game = Game.from_position(pos)
    assert advice.move_words(game, Move("AS", "t1", "f1")) == "puts A♠ on its foundation"
    assert advice.move_words(game, Move("6D", "t2", "t5")) == "moves 6♦ onto 7♣"
    assert advice.move_words(game, Move("KC", "t3", "t4")) == "moves K♣ to the empty column 4"
