"""The turn image: the board between two turns, landscape, readable in Discord's inline box, fast.

One module (some 580 lines) on purpose: the image is drawn from cached layers in one pass, and the
order of its pieces (background, patches, marks) is the drawing; its boxes are `rendering.turn_layout`'s.

What never changes for a player count (cells, icons, the clock face, the players' row frames)
is drawn once in RGB and mapped onto the fixed palette once. Each piece of a turn (a tile, a
card, a worker count, a name, a number) is drawn once on its own patch of that background,
mapped onto the palette and cached; a turn image is the palette background with the pieces
pasted on it and a few frames drawn straight in palette colours (whose turn, what scores now,
what the last move did). So drawing a turn costs little more than encoding it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from rules.components import (
    DELIVER,
    ELEMENTS_SCORED,
    FACTORY,
    MINE,
    MONEY,
    ORDER,
    ORDER_CARDS,
    SPACES,
    TILES,
    VEHICLES,
)
from rules.state import GameState
from rules.view import view

from . import icons
from . import palette as pal
from .last_move import LastMove
from .layout import Box
from .png import palette_index, quantize
from .text import draw_name
from .turn_layout import (
    STAT_ICON,
    TEXT,
    TextBox,
    TurnLayout,
    content_box,
    label_box,
    shape_state,
    strip_box,
    turn_layout,
)

LAST_FRAME = 5  # px of the frame around what the last move used and changed


def turn_image(state: GameState, viewer: str | None = None, last: LastMove | None = None) -> Image.Image:
    """The turn image as `viewer` may see it ("P" mode, on the fixed palette), the last move marked."""
    return _turn(state, viewer, last, rgb=False)


def turn_image_rgb(state: GameState, viewer: str | None = None, last: LastMove | None = None) -> Image.Image:
    """The same picture before it is mapped onto the palette (exact colours; slower): for the tests
    and for choosing the palette."""
    return _turn(state, viewer, last, rgb=True)


def _turn(state: GameState, viewer: str | None, last: LastMove | None, rgb: bool) -> Image.Image:
    seen = view(state, viewer)
    layout = turn_layout(seen)
    texts = {(t.role, t.key): t for t in layout.texts()}
    bg = _background(layout.players, layout.band)
    canvas = _Canvas(bg, rgb)
    _spaces(canvas, seen, layout, texts)
    if layout.band == "draft":
        _draft(canvas, seen, layout, texts)
    elif layout.band == "draw":
        _drawn(canvas, seen, layout, texts)
    _clock(canvas, seen, layout, texts)
    _players(canvas, seen, layout, texts, last)
    if last is not None:
        _mark_last(canvas, seen, layout, last)
    return canvas.img


# --- the background and the pieces ------------------------------------------------------------------


class _Background:
    def __init__(self, key: tuple[int, str | None], rgb: Image.Image) -> None:
        self.key = key
        self.rgb = rgb
        self.p = quantize(rgb)


_pieces: dict[tuple, Image.Image] = {}
_pieces_lock = threading.Lock()
MAX_PIECES = 6000


class _Canvas:
    """A copy of the palette background that pieces are pasted on."""

    def __init__(self, bg: _Background, rgb: bool = False) -> None:
        self.bg = bg
        self.rgb = rgb
        self.img = bg.rgb.copy() if rgb else bg.p.copy()
        self.draw = ImageDraw.Draw(self.img)

    def piece(self, where: Box, key: tuple, paint: Callable[[Image.Image, Box], None]) -> None:
        """Paste the piece `key` at `where`: painted once by `paint(patch, local box)` on that patch of
        the background, mapped onto the palette, and cached."""
        full = (self.bg.key, self.rgb, where, key)
        p = _pieces.get(full)
        if p is None:
            patch = self.bg.rgb.crop((where.x0, where.y0, where.x1, where.y1))
            paint(patch, Box(0, 0, where.w, where.h))
            p = patch if self.rgb else quantize(patch)
            with _pieces_lock:
                if len(_pieces) >= MAX_PIECES:
                    _pieces.clear()
                _pieces[full] = p
        self.img.paste(p, (where.x0, where.y0))

    def frame(self, b: Box, colour: pal.RGB, width: int, radius: int = 8) -> None:
        ink = colour if self.rgb else palette_index(colour)
        self.draw.rounded_rectangle(b.xy, radius=radius, outline=ink, width=width)


def _local(t: TextBox, origin: Box) -> tuple[int, int]:
    return t.xy[0] - origin.x0, t.xy[1] - origin.y0


def _text(img: Image.Image, t: TextBox, origin: Box, fill: pal.RGB = pal.TEXT) -> None:
    icons.text(img, _local(t, origin), t.text, t.size, fill=fill, anchor=t.anchor, bold=True)


_bg_lock = threading.Lock()


def _background(players: int, band: str | None) -> _Background:
    with _bg_lock:
        return _make_background(players, band)


@lru_cache(maxsize=12)
def _make_background(players: int, band: str | None) -> _Background:
    layout = TurnLayout(shape_state(players, band))
    texts = {(t.role, t.key): t for t in layout.texts()}
    img = Image.new("RGB", layout.size, pal.PAGE)
    draw = ImageDraw.Draw(img)
    whole = Box(0, 0, *layout.size)
    for space in SPACES:
        _cell_frame(img, draw, layout, space.index, texts, whole)
    bank = layout.bank_box
    draw.rounded_rectangle(bank.xy, radius=9, fill=pal.GROUP_TINT["bank"], outline=pal.CELL_EDGE)
    icons.paste(img, icons.bank(56, pal.PANEL_EDGE), bank.center[0] - 28, bank.center[1] - 28)
    for index in sorted(layout.locked):
        cell = layout.space_box(index)
        draw.rounded_rectangle(cell.xy, radius=9, fill=pal.LOCKED, outline=pal.LOCK_EDGE, width=3)
        icons.paste(img, icons.padlock(44), cell.center[0] - 22, cell.center[1] - 22)
    if layout.band_box is not None:
        draw.rounded_rectangle(layout.band_box.xy, radius=10, fill=pal.PANEL, outline=pal.HIGHLIGHT, width=3)
    # the shift clock
    for shift in (1, 2, 3):
        b = layout.clock_shift_box(shift)
        draw.rounded_rectangle(b.xy, radius=8, fill=pal.CELL, outline=pal.CELL_EDGE)
        _text(img, texts[("shift", shift)], whole, pal.TEXT_DIM)
    for element in range(1, 13):
        c = layout.clock_cell_box(element)
        draw.rounded_rectangle(c.xy, radius=8, fill=pal.PANEL, outline=pal.PANEL_EDGE)
        icons.clock_element(img, draw, element, c.center[0], c.y0 + 38)
        _text(img, texts[("clock-first", element)], whole)
        if ("clock-second", element) in texts:
            _text(img, texts[("clock-second", element)], whole, pal.TEXT_DIM)
    # the players' rows
    heads: dict[str, Callable[[int], Image.Image]] = {
        "vp": lambda seat: icons.star(STAT_ICON),
        "marks": lambda seat: icons.coin(STAT_ICON - 2),
        "workers": lambda seat: icons.worker(pal.SEAT_COLOURS[seat], STAT_ICON),
        "orders": lambda seat: icons.card_back(28, STAT_ICON),
        "delivered": lambda seat: icons.delivered(28, STAT_ICON),
    }
    for seat in range(players):
        row = layout.player_box(seat)
        draw.rounded_rectangle(row.xy, radius=10, fill=pal.CELL, outline=pal.CELL_EDGE)
        disc = layout.seat_disc_box(seat)
        sprite = icons.seat_disc_plain(seat, disc.w)
        icons.paste(img, sprite, disc.x0, disc.y0)
        _text(img, texts[("seat", seat)], whole)
        for col, make in heads.items():
            c = layout.player_cell(seat, col)
            sprite = make(seat)
            icons.paste(img, sprite, c.x0 + 6 + (STAT_ICON - sprite.width) // 2, c.center[1] - sprite.height // 2)
        cage = layout.player_cell(seat, "cage")
        frame = Box(cage.x0 + 62, cage.y0 + 8, cage.x0 + 62 + 5 * 46 + 6, cage.y1 - 8)
        draw.rounded_rectangle(frame.xy, radius=6, fill=pal.CAGE, outline=pal.CAGE_EDGE)
        for k in range(5):
            b = layout.cage_slot_box(seat, k)
            icons.paste(img, icons.slot(b.w, pal.CAGE_SLOT, pal.CAGE_EDGE), b.x0, b.y0)
    return _Background((players, band), img)


def _cell_frame(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: TurnLayout,
    index: int,
    texts: dict[tuple[str, int], TextBox],
    whole: Box,
) -> None:
    space = SPACES[index]
    cell = layout.space_box(index)
    row = layout.space_row(index)
    draw.rounded_rectangle(cell.xy, radius=9, fill=pal.GROUP_TINT[space.group], outline=pal.CELL_EDGE, width=1)
    label, content, strip = label_box(row, cell), content_box(row, cell), strip_box(cell)
    if label.h:
        draw.rounded_rectangle(label.xy, radius=9, fill=pal.CELL)
        draw.rectangle((label.x0, label.y1 - 9, label.x1 - 1, label.y1 - 1), fill=pal.CELL)
    draw.line((strip.x0 + 8, strip.y0, strip.x1 - 9, strip.y0), fill=pal.CELL_EDGE, width=1)
    if index in layout.locked or index in layout.covered_spaces:
        return  # under a lock tile or the band
    if ("space", index) in texts:
        _text(img, texts[("space", index)], whole, pal.LABEL_INK)
    if space.group == DELIVER:
        vehicle = VEHICLES.index(str(space.value))
        sprite = icons.vehicle(vehicle, 92, pal.TEXT, pal.GROUP_TINT["deliver"])
        icons.paste(img, sprite, content.center[0] - 46, content.center[1] - sprite.height // 2)
        draw.rounded_rectangle(
            (label.x0 + 10, label.center[1] - 6, label.x1 - 11, label.center[1] + 6),
            radius=6,
            fill=pal.VEHICLE_TINT[vehicle],
        )
    elif space.group == MINE:
        icons.paste(img, icons.pick(44), content.x0 + 8, content.center[1] - 22)
        _text(img, texts[("steps", index)], whole)
    elif space.group == MONEY:
        icons.paste(img, icons.coin(58), content.center[0] - 29, content.center[1] - 29)
        _text(img, texts[("money", index)], whole, pal.CARD_INK)
    elif space.group == FACTORY and not space.is_draw:
        icons.paste(img, icons.coin(26), label.x1 - 66, label.center[1] - 13)
    w = layout.worker_box(index)
    icons.paste(img, icons.worker(pal.EMPTY_WORKER, w.w, pal.EMPTY_WORKER), w.x0, w.y0)


# --- the pieces of a turn ----------------------------------------------------------------------------


def _spaces(canvas: _Canvas, state: GameState, layout: TurnLayout, texts: dict[tuple[str, int], TextBox]) -> None:
    hidden = layout.locked | layout.covered_spaces
    for space in SPACES:
        i = space.index
        if i in hidden:
            continue
        cell = layout.space_box(i)
        owner = state.space_owner[i]
        if owner >= 0:
            strip = strip_box(cell).inset(6, 3)
            t = texts[("workers", i)]
            fig = layout.worker_box(i)

            def paint_workers(
                img: Image.Image, b: Box, t: TextBox = t, fig: Box = fig, owner: int = owner, origin: Box = strip
            ) -> None:
                icons.paste(img, icons.worker(pal.SEAT_COLOURS[owner], fig.w), fig.x0 - origin.x0, fig.y0 - origin.y0)
                _text(img, t, origin)

            canvas.piece(strip, ("workers", owner, t.text), paint_workers)
        if space.is_draw:
            kind = "tile" if space.group == FACTORY else "order"
            deck = layout.deck_box(kind)
            t = texts[("deck", i)]
            canvas.piece(deck, ("deck", kind, t.text), partial(_deck, t=t, deck=deck, kind=kind))
        elif space.group == FACTORY:
            tile = state.factory[int(space.value) - 1]
            if tile is None:
                continue
            where = layout.tile_box(int(space.value))
            cube = layout.tile_cube_box(int(space.value))
            carts = texts[("carts", i)]
            canvas.piece(
                where,
                ("tile", tile),
                partial(_tile, tile_id=tile, where=where, cube=cube, t=carts),
            )
            price = texts[("price", i)]
            pb = Box(price.box.x0 - 2, label_box(0, cell).y0 + 2, price.box.x1 + 2, label_box(0, cell).y1 - 2)
            canvas.piece(pb, ("price", price.text), partial(_text_in, t=price, origin=pb))
        elif space.group == ORDER:
            card = state.order_spaces[int(space.value) - 1]
            if card is None:
                continue
            where = layout.order_card_box(int(space.value))
            canvas.piece(where, ("card", card), partial(_card, card_id=card))
    if not layout.bank_covered:
        for seat in range(layout.players):
            if state.bank[seat]:
                fig = layout.bank_worker_box(seat)
                t = texts[("bank", seat)]
                where = Box(fig.x0, fig.y0 - 6, min(layout.bank_box.x1 - 3, t.box.x1 + 2), fig.y1 + 6)

                def paint_bank(img: Image.Image, b: Box, seat: int = seat, fig: Box = fig, t: TextBox = t) -> None:
                    icons.paste(img, icons.worker(pal.SEAT_COLOURS[seat], fig.w), 0, 6)
                    _text(img, t, Box(fig.x0, fig.y0 - 6, fig.x1, fig.y1 + 6))

                canvas.piece(where, ("bank", seat, t.text), paint_bank)


def _text_in(img: Image.Image, b: Box, t: TextBox, origin: Box, fill: pal.RGB = pal.TEXT) -> None:
    _text(img, t, origin, fill)


def _taken(img: Image.Image, b: Box) -> None:
    """A draft card's empty place."""
    ImageDraw.Draw(img).rounded_rectangle(b.xy, radius=8, outline=pal.PANEL_EDGE, width=3)


def _back(img: Image.Image, b: Box, kind: str) -> None:
    sprite = icons.tile_back(b.w, b.h) if kind == "tile" else icons.card_back(b.w, b.h)
    icons.paste(img, sprite, 0, 0)


def _cube(img: Image.Image, b: Box, colour: int) -> None:
    icons.paste(img, icons.cube(colour, b.w), 0, 0)


def _name(img: Image.Image, b: Box, name: str, size: int) -> None:
    draw_name(img, (0, b.h // 2), name, size, b.w)


def _deck(img: Image.Image, b: Box, t: TextBox, deck: Box, kind: str) -> None:
    w, h = (70, 52) if kind == "tile" else (52, 70)
    x, y = b.center[0] - w // 2 - 4, b.center[1] - h // 2 + 2
    count = int(t.text)
    draw = ImageDraw.Draw(img)
    if count:
        for k in (2, 1, 0) if count > 2 else range(count - 1, -1, -1):
            sprite = icons.tile_back(w, h) if kind == "tile" else icons.card_back(w, h)
            icons.paste(img, sprite, x + 4 * k, y - 4 * k)
    else:
        draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=6, outline=pal.TEXT_DIM, width=2)
    tb = t.box
    pill = (tb.x0 - deck.x0 - 8, tb.y0 - deck.y0, tb.x1 - deck.x0 + 8, tb.y1 - deck.y0)
    draw.rounded_rectangle(pill, radius=12, fill=pal.PAGE)
    _text(img, t, deck)


def _tile(img: Image.Image, b: Box, tile_id: int | None, where: Box, cube: Box, t: TextBox | None) -> None:
    """A displayed tile: light (sand) or dark, one cube of its colour with its mark, and ×carts."""
    assert tile_id is not None
    tile = TILES[tile_id]
    fill, edge = (pal.TILE_DARK, pal.TILE_DARK_EDGE) if tile.dark else (pal.TILE_LIGHT, pal.TILE_LIGHT_EDGE)
    ImageDraw.Draw(img).rounded_rectangle(b.xy, radius=8, fill=fill, outline=edge, width=3)
    icons.paste(img, icons.cube(tile.colour, cube.w), cube.x0 - where.x0, cube.y0 - where.y0)
    if t is not None:
        _text(img, t, where, pal.TEXT if tile.dark else pal.CARD_INK)


def _card(img: Image.Image, b: Box, card_id: int, vp: TextBox | None = None) -> None:
    """A compact order card: vehicle and VP on a band tinted by vehicle, the spots below (2 x 2)."""
    if card_id < 0:
        icons.paste(img, icons.card_back(b.w, b.h), b.x0, b.y0)
        return
    card = ORDER_CARDS[card_id]
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(b.xy, radius=7, fill=pal.CARD, outline=pal.CARD_EDGE, width=2)
    band = Box(b.x0, b.y0, b.x1, b.y0 + 40)
    tint = pal.VEHICLE_TINT[card.vehicle]
    d.rounded_rectangle(band.xy, radius=7, fill=tint)
    d.rectangle((band.x0, band.y1 - 7, band.x1 - 1, band.y1 - 1), fill=tint)
    d.rounded_rectangle(b.xy, radius=7, outline=pal.CARD_EDGE, width=2)
    sprite = icons.vehicle(card.vehicle, 48, pal.CARD_INK, tint)
    icons.paste(img, sprite, b.x0 + 5, band.center[1] - sprite.height // 2)
    icons.text(img, (b.x1 - 8, b.y0 + 22), str(card.vp), TEXT, fill=pal.CARD_INK, anchor="rm", bold=True)
    n = len(card.spots)
    size, gap = 28, 4
    cols = 2 if n > 1 else 1
    rows = -(-n // cols)
    top = band.y1 + (b.y1 - band.y1 - rows * size - (rows - 1) * gap) // 2
    for k, colour in enumerate(card.spots):
        r, c = divmod(k, cols)
        in_row = min(cols, n - r * cols)
        left = b.center[0] - (in_row * size + (in_row - 1) * gap) // 2
        icons.paste(img, icons.empty_spot(colour, size), left + c * (size + gap), top + r * (size + gap))


def _draft(canvas: _Canvas, state: GameState, layout: TurnLayout, texts: dict[tuple[str, int], TextBox]) -> None:
    for k, card in enumerate(state.draft_cards):
        where = layout.band_item_box(k)
        t = texts[("band", k)]
        label = Box(where.x0, t.box.y0, where.x1, t.box.y1)
        canvas.piece(label, ("band-label", t.text), partial(_text_in, t=t, origin=label, fill=pal.TEXT_DIM))
        if card is None:
            canvas.piece(
                where,
                ("taken",),
                _taken,
            )
        else:
            canvas.piece(where, ("card", card), partial(_card, card_id=card))


def _drawn(canvas: _Canvas, state: GameState, layout: TurnLayout, texts: dict[tuple[str, int], TextBox]) -> None:
    pending = state.pending
    assert pending is not None
    band = layout.band_box
    assert band is not None
    kind = pending.kind
    mark = Box(band.x0 + 10, band.y0 + 10, band.x0 + 106, band.y1 - 10)

    def paint_mark(img: Image.Image, b: Box) -> None:
        sprite = icons.tile_back(60, 46) if kind == "tile" else icons.card_back(44, 58)
        icons.paste(img, sprite, (b.w - sprite.width) // 2, 6)
        icons.paste(img, icons.worker(pal.SEAT_COLOURS[state.current], 40), (b.w - 40) // 2, b.h - 50)

    canvas.piece(mark, ("drawer", kind, state.current), paint_mark)
    for k, item in enumerate(pending.cards):
        where = layout.band_item_box(k)
        t = texts[("band", k)]
        label = Box(where.x0, t.box.y0, where.x1, t.box.y1)
        canvas.piece(label, ("band-label", t.text), partial(_text_in, t=t, origin=label, fill=pal.TEXT_DIM))
        if item < 0:
            back = Box(where.x0, where.y0, where.x1, where.y0 + (70 if kind == "tile" else where.h))
            canvas.piece(back, ("back", kind), partial(_back, kind=kind))
        elif kind == "tile":
            tb = Box(where.x0, where.y0, where.x1, where.y0 + 78)
            cube = Box(tb.x0 + 8, tb.center[1] - 22, tb.x0 + 52, tb.center[1] + 22)
            carts = TextBox("carts", k, f"×{TILES[item].carts}", (cube.x1 + 6, cube.center[1]), "lm", TEXT, cube)
            canvas.piece(
                tb,
                ("tile", item),
                partial(_tile, tile_id=item, where=tb, cube=cube, t=carts),
            )
            price = texts[("band-price", k)]
            pb = Box(where.x0, price.box.y0, where.x1, price.box.y1)

            def paint_price(img: Image.Image, b: Box, t: TextBox = price, pb: Box = pb) -> None:
                icons.paste(img, icons.coin(26), 4, (b.h - 26) // 2)
                _text(img, t, pb)

            canvas.piece(pb, ("band-price", price.text), paint_price)
        else:
            canvas.piece(where, ("card", item), partial(_card, card_id=item))


def _clock(canvas: _Canvas, state: GameState, layout: TurnLayout, texts: dict[tuple[str, int], TextBox]) -> None:
    """The shift clock as it is in this shift (the same in every turn of it): one piece."""
    shift = state.shift
    first, last = layout.clock_shift_box(1), layout.clock_cell_box(12)
    clock = Box(first.x0, first.y0, last.x1, last.y1)
    lab = layout.clock_shift_box(shift)
    t = texts[("shift", shift)]

    def paint(img: Image.Image, b: Box) -> None:
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle(_moved(lab, clock).xy, radius=8, fill=pal.HIGHLIGHT)
        _text(img, t, clock, pal.CARD_INK)
        for element in range(1, ELEMENTS_SCORED[shift] + 1):
            framed = _moved(layout.clock_cell_box(element), clock)
            draw.rounded_rectangle(framed.xy, radius=8, outline=pal.HIGHLIGHT, width=4)

    canvas.piece(clock, ("clock", shift), paint)


def _moved(b: Box, origin: Box) -> Box:
    """`b` in the coordinates of a piece that starts at `origin`."""
    return Box(b.x0 - origin.x0, b.y0 - origin.y0, b.x1 - origin.x0, b.y1 - origin.y0)


def _players(
    canvas: _Canvas,
    state: GameState,
    layout: TurnLayout,
    texts: dict[tuple[str, int], TextBox],
    last: LastMove | None,
) -> None:
    over = state.phase == "over"
    for seat, p in enumerate(state.players):
        row = layout.player_box(seat)
        marker = layout.player_cell(seat, "marker")
        to_move = not over and state.current == seat
        start = state.start_player == seat
        won = over and seat in state.winners

        def paint_marker(
            img: Image.Image, b: Box, to_move: bool = to_move, start: bool = start, won: bool = won
        ) -> None:
            if won:
                icons.paste(img, icons.trophy(40), (b.w - 40) // 2, (b.h - 40) // 2)
                return
            if to_move:
                icons.paste(img, icons.arrow(32), 2, (b.h - 32) // 2)
            if start:
                icons.paste(img, icons.flag(34), b.w - 36, (b.h - 34) // 2)

        if to_move or start or won:
            canvas.piece(marker, ("marker", to_move, start, won), paint_marker)
        name = layout.player_cell(seat, "name")
        nt = texts[("name", seat)]
        canvas.piece(
            name,
            ("name", p.name),
            partial(_name, name=p.name, size=nt.size),
        )
        for col in ("vp", "marks", "workers", "orders", "delivered"):
            t = texts[(col, seat)]
            c = layout.player_cell(seat, col)
            where = Box(t.box.x0 - 2, c.y0 + 4, c.x1, c.y1 - 4)
            canvas.piece(where, ("stat", t.text, t.size), partial(_text_in, t=t, origin=where))
        _cage(canvas, layout, seat, p.cage_level, tuple(p.cage))
        if to_move:
            canvas.frame(row, pal.HIGHLIGHT, 4, radius=10)
    if last is not None and last.seat < len(state.players):
        _gained(canvas, state, layout, last)


def _cage(canvas: _Canvas, layout: TurnLayout, seat: int, level: int, cage: tuple[int, ...]) -> None:
    lb = layout.cage_level_box(seat)

    def paint_level(img: Image.Image, b: Box) -> None:
        if level == 0:
            d = ImageDraw.Draw(img)
            d.rounded_rectangle(b.xy, radius=7, fill=pal.SURFACE_SKY, outline=pal.CELL_EDGE, width=2)
            d.rectangle((2, b.h - 12, b.w - 3, b.h - 3), fill=pal.SURFACE_GROUND)
        else:
            icons.paste(img, icons.cube(level - 1, b.w), 0, 0)

    canvas.piece(lb, ("cage-level", level), paint_level)
    cubes = [c for c in range(4) for _ in range(cage[c])]
    for k, colour in enumerate(cubes[:5]):
        b = layout.cage_slot_box(seat, k)
        canvas.piece(b, ("cube", colour), partial(_cube, colour=colour))


def _gained(canvas: _Canvas, state: GameState, layout: TurnLayout, last: LastMove) -> None:
    """What the last move brought its player, in the row's last column: the tile, the order card."""
    cell = layout.player_cell(last.seat, "gained")
    p = state.players[last.seat]
    if last.tile is not None:
        where = Box(cell.x0 + 8, cell.y0 + 6, cell.x1 - 8, cell.y1 - 6)
        cube = Box(where.x0 + 8, where.center[1] - 22, where.x0 + 52, where.center[1] + 22)
        t = TextBox("carts", 0, f"×{TILES[last.tile].carts}", (cube.x1 + 6, cube.center[1]), "lm", TEXT, cube)
        canvas.piece(where, ("gained-tile", last.tile), partial(_tile, tile_id=last.tile, where=where, cube=cube, t=t))
        canvas.frame(cell, pal.LAST, LAST_FRAME)
    elif last.order is not None and last.order < len(p.orders):
        card = p.orders[last.order].card
        where = Box(cell.x0 + 24, cell.y0 + 2, cell.x1 - 24, cell.y1 - 2)

        def paint(img: Image.Image, b: Box) -> None:
            k = b.h / 96
            icons.paste(img, _card_sprite(card, round(104 * k), b.h), 0, 0)

        canvas.piece(where, ("gained-card", card), paint)
        canvas.frame(cell, pal.LAST, LAST_FRAME)


@lru_cache(maxsize=64)
def _card_sprite(card: int, w: int, h: int) -> Image.Image:
    img = Image.new("RGBA", (104, 96), (0, 0, 0, 0))
    _card(img, Box(0, 0, 104, 96), card)
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _mark_last(canvas: _Canvas, state: GameState, layout: TurnLayout, last: LastMove) -> None:
    """Frames in the last move's colour: the space(s) it used, and the stats of its row it changed."""
    for index in last.spaces:
        if index not in layout.covered_spaces:
            canvas.frame(layout.space_box(index), pal.LAST, LAST_FRAME, radius=9)
    if last.bank and not layout.bank_covered:
        canvas.frame(layout.bank_box, pal.LAST, LAST_FRAME, radius=9)
    if last.draft_card is not None and layout.band == "draft" and last.draft_card < layout.band_count():
        canvas.frame(layout.band_item_box(last.draft_card).inset(-4), pal.LAST, LAST_FRAME)
    if last.seat >= len(state.players):
        return
    for col in last.changed:
        canvas.frame(layout.player_cell(last.seat, col), pal.LAST, LAST_FRAME - 1)


__all__ = ["LAST_FRAME", "turn_image", "turn_image_rgb"]
