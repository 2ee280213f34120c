"""Shift and game-end scoring: R-SHIFT-1..7, R-END-1..6, worked example E."""

from __future__ import annotations

import pytest

from rules import GameOver, PlayerVP, apply, final_scores, legal_actions, score_breakdown, view
from rules.components import BLACK, BROWN, CLOCK, GREY, YELLOW
from rules.scoring import award, element_count

from .helpers import act, card, drafted, last_worker_everyone, order, rebalance_supply, space, tile


def _end_of_shift(state, shift):
    state = last_worker_everyone(state)
    state.shift = shift
    return act(state, "bank")


def test_r_shift_1_shift_1_scores_elements_1_to_4_shift_2_to_8_shift_3_all():
    state = drafted(3)
    for shift, elements in ((1, 4), (2, 8), (3, 12)):
        after, _ = _end_of_shift(state, shift)
        assert [e.element for e in after.shift_results[-1].elements] == list(range(1, elements + 1))


def test_r_shift_2_counts_delivered_orders_only_and_spots_not_cubes():
    state = drafted(3)
    me = state.current
    yy = card("carriage", 3, "YY")
    state.players[me].delivered = [yy]
    state.players[me].orders = [order(card("truck", 4, "YYY"), [[YELLOW], [YELLOW], [YELLOW]])]
    rebalance_supply(state)
    yellow_element = CLOCK[0]
    assert element_count(state.players[me], yellow_element) == 2  # outstanding YYY not counted
    after, _ = _end_of_shift(state, 1)
    first = after.shift_results[0].elements[0]
    assert first.counts[me] == 2 and first.vp[me] == 2


def test_r_vis_1_a_shift_scoring_keeps_how_many_orders_each_player_had_delivered():
    # R-VIS-1: the number of delivered orders is public; kept with the counts it revealed (R-SHIFT-2),
    # it tells which of a player's face-down cards the counts were of, however many come after.
    state = drafted(3)
    me = state.current
    state.players[me].delivered = [card("carriage", 3, "YY"), card("wheelbarrow", 2, "Y")]
    rebalance_supply(state)
    after, _ = _end_of_shift(state, 1)
    expected = [2 if seat == me else 0 for seat in range(3)]
    assert after.shift_results[0].delivered == expected
    seen = view(after, after.players[(me + 1) % 3].name)
    assert seen.players[me].delivered == [-1, -1] and seen.shift_results[0].delivered == expected


def test_r_shift_2_empty_carts_count_by_level_whatever_cube_sits_on_them():
    state = drafted(3)
    p = state.players[state.current]
    p.carts = [[-1, -1, GREY], [1], [2], [3]]
    assert element_count(p, CLOCK[8]) == 2  # element 9: empty yellow carts
    assert element_count(p, CLOCK[10]) == 0


def test_r_shift_3_a_count_of_zero_never_scores():
    assert award([0, 0, 0], 6, 3) == [0, 0, 0]
    assert award([0, 1, 0], 6, 3) == [0, 6, 0]  # no second place for the zeros


def test_r_shift_4_tie_for_first_all_get_first_and_no_second():
    assert award([3, 3, 1], 6, 3) == [6, 6, 0]


def test_r_shift_4_tie_for_second_all_get_second():
    assert award([5, 2, 2, 1], 9, 4) == [9, 4, 4, 0]


def test_r_shift_5_two_players_get_no_second_place():
    assert award([4, 1], 13, 6) == [13, 0]
    state = drafted(2)
    me, other = state.current, 1 - state.current
    state.players[me].delivered = [card("train", 9, "KK")]
    state.players[other].delivered = [card("wheelbarrow", 5, "K")]
    after, _ = _end_of_shift(state, 1)
    black = after.shift_results[0].elements[3]
    assert black.counts == ([2, 1] if me == 0 else [1, 2]) and sorted(black.vp) == [0, 5]


def test_worked_example_e_r_shift_4_three_players_shift_2():
    """Example E: wheelbarrow spots George 3, Lucy 3, Mike 2; carriage Mike 6, George 1, Lucy 1."""
    state = drafted(3)
    george, lucy, mike = 0, 1, 2
    state.players[george].delivered = [card("wheelbarrow", 7, "BBB"), card("carriage", 2, "Y")]
    state.players[lucy].delivered = [card("wheelbarrow", 9, "GGG"), card("carriage", 3, "B")]
    state.players[mike].delivered = [
        card("wheelbarrow", 3, "YY"),
        card("carriage", 4, "YYY"),
        card("carriage", 12, "KKK"),
    ]
    after, _ = _end_of_shift(state, 2)
    elements = {e.element: e for e in after.shift_results[-1].elements}
    assert elements[5].counts == [3, 3, 2] and elements[5].vp == [6, 6, 0]
    assert elements[6].counts == [1, 1, 6] and elements[6].vp == [3, 3, 7]
    assert elements[7].vp == [0, 0, 0] and elements[8].vp == [0, 0, 0]


def test_shift_vp_are_added_to_the_players_and_shown_in_the_breakdown():
    state = drafted(3)
    state.players[1].delivered = [card("truck", 9, "KK")]
    before = [p.vp for p in state.players]
    after, events = _end_of_shift(state, 1)
    gained = [sum(e.vp[s] for e in after.shift_results[0].elements) for s in range(3)]
    assert gained[1] == 5  # black majority
    assert [p.vp for p in after.players] == [b + g for b, g in zip(before, gained, strict=True)]
    assert [row.shifts for row in score_breakdown(after).players] == [[g] for g in gained]
    assert any(e.kind == "shift_scored" for e in events)


def _factory_workers(state, seat_counts):
    """Put workers on factory spaces: {seat: [workers on factory 1, factory 2, ...]}."""
    k = 1
    for seat, counts in seat_counts.items():
        for n in counts:
            i = space("factory", k)
            state.space_owner[i], state.space_workers[i] = seat, n
            k += 1
    return state


def test_r_shift_6_most_workers_on_factory_spaces_becomes_start_player():
    state = drafted(4)
    state.start_player = 0
    state = _factory_workers(state, {2: [3], 1: [1, 1]})
    after, _ = _end_of_shift(state, 1)
    assert after.start_player == 2 and after.current == 2
    assert after.shift_results[0].start_player == 2


def test_r_shift_6_the_factory_draw_space_counts_too():
    state = drafted(4)
    state.start_player = 0
    draw = space("factory", "draw")
    state.space_owner[draw], state.space_workers[draw] = 3, 2
    state = _factory_workers(state, {1: [1]})
    after, _ = _end_of_shift(state, 1)
    assert after.start_player == 3


@pytest.mark.parametrize(
    "start,counts,expected",
    [
        (1, {0: [2], 3: [2]}, 3),  # tie between 0 and 3: closest clockwise after 1 is 3
        (1, {1: [2], 2: [2]}, 2),  # the start player never keeps it through a tie
        (2, {}, 3),  # everyone at 0: passes to the next player clockwise
        (3, {3: [3]}, 3),  # alone with the most: keeps it
    ],
)
def test_r_shift_6_ties_pass_clockwise_and_the_start_player_never_keeps_it(start, counts, expected):
    state = drafted(4)
    state.start_player = start
    state = _factory_workers(state, counts)
    after, _ = _end_of_shift(state, 1)
    assert after.start_player == expected


def test_r_shift_7_workers_return_board_and_pits_stay():
    state = drafted(3)
    i = space("money", 6)
    state.space_owner[i], state.space_workers[i] = 1, 2
    state.players[1].cage_level = 3
    factory, orders = state.factory[:], state.order_spaces[:]
    after, _ = _end_of_shift(state, 1)
    assert [p.workers for p in after.players] == [15, 15, 15]
    assert set(after.space_workers) == {0} and after.bank == [0, 0, 0] and after.canteen == [0, 0, 0]
    assert after.factory == factory and after.order_spaces == orders
    assert after.players[1].cage_level == 3


def _game_end(state):
    state.shift = 3
    return _end_of_shift(state, 3)


def test_r_end_1_five_marks_per_vp_remainder_kept_for_the_tie_break():
    state = drafted(3)
    me = state.current
    state.players[me].marks = 13  # the bank adds one: 14 -> 2 VP, 4 left
    after, _ = _game_end(state)
    f = after.final[me]
    assert (f.marks_vp, f.marks_left) == (2, 4) and after.players[me].marks == 4


def test_r_end_2_every_three_cubes_anywhere_score_one_vp():
    state = drafted(3)
    p = state.players[1]
    p.storage = [1, 1, 0, 0]
    p.cage = [0, 0, 1, 0]
    p.orders = [order(card("carriage", 9, "KK"), [[BLACK], []])]
    rebalance_supply(state)
    after, _ = _game_end(state)
    assert after.final[1].cubes == 4 + 2 + 1 + 1  # carts 4, storage 2, cage 1, order 1
    assert after.final[1].cubes_vp == 2


def test_r_end_3_minus_one_per_outstanding_order():
    state = drafted(3)
    after, _ = _game_end(state)
    for seat, p in enumerate(after.players):
        assert after.final[seat].orders_vp == -len(p.orders) == -3


def test_r_end_4_tunnel_balance_counts_tiles_not_carts():
    state = drafted(3)
    p = state.players[2]
    p.tiles = [
        tile(GREY, 2, dark=False),
        tile(YELLOW, 1, dark=False),
        tile(BLACK, 1, dark=False),
        tile(YELLOW, 2, dark=True),
    ]
    after, _ = _game_end(state)
    f = after.final[2]
    assert (f.light_tiles, f.dark_tiles, f.balance_vp) == (3, 1, -4)
    assert after.final[0].balance_vp == 0  # the starting carts do not count


def test_r_end_5_most_vp_wins_then_marks_left_then_shared():
    state = drafted(3)
    for p in state.players:
        p.marks = 0
    state.players[0].vp, state.players[1].vp, state.players[2].vp = 30, 30, 10
    state.current = 2  # the bank mark goes to the last-placed player
    after, events = _game_end(state)
    assert after.phase == "over" and after.to_move is None
    assert after.winners == [0, 1]
    scores = tuple(PlayerVP(player=p.name, vp=p.vp) for p in after.players)
    assert events[-1] == GameOver(winners=(after.players[0].name, after.players[1].name), scores=scores)
    state.players[1].marks = 3
    after, events = _game_end(state)
    assert after.winners == [1] and events[-1].winners == (after.players[1].name,)


def test_r_end_6_scores_may_go_below_zero():
    state = drafted(3)
    p = state.players[0]
    p.tiles = [tile(YELLOW, 1, dark=True, copy=k) for k in range(3)] + [tile(BROWN, 1, dark=True)]  # -8
    p.marks = 0
    after, _ = _game_end(state)
    assert after.players[0].vp < 0
    assert final_scores(after)[after.players[0].name] == after.players[0].vp


def test_breakdown_components_sum_to_the_total():
    state = drafted(3)
    state.players[0].delivered = [card("truck", 12, "KKK")]
    state.players[0].vp = 12
    after, _ = _game_end(state)
    for row in score_breakdown(after).players:
        parts = row.deliveries + sum(row.shifts) + row.marks_vp + row.cubes_vp + row.orders_vp + row.balance_vp
        assert parts == row.total
    assert score_breakdown(after).players[0].deliveries == 12


def test_final_scores_before_the_end_is_an_error():
    with pytest.raises(ValueError, match="not over"):
        final_scores(drafted(2))


def test_the_game_ends_after_the_third_shift_and_nothing_more_is_legal():
    state = drafted(2)
    while state.phase != "over":
        state, _ = apply(state, legal_actions(state)[-1])  # the bank, every time
    assert state.shift == 3 and len(state.shift_results) == 3
    assert legal_actions(state) == []
