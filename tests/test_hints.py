"""Hints: the rule sheet's priorities, legality, no pointless shuffling, solver hints."""

from __future__ import annotations

import random

from positions import build

from yukon_widget import Game, Move, solve
from yukon_widget.strategy.hints import plan, rule_hints


def test_a_foundation_card_comes_first():
    game = Game.from_position(build(columns=[["AS"], (["QC"], ["TS"]), ["JH"]], rest_in=1))
    assert game.hint() == Move("AS", "t1", "f1")
    assert game.hints()[0].kind == "foundation"


def test_then_a_move_that_turns_a_face_down_card():
    game = Game.from_position(build(columns=[["JH"], (["QC"], ["TS", "3H"])], rest_in=1))
    hints = game.hints()
    assert hints[0].move == Move("TS", "t2", "t1")
    assert hints[0].reason.endswith("turns over the face-down card in column 2")


def test_emptying_a_column_for_a_king_that_can_move_there():
    pos = build(columns=[["JH"], ["TS"], (["QC"], ["KD", "2C"])], rest_in=2)
    game = Game.from_position(pos)
    empties = [h for h in game.hints() if h.kind == "empty"]
    assert empties[0].move == Move("TS", "t2", "t1")
    assert "so K♦ can move there" in empties[0].reason


def test_no_useful_move_gives_none():
    # A black ten could only shuttle between the two red jacks: pointless.
    pos = build(columns=[["JH"], ["JD", "TS"], ["2C"]], rest_in=2)
    game = Game.from_position(pos)
    assert Move("TS", "t2", "t1") in game.legal_moves()
    assert game.hint() is None and game.hints() == []


def test_a_hint_never_undoes_the_previous_move():
    pos = build(columns=[["JH"], ["JD", "TS", "4C"], (["QC"], ["KC"])], rest_in=2)
    game = Game.from_position(pos)
    game.play("TS t2-t1")
    assert all(h.move.card != "TS" for h in game.hints())


def test_every_hint_is_legal_and_changes_the_position():
    rng = random.Random(3)
    for seed in range(1, 16):
        game = Game("yukon", seed=seed)
        for _ in range(rng.randrange(30)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        legal = game.legal_moves()
        for h in game.hints():
            assert h.move in legal and h.reason
            before = game.position()
            game.play(h.move)
            assert game.position() != before
            game.undo()


def test_solver_hint_starts_a_winning_line_and_says_when_lost():
    game = Game("yukon", seed=1)
    advice = game.solver_hint(time_limit=20)
    assert advice.status == "won" and advice.move in game.legal_moves()
    assert game.hint(solver=True, time_limit=20) == advice.move
    lost = Game("russian", seed=1, foundation_withdrawal=False)
    verdict = lost.solver_hint(time_limit=20)
    assert verdict.status == "lost" and verdict.move is None


def test_each_hint_is_labelled_with_its_priority_tier():
    game = Game("yukon", seed=7)
    kinds = {str(h.move): h.kind for h in game.hints()}
    assert kinds["JD t2-t7"] == "flip"  # turns the face-down card in column 2
    assert kinds["8C t7-t6"] == "free"  # frees 5♥ so 4♠ can land on it
    for h in game.hints():
        wanted = {
            "foundation": "foundation",
            "flip": "turns over",
            "free": "frees",
            "empty": "empties",
        }
        assert wanted[h.kind] in h.reason


def test_a_hint_looks_past_the_rule_sheet_when_it_has_nothing_to_say():
    """Yukon seed 7 after these moves: no rule-sheet priority applies, yet the deal is won
    (the solver's line starts 6D t5-t4). The hint finds a short line that turns a card."""
    game = Game("yukon", seed=7)
    for move in ["JD t2-t7", "4H t1-t2", "5S t2-t5", "KH t3-t1", "8C t7-t6", "4S t4-t7"]:
        game.play(move)
    (only,) = game.hints()
    assert only.kind == "plan" and "turn over the face-down card" in only.reason
    found = plan(game)
    assert found.status == "progress" and game.to_move(found.line[0]) == only.move
    down_before = sum(game.board.down)
    for raw in found.line:  # the line is legal and really turns a card
        game.play(game.to_move(raw))
    assert sum(game.board.down) == down_before - 1


def test_no_hint_is_a_proof_that_nothing_can_be_gained():
    """Follow the rule sheet's priorities until they have nothing to say (where the old hint
    said "no useful moves", and the solver often still won), then keep following the hint:
    whenever hint() is None, it must be proven, and the solver must find no win."""
    checked = 0
    for seed in range(1, 25):
        game = Game("yukon", seed=seed)
        while not game.is_won and game.moves_made < 400:
            ranked = rule_hints(game)
            move = ranked[0].move if ranked else game.hint()
            if move is None:
                break
            game.play(move)
        if game.is_won or game.hint() is not None:
            continue
        checked += 1
        assert plan(game).status == "none"
        assert solve(game, time_limit=None, node_limit=100_000).status != "won", game.position()
    assert checked >= 3


def test_a_remembered_plan_is_not_reused_for_the_same_columns_in_another_order():
    """The plan behind a hint is cached by position; positions that differ only in the order
    of their columns share the solver's canonical key, but a plan names columns by place."""
    game = Game("yukon", seed=7)
    for move in ["JD t2-t7", "4H t1-t2", "5S t2-t5", "KH t3-t1", "8C t7-t6", "4S t4-t7"]:
        game.play(move)
    assert game.hints()[0].kind == "plan"  # remembered: the plan starts 6D t5-t4
    position = game.position()
    tableau = position["tableau"]
    tableau[3], tableau[4] = tableau[4], tableau[3]
    swapped = Game.from_position(position)
    assert swapped.board.key() == game.board.key()
    (again,) = swapped.hints()
    assert again.move in swapped.legal_moves()
    assert again.move == swapped.to_move(plan(swapped).line[0])
