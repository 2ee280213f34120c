"""Text forms: every action prints as text that `parse_action` reads back."""

from __future__ import annotations

import pytest

from rules import ActionSyntaxError, IllegalAction, Mine, MinePlanner, RulesReason, apply, legal_actions, parse_action
from rules.errors import QUOTE_LENGTH
from rules.record import Chooser, random_action

from .helpers import drafted


@pytest.mark.parametrize(
    "text",
    [
        "draft 3",
        "factory 3",
        "factory draw",
        "factory 2 with grey brown",
        "mine 8",
        "mine 8: cage grey, load grey, cage surface, fill 1.1 grey",
        "mine 10: fill 1.2 grey+brown, store yellow, fill 2.1 black from storage",
        "mine 6: fill 3.1 grey+brown from cage+storage, fill 1.1 yellow+yellow from storage",
        "deliver carriage",
        "money 5",
        "order 2",
        "order draw",
        "bank",
        "keep 2, rest bottom",
        "keep none, rest top 3 1 2 5 4",
        "keep 1 with black, rest top",
    ],
)
def test_text_round_trip(text):
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


def test_parsing_is_forgiving_about_case_spaces_and_level_words():
    assert str(parse_action("  MINE 8 :  cage 3 ,LOAD Gray, cage 0 , fill 1 . 2 G ")) == (
        "mine 8: cage grey, load grey, cage surface, fill 1.2 grey"
    )


MALFORMED = [
    ("", RulesReason.NOT_AN_ACTION_TEXT, {}),
    ("dance", RulesReason.NOT_AN_ACTION_TEXT, {}),
    ("factory 9", RulesReason.BAD_SPACE, {"top": 8}),
    ("factory 3 grey", RulesReason.ONLY_WITH, {}),
    ("factory 3 with purple", RulesReason.NOT_A_COLOUR, {"word": "purple"}),
    ("order 0", RulesReason.BAD_SPACE, {"top": 4}),
    ("mine 7", RulesReason.BAD_MINE_STEPS, {}),
    ("money 2", RulesReason.BAD_AMOUNT, {}),
    ("deliver rocket", RulesReason.BAD_VEHICLE, {}),
    ("mine 8: cage moon", RulesReason.NOT_A_LEVEL, {"step": 1, "word": "moon"}),
    ("mine 8: fill 1 grey", RulesReason.BAD_FILL, {"step": 1}),
    ("mine 8: cage grey, fill 1.1 grey from cage+storage", RulesReason.TWO_SOURCES, {"step": 2}),
    ("mine 8: fill 0.1 grey", RulesReason.NUMBERED_FROM_ONE, {"step": 1}),
    ("mine 8: , ,", RulesReason.EMPTY_PLAN, {}),
    ("keep two", RulesReason.BAD_KEEP, {}),
    ("draft 0", RulesReason.OUT_OF_RANGE, {}),
]


@pytest.mark.parametrize("text,reason,params", MALFORMED, ids=[m[0] or "empty" for m in MALFORMED])
def test_malformed_text_is_refused_with_a_reason(text, reason, params):
    with pytest.raises(ActionSyntaxError) as info:
        parse_action(text)
    err = info.value
    assert not isinstance(err, IllegalAction)  # unreadable, not illegal (as python-chess separates them)
    assert err.reason is reason
    assert {k: v for k, v in err.params.items() if k != "text"} == params
    assert "text" in err.params


def test_a_refusal_quotes_at_most_the_start_of_long_text():
    long = "dig " + "very " * 30 + "deep"
    with pytest.raises(ActionSyntaxError) as info:
        parse_action(long)
    assert info.value.params["text"] == long[:QUOTE_LENGTH] + "…"
    with pytest.raises(ActionSyntaxError) as info:
        parse_action("mine 8: " + long)
    assert info.value.params["step"] == 1 and info.value.params["text"] == long[:QUOTE_LENGTH] + "…"


def test_every_action_of_random_games_round_trips_through_text():
    for seed in range(5):
        state = drafted(4, seed=seed)
        chooser = Chooser(seed)
        for _ in range(60):
            if state.phase == "over":
                break
            for listed in legal_actions(state):
                assert parse_action(str(listed)) == listed
            action = random_action(state, chooser)
            assert parse_action(str(action)) == action
            state, _ = apply(state, action)


def test_planner_builds_mine_actions_whose_text_replays():
    state = drafted(4)
    planner = MinePlanner(state, 10)
    for _ in range(6):
        steps = planner.next_steps()
        planner.push(steps[len(steps) // 2])
    action = planner.action()
    assert isinstance(action, Mine)
    assert apply(state, parse_action(str(action)))[0] == apply(state, action)[0]
