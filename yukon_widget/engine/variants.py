"""The Yukon family: how each variant deals and how its tableau builds.

Every variant shares Yukon's movement (any face-up card moves with everything on it, only a
King fills an empty column, foundations build up by suit). They differ only in the deal, the
build rule, free cells, and whether foundation cards may come back into play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUIT_NAMES, brief, is_red, rank, suit, symbol

# Build rules: how the moved card must relate to the card it lands on.
ALTERNATE = "alternate"  # one rank lower, opposite colour
SAME_SUIT = "same-suit"  # one rank lower, same suit
SAME_SUIT_UP_OR_DOWN = "same-suit-up-or-down"  # one rank lower or higher, same suit
OTHER_SUIT = "other-suit"  # one rank lower, any suit but its own


def _builds_on(rule: str, card: int, onto: int) -> bool:
    step = rank(onto) - rank(card)
    if rule == ALTERNATE:
        return step == 1 and is_red(card) != is_red(onto)
    if rule == SAME_SUIT:
        return step == 1 and suit(card) == suit(onto)
    if rule == SAME_SUIT_UP_OR_DOWN:
        return step in (1, -1) and suit(card) == suit(onto)
    if rule == OTHER_SUIT:
        return step == 1 and suit(card) != suit(onto)
    raise ValueError(f"unknown build rule {rule!r}")


@dataclass(frozen=True)
class Variant:
    """One member of the family. ``parents[card]`` lists the cards it may be placed on."""

    name: str
    title: str
    build: str
    decks: int = 1
    down: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
    up: tuple[int, ...] = (1, 5, 5, 5, 5, 5, 5)
    cells: int = 0
    foundation_withdrawal: bool = True
    #: ``parents[card]``: the cards it may be built on in a column.
    parents: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    #: ``children[card]``: the cards that may be built on it (``parents`` read backwards).
    children: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    #: ``parent_bits[card]``: ``parents[card]`` as a bit set (bit ``p`` for card ``p``).
    parent_bits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: ``parents`` as bit-set shifts, for code that holds cards as bits (bit ``x`` for card
    #: ``x``): for each ``(d, mask)``, every card ``x`` in ``mask`` builds on card ``x + d``,
    #: and every pair of ``parents`` is in exactly one of them.
    parent_shifts: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    #: The suit of each foundation, in pile order f1, f2, ...: S H D C, two decks S S H H ...
    foundation_suits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: ``foundation_slots[suit]``: the foundation piles (0-based) that build that suit.
    foundation_slots: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Tables, not methods: the solver and the move generator read them millions of times.
        parents = tuple(
            tuple(o for o in range(52) if _builds_on(self.build, c, o)) for c in range(52)
        )
        children = tuple(tuple(c for c in range(52) if p in parents[c]) for p in range(52))
        suits = tuple(s for s in range(4) for _ in range(self.decks))
        slots = tuple(tuple(f for f, s in enumerate(suits) if s == suit_) for suit_ in range(4))
        object.__setattr__(self, "parents", parents)
        object.__setattr__(self, "children", children)
        object.__setattr__(self, "parent_bits", tuple(sum(1 << o for o in ps) for ps in parents))
        shifts: dict[int, int] = {}
        for c in range(52):
            for o in parents[c]:
                shifts[o - c] = shifts.get(o - c, 0) | 1 << c
        object.__setattr__(self, "parent_shifts", tuple(sorted(shifts.items())))
        object.__setattr__(self, "foundation_suits", suits)
        object.__setattr__(self, "foundation_slots", slots)

    @property
    def columns(self) -> int:
        return len(self.down)

    @property
    def card_count(self) -> int:
        return 52 * self.decks

    def builds_on(self, card: int, onto: int) -> bool:
        """Whether ``card`` may be placed on ``onto`` in a tableau column."""
        return onto in self.parents[card]

    def build_refusal(self, card: int, onto: int) -> str:
        """Why ``card`` cannot go on ``onto``, in words a player understands."""
        head = f"{symbol(card)} cannot go on {symbol(onto)}: "
        step = rank(onto) - rank(card)
        steps = (1, -1) if self.build == SAME_SUIT_UP_OR_DOWN else (1,)
        if step not in steps:
            if self.build == SAME_SUIT_UP_OR_DOWN:
                return head + f"in {self.title} a card builds on one rank higher or lower"
            return head + "a card builds only on the card one rank higher"
        if self.build == ALTERNATE:
            return head + f"in {self.title} a card builds on the opposite colour"
        if self.build == OTHER_SUIT:
            return head + f"in {self.title} a card never builds on its own suit"
        return (
            head + f"in {self.title} a card builds only on its own suit ({SUIT_NAMES[suit(card)]})"
        )

    def describe_build(self) -> str:
        """The build rule in one phrase, for help texts."""
        return {
            ALTERNATE: "down by one rank in alternating colours",
            SAME_SUIT: "down by one rank in the same suit",
            SAME_SUIT_UP_OR_DOWN: "up or down by one rank in the same suit",
            OTHER_SUIT: "down by one rank in any suit but the card's own",
        }[self.build]


_FAMILY = (
    Variant("yukon", "Yukon", ALTERNATE),
    Variant("russian", "Russian", SAME_SUIT),
    Variant("alaska", "Alaska", SAME_SUIT_UP_OR_DOWN),
    Variant("moosehide", "Moosehide", OTHER_SUIT, foundation_withdrawal=False),
    Variant(
        "double-yukon",
        "Double Yukon",
        ALTERNATE,
        decks=2,
        down=(0, 1, 2, 3, 4, 5, 6, 7, 8, 8),
        up=(6,) * 10,
    ),
    Variant("yukon-cells", "Yukon Cells", ALTERNATE, cells=2),
)

#: Every variant by name, in the order menus show them.
VARIANTS: dict[str, Variant] = {v.name: v for v in _FAMILY}


def get_variant(name: str) -> Variant:
    """The variant called ``name``; an unknown name raises ValueError listing the valid ones."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        valid = ", ".join(repr(n) for n in VARIANTS)
        raise ValueError(f"unknown variant {brief(name)}: choose one of {valid}") from None
