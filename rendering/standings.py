"""A league's standings as a picture: a row per player, best first — the rank, the name, the points as a bar
and a figure, the VP margin and Buchholz — readable inline on a phone.

Wordless but for the players' names (the project's fonts, as on the board): the columns are headed by
symbols (★ points, ± margin, Σ Buchholz), which the message beside it explains with every figure
in words (`bot.words.league`); a player who withdrew is dimmed and struck through. At most `ROWS` rows (the
message lists everyone).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import palette as pal
from .png import to_png
from .text import draw_name, font

WIDTH = 1100
ROW, TOP, BOTTOM = 52, 70, 20
ROWS = 16  # the most rows drawn (the message has the rest)
COLUMNS = {"rank": 20, "name": 90, "bar": 520, "points": 760, "margin": 870, "buchholz": 980}
HEADS = {"points": "★", "margin": "±", "buchholz": "Σ"}
MEDALS = (pal.hex_rgb("#ffd54a"), pal.hex_rgb("#c9d1d9"), pal.hex_rgb("#d08a4e"))


@dataclass(frozen=True, slots=True)
class Row:
    """One player's figures as the language writes them (the caller formats the numbers)."""

    name: str
    points: float
    points_text: str
    margin_text: str
    buchholz_text: str
    withdrawn: bool


def standings_image(rows: list[Row], best: float) -> Image.Image:
    """The table: `rows` best first, the bars scaled to `best` points (the most any player could have)."""
    shown = rows[:ROWS]
    height = TOP + ROW * max(1, len(shown)) + BOTTOM
    img = Image.new("RGB", (WIDTH, height), pal.PAGE)
    draw = ImageDraw.Draw(img)
    head = font(30, bold=True)
    draw.text((COLUMNS["rank"], TOP // 2), "#", font=head, fill=pal.TEXT_DIM, anchor="lm")
    for key, symbol in HEADS.items():
        draw.text((COLUMNS[key] + 60, TOP // 2), symbol, font=head, fill=pal.HIGHLIGHT, anchor="rm")
    draw.line([(10, TOP - 6), (WIDTH - 10, TOP - 6)], pal.PANEL_EDGE, 2)
    figures = font(28, bold=True)
    for k, row in enumerate(shown):
        y = TOP + ROW * k + ROW // 2
        if k % 2:
            draw.rectangle([(10, y - ROW // 2), (WIDTH - 10, y + ROW // 2)], fill=pal.PANEL)
        ink = pal.TEXT_DIM if row.withdrawn else pal.TEXT
        rank_ink = MEDALS[k] if k < len(MEDALS) and not row.withdrawn else ink
        draw.text((COLUMNS["rank"], y), str(k + 1), font=figures, fill=rank_ink, anchor="lm")
        width = draw_name(img, (COLUMNS["name"], y), row.name, 28, COLUMNS["bar"] - COLUMNS["name"] - 20, fill=ink)
        if row.withdrawn:
            draw.line([(COLUMNS["name"], y), (COLUMNS["name"] + width, y)], pal.TEXT_DIM, 3)
        full = COLUMNS["points"] - 40 - COLUMNS["bar"]
        length = 0 if best <= 0 else int(full * max(0.0, row.points) / best)
        draw.rectangle([(COLUMNS["bar"], y - 10), (COLUMNS["bar"] + full, y + 10)], fill=pal.CELL)
        if length:
            draw.rectangle([(COLUMNS["bar"], y - 10), (COLUMNS["bar"] + length, y + 10)], fill=rank_ink)
        for key, text in (("points", row.points_text), ("margin", row.margin_text), ("buchholz", row.buchholz_text)):
            draw.text((COLUMNS[key] + 60, y), text, font=figures, fill=ink, anchor="rm")
    return img


def standings_png(rows: list[Row], best: float) -> bytes:
    return to_png(standings_image(rows, best))
