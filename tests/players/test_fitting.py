"""Fitting the evaluation's knobs to how games end (`players.fitting`, `python -m players fit`)."""

from __future__ import annotations

import subprocess
import sys

from players.duel import game_seed, play_game
from players.evaluate import FITTED, WEIGHTS, lead
from players.fitting import FROZEN, fit, knobs, positions_of

from .test_pool_and_cli import ROOT


def test_a_game_lists_every_position_decided_in_and_the_seat_s_final_lead():
    seen: list = []
    final = play_game(["normal", "easy"], game_seed(0, 0), positions=seen)
    assert seen[0].turn == 0 and all(s.phase != "over" for s in seen)
    assert [s.turn for s in seen] == sorted(s.turn for s in seen) and len(seen) == len({s.turn for s in seen})
    games = positions_of(["normal", "easy"], 1, 0)
    assert len(games) == 1 and games[0]
    vps = [float(p.vp) for p in final.players]
    for p in games[0]:
        assert p.state.phase in ("turn", "draw") and p.seat == p.state.current
    # the duel's game 0 with seed 0 is this game: game seed 0, levels in their order
    assert [p.state for p in games[0]] == [s for s in seen if s.phase in ("turn", "draw")]
    assert {p.final_lead for p in games[0] if p.seat == 0} == {lead(vps, 0)}


def test_the_fit_lowers_the_error_keeps_the_frozen_knobs_and_their_order():
    games = positions_of(["normal", "normal"], 8, 3)
    fitted = fit(games, rounds=3)
    training = [t for t, _ in fitted.path]
    assert len(fitted.path) == 4 and training == sorted(training, reverse=True)
    assert training[-1] < training[0]  # the descent found better knobs for the games it saw
    # and kept the round best on the games it did not see
    assert fitted.held_out == min(h for _, h in fitted.path) and fitted.path[fitted.rounds][1] == fitted.held_out
    start = knobs(WEIGHTS)
    assert all(fitted.knobs[name] == start[name] for name in FROZEN)
    k = fitted.knobs
    assert all(v >= 0 for v in k.values()) and k["ready_cost"] <= k["cart_cost"] <= k["buy_cost"]


def test_the_expert_s_knobs_keep_what_the_fit_keeps():
    assert all(knobs(FITTED)[name] == knobs(WEIGHTS)[name] for name in FROZEN)
    assert knobs(FITTED) != knobs(WEIGHTS)


def test_fit_refuses_too_few_games_in_one_line():
    run = subprocess.run(
        [sys.executable, "-m", "players", "fit", "--games", "1"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2 and "at least 2" in run.stderr.splitlines()[-1] and not run.stdout
