"""Mining plans in the player's language: the localized keywords of the plan grammar, mapped to
the English grammar that `rules.parse_plan` reads.

    to_english_plan("montacarichi grigio, carica grigio, montacarichi superficie, riempi 1.1 grigio", "it")
    -> "cage grey, load grey, cage surface, fill 1.1 grey"

The keywords are catalogue entries (msgctxt "plan"); a translation may list alternatives separated
by "|" ("marrone|marroni"), the first being the one help shows. English keywords always work too.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata

from bot.i18n import DEFAULT, language, read_catalogue, translator

# Step separators besides the comma: the Japanese comma (the full-width one NFKC turns into ",").
_SEPARATORS = str.maketrans({"、": ",", "､": ","})


@functools.cache
def plan_words() -> tuple[str, ...]:
    """The English keywords of the plan grammar: the template's msgctxt "plan" entries (listed in
    scripts/extract_messages.py, which writes the template)."""
    return tuple(m.id for m in read_catalogue(DEFAULT) if m.context == "plan" and isinstance(m.id, str) and m.id)


def keywords(lang: str) -> dict[str, str]:
    """Every localized spelling of the plan keywords in `lang`, lower case, to its English keyword."""
    return dict(_keywords(lang))


@functools.cache
def _keywords(lang: str) -> tuple[tuple[str, str], ...]:
    t = translator(lang)
    found: dict[str, str] = {}
    for english in plan_words():
        for word in str(t.pgettext("plan", english)).split("|"):
            word = _normalise(word).strip()
            if word and word != english:
                found.setdefault(word, english)
    return tuple(found.items())


@functools.cache
def _pattern(lang: str) -> re.Pattern[str] | None:
    words = sorted((w for w, _ in _keywords(lang)), key=len, reverse=True)
    if not words:
        return None
    parts = []
    for word in words:
        # Words of spaced scripts must stand alone ("nero" is not inside "neroli"); Japanese has no
        # spaces between words, so its keywords match anywhere ("ケージ灰" is "ケージ 灰").
        spaced = any(ch.isascii() or unicodedata.category(ch).startswith("L") and ord(ch) < 0x3000 for ch in word)
        escaped = re.escape(word)
        parts.append(rf"(?<!\w){escaped}(?!\w)" if spaced else escaped)
    return re.compile("|".join(parts))


def _normalise(text: str) -> str:
    # NFKC folds full-width digits, dots and plus signs (１．１ ＋) into ASCII; lower case for Latin.
    return unicodedata.normalize("NFKC", text).translate(_SEPARATORS).lower()


def in_language(plan: str, lang: str | None = None) -> str:
    """An English plan (`cage grey, load grey`) written with the keywords of `lang` (by default the
    language being spoken), each the first spelling its catalogue lists: how a plan is shown."""
    lang = lang or language()
    if lang == DEFAULT:
        return plan
    return _english_pattern().sub(lambda m: _shown_keyword(m.group(0), lang), plan)


@functools.cache
def _english_pattern() -> re.Pattern[str]:
    words = sorted(plan_words(), key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words))


@functools.cache
def _shown_keyword(english: str, lang: str) -> str:
    return str(translator(lang).pgettext("plan", english)).split("|")[0].strip() or english


def typed_plan(text: str, game_language: str) -> str:
    """A plan a player typed, in the game's language, their own or English, in the English grammar."""
    for lang in dict.fromkeys((game_language, language())):
        text = to_english_plan(text, lang)
    return text


def to_english_plan(text: str, lang: str) -> str:
    """The plan `text`, written in `lang` or in English, with every keyword in English.

    Anything that is not a keyword (numbers, dots, "+", a misspelt word) is kept, so the English
    parser still names the step it cannot read.
    """
    text = _normalise(text)
    pattern = _pattern(lang) if lang != DEFAULT else None
    if pattern is not None:
        table = dict(_keywords(lang))
        text = pattern.sub(lambda m: f" {table[m.group(0)]} ", text)
    steps = (" ".join(step.split()) for step in text.split(","))
    return ", ".join(step for step in steps if step)


def nearest_keyword(word: str, english: tuple[str, ...], lang: str | None = None) -> str | None:
    """The keyword among `english` that a mistyped `word` (in English or in `lang`) most likely meant
    ("yelow" -> "yellow", "grgio" -> "grey"), in English; None when none is close."""
    lang = lang or language()
    spellings = {w: w for w in english}
    if lang != DEFAULT:
        spellings |= {spelt: eng for spelt, eng in _keywords(lang) if eng in english}
    close = difflib.get_close_matches(_normalise(word).strip(), list(spellings), n=1, cutoff=0.7)
    return spellings[close[0]] if close else None
