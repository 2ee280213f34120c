"""A league's pairings and standings (games.swiss) on the hard cases: an odd count, everyone tied, repeats
that cannot be avoided, shared places, and each tie-break."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from games.swiss import (
    BYE_POINTS,
    Entrant,
    TableResult,
    met_pairs,
    pair_of,
    pair_round,
    placing_points,
    round_robin,
    standings,
    table_sizes,
)


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [(9, 3, [3, 3, 3]), (10, 4, [4, 3, 3]), (9, 4, [3, 3, 3]), (7, 3, [3, 2, 2]), (5, 2, [2, 2, 1]), (1, 3, [1])],
)
def test_tables_are_as_few_and_as_even_as_may_be(count, size, sizes):
    assert table_sizes(count, size) == sizes
    assert sum(sizes) == count and max(sizes) <= size


def _seated(pairing) -> list[int]:
    return sorted([p for t in pairing.tables for p in t] + ([pairing.bye] if pairing.bye is not None else []))


def test_an_odd_count_gives_the_bye_to_the_lowest_ranked_who_had_fewest():
    entrants = [Entrant(u, points=float(10 - u)) for u in range(1, 8)]  # 1 is best, 7 is last
    first = pair_round(entrants, {}, 2)
    assert first.bye == 7 and _seated(first) == list(range(1, 8)) and len(first.tables) == 3
    had = [Entrant(u, points=float(10 - u), byes=1 if u == 7 else 0) for u in range(1, 8)]
    second = pair_round(had, met_pairs(first.tables), 2)
    assert second.bye == 6  # 7 had one already
    assert second.repeats == 0


def test_swiss_seats_the_leaders_together():
    entrants = [
        Entrant(u, points=p)
        for u, p in [(1, 6.0), (2, 6.0), (3, 6.0), (4, 3.0), (5, 3.0), (6, 3.0), (7, 0.0), (8, 0.0), (9, 0.0)]
    ]
    pairing = pair_round(entrants, {}, 3)
    assert [set(t) for t in pairing.tables] == [{1, 2, 3}, {4, 5, 6}, {7, 8, 9}]


def test_everyone_tied_for_four_rounds_of_nine_at_threes_meets_nobody_twice():
    """Nine players at tables of three can play four rounds without meeting twice (the affine plane of
    order 3); the search finds them with everyone on equal points each round."""
    met: Counter = Counter()
    for _ in range(4):
        pairing = pair_round([Entrant(u) for u in range(9)], met, 3)
        assert pairing.repeats == 0 and _seated(pairing) == list(range(9))
        met.update(met_pairs(pairing.tables))
    assert len(met) == 36 and max(met.values()) == 1  # every pair once


def test_repeats_that_cannot_be_avoided_are_as_few_as_may_be():
    """Four players at tables of two have three rounds of new pairs; the fourth must repeat both pairs, and
    the round is still paired whole."""
    met: Counter = Counter()
    for _ in range(3):
        pairing = pair_round([Entrant(u) for u in range(4)], met, 2)
        assert pairing.repeats == 0
        met.update(met_pairs(pairing.tables))
    fourth = pair_round([Entrant(u) for u in range(4)], met, 2)
    assert fourth.repeats == 2 and _seated(fourth) == [0, 1, 2, 3]


def test_a_late_round_with_few_new_pairs_left_falls_back_to_the_fewest_repeats():
    met = met_pairs(itertools.combinations(range(6), 2))  # everyone has met everyone
    met.update(met_pairs([(0, 1, 2)]))
    pairing = pair_round([Entrant(u) for u in range(6)], met, 3)
    assert pairing.repeats == 6 and _seated(pairing) == list(range(6))  # every pair repeats, nothing worse


def test_a_round_robin_of_two_seats_meets_every_pair_once_with_one_bye_each_when_odd():
    rounds = round_robin([11, 12, 13, 14, 15], 2)
    assert len(rounds) == 5
    met = met_pairs(t for r in rounds for t in r.tables)
    assert len(met) == 10 and set(met.values()) == {1}
    assert sorted(r.bye for r in rounds) == [11, 12, 13, 14, 15]


def test_a_round_robin_of_threes_meets_every_pair():
    players = list(range(100, 107))
    rounds = round_robin(players, 3)
    met = met_pairs(t for r in rounds for t in r.tables)
    assert len(met) == 21  # all pairs of seven
    assert len(rounds) <= 6


@pytest.mark.parametrize(
    ("results", "points"),
    [
        ([(40, 0), (30, 0), (20, 0), (10, 0)], [3.0, 2.0, 1.0, 0.0]),
        ([(30, 0), (40, 0), (20, 0)], [1.5, 3.0, 0.0]),
        ([(30, 2), (30, 5)], [0.0, 3.0]),  # equal VP: the marks left decide (R-END-4)
        ([(30, 5), (30, 5), (20, 1), (10, 0)], [2.5, 2.5, 1.0, 0.0]),  # shared first place
        ([(30, 5), (30, 5), (30, 5)], [1.5, 1.5, 1.5]),
    ],
)
def test_places_give_points_shared_when_tied(results, points):
    assert placing_points(results) == pytest.approx(points)


def test_the_tie_breaks_are_the_vp_margin_then_buchholz():
    players = [(1, 0.0, False), (2, 0.0, False), (3, 0.0, False), (4, 0.0, False)]
    tables = [
        TableResult((1, 3), ((50, 0), (20, 0))),  # 1 wins by 30
        TableResult((2, 4), ((41, 0), (40, 0))),  # 2 wins by 1
    ]
    order = [s.user_id for s in standings(players, tables, [])]
    assert order == [1, 2, 4, 3]  # 1 and 2 on 3 points: margin; 4 and 3 on 0: margin (-1 before -30)
    again = [
        TableResult((1, 3), ((50, 0), (40, 0))),  # 1 beats 3 by 10
        TableResult((2, 4), ((50, 0), (40, 0))),  # 2 beats 4 by 10
        TableResult((3, 4), ((45, 0), (40, 0))),  # 3 beats 4: 3 has more points than 4
    ]
    lines = standings(players, again, [])
    one, two = (next(s for s in lines if s.user_id == u) for u in (1, 2))
    assert (one.points, one.margin) == (two.points, two.margin) and one.buchholz > two.buchholz
    assert [s.user_id for s in lines][:2] == [1, 2]


def test_a_withdrawn_players_table_counts_for_the_others_only_and_a_bye_gives_its_points():
    players = [(1, 0.0, False), (2, 0.0, True), (3, 0.0, False)]
    tables = [TableResult((1, 2), ((20, 0), (60, 0)), uncounted=frozenset({2}))]  # a computer finished 2's game
    lines = {s.user_id: s for s in standings(players, tables, [3])}
    assert lines[1].points == 0.0 and lines[1].margin == -40  # 1 lost to the seat, as played
    assert lines[2].points == 0.0 and lines[2].games == 0 and lines[2].withdrawn
    assert lines[3].points == BYE_POINTS and lines[3].byes == 1


def test_pairing_a_big_round_seats_everyone_once_without_repeats():
    rng = random.Random(4)
    entrants = [Entrant(u, points=float(rng.randint(0, 9)), rating=rng.random(), order=u) for u in range(500)]
    met: Counter = Counter()
    for _ in range(3):
        pairing = pair_round(entrants, met, 3)
        seated = _seated(pairing)
        assert seated == list(range(500)) and pairing.repeats == 0
        met.update(met_pairs(pairing.tables))
    assert pair_of(5, 2) == (2, 5)


def test_the_search_lets_any_player_take_the_smaller_table():
    """Eight left after a withdrawal sit at 3, 3 and 2: the only tables without a repeat put the sixth ranked
    (7) at the table of two. The search once gave each next-best player the next size in order, missed them,
    and a league repeated a pair that could have been avoided."""
    met = Counter(
        {
            pair_of(a, b): 1
            for a, b in [(5, 6), (5, 7), (6, 7), (3, 4), (0, 4), (0, 3), (1, 8), (2, 8), (1, 2)]
            + [(3, 5), (3, 8), (5, 8), (0, 7), (0, 1), (1, 7), (2, 4), (4, 6), (2, 6)]
        }
    )
    order = [1, 6, 7, 5, 2, 0, 4, 3]
    pairing = pair_round([Entrant(u, points=float(10 - k)) for k, u in enumerate(order)], met, 3)
    assert pairing.repeats == 0 and sorted(len(t) for t in pairing.tables) == [2, 3, 3]
