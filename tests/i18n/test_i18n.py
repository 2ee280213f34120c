"""Which language a Discord locale means, and the translations of one language (Babel, plural forms)."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import SUPPORTED, language_name, locale_for, lookup, translator


@pytest.mark.parametrize(
    ("discord_locale", "lang"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "de"),
        ("it", "it"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("ja", "ja"),
        (discord.Locale.japanese, "ja"),
        (discord.Locale.latin_american_spanish, "es"),
        ("fr", "en"),
        ("pt-BR", "en"),
        ("zh-CN", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_locale_for(discord_locale, lang):
    assert locale_for(discord_locale) == lang


def test_translators_are_made_once_per_language():
    assert translator("it") is translator("it")
    assert translator("it") is not translator("ja")


def test_plural_forms_come_from_each_languages_rule():
    it, ja, de = translator("it"), translator("ja"), translator("de")
    worker = ("units", "{count} worker", "{count} workers")
    assert it.npgettext(*worker, 1).format(count=1) == "1 Lavoratore"
    assert it.npgettext(*worker, 2).format(count=2) == "2 Lavoratori"
    assert ja.npgettext(*worker, 1).format(count=1) == "労働者1人"
    assert ja.npgettext(*worker, 7).format(count=7) == "労働者7人"
    assert de.npgettext("units", "{count} mark", "{count} marks", 5).format(count=5) == "5 Mark"
    en = translator("en")
    assert en.npgettext(*worker, 1) == "{count} worker"
    assert en.npgettext(*worker, 3) == "{count} workers"


def test_a_message_no_catalogue_has_stays_english():
    assert translator("ja").pgettext("help", "no such message") == "no such message"
    assert lookup("ja", "help", "no such message") is None
    assert lookup("ja", "command", "mine") == "採掘"
    assert lookup("en", "command", "mine") is None
    assert translator("xx").gettext("mine") == "mine"


def test_language_names_in_their_own_language():
    assert [language_name(lang) for lang in SUPPORTED] == ["English", "Deutsch", "español", "italiano", "日本語"]


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("it", "it"),
        ("IT", "it"),
        ("es-419", "es"),
        ("Italian", "it"),
        ("italiano", "it"),
        ("日本語", "ja"),
        ("japanese", "ja"),
        ("Deutsch", "de"),
        ("español", "es"),
        ("english", "en"),
        ("fr", None),
        ("klingon", None),
        ("", None),
        (None, None),
    ],
)
def test_the_language_option_reads_codes_and_names(value, lang):
    from bot.i18n import language_from_option

    assert language_from_option(value) == lang


def test_load_all_reads_every_catalogue_once():
    from bot.i18n import load_all

    load_all()
    assert translator.cache_info().currsize >= len(SUPPORTED)
    before = translator.cache_info().misses
    load_all()
    assert translator.cache_info().misses == before


def test_a_translated_message_pickles_as_a_plain_string():
    """The scoring image's key goes to a drawing worker: reading it back must not import the bot there."""
    import pickle

    from bot.i18n import _, speaking

    with speaking("it"):
        said = _("Replay")
    data = pickle.dumps({"total": said})
    assert b"bot.i18n" not in data and type(pickle.loads(data)["total"]) is str
