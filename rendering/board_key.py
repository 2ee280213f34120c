"""The board with its parts numbered: the key a new player reads the board by (`/coal help topic:board`).

The picture stays wordless, as every image of the bot: each part of the board is framed and carries a
number in a badge, and the message beside it says in the reader's language what each number is
(`bot.words.board_key`). The parts, in reading order, are `PARTS`; `part_boxes` says where each is, so a
test can check that every badge sits on its part.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.components import DELIVER, FACTORY, MINE, MONEY, ORDER, SPACES
from rules.state import GameState
from rules.view import view

from . import palette as pal
from .board import board_image
from .geometry import Box
from .layout import BoardLayout, board_layout
from .png import to_png
from .text import font

# The numbered parts, in reading order (the worker spaces row by row, the right column, then a pit)
PARTS = (
    "factory",
    "order",
    "deliver",
    "mine",
    "money",
    "locked",
    "clock",
    "table",
    "header",
    "levels",
    "shaft",
    "storage",
    "balance",
    "orders",
)
BADGE = 26  # the badge's radius, so its number reads in Discord's inline box (a 1600 px image shown ~550 wide)
FRAME = pal.HIGHLIGHT
SHADE = (0, 0, 0, 70)  # the board dimmed a little, so the frames and badges stand out


def _union(boxes: list[Box]) -> Box:
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def _spaces(layout: BoardLayout, kind: str, with_bank: bool = False) -> Box:
    boxes = [layout.space_box(s.index) for s in SPACES if s.group == kind and s.index not in layout.locked]
    if with_bank:
        boxes.append(layout.bank_box)
    return _union(boxes)


def part_boxes(state: GameState) -> dict[str, Box]:
    """Where each part of `PARTS` is on the board image of `state` (its first pit for the pit's parts)."""
    layout = board_layout(state)
    pit = layout.pits[0]
    locked = min(layout.locked)
    orders = Box(pit.orders_left, pit.orders_top, pit.box.x1 - 8, pit.box.y1 - 8)
    return {
        "factory": _spaces(layout, FACTORY),
        "order": _spaces(layout, ORDER),
        "deliver": _spaces(layout, DELIVER),
        "mine": _spaces(layout, MINE),
        "money": _spaces(layout, MONEY, with_bank=True),
        "locked": layout.space_box(locked),
        "clock": _union([layout.clock_row_box(shift) for shift in (1, 2, 3)]),
        "table": layout.table_box,
        "header": pit.header_box,
        "levels": _union([pit.badge_box(level) for level in range(1, 5)] + [pit.dark_box(4), pit.light_box(1)]),
        "shaft": pit.shaft_box,
        "storage": pit.storage_box,
        "balance": pit.balance_box,
        "orders": orders,
    }


def badge_centre(part: Box) -> tuple[int, int]:
    """Where a part's badge sits: on its top-left corner, inside the image."""
    return max(part.x0, BADGE + 2), max(part.y0, BADGE + 2)


def board_key_image(state: GameState, viewer: str | None = None) -> Image.Image:
    """The board of `state` as `viewer` sees it, each part of `PARTS` framed and numbered from 1."""
    seen = view(state, viewer)
    img = board_image(state, viewer).convert("RGBA")
    img.alpha_composite(Image.new("RGBA", img.size, SHADE))
    draw = ImageDraw.Draw(img)
    number_font = font(30, bold=True)
    boxes = part_boxes(seen)
    for part in PARTS:
        frame = boxes[part]
        draw.rounded_rectangle((frame.x0 - 3, frame.y0 - 3, frame.x1 + 2, frame.y1 + 2), 8, outline=FRAME, width=4)
    for number, part in enumerate(PARTS, start=1):  # the badges over every frame
        cx, cy = badge_centre(boxes[part])
        draw.ellipse((cx - BADGE, cy - BADGE, cx + BADGE, cy + BADGE), fill=FRAME, outline=pal.PAGE, width=3)
        draw.text((cx, cy + 1), str(number), font=number_font, fill=pal.PAGE, anchor="mm")
    return img.convert("RGB")


def board_key_png(state: GameState, viewer: str | None = None) -> bytes:
    """`board_key_image` as PNG."""
    return to_png(board_key_image(state, viewer))
