"""Minecart factory: R-FAC-1..5, R-DECK-1 and worked example B."""

from __future__ import annotations

from rules import Bought, Drew, Kept, RulesReason, legal_actions, view
from rules.components import BLACK, BROWN, GREY, NO_COAL, TILES, YELLOW

from .helpers import act, drafted, refused, tile


def _with_tile_on_space(state, k, tile_id):
    state.factory[k - 1] = tile_id
    return state


def test_worked_example_b_r_fac_1_two_grey_carts_cost_6_on_the_grey_level():
    """Example B: a tile with 2 grey carts costs 6, grey level, light side, 2 grey cubes."""
    state = _with_tile_on_space(drafted(3), 1, tile(GREY, 2, dark=False))
    me = state.current
    state.players[me].marks = 9
    supply = state.supply[GREY]
    after, events = act(state, "factory 1")
    p = after.players[me]
    assert p.marks == 3
    assert p.carts[GREY] == [GREY, GREY, GREY]  # printed cart + the tile's 2 carts
    assert p.tiles == [tile(GREY, 2)] and not TILES[p.tiles[0]].dark
    assert after.supply[GREY] == supply - 2
    assert events[1] == Bought(player=p.name, tile=tile(GREY, 2), price=6, carts=(GREY, GREY))
    assert not events[1].supply_short


def test_r_fac_1_dark_tiles_go_to_the_dark_side():
    state = _with_tile_on_space(drafted(3), 2, tile(YELLOW, 1, dark=True))
    after, _ = act(state, "factory 2")
    assert after.players[state.current].tiles_by_side() == (0, 1)


def test_r_fac_2_short_supply_takes_the_chosen_substitute_colour_price_unchanged():
    state = _with_tile_on_space(drafted(3), 1, tile(BLACK, 2))
    me = state.current
    state.players[me].marks = 8
    state.supply = [5, 5, 5, 1]
    options = [str(a) for a in legal_actions(state) if str(a).startswith("factory 1")]
    assert options == ["factory 1 with yellow", "factory 1 with brown", "factory 1 with grey", "factory 1 with none"]
    after, events = act(state, "factory 1 with brown")
    assert after.players[me].carts[BLACK] == [BLACK, BLACK, BROWN]
    assert after.players[me].marks == 0
    assert after.supply == [5, 4, 5, 0]
    assert events[1].carts == (BLACK, BROWN) and events[1].supply_short


def test_r_fac_2_the_player_may_leave_a_cart_the_supply_cannot_fill_empty():
    """R-FAC-2: "may" put a cube of another colour; `with none` leaves the cart empty, price unchanged."""
    state = _with_tile_on_space(drafted(3), 1, tile(BLACK, 2))
    me = state.current
    state.players[me].marks = 8
    state.supply = [5, 5, 5, 1]
    total = state.cube_total()
    after, events = act(state, "factory 1 with none")
    assert after.players[me].carts[BLACK] == [BLACK, BLACK, NO_COAL]
    assert after.players[me].marks == 0
    assert after.supply == [5, 5, 5, 0] and after.cube_total() == total
    assert events[1] == Bought(player=after.players[me].name, tile=tile(BLACK, 2), price=8, carts=(BLACK, NO_COAL))


def test_r_fac_2_with_two_carts_short_each_gets_a_colour_or_stays_empty():
    state = _with_tile_on_space(drafted(3), 1, tile(GREY, 2))
    me = state.current
    state.players[me].marks = 6
    state.supply = [0, 1, 0, 1]
    options = [str(a) for a in legal_actions(state) if str(a).startswith("factory 1")]
    assert options == [
        "factory 1 with brown black",
        "factory 1 with brown none",
        "factory 1 with black none",
        "factory 1 with none none",
    ]
    choices = [[BROWN, BLACK], [BROWN, NO_COAL], [BLACK, NO_COAL], [NO_COAL, NO_COAL]]
    refused(state, "factory 1 with brown brown", RulesReason.SUBSTITUTE_CHOICES, options=choices)
    after, _ = act(state, "factory 1 with none brown")  # the order of the words does not matter
    assert after.players[me].carts[GREY] == [GREY, NO_COAL, BROWN] and after.supply == [0, 0, 0, 1]
    after, _ = act(state, "factory 1 with none none")
    assert after.players[me].carts[GREY] == [GREY, NO_COAL, NO_COAL] and after.supply == [0, 1, 0, 1]


def test_r_fac_2_only_carts_the_supply_could_fill_are_chosen_for():
    """With one other cube in the supply, one cart gets it or stays empty; the other stays empty."""
    state = _with_tile_on_space(drafted(3), 1, tile(GREY, 2))
    state.players[state.current].marks = 6
    state.supply = [0, 1, 0, 0]
    options = [str(a) for a in legal_actions(state) if str(a).startswith("factory 1")]
    assert options == ["factory 1 with brown", "factory 1 with none"]


def test_r_fac_2_a_kept_drawn_tile_may_leave_its_cart_empty_too():
    state = drafted(3)
    me = state.current
    state.players[me].marks = 40
    state.tile_deck[0] = tile(GREY, 1)
    drawn, _ = act(state, "factory draw")
    drawn.supply[GREY] = 0
    choices = {str(a) for a in legal_actions(drawn) if str(a).startswith("keep 1")}
    assert "keep 1 with none, rest top" in choices and "keep 1 with black, rest bottom" in choices
    after, events = act(drawn, "keep 1 with none, rest top")
    assert after.players[me].carts[GREY] == [GREY, NO_COAL]
    assert events[0].carts == (NO_COAL,) and events[0].supply_short


def test_r_fac_2_automatic_substitute_is_the_most_plentiful_colour():
    state = _with_tile_on_space(drafted(3), 1, tile(BLACK, 2))
    state.players[state.current].marks = 8
    state.supply = [2, 1, 6, 0]
    after, _ = act(state, "factory 1")
    assert after.players[state.current].carts[BLACK] == [BLACK, GREY, GREY]


def test_r_fac_2_empty_supply_leaves_the_cart_empty():
    state = _with_tile_on_space(drafted(3), 1, tile(YELLOW, 2))
    state.supply = [1, 0, 0, 0]
    total = state.cube_total()
    state.supply[YELLOW] = 1
    after, _ = act(state, "factory 1")
    assert after.players[state.current].carts[YELLOW] == [YELLOW, YELLOW, -1]
    assert after.cube_total() == total


def test_r_fac_2_a_substitute_when_none_is_needed_or_not_available_is_refused():
    state = _with_tile_on_space(drafted(3), 1, tile(BROWN, 1))
    refused(state, "factory 1 with grey", RulesReason.NO_SUBSTITUTE_NEEDED, colour=BROWN)
    refused(state, "factory 1 with none", RulesReason.NO_SUBSTITUTE_NEEDED, colour=BROWN)
    state.supply = [0, 0, 3, 0]
    refused(state, "factory 1 with yellow", RulesReason.SUBSTITUTE_CHOICES, options=[[GREY], [NO_COAL]])


def test_r_fac_3_the_space_is_refilled_from_the_tile_deck():
    state = drafted(3)
    top = state.tile_deck[0]
    state.players[state.current].marks = 50
    after, _ = act(state, "factory 3")
    assert after.factory[2] == top
    assert after.tile_deck == state.tile_deck[1:]


def test_r_fac_4_carts_are_never_refilled():
    state = drafted(2)
    me = state.current
    after, _ = act(state, "mine 6: cage yellow, load yellow, cage surface, store yellow")
    assert after.players[me].carts[YELLOW] == [-1]
    while after.current != me:
        after, _ = act(after, "bank")
    after, _ = act(after, "bank")
    assert after.players[me].carts[YELLOW] == [-1]  # nothing puts coal back on a cart


def test_r_fac_5_draw_shows_top_5_to_the_actor_only_and_the_choice_is_pending():
    state = drafted(3)
    me = state.current
    top5 = state.tile_deck[:5]
    after, events = act(state, "factory draw")
    assert after.phase == "draw" and after.current == me
    assert after.pending.kind == "tile" and after.pending.cards == top5
    assert after.tile_deck == state.tile_deck[5:]
    assert after.factory == state.factory  # nothing is refilled
    assert events[-1] == Drew(player=after.players[me].name, deck="tile", count=5)  # R-VIS-2: not which
    other = after.players[(me + 1) % 3].name
    assert view(after, other).pending.cards == [-1] * 5
    assert view(after, after.players[me].name).pending.cards == top5


def test_r_fac_5_keep_one_affordable_tile_and_return_the_rest_to_the_bottom():
    state = drafted(3)
    me = state.current
    state.players[me].marks = 40
    drawn, _ = act(state, "factory draw")
    cards = drawn.pending.cards
    after, events = act(drawn, "keep 2, rest bottom")
    assert after.players[me].tiles == [cards[1]]
    assert after.tile_deck == drawn.tile_deck + [cards[0], cards[2], cards[3], cards[4]]
    assert after.phase == "turn" and after.current == (me + 1) % 3
    assert [e.kind for e in events] == ["bought", "kept"]
    assert events[-1] == Kept(player=after.players[me].name, deck="tile", kept=True, returned=4, to="bottom")
    assert events[0].tile == cards[1]


def test_r_fac_5_keep_none_rest_on_top_in_the_chosen_order():
    state = drafted(3)
    drawn, _ = act(state, "factory draw")
    cards = drawn.pending.cards
    after, _ = act(drawn, "keep none, rest top 5 4 3 2 1")
    assert after.tile_deck[:5] == cards[::-1]
    assert after.players[state.current].tiles == []
    refused(drawn, "keep none, rest top 1 2 3", RulesReason.BAD_REST_ORDER, rest=[1, 2, 3, 4, 5])


def test_r_fac_5_only_tiles_you_can_pay_for_may_be_kept():
    state = drafted(3)
    state.players[state.current].marks = 0
    drawn, _ = act(state, "factory draw")
    choices = {str(a) for a in legal_actions(drawn)}
    assert choices == {"keep none, rest top", "keep none, rest bottom"}
    refused(drawn, "keep 1, rest bottom", RulesReason.TILE_TOO_DEAR, price=TILES[drawn.pending.cards[0]].price, have=0)


def test_r_fac_5_fewer_than_five_when_the_deck_is_short():
    state = drafted(3)
    state.tile_deck = state.tile_deck[:2]
    drawn, _ = act(state, "factory draw")
    assert len(drawn.pending.cards) == 2 and drawn.tile_deck == []


def test_r_fac_5_nobody_else_may_act_until_the_choice_is_made():
    state = drafted(3)
    drawn, _ = act(state, "factory draw")
    refused(drawn, "bank", RulesReason.CHOOSE_DRAWN_FIRST, player=drawn.to_move, deck="tile")
    refused(drawn, "money 4", RulesReason.CHOOSE_DRAWN_FIRST, player=drawn.to_move, deck="tile")
    assert all(str(a).startswith("keep") for a in legal_actions(drawn))


def test_r_deck_1_an_empty_tile_deck_is_not_reshuffled_and_spaces_stay_empty():
    state = drafted(3)
    state.tile_deck = []
    state.players[state.current].marks = 50
    after, _ = act(state, "factory 1")
    assert after.factory[0] is None and after.tile_deck == []
    assert "factory draw" not in {str(a) for a in legal_actions(state)}
    refused(state, "factory draw", RulesReason.TILE_DECK_EMPTY)
    nxt = after.model_copy(deep=True)
    refused(nxt, "factory 1", RulesReason.NO_TILE, space="factory 1")


def test_r_deck_1_an_empty_order_deck_leaves_order_spaces_empty():
    state = drafted(3)
    state.order_deck = []
    after, _ = act(state, "order 2")
    assert after.order_spaces[1] is None
    refused(state, "order draw", RulesReason.ORDER_DECK_EMPTY)
    refused(after, "order 2", RulesReason.NO_CARD, space="order 2")
