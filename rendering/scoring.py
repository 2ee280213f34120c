"""The scoring image: each scored shift element by element (counts and who got which VP), then the totals.

The totals table has every component of R-END-1..4 once the game is over, and the winner's trophy.
Given a `Breakdown` instead of a state, only the totals can be drawn (it has no element counts).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from rules.components import CLOCK
from rules.scoring import Breakdown, score_breakdown
from rules.state import GameState, ShiftResult

from . import icons
from . import palette as pal
from .layout import MARGIN, WIDTH, Box
from .text import draw_name

BLOCK_GAP = 14
ELEMENT_W = 136
SEAT_W = 92
HEAD_H = 52
LINE_H = 50
TOTAL_HEAD_H = 64
TOTAL_ROW_H = 60
NAME_W = 300
SMALL = 28  # the smallest text: >= 9 px once Discord fits the image into its ~550 x 350 inline box


@dataclass
class ScoringLayout:
    """Boxes of the scoring image: one block per shown shift, then the totals table."""

    players: int
    shifts: list[int]  # the shifts shown, in order
    rows: list[int]  # elements in each shown shift's block

    @property
    def block_w(self) -> int:
        return ELEMENT_W + self.players * SEAT_W + 12

    def block_box(self, j: int) -> Box:
        shown = len(self.shifts)
        total_w = shown * self.block_w + (shown - 1) * BLOCK_GAP
        x = (WIDTH - total_w) // 2 + j * (self.block_w + BLOCK_GAP)
        return Box(x, MARGIN, x + self.block_w, MARGIN + HEAD_H + (self.rows[j] + 1) * LINE_H + 8)

    def element_box(self, j: int, element: int) -> Box:
        b = self.block_box(j)
        y = b.y0 + HEAD_H + (element - 1) * LINE_H
        return Box(b.x0 + 6, y, b.x1 - 6, y + LINE_H - 4)

    def seat_cell(self, j: int, row: int, seat: int) -> Box:
        """Row `row` (1-12 an element, 0 the header, rows+1 the shift's total) of seat `seat` in block j."""
        b = self.block_box(j)
        y = b.y0 + 6 if row == 0 else b.y0 + HEAD_H + (row - 1) * LINE_H
        x = b.x0 + 6 + ELEMENT_W + seat * SEAT_W
        return Box(x, y, x + SEAT_W - 4, y + (HEAD_H - 12 if row == 0 else LINE_H - 4))

    @property
    def totals_top(self) -> int:
        if not self.shifts:
            return MARGIN
        return max(self.block_box(j).y1 for j in range(len(self.shifts))) + 18

    TOTAL_COLS = ("seat", "deliveries", "shift1", "shift2", "shift3", "marks", "cubes", "orders", "balance", "total")

    def total_cell(self, seat: int | None, col: str) -> Box:
        """A cell of the totals table; seat None is the header row."""
        widths = {"seat": NAME_W, "total": 140}
        rest = (WIDTH - 2 * MARGIN - 16 - NAME_W - 140) // (len(self.TOTAL_COLS) - 2)
        x = MARGIN + 8
        for name in self.TOTAL_COLS:
            w = widths.get(name, rest)
            if name == col:
                break
            x += w
        y = self.totals_top + (0 if seat is None else TOTAL_HEAD_H + seat * TOTAL_ROW_H)
        h = TOTAL_HEAD_H if seat is None else TOTAL_ROW_H
        return Box(x, y, x + widths.get(col, rest), y + h - 4)

    @property
    def size(self) -> tuple[int, int]:
        return WIDTH, self.totals_top + TOTAL_HEAD_H + self.players * TOTAL_ROW_H + 8 + MARGIN


def scoring_layout(source: GameState | Breakdown, shift: int | None = None) -> ScoringLayout:
    results = _results(source, shift)
    players = len(source.players)
    return ScoringLayout(players, [r.shift for r in results], [len(r.elements) for r in results])


def _results(source: GameState | Breakdown, shift: int | None) -> list[ShiftResult]:
    if not isinstance(source, GameState):
        return []
    return [r for r in source.shift_results if shift is None or r.shift == shift]


def scoring_image(source: GameState | Breakdown, shift: int | None = None) -> Image.Image:
    """The scoring so far: the scored shifts (only `shift`, when given) and every total component."""
    layout = scoring_layout(source, shift)
    img = Image.new("RGB", layout.size, pal.PAGE)
    draw = ImageDraw.Draw(img)
    for j, result in enumerate(_results(source, shift)):
        _shift_block(img, draw, layout, j, result)
    _totals(img, draw, layout, source)
    return img


def _seat_disc(img: Image.Image, cx: int, cy: int, seat: int, d: int = 48) -> None:
    icons.paste(img, icons.seat_disc(seat, d), cx - d // 2, cy - d // 2)


def _shift_block(
    img: Image.Image, draw: ImageDraw.ImageDraw, layout: ScoringLayout, j: int, result: ShiftResult
) -> None:
    b = layout.block_box(j)
    n = layout.players
    draw.rounded_rectangle(b.xy, radius=10, fill=pal.PANEL, outline=pal.PANEL_EDGE)
    head = Box(b.x0 + 6, b.y0 + 6, b.x0 + 6 + ELEMENT_W - 8, b.y0 + HEAD_H - 6)
    draw.rounded_rectangle(head.xy, radius=8, fill=pal.HIGHLIGHT)
    icons.text(img, head.center, str(result.shift), 28, fill=pal.CARD_INK, bold=True)
    for seat in range(n):
        c = layout.seat_cell(j, 0, seat)
        _seat_disc(img, c.center[0], c.center[1], seat)
    totals = [0] * n
    for row, e in enumerate(result.elements, start=1):
        line = layout.element_box(j, e.element)
        draw.rounded_rectangle(line.xy, radius=6, fill=pal.CELL if row % 2 else pal.PANEL)
        icons.clock_element(img, draw, e.element, line.x0 + 34, line.center[1])
        el = CLOCK[e.element - 1]
        vp_text = str(el.first) if n == 2 else f"{el.first}/{el.second}"
        icons.text(img, (line.x0 + ELEMENT_W - 14, line.center[1]), vp_text, SMALL, fill=pal.TEXT_DIM, anchor="rm")
        for seat in range(n):
            c = layout.seat_cell(j, row, seat)
            icons.text(img, (c.x0 + 22, c.center[1]), str(e.counts[seat]), SMALL, fill=pal.TEXT_DIM, anchor="mm")
            if e.vp[seat]:
                pill = Box(c.x0 + 40, c.y0 + 6, c.x1 - 4, c.y1 - 6)
                draw.rounded_rectangle(pill.xy, radius=pill.h // 2, fill=pal.SEAT_COLOURS[seat])
                icons.text(img, pill.center, str(e.vp[seat]), SMALL, bold=True)
            totals[seat] += e.vp[seat]
    row = len(result.elements) + 1
    line = layout.element_box(j, row)
    draw.line((line.x0, line.y0 - 2, line.x1, line.y0 - 2), fill=pal.PANEL_EDGE, width=2)
    icons.paste(img, icons.star(30), line.x0 + 20, line.center[1] - 15)
    for seat in range(n):
        c = layout.seat_cell(j, row, seat)
        icons.text(img, (c.center[0] + 10, c.center[1]), str(totals[seat]), 30, bold=True)


def _totals(img: Image.Image, draw: ImageDraw.ImageDraw, layout: ScoringLayout, source: GameState | Breakdown) -> None:
    breakdown = score_breakdown(source) if isinstance(source, GameState) else source
    finals = source.final if isinstance(source, GameState) else None
    names = [row.name for row in breakdown.players]
    winners = [names.index(w) for w in breakdown.winners if w in names]
    top = layout.total_cell(None, "seat")
    table = Box(MARGIN, top.y0 - 6, WIDTH - MARGIN, layout.size[1] - MARGIN)
    draw.rounded_rectangle(table.xy, radius=10, fill=pal.PANEL, outline=pal.PANEL_EDGE)
    # header icons
    heads = {
        "deliveries": icons.card_back(28, 36),
        "marks": icons.coin(32),
        "cubes": icons.cubes_icon(36),
        "orders": icons.card_back(28, 36),
        "balance": None,
        "total": icons.star(38),
    }
    for col, sprite in heads.items():
        c = layout.total_cell(None, col)
        if sprite is not None:
            icons.paste(img, sprite, c.center[0] - sprite.width // 2, c.center[1] - sprite.height // 2)
        if col == "deliveries":
            ck = (c.center[0] + 4, c.center[1] + 4)
            draw.line([(ck[0], ck[1]), (ck[0] + 6, ck[1] + 8), (ck[0] + 18, ck[1] - 8)], fill=pal.TICK, width=4)
        if col == "orders":
            icons.text(img, (c.center[0] + 24, c.center[1]), "-1", SMALL, fill=pal.PENALTY, bold=True)
        if col == "balance":
            icons.paste(img, icons.mini_tile(30, False), c.center[0] - 34, c.center[1] - 15)
            icons.paste(img, icons.mini_tile(30, True), c.center[0] + 4, c.center[1] - 15)
    for k in (1, 2, 3):
        c = layout.total_cell(None, f"shift{k}")
        draw.ellipse(
            (c.center[0] - 22, c.center[1] - 22, c.center[0] + 22, c.center[1] + 22), outline=pal.HIGHLIGHT, width=3
        )
        icons.text(img, c.center, str(k), SMALL, fill=pal.HIGHLIGHT, bold=True)
    for seat, row in enumerate(breakdown.players):
        name_cell = layout.total_cell(seat, "seat")
        line = Box(name_cell.x0, name_cell.y0, layout.total_cell(seat, "total").x1, name_cell.y1)
        winner = seat in winners
        draw.rounded_rectangle(
            line.xy, radius=8, fill=pal.CELL, outline=pal.HIGHLIGHT if winner else None, width=3 if winner else 0
        )
        _seat_disc(img, name_cell.x0 + 28, name_cell.center[1], seat)
        x = name_cell.x0 + 60
        if winner:
            icons.paste(img, icons.trophy(32), x, name_cell.center[1] - 16)
            x += 40
        draw_name(img, (x, name_cell.center[1]), row.name, 30, name_cell.x1 - x - 8)
        f = finals[seat] if finals else None
        over = breakdown.over
        cells: dict[str, tuple[int | None, str | None]] = {
            "deliveries": (row.deliveries, None),
            "marks": (row.marks_vp if over else None, f"+{f.marks_left}" if f else None),
            "cubes": (row.cubes_vp if over else None, str(f.cubes) if f else None),
            "orders": (row.orders_vp if over else None, str(f.orders_left) if f else None),
            "balance": (row.balance_vp if over else None, f"{f.light_tiles}|{f.dark_tiles}" if f else None),
        }
        for k in (1, 2, 3):
            cells[f"shift{k}"] = (row.shifts[k - 1] if k <= len(row.shifts) else None, None)
        for col, (vp, small) in cells.items():
            c = layout.total_cell(seat, col)
            if vp is None:
                icons.text(img, c.center, "-", SMALL, fill=pal.TEXT_DIM)
                continue
            ink = pal.PENALTY if vp < 0 else pal.TEXT
            if small is None:
                icons.text(img, c.center, str(vp), 30, fill=ink, bold=True)
            else:
                icons.text(img, (c.center[0] - 14, c.center[1]), str(vp), 30, fill=ink, anchor="rm", bold=True)
                icons.text(img, (c.center[0] - 2, c.center[1] + 2), small, SMALL, fill=pal.TEXT_DIM, anchor="lm")
        c = layout.total_cell(seat, "total")
        icons.text(img, c.center, str(row.total), 36, fill=pal.HIGHLIGHT if winner else pal.TEXT, bold=True)
