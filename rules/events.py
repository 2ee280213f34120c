"""What `apply` reports: one small typed event per thing that happened, no sentences.

Events carry public information only (R-VIS-1/2): what everyone at the table learns.
Pieces are the integers of `rules.components` (tile ids, order card ids, colours 0-3, -1
for an empty cart), worker spaces are space keys (`Space.key`: "factory 3", "mine 8",
"deliver carriage", "order draw"), players are names. The bot's message layer
(`bot/words/rules.py`) writes them as sentences.

    state, events = apply(state, action)
    for event in events:
        if isinstance(event, Delivered): ...

`Event` is the discriminated union (field `kind`); `EVENTS` reads and writes lists of
them as JSON (`EVENTS.validate_json(EVENTS.dump_json(events))`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .components import TILES

Deck = Literal["tile", "order"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)


class Placed(_Event):
    """Workers placed on a worker space (R-TURN-2); `displaced` went to the canteen."""

    kind: Literal["placed"] = "placed"
    player: str
    space: str  # a space key: "mine 8"
    workers: int  # displaced + 1
    displaced: int = 0
    displaced_owner: str | None = None  # whose workers were displaced (may be `player`)


class Bought(_Event):
    """A tunnel tile bought (R-FAC-1/2): the cube on each new cart, -1 for an empty one."""

    kind: Literal["bought"] = "bought"
    player: str
    tile: int
    price: int
    carts: tuple[int, ...]

    @property
    def supply_short(self) -> bool:
        """True when a cart did not get coal of the tile's colour (R-FAC-2)."""
        return any(cube != TILES[self.tile].colour for cube in self.carts)


class Drew(_Event):
    """The top tiles or order cards of a deck, seen by `player` only (R-FAC-5, R-ORD-2, R-VIS-2)."""

    kind: Literal["drew"] = "drew"
    player: str
    deck: Deck
    count: int


class Kept(_Event):
    """The choice after a draw: kept one item or none; the rest back on top or at the bottom.

    `card` is the kept order card (public: it is now an outstanding order); a kept tile is
    announced by the `Bought` event before this one.
    """

    kind: Literal["kept"] = "kept"
    player: str
    deck: Deck
    kept: bool
    card: int | None = None
    returned: int
    to: Literal["top", "bottom"]


class FilledOrder(_Event):
    """The cubes one mining turn put on one order, spot by spot (two for a substitution)."""

    card: int
    cubes: tuple[tuple[int, ...], ...]


class Mined(_Event):
    """A mining turn (R-MINE-1..8): cubes loaded and stored by colour, orders filled."""

    kind: Literal["mined"] = "mined"
    player: str
    steps: int
    loaded: tuple[int, int, int, int]
    filled: tuple[FilledOrder, ...]
    stored: tuple[int, int, int, int]


class Delivered(_Event):
    """Complete orders of one vehicle delivered at once (R-DEL-1)."""

    kind: Literal["delivered"] = "delivered"
    player: str
    vehicle: str
    cards: tuple[int, ...]
    vp: int


class TookMoney(_Event):
    kind: Literal["money"] = "money"
    player: str
    amount: int


class TookOrder(_Event):
    """An order card taken from an order space (R-ORD-1)."""

    kind: Literal["order"] = "order"
    player: str
    card: int


class Banked(_Event):
    """One worker on the bank for 1 mark (R-TURN-4)."""

    kind: Literal["bank"] = "bank"
    player: str


class Drafted(_Event):
    """An order card taken in the opening draft (R-SETUP-5)."""

    kind: Literal["drafted"] = "drafted"
    player: str
    card: int


class DraftOver(_Event):
    """The draft ended; shift 1 begins with the start player (R-SETUP-6)."""

    kind: Literal["draft_over"] = "draft_over"
    start_player: str


class PlayerVP(_Event):
    player: str
    vp: int


class ShiftScored(_Event):
    """A shift was scored (R-SHIFT-1..5): the VP each player gained, in seat order."""

    kind: Literal["shift_scored"] = "shift_scored"
    shift: int
    gains: tuple[PlayerVP, ...]


class StartPlayer(_Event):
    """The start player changed (R-SHIFT-6)."""

    kind: Literal["start_player"] = "start_player"
    player: str


class ShiftStarted(_Event):
    kind: Literal["shift_started"] = "shift_started"
    shift: int
    start_player: str


class GameOver(_Event):
    """The game ended (R-END-1..5): winners (more than one share the victory), final VP."""

    kind: Literal["game_over"] = "game_over"
    winners: tuple[str, ...]
    scores: tuple[PlayerVP, ...]


class TookBack(_Event):
    """A player took back their last move, with the computers' moves after it (`replies`, their
    players in order): the game is as it was before it (`rules.record.undo_text`)."""

    kind: Literal["took_back"] = "took_back"
    player: str
    replies: tuple[str, ...] = ()


Event = Annotated[
    Placed
    | Bought
    | Drew
    | Kept
    | Mined
    | Delivered
    | TookMoney
    | TookOrder
    | Banked
    | Drafted
    | DraftOver
    | ShiftScored
    | StartPlayer
    | ShiftStarted
    | GameOver
    | TookBack,
    Field(discriminator="kind"),
]

EVENTS: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def actor(event: Event) -> str | None:
    """The player an event is about, or None for the table's events (scoring, a new shift)."""
    return getattr(event, "player", None)
