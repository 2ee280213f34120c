"""`/coal help` in five languages: every topic translated (test_catalogues), and the example of the
plan topic, in each language, is the same mining action as the English example."""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED, locale_for, translator
from bot.play.plan_words import to_english_plan
from rules import parse_action
from scripts.extract_messages import help_topics

HELP = help_topics()
TOPICS = (
    "overview",
    "board",
    *(t for t in HELP if t != "overview"),
)  # board: the labelled picture (bot.play.board_key)


def example(text: str) -> str:
    """The plan of the help's example: what follows the plan option's name up to the closing backtick."""
    m = re.search(r"`/coal \S+ \S+:8 \S+?:([^`]+)`", text)
    assert m, text
    return m.group(1)


ENGLISH_ACTION = parse_action("mine 8: " + example(HELP["plan"]))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_plan_example_of_every_language_is_the_english_example(lang):
    text = translator(lang).pgettext("help", HELP["plan"])
    assert parse_action("mine 8: " + to_english_plan(example(text), lang)) == ENGLISH_ACTION


@pytest.mark.parametrize(
    ("discord_locale", "word"), [("it", "Montacarichi"), ("ja", "ケージ"), ("es-419", "jaula de pozo")]
)
def test_help_in_the_askers_language(discord_locale, word):
    # How /coal help will answer: the asker's Discord locale picks the catalogue.
    text = translator(locale_for(discord_locale)).pgettext("help", HELP["mine"])
    assert word in text
    assert text != HELP["mine"]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_overview_lists_the_topics_by_their_localized_choice_names(lang):
    from bot.i18n import lookup

    text = translator(lang).pgettext("help", HELP["overview"])
    listed = re.split(r"[,、]\s*", text.split(":`")[-1].strip().rstrip(".。"))
    assert [w.strip() for w in listed] == [lookup(lang, "choice", t) or t for t in TOPICS if t != "overview"]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_help_topic_fits_in_one_discord_message(lang):
    for topic, text in HELP.items():
        assert len(translator(lang).pgettext("help", text)) <= 2000, (lang, topic)
