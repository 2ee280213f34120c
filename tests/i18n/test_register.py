"""One tense and one register per language, cards by their names, nothing pointing back at nothing (issue 78).

- Spanish tells what happened in the preterite (its glossary says so): "La selección inicial ha terminado"
  sat beside "alice eligió …" in one message. A present perfect is kept only where the English has one, or
  for what happened "since" a moment.
- Japanese sentences are polite throughout: the mining line was "採掘しました：…を積んだ；…", plain forms and
  a full-width semicolon inside a polite sentence.
- An order card is named by its name, "{vehicle} {vp} VP" ("filled Train 9 VP"), never by a bare number
  ("carro 5", "四輪馬車 5").
- No "that many", "altrettanti", "so viele" with nothing before them to count.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import read_catalogue, speaking
from bot.words.common import plural
from bot.words.rules import describe_event, order_label
from rules import Mined
from rules.events import FilledOrder

PERFECT = re.compile(r"\b(?:se\s+)?(?:ha|han)\s+(?:\w+ado|\w+ido|sido|hecho|puesto|vuelto|dicho|abierto)\b")
PRETERITE = re.compile(r"\b\w{2,}(?:ó|aron|ieron)\b|\b(?:pude|hice|fue|estuvo|dijo|puso|tuvo|hizo)\b")
ENGLISH_PERFECT = re.compile(r"\b(?:has|have|hasn't|haven't)\b", re.IGNORECASE)


def _entries(lang: str):
    for m in read_catalogue(lang):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[0]
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            if text:
                yield english, text


def test_spanish_tells_what_happened_in_the_preterite():
    found = [
        f"{english[:60]!r} => {text[:80]!r}"
        for english, text in _entries("es")
        if PERFECT.search(text) and not ENGLISH_PERFECT.search(english) and "desde" not in text
    ]
    assert found == []


def test_no_spanish_message_mixes_the_preterite_and_the_present_perfect():
    found = [text[:100] for _english, text in _entries("es") if PERFECT.search(text) and PRETERITE.search(text)]
    assert found == []


def _mined() -> Mined:
    return Mined(
        player="alice",
        steps=6,
        loaded=(0, 0, 2, 0),
        filled=(FilledOrder(card=0, cubes=((0,),)),),
        stored=(0, 1, 0, 0),
    )


def test_the_japanese_mining_line_is_one_polite_sentence():
    with speaking("ja"):
        line = describe_event(_mined())
    assert "；" not in line, line
    assert not re.search(r"(?<!まし)(?<!でし)[ただ][、。）]", line), line  # no plain past inside it
    assert "採掘しました" in line, line


@pytest.mark.parametrize("lang", ["en", "it", "es", "de", "ja"])
def test_a_filled_order_is_named_by_its_card_s_name(lang):
    with speaking(lang):
        line, card = describe_event(_mined()), order_label(0)
    assert card in line, f"{lang}: {line!r} does not name {card!r}"


def test_no_message_names_a_card_by_a_bare_number():
    bare = re.compile(r"\{vehicle\} \{vp\}(?! VP)")
    assert [e for e, _t in _entries("en") if bare.search(e)] == []


POINTING_BACK = {
    "en": re.compile(r"\b(?:that|this|so) many\b"),
    "it": re.compile(r"\baltrettant[eio]\b"),
    "de": re.compile(r"\bso viel(?:e|en)?\b(?!\s+\w+,\s+wie|,\s+wie)"),
    "es": re.compile(r"\besa cantidad de\b"),
    "ja": re.compile(r"この数の|この額の"),
}


@pytest.mark.parametrize("lang", sorted(POINTING_BACK))
def test_no_word_counts_what_was_never_said(lang):
    found = [text[:90] for _english, text in _entries(lang) if POINTING_BACK[lang].search(text)]
    assert found == []


def test_the_japanese_effects_of_a_hint_are_noun_phrases():
    """A hint's effects are listed inside a polite sentence ("…：石炭5個の積み込み。…になります。"): a plain
    verb there ("石炭5個を積む") mixed the registers."""
    from bot.words import computers

    with speaking("ja"):
        parts = [
            plural(n, *pair)
            for pair in (
                computers.FILLED,
                computers.LOADED,
                computers.DELIVERED,
                computers.TAKEN,
                computers.MARKS_SPENT,
            )
            for n in (1, 2)
        ]
    plain = re.compile(r"[るむうくすつぶぬぐ]$")
    assert [p for p in parts if plain.search(p)] == []


def test_a_bound_on_the_time_to_move_is_never_less_than_a_minute():
    """ "at most less than a minute nine times in ten" read as nonsense in every language."""
    from bot.words.status import move_times_line
    from storage import MoveTimes

    with speaking("en"):
        line = move_times_line(MoveTimes(moves=10, median=20.0, p90=40.0, timer_moves=0))
    assert "less than a minute as a rule, 1 minute at most" in line, line
