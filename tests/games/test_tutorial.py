"""The tutorial's explanations (issue 50): which turn brings which, each at most three sentences in every
language, and a seed on which a learner meets every kind of worker space early."""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED, _, speaking
from bot.words import tutorial as words
from games.tutorial import SEED, START, TOPICS, new_topics, topics_of
from rules import Banked, Mined, Placed, ShiftScored

TITLE = re.compile(r"^(📘 )?\*\*[^*]+\*\*\s*(—\s*)?")
END_OF_SENTENCE = re.compile(r"(?<!\d)[.!?。！？](?=\s|$|[^\w\s]?$)")


def sentences(text: str) -> int:
    body = TITLE.sub("", text).strip()
    return len([m for m in END_OF_SENTENCE.finditer(body)]) or 1


@pytest.mark.parametrize("lang", sorted(SUPPORTED))
def test_every_explanation_is_at_most_three_sentences(lang):
    with speaking(lang):
        said = {t: _(words.LESSONS[t]) for t in TOPICS} | {"console": _(words.CONSOLE_WALK)}
    long = {t: text for t, text in said.items() if sentences(text) > 3}
    assert not long


def test_a_displacing_placement_explains_its_space_and_the_canteen_once():
    # R-TURN-2: N workers on the space go to the canteen
    first = [Placed(player="a", space="mine 6", workers=2, displaced=1, displaced_owner="b")]
    assert topics_of(first) == ["mine", "canteen"]
    assert new_topics(first, first) == ["mine", "canteen"]
    again = [Placed(player="b", space="mine 4", workers=1)]
    assert new_topics(again, first + again) == []  # mining was explained already


def test_a_message_of_several_moves_explains_what_is_new_in_it_in_order():
    bank = [Banked(player="a")]
    mined = Mined(player="b", steps=4, loaded=(1, 0, 0, 0), filled=(), stored=(1, 0, 0, 0))
    scored = ShiftScored(shift=1, gains=())
    message = [*bank, Placed(player="b", space="mine 4", workers=1), mined, scored]
    assert new_topics(message, message) == ["bank", "mine", "store", "shift"]
    assert new_topics(message, [Banked(player="b"), *message]) == ["mine", "store", "shift"]


def test_the_start_explains_the_welcome_and_the_draft():
    assert START == ("welcome", "draft") and set(START) | set(words.LESSONS) == set(TOPICS)


def test_on_the_tutorial_seed_an_eager_learner_uses_every_worker_space_in_the_first_shift():
    from scripts.tutorial_seed import play

    every, own_every, missing = play(SEED)
    assert missing == set() and own_every < 40, (every, own_every)
