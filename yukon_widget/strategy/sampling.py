"""A player that never peeks: deal the unseen cards at random, solve each deal, follow the vote.

Determinised search (also called perfect-information Monte Carlo). The player knows which
cards are unseen (every card not face up and not home) and how many lie face down in each
column, but not where. So it deals the unseen cards face down at random a few times
(*samples*, each a deal it cannot tell from the real one), asks the solver for a winning line
in each within a small fixed node budget, and cuts each winning line at its first move that
turns a card or sends one home: a *plan*, made of face-up cards only, that a player could
follow. The plans most samples chose are then tried in every sample (play the plan, solve
what follows), and the plan that wins in most samples is followed; its first move is played.
(A sample's line is only the solver's habit among the lines that win there, picked knowing
the face-down cards; a plan that wins in more of the possible deals is the better bet.)
Where no sample is won in budget it falls back to the rule sheet's hint, which reads no
face-down card either.

Why it never peeks: every sample is ``Game.shuffled_hidden`` of the position, a uniformly
random arrangement of the face-down cards among their places, so the real arrangement has
exactly the weight of any other; nothing else reads face-down cards.

Samples are kept from move to move, so the solver runs mostly when a card turns. After a
move, a sample still counts only while it shows what the table shows (the same face-up cards
everywhere); a sample that showed something else is thrown away and a fresh one dealt. Keeping
only the samples that agree with what has been seen is rejection sampling: the kept samples
are distributed as the unseen cards are, given everything seen. A won sample whose line
started with the move played keeps the rest of its line; one whose line started otherwise is
solved again.

Samples are dealt from the caller's random source and solved within a node budget (not a
time budget), so the same deal played with the same seed gives the same game on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.board import Board
from ..engine.game import Game
from ..engine.move import Move
from .hints import hints, move_words
from .solver import solve

# The three settings below were chosen together by measurement (Yukon deals 1 to 400, then
# checked on 401 to 1,000, which played no part in the choice): 8 samples of 3,000 positions
# with 4 candidate plans won 186 of 400; 16 samples alone 194; 10,000 positions alone 191;
# all three raised together 210; on deals 401 to 1,000 the old settings won 261, the new 301.
# More samples make the vote less a matter of luck, more positions let a sample be
# won where 3,000 said "unknown", and more candidates let the vote weigh the plans that few
# samples chose by themselves.

SAMPLES = 16
"""Samples the player keeps at once."""

NODE_LIMIT = 10_000
"""Positions the solver may search in one sample before that sample counts as unknown."""

CANDIDATES = 8
"""When won samples disagree, how many of their most chosen plans are tried in every sample."""


@dataclass(frozen=True)
class Choice:
    """What the sampling player chose and why.

    ``move`` is the move to play; ``line`` is the plan it starts, up to and including the
    next move that turns a card or sends one home (face-up cards only: a player can follow
    it); ``won`` of ``samples`` samples were won within budget and ``votes`` of those started
    with ``move`` by themselves; ``reason`` says what the plan achieves, in player words. When
    no sample was won the move is the rule sheet's hint and ``line`` holds that move alone.
    """

    move: Move
    line: tuple[Move, ...]
    votes: int
    won: int
    samples: int
    reason: str


def _shown(board: Board) -> tuple:
    """What a player sees of a board: face-up cards, face-down counts, cells, foundations."""
    cols = tuple((d, tuple(col[d:])) for col, d in zip(board.columns, board.down))
    return cols, tuple(sorted(x for x in board.cells if x is not None)), tuple(board.heights)


class _Sample:
    """One random deal of the unseen cards, and what the solver said of it."""

    __slots__ = ("game", "line", "status")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.status = "new"  # "new" (not solved), "won", "lost" or "unknown"
        self.line: list[Move] = []


class SamplingPlayer:
    """A no-peeking player (see the module docstring); ``choose`` picks a move.

    ``samples`` deals are kept at once, each solved within ``node_limit`` positions, and at
    most ``candidates`` plans are tried in every sample when the samples disagree. The
    defaults won 103 of Yukon deals 1 to 200 (the solver wins 181) and 511 of deals 1 to
    1,000 (51.1%). A move takes a millisecond at the median (most moves follow a plan
    already made) and 0.6 s at the 95th percentile with the compiled core, 1.7 s in pure
    Python, on one core of a shared machine
    (``benchmarks/bench_players.py``).

    One player follows one game at a time: between calls it keeps its samples for the game
    whose history it last answered, and starts afresh on any other game or history.
    """

    def __init__(
        self, samples: int = SAMPLES, node_limit: int = NODE_LIMIT, candidates: int = CANDIDATES
    ) -> None:
        if samples < 1 or node_limit < 1 or candidates < 1:
            raise ValueError("samples, node_limit and candidates must be at least 1")
        self.samples = samples
        self.node_limit = node_limit
        self.candidates = candidates
        self._kept: list[_Sample] = []
        self._history: list[Move] | None = None

    def choose(self, game: Game, rng: random.Random) -> Choice | None:
        """The move to play in ``game`` (its face-down cards are never read), or None when
        the game is won or no move can gain anything (``hints`` proves that)."""
        if game.is_won or not game.legal_moves():
            return None
        pool = self._consistent(game)
        while len(pool) < self.samples:
            pool.append(_Sample(game.shuffled_hidden(rng)))
        for sample in pool:
            if sample.status == "new":
                result = solve(
                    sample.game, time_limit=None, node_limit=self.node_limit, clean=False
                )
                sample.status, sample.line = result.status, list(result.moves)
        winners = [s for s in pool if s.status == "won" and s.line]
        if not winners:
            self._forget()
            found = hints(game)
            if not found:
                return None
            return Choice(found[0].move, (found[0].move,), 0, 0, len(pool), found[0].reason)
        plans: dict[tuple[Move, ...], list[_Sample]] = {}
        for sample in winners:
            plans.setdefault(_until_progress(sample.game, sample.line), []).append(sample)
        ranked = sorted(plans, key=lambda p: -len(plans[p]))[: self.candidates]
        after: dict[tuple[Move, ...], list[tuple[str, list[Move]]]] = {}
        if len(ranked) > 1:
            # The plan that wins in most samples (see the module docstring); ties go to
            # the shorter plan (it turns a card sooner, so it commits to less before the
            # player learns more), then to the plan more samples chose by themselves.
            for plan in ranked:
                after[plan] = [self._after(sample, plan) for sample in pool]
            score = {p: sum(a[0] == "won" for a in after[p]) for p in ranked}
            plan = max(ranked, key=lambda p: (score[p], -len(p), len(plans[p])))
        else:
            plan = ranked[0]
        move = plan[0]
        votes = sum(1 for w in winners if w.line[0] == move)
        choice = Choice(move, plan, votes, len(winners), len(pool), _plan_words(game, plan))
        self._advance(game, pool, move, after.get(plan))
        return choice

    def _after(self, sample: _Sample, plan: tuple[Move, ...]) -> tuple[str, list[Move]]:
        """Whether ``sample`` is won after ``plan``, and the rest of the line from its first
        move if so."""
        n = len(plan)
        if sample.status == "won" and tuple(sample.line[:n]) == plan:
            return "won", sample.line[1:]
        if sample.status == "lost":
            return "lost", []  # every position after a lost one is lost
        child = sample.game.copy()
        for move in plan:
            child.play(move)
        result = solve(child, time_limit=None, node_limit=self.node_limit, clean=False)
        return result.status, [*plan[1:], *result.moves]

    # ------------------------------------------------------------------ keeping samples

    def _forget(self) -> None:
        self._kept, self._history = [], None

    def _consistent(self, game: Game) -> list[_Sample]:
        """The kept samples that still agree with ``game`` (see the module docstring)."""
        if self._history is None or game.history != self._history:
            return []
        shown = _shown(game.board)
        return [s for s in self._kept if _shown(s.game.board) == shown]

    def _advance(
        self,
        game: Game,
        pool: list[_Sample],
        move: Move,
        after: list[tuple[str, list[Move]]] | None,
    ) -> None:
        """Play ``move`` in every sample, ready for the next call: won samples whose line
        starts with it keep the rest; other won samples must be solved again; lost and
        unknown ones stay as they are (a lost position's children are lost; an unknown one
        is not worth the budget again until a card turns and it is dealt afresh)."""
        kept = []
        for k, sample in enumerate(pool):
            sample.game.play(move)
            if after is not None:
                sample.status, sample.line = after[k]
            elif sample.status == "won":
                if sample.line[0] == move:
                    sample.line.pop(0)
                else:
                    sample.status, sample.line = "new", []
            kept.append(sample)
        self._kept = kept
        self._history = [*game.history, move]


def _until_progress(game: Game, line: list[Move]) -> tuple[Move, ...]:
    """The start of ``line`` up to and including its first move that turns a card or sends
    one home: the part a player can see coming."""
    replay = game.copy()
    nt, nf = replay.board.ncols, replay.board.nfound
    out = []
    for move in line:
        replay.play(move)
        out.append(move)
        last = replay.played[-1]
        if last.flipped or nt <= last.target < nt + nf:
            break
    return tuple(out)


def _plan_words(game: Game, line: tuple[Move, ...]) -> str:
    """The plan in player words: "moves 6♦ onto 7♠, then 10♣ onto J♥, which turns over the
    face-down card in column 6 (2 moves)", or "moves 7♥ onto 8♠, then puts A♥ on its
    foundation (2 moves)"."""
    replay = game.copy()
    steps = []
    turned = None
    for move in line:
        steps.append(move_words(replay, move))
        replay.play(move)
        last = replay.played[-1]
        if last.flipped:
            turned = last.source + 1
    shown = steps[:3]
    text = ", then ".join([shown[0], *(_short(w) for w in shown[1:])])
    if len(steps) > 3:
        text += f" and {len(steps) - 3} more"
    if turned is not None:
        text += f", which turns over the face-down card in column {turned}"
    elif len(steps) > 3:
        text += f", which {steps[-1]}"
    if len(steps) > 1:
        text += f" ({len(steps)} moves)"
    return text


def _short(words: str) -> str:
    """ "moves 10♣ onto J♥" -> "10♣ onto J♥" in a list of steps."""
    return words.removeprefix("moves ")


def best_hint(game: Game, seed: int | str | None = None) -> Choice | None:
    """The sampling player's move for ``game`` with its plan in words, as a hint: what
    ``hints`` cannot say (why a quiet move matters two or three moves on). The samples are
    dealt from ``seed``, by default one drawn from what the player sees, so a position gets
    the same hint every time it is asked."""
    if seed is None:
        seed = repr(_shown(game.board))
    return SamplingPlayer().choose(game, random.Random(seed))
