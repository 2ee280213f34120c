"""The bot's languages: which ones it speaks, which one a Discord locale means, and its catalogues.

The words live in gettext catalogues, `bot/locale/<lang>.po`, one per language besides English
(the English texts are the message ids; `bot/locale/coalbaron.pot` is the template). They are
read with Babel at first use and compiled into memory; nothing compiled is kept in the repository.

    t = translator("it")
    t.pgettext("help", HELP["money"])
    t.npgettext("units", "{count} worker", "{count} workers", 3).format(count=3)

Adding a language is adding its catalogue and its glossary (`bot/locale/glossary/<lang>.md`):
see docs/languages.md.
"""

from __future__ import annotations

import contextlib
import functools
import io
import re
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from bot.service.logs import about
from storage import Game

LOCALE_DIR = Path(__file__).with_name("locale")
TEMPLATE = LOCALE_DIR / "coalbaron.pot"
GLOSSARY_DIR = LOCALE_DIR / "glossary"
DEFAULT = "en"


def _catalogue_languages() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in LOCALE_DIR.glob("*.po")))


# English first (the source language, the fallback), then every language that has a catalogue.
SUPPORTED: tuple[str, ...] = (DEFAULT, *(lang for lang in _catalogue_languages() if lang != DEFAULT))


def locale_for(discord_locale: object) -> str:
    """The bot language for a Discord locale ("it", "es-419", discord.Locale.japanese...); English
    when the bot does not speak it. Regional variants share their language: en-GB and en-US are
    "en", es-ES and es-419 are "es"."""
    code = str(getattr(discord_locale, "value", discord_locale) or "")
    lang = code.replace("_", "-").split("-")[0].lower()
    return lang if lang in SUPPORTED else DEFAULT


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / f"{lang}.po"


def read_catalogue(lang: str) -> Catalog:
    """A language's catalogue as Babel reads it (the template for English)."""
    path = TEMPLATE if lang == DEFAULT else catalogue_path(lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="coalbaron")


@functools.cache
def translator(lang: str) -> NullTranslations:
    """The gettext translations of one language (gettext, ngettext, pgettext, npgettext).

    English, or a language the bot does not speak, answers with the English message ids.
    A message missing from a catalogue falls back to English too; tests keep catalogues complete.
    """
    if lang == DEFAULT or lang not in SUPPORTED:
        return NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalogue(lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer, domain="coalbaron")


@functools.cache
def _entries(lang: str) -> dict[tuple[str | None, str], str]:
    return {
        (m.context, m.id): m.string
        for m in read_catalogue(lang)
        if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string and not m.fuzzy
    }


def lookup(lang: str, context: str, msgid: str) -> str | None:
    """The translation of one message, or None when the catalogue lacks it (no fallback)."""
    if lang not in SUPPORTED or lang == DEFAULT:
        return None
    return _entries(lang).get((context, msgid))


def language_name(lang: str) -> str:
    """A language's name in that language ("italiano", "日本語"), for menus and refusals."""
    from babel import Locale

    return Locale.parse(lang).get_display_name(lang) or lang


def glossary(lang: str) -> dict[str, str]:
    """The game terms of one language: key ("cage", "minecart"...) to the term its edition prints.

    Read from the table in `bot/locale/glossary/<lang>.md` (columns: key, term, source, printed as).
    """
    terms: dict[str, str] = {}
    for line in (GLOSSARY_DIR / f"{lang}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4 and cells[0] not in ("key", "") and not cells[0].startswith("-"):
            terms[cells[0]] = cells[1]
    return terms


def language_from_option(text: str | None) -> str | None:
    """The language a `/coal new language:` value means: a code ("it", "es-419"), or a language's
    name in English or in itself ("Italian", "italiano", "日本語"); None when the bot does not speak it
    (the command then refuses, listing `SUPPORTED` with `language_name`)."""
    from babel import Locale

    word = (text or "").strip().casefold()
    if not word:
        return None
    code = word.replace("_", "-").split("-")[0]
    if code in SUPPORTED:
        return code
    for lang in SUPPORTED:
        names = {language_name(lang), Locale.parse(lang).get_display_name("en") or ""}
        if word in {n.casefold() for n in names}:
            return lang
    return None


# --- speaking: the language the words being written now are in -----------------------------------

_speaking: ContextVar[str] = ContextVar("coalbaron_language", default=DEFAULT)


def N_(message: str) -> str:
    """Marks an English sentence of `bot/words` as a message (the extractor collects it); the sentence
    is translated where it is used, with `_`."""
    return message


class InContext(str):
    """An English text marked with the context it is said in (`Np_`): the same English serving two
    meanings ("Cancel" the mining plan, "Cancel" deleting one's data) is two messages."""

    context: str

    def __new__(cls, context: str, message: str) -> InContext:
        text = super().__new__(cls, message)
        text.context = context
        return text

    def __reduce__(self) -> tuple[type[InContext], tuple[str, str]]:
        return (InContext, (self.context, str(self)))


def Np_(context: str, message: str) -> str:  # noqa: N802 - gettext's name for a marked text with a context
    """Marks an English text of `bot/words` said in `context` (its msgctxt, the module or panel that says
    it); translated with `_` like any other. Any English text that two modules say carries a context
    (tests/i18n/test_contexts.py)."""
    return InContext(context, message)


def Nnp_(context: str, one: str, other: str) -> tuple[str, str]:  # noqa: N802 - gettext's name, with a context
    """Marks a plural pair said in `context` (a grammatical case, say: "{n} grey cube" as a sentence's object
    is "1 grauen Würfel" in German, as a list's item "1 grauer Würfel"); used with `ngettext` like any pair."""
    return (InContext(context, one), other)


def Nn_(one: str, other: str) -> tuple[str, str]:  # noqa: N802 - gettext's name for a marked plural
    """Marks a pair of English forms (one, other) as a plural message; used with `ngettext`."""
    return (one, other)


class Said(str):
    """A message in the language being spoken, whose `format` finishes the sentence as that language
    writes it once the names and numbers are in (`finish`): names are data, so what depends on their
    first letter can only be done after they are placed."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return finish(str.format(self, *args, **kwargs))

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        # pickled as a plain str: words handed to a worker process (the scoring image's key) must not
        # make it import the bot to read them back
        return (str, (str(self),))


# Italian euphony: the prepositions and conjunction before a word, a name above all, that
# begins with the same vowel take a "d": "tocca ad Ada", "Bob ed Eva" (the usual style: "ad" before
# "a", "ed" before "e"; a name may be in bold). Only whole words: "a" and "e" are the preposition and
# the conjunction there ("ha" and "è" are other words).
_EUPHONY = {
    "it": (
        (re.compile(r"(?<![\w'’])([Aa]) (?=(?:\*\*)?[AaÀà])"), r"\1d "),
        (re.compile(r"(?<![\w'’])([Ee]) (?=(?:\*\*)?[EeÈèÉé])"), r"\1d "),
    ),
}


def finish(text: str) -> str:
    """A formatted message as the language being spoken writes it (Italian euphony: `_EUPHONY`)."""
    for pattern, replacement in _EUPHONY.get(_speaking.get(), ()):
        text = pattern.sub(replacement, text)
    return text


def _(message: str) -> str:
    """An English sentence of `bot/words` in the language being spoken (see `speaking`); in its context
    when it was marked with one (`Np_`)."""
    if isinstance(message, InContext):
        return Said(translator(_speaking.get()).pgettext(message.context, message))
    return Said(translator(_speaking.get()).gettext(message))


def ngettext(one: str, other: str, n: int) -> str:
    """The form of a plural message for `n`, in the language being spoken (the language's plural rules); in
    its context when it was marked with one (`Nnp_`)."""
    if isinstance(one, InContext):
        return Said(translator(_speaking.get()).npgettext(one.context, one, other, n))
    return Said(translator(_speaking.get()).ngettext(one, other, n))


def pgettext(context: str, message: str) -> str:
    """A message of a context (`help`, `plan`...) in the language being spoken."""
    return str(translator(_speaking.get()).pgettext(context, message))


def language() -> str:
    """The language being spoken now: English unless `speaking` says otherwise."""
    return _speaking.get()


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Words written inside are in `lang`: a game's language for what goes to its channel, the asker's
    for a private reply. The language is a context variable, so each interaction's task has its own."""
    token = _speaking.set(lang if lang in SUPPORTED else DEFAULT)
    try:
        yield _speaking.get()
    finally:
        _speaking.reset(token)


@contextlib.contextmanager
def in_channel(game: Game) -> Iterator[str]:
    """Words for the game's channel (its turns, lobby, timer notes): in the game's language; and the log
    lines written meanwhile are about the game (`bot.service.logs.about`)."""
    with speaking(game.options.language) as lang, about(game.id, game.guild_id):
        yield lang


def speak(lang: str) -> None:
    """From here to the end of the current task, words are in `lang` (an interaction's task, for the
    asker's language: its private replies are written all through the task)."""
    _speaking.set(lang if lang in SUPPORTED else DEFAULT)


def load_all() -> None:
    """Read every catalogue now (about 0.1 s for four) rather than at the first message of each
    language; call it at start, before the bot connects."""
    for lang in SUPPORTED:
        translator(lang)
        lookup(lang, "command", "")
