"""PNG encoding with the one set of settings every image uses (the benchmark's floor uses them too).

Images are drawn in RGB, then mapped to one fixed 256-colour palette before encoding: every
named colour of `rendering.palette` is in it, the rest is chosen once from a reference board
(for anti-aliased edges and text). An 8-bit PNG encodes about four times faster than RGB
(the per-row filtering of RGB, not zlib, was most of the time) and is half the size; without
dithering it stays sharp, and the fixed palette keeps the bytes deterministic. Pillow maps
onto a given palette approximately, so a colour may come out a few levels off.
"""

from __future__ import annotations

import functools
import io
import threading

from PIL import Image

from . import palette as pal

# Fixed settings keep the bytes deterministic.
PNG_OPTIONS: dict = {"format": "PNG", "optimize": False, "compress_level": 5}
PALETTE_SIZE = 256


def _named_colours() -> list[tuple[int, int, int]]:
    """Every colour constant in `rendering.palette`, in a fixed order, without repeats."""
    found: list[tuple[int, int, int]] = []

    def visit(value) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            if value not in found:
                found.append(value)
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


_palette_lock = threading.Lock()


def palette_image() -> Image.Image:
    """The fixed palette: the named colours, then the reference board's most telling others.

    Made once per process; the lock keeps threads that render at the same moment from
    each making it."""
    with _palette_lock:
        return _make_palette()


@functools.cache
def _make_palette() -> Image.Image:
    from .board import board_image
    from .samples import demo_state

    named = _named_colours()
    reference = board_image(demo_state(players=4, seed=1, actions=70))
    adaptive = reference.convert("P", palette=Image.Palette.ADAPTIVE, colors=PALETTE_SIZE - len(named))
    flat = adaptive.getpalette()[: 3 * (PALETTE_SIZE - len(named))]
    extra = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    colours = named + [c for c in extra if c not in named]
    colours += [(0, 0, 0)] * (PALETTE_SIZE - len(colours))
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in colours[:PALETTE_SIZE] for v in c])
    return image


def to_png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    if img.mode == "RGB":
        img = img.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    img.save(out, **PNG_OPTIONS)
    return out.getvalue()
