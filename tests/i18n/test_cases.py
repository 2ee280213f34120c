"""A phrase is in the case its frame needs (issue 78): the cube counts were German nominatives everywhere, so
"1 grauer Würfel geladen" where a verb's object is accusative ("1 grauen Würfel geladen"). The counts come in
two cases (`CUBES` for a list's item or a subject, `CUBES_OBJECT` for a verb's object), and every frame that
makes them an object takes the object's."""

from __future__ import annotations

from bot.i18n import speaking
from bot.words.console import pit_text
from bot.words.rules import describe_event, explain
from rules import Mined, RulesReason, new_game
from rules.errors import Refusal

GREY, YELLOW = 2, 0


def test_a_mining_line_loads_and_stores_cubes_as_objects():
    event = Mined(player="alice", steps=4, loaded=(0, 0, 1, 0), filled=(), stored=(1, 0, 0, 0))
    with speaking("de"):
        line = describe_event(event)
    assert "1 grauen Würfel geladen" in line and "1 gelben Würfel gelagert" in line, line
    with speaking("en"):
        assert "loaded 1 grey cube" in describe_event(event)


def test_what_the_cage_and_the_storage_hold_and_what_a_spot_needs_are_objects():
    with speaking("de"):
        cage = explain(Refusal(RulesReason.CAGE_HOLDS, colour=GREY, count=1))
        storage = explain(Refusal(RulesReason.STORAGE_HOLDS, colour=YELLOW, count=1))
    assert "hält nur 1 grauen Würfel" in cage, cage
    assert "hält nur 1 gelben Würfel" in storage, storage


def test_a_list_of_what_a_pit_holds_keeps_the_nominative():
    state = new_game(["alice", "bob"], seed=3)
    with speaking("de"):
        text = pit_text(state.players[0])
    assert "grauen Würfel" not in text and "Würfel" in text
