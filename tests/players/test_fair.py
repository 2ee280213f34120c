"""Computers decide from the seat's view only (R-VIS-1, R-VIS-2), and deterministically."""

from __future__ import annotations

import pytest

from players import LEVELS, by_level
from players.knowledge import determinize, unseen_orders, unseen_tiles
from rules import GameState, view
from rules.components import ORDER_CARDS, TILES

from .games import computer, pieces, position


def _other_than_the_seat_sees(state: GameState) -> GameState:
    """The same game but for what the seat to move cannot see: deck order, others' delivered
    orders (swapped with deck cards), and even the game's seed (which fixed the decks)."""
    other = state.model_copy(deep=True)
    me = other.current
    other.seed = state.seed + 12345
    other.tile_deck.reverse()
    other.order_deck.reverse()
    for seat, p in enumerate(other.players):
        if seat != me and p.delivered and other.order_deck:
            p.delivered[0], other.order_deck[0] = other.order_deck[0], p.delivered[0]
    return other


@pytest.mark.parametrize("phase", ["draft", "turn", "draw"])
@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.slow
def test_r_vis_hidden_information_does_not_change_the_decision(level, phase):
    state = position(phase)
    other = _other_than_the_seat_sees(state)
    name = state.players[state.current].name
    assert other.tile_deck != state.tile_deck and other.order_deck != state.order_deck
    assert view(other, name).model_dump(exclude={"seed"}) == view(state, name).model_dump(exclude={"seed"})
    player = computer(level)
    for seed in (1, 2):
        assert player.choose(view(state, name), seed) == player.choose(view(other, name), seed)


@pytest.mark.parametrize("phase", ["draft", "turn", "draw"])
@pytest.mark.slow
def test_r_vis_at_two_players_hidden_information_does_not_change_the_experts_tree(phase):
    # A two-player decision is the honest tree's (players.expert, tree_from): it too reads the view alone.
    state = position(phase, players=2)
    other = _other_than_the_seat_sees(state)
    name = state.players[state.current].name
    assert other.tile_deck != state.tile_deck and other.order_deck != state.order_deck
    expert = computer("expert")
    assert expert._searches_whole(view(state, name))
    for seed in (1, 2):
        assert expert.choose(view(state, name), seed) == expert.choose(view(other, name), seed)


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.slow
def test_the_same_view_and_seed_give_the_same_action(level):
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    copy = GameState.model_validate_json(seen.model_dump_json())
    first = computer(level).choose(seen, 9)
    assert computer(level).choose(copy, 9) == first
    assert computer(level).choose(seen, 9) == first


def test_levels_by_name_and_an_unknown_level_is_refused():
    assert [by_level(name).level for name in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="unknown level 'genius'"):
        by_level("genius")


def test_a_sampled_game_keeps_everything_seen_and_fills_the_hidden_with_unseen_pieces():
    state = position("turn", players=4, seed=6)
    name = state.players[state.current].name
    seen = view(state, name)
    hidden_before = set(unseen_orders(seen))
    sample = determinize(seen, 3)
    assert determinize(seen, 3) == sample
    assert determinize(seen, 4) != sample
    assert sample.factory == seen.factory and sample.order_spaces == seen.order_spaces
    assert [p.orders for p in sample.players] == [p.orders for p in seen.players]
    assert sample.players[state.current].delivered == state.players[state.current].delivered
    # Every tile and order card exactly once, as in a real game.
    assert pieces(sample) == (list(range(len(ORDER_CARDS))), list(range(len(TILES))))
    # Others' delivered orders come from the unseen cards only.
    for seat, p in enumerate(sample.players):
        if seat != state.current:
            assert set(p.delivered) <= hidden_before
    assert len(unseen_tiles(seen)) == len(seen.tile_deck)
