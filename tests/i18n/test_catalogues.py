"""The catalogue check: every catalogue has every message of the English template, with the same
placeholders, no empty or fuzzy translation, nothing the template lacks; and the template is the one
the code makes (a changed command or help text without `python3 scripts/extract_messages.py` fails)."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import GLOSSARY_DIR, LOCALE_DIR, SUPPORTED, read_catalogue
from scripts.extract_messages import template

OTHERS = [lang for lang in SUPPORTED if lang != "en"]


def placeholders(text: str) -> set[str]:
    """The named {placeholders} of a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def problems(template: Catalog, catalogue: Catalog) -> list[str]:
    """Everything wrong with a catalogue against the template, one line each (empty when complete)."""
    found = []
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in template if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalogue if m.id}
    for key, message in wanted.items():
        entry = have.get(key)
        if entry is None:
            found.append(f"missing: {key}")
            continue
        if entry.fuzzy:
            found.append(f"fuzzy: {key}")
        english = placeholders(" ".join(_forms(message.id)))
        for k, form in enumerate(_forms(entry.string)):
            # The "one" form of a language whose "one" is 1 alone (two forms: de, it, es) may leave the count
            # out, as English does ("the top tile"); a form that covers other numbers too may not.
            may_drop = {"n"} if not isinstance(message.id, str) and k == 0 and catalogue.num_plurals == 2 else set()
            if not form.strip():
                found.append(f"empty translation: {key}")
            elif not (english - may_drop) <= placeholders(form) <= english:
                found.append(f"placeholders {sorted(placeholders(form))} instead of {sorted(english)}: {key}")
        if not isinstance(message.id, str) and len(_forms(entry.string)) != catalogue.num_plurals:
            found.append(f"{len(_forms(entry.string))} plural forms, the language has {catalogue.num_plurals}: {key}")
    found += [f"not in the template: {key}" for key in have.keys() - wanted.keys()]
    return found


def test_the_template_is_the_one_the_code_makes():
    made = {(m.context, m.id) for m in template() if m.id}
    committed = {(m.context, m.id) for m in read_catalogue("en") if m.id}
    assert made - committed == set(), "messages missing from coalbaron.pot: run python3 scripts/extract_messages.py"
    assert committed - made == set(), "stale messages in coalbaron.pot: run python3 scripts/extract_messages.py"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_catalogue_is_complete(lang):
    assert problems(read_catalogue("en"), read_catalogue(lang)) == []


def test_the_check_finds_a_missing_an_empty_and_a_wrong_placeholder_message():
    pot, po = read_catalogue("en"), read_catalogue("it")
    assert problems(pot, po) == []
    po.delete("money", context="choice")
    po.get("How to play, per action", context="command").string = " "
    po.get(("{count} worker", "{count} workers"), context="units").string = ("{n} Lavoratore", "{count} Lavoratori")
    found = problems(pot, po)
    assert "missing: ('choice', 'money')" in found
    assert "empty translation: ('command', 'How to play, per action')" in found
    assert any(p.startswith("placeholders ['n'] instead of ['count']") for p in found)
    assert len(found) == 3


def test_the_languages_are_english_and_one_per_catalogue_each_with_a_glossary():
    assert SUPPORTED[0] == "en"
    assert set(SUPPORTED) == {"en", "de", "it", "es", "ja"}
    assert {p.stem for p in LOCALE_DIR.glob("*.po")} == set(OTHERS)
    assert {p.stem for p in GLOSSARY_DIR.glob("*.md")} == set(SUPPORTED)


def test_no_compiled_catalogue_is_kept_in_the_repository():
    assert not list(LOCALE_DIR.rglob("*.mo"))


@pytest.mark.parametrize("lang", OTHERS)
def test_help_keeps_every_command_reference_a_command(lang):
    # A help text names commands as `/coal <name> ...`: in a translation the name is the localized one
    # (the English one where the language keeps ASCII names: Japanese).
    from bot.command_names import LOCALES, Where, localize

    loc = next(loc for loc in LOCALES if loc.value.split("-")[0] == lang)
    names = {localize(m.id, loc, Where.command_name) or m.id for m in read_catalogue("en") if m.context == "command"}
    for message in read_catalogue(lang):
        if message.context != "help":
            continue
        for used in re.findall(r"/coal ([^\s`:]+)", message.string):
            assert used in names, f"[{lang}] help names /coal {used}, which is no {lang} command name"
