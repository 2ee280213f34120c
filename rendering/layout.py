"""Where everything goes on the board image (`/coal board`) and a pit's image (`/coal pit`): boxes computed
from the state, shared by the drawing and the tests.

The renderer draws exactly at these boxes, so a test can probe a pixel (`Box.probe`) and
compare it with what the state says: a cart's cube, the cage's level, a worker space's owner.
All sizes are for a unit scale `u` (1.0 on the board image, larger for `/coal pit`). The shapes and the
band over the worker spaces are `rendering.geometry`'s, a pit's boxes `rendering.pit_layout`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.components import DELIVER, FACTORY, LOCKED, MINE, ORDER, ORDER_CARDS, SPACES, TILES, VEHICLES, Space
from rules.state import GameState

from .geometry import (
    CARD_H,
    CARD_W,
    MARGIN,
    TILE_H,
    WIDTH,
    Banded,
    Box,
    band_kind,
    box,
    card_spot_box,
    cart_cube_box,
    tile_cart_slot,
    tile_width,
)
from .pit_layout import PitLayout

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


@dataclass
class BoardLayout(Banded):
    """Every box of the board image for a state (the pits' boxes depend on their tiles)."""

    state: GameState
    players: int = 0
    band: str | None = None  # see band_kind
    space_cells: ClassVar[dict[int, tuple[int, int]]] = SPACE_CELL

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

    def band_item_box(self, k: int) -> Box:
        """Draft card or drawn item k (0-based) in the band: a card, or a tile with its price below."""
        band = self.band_box
        assert band is not None
        count = self.band_count()
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
