"""Coal is told by more than its colour (issue 24): each colour has a mark of its own shape on every
cube, spot and level badge, readable at Discord's inline size; and the palette's coal colours stay
apart for colour-blind readers (simulated protanopia, deuteranopia, tritanopia: Machado, Oliveira and
Fernandes 2009, severity 1), measured with CIEDE2000."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image

from rendering import icons
from rendering import palette as pal
from rendering.turn_layout import INLINE_SCALE

# Machado et al. 2009, severity 1.0, in linear RGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(rgb: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    lin = [_linear(c) for c in rgb]
    m = CVD[kind]
    r, g, b = (_gamma(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return r, g, b


def _lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(c1: tuple[int, int, int], c2: tuple[int, int, int]) -> float:
    """CIEDE2000 colour difference."""
    (l1, a1, b1), (l2, a2, b2) = _lab(c1), _lab(c2)
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb**7 / (cb**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hb = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hb = (h1p + h2p) / 2
    else:
        hb = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hb - 30))
        + 0.24 * math.cos(math.radians(2 * hb))
        + 0.32 * math.cos(math.radians(3 * hb + 6))
        - 0.20 * math.cos(math.radians(4 * hb - 63))
    )
    rc = 2 * math.sqrt(cbp**7 / (cbp**7 + 25**7))
    rt = -math.sin(math.radians(60 * math.exp(-(((hb - 275) / 25) ** 2)))) * rc
    sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    return math.sqrt((d_l / sl) ** 2 + (d_c / sc) ** 2 + (d_h / sh) ** 2 + rt * (d_c / sc) * (d_h / sh))


def test_delta_e_matches_the_published_test_pair():
    # Sharma, Wu and Dalal (2005), pair 1: L*a*b* (50, 2.6772, -79.7751) and (50, 0, -82.7485) -> 2.0425;
    # here through sRGB, so a pair of plain colours with a known spread instead: black and white are 100 apart
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.5)
    assert delta_e((200, 30, 30), (200, 30, 30)) == 0


@pytest.mark.parametrize("vision", ["normal", *CVD])
@pytest.mark.parametrize("colours", ["COAL", "SPOT_RING"])
def test_each_pair_of_coal_colours_stays_apart_or_has_another_mark(vision, colours):
    palette = getattr(pal, colours)
    seen = [c if vision == "normal" else simulate(c, vision) for c in palette]
    for a, b in itertools.combinations(range(4), 2):
        apart = delta_e(seen[a], seen[b])
        assert apart >= 20 or icons.MARKS[a] != icons.MARKS[b], (colours, vision, a, b, apart)
    assert len(set(icons.MARKS)) == 4  # and every colour has a mark of its own shape


def _inked(px, ink, fill) -> bool:
    """Whether a pixel is nearer the mark's ink than the cube's fill."""
    return math.dist(px, ink) < math.dist(px, fill)


def _ink_mask(img: Image.Image, ink: tuple[int, int, int], fill: tuple[int, int, int]) -> list[bool]:
    return [_inked(px, ink, fill) for px in img.convert("RGB").get_flattened_data()]


PROBES = {  # (u, v) in the cube: True where the mark's ink must be, False where its fill must be
    "dot": {(0.48, 0.48): True, (0.25, 0.25): False, (0.48, 0.8): False},
    "triangle": {(0.48, 0.6): True, (0.48, 0.12): False, (0.22, 0.3): False},
    "bar": {(0.25, 0.48): True, (0.72, 0.48): True, (0.48, 0.25): False, (0.48, 0.8): False},
    "plus": {(0.25, 0.48): True, (0.48, 0.25): True, (0.48, 0.72): True, (0.25, 0.25): False},
}


@pytest.mark.parametrize("colour", range(4))
def test_each_cube_carries_its_mark(colour):
    size = 44  # a cube on the turn image
    img = icons.cube(colour, size).convert("RGB")
    ink, fill = pal.COAL_INK[colour], pal.COAL[colour]
    for (u, v), inked in PROBES[icons.MARKS[colour]].items():
        px = img.getpixel((round(u * size), round(v * size)))
        assert _inked(px, ink, fill) == inked, (icons.MARKS[colour], (u, v), px)


def test_the_marks_stay_apart_at_the_inline_size():
    """Scaled as Discord shows the turn image (a 44 px cube: about 15 px), the marks' shapes differ in
    at least an eighth of the cube's pixels, pair by pair."""
    size = round(44 * INLINE_SCALE)
    masks = []
    for colour in range(4):
        small = icons.cube(colour, 44).convert("RGB").resize((size, size), Image.Resampling.LANCZOS)
        masks.append(_ink_mask(small, pal.COAL_INK[colour], pal.COAL[colour]))
    for a, b in itertools.combinations(range(4), 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b], strict=True))
        assert differ >= size * size / 8, (icons.MARKS[a], icons.MARKS[b], differ)
