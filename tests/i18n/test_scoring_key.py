"""The scoring image's key in every language (issue 24): two lines at most, so the final scoring of four
players keeps every text at 9 px or more once Discord fits it into its 550 x 350 inline box."""

from __future__ import annotations

import pytest

from bot.i18n import SUPPORTED, speaking
from bot.words.turns import scoring_key
from rendering.samples import demo_state
from rendering.scoring import KEY_COLUMNS, SMALL, _key_lines, scoring_image


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_key_is_in_the_games_language_and_fits(lang):
    with speaking(lang):
        key = scoring_key()
    assert set(key) == set(KEY_COLUMNS) and all(key.values())
    assert len(_key_lines(key)) <= 2, key
    image = scoring_image(demo_state(4, 2), None, key)
    w, h = image.size
    assert SMALL * min(550 / w, 350 / h) >= 9
