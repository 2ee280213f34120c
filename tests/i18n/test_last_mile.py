"""The languages' last mile (issue 51): each class of error an outside review found, made impossible by
construction and checked here against tables written from the grammar, not from the catalogues.

1. A count goes with its words in one plural message (or stands as a label, "left: 2"): the final scores'
   parts, a draw's "top N", an absent player's missed turns, at 0, 1, 2 and 5.
2. A sentence addressed to the people it pings takes their number (the rematch).
3. A space's name reads in running text: no comma in it (a draw space is "Fabbrica (pesca)").
4. An empty cage or storage is said "empty", agreeing with its noun, never "nothing" pasted in.
5. Italian euphony with names, which are data: "tocca ad Ada", "Bob ed Eva".
6. Japanese: sentences joined without a space, one punctuation set, an order card's name in 「」.
7. German: nouns among the choice labels are capitalised; two phrases a native would not say.
8. One word for one thing: Japanese's easy level.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED, _, read_catalogue, speaking
from bot.words import console, lobby, status, turns
from bot.words.common import plural, sentences
from bot.words.computers import TAKEN_OVER
from bot.words.rules import TOP_CARDS, TOP_TILES, describe_turn, space_name
from rules.components import SPACES

COUNTS = (0, 1, 2, 5)
OTHER = "other"  # the plural form for every count but 1 in de, it and es (0 included); ja has one form


def _form(lang: str, n: int) -> str:
    return "one" if n == 1 and lang != "ja" else OTHER


# --- 1. counts -------------------------------------------------------------------------------------
# lang -> message -> (form for one, form for other), `{n}` the count: from each language's grammar
COUNTED = {
    "de": {
        "orders": ("3 für {n} offenen Auftrag", "3 für {n} offene Aufträge"),  # "für": the accusative
        "marks": ("3 für Mark ({n} Mark übrig)", "3 für Mark ({n} Mark übrig)"),
        "light": ("{n} helles Plättchen", "{n} helle Plättchen"),
        "tiles": ("das oberste Plättchen", "die obersten {n} Plättchen"),
        "cards": ("die oberste Auftragskarte", "die obersten {n} Auftragskarten"),
    },
    "it": {
        "orders": ("3 per {n} Ordine rimasto", "3 per {n} Ordini rimasti"),
        "marks": ("3 per i Marchi ({n} Marco avanzato)", "3 per i Marchi ({n} Marchi avanzati)"),
        "light": ("{n} tassello lato Luce", "{n} tasselli lato Luce"),
        "tiles": ("il primo tassello", "i primi {n} tasselli"),
        "cards": ("la prima carta Ordine", "le prime {n} carte Ordine"),
    },
    "es": {
        "orders": ("3 por {n} pedido pendiente", "3 por {n} pedidos pendientes"),
        "marks": ("3 por marcos ({n} marco sobrante)", "3 por marcos ({n} marcos sobrantes)"),
        "light": ("{n} loseta clara", "{n} losetas claras"),
        "tiles": ("la loseta superior", "las {n} losetas superiores"),
        "cards": ("la carta de pedido superior", "las {n} cartas de pedido superiores"),
    },
    "ja": {
        "orders": ("未完了の注文{n}件で3",) * 2,
        "marks": ("マルクで3（余り{n}マルク）",) * 2,
        "light": ("明るい側{n}枚",) * 2,
        "tiles": ("タイルの山札の上から{n}枚",) * 2,
        "cards": ("注文カードの山札の上から{n}枚",) * 2,
    },
}
MESSAGES = {
    "orders": lambda n: plural(n, *turns.FINAL_ORDERS, vp=3),
    "marks": lambda n: plural(n, *turns.FINAL_MARKS, vp=3),
    "light": lambda n: plural(n, *turns.LIGHT_TILES),
    "tiles": lambda n: plural(n, *TOP_TILES),
    "cards": lambda n: plural(n, *TOP_CARDS),
}


@pytest.mark.parametrize("lang", sorted(COUNTED))
@pytest.mark.parametrize("what", sorted(MESSAGES))
def test_a_count_and_its_words_agree_at_0_1_2_and_5(lang, what):
    one, other = COUNTED[lang][what]
    with speaking(lang):
        for n in COUNTS:
            expected = (one if _form(lang, n) == "one" else other).format(n=n)
            assert MESSAGES[what](n) == expected, (lang, what, n)


# Singular messages in which a bare number stands before a word, each with why it cannot disagree: the
# guard below fails on any other, so a new "{count} things" has to be a plural message or a label.
NUMBER_BEFORE_A_WORD = {
    "+{n} VP": "VP is an abbreviation, the same for every count",
    "**Mining {steps}** — {left} of {steps} steps left; nothing happens before Confirm.\nPlan: {plan}": (
        "the noun counts the steps of the space (4 to 10)"
    ),
    " ({count} possible; the first {shown} shown — use a plan for the rest)": "said only above 25",
    "Join with the button or `/coal join`; the host starts with {least} to {most} players.": "2 to 4, fixed",
    "You can set yourself away for {most} days ahead at most.": "30, fixed",
    "Quiet hours last {most} hours at most, so that a turn timer is never held for longer: {start}–{end} is"
    " longer. Nothing was changed.": "12, fixed",
    "Coal Baron needs {least} to {most} players; only {seated} is seated. Others can `/coal join`.": "2 to 4",
    "Being away is limited to {most} days in any twelve months, and your allowance is not enough for that"
    " date (days left: {left}). A seat that should stay with the computer is the host's `/coal host replace`.": (
        "60 days, fixed; the days left are a label"
    ),
    "you have no order {order} ({have} outstanding).": "a label: the count stands alone in the brackets",
    "You are {rank} of {total}, rated {rating}.": "a place, not a count",
}
BARE_NUMBER = re.compile(r"\{(count|n|missed|light|dark|marks_left|have|need|total|rank|left|most|players)\} ?[A-Za-z]")


def test_no_singular_message_puts_a_bare_number_before_a_word():
    found = []
    for message in read_catalogue("de"):
        context, msgid = message.context, message.id
        if context is None and isinstance(msgid, str) and BARE_NUMBER.search(msgid) and "left: {left}" not in msgid:
            if msgid not in NUMBER_BEFORE_A_WORD:
                found.append(msgid)
    assert not found, found


@pytest.mark.parametrize("lang", [x for x in SUPPORTED if x != "en"])
def test_missed_turns_agree(lang):
    with speaking(lang):
        for n in (1, 3, 5):
            text = plural(n, *TAKEN_OVER, player="Ada")
            assert f"{n}" in text and "{" not in text
        if lang == "it":
            assert "ha saltato 1 turno di fila" in plural(1, *TAKEN_OVER, player="Ada")
            assert "ha saltato 3 turni di fila" in plural(3, *TAKEN_OVER, player="Ada")


# --- 2. addressing one person or several ---------------------------------------------------------
ADDRESSED = {  # lang -> (one person, two people): the imperative and the possessive agree
    "it": ("premi Unisciti per prendere il tuo posto", "premete Unisciti per prendere i vostri posti"),
    "es": ("pulsa Unirse para ocupar tu asiento", "pulsen Unirse para ocupar sus asientos"),
    "de": ("drück Beitreten, um deinen Platz zu nehmen", "drückt Beitreten, um eure Plätze zu nehmen"),
    "en": ("press Join to take your seat", "press Join to take your seats"),
}


@pytest.mark.parametrize("lang", sorted(ADDRESSED))
def test_the_rematch_speaks_to_one_person_as_one(lang):
    one, several = ADDRESSED[lang]
    with speaking(lang):
        assert one in lobby.rematch_opened(1, [2])
        assert several in lobby.rematch_opened(1, [2, 3])


# --- 3. space names in running text ------------------------------------------------------------------
@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_space_name_reads_in_running_text(lang):
    with speaking(lang):
        for space in SPACES:
            name = space_name(space.key)
            assert "," not in name and "、" not in name, (lang, space.key, name)


# --- 4. "empty", not "nothing" -------------------------------------------------------------------------
EMPTY = {  # lang -> (an empty cage at the surface, an empty storage)
    "en": ("Cage at the surface, empty.", "Storage empty."),
    "it": ("vuoto.", "Riserva vuota."),
    "es": ("vacía.", "Almacenamiento vacío."),
    "de": ("leer.", "Lager leer."),
    "ja": ("空。", "倉庫は空。"),
}


@pytest.mark.parametrize("lang", sorted(EMPTY))
def test_an_empty_cage_and_storage_are_empty(lang):
    from tests.rendering.states import mid_states

    state = mid_states()[0]
    empty = state.players[0].model_copy(update={"cage": [0, 0, 0, 0], "storage": [0, 0, 0, 0], "cage_level": 0})
    with speaking(lang):
        text = console.cage_and_carts(empty)
    cage, storage = EMPTY[lang]
    assert cage in text and storage in text, text
    assert not re.search(r"\b(nothing|niente|nada|nichts)\b", text), text


# --- 5. Italian euphony -----------------------------------------------------------------------------------
def test_italian_says_ad_and_ed_before_a_name_with_the_same_vowel():
    with speaking("it"):
        line = _(status.SHIFT)
        assert line.format(shift=1, player="Ada") == "Turnazione 1 di 3 · tocca ad Ada."
        assert line.format(shift=1, player="Bob") == "Turnazione 1 di 3 · tocca a Bob."
        assert line.format(shift=1, player="Anna") == "Turnazione 1 di 3 · tocca ad Anna."
        assert line.format(shift=1, player="Ettore") == "Turnazione 1 di 3 · tocca a Ettore."  # "ad" only before "a"
        said = _(turns.GAME_OVER["share"]).format(winners="Bob e Eva", scores="Bob 90, Eva 90")
        assert "Bob ed Eva" in said
    with speaking("en"):
        assert _(status.SHIFT).format(shift=1, player="Ada") == "Shift 1 of 3 · Ada to move."


# --- 6. Japanese typography ---------------------------------------------------------------------------------
def test_japanese_sentences_join_without_a_space_and_use_one_punctuation_set():
    from rules import Placed, TookOrder

    events = [
        Placed(player="Ada", space="order 2", workers=1),
        TookOrder(player="Ada", card=4),
    ]
    with speaking("ja"):
        joined = sentences(["手番です。", "ドラフトが始まります。"])
        assert joined == "手番です。ドラフトが始まります。"
        turn = describe_turn(events)
    assert "。 " not in turn and "注文「" in turn, turn
    for message in read_catalogue("ja"):
        if not message.id:
            continue  # the catalogue's header
        string = message.string
        for form in string if isinstance(string, tuple) else (string,):
            assert not re.search(r"; |[。！？] ", form), form


# --- 7. German -------------------------------------------------------------------------------------------------
def _said(lang: str, msgid: str, context: str | None = None) -> str:
    return str(read_catalogue(lang).get(msgid, context=context).string)


def test_german_capitalises_the_nouns_among_the_choice_labels():
    for key in ("computer", "bank", "overview", "factory", "scoring", "order", "money", "language"):
        label = _said("de", key, "choice")
        assert label[:1].isupper(), (key, label)
    assert _said("de", "You are already seated in this game.") == "Du hast in diesem Spiel schon einen Platz."
    assert _said("de", "You are {rank} of {total}, rated {rating}.").startswith("Du bist auf Platz {rank}")


# --- 8. one word for one thing ------------------------------------------------------------------------------------
def test_japanese_calls_the_easy_level_one_way():
    word = _said("ja", "easy")
    assert _said("ja", "easy", "choice") == word
    assert word in _said("ja", "Baron Otto (easy)")


# --- 10. what went back after a draw: counted with its words, not a bare number -------------------------------
RETURNED_WORDS = {  # lang -> (kept a card, 4 back; kept nothing, 5 tiles back; kept a card, 1 back)
    "en": ("put the other 4 cards back", "put all 5 tiles back", "put the other card back"),
    "it": ("ha rimesso le altre 4 carte", "ha rimesso tutti i 5 tasselli", "ha rimesso l'altra carta"),
    "es": ("devolvió las otras 4 cartas", "devolvió las 5 losetas", "devolvió la otra carta"),
    "de": ("die anderen 4 Karten oben zurückgelegt", "alle 5 Plättchen oben zurückgelegt", "die andere Karte oben"),
    "ja": ("残りの4枚を山札の上に戻しました", "5枚すべてを山札の上に戻しました", "残りの1枚を山札の上に戻しました"),
}


@pytest.mark.parametrize("lang", sorted(RETURNED_WORDS))
def test_what_went_back_after_a_draw_is_counted_with_its_words(lang):
    from bot.words.rules import describe_event
    from rules import Kept

    card, nothing, one = RETURNED_WORDS[lang]
    with speaking(lang):
        assert card in describe_event(Kept(player="Ada", deck="order", kept=True, card=4, returned=4, to="top"))
        assert nothing in describe_event(Kept(player="Ada", deck="tile", kept=False, returned=5, to="top"))
        assert one in describe_event(Kept(player="Ada", deck="order", kept=True, card=4, returned=1, to="top"))


def test_german_quotes_a_space_s_name_in_running_text():
    """A board space's German name is a title ("Neuer Auftrag 3"): after "auf" it keeps its form in quotes,
    rather than being declined ("auf Neuer Auftrag 3" is not German)."""
    from bot.words.rules import describe_turn
    from rules import Placed, TookOrder

    with speaking("de"):
        said = describe_turn([Placed(player="Ada", space="order 3", workers=1), TookOrder(player="Ada", card=4)])
    assert "auf „Neuer Auftrag 3“ eingesetzt" in said, said


def test_japanese_brackets_a_deadline_full_width():
    from bot.words.common import due

    with speaking("ja"):
        said = due(1767312000.0)
    assert said == "<t:1767312000:R>（<t:1767312000:f>）"
    with speaking("en"):
        assert due(1767312000.0) == "<t:1767312000:R> (<t:1767312000:f>)"


@pytest.mark.parametrize("lang", [x for x in SUPPORTED if x != "en"])
def test_each_level_and_plan_keyword_is_spelled_one_way(lang):
    """Issue 51, item 8: a level's name is the same in its choice, the word alone and the computers' names;
    each plan keyword the help teaches is the plan grammar's own (its first form)."""
    from bot.words.help import HELP

    catalogue = read_catalogue(lang)
    for level in ("easy", "normal", "hard"):
        word = str(catalogue.get(level).string)
        assert str(catalogue.get(level, context="choice").string).casefold() == word.casefold(), (level, word)
        assert word in str(catalogue.get(f"Baron Otto ({level})").string), (level, word)
    help_plan = str(catalogue.get(HELP["plan"], context="help").string)
    for key in ("cage", "load", "fill", "store"):
        keyword = str(catalogue.get(key, context="plan").string).split("|")[0]
        assert f"`{keyword} " in help_plan, (key, keyword)
