"""Names in every script Discord shows are drawn with the project's fonts, never with missing letters."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from rendering import render_board, render_pit, render_scoring, render_turn
from rendering.text import CJK, ELLIPSIS, LATIN, PLACEHOLDER, fit, font, has_glyph, name_sprite, runs
from rules import new_game

NAMES = {
    "accents": "Jesús Nicolò Müller",
    "greek": "Αλέξανδρος",
    "cyrillic": "Дмитрий",
    "kana": "たかし",
    "kanji": "山田太郎",
}


def _notdef_mask(path, size=40) -> bytes:
    from rendering.text import _face

    return bytes(_face(path, size).getmask("\ue000"))


@pytest.mark.parametrize("kind", list(NAMES))
def test_each_letter_has_a_glyph_that_is_not_the_missing_glyph_box(kind):
    name = NAMES[kind]
    parts = runs(name)
    assert all(r.kind != "missing" for r in parts)
    assert "".join(r.text for r in parts) == name  # nothing dropped
    for r in parts:
        path = CJK if r.kind == "cjk" else LATIN[True]
        from rendering.text import _face

        f = _face(path, 40)
        for ch in r.text.replace(" ", ""):
            mask = bytes(f.getmask(ch))
            assert mask != _notdef_mask(path), ch
            assert any(mask), ch  # ink, not an empty box


@pytest.mark.parametrize("kind", list(NAMES))
def test_a_drawn_name_is_not_a_row_of_missing_glyph_boxes(kind):
    name = NAMES[kind]
    sprite = name_sprite(name, 34, 2000)
    # the same number of missing-glyph boxes, drawn with the Latin font, looks different
    boxes = Image.new("RGBA", sprite.image.size, (0, 0, 0, 0))
    from PIL import ImageDraw

    ImageDraw.Draw(boxes).text((0, boxes.height // 2), "\ue000" * len(name), font=font(34, True), anchor="lm")
    assert ImageChops.difference(sprite.image.getchannel("A"), boxes.getchannel("A")).getbbox() is not None
    assert sprite.placeholders == ()


def test_emoji_and_unknown_glyphs_become_a_visible_placeholder():
    for name in ("😀", "Mx 😀 Smith", "👨‍👩‍👧 family", "ok\U0001f3fd", "\U00012000"):
        parts = runs(name)
        assert any(r.kind == "missing" for r in parts), name
        sprite = name_sprite(name, 34, 2000)
        assert sprite.placeholders, name
        x0, y0, x1, y1 = sprite.placeholders[0]
        alpha = sprite.image.getchannel("A").crop((x0, y0, x1, y1))
        assert alpha.getextrema()[1] == 255  # drawn: its frame is solid ink
    # a joined emoji sequence is one placeholder, and the letters around it stay
    parts = runs("👨‍👩‍👧 family")
    assert [r.kind for r in parts] == ["missing", "latin"] and parts[1].text == " family"
    assert runs("Mx 😀 Smith")[0].text == "Mx " and runs("Mx 😀 Smith")[2].text == " Smith"


def test_long_names_are_elided_to_fit():
    name = "Maximilian-Alexander von Humbold"  # 32 characters
    assert len(name) == 32
    parts = fit(name, 34, 300)
    text = "".join(r.text for r in parts)
    assert text.endswith(ELLIPSIS) and len(text) < 32
    assert name_sprite(name, 34, 300).image.width <= 300
    assert "".join(r.text for r in fit("Bob", 34, 300)) == "Bob"
    # mixed scripts are elided too, never past the width
    assert name_sprite("山田太郎" * 8, 34, 200).image.width <= 200
    assert name_sprite("😀" * 32, 34, 200).image.width <= 200


def test_fonts_are_the_projects_own():
    for path in (*LATIN.values(), CJK):
        assert path.is_file() and path.parent.name == "fonts"
        assert "rendering" in path.parts
    assert (CJK.parent / "OFL.txt").is_file()
    assert has_glyph(CJK, "漢") and not has_glyph(LATIN[True], "漢")
    assert PLACEHOLDER not in "".join(NAMES.values())


def test_every_image_draws_any_name_without_crashing():
    names = ["Jesús", "たかし", "😀👍🏽", "x" * 32]
    state = new_game(names, 3)
    for data in (
        render_board(state),
        render_turn(state),
        render_pit(state, "たかし"),
        render_pit(state, "😀👍🏽"),
        render_scoring(state),
    ):
        Image.open(io.BytesIO(data)).load()


def test_a_32_character_name_never_runs_under_the_stats():
    """Issue 9: in the pits' headers (board and pit image) a long name stops before the VP icon."""
    from PIL import ImageChops

    from rendering.board import board_image
    from rendering.layout import board_layout, pit_image_layout
    from rendering.pit import pit_image

    base = new_game(["a", "b", "c", "d"], 3)
    seat = next(s for s in range(4) if s != base.start_player)
    for long in ("W" * 32, "Maximilian-Alexander von Humbold", "山" * 32, "😀" * 32):

        def renamed(name: str):
            players = list(base.players)
            players[seat] = players[seat].model_copy(update={"name": name})
            return base.model_copy(update={"players": players})

        named, short = renamed(long), renamed("x")
        for image, pit in (
            (board_image, board_layout(named).pit(seat)),
            (lambda s: pit_image(s, seat), pit_image_layout(named, seat)),
        ):
            head = pit.header_box
            stats = (head.x0 + pit.s(410), head.y0, head.x1, head.y1)
            a, b = image(named).crop(stats), image(short).crop(stats)
            assert ImageChops.difference(a, b).getbbox() is None, long
            # and the name was drawn (elided), not left out
            name_area = (head.x0 + pit.s(60), head.y0, head.x0 + pit.s(400), head.y1)
            assert ImageChops.difference(image(named).crop(name_area), image(short).crop(name_area)).getbbox()
