"""Players for strategy studies: what a player sees, and built-in strategies.

A strategy is a function ``(view: PlayerView) -> Move | None``. The view holds only what a
player at the table knows: face-up cards, how many cards each column has face down, the
foundations, the legal moves and the moves played so far. ``view.game()`` gives a *decoy*
game to try moves on (and to ask engine helpers such as ``hints()``): the same position and
line, but with the face-down cards dealt again at random among the unseen cards, so reading
them tells a strategy nothing. Any move that is legal in the decoy is legal in the real game,
because legality depends only on face-up cards and face-down counts.

The built-ins turn the rule sheet's "Strategy" advice into code (see ``STRATEGIES``). They
never play withdrawals and never steer back into a position they have already seen. "best"
is the strongest: a determinised search over random deals of the unseen cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.board import RawMove
from ..engine.cards import CODES, is_king
from ..engine.game import Game
from ..engine.move import Move
from ..strategy.hints import hint
from ..strategy.sampling import SamplingPlayer

Strategy = Callable[["PlayerView"], "Move | str | None"]


@dataclass(frozen=True)
class PlayerView:
    """Everything a player sees of a game in progress, and nothing hidden.

    ``position`` is ``game.position()`` with each column's ``"down"`` list replaced by its
    length; ``seen`` holds ``visible_key`` of every position met so far in this play-out;
    ``rng`` is the play-out's own seeded random source (use it, not ``random``, so play-outs
    can be repeated).
    """

    variant: str
    rules: dict[str, bool]
    position: dict[str, Any]
    legal_moves: tuple[Move, ...]
    history: tuple[Move, ...]
    seen: frozenset[str]
    rng: random.Random = field(repr=False)
    decoy: Game = field(repr=False)

    def game(self) -> Game:
        """A fresh decoy game: this position and line, face-down cards shuffled at random."""
        return self.decoy.copy()


def visible_key(game: Game) -> str:
    """A text key of what a player sees of ``game``'s position (face-down cards as counts;
    the foundations follow from the rest)."""
    cols = "|".join(
        f"{d}:" + "".join(CODES[x] for x in col[d:])
        for col, d in zip(game.board.columns, game.board.down)
    )
    cells = ",".join(sorted(CODES[x] for x in game.board.cells if x is not None))
    return f"{cols}/{cells}"


def make_view(
    game: Game, seen: frozenset[str], rng: random.Random, decoy_rng: random.Random
) -> PlayerView:
    """The view of ``game`` for a strategy (the runner calls this; strategies do not)."""
    pos = game.position()
    for col in pos["tableau"]:
        col["down"] = len(col["down"])
    decoy = _decoy(game, decoy_rng)
    return PlayerView(
        variant=game.variant,
        rules=game.rules,
        position=pos,
        legal_moves=tuple(decoy.legal_moves()),
        history=tuple(game.history),
        seen=seen,
        rng=rng,
        decoy=decoy,
    )


def _decoy(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose face-down cards are shuffled among themselves, without the
    seed (which would give the deal away) or the redo stack (``Game.shuffled_hidden``)."""
    return game.shuffled_hidden(rng)


# ------------------------------------------------------------------ move features


@dataclass
class _Option:
    """What one candidate move does, measured on the decoy (only visible effects)."""

    move: Move
    order: int  # its place in the legal-move list, for stable tie-breaks
    flips: bool  # turns a face-down card
    down_before: int  # face-down cards in the source column before the move
    foundation: bool  # goes to a foundation
    rank: int  # rank of the moved card, 0 = Ace
    empties: bool  # leaves a column empty that was not
    covering: int  # face-up cards lying on face-down cards, after the move
    left: int  # face-up cards left on the source's face-down cards (99: not such a move)
    king_home: bool  # a King with cards beneath it moves into an empty column
    king_ready: bool  # afterwards a King with cards beneath it could fill an empty column
    options: int  # legal moves afterwards (withdrawals left out)


def _covering(game: Game) -> int:
    return sum(len(c) - d for c, d in zip(game.board.columns, game.board.down) if d)


def _king_home(game: Game, raw: RawMove) -> bool:
    """The move takes a King that sits on other cards (or in a cell) to an empty column."""
    s, i, t = raw
    board = game.board
    nt, nf = board.ncols, board.nfound
    card = board.card_at(s, i)
    if t >= nt or board.columns[t] or nt <= s < nt + nf or card is None or not is_king(card):
        return False
    return s >= nt + nf or i > 0


def _king_ready(game: Game) -> bool:
    return any(_king_home(game, raw) for raw in game.board.moves())


def _count_options(game: Game) -> int:
    nt, nf = game.board.ncols, game.board.nfound
    return sum(1 for s, _i, _t in game.board.moves() if not nt <= s < nt + nf)


def _options(view: PlayerView, measure_options: bool = False) -> list[_Option]:
    """Every legal move except withdrawals and moves back into a seen position."""
    game = view.game()
    board = game.board
    nt, nf = board.ncols, board.nfound
    out = []
    empty_before = sum(1 for c in board.columns if not c)
    for order, move in enumerate(view.legal_moves):
        raw = game.resolve(move)
        s, i, t = raw
        if nt <= s < nt + nf:
            continue
        x = board.card_at(s, i)
        assert x is not None
        down_before = board.down[s] if s < nt else 0
        king_home = _king_home(game, raw)
        k, flipped = board.apply(raw)
        if visible_key(game) not in view.seen:
            out.append(
                _Option(
                    move=move,
                    order=order,
                    flips=flipped,
                    down_before=down_before,
                    foundation=nt <= t < nt + nf,
                    rank=x % 13,
                    empties=sum(1 for c in board.columns if not c) > empty_before,
                    covering=_covering(game),
                    left=i - down_before if s < nt and down_before else 99,
                    king_home=king_home,
                    king_ready=_king_ready(game),
                    options=_count_options(game) if measure_options else 0,
                )
            )
        board.undo(raw, k, flipped)
    return out


def _expose_order(opts: list[_Option], game: Game) -> Move | None:
    """Flips (the column with most face-down cards first), then foundation moves (lowest
    first), then the move that lifts most cards off face-down cards, then a move that
    digs towards a face-down card without burying another (the shortest dig first)."""
    flips = [o for o in opts if o.flips]
    if flips:
        return max(flips, key=lambda o: (o.down_before, -o.order)).move
    ups = [o for o in opts if o.foundation]
    if ups:
        return min(ups, key=lambda o: (o.rank, o.order)).move
    lifts = [o for o in opts if o.covering < _covering(game)]
    if lifts:
        return min(lifts, key=lambda o: (o.covering, o.order)).move
    digs = [o for o in opts if o.left < 99 and o.covering <= _covering(game)]
    if digs:
        return min(digs, key=lambda o: (o.left, o.covering, o.order)).move
    return None


# ------------------------------------------------------------------ built-in strategies


def random_player(view: PlayerView) -> Move | None:
    """A random legal move (withdrawals included): the baseline every strategy should beat."""
    return view.rng.choice(view.legal_moves) if view.legal_moves else None


def expose_player(view: PlayerView) -> Move | None:
    """The rule sheet's "Expose hidden cards": turn a face-down card when possible, else send
    a card up, else lift or dig cards off face-down ones. Stops when none of these is
    possible."""
    return _expose_order(_options(view), view.decoy)


def kings_player(view: PlayerView) -> Move | None:
    """The rule sheet's "Plan around Kings": as ``expose_player``, but never empty a column
    (other than by sending its last card up) unless a King that sits on other cards could
    then move in, and move such a King into an empty column before lifting cards."""
    opts = [o for o in _options(view) if not o.empties or o.foundation or o.king_ready]
    flips = [o for o in opts if o.flips or o.foundation]
    if flips:
        return _expose_order(flips, view.decoy)
    homes = [o for o in opts if o.king_home]
    if homes:
        return min(homes, key=lambda o: (o.covering, o.order)).move
    return _expose_order(opts, view.decoy)


def options_player(view: PlayerView) -> Move | None:
    """The rule sheet's "Create options, not just progress": the move after which the most
    moves are legal, if it adds options; else as ``expose_player``. (After a turn the new
    card is a decoy, so its count is a fair guess, not a peek.)"""
    opts = _options(view, measure_options=True)
    now = _count_options(view.decoy)
    better = [o for o in opts if o.options > now]
    if better:
        return max(better, key=lambda o: (o.options, o.flips, o.foundation, -o.order)).move
    return _expose_order(opts, view.decoy)


def hint_player(view: PlayerView) -> Move | None:
    """Follow ``game.hint()`` (the rule-sheet priorities), asked of the decoy game.

    ``hints()`` reads face-down cards only in its repeat check, where they stand for
    "this column's face-down pile" (which a player knows by sight); on the decoy it cannot
    learn anything either way.
    """
    return hint(view.game())


_SAMPLER = SamplingPlayer()  # one per process: it follows one play-out at a time


def best_player(view: PlayerView) -> Move | None:
    """The strongest player the project has: deal the unseen cards at random a few times,
    solve each deal, play the move that wins in most of them (``strategy.sampling``). It
    sees only the decoy game, whose face-down cards are shuffled, and shuffles them again."""
    choice = _SAMPLER.choose(view.decoy, view.rng)
    return None if choice is None else choice.move


STRATEGIES: dict[str, Strategy] = {
    "random": random_player,
    "expose": expose_player,
    "kings": kings_player,
    "options": options_player,
    "hint": hint_player,
    "best": best_player,
}
"""Built-in strategies by name, for ``play_many`` and the command line."""
