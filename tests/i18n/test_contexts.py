"""One English text, one meaning: an English text that two modules of the message layer say carries a
msgctxt (`Np_`), so each meaning is translated on its own (issue 78: Italian players deleting their data
read the mining console's «Esci senza estrarre»; the lobby's button "Start" and the replay's first frame,
a noun, were one message)."""

from __future__ import annotations

import pytest

from bot.i18n import SUPPORTED, Np_, _, read_catalogue, speaking
from bot.words import console, lobby, privacy, replay, rules


def test_an_english_text_without_a_context_is_said_by_one_module_only():
    def modules(m):  # its extracted comments are the modules that say it, then any notes to translators
        return sorted({c for c in m.auto_comments if c.startswith("bot/words/")})

    shared = [
        f"{m.id!r}: {', '.join(modules(m))}"
        for m in read_catalogue("en")
        if m.id and m.context is None and len(modules(m)) > 1
    ]
    assert shared == [], "mark each with Np_(context, ...) or say it from one module:\n" + "\n".join(shared)


@pytest.mark.parametrize("lang", [lang for lang in SUPPORTED if lang != "en"])
def test_a_text_in_a_context_is_translated_in_that_context(lang):
    catalogue = read_catalogue(lang)
    for text in (privacy.CANCEL, lobby.START, replay.JUMP_START, console.EMPTY, rules.EMPTY_CART):
        entry = catalogue.get(str(text), context=text.context)  # type: ignore[attr-defined]
        assert entry is not None and entry.string, f"{lang}: no {text.context!r} {text!r}"  # type: ignore[attr-defined]
        with speaking(lang):
            assert _(text) == entry.string


def test_the_meanings_that_differ_are_translated_apart():
    with speaking("it"):
        assert _(privacy.CANCEL) != _(console.CANCEL)  # deleting one's data is not leaving the mining console
    with speaking("es"):
        assert (_(console.EMPTY), _(rules.EMPTY_CART)) == ("vacío", "vacía")  # el lugar, la vagoneta
    for lang in ("it", "es", "de", "ja"):
        with speaking(lang):
            assert _(lobby.START) != _(replay.JUMP_START), lang  # a verb on a button, a noun in the replay


def test_a_text_in_a_context_is_english_in_english_and_keeps_its_context_when_pickled():
    import pickle

    text = Np_("privacy", "Cancel")
    with speaking("en"):
        assert _(text) == "Cancel"
    again = pickle.loads(pickle.dumps(text))
    assert again == "Cancel" and again.context == "privacy"  # type: ignore[attr-defined]
