"""The message layer for the rules: every event and refusal has its sentence, the same as before."""

from __future__ import annotations

import re
import string

import pytest

import bot.words.rules as words
from bot.words.rules import describe_event, describe_events, describe_turn, explain
from rules import (
    EVENTS,
    ActionSyntaxError,
    Bought,
    Drew,
    Mined,
    Placed,
    Refusal,
    RulesReason,
    TookMoney,
    apply,
    parse_action,
)
from rules.components import BLACK, BROWN, GREY, NO_COAL
from rules.record import Chooser, random_action
from tests.rules.helpers import drafted, tile
from tests.rules.test_illegal import CASES

# The sentences the rules wrote before events and refusals were typed (tests/rules kept them
# as regular expressions); the message layer must write exactly these.
SENTENCES = {
    ("_draft", "bank"): r"The opening draft comes first: \w+ picks an order card\.",
    ("_draft", "draft 11"): r"Card 11 is not on offer; choose one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10\.",
    ("_turn", "draft 1"): r"The draft is over\.",
    ("_turn", "keep 1, rest top"): r"Nothing is drawn to choose from\.",
    ("_draw", "money 4"): r"\w+ must first choose from the drawn tiles\.",
    ("_draw", "keep 9, rest top"): r"Only 5 were drawn; keep 1-5 or none\.",
    ("_draw", "keep none, rest top 1 1 2 3 4"): r"The order of the rest must list each of 1 2 3 4 5 once\.",
    ("_over", "bank"): r"The game is over\.",
    ("_poor", "factory 2"): r"Factory 2 costs \d+ marks; you have 0\.",
    ("_crowded", "mine 6"): r"Mining 6 needs 5 workers; you have 3\.",
    ("_turn", "mine 4"): r"Mining 4 is locked in a 3-player game\.",
    ("_turn", "deliver train"): r"You have no complete train order to deliver\.",
    ("_turn", "factory draw with grey"): r"Choose substitute coal when you keep a drawn tile, not before\.",
    ("_turn", "factory draw with none"): r"Choose substitute coal when you keep a drawn tile, not before\.",
    ("_turn", "mine 4: cage black"): r"Mining 4 is locked in a 3-player game\.",
    ("_turn", "mine 6: load black"): (
        r"Step 1 \(`load black`\): the cage is at the surface; move it to a tunnel level first\."
    ),
    (
        "_turn",
        "mine 6: cage black, load black, load black",
    ): r"Step 3 \(`load black`\): no cart at the black level has a cube left\.",
    ("_turn", "mine 6: fill 9.1 grey"): r"Step 1 \(`fill 9.1 grey`\): you have no order 9 \(3 outstanding\)\.",
}


@pytest.mark.parametrize("make,text,reason,params", CASES, ids=[c[1] for c in CASES])
def test_each_illegal_action_is_explained_in_the_same_one_sentence_as_before(make, text, reason, params):
    with pytest.raises(Refusal) as info:
        apply(make(), parse_action(text))
    sentence = explain(info.value)
    assert re.fullmatch(SENTENCES[(make.__name__, text)], sentence), sentence
    assert "\n" not in sentence


@pytest.mark.parametrize(
    "text,sentence",
    [
        (
            "dig for gold",
            "I can't read `dig for gold`: "
            "an action starts with draft, factory, mine, deliver, money, order, bank or keep.",
        ),
        ("factory 9", "I can't read `factory 9`: the space is 1-8 or `draw`."),
        ("mine 7", "I can't read `mine 7`: mining takes 4, 6, 8 or 10 steps."),
        ("money 2", "I can't read `money 2`: the money spaces give 3, 4, 5 or 6 marks."),
        (
            "mine 8: cage grey, lift everything",
            "Step 2: I can't read `lift everything`: a step is `cage L`, `load C`, `store C` or `fill O.S C`.",
        ),
        (
            "mine 8: load purple",
            "Step 1: I can't read `load purple`: `purple` is not a coal colour (yellow, brown, grey, black).",
        ),
        (
            "mine 8: ,,,",
            "I can't read `,,,`: a plan lists at least one step, separated by commas; "
            "leave the plan out to mine without moving coal.",
        ),
        (
            "x" * 60,
            f"I can't read `{'x' * 40}…`: "
            "an action starts with draft, factory, mine, deliver, money, order, bank or keep.",
        ),
    ],
)
def test_unreadable_text_is_explained_with_a_hint_and_a_short_quote(text, sentence):
    with pytest.raises(ActionSyntaxError) as info:
        parse_action(text)
    assert explain(info.value) == sentence


def test_every_reason_has_a_sentence_with_named_placeholders_only():
    special = {
        RulesReason.CHOOSE_DRAWN_FIRST,
        RulesReason.NOT_ENOUGH_WORKERS,
        RulesReason.SPACE_LOCKED,
        *words.BY_COLOUR,
    }
    assert set(words.REFUSALS) | special == set(RulesReason)
    templates = [*words.REFUSALS.values(), *words.CHOOSE_DRAWN_FIRST.values(), *words.NEEDS_WORKERS]
    templates += [*words.LOCKED.values(), *(t for ts in words.BY_COLOUR.values() for t in ts)]
    templates += [*words.PLACED, *words.KEPT.values(), *(t for ts in words.PLACED_AND.values() for t in ts)]
    for template in templates:
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
        assert all(f.isidentifier() for f in fields), template  # no `{}` or `{0}`: translators reorder


def test_the_substitute_choices_name_none_for_an_empty_cart():
    err = Refusal(RulesReason.SUBSTITUTE_CHOICES, options=[[BROWN, BLACK], [BROWN, NO_COAL], [NO_COAL, NO_COAL]])
    assert explain(err) == "The substitute coal can be brown black or brown none or none none."


def test_placing_workers_and_the_action_make_one_sentence_in_each_variant():
    took = TookMoney(player="alice", amount=5)
    alone = Placed(player="alice", space="money 5", workers=1)
    own = Placed(player="alice", space="money 5", workers=3, displaced=2, displaced_owner="alice")
    other = Placed(player="alice", space="money 5", workers=2, displaced=1, displaced_owner="bob")
    assert describe_turn([alone, took]) == "alice placed 1 worker on Money 5 and took 5 marks."
    assert describe_turn([own, took]) == (
        "alice placed 3 workers on Money 5, sending 2 of their own to the canteen and took 5 marks."
    )
    assert describe_turn([other, took]) == (
        "alice placed 2 workers on Money 5, sending 1 of the workers of bob to the canteen and took 5 marks."
    )
    assert describe_events([other, took]) == (
        "alice placed 2 workers on Money 5, sending 1 of the workers of bob to the canteen. alice took 5 marks."
    )


def test_a_short_supply_and_an_empty_cart_are_said():
    bought = Bought(player="bob", tile=tile(GREY, 2), price=6, carts=(BROWN, NO_COAL))
    placed = Placed(player="bob", space="factory 3", workers=1)
    assert describe_turn([placed, bought]) == (
        "bob placed 1 worker on Factory 3 and bought a tile (2 grey carts, light) for 6 marks; "
        "the supply was short, carts got brown, empty."
    )
    assert describe_event(Drew(player="bob", deck="order", count=5)) == "bob looked at the top 5 order cards."


def test_a_mining_turn_in_words():
    mined = Mined(player="carol", steps=6, loaded=(1, 0, 2, 0), filled=(), stored=(0, 1, 0, 0))
    assert describe_event(mined) == "carol mined: loaded 1 yellow cube, 2 grey cubes; stored 1 brown cube."
    nothing = Mined(player="carol", steps=4, loaded=(0, 0, 0, 0), filled=(), stored=(0, 0, 0, 0))
    assert describe_event(nothing) == "carol mined: no coal moved."


def test_every_event_of_random_games_has_a_sentence_and_survives_json():
    seen = set()
    for seed in range(3):
        state = drafted(4 - seed, seed=seed)
        chooser = Chooser(seed)
        while state.phase != "over":
            state, events = apply(state, random_action(state, chooser))
            assert EVENTS.validate_json(EVENTS.dump_json(events)) == events
            for event in events:
                seen.add(event.kind)
                sentence = describe_event(event)
                assert sentence.endswith(".") and "{" not in sentence and "None" not in sentence, sentence
            turn = describe_turn(events)
            assert "{" not in turn and "None" not in turn
    assert {"placed", "bought", "mined", "money", "bank", "shift_scored", "game_over"} <= seen
