"""Where everything goes in a player's pit (the board image's rows and `/coal pit`): the header, the levels
with their carts and tiles, the shaft and cage, storage, the tunnel balance, orders and delivered cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.components import ORDER_CARDS, TILES
from rules.state import Player

from .geometry import (
    CARD_H,
    CARD_W,
    CART_PITCH,
    CUBE,
    TILE_GAP,
    TILE_H,
    Box,
    box,
    card_spot_box,
    cart_cube_box,
    tile_cart_slot,
    tile_width,
)

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
