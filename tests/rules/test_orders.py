"""Delivery and new orders: R-DEL-1, worked example D, R-ORD-1, R-ORD-2."""

from __future__ import annotations

from rules import Delivered, Kept, RulesReason, legal_actions, view
from rules.components import BLACK, BROWN, GREY, YELLOW

from .helpers import act, card, drafted, order, rebalance_supply, refused


def _with_orders(orders, players=3):
    state = drafted(players)
    p = state.players[state.current]
    state.order_deck += [o.card for o in p.orders]
    p.orders = list(orders)
    return rebalance_supply(state)


def test_worked_example_d_r_del_1_two_carriage_orders_score_19_at_once():
    """Example D: delivering a complete 9-VP and a complete 10-VP carriage order scores 19 VP."""
    nine = card("carriage", 9, "KK")
    ten = card("carriage", 10, "YBGK")
    state = _with_orders([order(nine, [[BLACK], [BLACK]]), order(ten, [[YELLOW], [BROWN], [GREY], [BLACK]])])
    me = state.current
    supply = state.supply[:]
    after, events = act(state, "deliver carriage")
    p = after.players[me]
    assert p.vp == 19
    assert p.orders == [] and sorted(p.delivered) == sorted([nine, ten])
    assert after.supply == [supply[0] + 1, supply[1] + 1, supply[2] + 1, supply[3] + 3]
    assert events[-1] == Delivered(player=p.name, vehicle="carriage", cards=(nine, ten), vp=19)


def test_r_del_1_only_complete_orders_of_that_vehicle_are_delivered():
    nine = card("carriage", 9, "KK")
    two = card("carriage", 2, "Y")
    truck = card("truck", 2, "Y")
    state = _with_orders([order(nine, [[BLACK], []]), order(two, [[YELLOW]]), order(truck, [[YELLOW]])])
    after, _ = act(state, "deliver carriage")
    p = after.players[state.current]
    assert p.delivered == [two] and p.vp == 2
    assert [o.card for o in p.orders] == [nine, truck]
    assert {str(a) for a in legal_actions(state) if str(a).startswith("deliver")} == {
        "deliver carriage",
        "deliver truck",
    }


def test_r_del_1_a_spot_filled_by_substitution_returns_both_cubes():
    y = card("wheelbarrow", 2, "Y")
    state = _with_orders([order(y, [[GREY, BLACK]])])
    supply = state.supply[:]
    after, _ = act(state, "deliver wheelbarrow")
    assert after.supply[GREY] == supply[GREY] + 1 and after.supply[BLACK] == supply[BLACK] + 1
    assert after.cube_total() == 64


def test_r_ord_1_take_the_card_and_refill_the_space():
    state = drafted(3)
    me = state.current
    taken = state.order_spaces[2]
    top = state.order_deck[0]
    after, _ = act(state, "order 3")
    assert after.players[me].orders[-1].card == taken
    assert after.players[me].orders[-1].spots == [[] for _ in after.players[me].orders[-1].spots]
    assert after.order_spaces[2] == top and after.order_deck == state.order_deck[1:]


def test_r_ord_2_draw_five_keep_one_secretly_rest_together_top_or_bottom():
    state = drafted(3)
    me = state.current
    drawn, _ = act(state, "order draw")
    cards = drawn.pending.cards
    assert cards == state.order_deck[:5] and drawn.pending.kind == "order"
    assert view(drawn, drawn.players[(me + 1) % 3].name).pending.cards == [-1] * 5
    after, events = act(drawn, "keep 4, rest top 2 1 3 5")
    assert after.players[me].orders[-1].card == cards[3]
    assert after.order_deck[:4] == [cards[1], cards[0], cards[2], cards[4]]
    assert after.order_spaces == state.order_spaces  # no refill from a draw
    name = after.players[me].name
    assert events[-1] == Kept(player=name, deck="order", kept=True, card=cards[3], returned=4, to="top")


def test_r_ord_2_keeping_none_still_completes_the_action():
    state = drafted(3)
    drawn, _ = act(state, "order draw")
    after, _ = act(drawn, "keep none, rest bottom")
    assert after.order_deck[-5:] == drawn.pending.cards
    assert len(after.players[state.current].orders) == len(state.players[state.current].orders)
    assert after.current != state.current and after.phase == "turn"
    refused(drawn, "keep 6, rest top", RulesReason.PICK_OUT_OF_RANGE, pick=6, drawn=5)
    refused(drawn, "keep 1 with grey, rest top", RulesReason.SUBSTITUTE_ONLY_FOR_TILE)
    refused(drawn, "keep 1 with none, rest top", RulesReason.SUBSTITUTE_ONLY_FOR_TILE)
