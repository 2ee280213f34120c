"""The `undo` entry of a game record (`rules.record.UNDO`): it takes back the move before it still
standing, the same player's, and the record replays to the state as it was before that move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import apply, new_game
from rules.record import UNDO, Chooser, GameRecord, RecordedAction, ReplayError, random_action, replay, replay_stack


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), chooser_seed=st.integers(0, 2**31), undo_rate=st.floats(0.05, 0.5))
@pytest.mark.slow
def test_random_play_with_undos_replays_to_the_states_before_each_taken_back_move(seed, chooser_seed, undo_rate):
    players = ["ann", "bo", "cy"]
    chooser = Chooser(chooser_seed)
    states = [new_game(players, seed)]
    movers: list[str] = []
    record = GameRecord(seed=seed, players=players)
    for _ in range(120):
        state = states[-1]
        if state.phase == "over":
            break
        if movers and chooser.below(1000) < undo_rate * 1000:
            record.actions.append(RecordedAction(player=movers.pop(), action=UNDO))
            states.pop()
        else:
            action = random_action(state, chooser)
            after, _ = apply(state, action)
            record.actions.append(RecordedAction(player=state.to_move or "", action=str(action)))
            movers.append(state.to_move or "")
            states.append(after)
        replayed, standing = replay_stack(record)
        assert replayed[-1] == states[-1]
        assert len(standing) == states[-1].turn == len(movers)
    assert replay(record) == states[-1]


def test_an_undo_needs_a_standing_move_of_the_same_player():
    state = new_game(["ann", "bo"], 3)
    first = state.to_move or ""
    other = next(p for p in ("ann", "bo") if p != first)
    with pytest.raises(ReplayError, match="has no move to take back"):
        replay(GameRecord(seed=3, players=["ann", "bo"], actions=[RecordedAction(player=first, action=UNDO)]))
    move = random_action(state, Chooser(1))
    taken = [RecordedAction(player=first, action=str(move)), RecordedAction(player=other, action=UNDO)]
    with pytest.raises(ReplayError, match=f"{other} has no move to take back"):
        replay(GameRecord(seed=3, players=["ann", "bo"], actions=taken))
    taken[1] = RecordedAction(player=first, action=UNDO)
    assert replay(GameRecord(seed=3, players=["ann", "bo"], actions=taken)) == state
