"""The search yardstick's levers (issue 53): a CPU budget, progressive widening by the static ranking, playouts
cut off and judged, and levels named with another budget ("expert@0.5") or other lever values
("yardstick:widen=0.7")."""

from __future__ import annotations

import time

import pytest

from players import by_level
from players.__main__ import main
from players.evaluate import lead, worths
from players.knowledge import determinize
from players.lookahead import play_on
from players.ranking import rank
from players.search import Search
from rules import view
from rules.record import Chooser

from .games import position


def test_a_search_with_a_cpu_budget_stops_near_it_after_several_iterations():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    search = Search(budget=0.2, playout="quick", cutoff=6)
    started = time.process_time()
    judged = search.evaluate(seen, 3)
    spent = time.process_time() - started
    assert 0.2 <= spent < 0.6, spent  # one iteration over the budget at most
    assert sum(visits for _, _, visits in judged) > 3


def test_widening_offers_the_statically_best_move_first():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    best = rank(determinize(seen, 4))[0].action
    narrow = Search(iterations=12, widen=0.0)  # 1 + 0·√n: the root only ever offers its best-ranked move
    assert narrow.choose(seen, 4) == best
    wider = Search(iterations=40, widen=2.0).evaluate(seen, 4)
    assert 1 < len(wider) <= 1 + int(2.0 * 41**0.5)


def test_a_paired_search_judges_every_root_move_in_the_same_sampled_games(monkeypatch):
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    dealt: list[int] = []  # the seed of each sampled game, in order
    games: dict[str, list[int]] = {}  # root move -> the sampled games it was played in
    deal, iterate = determinize, Search._iterate

    def dealing(view, seed, deduce=False):
        dealt.append(seed)
        return deal(view, seed, deduce)

    def recording(self, root, world, seat, chooser, first=None):
        games.setdefault(str(first), []).append(dealt[-1])
        return iterate(self, root, world, seat, chooser, first)

    monkeypatch.setattr("players.search.determinize", dealing)
    monkeypatch.setattr(Search, "_iterate", recording)
    judged = Search(iterations=60, cutoff=4, paired=True).evaluate(seen, 9)
    assert len(judged) > 3 and "None" not in games
    for seeds in games.values():  # every root move's j-th visit is in the j-th sampled game
        assert seeds == [9 + 7919 * j for j in range(len(seeds))]
    games.clear()
    Search(iterations=60, cutoff=4).evaluate(seen, 9)  # unpaired: every iteration a new game
    assert games == {"None": [9 + 7919 * k for k in range(60)]}


def test_a_cut_off_playout_is_judged_by_the_evaluation_and_its_moves_are_legal():
    state = position("turn", players=2, seed=7)
    seen = view(state, state.players[state.current].name)
    judged = Search(iterations=15, playout="quick", cutoff=4, deduce=True).evaluate(seen, 1)
    assert judged and all(visits > 0 for _, _, visits in judged)


def test_a_normal_playout_plays_the_normal_levels_move_a_draw_space_with_its_best_choice():
    state = position("turn", players=2, seed=7)
    world = determinize(view(state, state.players[state.current].name), 2)
    search = Search(playout="normal", cutoff=3, noise=0.0)
    _, leads = search._rollout(world, Chooser(1))
    played = play_on(world, 3, everyone=True)  # everyone's own_move, a draw's choice by best_keep
    vp = worths(played)
    assert leads == [lead(vp, k, best=1.0) for k in range(len(vp))]
    _, quick = Search(playout="quick", cutoff=3, noise=0.0)._rollout(world, Chooser(1))
    assert quick != leads  # the quick move's playout reaches another position here


def test_a_level_with_another_budget_or_other_field_values_by_name():
    expert = by_level("expert@0.5")
    assert expert.budget == 0.5 and expert.level == "expert@0.5"
    assert by_level("yardstick@0.25").budget == 0.25
    search = by_level("yardstick@0.25:widen=0.7:explore=0.35:cutoff=none:deduce=false")
    assert (search.budget, search.widen, search.explore, search.cutoff, search.deduce) == (0.25, 0.7, 0.35, None, False)
    assert search.level == "yardstick@0.25:widen=0.7:explore=0.35:cutoff=none:deduce=false"
    assert by_level("expert:finish=8").finish == 8
    assert by_level("yardstick").widen == 2.0  # the level itself is unchanged


@pytest.mark.parametrize(
    ("level", "refusal"),
    [
        ("easy@1", "has no CPU budget"),
        ("expert@fast", "not a number"),
        ("expert@600", "at most 60"),
        ("easy:noise=0", "has no fields to set"),
        ("yardstick:speed=2", "one of yardstick's fields"),
        ("yardstick:cutoff=1.5", "not a value of cutoff"),
        ("yardstick:deduce=yes", "not a value of deduce"),
        ("yardstick:playout=smart", "greedy, quick or normal"),
    ],
)
def test_a_bad_level_name_is_refused(level, refusal):
    with pytest.raises(ValueError, match=refusal):
        by_level(level)


@pytest.mark.parametrize(
    ("level", "line"),
    [
        ("expert@fast", "'fast' is not a number of seconds"),
        ("yardstick:widen=wide", "'wide' is not a value of widen (float | None)"),
    ],
)
def test_the_duel_command_refuses_a_bad_level_in_one_line(capsys, level, line):
    with pytest.raises(SystemExit) as exit_:
        main(["duel", "--levels", f"{level},easy", "--games", "1"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(line)
