"""The game state: everything about one game of Coal Baron, as pydantic models.

The state is complete (deck order and the random generator included), so a game saved as
JSON and loaded again continues exactly. Pieces are integers into the tables of
`rules.components`: tiles 0-47, order cards 0-43, colours 0-3 (yellow, brown, grey, black),
seats 0..n-1 clockwise.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .components import CAGE_CAPACITY, TILES

Phase = Literal["draft", "turn", "draw", "over"]

_set = object.__setattr__


M = TypeVar("M", bound=BaseModel)


def copy_model(model: M, update: dict[str, Any]) -> M:
    """A shallow copy of a pydantic model with some fields replaced.

    The same as `model.model_copy(update=update)` for our models (no extras, no private
    attributes) at a third of the cost: `apply` copies what it changes on every action,
    and computer players apply thousands of actions per move.
    """
    new = model.__class__.__new__(model.__class__)
    fields = model.__dict__.copy()
    fields.update(update)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


class GameOptions(BaseModel):
    """Choices made when the game is set up."""

    model_config = ConfigDict(frozen=True)

    delivered: Literal["own", "all"] = "own"  # R-VIS-1: who sees delivered orders


class Order(BaseModel):
    """An outstanding order card in a player's pit, with the cubes on its spots."""

    card: int
    # Cubes on each spot: [] empty, [c] filled, [c1, c2] filled by substitution (R-MINE-7).
    spots: list[list[int]]

    @property
    def complete(self) -> bool:
        return all(self.spots)

    def cube_count(self) -> int:
        return sum(len(s) for s in self.spots)

    def with_spot(self, spot: int, cubes: list[int]) -> Order:
        """This order with spot `spot` (0-based) holding `cubes`: a new order, this one unchanged (orders
        are shared between the states of a game that did not change them)."""
        spots = self.spots[:]
        spots[spot] = cubes
        return copy_model(self, {"spots": spots})


class Player(BaseModel):
    """One player's seat: supply of workers, money, VP and pit."""

    name: str
    workers: int  # in hand, not yet placed this shift
    marks: int
    vp: int = 0
    cage_level: int = 0  # 0 surface, 1..4 tunnel levels yellow..black
    cage: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])  # cubes by colour
    storage: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])  # cubes by colour
    # Carts by level (index = colour). Each cart holds a cube colour or -1 when empty.
    # carts[l][0] is the printed starting cart (R-PIT-1); then the carts of this level's
    # tiles, in the order the tiles were bought.
    carts: list[list[int]] = Field(default_factory=lambda: [[0], [1], [2], [3]])
    tiles: list[int] = Field(default_factory=list)  # tunnel tiles, in purchase order
    orders: list[Order] = Field(default_factory=list)  # outstanding, numbered 1.. in the pit
    delivered: list[int] = Field(default_factory=list)  # delivered cards (-1 when hidden)

    def clone(self) -> Player:
        """A copy that may be changed freely without touching this player. Its orders are shared until
        one changes: an order is replaced, never changed in place (`with_spot`)."""
        return copy_model(
            self,
            {
                "cage": self.cage[:],
                "storage": self.storage[:],
                "carts": [level[:] for level in self.carts],
                "orders": self.orders[:],
                "tiles": self.tiles[:],
                "delivered": self.delivered[:],
            },
        )

    def cubes_owned(self) -> int:
        """Cubes anywhere in the pit (R-END-2): carts, cage, storage, outstanding orders."""
        on_carts = sum(len(level) - level.count(-1) for level in self.carts)  # -1: an empty cart
        return on_carts + sum(self.cage) + sum(self.storage) + sum(o.cube_count() for o in self.orders)

    def cage_free(self) -> int:
        return CAGE_CAPACITY - sum(self.cage)

    def tiles_by_side(self) -> tuple[int, int]:
        """(light, dark) tunnel tiles in the pit (R-END-4)."""
        dark = sum(1 for t in self.tiles if TILES[t].dark)
        return len(self.tiles) - dark, dark


class Pending(BaseModel):
    """A draw-space choice waiting for the acting player (R-FAC-5, R-ORD-2)."""

    kind: Literal["tile", "order"]
    cards: list[int]  # the drawn tiles or order cards, in drawn order (-1 when hidden)


class ElementScore(BaseModel):
    element: int  # 1..12 on the shift clock
    counts: list[int]  # by seat
    vp: list[int]  # by seat


class ShiftResult(BaseModel):
    shift: int
    elements: list[ElementScore]
    start_player: int  # start player for the next shift (R-SHIFT-6)
    # Delivered orders by seat when the shift was scored: public, as their number always is (R-VIS-1);
    # with the counts it tells which of a player's face-down cards the counts were of. Empty in games
    # saved before it was kept.
    delivered: list[int] = Field(default_factory=list)


class FinalScore(BaseModel):
    """One player's end-of-game components (R-END-1..4)."""

    marks_vp: int
    marks_left: int
    cubes: int
    cubes_vp: int
    orders_left: int
    orders_vp: int  # <= 0
    light_tiles: int
    dark_tiles: int
    balance_vp: int  # <= 0


class GameState(BaseModel):
    """One game of Coal Baron, from setup to the end."""

    seed: int
    options: GameOptions = GameOptions()
    rng: int  # generator state (rules.rng); advanced only during setup
    phase: Phase
    shift: int = 1
    turn: int = 0  # actions applied so far
    start_player: int
    current: int  # seat whose decision is pending (draft, turn or draw choice)
    players: list[Player]
    supply: list[int]  # cubes by colour
    tile_deck: list[int]  # top first (-1 when hidden)
    order_deck: list[int]  # top first (-1 when hidden)
    factory: list[int | None]  # tiles on factory spaces 1-8 (None: empty or locked)
    order_spaces: list[int | None]  # order cards on order spaces 1-4
    space_owner: list[int]  # by space index (components.SPACES): seat, or -1 when empty
    space_workers: list[int]  # by space index: workers on it
    bank: list[int]  # workers on the bank, by seat
    canteen: list[int]  # displaced workers, by seat
    draft_cards: list[int | None] = Field(default_factory=list)  # face-up, None once taken
    draft_order: list[int] = Field(default_factory=list)  # seats still to pick, in order
    pending: Pending | None = None
    shift_results: list[ShiftResult] = Field(default_factory=list)
    final: list[FinalScore] | None = None  # by seat, once the game is over
    winners: list[int] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def to_move(self) -> str | None:
        """Name of the player whose decision is pending; None once the game is over."""
        if self.phase == "over":
            return None
        return self.players[self.current].name

    def seat_of(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def cube_total(self) -> int:
        """Every cube in the game (R-COMP-1): always 64."""
        return sum(self.supply) + sum(p.cubes_owned() for p in self.players)

    def workers_placed(self, seat: int) -> int:
        on_spaces = sum(w for o, w in zip(self.space_owner, self.space_workers, strict=True) if o == seat)
        return on_spaces + self.bank[seat] + self.canteen[seat]


__all__ = [
    "ElementScore",
    "FinalScore",
    "GameOptions",
    "GameState",
    "Order",
    "Pending",
    "Phase",
    "Player",
    "ShiftResult",
]
