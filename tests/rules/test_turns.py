"""Worker placement and turn order: R-TURN-1..6 and worked example A."""

from __future__ import annotations

from rules import Placed, RulesReason, TookMoney, apply, legal_actions
from rules.components import SPACES, TILES

from .helpers import act, drafted, last_worker_everyone, refused, space


def test_r_turn_1_one_action_then_the_next_player_clockwise():
    state = drafted(3)
    first = state.current
    state, events = act(state, "money 4")
    assert state.current == (first + 1) % 3
    assert [e.kind for e in events] == ["placed", "money"]


def test_r_turn_2_empty_space_takes_one_worker():
    state = drafted(3)
    seat = state.current
    after, _ = act(state, "money 6")
    i = space("money", 6)
    assert (after.space_owner[i], after.space_workers[i]) == (seat, 1)
    assert after.players[seat].workers == state.players[seat].workers - 1


def test_worked_example_a_r_turn_2_displacement_costs_n_plus_1_and_fills_the_canteen():
    """Example A: "4 marks" empty, "5 marks" with 1 red worker, "6 marks" with 2 of the actor's."""
    state = drafted(4)
    me = state.current
    red = (me + 1) % 4
    m4, m5, m6 = space("money", 4), space("money", 5), space("money", 6)
    state.space_owner[m5], state.space_workers[m5] = red, 1
    state.space_owner[m6], state.space_workers[m6] = me, 2
    state.players[red].workers -= 1
    state.players[me].workers -= 2
    workers = state.players[me].workers

    a, _ = act(state, "money 4")
    assert a.players[me].workers == workers - 1 and a.canteen == state.canteen
    assert (a.space_owner[m4], a.space_workers[m4]) == (me, 1)

    b, events = act(state, "money 5")
    assert b.players[me].workers == workers - 2
    assert (b.space_owner[m5], b.space_workers[m5]) == (me, 2)
    assert b.canteen[red] == state.canteen[red] + 1
    name = state.players[me].name
    assert events[0] == Placed(
        player=name, space="money 5", workers=2, displaced=1, displaced_owner=state.players[red].name
    )
    assert events[1] == TookMoney(player=name, amount=5)

    c, _ = act(state, "money 6")
    assert c.players[me].workers == workers - 3
    assert (c.space_owner[m6], c.space_workers[m6]) == (me, 3)
    assert c.canteen[me] == state.canteen[me] + 2  # even your own displaced workers go


def test_r_turn_2_the_space_never_shrinks_within_a_shift():
    state = drafted(2)
    i = space("mine", 6)
    counts = []
    for _ in range(4):
        if "mine 6" not in {str(a) for a in legal_actions(state)}:
            break
        state, _ = act(state, "mine 6")
        counts.append(state.space_workers[i])
    assert counts == sorted(counts) and counts[:3] == [1, 2, 3]


def test_r_turn_3_not_enough_workers_to_displace_is_refused_with_the_counts():
    state = drafted(3)
    i = space("mine", 8)
    other = (state.current + 1) % 3
    state.space_owner[i], state.space_workers[i] = other, 2
    state.players[state.current].workers = 2
    assert "mine 8" not in {str(a) for a in legal_actions(state)}
    refused(state, "mine 8", RulesReason.NOT_ENOUGH_WORKERS, space="mine 8", need=3, have=2)


def test_r_turn_3_only_completable_spaces_may_be_chosen():
    state = drafted(3)
    me = state.players[state.current]
    me.marks = 0
    texts = {str(a) for a in legal_actions(state)}
    assert not any(t.startswith("factory ") and t != "factory draw" for t in texts)  # cannot pay
    assert not any(t.startswith("deliver") for t in texts)  # nothing complete
    price = TILES[state.factory[0]].price
    refused(state, "factory 1", RulesReason.CANNOT_AFFORD, space="factory 1", price=price, have=0)
    refused(state, "deliver truck", RulesReason.NOTHING_TO_DELIVER, vehicle="truck")
    state.order_spaces[1] = None
    refused(state, "order 2", RulesReason.NO_CARD, space="order 2")


def test_r_turn_4_bank_takes_exactly_one_worker_whoever_is_there():
    state = drafted(3)
    seat = state.current
    state.bank = [3, 2, 4]
    after, _ = act(state, "bank")
    assert after.bank[seat] == state.bank[seat] + 1
    assert after.players[seat].workers == state.players[seat].workers - 1
    assert after.players[seat].marks == state.players[seat].marks + 1


def test_r_turn_4_bank_is_legal_with_a_single_worker_when_nothing_else_is():
    state = drafted(3)
    state.players[state.current].workers = 1
    for s in SPACES:  # every space occupied by one worker: all need 2
        state.space_owner[s.index], state.space_workers[s.index] = (state.current + 1) % 3, 1
    assert [str(a) for a in legal_actions(state)] == ["bank"]


def test_r_turn_5_players_without_workers_are_skipped():
    state = drafted(3)
    me = state.current
    skipped = (me + 1) % 3
    state.canteen[skipped] += state.players[skipped].workers
    state.players[skipped].workers = 0
    after, _ = act(state, "bank")
    assert after.current == (me + 2) % 3


def test_r_turn_6_the_shift_ends_when_every_worker_is_placed():
    state = last_worker_everyone(drafted(3))
    assert state.shift == 1
    after, events = act(state, "bank")
    assert after.shift == 2
    assert [e.kind for e in events][-1] == "shift_started"
    assert len(after.shift_results) == 1


def test_a_whole_shift_is_placements_until_no_worker_is_left():
    state = drafted(2)
    placements = 0
    while state.shift == 1:
        state, _ = apply(state, next(a for a in legal_actions(state) if str(a) == "bank"))
        placements += 1
    assert placements == 2 * 18  # each bank turn places exactly one of the 18 workers each
