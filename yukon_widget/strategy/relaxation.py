"""Proofs that a position is lost, found without searching it (the solver's pruning).

Each test over-approximates what could ever happen from the position, so when it says
"lost" no line of play wins; it may say "not lost" of a lost position, which the search then
settles. ``blocked`` is the main one (one deck): a least fixpoint over which cards could ever
be on top, move and go home. ``jammed`` and ``deadlocked_pair`` catch orders of play that a
fixpoint cannot see; ``first_moves_lose`` runs the fixpoint once per way a card that must
move first could move (and per way the cards of a column could leave the face-down cards
under them in turn, and per order and ways two such cards could, and per way a face-up
card could leave the face-up card it lies on), each with the card it lands on covered until
it may leave again.
``doomed_two_decks`` is a coarser version of ``blocked`` for Double
Yukon, where a card's number names two cards. They read a ``Board``.
"""

from __future__ import annotations

from ..engine.board import Board
from ..engine.cards import KING_RANK

_KINGS = sum(1 << (suit * 13 + KING_RANK) for suit in range(4))  # the Kings, as a bit set


def doomed(board: Board, first_moves: bool = True) -> bool:
    """A relaxation proves the position lost (see ``blocked`` and ``doomed_two_decks``);
    ``first_moves`` False leaves ``first_moves_lose`` out (it costs many fixpoints)."""
    if board.variant.decks == 1:
        return blocked(board, first_moves=first_moves)
    return doomed_two_decks(board)


def blocked(board: Board, orders: bool = True, first_moves: bool = True) -> bool:
    """One deck: some card in play can never reach its foundation, whatever is played.

    Four kinds of event are over-approximated as a least fixpoint, each derived only
    from events that must happen strictly before it in any line of play:

    * ``top``: ``x`` is ever the top card of a column (or sits in a cell);
    * ``up``: ``x`` is ever face up;
    * ``home``: ``x`` ever goes to its foundation;
    * ``moved``: ``x`` is ever moved as the base of a group (the lowest card it carries).

    ``_close`` sets the events that hold now and adds those that follow by its rules, until
    none does (each rule's argument is given there). By induction over any line of play,
    every event that happens is derived, so a card in play whose ``home`` is not derived
    never goes up: the position is lost. This subsumes "a card that covers every card it
    could move onto, in its own column". When the fixpoint passes and ``orders`` is true,
    ``deadlocked_pair``, ``jammed`` and, with ``first_moves``, ``first_moves_lose`` have
    their say (variants without free cells).
    """
    upto = _upto(board)
    lay = _Layout(board, upto)
    home = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, 0, 0, [])[2]
    if home & lay.play != lay.play:
        return True
    if not orders or board.cells:
        return False
    if deadlocked_pair(board) or jammed(board, lay.col_of, lay.row_of, upto):
        return True
    return first_moves and _first_moves_lose(lay, upto)


class _Layout:
    """Where each card of a position is, and the events that hold in it now, read once for
    every fixpoint run on the position: ``col_of[x]``, the column of card ``x`` (-1 on a
    foundation or in a cell), ``row_of[x]``, its row (0 at the bottom of the column), and
    ``top``, ``up`` and ``play`` (the cards in play) as bit sets (bit ``x`` for card ``x``:
    the solver runs this on most positions it enters, and bit sets keep it free of lists of
    flags), with ``empties``, the number of empty columns.

    What holds now: the top card of each column and every card in a cell is on top, those
    and every face-up card are up. With withdrawals a foundation card may come back into
    play, and then it is a landing spot like any top card: with free cells every foundation
    card counts as on top from the start; without them ``comeback`` is set and ``_close``
    derives when each may first come back.
    For ``_close``'s rounds: ``under[x]``, the card directly under ``x`` (-1 at the bottom of
    a column, -2 out of the columns), ``near``, the cards with a card they build on above
    them in their own column, and ``lowest``, each suit's next card for its foundation.
    """

    def __init__(self, board: Board, upto: list[int]) -> None:
        self.board = board
        cols = self.cols = board.columns
        parent_bits = board.variant.parent_bits
        top = up = play = 0
        self.comeback = board.withdraw and not board.cells
        if board.withdraw and not self.comeback:
            for suit in range(4):
                if upto[suit]:
                    top |= ((1 << upto[suit]) - 1) << (suit * 13)
        empties = 0
        col_of = [-1] * 52
        row_of = [0] * 52
        under = [-2] * 52
        near = 0
        for c, col in enumerate(cols):
            n = len(col)
            if not n:
                empties += 1
                continue
            d = board.down[c]
            placed = 0  # the cards of the column above x
            for i in range(n - 1, -1, -1):  # top down
                x = col[i]
                bit = 1 << x
                col_of[x] = c
                row_of[x] = i
                under[x] = col[i - 1] if i else -1
                if parent_bits[x] & placed:
                    near |= bit
                if i >= d:
                    up |= bit
                placed |= bit
            play |= placed
            top |= 1 << col[-1]
        for card in board.cells:
            if card is not None:
                top |= 1 << card
                up |= 1 << card
                play |= 1 << card
        self.top, self.up, self.play, self.empties = top, up, play, empties
        self.col_of, self.row_of = col_of, row_of
        self.under, self.near = under, near
        lowest = 0
        for suit in range(4):
            if upto[suit] <= KING_RANK:
                lowest |= 1 << (suit * 13 + upto[suit])
        self.lowest = lowest

    def above(self, p: int, x: int, moved: int) -> bool:
        """``p`` lies above ``x`` in ``x``'s column, and no card between them (nor ``p``) has
        moved as a base: ``p`` is still in ``x``'s group, so ``x`` cannot move onto it."""
        c = self.col_of[x]
        if c < 0 or self.col_of[p] != c or self.row_of[p] < self.row_of[x]:
            return False
        col = self.cols[c]
        return not any(moved >> col[m] & 1 for m in range(self.row_of[x] + 1, self.row_of[p] + 1))


def _close(
    lay: _Layout,
    upto: list[int],
    top: int,
    up: int,
    home: int,
    moved: int,
    empties: int,
    frozen: int,
    kept: int,
    gates: list[tuple[int, int]],
) -> tuple[int, int, int, int, int, int]:
    """Add to the events given (``top``, ``up``, ``home``, ``moved`` as bit sets, and how many
    columns are empty or have been emptied) all that follow by the rules below; return the
    five, and the landing spots still held (below). A card in ``frozen`` never moves (nor
    goes home), one in ``kept`` never goes home. For each gate ``(x, p)``, ``x`` sitting on
    ``p``: ``p`` is held, serving no other card as a landing spot, nor going home, until
    ``x`` may have left it (``first_moves_lose``).

    The rules:

    * ``home`` of ``x``: ``x`` is on top, and every lower card of its suit still in play has
      gone home (``home`` of a card implies it of every lower card of its suit in play):
      a card goes to its foundation only from the top, after those.
    * ``moved`` of ``x``: ``x`` is up (a face-down card never moves until it has turned) and
      moves as a base for a first time: to its foundation (``home``), or (a top card) into
      a free cell, or a King into an empty column (one is empty now, or some column's
      bottom card, not ``x``, moves), or onto a card it builds on that is then on top and
      not in ``x``'s own group: a card above ``x`` in its column leaves that group only when
      a card between them, or it, moves as a base; one beneath ``x`` can be on top only
      after such a move; Alaska lets a King build on its Queen. With withdrawals a
      foundation card may come back as a landing spot (next rule).
    * ``top`` of a foundation card ``f`` (withdrawals, no free cells: ``lay.comeback``):
      ``f`` comes back into play, and is a landing spot from then on. It leaves its
      foundation only from the top of the pile, so each card of its suit that lay above it
      on the foundation at the start has come back before (cards that went home since are
      not asked for: fewer conditions, more events); and it lands on a card it builds on,
      then on top and not held, or, a King, in an empty column (one is empty now or has
      been emptied). A card that came back is treated as on top for good, its own later
      moves not followed: it is not in play here, so nothing asks for it to go home again.
    * ``top``, and so ``up``, of ``y`` (a face-down card turns when it comes on top): the
      card ``x`` now directly on ``y`` is moved as a base. Cards are only ever added on top
      of a column, so nothing can come between two cards, and a group whose moved card lies
      lower carries both along, so ``x`` leaves ``y`` only by moving as a base.

    The rules are applied to every card at once, as bit sets, round after round until a
    round derives nothing (then the foundation cards that may come back, and the spots
    whose card may leave, are looked at, and the rounds go on if they add anything). The
    order in which events are derived changes nothing: every rule only adds events, so
    the least fixpoint is the same. Where ``moved`` asks "a card ``x`` builds on is on top
    and not held", the variant's ``parent_shifts`` move the on-top set onto the cards that
    build on it; the two exceptions are checked card by card (``_may_move_now``): a card with a
    card it builds on above it in its own column (``lay.near``) and a gate's card (its own
    spot is not held for it).
    """
    board = lay.board
    play, under, near, lowest = lay.play, lay.under, lay.near, lay.lowest
    shifts = board.variant.parent_shifts
    cells = bool(board.cells)
    kings = _KINGS  # a local: the compiled build looks a global up on every use
    no_home = frozen | kept
    held = 0  # the landing spots still covered by their gate's card, as far as is derived
    gated = 0  # the gates' cards
    for g, p in gates:
        held |= 1 << p
        gated |= 1 << g
    while True:
        while True:  # a round
            # home: each suit's run of cards on top goes up as far as it reaches.
            ready = top & play & ~(home | no_home | held)
            h = ready & ~home & (lowest | home << 1)
            while h:
                home |= h
                h = ready & ~home & (home << 1)
            # moved: the up cards that have not moved yet and have a first place to go.
            idle = up & play & ~(moved | frozen)
            if not idle:
                break
            spots = top & ~held
            reach = home | (top if cells else 0) | (kings if empties else 0)
            for d, mask in shifts:
                # Bit x + d of ``spots`` to bit x, for the cards x in ``mask``; masked before
                # a left shift, so that the compiled build's ints stay machine words.
                if d > 0:
                    reach |= spots >> d & mask
                else:
                    reach |= (spots & mask >> -d) << -d
            new = idle & reach
            check = new & near | idle & gated  # the exceptions, card by card
            while check:
                b = check & -check
                check ^= b
                if _may_move_now(lay, b.bit_length() - 1, top, home, moved, held, empties, gates):
                    new |= b
                else:
                    new &= ~b
            if not new:
                break
            moved |= new
            # What each move uncovers: the card under it goes on top (and up), or its
            # column empties.
            while new:
                b = new & -new
                new ^= b
                y = under[b.bit_length() - 1]
                if y >= 0:
                    top |= 1 << y
                    up |= 1 << y
                elif y == -1:
                    empties += 1
        if lay.comeback:
            # Foundation cards that may come back now: the cards that build on them may
            # move onto them.
            more = _come_back(upto, board.variant.parent_bits, top, held, empties) & ~top
            if more:
                top |= more
                continue
        left = 0  # the held spots whose card may leave them now
        for g, p in gates:
            if held >> p & 1 and _may_leave(lay, g, p, top, home, moved):
                left |= 1 << p
        if not left:
            return top, up, home, moved, empties, held
        held &= ~left  # the rules those spots held back may fire now


def _may_move_now(
    lay: _Layout,
    x: int,
    top: int,
    home: int,
    moved: int,
    held: int,
    empties: int,
    gates: list[tuple[int, int]],
) -> bool:
    """``_close``'s ``moved`` rule for one card: home, a free cell, a King into an empty
    column, or a card it builds on, on top, not held (but by ``x``'s own gate) and not in
    ``x``'s group."""
    if home >> x & 1 or (lay.board.cells and top >> x & 1) or (x % 13 == KING_RANK and empties):
        return True
    for p in lay.board.variant.parents[x]:
        if (
            top >> p & 1
            and not (held >> p & 1 and (x, p) not in gates)
            and not lay.above(p, x, moved)
        ):
            return True
    return False


def _come_back(
    upto: list[int], parent_bits: tuple[int, ...], top: int, held: int, empties: int
) -> int:
    """``top`` with the foundation cards added that may come back by ``_close``'s rule,
    each pile from its top card down as far as one may."""
    for s in range(4):
        for r in range(upto[s] - 1, -1, -1):
            f = s * 13 + r
            if top >> f & 1:
                continue
            if r < upto[s] - 1 and not top >> (f + 1) & 1:
                break  # the card above it on the pile has not come back
            if not (r == KING_RANK and empties > 0) and not parent_bits[f] & top & ~held:
                break
            top |= 1 << f
    return top


def _may_leave(lay: _Layout, x: int, p: int, top: int, home: int, moved: int) -> bool:
    """``x``, a card that is not a King, sitting on ``p`` in a variant without free cells, may
    move off it as a base: to its foundation, or onto another card it builds on that is on
    top and not in its group (see ``_Layout.above``)."""
    if home >> x & 1:
        return True
    for q in lay.board.variant.parents[x]:
        if q != p and top >> q & 1 and not lay.above(q, x, moved):
            return True
    return False


def first_moves_lose(
    board: Board, pairs: bool = True, columns: bool = True, face_up: bool = False
) -> bool:
    """One deck, no free cells: some column's lowest face-up card ``x``, not a King, can
    leave the face-down card ``y`` under it in no way that still wins; or (with
    ``columns``) a column's cards cannot all leave in turn the face-down cards under them;
    or (with ``pairs``) two such cards cannot both leave, in either order; or (with
    ``face_up``) a face-up card ``x``, not a King, can leave the face-up card ``y`` it lies
    directly on in no way that still wins.

    ``y`` must turn before it goes home, and only ``x``'s moving as a base turns it (``x``
    is directly on it). Let ``e`` be ``x``'s first move as a base in a winning line; until
    ``e``, ``x`` and the cards under it stay where they are. The fixpoint with ``x`` frozen
    (``_close``'s ``frozen``: it neither moves nor goes home) over-approximates every event
    before ``e``, by the same induction as ``blocked``'s. ``e`` can be:

    * ``x`` going home: it needs ``x`` on top and the lower cards of its suit home before
      ``e``. If the frozen fixpoint derives that, ``x`` proves nothing; else ``e`` is not this.
    * ``x`` (not a King, and there are no free cells) onto a card ``p`` it builds on, on top
      then and not in ``x``'s group. Without withdrawals ``p`` has not gone home before
      ``e`` (it would stay there), so the fixpoint with ``x`` frozen and ``p`` also kept from
      its foundation over-approximates the events before ``e``; if it does not derive ``p``
      on top, out of ``x``'s group, ``e`` is not this. Else the events after ``e``: from then
      on ``x`` sits on ``p`` until ``x`` moves as a base again, to its foundation or onto
      another card it builds on (``_may_leave``); if ``p`` moves, it carries ``x``. So until
      then ``p`` is never on top: no other card can land on it, nor can it go home. The
      fixpoint run from the events before ``e``, with ``x`` moved and ``y`` on top, and
      with those rules gated on ``x``'s leaving (``_close``'s gate), derives every event of
      the line, by the same induction (an event after ``e`` that needs ``p`` on top comes
      after ``x`` has left, whose own conditions came before). With withdrawals ``p`` may
      have gone home and come back before ``e``, so it is not kept from home before ``e``;
      but at ``e`` it lies in a column, so neither it nor any card above it in its suit
      (``_onward``) is on its foundation then. Of the home events before ``e``, the
      fixpoint after ``e`` needs only those of the cards on their foundations at ``e``: a
      card going home after ``e`` needs the card under it on the foundation then, which
      either went there after ``e`` (derived, by induction) or lay there at ``e``; and a won
      line ends with every card on its foundation. So it starts with the home events of
      ``p`` and the cards above it struck out, and ``p``'s going home is gated as above.
      (Without withdrawals none of them went home before ``e``: nothing is struck.) If the
      fixpoint leaves a card short of its foundation, no winning line makes this ``e``.

    If no ``e`` is left for some ``x``, no line wins: the position is lost.

    The same holds when ``y`` is face up (``face_up``): ``y`` must be on top before it goes
    home, and ``x``, directly on it, leaves it only by moving as a base (a group whose
    moved card lies lower carries both, and nothing comes between them). Before ``e``,
    ``x`` neither moves as a base nor goes home, so the fixpoint with ``x`` frozen
    over-approximates those events; ``y`` and the cards under it may move meanwhile,
    carrying ``x``, which that fixpoint allows. After ``e``, ``y`` is on top wherever it
    then lies, and the rest of the argument is word for word the one above. A card ``x``
    that builds on ``y`` would be no exception: it cannot land on ``y`` as its first move
    (``y`` is never on top before ``e``), so only its other parent, or home, would be tried;
    but it is not asked (below). There are
    many such pairs in a position, so this form costs many fixpoints: the search asks it
    of its start position, and of the positions of a long search while it pays
    (``search.Search.deep``). It is asked only of a card ``x`` that does not build on
    ``y``: leaving a test out keeps every proof sound, and a card on one it builds on never
    condemned a position the other forms passed in 52,000 tries, on positions sampled along
    the searches of four Yukon deals (75 and 9,367 with withdrawals, 2,497 and 8,034
    without), where the cards that do not build on theirs condemned 1,103 in 25,000: leaving
    the first out saves two thirds of the form's fixpoints.

    Two such cards ``x1`` (on ``y1``) and ``x2`` (on ``y2``), in different columns, each
    make a first move as a base in a winning line, ``e1`` and ``e2``: two different moves
    (until its first move each stays in its own column, so neither carries the other).
    Say ``e1`` comes first (the other order is the same with the names swapped). Before
    ``e1`` neither moves: the fixpoint with both frozen over-approximates those events.
    If it lets ``x1`` go home, this order proves nothing. Else ``e1`` puts ``x1`` on a
    ``p1``, as above (kept from home before ``e1`` without withdrawals). Between ``e1`` and
    ``e2``, ``x2`` is still frozen and ``p1`` held by ``x1``: the gated fixpoint from the
    events before ``e1`` over-approximates them. If it lets ``x2`` go home, this order
    proves nothing. Else ``e2`` puts ``x2`` on a ``p2`` on top then and not held (a spot
    still held at the end of that fixpoint is held until ``e2``); without withdrawals
    ``p2`` has not gone home before ``e2``, so both fixpoints before ``e2`` may keep it
    from home. After ``e2`` the fixpoint runs with both gates (``x1``'s only if still
    held). Each fixpoint after a card lands starts with the home events of its spot and
    the cards above that in its suit struck out, as above. If every ``p1``, ``p2`` of both
    orders leaves a card short of its foundation, the position is lost.

    A column, in turn (``_column_loses``): its lowest face-up card ``x0`` lies on face-down
    cards ``y1``, ``y2``, ... down to the bottom card. Each must turn before it goes home, so
    each card of the chain but the bottom one must leave the card under it, as a base (cards
    are only added on top: nothing comes between them); call ``e0``, ``e1``, ... those first
    moves. They come in that order, since ``y1`` is face down until ``e0``, and so on; until
    its own first move each card stays where it is. So the argument above runs down the
    column: before ``e0`` the fixpoint with ``x0`` frozen; ``e0`` puts ``x0`` home or on a
    ``p0`` it then holds; between ``e0`` and ``e1`` the gated fixpoint with ``y1`` (now on
    top) frozen over-approximates the events; ``e1`` puts ``y1`` home (if that fixpoint lets
    it) or on a ``p1`` on top then, not held (a spot still held at the end of the fixpoint is
    held until ``e1``) and not in its group; and so on, each spot held until its card may
    leave, and each spot's home events and those above it in its suit struck out when a
    card lands on it. After the move of the card on the bottom card, or of a card on a King
    (which may move into an empty column), the fixpoint runs with no card frozen and every
    spot still held gated. If every way down leaves a card short of its foundation, no line wins.
    """
    if board.variant.decks != 1 or board.cells:
        return False
    upto = _upto(board)
    return _first_moves_lose(_Layout(board, upto), upto, pairs, columns, face_up)


def _goes_home(x: int, upto: list[int], top: int, home: int) -> bool:
    """``x`` is on top and the next lower card of its suit home (or none is left)."""
    return bool(top >> x & 1) and (x % 13 == upto[x // 13] or bool(home >> (x - 1) & 1))


def _first_moves_lose(
    lay: _Layout, upto: list[int], pairs: bool = True, columns: bool = True, face_up: bool = False
) -> bool:
    board = lay.board
    cols, down = lay.cols, board.down
    lows: list[tuple[int, int]] = []  # a column's lowest face-up card, and the card under it
    # The fixpoint with that card frozen, per column: where the column form starts too.
    starts: dict[int, tuple[int, int, int, int, int, int]] = {}
    for c, col in enumerate(cols):
        d = down[c]
        if not d or d >= len(col):
            continue
        x = col[d]
        if x % 13 == KING_RANK:
            continue
        lows.append((x, col[d - 1]))
        before = starts[c] = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, 1 << x, 0, [])
        if _no_first_move(lay, upto, x, col[d - 1], before):
            return True
    if face_up:
        parents = board.variant.parents
        for c, col in enumerate(cols):
            for i in range(max(down[c] + 1, 1), len(col)):
                x = col[i]
                if x % 13 == KING_RANK or col[i - 1] in parents[x]:
                    continue  # a card on one it builds on: see ``first_moves_lose``
                before = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, 1 << x, 0, [])
                if _no_first_move(lay, upto, x, col[i - 1], before):
                    return True
    if columns:
        for c, start in starts.items():
            # The lowest face-up card (not a King), then the face-down cards under it.
            chain = cols[c][down[c] :: -1]
            if _column_loses(lay, upto, chain, 0, start, []):
                return True
    if not pairs:
        return False
    for i in range(len(lows)):
        for j in range(i + 1, len(lows)):
            (x1, y1), (x2, y2) = lows[i], lows[j]
            if _order_loses(lay, upto, x1, y1, x2, y2) and _order_loses(lay, upto, x2, y2, x1, y1):
                return True
    return False


def _no_first_move(
    lay: _Layout, upto: list[int], x: int, y: int, before: tuple[int, int, int, int, int, int]
) -> bool:
    """No first move of ``x`` (not a King) off ``y``, the card directly under it, still wins
    (``first_moves_lose``'s single-card form): ``before`` is the fixpoint with ``x`` frozen."""
    if _goes_home(x, upto, before[0], before[2]):
        return False  # x may go home as its first move
    play = lay.play
    once = not lay.board.withdraw  # without withdrawals a landing spot is kept from home before
    xb = 1 << x
    for p in lay.board.variant.parents[x]:
        pb = 1 << p
        st = before
        if st[2] & pb and once:  # here p has not gone home before e
            st = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, xb, pb, [])
        if not st[0] & pb or lay.above(p, x, st[3]):
            continue  # x never lands on p first
        end = _after(lay, upto, st, x, y, p, 0, 0, [(x, p)])
        if end[2] & play == play:
            return False  # a way on: x proves nothing
    return True


def _order_loses(lay: _Layout, upto: list[int], x1: int, y1: int, x2: int, y2: int) -> bool:
    """No winning line moves ``x1`` off ``y1`` before ``x2`` off ``y2`` (``first_moves_lose``)."""
    parents, play = lay.board.variant.parents, lay.play
    once = not lay.board.withdraw
    b1, b2 = 1 << x1, 1 << x2
    both = b1 | b2
    base = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, both, 0, [])
    if _goes_home(x1, upto, base[0], base[2]):
        return False
    for p1 in parents[x1]:
        k1 = 1 << p1 if base[2] >> p1 & 1 and once else 0
        st = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, both, k1, []) if k1 else base
        if not st[0] >> p1 & 1 or lay.above(p1, x1, st[3]):
            continue  # x1 never lands on p1 first
        mid = _after(lay, upto, st, x1, y1, p1, b2, 0, [(x1, p1)])
        if _goes_home(x2, upto, mid[0], mid[2]):
            return False
        for p2 in parents[x2]:
            m = mid
            if m[2] >> p2 & 1 and once:  # p2 has not gone home before e2
                k2 = 1 << p2
                a = _close(lay, upto, lay.top, lay.up, 0, 0, lay.empties, both, k1 | k2, [])
                if not a[0] >> p1 & 1 or lay.above(p1, x1, a[3]):
                    continue
                m = _after(lay, upto, a, x1, y1, p1, b2, k2, [(x1, p1)])
            if not m[0] >> p2 & 1 or m[5] >> p2 & 1 or lay.above(p2, x2, m[3]):
                continue  # x2 never lands on p2 first
            gates = [(x1, p1), (x2, p2)] if m[5] >> p1 & 1 else [(x2, p2)]
            if _after(lay, upto, m, x2, y2, p2, 0, 0, gates)[2] & play == play:
                return False  # a way on
    return True


def _column_loses(
    lay: _Layout,
    upto: list[int],
    chain: list[int],
    k: int,
    st: tuple[int, int, int, int, int, int],
    gates: list[tuple[int, int]],
) -> bool:
    """Every first move of ``chain[k]`` off ``chain[k + 1]`` loses (``first_moves_lose``'s
    column form): ``st`` holds the events before that move, with ``chain[k]`` frozen, and
    ``gates`` the spots taken by the cards above it in the chain."""
    x, y = chain[k], chain[k + 1]
    if x % 13 == KING_RANK:
        return False  # it may move into an empty column: no case split here
    top, up, home, moved, empties, held = st
    play, parents = lay.play, lay.board.variant.parents
    yb = 1 << y
    # The card now turned stays frozen until its own first move, unless it is the bottom
    # card (nothing under it must turn) or a King.
    frozen = yb if k + 2 < len(chain) and y % 13 != KING_RANK else 0
    spots: list[int] = []  # -1: home
    if _goes_home(x, upto, top, home):
        spots.append(-1)
    for p in parents[x]:
        if top >> p & 1 and not held >> p & 1 and not lay.above(p, x, moved):
            spots.append(p)
    for p in spots:
        still = [(a, q) for a, q in gates if held >> q & 1]
        if p >= 0:
            still.append((x, p))
        left = home & ~_onward(p) if p >= 0 else home
        nxt = _close(lay, upto, top | yb, up | yb, left, moved | 1 << x, empties, frozen, 0, still)
        if frozen:
            if not _column_loses(lay, upto, chain, k + 1, nxt, still):
                return False
        elif nxt[2] & play == play:
            return False  # a way on
    return True


def _after(
    lay: _Layout,
    upto: list[int],
    st: tuple[int, int, int, int, int, int],
    x: int,
    y: int,
    p: int,
    frozen: int,
    kept: int,
    gates: list[tuple[int, int]],
) -> tuple[int, int, int, int, int, int]:
    """The fixpoint from the events ``st`` once ``x`` has moved off ``y`` (``y`` on top) onto
    ``p``: ``p`` and the cards above it in its suit are off their foundation then."""
    top, up, home, moved, empties, _ = st
    yb = 1 << y
    left = home & ~_onward(p)
    return _close(lay, upto, top | yb, up | yb, left, moved | 1 << x, empties, frozen, kept, gates)


def _onward(p: int) -> int:
    """Bit set of ``p`` and the cards above it in its suit, up to the King."""
    return ((1 << (13 - p % 13)) - 1) << p


def deadlocked_pair(board: Board) -> bool:
    """One deck, no cells: a column's lowest face-up card and a face-down card under it
    can only ever use the same landing spot, one after the other, never both.

    Let ``y1`` be the lowest face-up card and ``y2`` a face-down card under it, neither
    a King. If a lower card of ``y2``'s suit lies under ``y2``, ``y2`` must leave as the
    base of a group, and first ``y1`` must leave (as a base: only face-down cards lie
    between them). Say ``y1`` builds on only one card ``p`` outside the pile beneath
    ``y2``, and ``y2`` builds on ``p`` alone outside that pile too. Then ``y1`` goes onto
    ``p`` and stays there until ``y2`` has moved: its other landing spots lie under
    ``y2``, and a lower card of its suit lies under ``y2`` (or is ``y2``), so it cannot
    go home first. But ``y2`` can only move onto ``p``. Lost.
    """
    parent_bits = board.variant.parent_bits
    for col, d in zip(board.columns, board.down):
        if not d or d >= len(col):
            continue
        y1 = col[d]
        if y1 % 13 == KING_RANK:
            continue
        downs = 0  # the face-down cards, as a bit set
        for j in range(d):
            downs |= 1 << col[j]
        # Bit sets of the lower cards of y1's suit, and of the cards under y2 (col[:j]).
        lower1 = (1 << y1) - (1 << (y1 - y1 % 13))
        below = 0
        for j in range(d):
            y2 = col[j]
            b2 = 1 << y2
            if y2 % 13 != KING_RANK:
                s1 = parent_bits[y1] & ~below  # y1's spots outside the pile beneath y2
                if (
                    s1
                    and not s1 & (s1 - 1)  # exactly one
                    and not s1 & downs & ~below  # not in col[j:d]
                    and parent_bits[y2] & ~below == s1
                    and below & ((1 << y2) - (1 << (y2 - y2 % 13)))
                    and (below | b2) & lower1
                ):
                    return True
            below |= b2
    return False


def jammed(board: Board, col_of: list[int], row_of: list[int], upto: list[int]) -> bool:
    """One deck, no cells: two cards must queue for the one spot either may use.

    Let ``x`` (not a King) be the lowest face-up card of a column, with every card it
    builds on face down beneath it. Then ``x`` leaves only by going home (event E), and
    until E those face-down cards stay put. Before E, each card ``z`` of ``x``'s suit
    still in play, and ``x`` itself, must be on top, so the card ``y`` now directly on
    ``z`` must first move as the base of a group (nothing can come between them). If
    ``y`` may build on only one card ``p`` outside that locked pile, ``y`` lands on
    ``p`` and then leaves ``p`` only by going home (never before E if a lower card of
    its suit is locked, or it is of ``x``'s suit above ``x``); ``y`` counts only if it
    cannot go home straight from ``z`` either (it never goes home before E, or it is
    of ``z``'s suit and higher). When several such cards share the same ``p``, one of
    them lands first; that is impossible for ``y`` if it never leaves before E, or if
    another's ``z`` must go home before ``y`` can (same suit, lower rank): that other
    card would have to land on ``p`` while ``y`` is still there. If no card can be
    first, the position is lost.
    """
    cols, down, parents = board.columns, board.down, board.variant.parents
    for c, col in enumerate(cols):
        d = down[c]
        if not d or d >= len(col):
            continue
        x = col[d]
        ps = parents[x]
        if x % 13 == KING_RANK or not ps or any(col_of[p] != c or row_of[p] >= d for p in ps):
            continue
        suit = x // 13
        lowest = [13, 13, 13, 13]  # lowest locked rank per suit
        for q in col[:d]:
            if q % 13 < lowest[q // 13]:
                lowest[q // 13] = q % 13
        queues: dict[int, list[tuple[int, int, bool]]] = {}  # spot -> (y, z, leaves)
        for z in range(suit * 13 + upto[suit], x + 1):
            cz = col_of[z]
            if cz < 0 or (cz == c and row_of[z] < d):
                continue
            above = cols[cz]
            if row_of[z] + 1 >= len(above):
                continue
            y = above[row_of[z] + 1]
            if y % 13 == KING_RANK:
                continue
            ys = y // 13
            # y can go home before E (then it leaves any spot it is on that way)?
            leaves = (ys != suit or y < x) and lowest[ys] > y % 13
            if leaves and not (ys == suit and y > z):
                continue  # it might go home straight from z
            spots = [p for p in parents[y] if not (col_of[p] == c and row_of[p] < d)]
            if len(spots) == 1:
                queues.setdefault(spots[0], []).append((y, z, leaves))
        for queue in queues.values():
            if len(queue) < 2:
                continue
            for y, _, leaves in queue:
                ys = y // 13
                if leaves and not any(z2 // 13 == ys and z2 < y for y2, z2, _ in queue if y2 != y):
                    break  # y could be first
            else:
                return True
    return False


def doomed_two_decks(board: Board) -> bool:
    """A relaxation proves the position lost: some card can never turn up or never move.

    ``seen`` over-approximates the cards that are, or will ever be, face up: the face-up
    cards now, then, column by column, the face-down card under the lowest card ``w``
    known to be reachable, whenever ``w`` *might* move: it is a King (an empty column
    may come), or a card it lands on is in ``seen`` (or on a foundation, with
    withdrawals), or every lower card of its suit is in ``seen`` or up (it may go up),
    or the variant has free cells. By induction over any line of play, a face-down card
    turns only when the card on it moves, which needs exactly one of those, so every
    card ever face up is in ``seen``. If a card in play is outside ``seen``, or a card
    could never move by the same test, it never reaches its foundation: lost.

    (With two decks a card's number names two cards, so ``blocked``'s card-by-card
    bookkeeping does not apply; this coarser test does.)
    """
    withdraw, cols, down = board.withdraw, board.columns, board.down
    seen = [0] * 52
    upto = _upto(board)  # upto[suit]: ranks 0..upto-1 are up on some foundation pile
    avail = [0] * 52
    for col, d in zip(cols, down):
        for x in col[d:]:
            seen[x] = 1
    for card in board.cells:
        if card is not None:
            seen[card] = 1
    if withdraw:
        for s in range(4):
            for q in range(upto[s]):
                avail[s * 13 + q] = 1
    cells = bool(board.cells)
    low = [d for d in down]
    todo = [s for s, d in enumerate(down) if d]
    while todo:
        progress = False
        for s in todo:
            col = cols[s]
            while low[s]:
                w = col[low[s]]
                if not (cells or w % 13 == KING_RANK or _may_move(board, w, seen, avail, upto)):
                    break
                low[s] -= 1
                seen[col[low[s]]] = 1
                progress = True
        todo = [s for s in todo if low[s]]
        if not progress:
            return True
    if cells:
        return False
    for col in cols:
        for w in col:
            if w % 13 != KING_RANK and not _may_move(board, w, seen, avail, upto):
                return True
    return False


def _upto(board: Board) -> list[int]:
    upto = [0, 0, 0, 0]
    for f, n in enumerate(board.heights):
        s = board.variant.foundation_suits[f]
        if n > upto[s]:
            upto[s] = n
    return upto


def _may_move(board: Board, w: int, seen: list[int], avail: list[int], upto: list[int]) -> bool:
    for p in board.variant.parents[w]:
        if seen[p] or avail[p]:
            return True
    s = w // 13
    return all(seen[q] for q in range(s * 13 + upto[s], w))
