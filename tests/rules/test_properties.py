"""Property tests: random legal play never breaks an invariant, and records replay exactly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    ChooseDrawn,
    Deliver,
    DraftPick,
    Fill,
    GameState,
    IllegalAction,
    Load,
    Mine,
    MinePlanner,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
    UseBank,
    advance,
    apply,
    legal_actions,
    new_game,
)
from rules.components import CAGE_CAPACITY, WORKERS
from rules.record import GameRecord, RecordedAction, play_random, replay

from .helpers import NAMES


def _choose(data, items, eager_kinds=()):
    """Pick an item; when the draw says so, prefer one of the eager kinds (richer games)."""
    eager = [x for x in items if isinstance(x, eager_kinds)]
    if eager and data.draw(st.booleans()):
        return data.draw(st.sampled_from(eager))
    return data.draw(st.sampled_from(items))


def _play_action(state: GameState, data):
    action = _choose(data, legal_actions(state), (Deliver, Mine))
    if isinstance(action, Mine):
        planner = MinePlanner(state, action.steps)
        while planner.next_steps() and data.draw(st.integers(0, 5)) > 0:
            planner.push(_choose(data, planner.next_steps(), (Fill, Load)))
        action = planner.action()
    return action


def check_invariants(state: GameState) -> None:
    n = len(state.players)
    assert state.cube_total() == 64  # R-COMP-1
    assert all(x >= 0 for x in state.supply)
    for colour in range(4):
        owned = sum(
            sum(lv.count(colour) for lv in p.carts)
            + p.cage[colour]
            + p.storage[colour]
            + sum(spot.count(colour) for o in p.orders for spot in o.spots)
            for p in state.players
        )
        assert owned + state.supply[colour] == 16
    for seat, p in enumerate(state.players):
        assert p.workers >= 0 and p.workers + state.workers_placed(seat) == WORKERS[n]
        assert p.marks >= 0
        assert sum(p.cage) <= CAGE_CAPACITY and all(x >= 0 for x in p.cage)
        assert 0 <= p.cage_level <= 4
        assert all(x >= 0 for x in p.storage)
    assert state.to_move is None or state.phase != "over"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40), data=st.data())
@pytest.mark.slow
def test_random_legal_play_keeps_every_invariant_and_ends_after_shift_3(players, seed, data):
    state = new_game(NAMES[:players], seed=seed)
    record = GameRecord(seed=seed, players=NAMES[:players])
    check_invariants(state)
    steps = 0
    while state.phase != "over":
        action = _play_action(state, data)
        record.actions.append(RecordedAction(player=state.to_move, action=str(action)))
        before = state.model_dump_json()
        new, _ = apply(state, action)
        assert state.model_dump_json() == before  # apply copies what it changes (orders are shared until then)
        assert advance(state, action) == new  # search's apply without the events: the same state
        check_invariants(new)
        if new.shift == state.shift:  # the workers on a space never shrink within a shift
            assert all(a >= b for a, b in zip(new.space_workers, state.space_workers, strict=True))
        state = new
        steps += 1
        assert steps < 2000
    assert state.shift == 3 and [r.shift for r in state.shift_results] == [1, 2, 3]
    assert state.final is not None and state.winners
    assert GameState.model_validate_json(state.model_dump_json()) == state
    assert replay(record) == state


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**40), cut=st.integers(0, 400))
def test_json_round_trip_is_exact_at_any_point(players, seed, cut):
    state, record = play_random(NAMES[:players], seed)
    middle = replay(record, upto=min(cut, len(record.actions)))
    again = GameState.model_validate_json(middle.model_dump_json())
    assert again == middle
    assert again.model_dump_json() == middle.model_dump_json()
    # a reloaded game plays on identically
    rest = record.actions[min(cut, len(record.actions)) :]
    from rules import parse_action

    a, b = middle, again
    for entry in rest:
        a, _ = apply(a, parse_action(entry.action))
        b, _ = apply(b, parse_action(entry.action))
    assert a == b == state


def _outcome(step, state: GameState, action) -> object:
    try:
        return step(state, action)
    except IllegalAction as refusal:
        return refusal.reason, refusal.params


def test_advance_refuses_what_apply_refuses_and_allows_what_it_allows():
    # Every kind of action, legal or not, in every phase of seeded random games: `advance` (no events)
    # gives apply's state or apply's refusal, with the same reason and parameters.
    actions = [DraftPick(card=k) for k in (1, 7, 14)] + [UseBank(), ChooseDrawn(pick=1, to="top")]
    actions += [PlaceFactory(space=k) for k in (1, 4, 8, "draw")] + [Mine(steps=s) for s in (4, 10)]
    actions += [TakeMoney(amount=a) for a in (3, 6)] + [TakeOrder(space=k) for k in (1, 4, "draw")]
    actions += [Deliver(vehicle=v) for v in ("wheelbarrow", "train")]
    compared = refused = 0
    for players in (2, 3, 4):
        final, record = play_random(NAMES[:players], 11 + players)
        for k in range(0, len(record.actions) + 1, 7):
            state = replay(record, upto=k)
            for action in actions:
                applied = _outcome(apply, state, action)
                advanced = _outcome(advance, state, action)
                if isinstance(applied, tuple) and isinstance(applied[0], GameState):
                    assert advanced == applied[0]
                else:
                    assert advanced == applied
                    refused += 1
                compared += 1
    assert refused > compared / 3 and refused < compared  # both kinds were compared


def test_every_simulated_game_replays_to_an_identical_final_state():
    for players in (2, 3, 4):
        for seed in range(10):
            state, record = play_random(NAMES[:players], seed)
            again = replay(GameRecord.model_validate_json(record.model_dump_json()))
            assert again == state


def test_state_json_stays_small():
    for players in (2, 3, 4):
        state, record = play_random(NAMES[:players], 1)
        for k in range(0, len(record.actions), 10):
            assert len(replay(record, upto=k).model_dump_json()) < 16_000
