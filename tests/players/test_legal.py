"""Every computer move is legal (`legal_actions`), reads back from its text form, and games end."""

from __future__ import annotations

import pytest

from players import LEVELS
from rules import IllegalAction, apply, legal_actions, parse_action
from rules.actions import ChooseDrawn, Mine

from .games import play


def assert_legal(state, action) -> None:
    legal = legal_actions(state)
    if isinstance(action, Mine):
        # Mining is listed once per space with an empty plan; the plan's steps are checked by apply.
        assert Mine(steps=action.steps) in legal
    elif isinstance(action, ChooseDrawn):
        assert action.model_copy(update={"order": None}) in legal
    else:
        assert action in legal
    assert parse_action(str(action)) == action
    try:
        apply(state, action)
    except IllegalAction as err:  # pragma: no cover - the assertion message shows the move
        pytest.fail(f"{action} refused: {err}")


# Games per level in the suite (the searching levels: their first shift only); bench/players.py plays more.
GAMES = {
    "random": 8,
    "easy": 6,
    "normal": 3,
    "hard": 1,
    "expert": 1,
    "ismcts": 1,
    "plain": 1,
    "yardstick": 1,
    "honest": 1,
    "light": 6,
}
SEARCHING = {"hard", "expert", "ismcts", "plain", "yardstick", "honest"}


def _first_shift(state) -> bool:
    return state.shift > 1


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.slow
def test_every_move_of_every_level_is_legal_in_seeded_games(level):
    for k in range(GAMES[level]):
        players = 2 + k % 3 if level not in SEARCHING else 2
        levels = [level] + ["random", "easy", "normal"][: players - 1]
        final, moves = play(levels, seed=100 + k, stop=_first_shift if level in SEARCHING else None)
        assert final.winners if level not in SEARCHING else final.shift == 2
        for state, action in moves:
            assert_legal(state, action)


@pytest.mark.slow
def test_the_levels_play_draft_turns_and_draw_choices():
    """The games above do meet every kind of decision (else the legality test proves little)."""
    kinds = set()
    for k in range(3):
        _, moves = play(["normal", "easy", "normal"], seed=200 + k)
        kinds |= {type(a).__name__ for _, a in moves}
    assert {"DraftPick", "Mine", "Deliver", "ChooseDrawn"} <= kinds
