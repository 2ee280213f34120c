"""Words that must agree (gender, number, case) are whole phrases in every language (issue 25).

The tables below are written from the rulebooks (`../shared/seeds/`: Italian «2 Carrelli grigi», «64 cubi
Carbone», Spanish «Fábrica de vagonetas», «64 cubos de carbón») and German grammar, not from the
catalogues: each tunnel tile's name, each "N cubes of a colour" for one and for two, each sentence of a
locked space, and the cage's place. A colour pasted into a frame ("2 Carrelli giallo", "2 vagonetas
negro", "Estrazione 8 è bloccato") fails here.
"""

from __future__ import annotations

import pytest

from bot.i18n import speaking
from bot.words.rules import at_level, cubes, explain, tile_name
from rules import Refusal, RulesReason
from rules.components import TILES

COLOURS = ("yellow", "brown", "grey", "black")

# carts -> the tile's name for each colour, yellow to black (then its side, from SIDES)
TILES_BY_LANGUAGE = {
    "it": {
        1: ("1 Carrello giallo", "1 Carrello marrone", "1 Carrello grigio", "1 Carrello nero"),
        2: ("2 Carrelli gialli", "2 Carrelli marroni", "2 Carrelli grigi", "2 Carrelli neri"),
    },
    "es": {
        1: ("1 vagoneta amarilla", "1 vagoneta marrón", "1 vagoneta gris", "1 vagoneta negra"),
        2: ("2 vagonetas amarillas", "2 vagonetas marrones", "2 vagonetas grises", "2 vagonetas negras"),
    },
    "de": {
        1: ("1 gelbe Lore", "1 braune Lore", "1 graue Lore", "1 schwarze Lore"),
        2: ("2 gelbe Loren", "2 braune Loren", "2 graue Loren", "2 schwarze Loren"),
    },
    "ja": {
        1: ("黄トロッコ1台", "茶トロッコ1台", "灰トロッコ1台", "黒トロッコ1台"),
        2: ("黄トロッコ2台", "茶トロッコ2台", "灰トロッコ2台", "黒トロッコ2台"),
    },
}
SIDES = {
    "it": ("lato Luce", "lato Buio"),
    "es": ("lado claro", "lado oscuro"),
    "de": ("helle Seite", "dunkle Seite"),
    "ja": ("明るい側", "暗い側"),
}

# n -> "n cubes" of each colour, yellow to black
CUBES_BY_LANGUAGE = {
    "it": {
        1: ("1 cubo Carbone giallo", "1 cubo Carbone marrone", "1 cubo Carbone grigio", "1 cubo Carbone nero"),
        2: ("2 cubi Carbone gialli", "2 cubi Carbone marroni", "2 cubi Carbone grigi", "2 cubi Carbone neri"),
    },
    "es": {
        1: ("1 cubo amarillo", "1 cubo marrón", "1 cubo gris", "1 cubo negro"),
        2: ("2 cubos amarillos", "2 cubos marrones", "2 cubos grises", "2 cubos negros"),
    },
    "de": {
        1: ("1 gelber Würfel", "1 brauner Würfel", "1 grauer Würfel", "1 schwarzer Würfel"),
        2: ("2 gelbe Würfel", "2 braune Würfel", "2 graue Würfel", "2 schwarze Würfel"),
    },
    "ja": {1: ("黄1個", "茶1個", "灰1個", "黒1個"), 2: ("黄2個", "茶2個", "灰2個", "黒2個")},
}

# the spaces locked with 2 players (R-SETUP), as a refusal says it
LOCKED_BY_LANGUAGE = {
    "it": {
        "factory 4": "La Fabbrica 4 è bloccata in una partita a 2 giocatori.",
        "mine 8": "L'Estrazione 8 è bloccata in una partita a 2 giocatori.",
        "money 3": "Il Denaro 3 è bloccato in una partita a 2 giocatori.",
        "order 1": "L'Ordine 1 è bloccato in una partita a 2 giocatori.",
    },
    "es": {
        "factory 4": "La Fábrica 4 está bloqueada en una partida de 2 jugadores.",
        "mine 8": "La Minería 8 está bloqueada en una partida de 2 jugadores.",
        "money 3": "El Dinero 3 está bloqueado en una partida de 2 jugadores.",
        "order 1": "El Pedido 1 está bloqueado en una partida de 2 jugadores.",
    },
    "de": {
        "factory 4": "Lorenfabrik 4 ist im Spiel zu 2 gesperrt.",
        "mine 8": "Fördern 8 ist im Spiel zu 2 gesperrt.",
        "money 3": "Geld 3 ist im Spiel zu 2 gesperrt.",
        "order 1": "Neuer Auftrag 1 ist im Spiel zu 2 gesperrt.",  # the space is printed "Neuer Auftrag"
    },
    "ja": {
        "factory 4": "トロッコ工場4は2人ゲームでは使えません。",
        "mine 8": "採掘8は2人ゲームでは使えません。",
        "money 3": "資金3は2人ゲームでは使えません。",
        "order 1": "新たな注文1は2人ゲームでは使えません。",
    },
}

# where the cage is: surface, then the levels yellow to black
AT_LEVEL_BY_LANGUAGE = {
    "it": ("in Superficie", "al livello giallo", "al livello marrone", "al livello grigio", "al livello nero"),
    "es": ("en la superficie", "en el nivel amarillo", "en el nivel marrón", "en el nivel gris", "en el nivel negro"),
    "de": (
        "übertage",
        "auf der gelben Sohle",
        "auf der braunen Sohle",
        "auf der grauen Sohle",
        "auf der schwarzen Sohle",
    ),
    # a tunnel level is レベル in the Japanese help: 「立坑ボードの対応するレベル(黄茶灰黒)」
    "ja": ("地上", "黄のレベル", "茶のレベル", "灰のレベル", "黒のレベル"),
}


def _tile_id(carts: int, dark: bool, colour: int) -> int:
    return next(k for k, t in enumerate(TILES) if (t.carts, t.dark, t.colour) == (carts, dark, colour))


@pytest.mark.parametrize("lang", sorted(TILES_BY_LANGUAGE))
def test_every_tile_name_agrees_with_its_colour_and_count(lang):
    for carts, names in TILES_BY_LANGUAGE[lang].items():
        for dark in (False, True):
            for colour, name in enumerate(names):
                with speaking(lang):
                    said = tile_name(_tile_id(carts, dark, colour))
                side = SIDES[lang][dark]
                expected = f"{name}・{side}" if lang == "ja" else f"{name}, {side}"
                assert said == expected, (lang, carts, dark, COLOURS[colour])


@pytest.mark.parametrize("lang", sorted(CUBES_BY_LANGUAGE))
def test_every_count_of_cubes_agrees_with_its_colour_and_number(lang):
    for n, phrases in CUBES_BY_LANGUAGE[lang].items():
        for colour, phrase in enumerate(phrases):
            with speaking(lang):
                assert cubes(colour, n) == phrase, (lang, n, COLOURS[colour])


@pytest.mark.parametrize("lang", sorted(LOCKED_BY_LANGUAGE))
def test_every_locked_space_sentence_agrees_with_the_space(lang):
    for key, sentence in LOCKED_BY_LANGUAGE[lang].items():
        with speaking(lang):
            assert explain(Refusal(RulesReason.SPACE_LOCKED, space=key, players=2)) == sentence, (lang, key)


@pytest.mark.parametrize("lang", sorted(AT_LEVEL_BY_LANGUAGE))
def test_the_cage_is_at_a_level_with_its_preposition(lang):
    for level, phrase in enumerate(AT_LEVEL_BY_LANGUAGE[lang]):
        with speaking(lang):
            assert at_level(level) == phrase, (lang, level)


def test_a_refusal_counting_cubes_agrees_too():
    with speaking("it"):
        said = explain(Refusal(RulesReason.CAGE_HOLDS, colour=2, count=2))
    assert said == "il Montacarichi contiene 2 cubi Carbone grigi."
    with speaking("es"):
        said = explain(Refusal(RulesReason.STORAGE_HOLDS, colour=3, count=1))
    assert said == "tu almacenamiento tiene 1 cubo negro."  # the rulebook: «almacenamiento privado de carbón»
    with speaking("es"):
        said = explain(Refusal(RulesReason.CAGE_ELSEWHERE, level=0))
    assert said == "la jaula está en la superficie."


def test_japanese_counts_take_the_counter_of_the_thing_counted():
    """個 for cubes, 台 for carts (above), 人 for workers, 枚 for cards and tiles (issue 25)."""
    from bot.i18n import _
    from bot.words.common import plural, workers
    from bot.words.rules import DREW, TOP_CARDS, TOP_TILES

    with speaking("ja"):
        assert workers(3) == "労働者3人"
        assert cubes(0, 2) == "黄2個"
        assert "5枚" in _(DREW).format(player="a", top=plural(5, *TOP_TILES))
        assert "5枚" in _(DREW).format(player="a", top=plural(5, *TOP_CARDS))
