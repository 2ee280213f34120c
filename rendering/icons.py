"""Procedural pieces and icons: coal cubes with their marks, carts, workers, vehicles, coins and the rest.

One module (some 510 lines) on purpose: every piece of the images, drawn by the same few primitives.

Each piece is drawn once per size at four times the size and scaled down (smooth edges), kept
in a cache, and pasted where it goes: the images are made of many identical small pieces.
Text uses the project's own fonts (`rendering.text`), so no system font is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from rules.components import CLOCK

from . import palette as pal
from . import text as fonts
from .layout import Box

SS = 4  # supersampling factor of the cached pieces


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The project's Noto Sans at `size` px (bold by default: the images' numbers and letters)."""
    return fonts.font(size, bold)


def text(
    img: Image.Image,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: pal.RGB = pal.TEXT,
    anchor: str = "mm",
    bold: bool = False,
) -> None:
    """Numbers and signs at `xy` (anchor as in Pillow), in Noto Sans Regular or Bold.

    Each text is rendered once into a cached sprite: the images repeat the same few numbers.
    Names go through `rendering.text.draw_name` (fonts for every script, fitted to a width).
    """
    sprite, dx, dy = text_sprite(s, size, fill, anchor, bold)
    img.paste(sprite, (round(xy[0]) + dx, round(xy[1]) + dy), sprite)


def text_width(s: str, size: int, bold: bool = False) -> int:
    return text_sprite(s, size, pal.TEXT, "lm", bold)[0].width


@lru_cache(maxsize=2048)
def text_sprite(s: str, size: int, fill: pal.RGB, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    """`s` on a transparent sprite, and where its top-left goes relative to the anchor point."""
    f = fonts.font(size, bold)
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(s, anchor=anchor))
    # Transparent pixels carry the ink's colour so that blended edges do not darken.
    img = Image.new("RGBA", (max(1, x1 - x0), max(1, y1 - y0)), (*fill, 0))
    ImageDraw.Draw(img).text((-x0, -y0), s, font=f, fill=fill, anchor=anchor)
    return img, x0, y0


# --- sprites -----------------------------------------------------------------------------------


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _finish(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.BOX)  # box: no ringing, fills stay exact up to the edge


def paste(base: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    base.paste(sprite, (x, y), sprite)


# The mark of each coal colour (yellow, brown, grey, black): a shape, so that the four are told apart
# without their colour (colour-blind players) and without a letter, which no image could write in every
# language and which is about 4 px tall inline. In the unit square: what `mark` draws.
MARKS = ("dot", "triangle", "bar", "plus")


def mark(d: ImageDraw.ImageDraw, colour: int, x: float, y: float, n: float, ink: pal.RGB) -> None:
    """Draw the mark of coal `colour` in the square of side `n` at (x, y), in `ink`."""

    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * n, y + v * n

    shape = MARKS[colour]
    if shape == "dot":
        d.ellipse((*p(0.25, 0.25), *p(0.75, 0.75)), fill=ink)
    elif shape == "triangle":
        d.polygon([p(0.5, 0.14), p(0.87, 0.8), p(0.13, 0.8)], fill=ink)
    elif shape == "bar":
        d.rectangle((*p(0.12, 0.37), *p(0.88, 0.63)), fill=ink)
    else:  # plus
        d.rectangle((*p(0.12, 0.38), *p(0.88, 0.62)), fill=ink)
        d.rectangle((*p(0.36, 0.1), *p(0.64, 0.9)), fill=ink)


@lru_cache(maxsize=256)
def cube(colour: int, size: int) -> Image.Image:
    """A coal cube with its colour's mark (`MARKS`), shaded along its lower and right edges."""
    img, d = _canvas(size, size)
    n = size * SS
    edge = max(1, size // 13) * SS
    r = n // 6
    d.rounded_rectangle((0, 0, n - 1, n - 1), radius=r, fill=pal.COAL_SHADE[colour])
    inner = max(SS, n // 12)
    d.rounded_rectangle((0, 0, n - 1 - inner, n - 1 - inner), radius=r, fill=pal.COAL[colour])
    d.rounded_rectangle((0, 0, n - 1, n - 1), radius=r, outline=pal.COAL_EDGE[colour], width=edge)
    mark(d, colour, 0, 0, n - inner, pal.COAL_INK[colour])
    return _finish(img, size, size)


@lru_cache(maxsize=256)
def empty_spot(colour: int, size: int) -> Image.Image:
    """An empty coal spot on an order card: a ring in the asked colour around a pale inside, with the
    colour's mark (`MARKS`) in the card's ink."""
    img, d = _canvas(size, size)
    n = size * SS
    ring = max(2, round(size / 8)) * SS
    d.rounded_rectangle(
        (0, 0, n - 1, n - 1), radius=n // 6, fill=pal.CARD_SPOT, outline=pal.SPOT_RING[colour], width=ring
    )
    mark(d, colour, ring * 0.6, ring * 0.6, n - 1.2 * ring, pal.CARD_INK)
    return _finish(img, size, size)


@lru_cache(maxsize=256)
def split_cube(a: int, b: int, size: int) -> Image.Image:
    """A spot filled by substitution (R-MINE-7): two cubes, left and right halves, each with its mark."""
    img, d = _canvas(size, size)
    n = size * SS
    d.rounded_rectangle((0, 0, n - 1, n - 1), radius=n // 6, fill=pal.COAL[b], outline=pal.COAL_EDGE[b], width=SS)
    d.rounded_rectangle(
        (0, 0, n // 2 + n // 6, n - 1), radius=n // 6, fill=pal.COAL[a], outline=pal.COAL_EDGE[a], width=SS
    )
    d.rectangle((n // 2, SS, n // 2 + n // 6, n - 1 - SS), fill=pal.COAL[a])
    d.line((n // 2, 0, n // 2, n - 1), fill=pal.CARD, width=SS * max(1, size // 14))
    half = n * 0.46
    mark(d, a, n * 0.02, (n - half) / 2, half, pal.COAL_INK[a])
    mark(d, b, n * 0.52, (n - half) / 2, half, pal.COAL_INK[b])
    return _finish(img, size, size)


@lru_cache(maxsize=64)
def slot(size: int, fill: pal.RGB, edge: pal.RGB) -> Image.Image:
    """An empty place (in a cart, the cage or storage)."""
    img, d = _canvas(size, size)
    n = size * SS
    d.rounded_rectangle((0, 0, n - 1, n - 1), radius=n // 6, fill=fill, outline=edge, width=max(1, size // 14) * SS)
    return _finish(img, size, size)


@lru_cache(maxsize=64)
def cart(w: int, h: int, colour: int | None = None) -> Image.Image:
    """A minecart's tub and wheels for a slot w x h, drawn over the lower edge of its cube; `colour` tints the tub."""
    img, d = _canvas(w, h)
    W, H = w * SS, h * SS
    body = pal.CART if colour is None else pal.COAL[colour]
    top, bottom = H * 0.55, H * 0.83
    d.polygon(
        [(W * 0.04, top), (W * 0.96, top), (W * 0.84, bottom), (W * 0.16, bottom)],
        fill=body,
        outline=pal.CART_EDGE,
        width=max(SS, round(W * 0.04)),
    )
    d.line((W * 0.1, top + H * 0.09, W * 0.9, top + H * 0.09), fill=pal.CART_EDGE, width=max(SS, round(W * 0.025)))
    r = W * 0.11
    for cx in (W * 0.3, W * 0.7):
        cy = H * 0.87
        d.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=pal.WHEEL, outline=pal.CART_EDGE, width=max(SS, round(W * 0.03))
        )
    return _finish(img, w, h)


def draw_cart(base: Image.Image, slot_box: Box, cube_box: Box, content: int) -> None:
    """A cart in `slot_box` with its cube (`content` a colour) or its empty place (`content` -1)."""
    if content >= 0:
        paste(base, cube(content, cube_box.w), cube_box.x0, cube_box.y0)
    else:
        paste(base, slot(cube_box.w, pal.CART_EMPTY, pal.CART_EDGE), cube_box.x0, cube_box.y0)
    paste(base, cart(slot_box.w, slot_box.h), slot_box.x0, slot_box.y0)


# --- figures and icons ----------------------------------------------------------------------------


def _icon(fn: Callable[[ImageDraw.ImageDraw, float], None], w: int, h: int) -> Image.Image:
    """Draw with `fn(draw, k)` in a 100-unit-wide space (k = pixels per unit at supersampling)."""
    img, d = _canvas(w, h)
    fn(d, w * SS / 100)
    return _finish(img, w, h)


def _pts(k: float, *xy: float) -> list[tuple[float, float]]:
    return [(xy[i] * k, xy[i + 1] * k) for i in range(0, len(xy), 2)]


def _circle(d: ImageDraw.ImageDraw, k: float, cx: float, cy: float, r: float, **kw) -> None:
    d.ellipse((k * (cx - r), k * (cy - r), k * (cx + r), k * (cy + r)), **kw)


@lru_cache(maxsize=64)
def worker(colour: pal.RGB, size: int, outline: pal.RGB = (20, 20, 20)) -> Image.Image:
    """A worker figure (head and body) in a seat colour; the body's middle is solid for probing."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        w = max(1, round(k * 4))
        _circle(d, k, 50, 22, 17, fill=colour, outline=outline, width=w)
        d.rounded_rectangle((k * 18, k * 42, k * 82, k * 98), radius=k * 16, fill=colour, outline=outline, width=w)

    return _icon(fn, size, size)


@lru_cache(maxsize=32)
def seat_disc_plain(seat: int, size: int) -> Image.Image:
    """A disc in the seat colour, ringed (the seat number is written over it)."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        _circle(d, k, 50, 50, 47, fill=pal.SEAT_COLOURS[seat], outline=pal.TEXT, width=round(k * 7))

    return _icon(fn, size, size)


@lru_cache(maxsize=32)
def seat_disc(seat: int, size: int) -> Image.Image:
    """A seat's badge: a disc in the seat colour with the seat number (1-4)."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        _circle(d, k, 50, 50, 47, fill=pal.SEAT_COLOURS[seat], outline=pal.TEXT, width=round(k * 7))

    img = _icon(fn, size, size)
    text(img, (size / 2, size / 2 + 0.5), str(seat + 1), size * 3 // 5, bold=True)
    return img


@lru_cache(maxsize=32)
def coin(size: int) -> Image.Image:
    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        _circle(d, k, 50, 50, 47, fill=pal.GOLD, outline=pal.GOLD_EDGE, width=round(k * 6))
        _circle(d, k, 50, 50, 33, outline=pal.GOLD_EDGE, width=round(k * 3))

    return _icon(fn, size, size)


@lru_cache(maxsize=32)
def star(size: int) -> Image.Image:
    import math

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        pts = []
        for i in range(10):
            r = 48 if i % 2 == 0 else 21
            a = -math.pi / 2 + i * math.pi / 5
            pts += [50 + r * math.cos(a), 52 + r * math.sin(a)]
        d.polygon(_pts(k, *pts), fill=pal.STAR, outline=pal.STAR_EDGE, width=round(k * 4))

    return _icon(fn, size, size)


def _vehicle_shapes(d: ImageDraw.ImageDraw, k: float, vehicle: int, ink: pal.RGB, bg: pal.RGB) -> None:
    lw = round(k * 6)

    def wheel(cx: float, cy: float, r: float) -> None:
        _circle(d, k, cx, cy, r, fill=ink)
        _circle(d, k, cx, cy, r * 0.38, fill=bg)

    if vehicle == 0:  # wheelbarrow: tray, one wheel in front, handles and a leg behind
        d.line(_pts(k, 52, 40, 97, 22), fill=ink, width=lw)
        d.line(_pts(k, 56, 46, 66, 64), fill=ink, width=lw)
        d.polygon(_pts(k, 8, 22, 70, 22, 58, 48, 22, 48), fill=ink)
        wheel(26, 56, 13)
    elif vehicle == 1:  # carriage: a box on a big wheel, with a pole in front
        d.line(_pts(k, 2, 40, 30, 40), fill=ink, width=lw)
        d.rectangle(_pts(k, 28, 14, 92, 42), fill=ink)
        d.rectangle(_pts(k, 74, 4, 92, 14), fill=ink)
        wheel(60, 50, 17)
    elif vehicle == 2:  # truck: cargo box, cab with a window, two wheels
        d.rectangle(_pts(k, 4, 10, 62, 46), fill=ink)
        d.polygon(_pts(k, 64, 22, 86, 22, 97, 36, 97, 50, 64, 50), fill=ink)
        d.rectangle(_pts(k, 70, 27, 84, 35), fill=bg)
        d.rectangle(_pts(k, 4, 46, 97, 52), fill=ink)
        wheel(22, 56, 11)
        wheel(80, 56, 11)
    else:  # train: boiler, chimney, cab, cow-catcher, three wheels
        d.rectangle(_pts(k, 18, 24, 72, 48), fill=ink)
        d.rectangle(_pts(k, 26, 6, 38, 24), fill=ink)
        d.rectangle(_pts(k, 70, 6, 97, 48), fill=ink)
        d.rectangle(_pts(k, 77, 14, 90, 24), fill=bg)
        d.polygon(_pts(k, 3, 50, 18, 32, 18, 50), fill=ink)
        for cx in (30, 54, 84):
            wheel(cx, 56, 10)


@lru_cache(maxsize=64)
def vehicle(kind: int, w: int, ink: pal.RGB = pal.CARD_INK, bg: pal.RGB = pal.CARD) -> Image.Image:
    """Wheelbarrow (0), carriage (1), truck (2) or train (3), drawn in `ink`; w x (0.7 w)."""
    return _icon(lambda d, k: _vehicle_shapes(d, k, kind, ink, bg), w, round(w * 0.7))


@lru_cache(maxsize=16)
def pick(size: int, ink: pal.RGB = pal.TEXT) -> Image.Image:
    """Mining: a pickaxe."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.line(_pts(k, 18, 92, 66, 26), fill=(150, 110, 70), width=round(k * 10))
        d.polygon(_pts(k, 14, 30, 40, 10, 68, 6, 94, 22, 100, 46, 80, 28, 62, 20, 40, 22), fill=ink)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def lantern(size: int) -> Image.Image:
    """The light side's lantern."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        _circle(d, k, 50, 58, 46, fill=(255, 214, 80, 90))
        d.rectangle(_pts(k, 40, 4, 60, 16), fill=pal.LANTERN_FRAME)
        d.rounded_rectangle(
            _pts(k, 28, 16, 72, 88), radius=k * 10, fill=pal.LANTERN, outline=pal.LANTERN_FRAME, width=round(k * 7)
        )
        d.line(_pts(k, 50, 16, 50, 88), fill=pal.LANTERN_FRAME, width=round(k * 5))

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def dark_mark(size: int) -> Image.Image:
    """The dark side's mark: an unlit lantern."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.rectangle(_pts(k, 40, 4, 60, 16), fill=pal.TILE_DARK_EDGE)
        d.rounded_rectangle(
            _pts(k, 28, 16, 72, 88), radius=k * 10, fill=(60, 64, 74), outline=pal.TILE_DARK_EDGE, width=round(k * 7)
        )

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def mini_tile(size: int, dark: bool) -> Image.Image:
    """A small tile, light (lantern) or dark, for the balance of tiles (R-END-4)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, edge = (pal.TILE_DARK, pal.TILE_DARK_EDGE) if dark else (pal.TILE_LIGHT, pal.TILE_LIGHT_EDGE)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 6, fill=fill, outline=edge, width=2)
    mark = dark_mark(size * 2 // 3) if dark else lantern(size * 2 // 3)
    img.alpha_composite(mark, (size // 6, size // 6))
    return img


@lru_cache(maxsize=16)
def crate(size: int) -> Image.Image:
    """Private storage: a wooden crate."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        wood, dark = (150, 108, 62), (92, 62, 32)
        d.rectangle(_pts(k, 6, 14, 94, 94), fill=wood, outline=dark, width=round(k * 6))
        d.line(_pts(k, 6, 54, 94, 54), fill=dark, width=round(k * 5))
        d.line(_pts(k, 10, 18, 90, 90), fill=dark, width=round(k * 5))
        d.rectangle(_pts(k, 0, 6, 100, 20), fill=dark)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def padlock(size: int) -> Image.Image:
    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.arc(_pts(k, 24, 6, 76, 66), 180, 360, fill=pal.LOCK_ICON, width=round(k * 11))
        d.line(_pts(k, 29, 36, 29, 48), fill=pal.LOCK_ICON, width=round(k * 11))
        d.line(_pts(k, 71, 36, 71, 48), fill=pal.LOCK_ICON, width=round(k * 11))
        d.rounded_rectangle(_pts(k, 12, 44, 88, 98), radius=k * 8, fill=pal.LOCK_ICON)
        _circle(d, k, 50, 66, 8, fill=pal.LOCKED)
        d.rectangle(_pts(k, 46, 66, 54, 84), fill=pal.LOCKED)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def bank(size: int, ink: pal.RGB = pal.TEXT) -> Image.Image:
    """The bank: a pediment on columns."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.polygon(_pts(k, 50, 4, 96, 28, 4, 28), fill=ink)
        for x in (14, 34, 56, 76):
            d.rectangle(_pts(k, x, 34, x + 10, 80), fill=ink)
        d.rectangle(_pts(k, 4, 84, 96, 96), fill=ink)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def canteen(size: int, ink: pal.RGB = pal.TEXT) -> Image.Image:
    """The canteen: a steaming mug."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        for x in (30, 50):
            d.arc(_pts(k, x - 8, 2, x + 8, 18), 90, 270, fill=ink, width=round(k * 5))
            d.arc(_pts(k, x - 8, 16, x + 8, 32), 270, 90, fill=ink, width=round(k * 5))
        d.rounded_rectangle(_pts(k, 12, 38, 70, 96), radius=k * 8, fill=ink)
        d.arc(_pts(k, 56, 48, 92, 84), 270, 90, fill=ink, width=round(k * 9))

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def flag(size: int, colour: pal.RGB = pal.HIGHLIGHT) -> Image.Image:
    """The start player's marker: a pennant."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.line(_pts(k, 22, 6, 22, 96), fill=pal.TEXT, width=round(k * 9))
        d.polygon(_pts(k, 26, 8, 92, 30, 26, 54), fill=colour)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def arrow(size: int, colour: pal.RGB = pal.HIGHLIGHT) -> Image.Image:
    """Whose turn: a pointer."""

    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.polygon(_pts(k, 6, 14, 94, 50, 6, 86, 28, 50), fill=colour)

    return _icon(fn, size, size)


@lru_cache(maxsize=16)
def trophy(size: int) -> Image.Image:
    def fn(d: ImageDraw.ImageDraw, k: float) -> None:
        d.arc(_pts(k, 4, 12, 40, 52), 90, 270, fill=pal.GOLD, width=round(k * 7))
        d.arc(_pts(k, 60, 12, 96, 52), 270, 90, fill=pal.GOLD, width=round(k * 7))
        d.chord(_pts(k, 18, -34, 82, 62), 0, 180, fill=pal.GOLD, outline=pal.GOLD_EDGE, width=round(k * 3))
        d.rectangle(_pts(k, 44, 60, 56, 80), fill=pal.GOLD)
        d.rounded_rectangle(
            _pts(k, 24, 80, 76, 96), radius=k * 4, fill=pal.GOLD, outline=pal.GOLD_EDGE, width=round(k * 3)
        )

    return _icon(fn, size, size)


@lru_cache(maxsize=32)
def card_back(w: int, h: int) -> Image.Image:
    """An order card face down."""
    img, d = _canvas(w, h)
    W, H = w * SS, h * SS
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1), radius=min(W, H) // 10, fill=pal.CARD_BACK, outline=pal.CARD_BACK_EDGE, width=2 * SS
    )
    d.rounded_rectangle(
        (W * 0.12, H * 0.14, W * 0.88, H * 0.86), radius=min(W, H) // 14, outline=pal.CARD_BACK_EDGE, width=SS
    )
    m = min(W, H) * 0.16
    cx, cy = W / 2, H / 2
    d.polygon([(cx, cy - m), (cx + m, cy), (cx, cy + m), (cx - m, cy)], fill=pal.CARD_BACK_EDGE)
    return _finish(img, w, h)


@lru_cache(maxsize=32)
def delivered(w: int, h: int) -> Image.Image:
    """Delivered orders: a card face down with a large tick over it (outstanding orders: `card_back`).
    One icon per meaning on every image: the turn image's columns, the pit's header and its strip."""
    img = card_back(w, h).copy()
    d = ImageDraw.Draw(img)
    k = min(w, h)
    width = max(3, round(k * 0.2))
    x0, y0 = w * 0.1, h * 0.62
    d.line([(x0, y0), (w * 0.42, h * 0.9), (w * 0.98, h * 0.3)], fill=pal.TICK, width=width, joint="curve")
    return img


@lru_cache(maxsize=32)
def tile_back(w: int, h: int) -> Image.Image:
    """A tunnel tile face down."""
    img, d = _canvas(w, h)
    W, H = w * SS, h * SS
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1), radius=min(W, H) // 8, fill=pal.TILE_BACK, outline=pal.TILE_BACK_EDGE, width=2 * SS
    )
    for i in range(1, 4):
        y = H * i / 4
        d.line((W * 0.1, y, W * 0.9, y), fill=pal.TILE_BACK_EDGE, width=SS)
    return _finish(img, w, h)


@lru_cache(maxsize=16)
def cubes_icon(size: int) -> Image.Image:
    """Coal owned (R-END-2): a small pile of cubes."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    c = max(8, size * 11 // 20)
    for colour, (x, y) in zip((1, 2, 0), ((0, size - c), (size - c, size - c), ((size - c) // 2, 0)), strict=True):
        img.paste(cube(colour, c), (x, y), cube(colour, c))
    return img


def clock_element(img: Image.Image, draw: ImageDraw.ImageDraw, element: int, cx: int, cy: int) -> None:
    """The icon of shift clock element 1-12 (about 52 x 44), centred at cx, cy."""
    e = CLOCK[element - 1]
    if e.kind == "colour":  # spots of a colour on delivered orders: a card with that spot
        draw.rounded_rectangle((cx - 17, cy - 20, cx + 17, cy + 20), radius=4, fill=pal.CARD, outline=pal.CARD_EDGE)
        draw.rectangle((cx - 13, cy - 16, cx + 13, cy - 10), fill=pal.CARD_SPOT)
        paste(img, cube(e.which, 24), cx - 12, cy - 6)
    elif e.kind == "vehicle":
        sprite = vehicle(e.which, 46, pal.CARD_INK, pal.VEHICLE_TINT[e.which])
        draw.rounded_rectangle((cx - 26, cy - 21, cx + 26, cy + 21), radius=5, fill=pal.VEHICLE_TINT[e.which])
        paste(img, sprite, cx - 23, cy - sprite.height // 2)
    else:  # empty carts of a level: a cart in the level's colour with nothing on it, and the level's mark
        paste(img, slot(24, pal.CART_EMPTY, pal.CART_EDGE), cx - 12, cy - 21)
        paste(img, cart(40, 44, e.which), cx - 20, cy - 22)
        mark(draw, e.which, cx - 9, cy - 19, 18, pal.TEXT_DIM)
