"""`best_move` is the first of `rank`'s moves, found faster (the look-ahead's quick move uses it)."""

from __future__ import annotations

import pytest

from players.knowledge import determinize
from players.ranking import best_move, rank
from rules import TakeMoney, view
from rules.state import copy_model

from .games import NAMES, play


@pytest.mark.slow
def test_best_move_is_rank_s_first_move_in_every_position_of_seeded_games():
    # To the end of the game, where the money spaces and the bank are all judged (only VP count then).
    compared = 0
    for players in (2, 3, 4):
        final, moves = play(["normal"] * players, seed=40 + players)
        assert final.phase == "over"
        for k, (state, _) in enumerate(moves):
            world = determinize(view(state, NAMES[state.current]), k)
            for quick in (True, False):
                options = dict(visits=1, per_space=1, draws=False) if quick else {}
                assert best_move(world, **options) == rank(world, **options)[0].action, (players, k, quick)
                compared += 1
    assert compared > 300


def test_where_the_move_ends_the_game_a_poorer_money_space_is_judged_too():
    # The last worker of the game, 7 marks: money 4 (11 marks) and money 6 (13) both end at 2 VP for
    # marks, and only VP count once the game is over, so rank keeps the first of the equals, money 4.
    # Skipping money 4 as "fewer marks for as many workers" would play money 6 instead.
    _, moves = play(["normal", "normal"], seed=42)
    state = [s for s, _ in moves if s.phase == "turn" and s.shift == 3][-1]
    world = determinize(view(state, NAMES[state.current]), 1)
    players = [
        copy_model(p, {"workers": 1, "marks": 7} if k == world.current else {"workers": 0})
        for k, p in enumerate(world.players)
    ]
    empty = {"space_workers": [0] * len(world.space_workers), "space_owner": [-1] * len(world.space_owner)}
    world = copy_model(world, {"players": players, **empty})
    ranked = rank(world, visits=1, per_space=1, draws=False)
    assert [str(s.action) for s in ranked[:2]] == ["money 4", "money 6"] and ranked[0].value == ranked[1].value
    assert best_move(world, visits=1, per_space=1, draws=False) == TakeMoney(amount=4)
