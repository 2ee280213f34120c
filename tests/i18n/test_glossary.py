"""The glossaries: one per language, with the same terms, each citing where it is printed; the
translations use them (the help of each language names the things as its edition does)."""

from __future__ import annotations

import pytest

from bot.i18n import SUPPORTED, glossary, translator
from scripts.extract_messages import help_topics

HELP = help_topics()
OTHERS = [lang for lang in SUPPORTED if lang != "en"]

# Which terms a help topic must use, by glossary key.
USES = {
    "overview": ("game", "canteen", "shift"),
    "factory": ("tunnel_tile", "minecart"),
    "mine": ("cage", "storage"),
    "scoring": ("wheelbarrow", "train"),
}


def stem(term: str) -> str:
    """The term without its note and its last letter (so "Turnazione" is found in "Turnazioni");
    kana and kanji terms whole."""
    word = term.split(" (")[0].lower()
    latin = any("a" <= ch <= "z" for ch in word)
    return word[:-1] if latin else word


def test_every_glossary_has_the_english_keys():
    keys = set(glossary("en"))
    assert len(keys) >= 30
    for lang in OTHERS:
        assert set(glossary(lang)) == keys, lang


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_term_is_named_and_says_where_it_is_printed(lang):
    from bot.i18n import GLOSSARY_DIR

    rows = [
        line for line in (GLOSSARY_DIR / f"{lang}.md").read_text(encoding="utf-8").splitlines() if line.startswith("| ")
    ]
    for row in rows[1:]:
        key, term, source, _printed = (c.strip() for c in row.strip("|").split("|")[:4])
        assert term and source, f"[{lang}] {key}"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_help_of_each_language_uses_its_glossary(lang):
    terms = glossary(lang)
    for topic, keys in USES.items():
        text = translator(lang).pgettext("help", HELP[topic]).lower()
        for key in keys:
            assert stem(terms[key]) in text, f"[{lang}] help {topic} does not say {terms[key]!r} ({key})"


def test_the_official_terms_of_the_rulebooks():
    assert glossary("it")["cage"] == "Montacarichi"
    assert glossary("it")["shift"] == "Turnazione"
    assert glossary("es")["canteen"] == "Cantina"
    assert glossary("ja")["minecart"] == "トロッコ"
    assert glossary("de")["cage"] == "Förderkorb"
