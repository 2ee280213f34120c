"""Where everything goes on the turn image (1600 x 1000, landscape, made for Discord's inline box).

Shared by the drawing (`rendering.turn`) and the tests: every box, and every text with its
size (`TurnLayout.texts`), so that a test can measure how tall each text is once Discord scales
the image into its ~550 x 350 box. Three rows of worker spaces on the left, the shift clock on
the right, one compact row per player below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import ClassVar

from rules import new_game
from rules.components import (
    CLOCK,
    FACTORY,
    LOCKED,
    MINE,
    MONEY,
    ORDER,
    ORDER_CARDS,
    SPACES,
    TILES,
)
from rules.state import GameState, Pending

from .geometry import Banded, Box, band_kind
from .layout import BANK_CELL, SPACE_CELL
from .text import fit, font

WIDTH, HEIGHT = 1600, 1000
INLINE = (550, 350)  # Discord's inline box on desktop
INLINE_SCALE = min(INLINE[0] / WIDTH, INLINE[1] / HEIGHT)
M = 12

TEXT = 30  # the smallest text: 10.3 px at the inline scale
BIG = 34

CELL_W, CELL_GAP = 112, 6
LABEL_H, STRIP_H = 44, 48
CONTENT_H = (86, 100, 66)  # factory row, order/delivery row, mining/money row
ROW_GAP = 10
BOARD_X1 = M + 9 * CELL_W + 8 * CELL_GAP
CLOCK_X0 = BOARD_X1 + 18
CLOCK_LABEL_W = 50
CLOCK_GAP = 6
PLAYERS_Y0 = 542
PLAYER_ROW_H, PLAYER_GAP = 104, 8

# x of each column of a player's row, from the row's left edge (and its width)
PLAYER_COLS: dict[str, tuple[int, int]] = {
    "seat": (10, 56),
    "marker": (70, 70),  # whose turn (arrow), start player (flag), winner (trophy)
    "name": (144, 356),
    "vp": (506, 120),
    "marks": (630, 110),
    "workers": (744, 110),
    "orders": (858, 110),
    "delivered": (972, 124),
    "cage": (1100, 300),
    "gained": (1412, 152),  # what the last move brought: the tile bought, the order taken
}
STAT_ICON = 36


def image_height(players: int) -> int:
    """The turn image's height for a table of `players`."""
    return min(HEIGHT, PLAYERS_Y0 + players * (PLAYER_ROW_H + PLAYER_GAP) - PLAYER_GAP + 2 * M)


def row_top(row: int) -> int:
    y = M
    for r in range(row):
        y += LABEL_H * (r < 2) + CONTENT_H[r] + STRIP_H + ROW_GAP
    return y


def cell_box(row: int, col: int) -> Box:
    x = M + col * (CELL_W + CELL_GAP)
    y = row_top(row)
    return Box(x, y, x + CELL_W, y + LABEL_H * (row < 2) + CONTENT_H[row] + STRIP_H)


def label_box(row: int, cell: Box) -> Box:
    """The strip at the top of a factory or order cell (space number, price); none on the third row."""
    return Box(cell.x0, cell.y0, cell.x1, cell.y0 + LABEL_H * (row < 2))


def content_box(row: int, cell: Box) -> Box:
    return Box(cell.x0, cell.y0 + LABEL_H * (row < 2), cell.x1, cell.y1 - STRIP_H)


def strip_box(cell: Box) -> Box:
    """The worker strip at the bottom of a cell: the owner's figure and how many workers."""
    return Box(cell.x0, cell.y1 - STRIP_H, cell.x1, cell.y1)


BOARD_Y1 = cell_box(2, 0).y1


@dataclass(frozen=True, slots=True)
class TextBox:
    """A text on the image: its role and key (what it belongs to), what it says, its anchor point
    (Pillow's `anchor`), its size in px, and its box (as wide as its ink, `size` px high)."""

    role: str
    key: int
    text: str
    xy: tuple[int, int]
    anchor: str
    size: int
    box: Box


@dataclass
class TurnLayout(Banded):
    """Every box of the turn image for a state (the same for every viewer)."""

    state: GameState
    band: str | None = field(init=False, default=None)  # see band_kind
    space_cells: ClassVar[dict[int, tuple[int, int]]] = SPACE_CELL

    def __post_init__(self) -> None:
        self.band = band_kind(self.state)

    @cached_property
    def players(self) -> int:
        return len(self.state.players)

    @cached_property
    def locked(self) -> frozenset[int]:
        return LOCKED[self.players]

    @property
    def size(self) -> tuple[int, int]:
        """1600 px wide; as tall as the seats' rows need (1000 with four players, shorter with two or
        three, so no empty quarter): Discord scales it by its width, so every text keeps its size."""
        return WIDTH, image_height(self.players)

    # worker spaces
    def space_box(self, index: int) -> Box:
        return cell_box(*SPACE_CELL[index])

    def space_row(self, index: int) -> int:
        return SPACE_CELL[index][0]

    @property
    def bank_box(self) -> Box:
        return cell_box(*BANK_CELL)

    def worker_box(self, index: int) -> Box:
        """The worker figure in a space's strip (seat colour when occupied)."""
        strip = strip_box(self.space_box(index))
        size = 36
        return Box(strip.x0 + 14, strip.center[1] - size // 2, strip.x0 + 14 + size, strip.center[1] - size // 2 + size)

    def worker_point(self, index: int) -> tuple[int, int]:
        b = self.worker_box(index)
        return b.center[0], b.y0 + round(b.h * 0.72)

    def bank_worker_box(self, seat: int) -> Box:
        content = self.bank_box.inset(4)
        col, row = divmod(seat, 2)
        w, h = content.w // 2, content.h // 2
        size = 26
        x, y = content.x0 + col * w + 2, content.y0 + row * h + (h - size) // 2
        return Box(x, y, x + size, y + size)

    def bank_worker_point(self, seat: int) -> tuple[int, int]:
        b = self.bank_worker_box(seat)
        return b.center[0], b.y0 + round(b.h * 0.72)

    def tile_box(self, k: int) -> Box:
        """The tile on display at factory space k (1-8)."""
        return content_box(0, cell_box(0, k - 1)).inset(6, 4)

    def tile_cube_box(self, k: int) -> Box:
        """The cube drawn on a displayed tile (its colour, its mark); the number of carts beside it."""
        t = self.tile_box(k)
        size = 44
        return Box(t.x0 + 8, t.center[1] - size // 2, t.x0 + 8 + size, t.center[1] - size // 2 + size)

    def order_card_box(self, k: int) -> Box:
        """The order card on display at order space k (1-4)."""
        return content_box(1, cell_box(1, k - 1)).inset(4, 2)

    def deck_box(self, kind: str) -> Box:
        cell = cell_box(0, 8) if kind == "tile" else cell_box(1, 4)
        return content_box(0 if kind == "tile" else 1, cell).inset(8, 6)

    # the band (draft cards, drawn items) over rows the moment does not use
    @property
    def band_box(self) -> Box | None:
        if self.band is None:
            return None
        return Box(M, cell_box(1, 0).y0, BOARD_X1, BOARD_Y1)  # the order and mining rows

    def band_item_box(self, k: int) -> Box:
        """Draft card or drawn item k (0-based); its number is written above it."""
        band = self.band_box
        assert band is not None
        cols = 9 if self.band == "draft" else 8
        row, col = divmod(k, cols)
        left = band.x0 + (CELL_W + CELL_GAP) * (1 if self.band == "draw" else 0)
        x = left + col * (CELL_W + CELL_GAP) + 4
        pitch = 100 + 40
        y = band.y0 + 40 + row * pitch + (60 if self.band == "draw" else 0)
        return Box(x, y, x + CELL_W - 8, y + 96)

    # the shift clock
    def clock_shift_box(self, shift: int) -> Box:
        h = (BOARD_Y1 - M - 2 * ROW_GAP) // 3
        y = M + (shift - 1) * (h + ROW_GAP)
        return Box(CLOCK_X0, y, CLOCK_X0 + CLOCK_LABEL_W, y + h)

    def clock_cell_box(self, element: int) -> Box:
        shift, col = divmod(element - 1, 4)
        lab = self.clock_shift_box(shift + 1)
        w = (WIDTH - M - lab.x1 - 4 * CLOCK_GAP) // 4
        x = lab.x1 + CLOCK_GAP + col * (w + CLOCK_GAP)
        return Box(x, lab.y0, x + w, lab.y1)

    # the players' rows
    def player_box(self, seat: int) -> Box:
        y = PLAYERS_Y0 + seat * (PLAYER_ROW_H + PLAYER_GAP)
        return Box(M, y, WIDTH - M, y + PLAYER_ROW_H)

    def player_cell(self, seat: int, col: str) -> Box:
        row = self.player_box(seat)
        x, w = PLAYER_COLS[col]
        return Box(row.x0 + x, row.y0 + 6, row.x0 + x + w, row.y1 - 6)

    def cage_slot_box(self, seat: int, k: int) -> Box:
        """Place k (0-4) in the seat's cage (cubes fill them in colour order)."""
        cell = self.player_cell(seat, "cage")
        size, pitch = 40, 46
        x = cell.x0 + 70 + k * pitch
        return Box(x, cell.center[1] - size // 2, x + size, cell.center[1] - size // 2 + size)

    def cage_level_box(self, seat: int) -> Box:
        """Where the cage is: the level's colour (a cube with its mark) or the surface (sky)."""
        cell = self.player_cell(seat, "cage")
        size = 44
        return Box(cell.x0 + 8, cell.center[1] - size // 2, cell.x0 + 8 + size, cell.center[1] - size // 2 + size)

    def stat_value_point(self, seat: int, col: str) -> tuple[int, int]:
        """Where a stat's number starts (left-middle), right of its icon."""
        c = self.player_cell(seat, col)
        return c.x0 + 6 + STAT_ICON + 8, c.center[1]

    # every text
    def texts(self) -> list[TextBox]:
        """Every text the image carries, with its line box (`size` px high). Names at most as
        wide as their column; numbers measured with the font."""
        return [*_static_texts(self.players, self.band), *self._texts(static=False)]

    def _texts(self, static: bool) -> list[TextBox]:
        """The texts that are the same for every state with these players and band (`static`), or the others."""
        s = self.state
        out: list[TextBox] = []

        def add(role: str, key: int, text: str, x: float, y: float, size: int, anchor: str = "mm") -> None:
            if (role in STATIC_ROLES) != static:
                return
            x0, x1 = _ink_x(text, size, anchor)
            top = round(y - size / 2)
            xy = (round(x), round(y))
            out.append(TextBox(role, key, text, xy, anchor, size, Box(xy[0] + x0, top, xy[0] + x1, top + size)))

        hidden = self.locked | self.covered_spaces
        for space in SPACES:
            i = space.index
            if i in self.locked:
                continue
            cell = self.space_box(i)
            row = self.space_row(i)
            label = label_box(row, cell)
            if i not in self.covered_spaces:
                if static and space.group in (FACTORY, ORDER) and not space.is_draw:
                    add("space", i, str(space.value), label.x0 + 20, label.center[1], TEXT)
                if space.group == FACTORY and not space.is_draw:
                    tile = s.factory[int(space.value) - 1]
                    if tile is not None:
                        add("price", i, str(TILES[tile].price), label.x1 - 10, label.center[1], TEXT, "rm")
                        t = TILES[tile]
                        cube = self.tile_cube_box(int(space.value))
                        add("carts", i, f"×{t.carts}", cube.x1 + 6, cube.center[1], TEXT, "lm")
                if space.group == ORDER and not space.is_draw:
                    card = s.order_spaces[int(space.value) - 1]
                    if card is not None:
                        b = self.order_card_box(int(space.value))
                        add("card-vp", i, str(ORDER_CARDS[card].vp), b.x1 - 8, b.y0 + 22, TEXT, "rm")
                if space.is_draw:
                    deck = s.tile_deck if space.group == FACTORY else s.order_deck
                    d = self.deck_box("tile" if space.group == FACTORY else "order")
                    add("deck", i, str(len(deck)), d.center[0], d.center[1], TEXT)
                if static and space.group == MINE:
                    c = content_box(2, cell)
                    add("steps", i, str(space.value), c.x0 + 78, c.center[1], BIG)
                if static and space.group == MONEY:
                    c = content_box(2, cell)
                    add("money", i, str(space.value), c.center[0], c.center[1], TEXT)
            if i not in hidden and s.space_owner[i] >= 0:
                w = self.worker_box(i)
                add("workers", i, str(s.space_workers[i]), w.x1 + 10, w.center[1], TEXT, "lm")
        if not self.bank_covered:
            for seat in range(self.players):
                if s.bank[seat]:
                    b = self.bank_worker_box(seat)
                    add("bank", seat, str(s.bank[seat]), b.x1 + 2, b.center[1], TEXT, "lm")
        if self.band == "draft":
            for k in range(len(s.draft_cards)):
                b = self.band_item_box(k)
                add("band", k, str(k + 1), b.center[0], b.y0 - 20, TEXT)
                card = s.draft_cards[k]
                if card is not None:
                    add("band-vp", k, str(ORDER_CARDS[card].vp), b.x1 - 8, b.y0 + 22, TEXT, "rm")
        elif self.band == "draw" and s.pending is not None:
            for k, item in enumerate(s.pending.cards):
                b = self.band_item_box(k)
                add("band", k, str(k + 1), b.center[0], b.y0 - 20, TEXT)
                if item >= 0 and s.pending.kind == "tile":
                    add("band-price", k, str(TILES[item].price), b.x1 - 8, b.y1 + 20, TEXT, "rm")
                elif item >= 0:
                    add("band-vp", k, str(ORDER_CARDS[item].vp), b.x1 - 8, b.y0 + 22, TEXT, "rm")
        for shift in (1, 2, 3) if static else ():
            b = self.clock_shift_box(shift)
            add("shift", shift, str(shift), b.center[0], b.center[1], BIG)
        for element in range(1, 13) if static else ():
            c = self.clock_cell_box(element)
            e = CLOCK[element - 1]
            add("clock-first", element, str(e.first), c.center[0], c.y0 + 96, BIG)
            if self.players > 2:
                add("clock-second", element, str(e.second), c.center[0], c.y0 + 132, TEXT)
        for seat, p in enumerate(s.players):
            if static:
                disc = self.seat_disc_box(seat)
                add("seat", seat, str(seat + 1), disc.center[0], disc.center[1], TEXT)
                continue
            name = self.player_cell(seat, "name")
            shown = "".join(r.text for r in fit(p.name, BIG, name.w))
            top = name.center[1] - BIG // 2
            xy = (name.x0, name.center[1])
            if not static:
                out.append(TextBox("name", seat, shown, xy, "lm", BIG, Box(name.x0, top, name.x1, top + BIG)))
            values = {
                "vp": p.vp,
                "marks": p.marks,
                "workers": p.workers,
                "orders": len(p.orders),
                "delivered": len(p.delivered),
            }
            for col, value in values.items():
                x, y = self.stat_value_point(seat, col)
                add(col, seat, str(value), x, y, BIG if col == "vp" else TEXT, "lm")
        return out

    def seat_disc_box(self, seat: int) -> Box:
        c = self.player_cell(seat, "seat")
        size = 50
        return Box(c.x0 + 2, c.center[1] - size // 2, c.x0 + 2 + size, c.center[1] - size // 2 + size)


def shape_state(players: int, band: str | None) -> GameState:
    """A state with `players` seats and that band: only its shape matters to the background."""

    state = new_game([str(k) for k in range(players)], seed=0)
    if band == "draft":
        return state
    if band == "draw":
        return state.model_copy(update={"phase": "draw", "pending": Pending(kind="tile", cards=[])})
    return state.model_copy(update={"phase": "turn"})


STATIC_ROLES = frozenset({"space", "steps", "money", "shift", "clock-first", "clock-second", "seat"})


@lru_cache(maxsize=16)
def _static_texts(players: int, band: str | None) -> tuple[TextBox, ...]:
    return tuple(TurnLayout(shape_state(players, band))._texts(static=True))


@lru_cache(maxsize=4096)
def _ink_x(text: str, size: int, anchor: str) -> tuple[int, int]:
    """Left and right of a text's ink, from its anchor point."""
    x0, _, x1, _ = font(size, True).getbbox(text, anchor=anchor)
    return int(x0), int(x1)


def turn_layout(state: GameState) -> TurnLayout:
    """The layout `turn_image` uses for `state` (the same for any viewer)."""
    return TurnLayout(state)
