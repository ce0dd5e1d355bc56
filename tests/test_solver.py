"""The solver: verdicts checked against a plain exhaustive search, lines replayed, limits."""

from __future__ import annotations

import csv
import gc
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import rulebook

from yukon_widget import Game, SolveResult, solve
from yukon_widget.engine.cards import CODES
from yukon_widget.engine.variants import get_variant
from yukon_widget.strategy.relaxation import blocked, deadlocked_pair, doomed, first_moves_lose
from yukon_widget.strategy.search import Search as _Search
from yukon_widget.strategy.search import luby as _luby

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ["yukon", "russian", "alaska", "moosehide", "double-yukon", "yukon-cells"]


class TooBig(Exception):
    """The endgame's state space is larger than the oracle will search."""


def oracle(game: Game, limit: int = 400_000) -> bool:
    """Obviously correct: depth-first over every legal move (the engine's own list, played and
    taken back), each position visited once. Columns are interchangeable and so are cells, so
    positions that differ only in their order count as one; nothing else is pruned."""
    g = game.copy().board

    def key() -> tuple:
        cols = tuple(sorted(zip(g.down, map(tuple, g.columns))))
        cells = tuple(sorted(c for c in g.cells if c is not None))
        return cols, tuple(g.heights), cells

    def won() -> bool:
        return g.is_won

    if won():
        return True
    seen = {key()}
    # One list of moves still to try per level, and the undo record of the move that led there.
    stack: list[list] = [g.moves()]
    played: list[tuple] = []
    while stack:
        if not stack[-1]:
            stack.pop()
            if played:
                move, k, flipped = played.pop()
                g.undo(move, k, flipped)
            continue
        s, i, t = stack[-1].pop()
        k, flipped = g.apply((s, i, t))
        if won():
            return True
        here = key()
        if here in seen:
            g.undo((s, i, t), k, flipped)
            continue
        seen.add(here)
        if len(seen) > limit:
            raise TooBig
        played.append(((s, i, t), k, flipped))
        stack.append(g.moves())
    return False


def endgame(variant: str, cards: int, rng: random.Random, withdraw: bool | None = None) -> Game:
    """A random position with ``cards`` cards in play, the rest on the foundations."""
    v = get_variant(variant)
    heights = [13] * len(v.foundation_suits)
    for _ in range(cards):
        f = rng.choice([f for f, h in enumerate(heights) if h])
        heights[f] -= 1
    loose = [v.foundation_suits[f] * 13 + r for f, h in enumerate(heights) for r in range(h, 13)]
    rng.shuffle(loose)
    cells: list[str | None] = [None] * v.cells
    for k in range(v.cells):
        if loose and rng.random() < 0.4:
            cells[k] = CODES[loose.pop()]
    cols: list[list[int]] = [[] for _ in range(v.columns)]
    used = rng.sample(range(v.columns), rng.randint(2, v.columns))  # deep piles lose more
    for x in loose:
        cols[rng.choice(used)].append(x)
    tableau = []
    for col in cols:
        down = rng.randrange(len(col)) if col else 0
        tableau.append(
            {"down": [CODES[x] for x in col[:down]], "up": [CODES[x] for x in col[down:]]}
        )
    data = {
        "variant": variant,
        "rules": {} if withdraw is None else {"foundation_withdrawal": withdraw},
        "tableau": tableau,
        "foundations": [
            [CODES[v.foundation_suits[f] * 13 + r] for r in range(h)] for f, h in enumerate(heights)
        ],
    }
    if v.cells:
        data["cells"] = cells
    return Game.from_position(data)


def replays_to_win(game: Game, result: SolveResult) -> bool:
    fresh = game.copy()
    for move in result.moves:
        fresh.play(move)
    return fresh.is_won


@pytest.mark.parametrize("variant", VARIANTS)
def test_verdicts_agree_with_exhaustive_search_on_small_endgames(variant):
    rng = random.Random(f"{variant}-False")
    checked = 0
    for _ in range(12):
        game = endgame(variant, rng.randint(8, 12), rng, None if variant == "moosehide" else False)
        before = game.position()
        result = solve(game, time_limit=None)
        assert game.position() == before  # the game is not touched
        if result.won:
            assert replays_to_win(game, result)
        try:
            truth = oracle(game, 40_000)
        except TooBig:
            continue
        assert result.status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "moosehide"])
def test_verdicts_with_withdrawals_are_consistent(variant):
    """With withdrawals every foundation card can come back, so the plain search rarely
    exhausts even an 8-card endgame. What can be checked: every win replays; withdrawals only
    add moves, so a deal won without them is won with them and a deal lost with them is lost
    without them (where the plain search confirms that verdict without withdrawals); and the
    plain search's verdict with withdrawals wherever it does finish."""
    rng = random.Random(f"{variant}-True")
    implied = 0
    for _ in range(8):
        game = endgame(variant, rng.randint(8, 10), rng, True)
        with_ = solve(game, time_limit=None)
        off = {**game.position(), "rules": {"foundation_withdrawal": False}}
        without = solve(Game.from_position(off), time_limit=None)
        if with_.won:
            assert replays_to_win(game, with_)
        if without.won:
            assert with_.won
            implied += 1
        if with_.lost:
            assert without.lost
            implied += 1
        try:
            truth = oracle(game, 15_000)
        except TooBig:
            continue
        assert with_.status == ("won" if truth else "lost")
    assert implied >= 4  # the sample really exercises the implications


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide"])
def test_verdicts_agree_on_sixteen_card_endgames(variant):
    rng = random.Random(f"16-{variant}")
    checked = 0
    for _ in range(3):
        game = endgame(variant, rng.randint(13, 16), rng, None if variant == "moosehide" else False)
        try:
            truth = oracle(game, 150_000)
        except TooBig:
            continue
        assert solve(game, time_limit=None).status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 1


def test_a_tiny_table_still_gives_proofs():
    rng = random.Random(5)
    for _ in range(10):
        game = endgame("yukon", 10, rng, False)
        assert solve(game, max_positions=20).status == ("won" if oracle(game) else "lost")


@pytest.mark.parametrize("variant", VARIANTS)
def test_won_lines_replay_legally_on_a_fresh_game(variant):
    wins = 0
    for seed in range(1, 8):
        game = Game(variant, seed=seed)
        result = solve(game, node_limit=20_000)
        assert result.status in ("won", "lost", "unknown")
        if result.won:
            wins += 1
            assert replays_to_win(Game(variant, seed=seed), result)
    assert variant == "russian" or wins


def test_node_limit_is_respected_on_a_hard_deal():
    game = Game("yukon", seed=166, foundation_withdrawal=False)
    result = solve(game, node_limit=3000, time_limit=None)
    assert result.status == "unknown" and result.nodes <= 3000 and result.moves == []


def test_time_limit_is_honoured():
    result = solve(Game("yukon", seed=166, foundation_withdrawal=False), time_limit=0.3)
    assert result.status == "unknown"
    assert result.seconds < 10  # generous: machines are noisy


@pytest.mark.parametrize("enabled", [True, False])
def test_a_solve_pauses_the_cycle_collector_and_leaves_it_as_it_found_it(enabled):
    seen = []

    def should_stop() -> bool:  # asked every 256 positions, while the search runs
        seen.append(gc.isenabled())
        return False

    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        game = Game("yukon", seed=166, foundation_withdrawal=False)
        solve(game, node_limit=3000, time_limit=None, should_stop=should_stop)
        assert seen and not any(seen)
        assert gc.isenabled() == enabled
        with pytest.raises(ValueError):  # an error inside a solve restores it too
            solve(game, node_limit=3000, time_limit=None, should_stop=_raise)
        assert gc.isenabled() == enabled
    finally:
        gc.enable() if was else gc.disable()


def _raise() -> bool:
    raise ValueError("stop")


def test_a_won_game_is_won_with_no_moves():
    game = endgame("yukon", 1, random.Random(1))
    result = solve(game)
    assert result.won and len(result.moves) == 1


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide"])
def test_dead_cards_beneath_in_their_own_column_agree_with_the_oracle(variant):
    """The relaxation's same-column sharpening (``relaxation.doomed``) on endgames whose cards sit
    in a few deep piles, where a card often covers its own landing spots: every "lost" must
    agree with the exhaustive search."""
    rng = random.Random(f"deep-{variant}")
    checked = 0
    for _ in range(30):
        game = endgame(variant, rng.randint(8, 11), rng, False)
        search = _Search(game, None, None, 10**6)
        search._force()
        if doomed(search.board):  # the relaxation's "lost" must be a true loss
            assert not oracle(game, 400_000)
        try:
            truth = oracle(game, 40_000)
        except TooBig:
            continue
        assert solve(game, time_limit=None).status == ("won" if truth else "lost")
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("variant", ["yukon", "russian", "alaska", "moosehide", "yukon-cells"])
def test_the_relaxation_never_condemns_a_position_on_a_winning_line(variant):
    """Every position along a line the solver found winning is winnable, so the relaxation
    that proves positions lost (``relaxation.doomed``) must pass all of them, withdrawals on
    and off."""
    checked = 0
    for seed in range(1, 41 if variant == "russian" else 13):  # Russian deals are rarely won
        for withdraw in (False, True) if variant != "moosehide" else (False,):
            game = Game(variant, seed=seed, foundation_withdrawal=withdraw)
            result = solve(game, node_limit=20_000)
            if not result.won:
                continue
            for move in [None, *result.moves]:
                if move is not None:
                    game.play(move)
                assert not doomed(game.board), game.position()
                checked += 1
    assert checked > 150


def test_probes_and_main_search_share_the_node_limit():
    """The probes (randomised restarts) count against the node limit like the main search,
    and the Luby sequence that sizes them is the textbook one."""
    assert [_luby(k) for k in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    for limit in (1, 500, 50_000):
        result = solve(Game("yukon", seed=166, foundation_withdrawal=False), node_limit=limit)
        assert result.status == "unknown" and result.nodes <= limit


def test_a_hard_deal_gives_the_exhaustive_search_the_larger_share():
    """Past a million positions most deals left are lost, and only the exhaustive search can
    prove that (with withdrawals no probe is complete). Yukon deal 1,034 needs about 450,000
    positions of it: with a third of the budget that is 1,340,000 in all, with the shares of
    ``MAIN_SHARES`` under 1,000,000."""
    result = solve(Game("yukon", seed=1034), time_limit=None, node_limit=1_100_000, clean=False)
    assert result.lost and result.nodes < 1_000_000


def test_the_exhaustive_search_alone_gives_the_same_verdicts():
    """``exhaustive`` (every position to the exhaustive search, no probes or beams) proves
    the same losses and finds wins that replay: Yukon deal 684 is lost both ways, deal 1 won
    both ways. A loss it proves needs no more positions than the default solve's, whose
    exhaustive search gets only a share of the positions (the same search, so no fewer)."""
    lost = Game("yukon", seed=684)
    alone = solve(lost, time_limit=None, node_limit=200_000, exhaustive=True)
    shared = solve(lost, time_limit=None, node_limit=200_000)
    assert alone.lost and shared.lost and alone.nodes <= shared.nodes
    won = Game("yukon", seed=1)
    result = solve(won, time_limit=None, node_limit=200_000, exhaustive=True)
    assert result.won and solve(won, time_limit=None, node_limit=200_000).won
    replay = won.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.is_won


def test_a_lean_probe_running_dry_is_no_proof_of_loss():
    """Lean probes skip sideways moves, and probes skip withdrawals, so their search spaces
    are incomplete: on seed 20 (no withdrawals) a lean search runs out of moves, yet the deal
    is won. Such a search must not count as a proof (``solve`` trusts only ``complete``)."""
    game = Game("yukon", seed=20, foundation_withdrawal=False)
    lean = _Search(game, None, None, 10**6, None, False, lean=True)
    assert lean.finish() == "lost" and not lean.complete
    assert _Search(game, None, None, 10**6).complete
    assert not _Search(Game("yukon", seed=20), None, None, 10**6, None, False).complete
    result = solve(game, time_limit=None, node_limit=2_000_000)
    assert result.won
    replay = game.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.is_won


def test_a_search_without_the_first_move_check_proves_the_same_loss_the_long_way():
    """``first_moves`` False (the probes: they look for wins) leaves the first-move check
    out: fewer positions proved lost at once, the same verdict. Yukon deal 1,190 without
    withdrawals is lost at its start position by the check; without it the exhaustive search
    proves the loss by searching, and both searches are complete."""
    game = Game("yukon", seed=1190, foundation_withdrawal=False)
    assert first_moves_lose(game.board)
    with_check = _Search(game, None, None, 10**6)
    assert with_check.finish() == "lost" and with_check.nodes == 0 and with_check.complete
    without = _Search(game, None, None, 10**6)
    without.first_moves = False
    assert without.finish() == "lost" and without.nodes > 1000 and without.complete


def test_two_cards_queueing_for_one_spot_prove_seed_17_lost():
    """Seed 17: 8♣ lies on 9♥ and 9♦, face down beneath it, so it leaves only for its
    foundation, after A♣-7♣. Before then 7♣ must leave A♣ and 7♠ must leave 2♣, and with
    8♥ locked under 8♣ both can only go on 8♦; 7♠ can never go home first (3♠ is locked
    too) and 7♣ only after 2♣. The relaxation sees it at once."""
    for withdraw in (True, False):
        game = Game("yukon", seed=17, foundation_withdrawal=withdraw)
        assert blocked(game.board)
        assert solve(game, node_limit=10).lost


def test_a_face_down_card_and_the_card_on_it_needing_one_spot_prove_seed_61_lost():
    """Seed 61, column 7: 10♥ lies on 10♦ (face down), over J♠ 2♥ 4♦ A♠ 3♥. With J♠
    beneath them both can only go on J♣; 10♥ must go first and cannot leave J♣ again (2♥
    and J♠ lie under 10♦), and 10♦ can neither go home (4♦ is under it) nor anywhere else."""
    for withdraw in (True, False):
        game = Game("yukon", seed=61, foundation_withdrawal=withdraw)
        assert deadlocked_pair(game.board)
        assert solve(game, node_limit=10).lost


def queue_prone(variant: str, rng: random.Random) -> Game:
    """A random position built around the queue ``relaxation.jammed`` looks for: a card ``x``
    on the cards it builds on, face down; two cards that build on one spot ``p`` sitting on
    lower cards of ``x``'s suit; their other landing spots locked under ``x``. The rest
    (more locked cards, where the other cards lie, what is face down, withdrawals) is
    random, so the pattern may or may not be a real trap."""
    v = get_variant(variant)
    kids: dict[int, list[int]] = {}
    for c in range(52):
        for p in v.parents[c]:
            kids.setdefault(p, []).append(c)
    while True:
        heights = [rng.randint(7, 11) for _ in range(4)]
        play = {s * 13 + r for s, h in enumerate(heights) for r in range(h, 13)}
        x = rng.choice(sorted(play))
        ps = set(v.parents[x])
        if x % 13 == 12 or not ps or not ps <= play:
            continue
        zs = [z for z in play if z // 13 == x // 13 and z <= x]
        p = rng.choice(sorted(play))
        ys = [y for y in kids.get(p, []) if y in play and y % 13 != 12 and y not in ps and y != x]
        if len(ys) < 2 or p in ps or p == x or len(zs) < 2:
            continue
        y1, y2 = rng.sample(ys, 2)
        z1, z2 = rng.sample(zs, 2)
        others = {q for y in (y1, y2) for q in v.parents[y] if q != p}
        if not others <= play or x in others or {y1, y2} & others:
            continue
        if {z1, z2} & ({y1, y2, p} | others | ps):
            continue
        break
    locked = list(dict.fromkeys([*ps, *others]))
    free = [c for c in play if c not in locked and c not in (x, y1, y2, z1, z2, p)]
    rng.shuffle(free)
    locked += free[: rng.randint(0, 2)]
    free = [c for c in free if c not in locked]
    rng.shuffle(locked)
    cols: list[list[int]] = [[] for _ in range(v.columns)]
    cols[0] = [*locked, x]
    where = {x: 0}
    spare = list(range(1, v.columns))
    rng.shuffle(spare)
    for z, y in ((z1, y1), (z2, y2)):
        if z not in where:
            where[z] = spare.pop()
            cols[where[z]].append(z)
        cols[where[z]].append(y)
    cols[spare[-1]].append(p)
    homes = [0, where[z1], where[z2], *spare[-3:]]
    for c in free:
        cols[rng.choice(homes)].append(c)
    tableau = []
    for i, col in enumerate(cols):
        down = (
            len(locked) if i == 0 else rng.randrange(len(col)) if col and rng.random() < 0.3 else 0
        )
        tableau.append(
            {"down": [CODES[c] for c in col[:down]], "up": [CODES[c] for c in col[down:]]}
        )
    rng.shuffle(tableau)
    suits = v.foundation_suits
    return Game.from_position(
        {
            "variant": variant,
            "rules": {}
            if variant == "moosehide"
            else {"foundation_withdrawal": rng.random() < 0.5},
            "tableau": tableau,
            "foundations": [[CODES[s * 13 + r] for r in range(heights[s])] for s in suits],
        }
    )


@pytest.mark.parametrize("variant", ["yukon", "moosehide"])
def test_every_queue_the_relaxation_reports_is_a_true_loss(variant):
    """``jammed`` (and ``deadlocked_pair``) against the exhaustive search, on positions built
    to show its pattern: whenever they condemn a position the fixpoint passed, the position
    must be lost; and the sample must also hold winnable positions, so the test can tell."""
    rng = random.Random(f"queue-{variant}")
    condemned = won = 0
    for _ in range(100):
        game = queue_prone(variant, rng)
        search = _Search(game, None, None, 10**6)
        search._force()
        lost, base = blocked(search.board), blocked(search.board, orders=False)
        if base or (not lost and won >= 5):
            continue
        try:
            truth = oracle(game, 30_000)
        except TooBig:
            continue
        if lost:
            assert not truth, game.position()
            condemned += 1
        won += truth
    assert condemned >= 10 and won >= 5


def _table(columns: list[str], home: dict[str, int]) -> Game:
    """A Yukon position from columns written like "#KH #KD QC JS" (# = face down) and the
    number of cards of each suit on its foundation."""
    tableau = []
    for text in columns + [""] * (7 - len(columns)):
        cards = text.split()
        down = [c[1:] for c in cards if c.startswith("#")]
        tableau.append({"down": down, "up": cards[len(down) :]})
    ranks = "A23456789TJQK"
    found = [[ranks[r] + suit for r in range(home[suit])] for suit in "SHDC"]
    return Game.from_position({"variant": "yukon", "tableau": tableau, "foundations": found})


@pytest.mark.parametrize(
    "columns, home",
    [
        # J♣ and J♠ both need Q♥ (Q♦ is locked under Q♣), but J♣ may land first: it goes
        # home after 10♣, before J♠ has to leave Q♣.
        (
            ["#KH #KD #QD #TS QC JS", "TC JC", "QH", "KC", "KS QS"],
            {"S": 9, "H": 11, "D": 11, "C": 9},
        ),
        # 10♣ sits on J♣ and can go home straight from there: it never queues for J♥.
        (
            ["#KH #KD #JD #9S QC", "JC TC", "9C TS", "JH", "KC QD", "KS QH JS", "QS"],
            {"S": 8, "H": 10, "D": 10, "C": 8},
        ),
        # 10♥ and then 10♦ can only go on J♣, but 10♦ can go home from where it lies.
        (
            ["#JS #9H #TD TH", "KC QD JC", "KH QS JH", "KD QC", "KS QH", "JD"],
            {"S": 10, "H": 8, "D": 9, "C": 10},
        ),
        # 10♥ and then 10♦ can only go on J♣, but 10♥ can go home from there to make room.
        (
            ["#JS #9D #TD TH", "KC QD JC", "KH QS JH", "KD QC", "KS QH", "JD"],
            {"S": 10, "H": 9, "D": 8, "C": 10},
        ),
    ],
)
def test_a_queue_with_a_way_out_is_not_condemned(columns, home):
    """The near misses of the queue and pair patterns: the positions are won (a winning line that
    replays is its own proof), and the relaxation must let them be."""
    game = _table(columns, home)
    assert not blocked(game.board)
    result = solve(game, time_limit=None)
    assert result.won and replays_to_win(game, result)


@pytest.mark.parametrize(
    "variant, withdraw",
    [("yukon", False), ("alaska", False), ("moosehide", False), ("yukon", True), ("alaska", True)],
)
def test_every_first_move_refutation_is_a_true_loss(variant, withdraw):
    """``first_moves_lose`` against the independent rules model (``rulebook``, which shares no
    code with the solver): on random endgames, whenever it condemns a position the fixpoint
    passed, the model's exhaustive search finds no win in it."""
    rng = random.Random(f"first-{variant}" if not withdraw else f"first-w-{variant}")
    condemned = 0
    for _ in range(5000):
        # With withdrawals the model's search grows fast: fewer cards keep it to seconds.
        game = endgame(variant, rng.randint(10, 14 if withdraw else 16), rng, withdraw)
        if blocked(game.board, orders=False) or not first_moves_lose(game.board):
            continue
        verdict = rulebook.search(game.position(), 200_000).status
        assert verdict != "won", game.position()
        condemned += verdict == "lost"
    assert condemned >= (2 if withdraw else 5)


def losses_beyond_one_card(
    seed: str, tries: int, cards: tuple[int, int], withdraw: bool, form: Callable[[Any], bool]
) -> int:
    """Random Yukon endgames that the fixpoint and the single-card form of
    ``first_moves_lose`` pass: for each that ``form`` condemns, the independent rules model
    must find no win. Returns how many of those the model finds lost."""
    rng = random.Random(seed)
    condemned = 0
    for _ in range(tries):
        game = endgame("yukon", rng.randint(*cards), rng, withdraw)
        board = game.board
        if blocked(board, orders=False) or first_moves_lose(board, pairs=False, columns=False):
            continue
        if not form(board):
            continue
        verdict = rulebook.search(game.position(), 200_000).status
        assert verdict != "won", game.position()
        condemned += verdict == "lost"
    return condemned


def test_every_refutation_by_two_first_moves_is_a_true_loss():
    """The pair form of ``first_moves_lose`` (two cards that must each leave a face-down card,
    in either order) against the independent rules model: on random Yukon endgames the
    single-card form passes, whenever the pair form condemns one the model finds no win.
    Larger endgames than above: the pair form needs two columns with face-down cards."""
    condemned = losses_beyond_one_card(
        "first-pairs-yukon", 12_000, (16, 22), False, lambda b: first_moves_lose(b, columns=False)
    )
    assert condemned >= 3


@pytest.mark.parametrize("withdraw", [False, True])
def test_every_refutation_by_a_column_dug_in_turn_is_a_true_loss(withdraw):
    """The column form of ``first_moves_lose`` (the cards of one column, each in turn
    leaving the face-down card under it) against the independent rules model: on random
    Yukon endgames the single-card form passes, whenever the column form condemns one the
    model finds no win."""
    condemned = losses_beyond_one_card(
        f"first-columns-{withdraw}",
        5_000,
        (16, 24),
        withdraw,
        lambda b: first_moves_lose(b, pairs=False),
    )
    assert condemned >= 3


@pytest.mark.parametrize("withdraw", [False, True])
def test_every_refutation_by_a_face_up_card_is_a_true_loss(withdraw):
    """The face-up form of ``first_moves_lose`` (a face-up card that must leave the face-up
    card it lies directly on, in no way that still wins) against the independent rules
    model: on random Yukon endgames the single-card form passes, whenever the face-up form
    condemns one the model finds no win. (Checking the card two places down instead of the
    one directly under it, a slip this test must catch, condemns hundreds of won ones.)"""
    condemned = losses_beyond_one_card(
        f"first-face-up-{withdraw}",
        3_000 if not withdraw else 12_000,
        (12, 18),
        withdraw,
        lambda b: first_moves_lose(b, pairs=False, columns=False, face_up=True),
    )
    assert condemned >= (5 if not withdraw else 2)


@pytest.mark.parametrize("config", ["yukon", "yukon-no-withdrawal", "alaska", "moosehide"])
def test_no_first_move_refutation_on_a_committed_winning_line(config):
    """The winning lines in the table's data were found before ``first_moves_lose`` existed;
    every position along them is winnable, so it must condemn none of them (with
    withdrawals, lines that take cards back off their foundations)."""
    with open(ROOT / "data" / "winnability" / f"{config}.csv", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["status"] == "won"]
    # Lines that take a card back off a foundation first: there a landing spot may have
    # gone home and come back before a card lands on it.
    rows = sorted(rows, key=lambda r: not any(" f" in m for m in r["line"].split(";")))[:40]
    checked = 0
    for row in rows:
        withdraw = row["rules"] != "foundation_withdrawal=false"
        game = Game(row["variant"], seed=int(row["seed"]), foundation_withdrawal=withdraw)
        for move in [None, *row["line"].split(";")]:
            if move is not None:
                game.play(move)
            assert not first_moves_lose(game.board, face_up=True), (row["seed"], game.position())
            checked += 1
    assert checked > 2000


def test_a_card_with_no_good_first_move_condemns_a_deal_at_once():
    """Yukon deal 70 without withdrawals: the exhaustive search needed 1.63 million positions to
    prove it lost. 9♥ must leave column 5 before Q♣ under it can turn, and it cannot
    go home first (8♥ lies under it); wherever it first lands, the relaxation run with that
    landing spot covered until 9♥ may leave it leaves cards short of their foundations. The
    fixpoint alone passes the deal; ``first_moves_lose`` condemns it before any search. With
    withdrawals too: deal 911, which 3,000,000 positions left unknown, is lost at once."""
    game = Game("yukon", seed=70, foundation_withdrawal=False)
    assert not blocked(game.board, orders=False)
    assert first_moves_lose(game.board)
    result = solve(game, time_limit=None)
    assert result.status == "lost" and result.nodes == 0
    game = Game("yukon", seed=911, foundation_withdrawal=True)
    assert not blocked(game.board, first_moves=False) and first_moves_lose(game.board)
    result = solve(game, time_limit=None)
    assert result.status == "lost" and result.nodes == 0


def test_a_landing_spot_is_off_its_foundation_when_a_card_lands_on_it():
    """Yukon deal 70 with withdrawals, as above: 9♥ must leave column 5 before Q♣ under it
    can turn. A black ten it first lands on may have gone home and come back before; but
    then it lies in a column, so neither it nor a card above it in its suit is on its
    foundation, and it goes home again only once 9♥ has left it. The fixpoint after that
    move starts with those cards' home events struck out and the ten's held, and leaves
    cards short of their foundations: the deal is lost before any search (the exhaustive
    search needed 980,156 positions before)."""
    game = Game("yukon", seed=70, foundation_withdrawal=True)
    assert not blocked(game.board, orders=False)
    assert first_moves_lose(game.board, pairs=False, columns=False)
    result = solve(game, time_limit=None)
    assert result.status == "lost" and result.nodes == 0


def test_two_cards_with_no_good_first_moves_condemn_a_deal_at_once():
    """Yukon deal 5,463 without withdrawals, which 2,000,000 positions left unknown: 8♠ and
    J♠ must each leave a face-down card, and each alone has a first move that the fixpoint
    lets on; but whichever of the two moves first, and wherever each lands, the fixpoint
    leaves cards short of their foundations. The table's exhaustive search, without the pair
    form, proved the deal lost with withdrawals, so it is lost without them too (a line
    without withdrawals is legal with them): the verdict agrees."""
    game = Game("yukon", seed=5463, foundation_withdrawal=False)
    assert not blocked(game.board, orders=False)
    assert not first_moves_lose(game.board, pairs=False)
    assert first_moves_lose(game.board)
    result = solve(game, time_limit=None)
    assert result.status == "lost" and result.nodes == 0


def test_a_column_that_cannot_be_dug_out_condemns_a_deal_at_once():
    """Yukon deal 4,954: 4♦ lies on 2♠, Q♥, Q♦, 4♣, 7♥ and K♣, all face down in column 7.
    Each card there must leave the one under it in turn, and each spot one lands on stays
    covered until it may leave again; whichever way each goes, the fixpoint leaves cards
    short of their foundations. The single-card and pair forms pass the deal. Without
    withdrawals the exhaustive search, before the column form existed, proved it lost in
    552,857 positions (the table's file); the column form agrees at once, and with
    withdrawals, where 3,000,000 positions left it unknown, condemns it too."""
    for withdraw in (False, True):
        game = Game("yukon", seed=4954, foundation_withdrawal=withdraw)
        assert not blocked(game.board, orders=False)
        assert not first_moves_lose(game.board, columns=False)
        assert first_moves_lose(game.board, pairs=False)
        result = solve(game, time_limit=None)
        assert result.status == "lost" and result.nodes == 0


def test_a_face_up_card_with_no_good_first_move_condemns_a_deal_at_once():
    """Yukon deal 325 without withdrawals: 20,000,000 positions left it unknown (it is lost,
    as the table proved with withdrawals). No face-down card's form condemns it; the
    face-up form does, before any search: a face-up card has no first move off the card it
    lies on that lets every card go home."""
    game = Game("yukon", seed=325, foundation_withdrawal=False)
    assert not blocked(game.board)
    assert not first_moves_lose(game.board)
    assert first_moves_lose(game.board, face_up=True)
    result = solve(game, time_limit=None)
    assert result.status == "lost" and result.nodes == 0


@pytest.mark.parametrize("withdraw", [False, True])
def test_the_deep_check_keeps_every_verdict(withdraw):
    """``Search.deep`` from the first position on: the whole first-move check asked of every
    child the fixpoint passes (while it pays) changes no verdict on Yukon deals (where both
    searches decide within the limit), and its wins replay; over these deals it proves
    children lost that the fixpoint passed."""
    agreed = lost = 0
    for seed in range(1, 21):
        game = Game("yukon", seed=seed, foundation_withdrawal=withdraw)
        plain = _Search(game, None, 30_000, 30_000)
        deep = _Search(game, None, 30_000, 30_000)
        deep.deep = 0
        verdict, before = deep.finish(), plain.finish()
        if verdict == "won":
            replay = game.copy()
            for raw in deep.line:
                replay.push_raw(raw)
            assert replay.is_won, seed
        if "unknown" not in (verdict, before):
            assert verdict == before, seed
            agreed += 1
        lost += deep.deep_lost
    assert agreed >= 15 and lost > 0


def test_a_foundation_card_comes_back_only_from_the_top_of_its_pile():
    """With withdrawals a foundation card is a landing spot only once it can come back:
    from the top of its pile, onto a card it builds on that is on top (a King into an empty
    column). Here 9♥ lies on Q♥ and 8♥, face down; its black tens are on the foundations
    under J, Q and K, and the Kings can come back only into an empty column, which no card
    can make: no move at all is legal. The fixpoint sees it (it once counted every
    foundation card as on top); the rules model agrees."""
    ranks = "A23456789TJQK"
    game = Game.from_position(
        {
            "variant": "yukon",
            "rules": {"foundation_withdrawal": True},
            "tableau": [
                {"down": ["8H", "QH"], "up": ["9H"]},
                {"down": [], "up": ["KH"]},
                {"down": [], "up": ["JH"]},
                {"down": [], "up": ["TH"]},
                {"down": [], "up": ["KD"]},
                {"down": [], "up": ["QD"]},
                {"down": ["TD"], "up": ["JD"]},
            ],
            "foundations": [
                [r + "S" for r in ranks],
                [r + "H" for r in ranks[:7]],
                [r + "D" for r in ranks[:9]],
                [r + "C" for r in ranks],
            ],
        }
    )
    assert blocked(game.board, orders=False)
    assert rulebook.search(game.position(), 200_000).status == "lost"
    assert solve(game, time_limit=None).status == "lost"


def test_every_loss_the_fixpoint_proves_with_withdrawals_is_a_true_loss():
    """Random endgames with withdrawals: whenever the fixpoint alone condemns one, the
    independent rules model finds no win (foundation cards coming back is the rule most
    often at work here)."""
    rng = random.Random("comeback-yukon")
    condemned = 0
    for _ in range(300):
        game = endgame("yukon", rng.randint(14, 26), rng, True)
        if not blocked(game.board, orders=False):
            continue
        verdict = rulebook.search(game.position(), 200_000).status
        assert verdict != "won", game.position()
        condemned += verdict == "lost"
    assert condemned >= 5


def test_a_search_stops_when_asked():
    """A widget cancels a search when the player moves: should_stop() ends it as unknown."""
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    result = solve(
        Game("yukon", seed=166, foundation_withdrawal=False), time_limit=30, should_stop=stop
    )
    assert result.status == "unknown" and len(asked) == 4
