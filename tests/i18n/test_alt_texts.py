"""An image's description is plain text a screen reader reads out (issue 78): names, never Discord's markup
(a mention `<@123…>` is read as its digits), and sentences joined as the language joins them (Japanese:
nothing after 。, where an ASCII space was pasted in)."""

from __future__ import annotations

import re

from bot.i18n import speaking
from bot.words import images
from rules import new_game

MARKUP = re.compile(r"<[@#][!&]?\d+>|<t:\d+|\*\*|\\[*_~`]")


def _state():
    return new_game(["alice", "bob"], seed=3)


def test_the_board_s_description_in_japanese_has_no_space_after_a_sentence():
    with speaking("ja"):
        text = images.board(_state(), "aliceが注文カードを取りました。")
    assert "。 " not in text  # the head, then the move, at once
    assert re.search(r"シフト（全3シフト）。aliceが注文カードを取りました。", text), text


def test_a_message_s_lines_become_sentences_or_list_items():
    with speaking("en"):
        assert images.scoring("Game over: alice wins.\n• alice 40 VP\n• bob 30 VP") == (
            "Scoring. Game over: alice wins. • alice 40 VP; • bob 30 VP"
        )
    with speaking("ja"):
        assert images.scoring("ゲーム終了。\n得点：40") == "得点計算。ゲーム終了。得点：40"


def test_a_description_drops_markdown_and_escapes():
    with speaking("en"):
        text = images.scoring("**alice** wins; bob\\_2 is second.")
    assert not MARKUP.search(text) and "bob_2" in text
