"""Text forms: every action prints as text that `parse_action` reads back."""

from __future__ import annotations

import pytest

from rules import IllegalAction, Mine, MinePlanner, apply, legal_actions, parse_action
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


@pytest.mark.parametrize(
    "text,why",
    [
        ("", "an action starts with"),
        ("dance", "an action starts with"),
        ("factory 9", "the space is 1-8 or `draw`"),
        ("order 0", "the space is 1-4 or `draw`"),
        ("mine 7", "mining takes 4, 6, 8 or 10 steps"),
        ("money 2", "3, 4, 5 or 6 marks"),
        ("deliver rocket", "wheelbarrow, carriage, truck or train"),
        ("mine 8: cage moon", "a cage level is"),
        ("mine 8: fill 1 grey", "write `fill O.S colour`"),
        ("keep two", "write `keep N, rest top`"),
        ("draft 0", "out of range"),
    ],
)
def test_malformed_text_is_refused_with_a_hint(text, why):
    with pytest.raises(IllegalAction, match=why):
        parse_action(text)


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
