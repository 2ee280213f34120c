"""Where everything goes on the images: boxes computed from the state, shared by the drawing and the tests.

The renderer draws exactly at these boxes, so a test can probe a pixel (`Box.probe`) and
compare it with what the state says: a cart's cube, the cage's level, a worker space's owner.
All sizes are for a unit scale `u` (1.0 on the board image, larger for `/coal pit`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from rules.components import DELIVER, FACTORY, LOCKED, MINE, ORDER, ORDER_CARDS, SPACES, TILES, VEHICLES, Space
from rules.state import GameState, Player

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


# --- a player's pit ----------------------------------------------------------------------------

HEADER_H = 42
SURFACE_H = 52
ROW_H = 62
BADGE_W = 44
SIDE_W = 366
START_W = 52
SHAFT_W = 188
BLOCK_W = BADGE_W + SIDE_W + START_W + SHAFT_W + SIDE_W
CAGE_W = 178
CAGE_H = 42
CAGE_SLOT = 30
CAGE_PITCH = 34
PIT_ROW_H = HEADER_H + SURFACE_H + 4 * ROW_H + 10
ORDER_GAP = 8
DELIVERED_SCALE = 0.6


@dataclass(frozen=True, slots=True)
class TilePlace:
    """Where one tunnel tile of a pit is drawn, and which of the level's carts it holds."""

    tile: int
    level: int  # 0..3 (colour)
    dark: bool
    box: Box
    first_cart: int  # index into player.carts[level]
    carts: int


# The stats in a pit's header, left to right: VP, marks, workers in hand, orders outstanding, delivered.
HEADER_STATS = ("vp", "marks", "workers", "orders", "delivered")


@dataclass
class PitLayout:
    """The boxes of one player's pit, drawn from its top-left corner (x, y) at unit scale `u`.

    arrangement "row": the levels on the left, the orders on the right (the board image);
    "stack": the orders below the levels (the larger `/coal pit` image).
    """

    player: Player
    seat: int
    x: int
    y: int
    width: int
    u: float = 1.0
    arrangement: str = "row"
    rows: tuple[int, int] | None = None  # "stack": rows of orders and of delivered cards (default: as needed)
    # Computed by __post_init__: how many order / delivered cards fit, and the pit's height.
    order_cols: int = field(init=False, default=0)
    order_rows: int = field(init=False, default=0)
    delivered_cols: int = field(init=False, default=0)
    delivered_rows: int = field(init=False, default=0)
    height: int = field(init=False, default=0)
    _tiles: list[TilePlace] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        u = self.u
        if self.arrangement == "row":
            panel_w = self.width - round((10 + BLOCK_W + 20 + 8) * u)
            self.order_cols = max(1, int((panel_w + ORDER_GAP * u) // ((CARD_W + ORDER_GAP) * u)))
            self.order_rows = 2
            self.delivered_cols = max(1, int((panel_w - 44 * u) // ((CARD_W * DELIVERED_SCALE + 6) * u)))
            self.delivered_rows = 1
            self.height = round(PIT_ROW_H * u)
        else:
            inner = self.width - round(20 * u)
            self.order_cols = max(1, int((inner + ORDER_GAP * u) // ((CARD_W + ORDER_GAP) * u)))
            self.delivered_cols = max(1, int((inner - 44 * u) // ((CARD_W * DELIVERED_SCALE + 6) * u)))
            if self.rows is None:
                self.rows = (
                    max(1, -(-len(self.player.orders) // self.order_cols)),
                    max(1, -(-len(self.player.delivered) // self.delivered_cols)),
                )
            self.order_rows, self.delivered_rows = self.rows
            self.height = (
                self.orders_top
                - self.y
                + round(self.order_rows * (CARD_H + ORDER_GAP) * u)
                + round((self.delivered_rows * (CARD_H * DELIVERED_SCALE + 6) + 24) * u)
            )
        self._tiles = self._place_tiles()

    @property
    def order_slots(self) -> int:
        return self.order_cols * self.order_rows

    @property
    def delivered_slots(self) -> int:
        return self.delivered_cols * self.delivered_rows

    def s(self, v: float) -> int:
        return round(v * self.u)

    # frame
    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.x + self.width, self.y + self.height)

    @property
    def header_box(self) -> Box:
        return Box(self.x, self.y, self.x + self.width, self.y + self.s(HEADER_H))

    def stat_box(self, stat: str) -> Box:
        """Where the header draws a stat's icon (`HEADER_STATS`), its number right after it."""
        k = HEADER_STATS.index(stat)
        x = self.header_box.x0 + self.s(420) + k * self.s(110)
        cy = self.header_box.center[1]
        return Box(x, cy - self.s(14), x + self.s(28), cy + self.s(14))

    @property
    def block_x(self) -> int:
        return self.x + self.s(10)

    @property
    def block_y(self) -> int:
        return self.y + self.s(HEADER_H)

    @property
    def levels_box(self) -> Box:
        return Box(self.block_x, self.block_y, self.block_x + self.s(BLOCK_W), self.row_box(4).y1)

    def row_box(self, level: int) -> Box:
        """Row of the surface (0) or a tunnel level (1-4 = yellow..black), across the whole block."""
        if level == 0:
            y0, h = self.block_y, SURFACE_H
        else:
            y0, h = self.block_y + self.s(SURFACE_H + (level - 1) * ROW_H), ROW_H
        return Box(self.block_x, y0, self.block_x + self.s(BLOCK_W), y0 + self.s(h))

    def level_y(self, level: int) -> int:
        """The middle of a row: where the cage's centre is when it is at that level (cage_level_y)."""
        return self.row_box(level).center[1]

    def _col(self, start: float, width: float, level: int) -> Box:
        row = self.row_box(level)
        x0 = self.block_x + self.s(start)
        return Box(x0, row.y0, x0 + self.s(width), row.y1)

    def badge_box(self, level: int) -> Box:
        return self._col(0, BADGE_W, level)

    def light_box(self, level: int) -> Box:
        return self._col(BADGE_W, SIDE_W, level)

    def start_box(self, level: int) -> Box:
        """The printed starting cart's place (R-PIT-1), between the light side and the shaft."""
        return self._col(BADGE_W + SIDE_W, START_W, level)

    def dark_box(self, level: int) -> Box:
        return self._col(BADGE_W + SIDE_W + START_W + SHAFT_W, SIDE_W, level)

    @property
    def shaft_box(self) -> Box:
        x0 = self.block_x + self.s(BADGE_W + SIDE_W + START_W)
        return Box(x0, self.row_box(0).y0, x0 + self.s(SHAFT_W), self.row_box(4).y1)

    def level_badge_box(self, level: int) -> Box:
        c = self.badge_box(level).center
        size = self.s(30)
        return Box(c[0] - size // 2, c[1] - size // 2, c[0] - size // 2 + size, c[1] - size // 2 + size)

    # the cage
    def cage_box(self, level: int | None = None) -> Box:
        """The cage's frame at `level` (default: where the player's cage is)."""
        level = self.player.cage_level if level is None else level
        cx, cy = self.shaft_box.center[0], self.level_y(level)
        w, h = self.s(CAGE_W), self.s(CAGE_H)
        return Box(cx - w // 2, cy - h // 2, cx - w // 2 + w, cy - h // 2 + h)

    def cage_slot_box(self, k: int, level: int | None = None) -> Box:
        """Place k (0-4) in the cage; cubes fill the places in colour order (yellow first)."""
        cage = self.cage_box(level)
        size, pitch = self.s(CAGE_SLOT), self.u * CAGE_PITCH
        row_w = pitch * 4 + size
        x = cage.x0 + (cage.w - row_w) / 2 + pitch * k
        return box(x, cage.y0 + (cage.h - size) / 2, size, size)

    # carts and tiles
    def _place_tiles(self) -> list[TilePlace]:
        places = []
        p = self.player
        for level in range(4):
            level_tiles = [t for t in p.tiles if TILES[t].colour == level]
            cart_index = 1
            runs: dict[bool, list[tuple[int, int, int]]] = {False: [], True: []}
            for t in level_tiles:
                tile = TILES[t]
                runs[tile.dark].append((t, cart_index, tile.carts))
                cart_index += tile.carts
            for dark, run in runs.items():
                area = self.dark_box(level + 1) if dark else self.light_box(level + 1)
                gap = self.u * TILE_GAP
                need = sum(tile_width(n) * self.u for _, _, n in run) + gap * (len(run) + 1)
                f = min(1.0, area.w / need) if run else 1.0
                pos = area.x0 + gap * f if dark else area.x1 - gap * f
                h = TILE_H * self.u * f
                y = area.y0 + (area.h - h) / 2
                for t, first, n in run:
                    w = tile_width(n) * self.u * f
                    x = pos if dark else pos - w
                    pos = pos + w + gap * f if dark else pos - w - gap * f
                    places.append(TilePlace(t, level, dark, box(x, y, w, h), first, n))
        return places

    @property
    def tiles(self) -> list[TilePlace]:
        return self._tiles

    def cart_slot_box(self, level: int, index: int) -> Box:
        """The slot of cart `index` of a level (0-3 = yellow..black); index 0 is the printed cart."""
        if index == 0:
            area = self.start_box(level + 1)
            w, h = self.s(CART_PITCH), self.s(TILE_H)
            return box(area.x0 + (area.w - w) / 2, area.y0 + (area.h - h) / 2, w, h)
        for place in self._tiles:
            if place.level == level and place.first_cart <= index < place.first_cart + place.carts:
                return tile_cart_slot(place.box, place.carts, index - place.first_cart)
        raise IndexError(f"level {level} has no cart {index}")

    def cart_box(self, level: int, index: int) -> Box:
        """Where cart `index`'s cube is drawn (or its empty place)."""
        return cart_cube_box(self.cart_slot_box(level, index))

    def cart_center(self, level: int, index: int) -> tuple[int, int]:
        return self.cart_box(level, index).center

    # storage and the balance, in the surface row
    @property
    def storage_box(self) -> Box:
        return self.light_box(0).inset(self.s(4))

    def storage_cube_box(self, colour: int) -> Box:
        area = self.storage_box
        size = self.s(CUBE)
        x = area.x0 + self.s(56) + colour * self.s(74)
        return box(x, area.y0 + (area.h - size) / 2, size, size)

    @property
    def balance_box(self) -> Box:
        return self.dark_box(0).inset(self.s(4))

    # orders
    @property
    def orders_left(self) -> int:
        if self.arrangement == "row":
            return self.block_x + self.s(BLOCK_W + 20)
        return self.block_x

    @property
    def orders_top(self) -> int:
        if self.arrangement == "row":
            return self.y + self.s(HEADER_H + 4)
        return self.row_box(4).y1 + self.s(14)

    def order_card_box(self, k: int) -> Box | None:
        """Outstanding order k (1-based, as numbered in the pit); None when it does not fit (shown as +n)."""
        n = len(self.player.orders)
        if not 1 <= k <= n:
            raise IndexError(f"no order {k}")
        if n > self.order_slots and k >= self.order_slots:
            return None
        return self.order_slot_box(k - 1)

    def order_slot_box(self, j: int) -> Box:
        row, col = divmod(j, self.order_cols)
        x = self.orders_left + col * (CARD_W + ORDER_GAP) * self.u
        y = self.orders_top + row * (CARD_H + ORDER_GAP) * self.u
        return box(x, y, CARD_W * self.u, CARD_H * self.u)

    def order_spot_box(self, k: int, spot: int) -> Box | None:
        """Spot `spot` (1-based) of outstanding order k (1-based)."""
        card = self.order_card_box(k)
        if card is None:
            return None
        spots = len(ORDER_CARDS[self.player.orders[k - 1].card].spots)
        return card_spot_box(card, spots, spot - 1)

    def order_spot_center(self, k: int, spot: int) -> tuple[int, int] | None:
        b = self.order_spot_box(k, spot)
        return None if b is None else b.center

    @property
    def delivered_top(self) -> int:
        return self.orders_top + round(self.order_rows * (CARD_H + ORDER_GAP) * self.u) + self.s(2)

    @property
    def delivered_box(self) -> Box:
        """The delivered orders (face up for whoever may see them, else backs)."""
        x1 = self.x + self.width - self.s(8)
        h = self.delivered_rows * (CARD_H * DELIVERED_SCALE + 6) * self.u
        return Box(self.orders_left, self.delivered_top, x1, self.delivered_top + round(h))

    def delivered_card_box(self, j: int) -> Box:
        """Delivered card j (0-based) in its slot."""
        row, col = divmod(j, self.delivered_cols)
        w, h = CARD_W * DELIVERED_SCALE * self.u, CARD_H * DELIVERED_SCALE * self.u
        x = self.orders_left + self.s(44) + col * (w + 6 * self.u)
        y = self.delivered_top + self.s(3) + row * (h + 6 * self.u)
        return box(x, y, w, h)


# --- the board image -------------------------------------------------------------------------

CELL_W = 118
CELL_GAP = 6
CELL_LABEL_H = 30
CELL_WORKER_H = 42
ROW_CONTENT_H = {"factory": 96, "order": 104, "mine": 56}
ROW_GAP = 12
RIGHT_X = MARGIN + 9 * CELL_W + 8 * CELL_GAP + 18
RIGHT_W = WIDTH - MARGIN - RIGHT_X
CLOCK_ROW_H = 62
CLOCK_LABEL_W = 44
TABLE_HEAD_H = 34
TABLE_ROW_H = 46
BAND_COLS = 7
BAND_ICON_W = 130


def _cell_of(space: Space) -> tuple[int, int]:
    """(row, column) of a worker space's cell: factory row; orders and deliveries; mining and money."""
    if space.group == FACTORY:
        return 0, 8 if space.is_draw else int(space.value) - 1
    if space.group == ORDER:
        return 1, 4 if space.is_draw else int(space.value) - 1
    if space.group == DELIVER:
        return 1, 5 + VEHICLES.index(str(space.value))
    if space.group == MINE:
        return 2, (4, 6, 8, 10).index(int(space.value))
    return 2, 4 + (3, 4, 5, 6).index(int(space.value))


SPACE_CELL: dict[int, tuple[int, int]] = {s.index: _cell_of(s) for s in SPACES}
BANK_CELL = (2, 8)  # the bank, after the money spaces
ROW_GROUP = ("factory", "order", "mine")


def _row_top(row: int) -> int:
    y = MARGIN
    for r in range(row):
        y += CELL_LABEL_H + ROW_CONTENT_H[ROW_GROUP[r]] + CELL_WORKER_H + ROW_GAP
    return y


BOARD_H = _row_top(3) - ROW_GAP


def cell_box(row: int, col: int) -> Box:
    x = MARGIN + col * (CELL_W + CELL_GAP)
    y = _row_top(row)
    return Box(x, y, x + CELL_W, y + CELL_LABEL_H + ROW_CONTENT_H[ROW_GROUP[row]] + CELL_WORKER_H)


def cell_label_box(cell: Box) -> Box:
    return Box(cell.x0, cell.y0, cell.x1, cell.y0 + CELL_LABEL_H)


def cell_content_box(cell: Box) -> Box:
    return Box(cell.x0, cell.y0 + CELL_LABEL_H, cell.x1, cell.y1 - CELL_WORKER_H)


def cell_worker_box(cell: Box) -> Box:
    return Box(cell.x0, cell.y1 - CELL_WORKER_H, cell.x1, cell.y1)


def figure_point(figure: Box) -> tuple[int, int]:
    """A pixel in the body of a worker figure drawn in `figure`: it has the seat's colour."""
    return figure.center[0], figure.y0 + round(figure.h * 0.72)


def worker_icon_box(strip: Box, size: int = 30) -> Box:
    """The worker figure in a space's worker strip (the number of workers is written to its right)."""
    x = strip.x0 + strip.w // 2 - size - 2
    y = strip.y0 + (strip.h - size) // 2
    return Box(x, y, x + size, y + size)


def band_kind(state: GameState) -> str | None:
    """What the band over the lower board rows shows: "draft" cards, "draw"n tiles or cards, or nothing."""
    if state.phase == "draft":
        return "draft"
    if state.phase == "draw" and state.pending is not None:
        return "draw"
    return None


@dataclass
class BoardLayout:
    """Every box of the board image for a state (the pits' boxes depend on their tiles)."""

    state: GameState
    players: int = 0
    band: str | None = None  # see band_kind

    def __post_init__(self) -> None:
        self.players = len(self.state.players)
        self.band = band_kind(self.state)

    # the worker spaces
    @cached_property
    def locked(self) -> frozenset[int]:
        return LOCKED[self.players]

    def space_box(self, index: int) -> Box:
        """The cell of worker space `index` (rules.components.SPACES)."""
        return cell_box(*SPACE_CELL[index])

    def space_worker_box(self, index: int) -> Box:
        """The worker figure of a space: painted in the owner's seat colour when workers are there."""
        return worker_icon_box(cell_worker_box(self.space_box(index)))

    def space_worker_point(self, index: int) -> tuple[int, int]:
        """A pixel of the space's worker figure: the owner's seat colour, or the empty-space grey."""
        return figure_point(self.space_worker_box(index))

    @property
    def bank_box(self) -> Box:
        return cell_box(*BANK_CELL)

    def bank_worker_box(self, seat: int) -> Box:
        content = Box(self.bank_box.x0, self.bank_box.y0 + CELL_LABEL_H, self.bank_box.x1, self.bank_box.y1)
        row, col = divmod(seat, 2)
        w, h = content.w // 2, content.h // 2
        size = 24
        x = content.x0 + col * w + 6
        y = content.y0 + row * h + (h - size) // 2
        return Box(x, y, x + size, y + size)

    def bank_worker_point(self, seat: int) -> tuple[int, int]:
        return figure_point(self.bank_worker_box(seat))

    def factory_cube_box(self, k: int, cart: int) -> Box:
        """The cube on cart `cart` (0-based) of the tile on display at factory space k (1-8)."""
        tile_id = self.state.factory[k - 1]
        assert tile_id is not None, f"no tile on factory space {k}"
        tile = TILES[tile_id]
        slot = tile_cart_slot(self.factory_tile_box(k, tile.carts), tile.carts, cart)
        return cart_cube_box(slot)

    def factory_tile_box(self, k: int, carts: int = 2) -> Box:
        """The tile shown on factory space k (1-8), for a tile of `carts` carts."""
        content = cell_content_box(cell_box(0, k - 1))
        return tile_in(content, carts, 1.2)

    def order_space_card_box(self, k: int) -> Box:
        """The order card shown on order space k (1-4)."""
        content = cell_content_box(cell_box(1, k - 1))
        return card_in(content, 0.9)

    def order_space_spot_box(self, k: int, spot: int) -> Box:
        card = self.state.order_spaces[k - 1]
        assert card is not None, f"no card on order space {k}"
        return card_spot_box(self.order_space_card_box(k), len(ORDER_CARDS[card].spots), spot - 1)

    def deck_box(self, kind: str) -> Box:
        """The deck on a draw space ("tile" or "order"), with its size written on it."""
        cell = cell_box(0, 8) if kind == "tile" else cell_box(1, 4)
        return cell_content_box(cell).inset(10, 8)

    # the right column
    def clock_row_box(self, shift: int) -> Box:
        y = MARGIN + (shift - 1) * CLOCK_ROW_H
        return Box(RIGHT_X, y, RIGHT_X + RIGHT_W, y + CLOCK_ROW_H - 4)

    def clock_shift_box(self, shift: int) -> Box:
        """The shift number at the left of a clock row: filled when it is the current shift."""
        row = self.clock_row_box(shift)
        return Box(row.x0, row.y0, row.x0 + CLOCK_LABEL_W - 4, row.y1)

    def clock_cell_box(self, element: int) -> Box:
        """Clock element 1-12: row = the shift it joins, framed when it scores at the end of this shift."""
        shift, col = divmod(element - 1, 4)
        row = self.clock_row_box(shift + 1)
        w = (RIGHT_W - CLOCK_LABEL_W - 3 * 4) / 4
        x = row.x0 + CLOCK_LABEL_W + col * (w + 4)
        return box(x, row.y0, w, row.h)

    @property
    def table_top(self) -> int:
        return MARGIN + 3 * CLOCK_ROW_H + 10

    @property
    def table_box(self) -> Box:
        return Box(RIGHT_X, self.table_top, RIGHT_X + RIGHT_W, self.table_top + TABLE_HEAD_H + 4 * TABLE_ROW_H)

    def table_row_box(self, seat: int) -> Box:
        y = self.table_top + TABLE_HEAD_H + seat * TABLE_ROW_H
        return Box(RIGHT_X, y, RIGHT_X + RIGHT_W, y + TABLE_ROW_H - 4)

    TABLE_COLS = (0, 116, 194, 262, 326, 388)  # x offsets: seat, VP, marks, workers, bank, canteen

    def table_cell_box(self, seat: int | None, col: int) -> Box:
        """Column col of the VP table (0 seat, 1 VP, 2 marks, 3 workers in hand, 4 bank, 5 canteen)."""
        row = (
            Box(RIGHT_X, self.table_top, RIGHT_X + RIGHT_W, self.table_top + TABLE_HEAD_H - 4)
            if seat is None
            else self.table_row_box(seat)
        )
        cols = self.TABLE_COLS + (RIGHT_W,)
        return Box(row.x0 + cols[col], row.y0, row.x0 + cols[col + 1], row.y1)

    # the band (draft cards or drawn items), laid over board rows that cannot be used meanwhile
    @property
    def band_box(self) -> Box | None:
        """The draft covers the order/delivery and mining/money rows (nobody has placed a worker yet);
        a draw choice covers the mining/money row for the moment it takes."""
        if self.band is None:
            return None
        top = cell_box(1 if self.band == "draft" else 2, 0).y0
        bottom = cell_box(2, 0).y1
        return Box(MARGIN, top, MARGIN + 9 * CELL_W + 8 * CELL_GAP, bottom)

    @cached_property
    def covered_spaces(self) -> frozenset[int]:
        """Worker spaces under the band (their workers are not drawn while it is shown)."""
        band = self.band_box
        if band is None:
            return frozenset()
        return frozenset(i for i in SPACE_CELL if band.contains(*self.space_box(i).center))

    @property
    def bank_covered(self) -> bool:
        band = self.band_box
        return band is not None and band.contains(*self.bank_box.center)

    def band_item_box(self, k: int) -> Box:
        """Draft card or drawn item k (0-based) in the band: a card, or a tile with its price below."""
        band = self.band_box
        assert band is not None
        count = self._band_count()
        rows = 1 if count <= BAND_COLS else 2
        cols = -(-count // rows)
        row, col = divmod(k, cols)
        k_card = 1.0 if self.band == "draft" else 0.9
        w, h = CARD_W * k_card, CARD_H * k_card
        pitch_x, pitch_y = w + 14, h + 30
        left = band.x0 + BAND_ICON_W
        x = left + (band.x1 - left - (pitch_x * cols - 14)) / 2 + col * pitch_x
        y = band.y0 + (band.h - (pitch_y * rows - 30)) / 2 + 10 + row * pitch_y
        return box(x, y, w, h)

    def _band_count(self) -> int:
        if self.band == "draft":
            return len(self.state.draft_cards)
        if self.band == "draw" and self.state.pending is not None:
            return len(self.state.pending.cards)
        return 0

    # the pits
    @property
    def pits_top(self) -> int:
        return BOARD_H + 16

    @cached_property
    def pits(self) -> list[PitLayout]:
        out = []
        y = self.pits_top
        for seat, p in enumerate(self.state.players):
            pit = PitLayout(p, seat, MARGIN, y, WIDTH - 2 * MARGIN)
            out.append(pit)
            y += pit.height + 12
        return out

    def pit(self, seat: int) -> PitLayout:
        return self.pits[seat]

    @property
    def size(self) -> tuple[int, int]:
        return WIDTH, self.pits[-1].box.y1 + MARGIN

    # conveniences named for the tests
    def cart_center(self, seat: int, level: int, index: int) -> tuple[int, int]:
        return self.pits[seat].cart_center(level, index)

    def cart_box(self, seat: int, level: int, index: int) -> Box:
        return self.pits[seat].cart_box(level, index)

    def cage_box(self, seat: int) -> Box:
        return self.pits[seat].cage_box()

    def cage_level_y(self, seat: int, level: int) -> int:
        return self.pits[seat].level_y(level)

    def order_spot_center(self, seat: int, order: int, spot: int) -> tuple[int, int] | None:
        return self.pits[seat].order_spot_center(order, spot)


def tile_in(area: Box, carts: int, k: float) -> Box:
    w, h = tile_width(carts) * k, TILE_H * k
    return box(area.x0 + (area.w - w) / 2, area.y0 + (area.h - h) / 2, w, h)


def card_in(area: Box, k: float) -> Box:
    w, h = CARD_W * k, CARD_H * k
    return box(area.x0 + (area.w - w) / 2, area.y0 + (area.h - h) / 2, w, h)


def board_layout(state: GameState) -> BoardLayout:
    """The layout `render_board` uses for `state` (the same for any viewer)."""
    return BoardLayout(state)


PIT_IMAGE_SCALE = 1.5


def pit_image_layout(state: GameState, seat: int) -> PitLayout:
    """The layout `render_pit` uses: one pit at a larger scale, the orders below the levels."""
    return PitLayout(state.players[seat], seat, MARGIN, MARGIN, WIDTH - 2 * MARGIN, PIT_IMAGE_SCALE, "stack")
