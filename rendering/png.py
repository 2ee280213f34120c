"""PNG encoding with the one set of settings every image uses (the benchmark's floor uses them too).

Images are drawn in RGB, then mapped to one fixed 256-colour palette (`rendering.palette_table`,
committed, written by `python -m rendering.regenerate palette`) before encoding: every named
colour of `rendering.palette` is in it, the rest was chosen from sample images (for
anti-aliased edges and text). An 8-bit PNG encodes about four times faster than RGB and is
half the size; without dithering it stays sharp, and the fixed palette keeps the bytes
deterministic. Pillow maps onto a given palette approximately, so a colour may come out a
few levels off. This module imports no drawing module: they return images, `rendering.render`
encodes them.
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from PIL import Image

from . import palette as pal
from .palette_table import PALETTE, PALETTE_SIZE

# Fixed settings keep the bytes deterministic. Level 1 deflate: the images are flat colour fields,
# where more effort buys a few per cent of size for twice the time.
PNG_OPTIONS: dict[str, Any] = {"format": "PNG", "optimize": False, "compress_level": 1}


def named_colours() -> list[tuple[int, int, int]]:
    """Every colour constant in `rendering.palette`, in a fixed order, without repeats."""
    found: list[tuple[int, int, int]] = []

    def visit(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            if value not in found:
                found.append((value[0], value[1], value[2]))
        elif isinstance(value, tuple | list):
            for v in value:
                visit(v)
        elif isinstance(value, dict):
            for key in sorted(value, key=str):
                visit(value[key])

    for name in sorted(vars(pal)):
        if name.isupper():
            visit(getattr(pal, name))
    return found


_named_colours = named_colours  # the name the tests know


@cache
def palette_image() -> Image.Image:
    """The fixed palette as a 1x1 "P" image, for `Image.quantize(palette=...)`."""
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in PALETTE for v in c])
    return image


def palette_index(colour: tuple[int, int, int]) -> int:
    """The palette entry of a named colour (drawing straight onto a palette image)."""
    return PALETTE.index(colour)


def quantize(img: Image.Image) -> Image.Image:
    """An RGB image mapped onto the fixed palette (no dithering)."""
    return img.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def to_png(img: Image.Image) -> bytes:
    """PNG bytes of an RGB image (mapped onto the palette) or of an image already on it ("P")."""
    out = io.BytesIO()
    if img.mode == "RGB":
        img = quantize(img)
    img.save(out, **PNG_OPTIONS)
    return out.getvalue()


__all__ = ["PALETTE_SIZE", "PNG_OPTIONS", "named_colours", "palette_image", "palette_index", "quantize", "to_png"]
