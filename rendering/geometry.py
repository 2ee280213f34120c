"""The geometry every image shares: boxes (`Box`, with the pixel a test probes), the tile and card shapes,
and the band over the worker spaces (draft cards or drawn items) with what it covers — for the board image
(`rendering.layout`), a pit (`rendering.pit_layout`) and the turn image (`rendering.turn_layout`)."""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar, NamedTuple

from rules.state import GameState

WIDTH = 1600
MARGIN = 12

# --- boxes ---------------------------------------------------------------------------------


class Box(NamedTuple):
    """A rectangle in pixels, x1/y1 exclusive (a named tuple: cheap to make, hashable)."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    @property
    def h(self) -> int:
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[int, int]:
        return (self.x0 + self.x1) // 2, (self.y0 + self.y1) // 2

    @property
    def probe(self) -> tuple[int, int]:
        """A pixel in the fill of the cube, slot or spot drawn here: near the top-left corner, clear of
        its mark, its rim and its shaded edges."""
        return self.x0 + round(self.w * 0.2), self.y0 + round(self.h * 0.22)

    @property
    def xy(self) -> tuple[int, int, int, int]:
        """For PIL: (x0, y0, x1, y1) with x1/y1 inclusive."""
        return self.x0, self.y0, self.x1 - 1, self.y1 - 1

    def inset(self, dx: int, dy: int | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x0 + dx, self.y0 + dy, self.x1 - dx, self.y1 - dy)

    def contains(self, x: int, y: int) -> bool:
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1


def box(x: float, y: float, w: float, h: float) -> Box:
    x0, y0 = round(x), round(y)
    return Box(x0, y0, x0 + round(w), y0 + round(h))


# --- pieces at unit scale ----------------------------------------------------------------------
# A cart slot is CART_PITCH wide and TILE_H high; its cube sits in the upper part.
CUBE = 30
CART_PITCH = 40
TILE_PAD = 6
TILE_GAP = 6
TILE_H = 54


def tile_width(carts: int) -> int:
    return 2 * TILE_PAD + carts * CART_PITCH


def tile_cart_slot(tile: Box, carts: int, j: int) -> Box:
    """The slot of cart j (0-based) on a tile of `carts` carts drawn in `tile`."""
    k = tile.w / tile_width(carts)
    return box(tile.x0 + (TILE_PAD + j * CART_PITCH) * k, tile.y0, CART_PITCH * k, tile.h)


def cart_cube_box(slot: Box) -> Box:
    """The cube's place in a cart slot (the cube in a cart, or the empty place when it has none)."""
    size = round(slot.w * CUBE / CART_PITCH)
    x = slot.x0 + (slot.w - size) / 2
    return box(x, slot.y0 + slot.h * 4 / TILE_H, size, size)


# Order cards: CARD_W x CARD_H at unit scale; spots in a row at the bottom.
CARD_W = 124
CARD_H = 96
SPOT = 27
SPOT_PITCH = 30


def card_spot_box(card: Box, spots: int, spot: int) -> Box:
    """Spot `spot` (0-based) of `spots` on an order card drawn in `card`."""
    k = card.w / CARD_W
    size, pitch = SPOT * k, SPOT_PITCH * k
    row_w = pitch * (spots - 1) + size
    x = card.x0 + (card.w - row_w) / 2 + pitch * spot
    y = card.y0 + card.h * 0.72 - size / 2
    return box(x, y, size, size)


# --- the band over the worker spaces ---------------------------------------------------------------


def band_kind(state: GameState) -> str | None:
    """What the band over the lower board rows shows: "draft" cards, "draw"n tiles or cards, or nothing."""
    if state.phase == "draft":
        return "draft"
    if state.phase == "draw" and state.pending is not None:
        return "draw"
    return None


class Banded:
    """What a layout with worker spaces and the band over some of them shares: which spaces and whether
    the bank are under the band (their workers are not drawn while it is shown), and how many items it
    shows. The layout gives `state`, `band` (`band_kind`), `band_box`, `space_box`, `bank_box` and
    `space_cells` (the worker spaces it lays out)."""

    state: GameState
    band: str | None

    @property
    def band_box(self) -> Box | None:
        raise NotImplementedError

    @property
    def bank_box(self) -> Box:
        raise NotImplementedError

    def space_box(self, index: int) -> Box:
        raise NotImplementedError

    space_cells: ClassVar[dict[int, tuple[int, int]]]

    @cached_property
    def covered_spaces(self) -> frozenset[int]:
        """Worker spaces under the band (their workers are not drawn while it is shown)."""
        band = self.band_box
        if band is None:
            return frozenset()
        return frozenset(i for i in self.space_cells if band.contains(*self.space_box(i).center))

    @property
    def bank_covered(self) -> bool:
        band = self.band_box
        return band is not None and band.contains(*self.bank_box.center)

    def band_count(self) -> int:
        """How many draft cards or drawn items the band shows."""
        if self.band == "draft":
            return len(self.state.draft_cards)
        if self.band == "draw" and self.state.pending is not None:
            return len(self.state.pending.cards)
        return 0
