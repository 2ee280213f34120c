"""The expert level's search: successive halving within a budget, the look-ahead as its judge."""

from __future__ import annotations

import dataclasses
import time

import pytest

import players.expert as expert_module
from players.evaluate import lead, worth, worths
from players.expert import Expert
from players.honest import Honest
from players.knowledge import determinize
from players.levels import Hard
from players.lookahead import after_move, judge, judge_to_end, own_move, play_on, quick_move
from players.rollout import play_out
from players.search import Yardstick
from rules import advance, apply, view
from rules.record import Chooser

from .games import position


def _seen(phase: str = "turn", players: int = 2, seed: int = 5):
    state = position(phase, players=players, seed=seed)
    return view(state, state.players[state.current].name)


@pytest.mark.slow
def test_the_candidates_left_longest_are_judged_in_the_most_games_and_come_first():
    seen = _seen()
    first = Expert().first
    # Three rounds' look-aheads: twelve candidates in `first` games, six in twice, three in four times.
    judged = Expert(budget=None, tree_from=None, lookaheads=(12 + 6 + 6) * first, deepen=0.0).evaluate(
        seen, 3
    )  # the flat search
    assert len(judged) == 12  # normal's twelve best, each judged at least in the first round
    games = [j.games for j in judged]
    assert games == sorted(games, reverse=True)  # dropped later, judged more
    # The last ones standing were judged in two rounds more than the first dropped.
    assert games[0] == 4 * first and games[-1] == first
    # Within each round's group, best lead first.
    for a, b in zip(judged, judged[1:], strict=False):
        if a.games == b.games:
            assert a.lead >= b.lead
    world = determinize(seen, 3, deduce=True)
    for j in judged:
        apply(world, j.action)  # legal (raises if not)


@pytest.mark.slow
def test_in_the_expert_s_look_ahead_the_seat_plays_the_normal_move_and_its_rivals_the_quick_move():
    # The seat's own placements by `own_move` (draws and every mining space open to it), the rivals'
    # by the quick move; hard's look-ahead (no seat given) plays the quick move for everyone.
    differ = draws = played = 0
    for seed in range(4):
        seen = _seen(players=2 + seed % 3, seed=seed + 20)
        world = determinize(seen, seed, deduce=True)
        seat = world.current
        start = after_move(world, own_move(world))
        state, placements = start, 2 * len(world.players)
        for _ in range(placements):
            if state.phase == "over":
                break
            if state.current == seat:
                mine, quick = own_move(state), quick_move(state)
                differ += mine != quick
                draws += getattr(mine, "space", None) == "draw"
                state = after_move(state, mine)
            else:
                state = advance(state, quick_move(state))
        assert play_on(start, placements, seat) == state
        played += play_on(start, placements) != state
    assert differ and draws and played  # the two policies are not the same: the test would see a swap


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "rivals_normal", "everyone"),
    [(3, 3, True), (2, 3, False), (2, 2, True)],  # the rivals' normal move from `rivals_normal` players up
)
def test_each_lead_is_the_mean_of_the_look_ahead_in_the_sampled_games(players, rivals_normal, everyone):
    seen = _seen(players=players, seed=8 if players > 2 else 7)  # seed 7: the rival's moves differ by policy
    expert = Expert(budget=None, tree_from=None, rivals_normal=rivals_normal, deepen=0.0)  # the flat search alone
    expert = dataclasses.replace(expert, lookaheads=2 * expert.candidates * expert.first)
    judged = expert.evaluate(seen, 11)
    dropped = [c for c in judged if c.games == expert.first]  # dropped after the first round
    assert dropped and dropped[-1] == judged[-1]
    worlds = [determinize(seen, 11 + 7919 * k, deduce=True) for k in range(expert.first)]
    placements = expert.rounds * len(seen.players)
    best = expert.best_rival if players > 2 else None
    for c in dropped:  # judged in the first `first` games
        leads = [judge(w, c.action, seen.current, placements, best, everyone) for w in worlds]
        assert abs(c.lead - sum(leads) / len(leads)) < 1e-9


@pytest.mark.slow
def test_with_three_or_four_players_the_look_ahead_judges_the_lead_over_the_best_rival():
    # Only the best rival stands between a seat and the win; hard's look-ahead (and the expert's with two
    # players, where the best rival is the mean) judges the lead over a mix of the best and the mean.
    assert lead([50.0, 70.0, 40.0, 30.0], 0, best=1.0) == -20.0
    assert lead([50.0, 70.0, 40.0, 30.0], 0) == 50.0 - 0.5 * 70.0 - 0.5 * 140.0 / 3
    differ = 0
    policies = {2: 0, 3: 0, 4: 0}
    for players in (2, 3, 4):
        seen = _seen(players=players, seed=5)
        world = determinize(seen, 4, deduce=True)
        seat, placements = seen.current, 2 * players
        action = own_move(world)
        end = play_on(after_move(world, action), placements, seat)
        values = worths(end)
        rivals = [v for k, v in enumerate(values) if k != seat]
        assert judge(world, action, seat, placements) == worth(end, seat)
        assert judge(world, action, seat, placements, 1.0) == values[seat] - max(rivals)
        # The expert's leads are these judgements: each candidate's mean over the two games it was judged in.
        expert = Expert(
            budget=None, tree_from=None, lookaheads=2 * Expert().candidates, deepen=0.0
        )  # the flat search alone
        judged = expert.evaluate(seen, 4)
        worlds = [determinize(seen, 4 + 7919 * k, deduce=True) for k in range(2)]
        best = 1.0 if players > 2 else None
        assert judged and all(j.games == 2 for j in judged)
        for j in judged:
            mine = [judge(w, j.action, seat, placements, best, everyone=players > 2) for w in worlds]
            assert abs(j.lead - sum(mine) / 2) < 1e-9
            # The other rivals' policy (quick at 3-4 players, normal at 2) would judge differently.
            other = [judge(w, j.action, seat, placements, best, everyone=players == 2) for w in worlds]
            policies[players] += abs(j.lead - sum(other) / 2) > 1e-9
        differ += players > 2 and values[seat] - max(rivals) != worth(end, seat)
    assert differ  # the two judgements differ in these positions: the test would see a swap
    assert all(policies.values())  # so would a swap of the rivals' policy, at every table size


def test_with_three_or_four_players_the_rivals_in_the_expert_s_look_ahead_play_the_normal_move():
    # Six of a four-player look-ahead's eight placements are the rivals'. By the quick move (the largest
    # and the smallest mining space, no draws) they never contest a draw space or a middle mining space,
    # so the look-ahead misjudges the moves they would take from the seat. With two players the rival
    # keeps the quick move (the two-player duels were measured with it).
    differ = 0
    for players in (3, 4):
        seen = _seen(players=players, seed=12)
        world = determinize(seen, 4, deduce=True)
        seat, placements = seen.current, 2 * players
        start = after_move(world, own_move(world))
        state = start
        for _ in range(placements):
            if state.phase == "over":
                break
            state = after_move(state, own_move(state))
        assert play_on(start, placements, seat, everyone=True) == state
        differ += play_on(start, placements, seat) != state
    assert differ  # the two rival policies differ in these positions: the test would see a swap
    # That the expert's leads use these look-aheads at three and four players (and the quick rivals at
    # two) is asserted by test_with_three_or_four_players_the_look_ahead_judges_the_lead_over_the_best_rival.


@pytest.mark.slow
def test_a_decision_keeps_to_its_cpu_budget():
    seen = _seen(players=4, seed=2)
    start = time.process_time()
    judged = Expert(budget=0.6).evaluate(seen, 1)
    spent = time.process_time() - start
    assert spent < 0.6 + 0.25  # checked between look-aheads of a few milliseconds (plus the ranking)
    assert judged and sum(j.games for j in judged) >= 2  # it judged, within the budget


def test_a_budget_spent_within_the_first_round_still_gives_a_judged_move():
    # A slow or loaded machine: the CPU budget runs out before every candidate is judged once. The
    # candidates judged in no game are left out (their mean lead would divide by zero).
    seen = _seen(players=4, seed=2)
    judged = Expert(budget=None, tree_from=None, lookaheads=3, deepen=0.0).evaluate(seen, 1)
    assert [j.games for j in judged] == [1, 1, 1]
    assert Expert(budget=0.0).evaluate(seen, 1)[0].games == 1  # four players: the flat search's first look-ahead


@pytest.mark.slow
def test_the_expert_judges_more_candidates_in_more_games_than_hard():
    # What makes it stronger than hard (README, duels): hard judges four candidates in four games.
    seen = _seen(seed=9)
    assert len(Hard().evaluate(seen, 2)) <= 4
    assert max(j.games for j in Expert(budget=None, tree_from=None, lookaheads=200).evaluate(seen, 2)) > 4


def test_games_are_sampled_one_at_a_time_between_look_aheads(monkeypatch):
    # A round's games were once all sampled before its first look-ahead: a decision out of budget still
    # paid for them (a 2.08 s decision in a four-player duel). Now each is sampled when first judged in.
    sampled = []

    def counting(view, seed, deduce=False):
        sampled.append(seed)
        return determinize(view, seed, deduce=deduce)

    monkeypatch.setattr(expert_module, "determinize", counting)
    seen = _seen(players=4, seed=2)
    expert = Expert(
        budget=None, tree_from=None, lookaheads=Expert().candidates + 1, deepen=0.0
    )  # the first game, then one more
    judged = expert.evaluate(seen, 5)
    assert sum(j.games for j in judged) == expert.lookaheads
    assert len(sampled) == 2  # the first game and the second, not the round's four


@pytest.mark.slow
def test_with_few_placements_left_the_look_ahead_plays_to_the_end_and_judges_the_final_score():
    """Issue 53 (`finish`): within the last `finish` placements of the game a look-ahead plays on to the
    end, and a candidate's lead is the final VP difference in the sampled games, not the evaluation's."""
    from players.endgames import opening

    seen = None
    for seed in range(3):
        state = opening("normal", seed, 6)
        seen = view(state, state.players[state.current].name)
        if len(Expert(budget=None, tree_from=None, lookaheads=1).evaluate(seen, 1)) > 1:  # a decision with a choice
            break
    assert seen is not None and seen.shift == 3
    expert = Expert(budget=None, tree_from=None, finish=8, deepen=0.0)  # the flat search alone
    expert = dataclasses.replace(expert, lookaheads=2 * expert.candidates * expert.first)
    judged = expert.evaluate(seen, 5)
    last = judged[-1]
    worlds = [determinize(seen, 5 + 7919 * k, deduce=True) for k in range(expert.first)]
    ends = [play_on(after_move(w, last.action), 10**6, seen.current) for w in worlds]
    assert all(end.phase == "over" for end in ends)
    finals = [end.players[seen.current].vp - end.players[1 - seen.current].vp for end in ends]
    assert abs(last.lead - sum(finals) / len(finals)) < 1e-9
    short = dataclasses.replace(expert, finish=0).evaluate(seen, 5)  # two rounds, judged
    assert [j.lead for j in short] != [j.lead for j in judged]


@pytest.mark.slow  # over a second
def test_the_expert_judges_the_flat_searchs_best_moves_again_by_the_paired_tree_search():
    """Issue 53 (`deepen`, half the budget): the flat search's best three, judged again by the yardstick's
    paired tree search, come first in its order; the level plays the tree's most visited."""
    seen = _seen(players=2, seed=7)
    flat = Expert(budget=None, tree_from=None, lookaheads=30, deepen=0.0).evaluate(seen, 5)
    deep = Expert(budget=None, tree_from=None, lookaheads=60).evaluate(seen, 5)  # 30 look-aheads, then the tree
    best = [j.action for j in flat[:3]]
    tree = dataclasses.replace(Yardstick(budget=None), iterations=8).evaluate(seen, 5, best)  # 0.5 · 60 / 4
    assert [(j.action, j.lead, j.games) for j in deep[:3]] == tree
    assert {str(a) for a in best} == {str(j.action) for j in deep[:3]} and sum(j.games for j in deep[:3]) == 8
    assert deep[3:] == flat[3:]  # the rest as the flat search left them
    assert Expert(budget=None, tree_from=None, lookaheads=60).choose(seen, 5) == tree[0][0]


@pytest.mark.slow  # over a second
def test_the_trees_playouts_can_play_the_normal_move_for_duels():
    """Issue 53's third idea after deepening (`deepen_playout`): the tree over the flat search's best three plays
    its playouts by the normal level's move; by default the yardstick's quick move, as measured."""
    seen = _seen(players=2, seed=7)
    best = [j.action for j in Expert(budget=None, tree_from=None, lookaheads=30, deepen=0.0).evaluate(seen, 5)[:3]]
    normal = dataclasses.replace(Yardstick(budget=None), iterations=8, playout="normal").evaluate(seen, 5, best)
    deep = Expert(budget=None, tree_from=None, lookaheads=60, deepen_playout="normal").evaluate(seen, 5)
    assert [(j.action, j.lead, j.games) for j in deep[:3]] == normal
    level = Expert(budget=None, tree_from=None, lookaheads=60).evaluate(seen, 5)
    assert [j.lead for j in level[:3]] != [j.lead for j in deep[:3]]  # the quick move's playouts, by default
    with pytest.raises(ValueError, match="deepen_playout"):
        Expert(deepen_playout="random")


@pytest.mark.slow  # over a second
def test_with_three_or_four_players_the_expert_does_not_deepen_where_it_was_not_measured():
    # Deepening was measured at two players; at three and four the flat search has the whole budget.
    for players in (3, 4):
        seen = _seen(players=players, seed=7)
        level = Expert(budget=None, tree_from=None, lookaheads=40).evaluate(seen, 5)
        assert level == Expert(budget=None, tree_from=None, lookaheads=40, deepen=0.0).evaluate(seen, 5)
        assert level != Expert(budget=None, tree_from=None, lookaheads=40, deepen_players=4).evaluate(
            seen, 5
        )  # would differ


@pytest.mark.parametrize(("budget", "deepens"), [(0.25, False), (0.5, True)])
def test_below_half_a_second_the_expert_keeps_the_flat_search_alone(monkeypatch, budget, deepens):
    """At 0.25 s deepening won 41 of 100 two-player games against the yardstick where the flat search won 54
    of the same (docs/computer-players.md): below `deepen_from` the flat search has the whole budget."""
    shares: list[float] = []
    deepened_runs: list[bool] = []
    flat, deepened = Expert._flat, Expert._deepened

    def spied_flat(self, view, seed, start, share):
        shares.append(share)
        return flat(self, view, seed, start, share)

    def spied_deepened(self, view, seed, start, judged):
        deepened_runs.append(True)
        return deepened(self, view, seed, start, judged)

    monkeypatch.setattr(Expert, "_flat", spied_flat)
    monkeypatch.setattr(Expert, "_deepened", spied_deepened)
    started = time.process_time()
    Expert(budget=budget).evaluate(_seen(players=2, seed=7), 5)
    assert time.process_time() - started < budget + 0.3  # the budget is kept either way
    assert shares == ([0.5] if deepens else [1.0])
    assert bool(deepened_runs) == deepens


@pytest.mark.slow  # over a second
def test_the_expert_may_deepen_with_the_honest_tree_for_duels():
    """Issue 77 (`deepen_tree`): the flat search's best three judged again by the honest search's tree (playouts
    to the end by the light policy); by default the yardstick's paired tree, as measured."""
    seen = _seen(players=2, seed=7)
    best = [j.action for j in Expert(budget=None, tree_from=None, lookaheads=30, deepen=0.0).evaluate(seen, 5)[:3]]
    honest = Honest(iterations=30).evaluate(seen, 5, best)  # 0.5 · 60 playouts
    deep = Expert(budget=None, tree_from=None, lookaheads=60, deepen_tree="honest").evaluate(seen, 5)
    assert [(j.action, j.lead, j.games) for j in deep[:3]] == honest
    assert sum(j.games for j in deep[:3]) == 30
    with pytest.raises(ValueError, match="deepen_tree"):
        Expert(deepen_tree="oak")


def test_the_flat_search_may_judge_its_candidates_by_light_playouts_to_the_end_for_duels():
    """Issue 77 (`playout`): each candidate played to the end of the game by the light policy instead of a
    look-ahead of two rounds, every candidate of a sampled game with the same playout seed (the luck of the
    playout shared as the luck of the deal is); by default the look-ahead, as measured."""
    seen = _seen(players=2, seed=7)
    first = Expert().first
    judged = Expert(budget=None, tree_from=None, lookaheads=12 * first, deepen=0.0, playout="light").evaluate(seen, 5)
    assert len(judged) == 12 and {j.games for j in judged} == {first}  # the first round, every candidate
    worlds = [determinize(seen, 5 + 7919 * k, deduce=True) for k in range(first)]
    for j in judged:
        leads = [judge_to_end(worlds[k], j.action, seen.current, Chooser(5 * 31 + k)) for k in range(first)]
        assert j.lead == pytest.approx(sum(leads) / first)
    # a playout to the end reaches the final VP: the lead is the final score's, not the evaluation's
    end = play_out(after_move(worlds[0], judged[0].action), Chooser(5 * 31))
    assert end.phase == "over"
    assert judge_to_end(worlds[0], judged[0].action, seen.current, Chooser(5 * 31)) == lead(
        [float(p.vp) for p in end.players], seen.current
    )
    looked = Expert(budget=None, tree_from=None, lookaheads=12 * first, deepen=0.0).evaluate(seen, 5)
    assert [j.lead for j in looked] != [j.lead for j in judged]
    with pytest.raises(ValueError, match="playout"):
        Expert(playout="heavy")


@pytest.mark.slow  # over a second
def test_at_two_player_tables_the_expert_plays_the_honest_tree_scored_by_the_lead_alone():
    """Issue 77 (`tree_from`): a two-player decision is the honest search's, its reward the squashed lead alone
    (it won 57 of 100 against the honest search at 1.5 s each, where the flat search with deepening won 44.5): the
    tree's moves, most visited first, with their playouts' mean lead and visits; the level plays the first."""
    seen = _seen(players=2, seed=7)
    judged = Expert(budget=None, lookaheads=30).evaluate(seen, 5)
    tree = Honest(iterations=30, win=0.0).evaluate(seen, 5)
    assert [(j.action, j.lead, j.games) for j in judged] == tree
    assert sum(j.games for j in judged) == 30 and len(judged) > 1
    assert Expert(budget=None, lookaheads=30).choose(seen, 5) == tree[0][0]
    assert judged != Expert(budget=None, lookaheads=30, tree_from=None).evaluate(seen, 5)  # not the flat search
    with_win = Expert(budget=None, lookaheads=30, tree_win=0.5).evaluate(seen, 5)
    assert [(j.action, j.lead, j.games) for j in with_win] == Honest(iterations=30).evaluate(seen, 5)


@pytest.mark.slow  # over a second
def test_with_three_or_four_players_the_expert_keeps_its_flat_search_where_the_tree_was_not_measured():
    for players in (3, 4):
        seen = _seen(players=players, seed=7)
        level = Expert(budget=None, lookaheads=40).evaluate(seen, 5)
        assert level == Expert(budget=None, lookaheads=40, tree_from=None).evaluate(seen, 5)
        assert level != Expert(budget=None, lookaheads=40, tree_players=4).evaluate(seen, 5)  # the tree would differ


@pytest.mark.parametrize(("budget", "tree_from", "by_tree"), [(0.5, 1.0, False), (1.0, 1.0, True), (1.5, None, False)])
def test_below_a_second_the_expert_keeps_its_flat_search(monkeypatch, budget, tree_from, by_tree):
    """At 0.5 s each the flat search with deepening beat the honest search (56 of 100), at 1.5 s it lost (44.5 of
    100): the tree has the decision from `tree_from` seconds, and not at all with None."""
    ran: list[str] = []
    monkeypatch.setattr(Expert, "_by_tree", lambda self, view, seed: ran.append("tree") or [])
    monkeypatch.setattr(Expert, "_flat", lambda self, view, seed, start, share: ran.append("flat") or [])
    Expert(budget=budget, tree_from=tree_from).evaluate(_seen(players=2, seed=7), 5)
    assert ran == (["tree"] if by_tree else ["flat"])


@pytest.mark.slow  # over a second
def test_a_tree_that_visited_no_move_leaves_the_decision_to_the_flat_search_within_the_same_budget(monkeypatch):
    seen = _seen(players=2, seed=7)
    monkeypatch.setattr(Honest, "evaluate", lambda self, view, seed, moves=None: [])
    flat = Expert(budget=None, lookaheads=30, tree_from=None, deepen=0.0).evaluate(seen, 5)
    assert Expert(budget=None, lookaheads=30).evaluate(seen, 5) == flat

    def spent(self, view, seed, moves=None):  # a tree that used its whole budget and visited nothing
        started = time.process_time()
        while time.process_time() - started < 1.0:
            pass
        return []

    monkeypatch.setattr(Honest, "evaluate", spent)
    started = time.process_time()
    judged = Expert(budget=1.0).evaluate(seen, 5)
    assert judged and time.process_time() - started < 1.3  # the flat search's first look-ahead, not a new budget
