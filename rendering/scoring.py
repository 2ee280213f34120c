"""The scoring image: each scored shift element by element (counts and who got which VP), then the totals.

The totals table has every component of R-END-1..4 once the game is over, and the winner's trophy;
under it, a key says what each column's icon counts, in the words the caller gives (the bot: in
the game's language; without words, no key). Names are fitted by their measured width: a name of
20 characters fits whole. Given a `Breakdown` instead of a state, only the totals can be drawn (no element counts).
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
LINE_H = 46
TOTAL_HEAD_H = 60
TOTAL_ROW_H = 56
NAME_W = 460  # a seat disc, the trophy and a 20-character name at 30 px
SMALL = 28  # the smallest text: >= 9 px once Discord fits the image into its ~550 x 350 inline box
KEY_LINE_H = 40
KEY_GAP = 36  # between two entries of the key

# The key under the totals table, column by column (the shift columns share one entry); its words
# are the caller's (bot.words.turns.SCORING_KEY).
KEY_COLUMNS = ("deliveries", "shifts", "marks", "cubes", "orders", "balance", "total")


@dataclass
class ScoringLayout:
    """Boxes of the scoring image: one block per shown shift, then the totals table."""

    players: int
    shifts: list[int]  # the shifts shown, in order
    rows: list[int]  # elements in each shown shift's block
    key_lines: int = 0  # lines of the key under the totals table

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
    def key_top(self) -> int:
        return self.totals_top + TOTAL_HEAD_H + self.players * TOTAL_ROW_H + 14

    @property
    def size(self) -> tuple[int, int]:
        return WIDTH, self.key_top + self.key_lines * KEY_LINE_H + (MARGIN if self.key_lines else MARGIN - 14)


def scoring_layout(
    source: GameState | Breakdown, shift: int | None = None, key: dict[str, str] | None = None
) -> ScoringLayout:
    results = _results(source, shift)
    players = len(source.players)
    lines = len(_key_lines(key)) if key else 0
    return ScoringLayout(players, [r.shift for r in results], [len(r.elements) for r in results], lines)


KEY_ICON_W = {"orders": 88, "balance": 88}  # an entry's icon area before its words (64 for the others)


def _key_lines(key: dict[str, str]) -> list[list[tuple[str, int]]]:
    """The key's entries (column, width) in lines that fit the image's width, in column order."""
    room = WIDTH - 2 * MARGIN - 16
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for col in KEY_COLUMNS:
        w = KEY_ICON_W.get(col, 64) + icons.text_width(key[col], SMALL)
        if lines[-1] and used + KEY_GAP + w > room:
            lines.append([])
            used = 0
        used += (KEY_GAP if lines[-1] else 0) + w
        lines[-1].append((col, w))
    return lines


def _results(source: GameState | Breakdown, shift: int | None) -> list[ShiftResult]:
    if not isinstance(source, GameState):
        return []
    return [r for r in source.shift_results if shift is None or r.shift == shift]


def scoring_image(
    source: GameState | Breakdown, shift: int | None = None, key: dict[str, str] | None = None
) -> Image.Image:
    """The scoring so far: the scored shifts (only `shift`, when given) and every total component, with
    the key of the columns in `key`'s words (`KEY_COLUMNS`), when given."""
    layout = scoring_layout(source, shift, key)
    img = Image.new("RGB", layout.size, pal.PAGE)
    draw = ImageDraw.Draw(img)
    for j, result in enumerate(_results(source, shift)):
        _shift_block(img, draw, layout, j, result)
    _totals(img, draw, layout, source)
    if key:
        _key(img, draw, layout, key)
    return img


def _head_icon(img: Image.Image, draw: ImageDraw.ImageDraw, col: str, cx: int, cy: int) -> None:
    """A totals column's icon, centred at (cx, cy); the same in the header and in the key."""
    if col == "deliveries":
        sprite = icons.delivered(28, 36)
    elif col == "marks":
        sprite = icons.coin(32)
    elif col == "cubes":
        sprite = icons.cubes_icon(36)
    elif col == "orders":
        sprite = icons.card_back(28, 36)
        icons.text(img, (cx + 24, cy), "-1", SMALL, fill=pal.PENALTY, bold=True)
        cx -= 8
    elif col == "total":
        sprite = icons.star(38)
    elif col == "balance":
        icons.paste(img, icons.mini_tile(30, False), cx - 34, cy - 15)
        icons.paste(img, icons.mini_tile(30, True), cx + 4, cy - 15)
        return
    else:  # a shift's scoring: its number in a ring ("shifts": the first's, for the key)
        draw.ellipse((cx - 22, cy - 22, cx + 22, cy + 22), outline=pal.HIGHLIGHT, width=3)
        icons.text(img, (cx, cy), col[-1] if col[-1].isdigit() else "1", SMALL, fill=pal.HIGHLIGHT, bold=True)
        return
    icons.paste(img, sprite, cx - sprite.width // 2, cy - sprite.height // 2)


def _key(img: Image.Image, draw: ImageDraw.ImageDraw, layout: ScoringLayout, key: dict[str, str]) -> None:
    """Under the totals table: each column's icon and what it counts, in the game's words."""
    y = layout.key_top + KEY_LINE_H // 2
    for line in _key_lines(key):
        x = MARGIN + 8
        for col, w in line:
            room = KEY_ICON_W.get(col, 64)
            _head_icon(img, draw, col, x + room // 2 - 4, y)
            icons.text(img, (x + room, y), key[col], SMALL, fill=pal.TEXT_DIM, anchor="lm")
            x += w + KEY_GAP
        y += KEY_LINE_H


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
    table = Box(MARGIN, top.y0 - 6, WIDTH - MARGIN, layout.key_top - 6)
    draw.rounded_rectangle(table.xy, radius=10, fill=pal.PANEL, outline=pal.PANEL_EDGE)
    # header icons (the key under the table says what each counts)
    for col in layout.TOTAL_COLS[1:]:
        c = layout.total_cell(None, col)
        _head_icon(img, draw, col, *c.center)
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
