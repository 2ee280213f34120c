"""Illegal actions of every kind raise IllegalAction in one sentence and change nothing."""

from __future__ import annotations

import pytest

from rules import IllegalAction, UseBank, apply, legal_actions, new_game, parse_action
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
    (_draft, "bank", r"The opening draft comes first: \w+ picks an order card\."),
    (_draft, "draft 11", r"Card 11 is not on offer; choose one of 1, 2, .*10\."),
    (_turn, "draft 1", r"The draft is over\."),
    (_turn, "keep 1, rest top", r"Nothing is drawn to choose from\."),
    (_draw, "money 4", r"\w+ must first choose from the drawn tiles\."),
    (_draw, "keep 9, rest top", r"Only 5 were drawn; keep 1-5 or none\."),
    (_draw, "keep none, rest top 1 1 2 3 4", r"The order of the rest must list each of 1 2 3 4 5 once\."),
    (_over, "bank", r"The game is over\."),
    (_poor, "factory 2", r"Factory 2 costs \d+ marks; you have 0\."),
    (_crowded, "mine 6", r"Mining 6 needs 5 workers; you have 3\."),
    (_turn, "mine 4", r"Mining 4 is locked in a 3-player game\."),
    (_turn, "deliver train", r"You have no complete train order to deliver\."),
    (_turn, "factory draw with grey", r"Choose substitute coal when you keep a drawn tile, not before\."),
    (_turn, "mine 4: cage black", r"Mining 4 is locked"),
    (
        _turn,
        "mine 6: load black",
        r"Step 1 \(`load black`\): the cage is at the surface; move it to a tunnel level first\.",
    ),
    (_turn, "mine 6: cage black, load black, load black", r"Step 3 \(`load black`\): no black cart has a cube left\."),
    (_turn, "mine 6: fill 9.1 grey", r"Step 1 \(`fill 9.1 grey`\): you have no order 9 \(3 outstanding\)\."),
]


@pytest.mark.parametrize("make,text,message", CASES, ids=[c[1] for c in CASES])
def test_illegal_action_is_refused_in_one_sentence_and_changes_nothing(make, text, message):
    state = make()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=message) as info:
        apply(state, parse_action(text))
    assert state.model_dump_json() == before
    assert "\n" not in str(info.value) and str(info.value).endswith(".")


def test_something_that_is_not_an_action_is_refused():
    state = drafted(3)
    with pytest.raises(IllegalAction, match="is not a Coal Baron action"):
        apply(state, "bank")


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
