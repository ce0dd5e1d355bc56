"""Many deals at once: solver verdicts, strategy play-outs and shortened lines, on any executor.

``solve_many``, ``play_many`` and ``shorten_many`` send small picklable jobs (a seed, or a
position dict rather than a live game) to a ``concurrent.futures``-style executor and yield
results as they finish, each tagged with its ``index`` in the input and its ``seed``. By
default they use a process pool with one worker per core; pass
``executor=client.get_executor()`` to run on a Dask cluster (or any executor with
``submit``), or ``executor="serial"`` to stay in this process (handy for debugging). Work is
submitted lazily, a bounded number of jobs ahead, so a generator of a million seeds does not
fill memory.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine.game import Game
from ..engine.move import Move
from ..strategy.lines import shorten
from ..strategy.solver import solve
from .players import STRATEGIES, Strategy, make_view, visible_key

ExecutorLike = Executor | Literal["serial"] | None

MAX_MOVES = 500
"""Default move cap of a play-out."""

REPEAT_LIMIT = 3
"""A play-out stops when a position comes up for this many times (the strategy loops)."""


@dataclass(frozen=True)
class SolveOutcome:
    """The solver's verdict on one deal: ``status`` is "won", "lost" or "unknown";
    ``moves`` is the winning line when won."""

    index: int
    seed: int | None
    variant: str
    status: str
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


@dataclass(frozen=True)
class PlayOutcome:
    """How one play-out went: ``stop`` is "won", "no move" (the strategy passed), "stuck"
    (no legal move), "repeat" (a position came back ``REPEAT_LIMIT`` times) or "move cap";
    ``foundation`` counts the cards on the foundations at the end, out of ``cards``;
    ``line`` holds the moves played, and ``move_seconds`` how long the strategy took to
    choose each move (timings: two outcomes compare equal without them)."""

    index: int
    seed: int | None
    variant: str
    strategy: str
    won: bool
    moves: int
    foundation: int
    cards: int
    stop: str
    line: tuple[Move, ...] = field(default=(), repr=False)
    move_seconds: tuple[float, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class ShortenOutcome:
    """A winning line before and after ``lines.shorten``: ``found`` is how many moves the
    line had, ``moves`` the shortened line (it wins; the line itself when nothing shorter
    was found), ``seconds`` the time spent shortening it."""

    index: int
    seed: int | None
    variant: str
    found: int
    moves: tuple[Move, ...]
    seconds: float


@dataclass(frozen=True)
class _Job:
    index: int
    seed: int | None
    variant: str
    rules: dict[str, bool]
    position: dict[str, Any] | None  # None: deal ``seed`` afresh

    def game(self) -> Game:
        if self.position is None:
            return Game(self.variant, seed=self.seed, **self.rules)
        game = Game.from_position(self.position)
        game.seed = self.seed
        return game


def _jobs(
    items: Iterable[int | Game | dict[str, Any]], variant: str, rules: dict[str, bool]
) -> Iterator[_Job]:
    for index, item in enumerate(items):
        if isinstance(item, Game):
            yield _Job(index, item.seed, item.variant, item.rules, item.position())
        elif isinstance(item, dict):
            yield _Job(index, None, item["variant"], {}, item)
        elif isinstance(item, int) and not isinstance(item, bool):
            yield _Job(index, item, variant, rules, None)
        else:
            raise TypeError(f"expected a seed, a Game or a position dict, not {item!r}")


def _solve_job(
    job: _Job,
    time_limit: float | None,
    node_limit: int | None,
    exhaustive: bool = False,
    beam: int | None = None,
) -> SolveOutcome:
    # A study wants verdicts: the line is kept as found (cleaning it costs more than most
    # solves; ``lines.shorten`` does it on demand).
    result = solve(
        job.game(),
        time_limit=time_limit,
        node_limit=node_limit,
        clean=False,
        exhaustive=exhaustive,
        beam=beam,
        should_stop=None if _parent is None else _orphaned,
    )
    return SolveOutcome(
        job.index,
        job.seed,
        job.variant,
        result.status,
        tuple(result.moves),
        result.nodes,
        result.seconds,
    )


def _shorten_job(item: tuple[_Job, tuple[str, ...]]) -> ShortenOutcome:
    job, line = item
    game = job.game()
    start = time.perf_counter()
    replay = game.copy()
    try:
        moves = [replay.play(text) for text in line]
    except ValueError as e:
        raise ValueError(f"{job.variant} deal {job.seed}: the line does not play: {e}") from None
    if not replay.is_won:
        raise ValueError(f"{job.variant} deal {job.seed}: the line does not win")
    # No time budget: the work cap alone bounds the clean-up, so every machine agrees.
    short = shorten(game, moves, budget=None)
    seconds = time.perf_counter() - start
    return ShortenOutcome(job.index, job.seed, job.variant, len(moves), tuple(short), seconds)


def _play_job(job: _Job, strategy: str | Strategy, max_moves: int) -> PlayOutcome:
    player = STRATEGIES[strategy] if isinstance(strategy, str) else strategy
    name = strategy if isinstance(strategy, str) else getattr(strategy, "__name__", "custom")
    game = job.game()
    start = game.moves_made
    # A deal's own name seeds its randomness, so a seed plays the same in any run (a resumed
    # one too); only a position without a seed falls back to its place in the input.
    tag = f"{job.variant}:{job.seed}" if job.seed is not None else f"{job.variant}:#{job.index}"
    rng, decoy_rng = random.Random(f"play:{tag}"), random.Random(f"decoy:{tag}")
    visible = {visible_key(game)}
    counts: dict[bytes, int] = {}  # how often each position (its canonical key) came up
    stop = "move cap"
    thinking: list[float] = []
    while game.moves_made - start < max_moves:
        if game.is_won:
            stop = "won"
            break
        if game.is_stuck:
            stop = "stuck"
            break
        full = game.board.key()
        counts[full] = counts.get(full, 0) + 1
        if counts[full] >= REPEAT_LIMIT:
            stop = "repeat"
            break
        view = make_view(game, frozenset(visible), rng, decoy_rng)
        began = time.perf_counter()
        move = player(view)
        thinking.append(time.perf_counter() - began)
        if move is None:
            stop = "no move"
            break
        game.play(move)
        visible.add(visible_key(game))
    else:
        if game.is_won:
            stop = "won"
    found = sum(len(p) for p in game.position()["foundations"])
    return PlayOutcome(
        job.index,
        job.seed,
        job.variant,
        name,
        game.is_won,
        game.moves_made - start,
        found,
        game.board.variant.card_count,
        stop,
        tuple(game.history[start:]),
        tuple(thinking),
    )


_parent: int | None = None  # in a worker of ``_run``'s own pool: the process that made it


def _watch_parent(parent: int) -> None:
    """Worker start-up: leave when the parent process is gone (killed without a chance to
    shut the pool down), instead of waiting for work forever. A thread watches while the
    worker waits; a solve asks ``_orphaned`` as it goes, since the compiled search holds the
    interpreter for a whole deal and the thread would not run before it ends."""
    global _parent
    _parent = parent

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="yukon-parent-watch", daemon=True).start()


def _orphaned() -> bool:
    """A solve's ``should_stop`` in a worker of ``_run``'s own pool: leave at once when the
    parent is gone (a long deal would otherwise run to its end for nobody); never "stop"."""
    if os.getppid() != _parent:
        os._exit(1)
    return False


def _run(
    fn: Callable[..., Any],
    jobs: Iterator[Any],
    args: tuple[Any, ...],
    executor: ExecutorLike,
    workers: int | None,
) -> Iterator[Any]:
    """Yield ``fn(job, *args)`` for every job, as each finishes."""
    if executor == "serial":
        for job in jobs:
            yield fn(job, *args)
        return
    own = executor is None
    if executor is None:
        executor = ProcessPoolExecutor(
            max_workers=workers or os.cpu_count(),
            initializer=_watch_parent,
            initargs=(os.getpid(),),
        )
    pool: Executor = executor
    ahead = 4 * getattr(pool, "_max_workers", 0) or 1024
    pending: set[Future[Any]] = set()
    finished = False
    try:
        for job in jobs:
            pending.add(pool.submit(fn, job, *args))
            if len(pending) >= ahead:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
        finished = True
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool.shutdown(wait=finished, cancel_futures=True)


def _size(items: Iterable[Any]) -> int | None:
    return len(items) if hasattr(items, "__len__") else None  # type: ignore[arg-type]


def _progress(results: Iterator[Any], total: int | None, desc: str, on: bool) -> Iterator[Any]:
    if not on:
        return results
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the "study" extra is not installed: no bar, same results
        return results
    return iter(tqdm(results, total=total, desc=desc, unit="deal"))


def solve_many(
    seeds_or_games: Iterable[int | Game | dict[str, Any]],
    variant: str = "yukon",
    time_limit: float | None = 60.0,
    node_limit: int | None = None,
    executor: ExecutorLike = None,
    workers: int | None = None,
    progress: bool = False,
    exhaustive: bool = False,
    beam: int | None = None,
    **rule_options: bool,
) -> Iterator[SolveOutcome]:
    """Solve many deals in parallel, yielding a ``SolveOutcome`` as each one finishes.

    Items are seeds (dealt as ``variant`` with ``rule_options``), ``Game`` objects (their
    current position is solved) or position dicts. ``executor=None`` makes a process pool of
    ``workers`` (default: every core) for the duration; any ``concurrent.futures`` executor
    works, e.g. ``distributed.Client(...).get_executor()``. Limits apply per deal; use
    ``node_limit`` when verdicts must not depend on machine speed. ``progress`` shows a tqdm
    bar when tqdm is installed. ``exhaustive`` solves with the exhaustive search alone, and
    ``beam`` with a beam search of that width alone (``solve``'s options of those names: for
    deals already left unknown).
    """
    jobs = _jobs(seeds_or_games, variant, dict(rule_options))
    args = (time_limit, node_limit, exhaustive, beam)
    results = _run(_solve_job, jobs, args, executor, workers)
    return _progress(results, _size(seeds_or_games), "solving", progress)


def play_many(
    strategy: str | Strategy,
    seeds_or_games: Iterable[int | Game | dict[str, Any]],
    variant: str = "yukon",
    max_moves: int = MAX_MOVES,
    executor: ExecutorLike = None,
    workers: int | None = None,
    progress: bool = False,
    **rule_options: bool,
) -> Iterator[PlayOutcome]:
    """Play many deals with one strategy, yielding a ``PlayOutcome`` as each one finishes.

    ``strategy`` is a name from ``STRATEGIES`` or a function ``(PlayerView) -> Move | None``
    (defined at module level, so worker processes can import it). A play-out ends when the
    game is won, the strategy returns None, no move is legal, a position repeats
    ``REPEAT_LIMIT`` times, or after ``max_moves`` moves. Same executors as ``solve_many``.
    """
    if isinstance(strategy, str) and strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: choose from {', '.join(STRATEGIES)}")
    jobs = _jobs(seeds_or_games, variant, dict(rule_options))
    results = _run(_play_job, jobs, (strategy, max_moves), executor, workers)
    return _progress(results, _size(seeds_or_games), "playing", progress)


def shorten_many(
    lines: Iterable[tuple[int, str | Iterable[str]]],
    variant: str = "yukon",
    executor: ExecutorLike = None,
    workers: int | None = None,
    progress: bool = False,
    **rule_options: bool,
) -> Iterator[ShortenOutcome]:
    """Shorten many winning lines in parallel, yielding a ``ShortenOutcome`` as each finishes.

    Items are ``(seed, line)``: the deal ``seed`` of ``variant`` with ``rule_options``, and a
    line that wins it, its moves in notation (a list, or one string with ";" between moves,
    as the ``solve`` command writes them). Each is shortened by ``lines.shorten`` within its
    work cap and without a time budget, so the result is the same on every machine, and is
    checked to win. A line that does not win its deal raises ``ValueError``. Same executors
    as ``solve_many``.
    """
    rules = dict(rule_options)

    def jobs() -> Iterator[tuple[_Job, tuple[str, ...]]]:
        for index, (seed, line) in enumerate(lines):
            moves = tuple(m for m in line.split(";") if m) if isinstance(line, str) else tuple(line)
            yield _Job(index, seed, variant, rules, None), moves

    results = _run(_shorten_job, jobs(), (), executor, workers)
    return _progress(results, _size(lines), "shortening", progress)
