"""The expert level's search: successive halving within a budget, hard's look-ahead as its judge."""

from __future__ import annotations

import time

from players.evaluate import worth
from players.expert import Expert, placements_left
from players.knowledge import determinize
from players.levels import Hard
from players.lookahead import after_move, judge, play_on
from rules import apply, view

from .games import play, position


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
    # Within each round's group, best lead first.
    for a, b in zip(judged, judged[1:], strict=False):
        if a.games == b.games:
            assert a.lead >= b.lead
    world = determinize(seen, 3)
    for j in judged:
        apply(world, j.action)  # legal (raises if not)


def test_each_lead_is_the_mean_of_hard_s_look_ahead_in_the_sampled_games():
    seen = _seen(players=3, seed=8)
    expert = Expert(budget=None)
    expert = Expert(budget=None, lookaheads=2 * expert.candidates * expert.first)  # past the first halving
    judged = expert.evaluate(seen, 11)
    last = judged[-1]  # dropped after the first round: judged in the first `first` games
    assert last.games == expert.first
    worlds = [determinize(seen, 11 + 7919 * k) for k in range(expert.first)]
    placements = expert.rounds * len(seen.players)
    leads = [judge(w, last.action, seen.current, placements) for w in worlds]
    assert abs(last.lead - sum(leads) / len(leads)) < 1e-9


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


def _late(left: int, seed: int = 5):
    """A two-player normal game's view with `left` worker placements still to come, at a placement."""
    state, _ = play(["normal", "normal"], seed, lambda s: s.phase == "turn" and placements_left(s) <= left)
    assert state.phase == "turn"
    return view(state, state.players[state.current].name)


def test_late_in_the_game_the_look_ahead_plays_on_to_the_end_and_judges_the_real_final_scores():
    # Near the end the evaluation's guesses (orders still to fill, majorities still to score) are
    # replaced by the game played out: R-END-1's final scoring, the real VP difference (an integer
    # with two players).
    expert = Expert(budget=None, lookaheads=48)
    late = _late(expert.to_end - 6)
    judged = expert.evaluate(late, 4)
    assert all(abs(j.lead * j.games - round(j.lead * j.games)) < 1e-9 for j in judged)
    worlds = [determinize(late, 4 + 7919 * k) for k in range(expert.first)]
    last = judged[-1]
    assert last.games == expert.first
    finals = [play_on(after_move(w, last.action), 10_000) for w in worlds]
    assert all(f.phase == "over" for f in finals)
    assert abs(last.lead - sum(worth(f, late.current) for f in finals) / len(finals)) < 1e-9
    # The same position judged two rounds ahead only: the leads are the evaluation's estimates.
    shallow = Expert(budget=None, lookaheads=48, to_end=0).evaluate(late, 4)
    assert any(abs(j.lead * j.games - round(j.lead * j.games)) > 1e-6 for j in shallow)
    # Earlier in the game the default looks two rounds ahead, as hard does.
    assert placements_left(_seen(seed=5)) > expert.to_end
