"""The board's key (issue 74, item 1): the board picture with its parts framed and numbered, and a numbered
line for each in the reader's language, by `/coal help topic:board` and once at the start of `/coal learn`
(test_tutorial.py). A new player could not map the board to anything: the grids 1–13 on the right, the kinds of
worker space, the badges in the player rows."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot.i18n import speaking, translator
from bot.play.board_key import FILENAME, key_png, key_text, sample_state
from bot.words import board_key as words
from rendering import palette as pal
from rendering.board_key import BADGE, PARTS, badge_centre, part_boxes


@pytest.mark.parametrize("lang", ["en", "it", "es", "de", "ja"])
def test_the_key_has_a_line_per_numbered_part_and_fits_a_message(lang):
    with speaking(lang):
        lines = key_text().splitlines()
    assert len(lines) == 1 + len(PARTS) + 1  # the head, a line per part, the coal marks
    for number, line in enumerate(lines[1:-1], start=1):
        assert line.startswith(f"**{number}** ")
    assert len("\n".join(lines)) <= 2000  # one message: Discord's limit
    assert "●" in lines[-1] and "✚" in lines[-1]


def test_every_badge_sits_on_its_part_in_the_picture():
    state = sample_state()
    img = Image.open(io.BytesIO(key_png())).convert("RGB")
    boxes = part_boxes(state)
    assert list(boxes) == list(PARTS)
    for part, box in boxes.items():
        assert 0 <= box.x0 < box.x1 <= img.width and 0 <= box.y0 < box.y1 <= img.height, part
        cx, cy = badge_centre(box)
        assert abs(cx - box.x0) <= BADGE + 2 and abs(cy - box.y0) <= BADGE + 2, part  # at its part's corner
        assert img.getpixel((cx - BADGE + 8, cy)) == pal.HIGHLIGHT, part  # the badge is drawn there
    centres = [badge_centre(b) for b in boxes.values()]
    for k, (x, y) in enumerate(centres):  # no badge hides another
        assert all(math.dist((x, y), (u, v)) >= 2 * BADGE for u, v in centres[k + 1 :])


async def test_help_board_answers_privately_with_the_picture_and_the_key_in_the_asker_s_language(world, locales):
    w = world
    locales[w.bob.id] = "ja"
    r = await w.bob.slash(w.channel, "coal help", topic="board")
    answer = r.followups[0] if r.followups else r.response
    assert answer.ephemeral
    [picture] = answer.attachments
    assert picture.filename == FILENAME
    assert picture.description == translator("ja").gettext(words.ALT).format(count=len(PARTS))
    with speaking("ja"):
        assert answer.content == key_text()
    r = await w.alice.slash(w.channel, "coal help", topic="board")
    answer = r.followups[0] if r.followups else r.response
    assert answer.content.startswith("🗺️ **The board, part by part**")
    assert w.channel.history() == []  # nothing posted in the channel
