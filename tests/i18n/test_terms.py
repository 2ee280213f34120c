"""One word for one thing in each language, and one Spanish register (issue 25).

A catalogue entry whose English names a glossary thing (a computer, the host, a deck, the board, a
shift, the game) says it with the glossary's term, in every sentence the bot writes and every help
topic; the words a language's glossary rejects (es "ordenador", "mazo"; it "organizzatore", "mazzo";
de "Spielbrett"; ja "盤面", "納品") appear nowhere; Spanish never uses *vosotros* forms, which
Latin-American players (es-419, served by the same catalogue) do not use.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.i18n import glossary, read_catalogue

from .test_glossary import stem

# glossary key -> the English word(s) of a msgid that name it
ENGLISH = {
    "computer": r"computers?",
    "host": r"host",
    "deck": r"decks?",
    "board": r"board",
    "shift": r"shifts?",
    "game": r"Coal Baron",
    # issue 78: the concepts that shared a word with another one, or had two
    "rating": r"(?:ratings?|rated)",
    "lobby": r"lobb(?:y|ies)",
    "order_space": r"(?:New Order|order) spaces?",
    "scoring": r"(?:shift )?scorings?",
}
# concepts whose words were confused (issue 78: the rating called by the score's or the scoring's word,
# de "Auftragsfeld" both the New Order space and an order card's spot): a text that names one of a pair
# and not the other never says the other's word
CONFUSABLE = [("rating", "scoring"), ("rating", "score"), ("order_space", "order_spot")]
NAMED = ENGLISH | {"score": r"(?:final )?scores?", "order_spot": r"(?:order )?spots?"}
# each language's words for these things that are not its glossary's
# (and, since the review of every entry: words that assume a male reader, a second word for the lobby
# or the storage, the verb of "resume" for taking a move back, "Zug" for the train, which is a move)
REJECTED = {
    "es": ("ordenador", "mazo", "turno {shift}", "Turno {shift}", "almacén", "jugador de la computadora",
           "sentado", "Ganador", "ganador", "juega tu asiento", "juega su asiento",
           # the final scores are puntos (puntuación is the shift scoring); a computadora is feminine
           "Puntuaciones finales", "El computadora", "el computadora", "un computadora"),
    "it": ("organizzator", "mazzo", "mazzi", "Riprendi mossa", "seduto", "si è unito", "se n'è andato",
           "Vincitore", "vincitore", "una sala", "si può riprendere", "ha ripreso la sua mossa"),
    "de": ("Spielbrett", "Lastwagen oder Zug", "Lastwagen, Zug", "eine Runde Glück Auf", "die Runde dieses",
           "in die Runde", "spielt deinen Platz",
           "Partie"),  # a game is ein Spiel, everywhere
    "ja": ("盤面", "納品", "Coal Baron", "の層", "参加受付", "指す", "指し", "指さ", "席をプレイ",
           "あなたの番"),  # a turn is 手番
}  # fmt: skip
# vosotros: the pronouns and possessives, present (-áis/-éis) and imperative forms (-ad/-ed/-id, with
# an enclitic pronoun: "terminadla", "jugad", "uníos")
VOSOTROS = re.compile(
    r"\b(?:vosotr[oa]s|vuestr[oa]s?|os)\b"
    r"|\b\w+(?:áis|éis|ís)\b"
    r"|\b\w{2,}[aei]d(?:la|lo|las|los|le|les|me|nos)?\b"
    r"|\b\w+(?:aos|eos|íos)\b",
    re.IGNORECASE,
)
# Spanish words that end like a vosotros form and are not one
SPANISH_WORDS_ENDING_IN_D = {"usted", "pared", "césped", "huésped"}  # (words in -dad, -tad, -tud: by their ending)
SPANISH_WORDS_ENDING_IN_OS = {
    "vacíos",
    "envíos",
    "ríos",
    "país",
    "maíz",
    "deseos",
    "paseos",
    "trofeos",
    "correos",
    "torneos",
}


def _entries(lang: str):
    """(context, English, translation) of every catalogue entry with text a player reads (command and
    option names are Discord's identifiers, checked in test_command_names)."""
    for m in read_catalogue(lang):
        if not m.id or m.context in ("plan",):
            continue
        english = m.id if isinstance(m.id, str) else m.id[-1]
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for text in strings:
            yield m.context, english, text


def _fold(text: str) -> str:
    """Lower case without accents, so a plural that drops one still says its term ("puntuaciones");
    kana keep their voicing marks (composed again)."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    latin = "".join(c for c in decomposed if not (unicodedata.combining(c) and c not in "\u3099\u309a"))
    return unicodedata.normalize("NFC", latin)


def _prose(text: str) -> str:
    """A text without its placeholders and its code spans (`/coal host abort` names a command)."""
    return re.sub(r"`[^`]*`|\{[^}]*\}|<[^>]*>", " ", text)


@pytest.mark.parametrize("lang", sorted(REJECTED))
def test_each_thing_has_one_word_the_glossarys(lang):
    terms = glossary(lang)
    wrong = []
    for context, english, text in _entries(lang):
        if context in ("command", "option", "choice") and " " not in english:
            continue  # the names of commands and options: checked for Discord's rules elsewhere
        for key, pattern in ENGLISH.items():
            term = _fold(stem(terms[key]))
            said = _fold(text).replace("-", " ")
            if re.search(rf"\b{pattern}\b", _prose(english), re.IGNORECASE) and term not in said:
                wrong.append(f"{key} -> {term!r}: {english[:60]!r} => {text[:80]!r}")
    assert not wrong, "\n".join(wrong)


def test_no_two_concepts_share_a_term():
    for lang in ["en", *sorted(REJECTED)]:
        terms = {key: term.split(" (")[0].lower() for key, term in glossary(lang).items()}
        seen: dict[str, str] = {}
        for key, term in terms.items():
            assert term not in seen, f"[{lang}] {key} and {seen[term]} are both {term!r}"
            seen[term] = key


@pytest.mark.parametrize("lang", sorted(REJECTED))
def test_a_text_about_one_of_two_confusable_concepts_never_says_the_others_word(lang):
    terms = glossary(lang)
    wrong = []
    for context, english, text in _entries(lang):
        if context in ("command", "option", "choice") and " " not in english:
            continue
        prose = _prose(english)
        named = {k for k, p in NAMED.items() if re.search(rf"\b{p}\b", prose, re.IGNORECASE)}
        for one, other in CONFUSABLE:
            for this, that in ((one, other), (other, one)):
                word, own = _fold(stem(terms[that])), _fold(stem(terms[this]))
                if word in own:  # ja: the score's 得点 is inside the scoring's 得点計算
                    continue
                if this in named and that not in named and word in _fold(text):
                    wrong.append(f"{this} says {terms[that]!r} ({that}): {english[:60]!r} => {text[:80]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(REJECTED))
def test_no_word_the_glossary_rejects(lang):
    found = [
        f"{word!r} in {text[:80]!r}"
        for _context, _english, text in _entries(lang)
        for word in REJECTED[lang]
        if word in text
    ]
    assert not found, "\n".join(found)


def _vosotros(text: str) -> list[str]:
    words = []
    for match in VOSOTROS.finditer(_prose(text)):
        word = match.group(0)
        lower = word.lower()
        if lower in SPANISH_WORDS_ENDING_IN_D or lower in SPANISH_WORDS_ENDING_IN_OS:
            continue
        if lower.endswith(("dad", "tad", "tud")):
            continue
        words.append(word)
    return words


def test_the_vosotros_check_finds_what_it_must():
    assert _vosotros("Terminadla o cerradla antes, o jugad en otro canal.") == ["Terminadla", "cerradla", "jugad"]
    assert _vosotros("Uníos a la partida; elegís una carta.") == ["Uníos", "elegís"]
    assert _vosotros("Termínala o ciérrala; juega la mitad de la cantidad.") == []


def test_spanish_has_no_vosotros():
    found = [f"{_vosotros(text)} in {text[:80]!r}" for _c, _e, text in _entries("es") if _vosotros(text)]
    assert not found, "\n".join(found)


def test_a_refusal_names_options_as_the_reader_types_them():
    """`timer`, `delivered` and `thread` were English in every language (issue 25): a refusal names an
    option and its choices as the reader's Discord shows them (ASCII names in Japanese)."""
    from bot.i18n import speaking
    from bot.words.refusals import _option_problem, no_thread

    with speaking("it"):
        assert _option_problem("delivered").startswith("`consegnati` è uno tra: `propri: ")
        assert "`24 ore`" in _option_problem("timer")
        assert "`thread: False`" in no_thread(["create_public_threads"])
    with speaking("es"):
        assert _option_problem("timer").startswith("`temporizador` es uno de: `ninguno`")
    with speaking("ja"):
        assert _option_problem("timer").startswith("`timer` は `なし`、`1時間`")


def test_japanese_prose_uses_japanese_punctuation():
    """Issue 25: "nicolo 48, jesus 18" and "(ホストのみ)" read as foreign in Japanese; prose takes 、 ： （ ）
    (code spans, placeholders and mentions keep their ASCII)."""
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    found = []
    for _context, _english, text in _entries("ja"):
        prose = _prose(text)
        if japanese.search(prose) and re.search(r"[\u3040-\u30ff\u4e00-\u9fff）][,:;](?: |$)|[()]", prose):
            found.append(text[:80])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["de", "es", "it"])
def test_a_sentence_names_each_command_as_the_readers_discord_shows_it(lang):
    """The review found `/coal new` and `/coal board` in Italian, Spanish and German sentences, whose
    readers' Discord shows `/coal nuova`, `/coal tablero`, `/coal spielplan`: every command a sentence
    names is the reader's (Japanese names stay English by design: docs/languages.md)."""
    names = {m.string for m in read_catalogue(lang) if m.context == "command" and m.string}
    host = next(m.string for m in read_catalogue(lang) if m.context == "command" and m.id == "host")
    wrong = []
    for context, _english, text in _entries(lang):
        if context in ("command", "option", "choice"):
            continue
        for first, second in re.findall(r"/coal ([\w-]+)(?: ([\w-]+))?", text):
            if first not in names or (first == host and second not in names):
                wrong.append(f"/coal {first} {second}: {text[:80]!r}")
    assert not wrong, "\n".join(wrong)
