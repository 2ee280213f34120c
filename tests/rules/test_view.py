"""What each viewer may see: R-VIS-1, R-VIS-2."""

from __future__ import annotations

from rules import GameOptions, Kept, apply, legal_actions, new_game, view

from .helpers import NAMES, act, card, drafted


def test_r_vis_1_delivered_orders_are_face_down_for_others_but_counted():
    state = drafted(3)
    state.players[0].delivered = [card("truck", 9, "KK"), card("train", 2, "Y")]
    own = view(state, state.players[0].name)
    other = view(state, state.players[1].name)
    spectator = view(state, None)
    assert own.players[0].delivered == state.players[0].delivered
    assert other.players[0].delivered == [-1, -1] and spectator.players[0].delivered == [-1, -1]
    # everything else of the pit stays public
    assert other.players[0].orders == state.players[0].orders
    assert other.players[0].marks == state.players[0].marks and other.players[0].vp == state.players[0].vp


def test_r_vis_1_the_delivered_option_all_makes_them_public():
    state = new_game(NAMES[:2], seed=3, options=GameOptions(delivered="all"))
    state.players[0].delivered = [card("truck", 9, "KK")]
    assert view(state, None).players[0].delivered == state.players[0].delivered


def test_r_vis_1_deck_order_and_generator_are_never_shown_but_sizes_are():
    state = drafted(3)
    for viewer in (None, state.players[0].name):
        seen = view(state, viewer)
        assert seen.tile_deck == [-1] * len(state.tile_deck)
        assert seen.order_deck == [-1] * len(state.order_deck)
        assert seen.rng == 0
        # the seed would deal the decks again: new_game(names, seed) gives the deck order away
        assert seen.seed == 0 and state.seed != 0


def test_r_vis_2_draw_contents_only_for_the_actor_and_the_result_is_public():
    state = drafted(3)
    me = state.current
    drawn, events = act(state, "order draw")
    kept = drawn.pending.cards[1]
    for seat, p in enumerate(drawn.players):
        expected = drawn.pending.cards if seat == me else [-1] * 5
        assert view(drawn, p.name).pending.cards == expected
    assert view(drawn, None).pending.cards == [-1] * 5
    after, events = act(drawn, "keep 2, rest bottom")
    assert view(after, None).players[me].orders[-1].card == kept  # outstanding orders are public
    assert events[-1] == Kept(player=drawn.to_move, deck="order", kept=True, card=kept, returned=4, to="bottom")


def test_view_never_changes_the_state():
    state = drafted(3)
    before = state.model_dump_json()
    view(state, None)
    assert state.model_dump_json() == before


def test_viewed_state_still_plays_the_viewers_legal_actions():
    state = new_game(NAMES[:2], seed=5)
    while state.phase == "draft":
        state, _ = apply(state, legal_actions(state)[0])
    mine = view(state, state.to_move)
    assert [str(a) for a in legal_actions(mine)] == [str(a) for a in legal_actions(state)]
