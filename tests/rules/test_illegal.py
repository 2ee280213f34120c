"""Illegal actions of every kind raise IllegalAction with a reason code and change nothing."""

from __future__ import annotations

import pytest

from rules import IllegalAction, RulesReason, UseBank, apply, legal_actions, new_game, parse_action
from rules.components import SPACES
from rules.engine import space_problem
from rules.record import Chooser, random_action

from .helpers import NAMES, act, drafted, space


def _draft():
    return new_game(NAMES[:3], seed=2)


def _turn():
    return drafted(3)


def _draw():
    return act(drafted(3), "factory draw")[0]


def _over():
    state = drafted(2)
    while state.phase != "over":
        state, _ = apply(state, UseBank())
    return state


def _poor():
    state = drafted(3)
    state.players[state.current].marks = 0
    return state


def _crowded():
    state = drafted(3)
    i = space("mine", 6)
    state.space_owner[i], state.space_workers[i] = (state.current + 1) % 3, 4
    state.players[state.current].workers = 3
    return state


CASES = [
    (_draft, "bank", RulesReason.DRAFT_FIRST, {"player": "*"}),
    (_draft, "draft 11", RulesReason.CARD_NOT_ON_OFFER, {"card": 11, "offered": list(range(1, 11))}),
    (_turn, "draft 1", RulesReason.DRAFT_IS_OVER, {}),
    (_turn, "keep 1, rest top", RulesReason.NOTHING_DRAWN, {}),
    (_draw, "money 4", RulesReason.CHOOSE_DRAWN_FIRST, {"player": "*", "deck": "tile"}),
    (_draw, "keep 9, rest top", RulesReason.PICK_OUT_OF_RANGE, {"pick": 9, "drawn": 5}),
    (_draw, "keep none, rest top 1 1 2 3 4", RulesReason.BAD_REST_ORDER, {"rest": [1, 2, 3, 4, 5]}),
    (_over, "bank", RulesReason.GAME_OVER, {}),
    (_poor, "factory 2", RulesReason.CANNOT_AFFORD, {"space": "factory 2", "price": "*", "have": 0}),
    (_crowded, "mine 6", RulesReason.NOT_ENOUGH_WORKERS, {"space": "mine 6", "need": 5, "have": 3}),
    (_turn, "mine 4", RulesReason.SPACE_LOCKED, {"space": "mine 4", "players": 3}),
    (_turn, "deliver train", RulesReason.NOTHING_TO_DELIVER, {"vehicle": "train"}),
    (_turn, "factory draw with grey", RulesReason.SUBSTITUTE_TOO_EARLY, {}),
    (_turn, "factory draw with none", RulesReason.SUBSTITUTE_TOO_EARLY, {}),
    (_turn, "mine 4: cage black", RulesReason.SPACE_LOCKED, {"space": "mine 4", "players": 3}),
    (_turn, "mine 6: load black", RulesReason.CAGE_AT_SURFACE, {"step": 1, "step_text": "load black"}),
    (
        _turn,
        "mine 6: cage black, load black, load black",
        RulesReason.CARTS_EMPTY,
        {"step": 3, "step_text": "load black", "level": 4},
    ),
    (
        _turn,
        "mine 6: fill 9.1 grey",
        RulesReason.NO_SUCH_ORDER,
        {"step": 1, "step_text": "fill 9.1 grey", "order": 9, "have": 3},
    ),
]


@pytest.mark.parametrize("make,text,reason,params", CASES, ids=[c[1] for c in CASES])
def test_illegal_action_is_refused_with_its_reason_and_changes_nothing(make, text, reason, params):
    """Every parameter is given ("*": any value); the words for each are tested in tests/bot/test_words.py."""
    state = make()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        apply(state, parse_action(text))
    assert state.model_dump_json() == before
    err = info.value
    assert err.reason is reason
    assert set(err.params) == set(params)
    assert all(want == "*" or err.params[k] == want for k, want in params.items()), err.params


def test_something_that_is_not_an_action_is_refused():
    state = drafted(3)
    with pytest.raises(IllegalAction) as info:
        apply(state, "bank")
    assert info.value.reason is RulesReason.NOT_AN_ACTION and info.value.params == {"action": "'bank'"}


def test_legal_actions_agree_with_apply_refusals_space_by_space():
    """legal_actions has a fast path; it must judge every space exactly as apply does."""
    for seed in range(8):
        state = drafted(4 - seed % 3, seed=seed)
        chooser = Chooser(seed)
        for _ in range(80):
            if state.phase == "over":
                break
            if state.phase == "turn":
                listed = [str(a) for a in legal_actions(state)]
                for s in SPACES:
                    allowed = space_problem(state, state.current, s) is None
                    text = f"{s.group} {s.value}"  # "mine 8", "order draw", "factory 3"
                    offered = any(t == text or t.startswith(text + " with") for t in listed)
                    assert allowed == offered, (s.name, seed)
            state, _ = apply(state, random_action(state, chooser))


def test_legal_actions_for_someone_else_are_empty():
    state = drafted(3)
    others = [p.name for i, p in enumerate(state.players) if i != state.current]
    assert all(legal_actions(state, name) == [] for name in others)
    assert legal_actions(state, state.to_move) == legal_actions(state)
