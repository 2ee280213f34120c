"""Drawing the game's two kinds of cardboard: tunnel tiles (with their carts) and order cards (with their spots)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.components import ORDER_CARDS, TILES

from . import icons
from . import palette as pal
from .layout import CARD_W, Box, card_spot_box, cart_cube_box, tile_cart_slot


def draw_tile(
    img: Image.Image, draw: ImageDraw.ImageDraw, where: Box, tile_id: int, carts: list[int] | None = None
) -> None:
    """A tunnel tile: light (sand, lantern) or dark (near black); `carts` are the cubes on its carts.

    Without `carts` (a tile on display) every cart shows a cube of the tile's colour: the coal
    the tile brings when bought.
    """
    tile = TILES[tile_id]
    fill, edge = (pal.TILE_DARK, pal.TILE_DARK_EDGE) if tile.dark else (pal.TILE_LIGHT, pal.TILE_LIGHT_EDGE)
    radius = max(3, where.h // 8)
    draw.rounded_rectangle(where.xy, radius=radius, fill=fill, outline=edge, width=max(1, where.h // 25))
    if not tile.dark:  # under the carts: a cube may hide part of it, never the other way round
        size = max(8, where.h * 2 // 7)
        icons.paste(img, icons.lantern(size), where.x0 + max(1, where.h // 25), where.y0 + max(1, where.h // 25))
    for j in range(tile.carts):
        slot = tile_cart_slot(where, tile.carts, j)
        content = tile.colour if carts is None else carts[j]
        icons.draw_cart(img, slot, cart_cube_box(slot), content)


def draw_tile_back(img: Image.Image, where: Box) -> None:
    icons.paste(img, icons.tile_back(where.w, where.h), where.x0, where.y0)


def draw_order_card(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    where: Box,
    card_id: int,
    spots: list[list[int]] | None = None,
    number: int | None = None,
    solid: bool = False,
) -> None:
    """An order card face up: vehicle and VP in a band tinted by vehicle, the coal spots below.

    `spots` gives the cubes on an outstanding order; without it the spots are empty (a card on
    display), or full with the asked colours when `solid` (a delivered card). `number` is the
    order's number in the pit, for mining plans ("fill 2.1 grey").
    """
    if card_id < 0:
        icons.paste(img, icons.card_back(where.w, where.h), where.x0, where.y0)
        return
    card = ORDER_CARDS[card_id]
    k = where.w / CARD_W
    r = max(3, round(7 * k))
    draw.rounded_rectangle(where.xy, radius=r, fill=pal.CARD, outline=pal.CARD_EDGE, width=max(1, round(1.5 * k)))
    band = Box(where.x0, where.y0, where.x1, where.y0 + round(where.h * 0.44))
    draw.rounded_rectangle(band.xy, radius=r, fill=pal.VEHICLE_TINT[card.vehicle])
    draw.rectangle((band.x0, band.y1 - r, band.x1 - 1, band.y1 - 1), fill=pal.VEHICLE_TINT[card.vehicle])
    draw.rounded_rectangle(where.xy, radius=r, outline=pal.CARD_EDGE, width=max(1, round(1.5 * k)))
    x = where.x0 + round(6 * k)
    if number is not None:
        d = round(22 * k)
        cy = band.y0 + band.h // 2
        draw.ellipse((x, cy - d // 2, x + d, cy - d // 2 + d), fill=pal.CARD_INK)
        icons.text(img, (x + d / 2, cy + 0.5), str(number), max(9, round(15 * k)), fill=pal.CARD, bold=k >= 1)
        x += d + round(3 * k)
    vw = round(44 * k)
    sprite = icons.vehicle(card.vehicle, vw, pal.CARD_INK, pal.VEHICLE_TINT[card.vehicle])
    icons.paste(img, sprite, x, band.y0 + (band.h - sprite.height) // 2)
    icons.text(
        img,
        (where.x1 - round(7 * k), band.y0 + band.h / 2 + 1),
        str(card.vp),
        max(10, round(24 * k)),
        fill=pal.CARD_INK,
        anchor="rm",
        bold=k >= 0.7,
    )
    n = len(card.spots)
    for s, colour in enumerate(card.spots):
        b = card_spot_box(where, n, s)
        on = spots[s] if spots is not None else ([colour] if solid else [])
        if not on:
            sprite = icons.empty_spot(colour, b.w)
        elif len(on) == 1:
            sprite = icons.cube(on[0], b.w)
        else:
            sprite = icons.split_cube(on[0], on[1], b.w)
        icons.paste(img, sprite, b.x0, b.y0)
