"""A button's label quoted in a sentence is a name, not a verb (issue 78: es "o **Guardar** un color", de
"oder **Lagern** eine Farbe" used the labels as the sentence's verbs, as the English "or **Store** a colour"
did). The English introduces each quoted label as a button ("the **Store** button", "press **Confirm**"), a
note tells translators so, and each language quotes the labels its console really shows."""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED, _, read_catalogue, speaking
from bot.words import console, tutorial
from bot.words.rules import level_name

BOLD = re.compile(r"\*\*([^*]+)\*\*")


def _labels() -> dict[str, str]:
    """The console's buttons' labels in the language being spoken, without their colour or level."""

    def head(text: str) -> str:
        return text.split("{")[0].rstrip(" ：:")

    return {
        "Cage": head(_(console.CAGE)),
        "Load": head(_(console.LOAD)),
        "Store": head(_(console.STORE)),
        "Confirm": _(console.CONFIRM),
        "Cage surface": _(console.CAGE).format(level=level_name(0)),
    }


def test_every_quoted_label_in_english_is_introduced_as_a_button():
    with speaking("en"):
        labels = set(_labels().values())
    wrong = []
    for m in read_catalogue("en"):
        text = m.id if isinstance(m.id, str) else (m.id[0] if m.id else "")
        for found in BOLD.finditer(text or ""):
            if found.group(1) in labels:
                before, after = text[: found.start()], text[found.end() :]
                if not (after.startswith(" button") or before.endswith(("press ", "Press "))):
                    wrong.append(f"**{found.group(1)}** in {text[:70]!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_console_walk_quotes_the_labels_the_console_shows(lang):
    with speaking(lang):
        labels = set(_labels().values())
        quoted = BOLD.findall(_(tutorial.CONSOLE_WALK))[1:]  # after the heading
    assert quoted and set(quoted) <= labels, f"{lang}: {sorted(set(quoted) - labels)} are not labels"
    assert len(set(quoted)) == 5


def test_the_translators_are_told_to_write_around_a_label():
    entry = read_catalogue("en").get(str(tutorial.CONSOLE_WALK))
    assert entry is not None and any(c.startswith("TRANSLATORS:") for c in entry.auto_comments)
