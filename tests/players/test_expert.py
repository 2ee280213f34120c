"""The expert level's search: successive halving within a budget, hard's look-ahead as its judge."""

from __future__ import annotations

import time

from players.evaluate import time_left, worths
from players.expert import Expert
from players.knowledge import determinize
from players.levels import Hard
from players.lookahead import after_move, play_on
from rules import apply, view

from .games import position


def _seen(phase: str = "turn", players: int = 2, seed: int = 5):
    state = position(phase, players=players, seed=seed)
    return view(state, state.players[state.current].name)


def test_the_candidates_left_longest_are_judged_in_the_most_games_and_come_first():
    seen = _seen()
    first = Expert().first
    # Three rounds' look-aheads: twelve candidates in `first` games, six in twice, three in four times.
    judged = Expert(budget=None, lookaheads=(12 + 6 + 6) * first).evaluate(seen, 3)
    assert len(judged) == 12  # normal's twelve best, each judged at least in the first round
    games = [j.games for j in judged]
    assert games == sorted(games, reverse=True)  # dropped later, judged more
    # The last ones standing were judged in two rounds more than the first dropped.
    assert games[0] == 4 * first and games[-1] == first
    # Within each round's group, best first by what the search counted.
    for a, b in zip(judged, judged[1:], strict=False):
        if a.games == b.games:
            assert a.count >= b.count
    world = determinize(seen, 3)
    for j in judged:
        apply(world, j.action)  # legal (raises if not)


def test_each_lead_is_the_mean_of_hard_s_look_ahead_in_the_sampled_games_counted_against_the_best_rival():
    seen = _seen(players=3, seed=8)
    expert = Expert(budget=None)
    expert = Expert(budget=None, lookaheads=2 * expert.candidates * expert.first)  # past the first halving
    judged = expert.evaluate(seen, 11)
    last = judged[-1]  # dropped after the first round: judged in the first `first` games
    assert last.games == expert.first
    worlds = [determinize(seen, 11 + 7919 * k) for k in range(expert.first)]
    placements = expert.rounds * len(seen.players)
    seat = seen.current
    leads, counts = [], []
    for w in worlds:
        end = play_on(after_move(w, last.action), placements)  # hard's look-ahead
        values = worths(end)
        leads.append(values[seat] - max(v for k, v in enumerate(values) if k != seat))  # not the rivals' mean
        counts.append(expert.counted(leads[-1], time_left(end, end.players[seat])))
    assert abs(last.lead - sum(leads) / len(leads)) < 1e-9  # what a hint tells: VP
    assert abs(last.count - sum(counts) / len(counts)) < 1e-9  # what the search ranks by


def test_a_win_counts_more_than_its_size_and_the_more_so_the_later_in_the_game():
    counted = Expert().counted
    for left in (1.0, 0.5, 0.0):
        # Larger leads are still better, smaller deficits too: the count only ever rises with the lead.
        values = [counted(m, left) for m in range(-60, 61, 5)]
        assert values == sorted(values) and len(set(values)) == len(values)
        assert counted(0.0, left) == 0.0 and counted(-20.0, left) == -counted(20.0, left)
    # At the start a lead counts nearly its VP; at the end 30 VP more than a 10 VP lead counts less
    # than the 5 VP between a narrow loss and a narrow win.
    assert counted(10.0, 1.0) > 9.5
    assert counted(40.0, 0.0) - counted(10.0, 0.0) < counted(2.5, 0.0) - counted(-2.5, 0.0)


def test_a_decision_keeps_to_its_cpu_budget():
    seen = _seen(players=4, seed=2)
    start = time.process_time()
    judged = Expert(budget=0.3).evaluate(seen, 1)
    spent = time.process_time() - start
    assert spent < 0.3 + 0.25  # checked between look-aheads of a few milliseconds (plus the ranking)
    assert judged and judged[0].games >= 2


def test_the_expert_judges_more_candidates_in_more_games_than_hard():
    # What makes it stronger than hard (README, duels): hard judges four candidates in four games.
    seen = _seen(seed=9)
    assert len(Hard().evaluate(seen, 2)) <= 4
    assert max(j.games for j in Expert(budget=None, lookaheads=200).evaluate(seen, 2)) > 4


def test_with_two_players_a_lead_counts_its_vp_and_with_more_it_is_counted():
    for players, counted in ((2, False), (3, True), (4, True)):
        seen = _seen(players=players, seed=6)
        expert = Expert()
        world = determinize(seen, 4)
        action = Expert(budget=None, lookaheads=48).choose(seen, 4)
        margin, count = expert.judge(world, action, seen.current, expert.rounds * players)
        end = play_on(after_move(world, action), expert.rounds * players)
        assert count == (expert.counted(margin, time_left(end, end.players[seen.current])) if counted else margin)
        assert (count != margin) == (counted and margin != 0)
