"""The fixed facts of Coal Baron: coal colours, tunnel tiles, order cards and worker spaces.

Everything here is a constant table (R-COMP, §1 of the rules digest). Game pieces are
small integers into these tables, which keeps the game state compact and fast to copy.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- coal -----------------------------------------------------------------------------

YELLOW, BROWN, GREY, BLACK = 0, 1, 2, 3
COLOURS = (YELLOW, BROWN, GREY, BLACK)
# The words of the action text forms (`load grey`, `cage surface`), not of messages: the
# bot's message layer (bot/words) names colours and levels for players.
COLOUR_NAMES = ("yellow", "brown", "grey", "black")
COLOUR_LETTERS = ("Y", "B", "G", "K")
CUBES_PER_COLOUR = 16  # R-COMP-1
CART_COST = (1, 2, 3, 4)  # marks per cart, by colour
NO_COAL = -1  # an empty cart; as a substitute colour (R-FAC-2): leave the cart empty

# Cage levels: 0 is the surface, 1..4 are the tunnel levels of colours 0..3.
SURFACE = 0
LEVEL_NAMES = ("surface", "yellow", "brown", "grey", "black")
CAGE_CAPACITY = 5  # R-MINE-3

# Words a player may type for a colour or a level.
_COLOUR_WORDS = {
    "yellow": YELLOW,
    "y": YELLOW,
    "brown": BROWN,
    "b": BROWN,
    "grey": GREY,
    "gray": GREY,
    "g": GREY,
    "black": BLACK,
    "k": BLACK,
}


def colour_from_word(word: str) -> int | None:
    """The colour a player means by `word` ("grey", "gray", "G"), or None."""
    return _COLOUR_WORDS.get(word.strip().lower())


def level_from_word(word: str) -> int | None:
    """The cage level a player means by `word` ("surface", "grey", "3"), or None."""
    w = word.strip().lower()
    if w in ("surface", "s", "0"):
        return SURFACE
    if w in ("1", "2", "3", "4"):
        return int(w)
    colour = _COLOUR_WORDS.get(w)
    return None if colour is None else colour + 1


# --- tunnel tiles (48) ----------------------------------------------------------------
# id = ((colour * 2 + (carts - 1)) * 2 + dark) * 3 + copy


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    colour: int
    carts: int  # 1 or 2
    dark: bool  # dark side (no lanterns) or light side

    @property
    def price(self) -> int:
        return CART_COST[self.colour] * self.carts


TILES: tuple[Tile, ...] = tuple(
    Tile(id=((c * 2 + (n - 1)) * 2 + d) * 3 + k, colour=c, carts=n, dark=bool(d))
    for c in COLOURS
    for n in (1, 2)
    for d in (0, 1)
    for k in range(3)
)
assert [t.id for t in TILES] == list(range(48))

# --- order cards (44) -----------------------------------------------------------------

VEHICLES = ("wheelbarrow", "carriage", "truck", "train")
WHEELBARROW, CARRIAGE, TRUCK, TRAIN = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class OrderCard:
    id: int
    vehicle: int
    vp: int
    spots: tuple[int, ...]  # the colour each spot asks for

    @property
    def vehicle_name(self) -> str:
        return VEHICLES[self.vehicle]


_CARD_LISTS = {
    WHEELBARROW: "2:Y 3:B 3:YY 4:G 5:K 5:BB 7:BBB 7:GG 9:KK 9:GGG 10:YBGK",
    CARRIAGE: "2:Y 3:YY 3:B 4:YYY 4:G 5:K 5:BB 7:GG 9:KK 10:YBGK 12:KKK",
    TRUCK: "2:Y 3:YY 3:B 4:YYY 4:G 5:BB 5:K 7:GG 9:KK 10:YBGK 12:KKK",
    TRAIN: "2:Y 3:B 3:YY 4:G 5:BB 5:K 7:BBB 7:GG 9:GGG 9:KK 10:YBGK",
}


def _build_cards() -> tuple[OrderCard, ...]:
    cards: list[OrderCard] = []
    for vehicle, text in _CARD_LISTS.items():
        for entry in text.split():
            vp, letters = entry.split(":")
            spots = tuple(COLOUR_LETTERS.index(ch) for ch in letters)
            cards.append(OrderCard(id=len(cards), vehicle=vehicle, vp=int(vp), spots=spots))
    return tuple(cards)


ORDER_CARDS: tuple[OrderCard, ...] = _build_cards()
assert len(ORDER_CARDS) == 44

# --- worker spaces --------------------------------------------------------------------
# The bank is not in this table: it takes any number of workers and never displaces.

FACTORY, MINE, DELIVER, MONEY, ORDER = "factory", "mine", "deliver", "money", "order"
DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    group: str  # factory / mine / deliver / money / order
    value: int | str  # tile or order slot 1-4/1-8 or "draw"; steps; vehicle name; marks

    @property
    def is_draw(self) -> bool:
        return self.value == DRAW

    @property
    def key(self) -> str:
        """The space's key in events and refusals, as the action text names it: "mine 8", "order draw"."""
        return f"{self.group} {self.value}"


def _build_spaces() -> tuple[Space, ...]:
    entries: list[tuple[str, int | str]] = []
    entries += [(FACTORY, k) for k in range(1, 9)] + [(FACTORY, DRAW)]
    entries += [(MINE, k) for k in (4, 6, 8, 10)]
    entries += [(DELIVER, v) for v in VEHICLES]
    entries += [(MONEY, k) for k in (3, 4, 5, 6)]
    entries += [(ORDER, k) for k in range(1, 5)] + [(ORDER, DRAW)]
    return tuple(Space(i, g, v) for i, (g, v) in enumerate(entries))


SPACES: tuple[Space, ...] = _build_spaces()
SPACE_INDEX: dict[tuple[str, int | str], int] = {(s.group, s.value): s.index for s in SPACES}
FACTORY_SPACES = tuple(s.index for s in SPACES if s.group == FACTORY)  # incl. draw (R-SHIFT-6)


SPACE_BY_KEY: dict[str, Space] = {s.key: s for s in SPACES}


def space_of(group: str, value: int | str) -> Space:
    return SPACES[SPACE_INDEX[(group, value)]]


# R-SETUP-1: spaces covered by lock tiles, by player count.
_LOCKS = {
    2: [(FACTORY, 4), (FACTORY, 8), (MINE, 4), (MINE, 8), (MONEY, 3), (MONEY, 5), (ORDER, 1)],
    3: [(FACTORY, 8), (MINE, 4), (MONEY, 3)],
    4: [],
}
LOCKED: dict[int, frozenset[int]] = {n: frozenset(SPACE_INDEX[key] for key in keys) for n, keys in _LOCKS.items()}

# --- setup by player count (R-SETUP) -----------------------------------------------------

# Seats: 2 to 4 players, each with a colour by name in seat order. Storage keeps the name with
# each seat and the renderer keys its RGB on it. None is a coal colour (yellow, brown, grey,
# black), so a worker never looks like a cube.
SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "purple")
MIN_PLAYERS = 2
MAX_PLAYERS = len(SEAT_COLOURS)

WORKERS = {2: 18, 3: 15, 4: 13}
STARTING_MARKS = {2: 10, 3: 9, 4: 8}
DRAFT_PICKS = 3  # each player drafts 3 order cards; 3 x players + 1 are revealed
SHIFTS = 3
DRAW_SIZE = 5  # R-FAC-5, R-ORD-2

# --- shift clock (R-SHIFT-1) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockElement:
    number: int  # 1..12
    kind: str  # "colour" (delivered spots of a colour), "vehicle" (spots by vehicle), "carts"
    which: int  # colour or vehicle index
    first: int
    second: int


CLOCK: tuple[ClockElement, ...] = (
    *(ClockElement(1 + c, "colour", c, f, s) for c, (f, s) in enumerate([(2, 1), (3, 1), (4, 2), (5, 2)])),
    *(ClockElement(5 + v, "vehicle", v, f, s) for v, (f, s) in enumerate([(6, 3), (7, 3), (8, 4), (9, 4)])),
    *(ClockElement(9 + c, "carts", c, f, s) for c, (f, s) in enumerate([(10, 5), (11, 5), (12, 6), (13, 6)])),
)
ELEMENTS_SCORED = {1: 4, 2: 8, 3: 12}  # shift -> elements 1..k score
