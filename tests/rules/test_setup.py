"""Components and setup: R-COMP-*, R-PIT-1, R-SETUP-1..6."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import IllegalAction, RulesReason, apply, legal_actions, new_game
from rules.components import (
    CUBES_PER_COLOUR,
    LOCKED,
    ORDER,
    ORDER_CARDS,
    SPACES,
    TILES,
    space_of,
)

from .helpers import NAMES, act, drafted, refused


def test_r_comp_1_sixteen_cubes_of_each_colour_conserved_at_setup():
    for n in (2, 3, 4):
        state = new_game(NAMES[:n], seed=3)
        assert CUBES_PER_COLOUR == 16
        assert state.cube_total() == 64
        # each colour separately: supply plus the one starting cube per pit
        for colour in range(4):
            on_carts = sum(lv.count(colour) for p in state.players for lv in p.carts)
            assert state.supply[colour] + on_carts == 16


def test_r_comp_tiles_are_16_kinds_times_3_priced_by_carts():
    kinds = Counter((t.colour, t.carts, t.dark) for t in TILES)
    assert len(kinds) == 16 and set(kinds.values()) == {3}
    black_two = next(t for t in TILES if t.colour == 3 and t.carts == 2)
    assert black_two.price == 8
    assert [t.price for t in TILES if t.carts == 1 and not t.dark][::3] == [1, 2, 3, 4]


def test_r_comp_order_cards_eleven_per_vehicle_as_listed():
    assert len(ORDER_CARDS) == 44
    assert Counter(c.vehicle for c in ORDER_CARDS) == {0: 11, 1: 11, 2: 11, 3: 11}
    carriage = sorted((c.vp, c.spots) for c in ORDER_CARDS if c.vehicle == 1)
    assert carriage[-1] == (12, (3, 3, 3))  # 12: KKK
    train = [c.vp for c in ORDER_CARDS if c.vehicle == 3]
    assert 12 not in train and train.count(9) == 2
    assert all(len(c.spots) >= 1 for c in ORDER_CARDS)
    assert sum(c.vp for c in ORDER_CARDS if c.vehicle == 0) == 2 + 3 + 3 + 4 + 5 + 5 + 7 + 7 + 9 + 9 + 10


def test_r_comp_2_money_is_unlimited_and_public():
    state = drafted(2)
    state.players[state.current].marks = 1000
    after, _ = act(state, "money 6")
    assert after.players[state.current].marks == 1006
    from rules import view

    other = state.players[1 - state.current].name
    assert view(after, other).players[state.current].marks == 1006


def test_r_pit_1_every_pit_starts_with_one_printed_cart_per_level_holding_its_colour():
    state = new_game(NAMES[:3], seed=5)
    for p in state.players:
        assert p.carts == [[0], [1], [2], [3]]
        assert p.tiles == []
        assert p.cubes_owned() == 4


@pytest.mark.parametrize("n,locks", [(2, 7), (3, 3), (4, 0)])
def test_r_setup_1_locks_by_player_count(n, locks):
    assert len(LOCKED[n]) == locks
    names = {SPACES[i].key for i in LOCKED[n]}
    if n == 2:
        assert names == {"factory 4", "factory 8", "mine 4", "mine 8", "money 3", "money 5", "order 1"}
    if n == 3:
        assert names == {"factory 8", "mine 4", "money 3"}


def test_r_setup_1_locked_spaces_are_never_legal():
    state = drafted(2)
    texts = {str(a) for a in legal_actions(state)}
    assert not {"mine 4", "mine 8", "money 3", "money 5", "order 1", "factory 4", "factory 8"} & texts
    refused(state, "mine 8", RulesReason.SPACE_LOCKED, space="mine 8", players=2)
    refused(state, "order 1", RulesReason.SPACE_LOCKED, space="order 1", players=2)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_setup_2_a_tile_on_every_unlocked_factory_space(n):
    state = new_game(NAMES[:n], seed=11)
    for k in range(1, 9):
        locked = space_of("factory", k).index in LOCKED[n]
        assert (state.factory[k - 1] is None) == locked
    on_board = [t for t in state.factory if t is not None]
    assert len(state.tile_deck) == 48 - len(on_board)
    assert sorted(state.tile_deck + on_board) == list(range(48))


@pytest.mark.parametrize("n,workers,marks", [(2, 18, 10), (3, 15, 9), (4, 13, 8)])
def test_r_setup_3_workers_marks_cage_vp(n, workers, marks):
    state = new_game(NAMES[:n], seed=2)
    for p in state.players:
        assert (p.workers, p.marks, p.vp, p.cage_level, p.cage, p.storage) == (workers, marks, 0, 0, [0] * 4, [0] * 4)


def test_r_setup_4_start_player_comes_from_the_seed():
    starts = {new_game(NAMES[:4], seed=s).start_player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert new_game(NAMES[:4], seed=9).start_player == new_game(NAMES[:4], seed=9).start_player
    assert new_game(NAMES[:4], seed=9) == new_game(NAMES[:4], seed=9)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_setup_5_draft_reveals_3n_plus_1_and_goes_counter_clockwise_from_the_right(n):
    state = new_game(NAMES[:n], seed=21)
    assert len(state.draft_cards) == 3 * n + 1
    start = state.start_player
    expected_round = [(start - 1 - k) % n for k in range(n)]  # right-hand neighbour first
    assert expected_round[-1] == start  # the start player picks last
    pickers = []
    while state.phase == "draft":
        pickers.append(state.current)
        state, _ = apply(state, legal_actions(state)[-1])
    assert pickers == expected_round * 3
    assert all(len(p.orders) == 3 for p in state.players)
    assert state.phase == "turn" and state.current == start


def test_r_setup_5_a_taken_card_cannot_be_drafted_again_and_numbers_do_not_shift():
    state = new_game(NAMES[:2], seed=4)
    third = state.draft_cards[2]
    state, _ = act(state, "draft 2")
    refused(state, "draft 2", RulesReason.CARD_NOT_ON_OFFER, card=2, offered=[1, 3, 4, 5, 6, 7])
    refused(state, "draft 8", RulesReason.CARD_NOT_ON_OFFER, card=8)
    state, _ = act(state, "draft 3")
    assert state.players[state.start_player].orders[0].card == third


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_setup_6_leftover_card_on_first_unlocked_order_space_rest_from_deck(n):
    state = new_game(NAMES[:n], seed=8)
    deck_top = state.order_deck[:4]
    while state.phase == "draft":
        state, _ = apply(state, legal_actions(state)[0])  # always the first card left
    leftover = None
    for p in state.players:
        assert len(p.orders) == 3
    revealed = new_game(NAMES[:n], seed=8).draft_cards
    taken = {o.card for p in state.players for o in p.orders}
    (leftover,) = [c for c in revealed if c not in taken]
    if n == 2:
        assert state.order_spaces[0] is None  # order space 1 is locked
        assert state.order_spaces[1:] == [leftover] + deck_top[:2]
    else:
        assert state.order_spaces == [leftover] + deck_top[:3]
    assert space_of(ORDER, 1).index in LOCKED[2]


@pytest.mark.parametrize(
    "names,reason,params",
    [
        (["alice"], RulesReason.PLAYER_COUNT, {"count": 1}),
        (NAMES + ["eve"], RulesReason.PLAYER_COUNT, {"count": 5}),
        (["alice", "alice"], RulesReason.PLAYER_NAMES, {}),
        (["alice", ""], RulesReason.PLAYER_NAMES, {}),
    ],
)
def test_r_setup_a_table_that_cannot_play_is_refused_with_the_reason(names, reason, params):
    with pytest.raises(IllegalAction) as info:
        new_game(names, seed=1)
    assert info.value.reason is reason and info.value.params == params
