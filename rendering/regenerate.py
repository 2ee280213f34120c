"""Make the rendering's committed data again: the fixed PNG palette and the font subsets.

    python -m rendering.regenerate palette                 # rewrites rendering/palette_table.py
    python -m rendering.regenerate fonts NOTO_DIR CJK_TTC  # rewrites rendering/fonts/*.ttf|otf

The palette is chosen from sample images of a demo game (the named colours of
`rendering.palette` first, then the most telling others), so that regenerating is needed only
when the drawing changes its colours. The fonts are subsets of Noto Sans Regular and Bold
(Latin with accents, Greek, Cyrillic) and of Noto Sans CJK JP Bold (kana, the kanji of JIS X
0208, CJK punctuation and full-width forms), all under the SIL Open Font License
(`rendering/fonts/OFL.txt`). On Debian the sources are in the packages `fonts-noto-core`
(NOTO_DIR = /usr/share/fonts/truetype/noto) and `fonts-noto-cjk`
(CJK_TTC = /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc). This needs fontTools, which
the images themselves do not (`pip install -e ".[regenerate]"`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FONT_DIR = HERE / "fonts"
PALETTE_MODULE = HERE / "palette_table.py"

LATIN_RANGES = [
    (0x20, 0x7F),  # Basic Latin
    (0xA0, 0x250),  # Latin-1, Latin Extended-A and -B
    (0x250, 0x2B0),  # IPA extensions (some names use them)
    (0x2B0, 0x370),  # spacing modifiers and combining diacritics
    (0x370, 0x400),  # Greek
    (0x400, 0x530),  # Cyrillic and its supplement
    (0x1E00, 0x1F00),  # Latin Extended Additional (Vietnamese, ...)
    (0x1F00, 0x2000),  # Greek Extended
    (0x2000, 0x2070),  # general punctuation, the ellipsis among it
    (0x20A0, 0x20C0),  # currency signs
    (0x2100, 0x2150),  # letterlike symbols
]
CJK_RANGES = [
    (0x3000, 0x3100),  # CJK punctuation, hiragana, katakana
    (0x31F0, 0x3200),  # katakana phonetic extensions
    (0xFF00, 0xFFF0),  # full-width and half-width forms
]


def _jis_x_0208() -> set[int]:
    """Every character of JIS X 0208 (the kanji of levels 1 and 2, kana, symbols), via EUC-JP."""
    out = set()
    for a in range(0xA1, 0xFF):
        for b in range(0xA1, 0xFF):
            try:
                out.add(ord(bytes([a, b]).decode("euc_jp")))
            except UnicodeDecodeError:
                continue
    return out


def _ranges(ranges: list[tuple[int, int]]) -> set[int]:
    return {c for lo, hi in ranges for c in range(lo, hi)}


def fonts(noto_dir: Path, cjk_ttc: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection, TTFont

    def options(features: list[str]) -> subset.Options:
        opts = subset.Options()
        opts.layout_features = features
        opts.name_IDs = ["*"]
        opts.name_languages = ["*"]
        opts.notdef_outline = True
        opts.hinting = False
        return opts

    latin = _ranges(LATIN_RANGES)
    for weight in ("Regular", "Bold"):
        font = TTFont(noto_dir / f"NotoSans-{weight}.ttf")
        sub = subset.Subsetter(options(["kern", "liga", "ccmp", "mark", "mkmk"]))
        sub.populate(unicodes=latin)
        sub.subset(font)
        font.save(FONT_DIR / f"NotoSans-{weight}.subset.ttf")
    collection = TTCollection(cjk_ttc)
    jp = next(f for f in collection.fonts if f["name"].getDebugName(4) == "Noto Sans CJK JP Bold")
    sub = subset.Subsetter(options([]))
    sub.populate(unicodes=_jis_x_0208() | _ranges(CJK_RANGES))
    sub.subset(jp)
    jp.save(FONT_DIR / "NotoSansCJKjp-Bold.subset.otf")
    for path in sorted(FONT_DIR.glob("*.subset.*")):
        print(f"{path}: {path.stat().st_size // 1024} KB")


def palette() -> None:
    from PIL import Image

    from .board import board_image
    from .palette_table import PALETTE_SIZE
    from .png import named_colours
    from .samples import demo_state, demo_state_at
    from .turn import turn_image_rgb

    named = named_colours()
    mid = demo_state_at(4, 3, lambda s: s.shift == 2)
    samples = [
        board_image(demo_state(4, 1, actions=70)),
        turn_image_rgb(mid, None),
        turn_image_rgb(demo_state(3, 2), None),
    ]
    sheet = Image.new("RGB", (sum(s.width for s in samples), max(s.height for s in samples)))
    x = 0
    for s in samples:
        sheet.paste(s, (x, 0))
        x += s.width
    adaptive = sheet.convert("P", palette=Image.Palette.ADAPTIVE, colors=PALETTE_SIZE - len(named))
    flat = (adaptive.getpalette() or [])[: 3 * (PALETTE_SIZE - len(named))]
    extra = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
    colours = named + [c for c in extra if c not in named]
    colours += [(0, 0, 0)] * (PALETTE_SIZE - len(colours))
    lines = [
        '"""The fixed 256-colour palette of every image: written by `python -m rendering.regenerate palette`."""',
        "",
        "PALETTE_SIZE = 256",
        "",
        f"# The first {len(named)} are the named colours of rendering.palette, in rendering.png.named_colours order.",
        "PALETTE: tuple[tuple[int, int, int], ...] = (",
        *(f"    {c}," for c in colours[:PALETTE_SIZE]),
        ")",
        "",
    ]
    PALETTE_MODULE.write_text("\n".join(lines))
    print(f"{PALETTE_MODULE}: {len(named)} named colours, {PALETTE_SIZE - len(named)} chosen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering.regenerate", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("palette")
    f = sub.add_parser("fonts")
    f.add_argument("noto_dir", type=Path)
    f.add_argument("cjk_ttc", type=Path)
    args = parser.parse_args(argv)
    if args.what == "fonts":
        fonts(args.noto_dir, args.cjk_ttc)
    else:
        palette()
    return 0


if __name__ == "__main__":
    sys.exit(main())
