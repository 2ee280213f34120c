"""Drawing a player's pit: levels with light and dark tiles, carts, the cage in its shaft, storage and orders.

`draw_pit_frame` draws what never changes (rock, shaft, level badges) and goes into the cached
background; `draw_pit` draws the player's pieces on top.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules.state import GameState, Player
from rules.view import view

from . import icons
from . import palette as pal
from .cards import draw_order_card, draw_tile
from .layout import MARGIN, PIT_IMAGE_SCALE, WIDTH, Box, PitLayout, cart_cube_box, pit_image_layout
from .text import draw_name


def pit_image(state: GameState, player: str | int, viewer: str | None = None) -> Image.Image:
    """One player's pit, larger, with all their orders (`/coal pit`), as `viewer` may see it."""
    seen = view(state, viewer)
    seat = player if isinstance(player, int) else seen.seat_of(player)
    pit = pit_image_layout(seen, seat)
    frame = _pit_background(pit.order_rows, pit.delivered_rows)
    img = frame.crop((0, 0, *frame.size))
    draw_pit(img, ImageDraw.Draw(img), seen, pit)
    return img


@lru_cache(maxsize=8)
def _pit_background(order_rows: int, delivered_rows: int) -> Image.Image:
    """The frame of a pit image with room for that many rows of orders and of delivered cards."""
    dummy = Player(name="", workers=0, marks=0)
    pit = PitLayout(
        dummy, 0, MARGIN, MARGIN, WIDTH - 2 * MARGIN, PIT_IMAGE_SCALE, "stack", (order_rows, delivered_rows)
    )
    img = Image.new("RGB", (WIDTH, pit.box.y1 + MARGIN), pal.PAGE)
    draw_pit_frame(img, ImageDraw.Draw(img), pit)
    return img


def draw_pit_frame(img: Image.Image, draw: ImageDraw.ImageDraw, pit: PitLayout) -> None:
    """The parts of a pit that are the same for every player and every turn."""
    s = pit.s
    draw.rounded_rectangle(pit.box.xy, radius=s(10), fill=pal.PANEL, outline=pal.PANEL_EDGE, width=max(1, s(1.5)))
    head = pit.header_box
    draw.rounded_rectangle(head.inset(s(2)).xy, radius=s(8), fill=pal.CELL)
    # surface: storage on the left, the light/dark balance on the right
    surface = pit.row_box(0)
    draw.rectangle(surface.xy, fill=pal.SURFACE_SKY)
    draw.rectangle((surface.x0, surface.y1 - s(5), surface.x1 - 1, surface.y1 - 1), fill=pal.SURFACE_GROUND)
    draw.rounded_rectangle(pit.storage_box.xy, radius=s(6), fill=pal.STORAGE, outline=pal.CELL_EDGE, width=1)
    draw.rounded_rectangle(pit.balance_box.xy, radius=s(6), fill=pal.STORAGE, outline=pal.CELL_EDGE, width=1)
    crate = icons.crate(s(32))
    icons.paste(img, crate, pit.storage_box.x0 + s(10), pit.storage_box.center[1] - crate.height // 2)
    for level in range(1, 5):
        light, dark, start = pit.light_box(level), pit.dark_box(level), pit.start_box(level)
        draw.rectangle(pit.badge_box(level).xy, fill=pal.ROCK)
        draw.rectangle(light.xy, fill=pal.LIGHT_ROCK)
        draw.rectangle(start.xy, fill=pal.LIGHT_ROCK)
        draw.rectangle(dark.xy, fill=pal.DARK_ROCK)
        row = pit.row_box(level)
        draw.line((row.x0, row.y0, row.x1 - 1, row.y0), fill=pal.ROCK_EDGE, width=max(1, s(2)))
        icons.paste(img, icons.cube(level - 1, pit.level_badge_box(level).w), *pit.level_badge_box(level).xy[:2])
        # the printed starting cart's place: a dotted frame
        _dotted(draw, pit.cart_slot_box(level - 1, 0).inset(-s(3)), pal.ROCK_EDGE, max(1, s(1.5)), s(5))
    rows = pit.row_box(4)
    draw.line((rows.x0, rows.y1 - 1, rows.x1 - 1, rows.y1 - 1), fill=pal.ROCK_EDGE, width=max(1, s(2)))
    # the shaft with its rails, from the surface down to the black level
    shaft = pit.shaft_box
    draw.rectangle(shaft.xy, fill=pal.SHAFT)
    for x in (shaft.x0 + s(6), shaft.x1 - s(8)):
        draw.rectangle((x, shaft.y0, x + max(1, s(2)), shaft.y1 - 1), fill=pal.RAIL)
    for level in range(1, 5):
        y = pit.row_box(level).y0
        draw.line((shaft.x0, y, shaft.x1 - 1, y), fill=pal.LANDING, width=max(1, s(2)))
    # the headframe over the shaft
    top = pit.row_box(0)
    draw.polygon(
        [(shaft.x0 + s(20), top.y1 - s(5)), (shaft.center[0], top.y0 + s(4)), (shaft.x1 - s(20), top.y1 - s(5))],
        outline=pal.RAIL,
        width=max(1, s(3)),
    )
    wheel_r = s(7)
    cx = shaft.center[0]
    draw.ellipse(
        (cx - wheel_r, top.y0 + s(4), cx + wheel_r, top.y0 + s(4) + 2 * wheel_r), outline=pal.CABLE, width=max(1, s(3))
    )
    # the orders panel and the delivered strip
    del_box = pit.delivered_box
    icons.paste(img, icons.delivered(s(26), s(34)), del_box.x0 + s(4), del_box.y0 + s(10))
    draw.line((pit.orders_left, del_box.y0 - s(2), del_box.x1, del_box.y0 - s(2)), fill=pal.PANEL_EDGE, width=1)


def _dotted(draw: ImageDraw.ImageDraw, b: Box, fill: pal.RGB, width: int, step: int) -> None:
    for x in range(b.x0, b.x1, step * 2):
        draw.line((x, b.y0, min(x + step, b.x1 - 1), b.y0), fill=fill, width=width)
        draw.line((x, b.y1 - 1, min(x + step, b.x1 - 1), b.y1 - 1), fill=fill, width=width)
    for y in range(b.y0, b.y1, step * 2):
        draw.line((b.x0, y, b.x0, min(y + step, b.y1 - 1)), fill=fill, width=width)
        draw.line((b.x1 - 1, y, b.x1 - 1, min(y + step, b.y1 - 1)), fill=fill, width=width)


def draw_pit(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, pit: PitLayout) -> None:
    """The player's pieces on a pit frame. `state` is already a view: hidden cards are -1."""
    p, s = pit.player, pit.s
    _header(img, draw, state, pit)
    # tiles and carts
    for place in pit.tiles:
        carts = p.carts[place.level][place.first_cart : place.first_cart + place.carts]
        draw_tile(img, draw, place.box, place.tile, carts)
    for level in range(4):
        slot = pit.cart_slot_box(level, 0)
        icons.draw_cart(img, slot, cart_cube_box(slot), p.carts[level][0])
    # the cage on its cable
    shaft, cage = pit.shaft_box, pit.cage_box()
    cx = shaft.center[0]
    draw.line((cx, pit.row_box(0).y0 + s(12), cx, cage.y0), fill=pal.CABLE, width=max(1, s(3)))
    draw.rounded_rectangle(cage.xy, radius=s(5), fill=pal.CAGE, outline=pal.CAGE_EDGE, width=max(1, s(1)))
    cubes = [c for c in range(4) for _ in range(p.cage[c])]
    for k in range(5):
        b = pit.cage_slot_box(k)
        if k < len(cubes):
            icons.paste(img, icons.cube(cubes[k], b.w), b.x0, b.y0)
        else:
            icons.paste(img, icons.slot(b.w, pal.CAGE_SLOT, pal.CAGE_EDGE), b.x0, b.y0)
    # storage: a cube and a count per colour
    for c in range(4):
        b = pit.storage_cube_box(c)
        if p.storage[c]:
            icons.paste(img, icons.cube(c, b.w), b.x0, b.y0)
            icons.text(img, (b.x1 + s(6), b.center[1]), str(p.storage[c]), s(24), anchor="lm", bold=True)
        else:
            icons.paste(img, icons.slot(b.w, pal.STORAGE, pal.CELL_EDGE), b.x0, b.y0)
    # the light/dark balance (R-END-4)
    light, dark = p.tiles_by_side()
    bal = pit.balance_box
    size = s(30)
    y = bal.center[1] - size // 2
    x = bal.x0 + s(14)
    icons.paste(img, icons.mini_tile(size, False), x, y)
    icons.text(img, (x + size + s(8), bal.center[1]), str(light), s(24), anchor="lm", bold=True)
    x = bal.x0 + s(120)
    icons.paste(img, icons.mini_tile(size, True), x, y)
    icons.text(img, (x + size + s(8), bal.center[1]), str(dark), s(24), anchor="lm", bold=True)
    if light != dark:
        diff = abs(light - dark)
        icons.text(
            img, (bal.x1 - s(14), bal.center[1]), f"-{2 * diff}", s(22), fill=pal.PENALTY, anchor="rm", bold=True
        )
    # outstanding orders, numbered as in mining plans
    shown = len(p.orders) if len(p.orders) <= pit.order_slots else pit.order_slots - 1
    for k in range(1, shown + 1):
        where = pit.order_card_box(k)
        assert where is not None
        order = p.orders[k - 1]
        draw_order_card(img, draw, where, order.card, order.spots, number=k)
    if shown < len(p.orders):
        _more(img, draw, pit, pit.order_slot_box(shown), len(p.orders) - shown)
    # delivered orders, face up or face down as the viewer may see them
    n = len(p.delivered)
    shown = n if n <= pit.delivered_slots else pit.delivered_slots - 1
    for j in range(shown):
        draw_order_card(img, draw, pit.delivered_card_box(j), p.delivered[j], solid=True)
    if shown < n:
        _more(img, draw, pit, pit.delivered_card_box(shown), n - shown)


def _more(img: Image.Image, draw: ImageDraw.ImageDraw, pit: PitLayout, where: Box, count: int) -> None:
    """In place of the last card that fits: how many more there are."""
    draw.rounded_rectangle(where.xy, radius=pit.s(6), outline=pal.TEXT_DIM, width=max(1, pit.s(2)))
    icons.text(img, where.center, f"+{count}", pit.s(26), bold=True)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, pit: PitLayout) -> None:
    p, seat, s = pit.player, pit.seat, pit.s
    head = pit.header_box
    cy = head.center[1]
    over = state.phase == "over"
    to_move = not over and state.current == seat
    if to_move:
        draw.rounded_rectangle(pit.box.xy, radius=s(10), outline=pal.HIGHLIGHT, width=max(2, s(3)))
    x = head.x0 + s(12)
    d = s(30)
    icons.paste(img, icons.seat_disc(seat, d), x, cy - d // 2)
    x += d + s(10)
    if to_move:
        icons.paste(img, icons.arrow(s(24)), x, cy - s(12))
        x += s(30)
    # the name fits before the flag, the trophy and the stats (elided with "…" when it is long)
    room = (
        head.x0 + s(410) - x - s(14) - s(34) * (state.start_player == seat) - s(36) * (over and seat in state.winners)
    )
    x += draw_name(img, (x, cy), p.name, s(24), room) + s(14)
    if state.start_player == seat:
        icons.paste(img, icons.flag(s(28)), x, cy - s(14))
        x += s(34)
    if over and seat in state.winners:
        icons.paste(img, icons.trophy(s(30)), x, cy - s(15))
    # VP, marks, workers in hand, orders outstanding and delivered, with the turn image's icons: at fixed
    # places so the pits line up
    stats = {
        "vp": (icons.star(s(28)), p.vp),
        "marks": (icons.coin(s(26)), p.marks),
        "workers": (icons.worker(pal.SEAT_COLOURS[seat], s(26)), p.workers),
        "orders": (icons.card_back(s(20), s(26)), len(p.orders)),
        "delivered": (icons.delivered(s(20), s(26)), len(p.delivered)),
    }
    for stat, (sprite, value) in stats.items():
        x = pit.stat_box(stat).x0
        icons.paste(img, sprite, x, cy - sprite.height // 2)
        icons.text(img, (x + sprite.width + s(7), cy), str(value), s(24), anchor="lm", bold=True)
