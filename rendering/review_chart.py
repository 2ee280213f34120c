"""The review's picture of the race: each player's VP over the game and the expert's expected final VP
after every move, the shift scorings marked — where a game turned, readable inline on a phone.

Wordless but for the players' names (drawn with the project's fonts, as on the board): each player has
their seat colour and their own mark (circle, square, triangle, diamond), their VP a solid stepped line and
the expected final VP a dashed one with the mark every few moves, so nothing depends on colour alone; the
shift scorings are dotted verticals numbered 1–3. The message beside it says what the lines are
(`bot.words.review`), and its alt text says the race in words.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import palette as pal
from .png import to_png
from .text import draw_name, font

WIDTH, HEIGHT = 1100, 700  # 11:7, the shape of Discord's inline box (about 550 x 350)
LEFT, RIGHT, TOP, BOTTOM = 70, 230, 30, 60  # the plot's margins; the names' legend on the right
MARKS = ("circle", "square", "triangle", "diamond")
GRID = (70, 76, 88)


def _mark(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float, fill: pal.RGB) -> None:
    box = (x - r, y - r, x + r, y + r)
    if kind == "circle":
        draw.ellipse(box, fill=fill, outline=pal.PAGE, width=2)
    elif kind == "square":
        draw.rectangle(box, fill=fill, outline=pal.PAGE, width=2)
    elif kind == "triangle":
        draw.polygon([(x, y - r), (x + r, y + r), (x - r, y + r)], fill=fill, outline=pal.PAGE)
    else:
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill, outline=pal.PAGE)


def _dashed(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill: pal.RGB, width: int) -> None:
    """A dashed polyline: every other stretch of about 10 px drawn."""
    on, left = True, 10.0
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                draw.line(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill, width
                )
            done += step
            left -= step
            if left <= 0:
                on, left = not on, 10.0


def race_image(names: list[str], vp: list[list[int]], expected: list[list[float]], scorings: list[int]) -> Image.Image:
    """The chart: `vp[k][seat]` and `expected[k][seat]` at frame k (0: the start), `scorings` the frames after
    which a shift was scored, `names` by seat."""
    img = Image.new("RGB", (WIDTH, HEIGHT), pal.PAGE)
    draw = ImageDraw.Draw(img)
    frames = max(1, len(vp) - 1)
    top = max([10.0, *(v for row in vp for v in row), *(e for row in expected for e in row)])
    bottom = min([0.0, *(e for row in expected for e in row)])
    step = 10 if top - bottom <= 120 else 20
    top = (int(top) // step + 1) * step
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM

    def px(frame: int) -> float:
        return x0 + (x1 - x0) * frame / frames

    def py(value: float) -> float:
        return y1 - (y1 - y0) * (value - bottom) / (top - bottom)

    small = font(20)
    value = int(bottom) // step * step
    while value <= top:  # the VP grid, numbered at the left
        draw.line([(x0, py(value)), (x1, py(value))], GRID, 1)
        draw.text((x0 - 10, py(value)), str(value), font=small, fill=pal.TEXT_DIM, anchor="rm")
        value += step
    for shift, frame in enumerate(scorings, start=1):  # the shift scorings: dotted, numbered at the top
        x = px(frame)
        for y in range(y0, y1, 8):
            draw.line([(x, y), (x, min(y + 3, y1))], pal.HIGHLIGHT, 2)
        draw.text((x, y1 + 8), str(shift), font=font(24, bold=True), fill=pal.HIGHLIGHT, anchor="mt")
    draw.rectangle((x0, y0, x1, y1), outline=pal.PANEL_EDGE, width=2)
    every = max(1, frames // 12)
    for seat, name in enumerate(names):
        colour, mark = pal.SEAT_COLOURS[seat % len(pal.SEAT_COLOURS)], MARKS[seat % len(MARKS)]
        stepped: list[tuple[float, float]] = []
        for k, row in enumerate(vp):
            if stepped:
                stepped.append((px(k), stepped[-1][1]))
            stepped.append((px(k), py(row[seat])))
        draw.line(stepped, colour, 5)
        guess = [(px(k), py(row[seat])) for k, row in enumerate(expected)]
        _dashed(draw, guess, colour, 3)
        for k in range(0, len(guess), every):
            _mark(draw, mark, *guess[k], 7, colour)
        _mark(draw, mark, *stepped[-1], 10, colour)
        ly = TOP + 20 + seat * 60  # the legend: the mark, the solid and the dashed line, the name
        _mark(draw, mark, x1 + 30, ly, 10, colour)
        draw.line([(x1 + 50, ly - 6), (x1 + 90, ly - 6)], colour, 5)
        _dashed(draw, [(x1 + 50, ly + 8), (x1 + 90, ly + 8)], colour, 3)
        draw_name(img, (x1 + 100, ly - 14), name, 24, RIGHT - 110)
    return img


def race_png(names: list[str], vp: list[list[int]], expected: list[list[float]], scorings: list[int]) -> bytes:
    return to_png(race_image(names, vp, expected, scorings))
