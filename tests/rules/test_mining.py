"""Mining: R-MINE-1..8, worked example C, the planner and plan errors."""

from __future__ import annotations

import pytest

from rules import CageTo, Fill, FilledOrder, IllegalAction, Load, Mined, MinePlanner, RulesReason, Store, legal_actions
from rules.components import BLACK, BROWN, GREY, YELLOW

from .helpers import act, card, drafted, order, rebalance_supply, refused, unreadable


def _miner(orders=(), carts=None, storage=None, cage=None, cage_level=0, players=4):
    """A game past the draft; the player to move has the given pit (supply rebalanced)."""
    state = drafted(players)
    p = state.players[state.current]
    state.order_deck += [o.card for o in p.orders]
    p.orders = list(orders)
    if carts is not None:
        p.carts = carts
    if storage is not None:
        p.storage = storage
    if cage is not None:
        p.cage = cage
    p.cage_level = cage_level
    return rebalance_supply(state)


def test_worked_example_c_mining_8_steps():
    """Down to grey; load grey twice; up to yellow; load yellow; up; two grey cubes onto grey spots."""
    gg = card("carriage", 7, "GG")
    state = _miner(orders=[order(gg)], carts=[[YELLOW], [BROWN], [GREY, GREY], [BLACK]])
    me = state.current
    plan = "cage grey, load grey, load grey, cage yellow, load yellow, cage surface, fill 1.1 grey, fill 1.2 grey"
    after, events = act(state, f"mine 8: {plan}")
    p = after.players[me]
    assert p.carts == [[-1], [BROWN], [-1, -1], [BLACK]]
    assert p.cage == [1, 0, 0, 0] and p.cage_level == 0
    assert p.orders[0].spots == [[GREY], [GREY]] and p.orders[0].complete
    assert events[-1] == Mined(
        player=p.name,
        steps=8,
        loaded=(1, 0, 2, 0),
        filled=(FilledOrder(card=gg, cubes=((GREY,), (GREY,))),),
        stored=(0, 0, 0, 0),
    )
    assert after.cube_total() == 64


def test_r_mine_1_and_r_mine_2_cage_moves_any_distance_for_one_step():
    state = _miner()
    after, _ = act(state, "mine 4: cage black, cage surface, cage brown, cage yellow")
    assert after.players[state.current].cage_level == 1
    refused(state, "mine 4: cage surface", RulesReason.CAGE_ALREADY_THERE, step=1, step_text="cage surface", level=0)


def test_r_mine_3_load_only_from_carts_at_the_cage_level_and_into_free_places():
    state = _miner(carts=[[YELLOW], [BROWN], [GREY], [BLACK, BLACK, BLACK, BLACK, BLACK, BLACK]])
    refused(state, "mine 4: load yellow", RulesReason.CAGE_AT_SURFACE, step=1)
    refused(state, "mine 4: cage grey, load black", RulesReason.CAGE_ELSEWHERE, step=2, step_text="load black", level=3)
    refused(state, "mine 4: cage grey, load grey, load grey", RulesReason.CARTS_EMPTY, step=3, level=3)
    full = "mine 10: cage black, load black, load black, load black, load black, load black, load black"
    refused(state, full, RulesReason.CAGE_FULL, step=7, step_text="load black", capacity=5)


def test_r_mine_4_cage_cubes_fill_matching_spots_only_at_the_surface():
    kk = card("carriage", 9, "KK")
    state = _miner(orders=[order(kk)], cage=[0, 0, 0, 2], cage_level=4)
    refused(state, "mine 4: fill 1.1 black", RulesReason.FILL_BELOW_SURFACE, step=1, level=4)
    refused(state, "mine 4: cage surface, fill 1.1 grey+black", RulesReason.CAGE_HOLDS, step=2, colour=GREY, count=0)
    refused(state, "mine 4: cage surface, fill 1.3 black", RulesReason.NO_SUCH_SPOT, order=1, spot=3, spots=2)
    refused(state, "mine 4: cage surface, fill 2.1 black", RulesReason.NO_SUCH_ORDER, order=2, have=1)
    after, _ = act(state, "mine 4: cage surface, fill 1.1 black, fill 1.2 black")
    assert after.players[state.current].orders[0].spots == [[BLACK], [BLACK]]


def test_r_mine_4_a_single_cube_must_match_the_spot_colour():
    y = card("wheelbarrow", 2, "Y")
    state = _miner(orders=[order(y)], cage=[0, 1, 0, 0])
    refused(state, "mine 4: fill 1.1 brown", RulesReason.WRONG_COLOUR, order=1, spot=1, wanted=YELLOW, colour=BROWN)


def test_r_mine_5_store_from_the_cage_at_the_surface():
    state = _miner(cage=[2, 0, 0, 0], cage_level=1)
    refused(state, "mine 4: store yellow", RulesReason.STORE_BELOW_SURFACE, step=1, level=1)
    after, _ = act(state, "mine 4: cage surface, store yellow, store yellow")
    p = after.players[state.current]
    assert p.storage == [2, 0, 0, 0] and p.cage == [0, 0, 0, 0]
    refused(state, "mine 4: cage surface, store grey", RulesReason.CAGE_HAS_NO_CUBE, step=2, colour=GREY)


def test_r_mine_6_storage_fills_spots_wherever_the_cage_is():
    b = card("truck", 3, "B")
    state = _miner(orders=[order(b)], storage=[0, 1, 0, 0], cage_level=3)
    after, _ = act(state, "mine 4: fill 1.1 brown from storage")
    p = after.players[state.current]
    assert p.orders[0].spots == [[BROWN]] and p.storage == [0, 0, 0, 0]
    refused(state, "mine 4: fill 1.1 brown from storage, fill 1.1 brown from storage", RulesReason.SPOT_FILLED, step=2)


def test_r_mine_7_two_cubes_of_any_colour_fill_a_spot_for_two_steps():
    kkk = card("truck", 12, "KKK")
    state = _miner(orders=[order(kkk)], cage=[1, 1, 0, 0], storage=[0, 0, 2, 0])
    after, _ = act(state, "mine 4: fill 1.1 yellow+brown, fill 1.2 grey+grey from storage")
    p = after.players[state.current]
    assert p.orders[0].spots == [[YELLOW, BROWN], [GREY, GREY], []]
    assert p.cage == [0, 0, 0, 0] and p.storage == [0, 0, 0, 0]
    # 4 steps used: a further step is over the limit
    refused(
        state,
        "mine 4: fill 1.1 yellow+brown, fill 1.2 grey+grey from storage, cage black",
        RulesReason.NO_STEP_LEFT,
        step=3,
    )
    mixed, _ = act(state, "mine 4: fill 1.3 yellow+grey from cage+storage")
    assert mixed.players[state.current].orders[0].spots[2] == [YELLOW, GREY]
    refused(
        state, "mine 4: cage black, fill 1.1 yellow+grey from cage+storage", RulesReason.FILL_BELOW_SURFACE, level=4
    )


def test_r_mine_7_substitution_needs_two_steps_left():
    kkk = card("truck", 12, "KKK")
    state = _miner(orders=[order(kkk)], cage=[1, 1, 0, 0])
    refused(
        state,
        "mine 4: cage black, cage surface, cage black, fill 1.1 yellow+brown",
        RulesReason.STEPS_SHORT,
        step=4,
        cost=2,
        left=1,
    )
    planner = MinePlanner(state, 4)
    for step in ("cage black", "cage surface", "cage black"):
        planner.push(next(s for s in planner.next_steps() if str(s) == step))
    planner.push(CageTo(level=0))
    assert planner.steps_left == 0 and planner.next_steps() == []


def test_r_mine_8_cubes_on_order_spots_never_move_again():
    gg = card("carriage", 7, "GG")
    state = _miner(orders=[order(gg, [[GREY], []])], cage=[0, 0, 1, 0])
    # no step takes a cube off an order: filled spots are not offered again
    steps = MinePlanner(state, 4).next_steps()
    assert all(not (isinstance(s, Fill) and s.spot == 1) for s in steps)
    refused(state, "mine 4: fill 1.1 grey", RulesReason.SPOT_FILLED, step=1, step_text="fill 1.1 grey", order=1, spot=1)


def test_mining_without_steps_is_legal_and_unused_steps_are_lost():
    state = _miner()
    after, _ = act(state, "mine 10")
    assert after.players[state.current].carts == state.players[state.current].carts
    assert after.current != state.current


def test_planner_lists_legal_next_steps_and_undo_restores_them():
    gg = card("carriage", 7, "GG")
    state = _miner(orders=[order(gg)], carts=[[YELLOW], [BROWN], [GREY, GREY], [BLACK]])
    planner = MinePlanner(state, 8)
    first = {str(s) for s in planner.next_steps()}
    assert first == {"cage yellow", "cage brown", "cage grey", "cage black"}
    planner.push(CageTo(level=3))
    assert {str(s) for s in planner.next_steps()} == {
        "cage surface",
        "cage yellow",
        "cage brown",
        "cage black",
        "load grey",
    }
    planner.push(Load(colour=GREY))
    planner.push(CageTo(level=0))
    nxt = {str(s) for s in planner.next_steps()}
    assert {"store grey", "fill 1.1 grey", "fill 1.2 grey"} <= nxt
    assert planner.undo() == CageTo(level=0)
    assert planner.pit.cage_level == 3 and planner.steps_left == 6
    with pytest.raises(IllegalAction) as info:
        planner.push(Store(colour=GREY))
    assert info.value.reason is RulesReason.STORE_BELOW_SURFACE
    assert info.value.params == {"step": 3, "step_text": "store grey", "level": 3}
    assert str(planner.action()) == "mine 8: cage grey, load grey"
    # the planner never changes the state it plans on
    assert state.players[state.current].carts[GREY] == [GREY, GREY]


def test_every_step_the_planner_offers_is_accepted_by_apply():
    gg = card("carriage", 7, "GG")
    kkk = card("truck", 12, "KKK")
    state = _miner(
        orders=[order(gg), order(kkk)], carts=[[YELLOW], [BROWN], [GREY, GREY], [BLACK]], storage=[1, 0, 1, 0]
    )
    planner = MinePlanner(state, 10)
    plan_steps = ["cage grey", "load grey", "cage surface"]
    for text in plan_steps:
        planner.push(next(s for s in planner.next_steps() if str(s) == text))
    for step in planner.next_steps():
        trial = MinePlanner(state, 10)
        for s in planner.plan:
            trial.push(s)
        trial.push(step)
        after, _ = act(state, str(trial.action()))
        assert after.cube_total() == 64


def test_a_bad_plan_names_the_step_and_changes_nothing():
    state = _miner()
    unreadable("mine 8: cage grey, load purple", RulesReason.NOT_A_COLOUR, step=2, text="load purple", word="purple")
    unreadable("mine 8: cage grey, fly", RulesReason.NOT_A_STEP, step=2, text="fly")
    before = state.model_dump_json()
    refused(state, "mine 8: cage grey, load black", RulesReason.CAGE_ELSEWHERE, step=2)
    assert state.model_dump_json() == before


def test_an_empty_plan_is_refused_not_taken_as_a_mining_turn_without_steps():
    """A colon with no step after it (only commas or spaces) is a mistake, not `mine 8`."""
    for text in ("mine 8: ,,,", "mine 8:", "mine 8 :  , "):
        unreadable(text, RulesReason.EMPTY_PLAN)
    state = _miner()
    after, _ = act(state, "mine 8")  # without the colon it is a legal mining turn without steps
    assert after.players[state.current].carts == state.players[state.current].carts
    assert "mine 8" not in {str(a) for a in legal_actions(_miner(players=2))}  # locked
