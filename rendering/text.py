"""Fonts and names: every name Discord can show, drawn with the project's own fonts, fitted to its place.

The fonts are committed subsets (`rendering/fonts/`, SIL Open Font License): Noto Sans Regular
and Bold for numbers and Latin (accents included), Greek and Cyrillic; Noto Sans CJK JP Bold
for kana and kanji. A name is cut into runs by the first font that has each character; a
character no font has (an emoji, a rare script) becomes a visible placeholder (a small framed
"?"), never a dropped letter. A name wider than its place is shortened with "…".
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from . import palette as pal

FONT_DIR = Path(__file__).resolve().parent / "fonts"
LATIN = {False: FONT_DIR / "NotoSans-Regular.subset.ttf", True: FONT_DIR / "NotoSans-Bold.subset.ttf"}
CJK = FONT_DIR / "NotoSansCJKjp-Bold.subset.otf"
ELLIPSIS = "…"
PLACEHOLDER = "\ufffd"  # stands in a run for a character no font has; drawn as a framed "?"

_local = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans at `size` px; one set per thread, as FreeType faces are not shared safely."""
    return _face(LATIN[bold], size)


def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    return _face(CJK, size)


def _face(path: Path, size: int) -> ImageFont.FreeTypeFont:
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (path, size)
    f = cache.get(key)
    if f is None:
        f = cache[key] = ImageFont.truetype(str(path), size)
    return f


# --- which font has a character -------------------------------------------------------------------

_PROBE = 40


@lru_cache(maxsize=8)
def _notdef(path: Path) -> bytes:
    """The missing-glyph box of a font, as a mask (a private-use character no font here has)."""
    return bytes(_face(path, _PROBE).getmask("\ue000"))


@lru_cache(maxsize=8192)
def has_glyph(path: Path, ch: str) -> bool:
    """Whether the font at `path` draws `ch` (its mask is not the missing-glyph box)."""
    if ch.isspace():
        return True
    return bytes(_face(path, _PROBE).getmask(ch)) != _notdef(path)


def _joins_previous(ch: str) -> bool:
    """Marks, joiners, variation selectors and skin tones: part of the character before them."""
    cat = unicodedata.category(ch)
    return cat in ("Mn", "Me", "Cf") or 0x1F3FB <= ord(ch) <= 0x1F3FF or 0xFE00 <= ord(ch) <= 0xFE0F


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive characters drawn with one font: "latin", "cjk", or "missing" (one placeholder)."""

    kind: str
    text: str


def runs(name: str, bold: bool = True) -> tuple[Run, ...]:
    """`name` cut into runs by font; each character no font has (with its marks) is one "missing" run."""
    return _runs(name, bold)


@lru_cache(maxsize=1024)
def _runs(name: str, bold: bool) -> tuple[Run, ...]:
    text = " ".join(unicodedata.normalize("NFC", name).split())
    out: list[list[str]] = []  # [kind, text]
    glue = False  # a joiner asks the next character into the previous placeholder (emoji sequences)
    for ch in text:
        if out and (_joins_previous(ch) or glue) and out[-1][0] == "missing":
            glue = ch == "\u200d"
            continue
        glue = False
        if _joins_previous(ch) and out and has_glyph(LATIN[bold] if out[-1][0] == "latin" else CJK, ch):
            out[-1][1] += ch
            continue
        if _joins_previous(ch) and ch in ("\u200d", "\ufe0f", "\ufe0e"):
            continue
        if has_glyph(LATIN[bold], ch):
            kind = "latin"
        elif has_glyph(CJK, ch):
            kind = "cjk"
        else:
            out.append(["missing", PLACEHOLDER])
            continue
        if out and out[-1][0] == kind:
            out[-1][1] += ch
        else:
            out.append([kind, ch])
    return tuple(Run(kind, s) for kind, s in out)


# --- measuring and drawing a name -------------------------------------------------------------------


def _run_font(kind: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return cjk_font(size) if kind == "cjk" else font(size, bold)


def _placeholder_w(size: int) -> int:
    return round(size * 0.62)


def _run_width(run: Run, size: int, bold: bool) -> int:
    if run.kind == "missing":
        return _placeholder_w(size) + round(size * 0.12)
    return round(_run_font(run.kind, size, bold).getlength(run.text))


def _width(parts: tuple[Run, ...], size: int, bold: bool) -> int:
    return sum(_run_width(r, size, bold) for r in parts)


def fit(name: str, size: int, max_w: int, bold: bool = True) -> tuple[Run, ...]:
    """The runs of `name` that fit in `max_w` px at `size`: whole, or cut with "…" at the end."""
    return _fit(name, size, max_w, bold)


@lru_cache(maxsize=1024)
def _fit(name: str, size: int, max_w: int, bold: bool) -> tuple[Run, ...]:
    parts = runs(name, bold)
    if _width(parts, size, bold) <= max_w:
        return parts
    chars = [(r.kind, ch) for r in parts for ch in (r.text if r.kind != "missing" else [PLACEHOLDER])]
    budget = max_w - round(font(size, bold).getlength(ELLIPSIS))
    while chars:
        chars.pop()
        while chars and chars[-1][1] == " ":
            chars.pop()
        cut = _join(chars)
        if _width(cut, size, bold) <= budget:
            break
    cut = _join(chars)
    if cut and cut[-1].kind == "latin":
        return (*cut[:-1], Run("latin", cut[-1].text + ELLIPSIS))
    return (*cut, Run("latin", ELLIPSIS))


def _join(chars: list[tuple[str, str]]) -> tuple[Run, ...]:
    out: list[Run] = []
    for kind, ch in chars:
        if out and out[-1].kind == kind and kind != "missing":
            out[-1] = Run(kind, out[-1].text + ch)
        else:
            out.append(Run(kind, ch))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class NameSprite:
    """A name drawn on a transparent strip: `image`, the x of its text's left edge in it, and the
    placeholders' boxes (x0, y0, x1, y1) in it."""

    image: Image.Image
    baseline: int
    placeholders: tuple[tuple[int, int, int, int], ...]
    runs: tuple[Run, ...]


def name_sprite(name: str, size: int, max_w: int, fill: pal.RGB = pal.TEXT, bold: bool = True) -> NameSprite:
    """The name fitted to `max_w` px, as an RGBA strip `size * 1.5` high with its middle at the text's middle."""
    return _name_sprite(name, size, max_w, fill, bold)


@lru_cache(maxsize=512)
def _name_sprite(name: str, size: int, max_w: int, fill: pal.RGB, bold: bool) -> NameSprite:
    parts = fit(name, size, max_w, bold)
    w = max(1, _width(parts, size, bold))
    h = round(size * 1.5)
    img = Image.new("RGBA", (w, h), (*fill, 0))
    d = ImageDraw.Draw(img)
    x = 0
    mid = h // 2
    boxes = []
    for r in parts:
        if r.kind == "missing":
            pw = _placeholder_w(size)
            ph = round(size * 0.74)
            b = (x + round(size * 0.06), mid - ph // 2, x + round(size * 0.06) + pw, mid - ph // 2 + ph)
            d.rounded_rectangle(b, radius=max(2, size // 10), outline=fill, width=max(2, size // 12))
            d.text(((b[0] + b[2]) / 2, mid), "?", font=font(round(size * 0.6), True), fill=fill, anchor="mm")
            boxes.append(b)
        else:
            d.text((x, mid), r.text, font=_run_font(r.kind, size, bold), fill=fill, anchor="lm")
        x += _run_width(r, size, bold)
    return NameSprite(img, 0, tuple(boxes), parts)


def draw_name(
    img: Image.Image,
    xy: tuple[int, int],
    name: str,
    size: int,
    max_w: int,
    fill: pal.RGB = pal.TEXT,
    bold: bool = True,
) -> int:
    """The name with its left edge at x and its middle at y, fitted to `max_w`; returns its width."""
    sprite = name_sprite(name, size, max_w, fill, bold)
    im = sprite.image
    img.paste(im, (xy[0], xy[1] - im.height // 2), im)
    return im.width
