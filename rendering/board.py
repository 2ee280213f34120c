"""The board image: worker spaces, factory tiles, order cards, shift clock, VP table and every player's pit.

The static background (cells, icons, the clock face, pit frames, locks) is drawn once per
player count and band (draft, draw choice or none) and copied for each render; the pieces of
the turn go on the copy.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules import new_game
from rules.components import CLOCK, DELIVER, ELEMENTS_SCORED, FACTORY, MINE, MONEY, ORDER, SPACES, TILES, VEHICLES
from rules.state import GameState, Pending
from rules.view import view

from . import icons
from . import palette as pal
from .cards import draw_order_card, draw_tile, draw_tile_back
from .layout import (
    BANK_CELL,
    BoardLayout,
    Box,
    board_layout,
    cell_box,
    cell_content_box,
    cell_label_box,
    cell_worker_box,
    tile_in,
    worker_icon_box,
)
from .pit import draw_pit, draw_pit_frame


def board_image(state: GameState, viewer: str | None = None) -> Image.Image:
    """The full board and every pit as `viewer` (a player name, None for a spectator) may see them."""
    seen = view(state, viewer)
    layout = board_layout(seen)
    background = _background(len(seen.players), layout.band)
    img = background.crop((0, 0, *background.size))  # a copy, and faster than .copy()
    draw = ImageDraw.Draw(img)
    _spaces(img, draw, seen, layout)
    _clock(img, draw, seen, layout)
    _table(img, draw, seen, layout)
    if layout.band:
        _band(img, draw, seen, layout)
    for pit in layout.pits:
        draw_pit(img, draw, seen, pit)
    return img


# --- the static background ---------------------------------------------------------------------


def _shape_state(players: int, band: str | None) -> GameState:
    """A state with `players` seats and that band: only its shape matters to the background."""
    state = new_game([str(k) for k in range(players)], seed=0)  # in its draft
    if band == "draft":
        return state
    if band == "draw":
        return state.model_copy(update={"phase": "draw", "pending": Pending(kind="tile", cards=[])})
    return state.model_copy(update={"phase": "turn"})


@lru_cache(maxsize=16)
def _background(players: int, band: str | None) -> Image.Image:
    layout = BoardLayout(_shape_state(players, band))
    assert layout.band == band
    width, height = layout.size
    img = Image.new("RGB", (width, height), pal.PAGE)
    draw = ImageDraw.Draw(img)
    for space in SPACES:
        _space_cell(img, draw, layout, space.index)
    _bank_cell(img, draw)
    for index in sorted(layout.locked):
        _lock(img, draw, layout.space_box(index))
    if layout.band_box is not None:
        draw.rounded_rectangle(layout.band_box.xy, radius=10, fill=pal.PANEL, outline=pal.HIGHLIGHT, width=3)
    _clock_face(img, draw, layout)
    _table_frame(img, draw, layout)
    for pit in layout.pits:
        draw_pit_frame(img, draw, pit)
    return img


def _cell_frame(draw: ImageDraw.ImageDraw, cell: Box, group: str) -> None:
    draw.rounded_rectangle(cell.xy, radius=9, fill=pal.GROUP_TINT[group], outline=pal.CELL_EDGE, width=1)
    label = cell_label_box(cell)
    draw.rounded_rectangle(label.xy, radius=9, fill=pal.CELL)
    draw.rectangle((label.x0, label.y1 - 9, label.x1 - 1, label.y1 - 1), fill=pal.CELL)
    strip = cell_worker_box(cell)
    draw.line((strip.x0 + 8, strip.y0, strip.x1 - 9, strip.y0), fill=pal.CELL_EDGE, width=1)


def _space_cell(img: Image.Image, draw: ImageDraw.ImageDraw, layout: BoardLayout, index: int) -> None:
    space = SPACES[index]
    cell = layout.space_box(index)
    _cell_frame(draw, cell, space.group)
    label, content = cell_label_box(cell), cell_content_box(cell)
    lx, ly = label.x0 + 12, label.center[1]
    if space.group in (FACTORY, ORDER):  # numbered as in the commands; "?" for the draw spaces
        label_text = "?" if space.is_draw else str(space.value)
        icons.text(img, (lx, ly), label_text, 22, fill=pal.LABEL_INK, anchor="lm", bold=True)
    elif space.group == DELIVER:
        vehicle = VEHICLES.index(str(space.value))
        sprite = icons.vehicle(vehicle, 84, pal.TEXT, pal.GROUP_TINT["deliver"])
        icons.paste(img, sprite, content.center[0] - 42, content.center[1] - sprite.height // 2)
        tint = pal.VEHICLE_TINT[vehicle]
        draw.rounded_rectangle((label.x0 + 10, ly - 4, label.x1 - 11, ly + 4), radius=4, fill=tint)
    elif space.group == MINE:
        icons.paste(img, icons.pick(40), content.x0 + 14, content.center[1] - 20)
        icons.text(img, (content.x0 + 88, content.center[1]), str(space.value), 36, bold=True)
    elif space.group == MONEY:
        icons.paste(img, icons.coin(48), content.center[0] - 24, content.center[1] - 24)
        icons.text(img, (content.center[0], content.center[1] + 1), str(space.value), 26, fill=pal.CARD_INK, bold=True)
    _empty_worker(img, cell_worker_box(cell))


def _empty_worker(img: Image.Image, strip: Box) -> None:
    b = worker_icon_box(strip)
    icons.paste(img, icons.worker(pal.EMPTY_WORKER, b.w, pal.EMPTY_WORKER), b.x0, b.y0)


def _bank_cell(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    cell = cell_box(*BANK_CELL)
    _cell_frame(draw, cell, "bank")
    strip = cell_worker_box(cell)
    draw.rectangle((strip.x0 + 1, strip.y0, strip.x1 - 2, strip.y0 + 1), fill=pal.GROUP_TINT["bank"])
    label = cell_label_box(cell)
    icons.paste(img, icons.bank(22, pal.LABEL_INK), label.x0 + 10, label.center[1] - 11)


def _lock(img: Image.Image, draw: ImageDraw.ImageDraw, cell: Box) -> None:
    """A lock tile over a space the player count closes (R-SETUP-1): plain, with a padlock."""
    draw.rounded_rectangle(cell.xy, radius=9, fill=pal.LOCKED, outline=pal.LOCK_EDGE, width=3)
    draw.rounded_rectangle(cell.inset(8).xy, radius=6, outline=pal.LOCK_EDGE, width=2)
    icons.paste(img, icons.padlock(44), cell.center[0] - 22, cell.center[1] - 30)


def _clock_face(img: Image.Image, draw: ImageDraw.ImageDraw, layout: BoardLayout) -> None:
    two = layout.players == 2  # R-SHIFT-5: no second place with two players
    for shift in (1, 2, 3):
        lab = layout.clock_shift_box(shift)
        draw.rounded_rectangle(lab.xy, radius=8, fill=pal.CELL, outline=pal.CELL_EDGE)
        for element in range(4 * shift - 3, 4 * shift + 1):
            cell = layout.clock_cell_box(element)
            draw.rounded_rectangle(cell.xy, radius=8, fill=pal.PANEL, outline=pal.PANEL_EDGE)
            icons.clock_element(img, draw, element, cell.x0 + 32, cell.center[1])
            e = CLOCK[element - 1]
            if two:
                icons.text(img, (cell.x1 - 22, cell.center[1]), str(e.first), 26, bold=True)
            else:
                icons.text(img, (cell.x1 - 22, cell.y0 + 19), str(e.first), 24, bold=True)
                icons.text(img, (cell.x1 - 22, cell.y1 - 16), str(e.second), 19, fill=pal.TEXT_DIM)


def _table_frame(img: Image.Image, draw: ImageDraw.ImageDraw, layout: BoardLayout) -> None:
    draw.rounded_rectangle(layout.table_box.xy, radius=10, fill=pal.PANEL, outline=pal.PANEL_EDGE)
    heads = [
        None,
        icons.star(26),
        icons.coin(24),
        icons.worker(pal.TEXT_DIM, 24),
        icons.bank(24, pal.TEXT_DIM),
        icons.canteen(24, pal.TEXT_DIM),
    ]
    for col, sprite in enumerate(heads):
        if sprite is None:
            continue
        b = layout.table_cell_box(None, col)
        icons.paste(img, sprite, b.center[0] - sprite.width // 2, b.center[1] - sprite.height // 2 + 2)
    for seat in range(layout.players):
        row = layout.table_row_box(seat)
        draw.rounded_rectangle(row.inset(4, 0).xy, radius=8, fill=pal.CELL)
        b = layout.table_cell_box(seat, 0)
        icons.paste(img, icons.seat_disc(seat, 28), b.x0 + 12, b.center[1] - 14)


# --- the pieces of the turn ---------------------------------------------------------------------


def _workers(img: Image.Image, draw: ImageDraw.ImageDraw, strip: Box, figure: Box, seat: int, count: int) -> None:
    icons.paste(img, icons.worker(pal.SEAT_COLOURS[seat], figure.w), figure.x0, figure.y0)
    icons.text(img, (figure.x1 + 8, strip.center[1] + 1), str(count), 26, anchor="lm", bold=True)


def _spaces(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: BoardLayout) -> None:
    hidden = layout.locked | layout.covered_spaces
    for space in SPACES:
        i = space.index
        if i in hidden:
            continue
        cell = layout.space_box(i)
        owner = state.space_owner[i]
        if owner >= 0:
            _workers(img, draw, cell_worker_box(cell), layout.space_worker_box(i), owner, state.space_workers[i])
        if space.group == FACTORY:
            if space.is_draw:
                _deck(img, draw, layout.deck_box("tile"), len(state.tile_deck), tiles=True)
                continue
            tile = state.factory[int(space.value) - 1]
            if tile is None:
                continue
            t = TILES[tile]
            draw_tile(img, draw, layout.factory_tile_box(int(space.value), t.carts), tile)
            label = cell_label_box(cell)
            icons.paste(img, icons.coin(24), label.x1 - 58, label.center[1] - 12)
            icons.text(img, (label.x1 - 12, label.center[1] + 1), str(t.price), 22, anchor="rm", bold=True)
        elif space.group == ORDER:
            if space.is_draw:
                _deck(img, draw, layout.deck_box("order"), len(state.order_deck), tiles=False)
                continue
            card = state.order_spaces[int(space.value) - 1]
            if card is not None:
                draw_order_card(img, draw, layout.order_space_card_box(int(space.value)), card)
    for seat in range(len(state.players)):
        if state.bank[seat] and not layout.bank_covered:
            fig = layout.bank_worker_box(seat)
            icons.paste(img, icons.worker(pal.SEAT_COLOURS[seat], fig.w), fig.x0, fig.y0)
            icons.text(img, (fig.x1 + 6, fig.center[1] + 1), str(state.bank[seat]), 22, anchor="lm", bold=True)


def _deck(img: Image.Image, draw: ImageDraw.ImageDraw, where: Box, size: int, tiles: bool) -> None:
    w, h = (70, 56) if tiles else (56, 70)
    x, y = where.center[0] - w // 2, where.center[1] - h // 2
    if size:
        for k in (2, 1, 0) if size > 2 else range(size - 1, -1, -1):
            sprite = icons.tile_back(w, h) if tiles else icons.card_back(w, h)
            icons.paste(img, sprite, x + 3 * k, y - 3 * k)
    else:
        draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=6, outline=pal.TEXT_DIM, width=2)
    pill = Box(where.center[0] - 24, where.center[1] - 15, where.center[0] + 24, where.center[1] + 17)
    draw.rounded_rectangle(pill.xy, radius=12, fill=pal.PAGE)
    icons.text(img, (where.center[0], where.center[1] + 1), str(size), 26, bold=True)


def _clock(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: BoardLayout) -> None:
    scoring = ELEMENTS_SCORED[state.shift]
    lab = layout.clock_shift_box(state.shift)
    draw.rounded_rectangle(lab.xy, radius=8, fill=pal.HIGHLIGHT)
    for shift in (1, 2, 3):
        b = layout.clock_shift_box(shift)
        ink = pal.CARD_INK if shift == state.shift else (pal.TEXT if shift < state.shift else pal.TEXT_DIM)
        icons.text(img, (b.center[0], b.center[1] + 1), str(shift), 26, fill=ink, bold=True)
    for element in range(1, scoring + 1):
        draw.rounded_rectangle(layout.clock_cell_box(element).xy, radius=8, outline=pal.HIGHLIGHT, width=3)


def _table(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: BoardLayout) -> None:
    over = state.phase == "over"
    for seat, p in enumerate(state.players):
        row = layout.table_row_box(seat)
        if not over and state.current == seat:
            draw.rounded_rectangle(row.inset(4, 0).xy, radius=8, outline=pal.HIGHLIGHT, width=3)
        b = layout.table_cell_box(seat, 0)
        cy = b.center[1]
        if not over and state.current == seat:
            icons.paste(img, icons.arrow(22), b.x0 + 46, cy - 11)
        if state.start_player == seat:
            icons.paste(img, icons.flag(26), b.x0 + 74, cy - 13)
        if over and seat in state.winners:
            icons.paste(img, icons.trophy(28), b.x0 + 44, cy - 14)
        values = (p.vp, p.marks, p.workers, state.bank[seat], state.canteen[seat])
        for col, value in enumerate(values, start=1):
            c = layout.table_cell_box(seat, col)
            icons.text(img, (c.center[0], cy + 1), str(value), 26 if col == 1 else 22, bold=col == 1)


def _band(img: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, layout: BoardLayout) -> None:
    band = layout.band_box
    assert band is not None
    cx, cy = band.x0 + 62, band.center[1]
    if state.phase == "draft":
        icons.paste(img, icons.card_back(46, 60), cx - 30, cy - 62)
        icons.paste(img, icons.card_back(46, 60), cx - 18, cy - 54)
        icons.text(img, (cx + 4, cy + 20), str(sum(c is not None for c in state.draft_cards)), 30, bold=True)
        icons.paste(img, icons.worker(pal.SEAT_COLOURS[state.current], 34), cx - 17, cy + 50)
        for k, card in enumerate(state.draft_cards):
            where = layout.band_item_box(k)
            icons.text(img, (where.center[0], where.y0 - 14), str(k + 1), 20, fill=pal.TEXT_DIM, bold=True)
            if card is None:
                draw.rounded_rectangle(where.xy, radius=8, outline=pal.PANEL_EDGE, width=2)
            else:
                draw_order_card(img, draw, where, card)
        return
    pending = state.pending
    assert pending is not None
    tiles = pending.kind == "tile"
    sprite = icons.tile_back(56, 44) if tiles else icons.card_back(40, 52)
    icons.paste(img, sprite, cx - sprite.width // 2 - 22, cy - sprite.height // 2)
    icons.paste(img, icons.worker(pal.SEAT_COLOURS[state.current], 34), cx + 18, cy - 17)
    for k, item in enumerate(pending.cards):
        where = layout.band_item_box(k)
        icons.text(img, (where.center[0], where.y0 - 13), str(k + 1), 18, fill=pal.TEXT_DIM, bold=True)
        if item < 0:
            if tiles:
                draw_tile_back(img, tile_in(where, 2, 1.2))
            else:
                draw_order_card(img, draw, where, -1)
        elif tiles:
            t = TILES[item]
            draw_tile(img, draw, tile_in(Box(where.x0, where.y0, where.x1, where.y1 - 20), t.carts, 1.2), item)
            icons.paste(img, icons.coin(22), where.center[0] - 26, where.y1 - 22)
            icons.text(img, (where.center[0] + 2, where.y1 - 11), str(t.price), 20, anchor="lm", bold=True)
        else:
            draw_order_card(img, draw, where, item)


__all__ = ["board_image"]
