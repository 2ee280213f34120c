"""Mining plans in the player's language parse to the same action as their English form (R-MINE-1…7:
the plan grammar of rules/actions.py, whose keywords the catalogues translate)."""

from __future__ import annotations

import pytest

from bot.i18n import SUPPORTED, translator
from bot.play.plan_words import keywords, plan_words, to_english_plan
from bot.words.rules import explain
from rules import ActionSyntaxError, parse_action, parse_step
from scripts.extract_messages import PLAN_WORDS

ENGLISH = (
    "cage grey, load grey, load grey, cage yellow, load yellow, cage surface, fill 1.1 grey, "
    "fill 1.2 grey+yellow, store brown, fill 2.1 black from storage"
)


def mine(plan: str, lang: str):
    return parse_action(f"mine 10: {to_english_plan(plan, lang)}")


def test_an_italian_plan_is_the_same_action_as_its_english_form():
    italian = (
        "montacarichi grigio, carica grigio, carica grigio, montacarichi giallo, carica giallo, "
        "montacarichi superficie, riempi 1.1 grigio, riempi 1.2 grigio+giallo, conserva marrone, "
        "riempi 2.1 nero dalla riserva"
    )
    assert mine(italian, "it") == parse_action(f"mine 10: {ENGLISH}")


def test_a_japanese_plan_is_the_same_action_as_its_english_form():
    # With the Japanese comma, full-width digits and no space between keyword and colour.
    japanese = (
        "ケージ灰、積む 灰、積む 灰、ケージ 黄色、積む 黄、ケージ 地上、"
        "注文 １．１ 灰、注文 1.2 灰＋黄、倉庫 茶、注文 2.1 黒 倉庫から"
    )
    assert mine(japanese, "ja") == parse_action(f"mine 10: {ENGLISH}")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_plan_written_with_each_languages_first_keywords_parses_to_the_english_action(lang):
    word = {w: translator(lang).pgettext("plan", w).split("|")[0] for w in PLAN_WORDS}
    localized = ", ".join(
        [
            f"{word['cage']} {word['grey']}",
            f"{word['load']} {word['grey']}",
            f"{word['cage']} {word['surface']}",
            f"{word['fill']} 1.1 {word['grey']}",
            f"{word['store']} {word['black']}",
            f"{word['fill']} 2.1 {word['yellow']}+{word['brown']} {word['from storage']}",
        ]
    )
    english = "cage grey, load grey, cage surface, fill 1.1 grey, store black, fill 2.1 yellow+brown from storage"
    assert mine(localized, lang) == parse_action(f"mine 10: {english}")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_english_plans_are_accepted_in_every_language(lang):
    assert to_english_plan(ENGLISH, lang) == ENGLISH
    assert mine(ENGLISH, lang) == parse_action(f"mine 10: {ENGLISH}")


def test_the_keywords_are_the_templates_and_the_english_parser_reads_them():
    assert plan_words() == PLAN_WORDS
    for colour in ("yellow", "brown", "grey", "black"):
        parse_step(f"load {colour}")
    parse_step("cage surface")
    parse_step("fill 1.1 grey from storage")
    parse_step("fill 1.1 grey from cage")
    parse_step("store black")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_no_localized_keyword_is_an_english_keyword_of_another_meaning(lang):
    for word, english in keywords(lang).items():
        assert word not in PLAN_WORDS or word == english, f"[{lang}] {word!r} means {english!r}"


def test_a_keyword_inside_a_longer_word_is_not_translated():
    assert to_english_plan("carica neroli", "it") == "load neroli"
    with pytest.raises(ActionSyntaxError) as refused:
        mine("montacarichi grigio, carica neroli", "it")
    assert refused.value.params["step"] == 2


def test_a_bad_step_in_a_localized_plan_is_still_named():
    # The step is named by its number; its text is quoted as the parser saw it ("scava grey").
    with pytest.raises(ActionSyntaxError) as refused:
        mine("montacarichi grigio, scava grigio", "it")
    assert explain(refused.value).startswith("Step 2: I can't read `scava grey`")
