"""The process-pool entry point `players.think` and `python -m players duel`."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from players import Hint, advise, by_level, hints, think
from players.duel import duel, wilson
from players.endgames import endgames, opening
from rules import parse_action, view

from .games import position

ROOT = Path(__file__).resolve().parents[2]


def test_think_takes_and_gives_plain_strings_and_runs_in_a_process_pool():
    state = position("turn", players=3, seed=4)
    seen = view(state, state.players[state.current].name)
    text = think("normal", seen.model_dump_json(), 7)
    assert parse_action(text) == by_level("normal").choose(seen, 7)
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(think, "normal", seen.model_dump_json(), 7).result(timeout=60) == text


@pytest.mark.slow
def test_advise_gives_the_hints_as_json_for_a_process_pool():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    got = [Hint.model_validate(h) for h in json.loads(advise(seen.model_dump_json(), 3, 2, None, 40))]
    assert got == hints(seen, 3, n=2, budget=None, lookaheads=40)  # (look-aheads: the same on any machine)


def test_wilson_interval_matches_the_textbook_figures():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(200, 200)
    assert round(low, 3) == 0.981 and high == 1.0


def test_duel_rotates_seats_and_counts_every_game_once():
    result = duel(["easy", "random", "random"], games=3, seed=2)
    assert result.games == 3
    assert result.seats == {"easy": 3, "random": 6}
    assert sum(result.wins.values()) == pytest.approx(3)
    assert len(result.scores["easy"]) == 3 and len(result.think["random"]) > 0
    assert result.wins.get("easy", 0) >= 2  # the greedy player beats random ones


def test_a_duel_in_two_processes_plays_the_same_games_as_in_one():
    one = duel(["easy", "random"], games=4, seed=5)
    two = duel(["easy", "random"], games=4, seed=5, jobs=2)
    assert (two.games, two.seats, two.wins, two.scores) == (one.games, one.seats, one.wins, one.scores)
    assert {level: len(times) for level, times in two.think.items()} == {
        level: len(times) for level, times in one.think.items()
    }


def test_a_duel_cut_short_is_completed_by_its_later_games():
    whole = duel(["easy", "random", "random"], games=5, seed=4)
    head = duel(["easy", "random", "random"], games=3, seed=4)
    tail = duel(["easy", "random", "random"], games=2, seed=4, start=3)
    assert head.games + tail.games == whole.games
    for level in ("easy", "random"):
        assert head.seats[level] + tail.seats[level] == whole.seats[level]
        assert head.scores[level] + tail.scores[level] == whole.scores[level]
        assert head.wins.get(level, 0) + tail.wins.get(level, 0) == pytest.approx(whole.wins.get(level, 0))
    # Game 3 is not game 0 again: its own seed and seating.
    assert tail.scores != duel(["easy", "random", "random"], games=2, seed=4).scores


def test_a_duels_progress_reports_carry_the_table_so_far(capsys):
    # A long duel cut between reports keeps its mean VP and think times up to the last one (the tally alone
    # lost them for games 0-19 of the four-player run in docs/computer-players.md).
    first = duel(["easy", "random"], games=10, seed=6)
    result = duel(["easy", "random"], games=12, seed=6, progress=True)
    report = capsys.readouterr().err.splitlines()
    assert len(report) == 1 + len(first.lines()) and report[0].startswith("10/12 games")
    assert "wins easy" in report[0]
    # the first ten games' table, not the twelve: the same seats, wins, intervals and mean VP (think times vary)
    so_far = [line.split()[:7] for line in report[1:]]
    assert so_far == [line.split()[:7] for line in first.lines()] != [line.split()[:7] for line in result.lines()]
    assert "mean VP" in report[2] and "think p50" in report[2]


def test_the_duel_command_prints_rates_intervals_scores_and_think_times():
    out = subprocess.run(
        [sys.executable, "-m", "players", "duel", "--levels", "easy,random", "--games", "2", "--seed", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "2 games of 2 players" in lines[0] and "shared wins split" in lines[0]
    assert "95% CI" in lines[1] and "think p50" in lines[1]
    assert lines[2].startswith("easy") and lines[3].startswith("random")


@pytest.mark.slow
def test_the_duel_command_refuses_unknown_levels_and_bad_counts():
    for levels in ("hard,genius", "hard"):
        out = subprocess.run(
            [sys.executable, "-m", "players", "duel", "--levels", levels],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2 and "--levels takes 2-4" in out.stderr
    for flag, bad in (("--games", "0"), ("--jobs", "0"), ("--start", "-1")):
        out = subprocess.run(
            [sys.executable, "-m", "players", "duel", "--levels", "easy,random", flag, bad],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2 and f"{flag} must be at least {int(bad) + 1}" in out.stderr


@pytest.mark.slow  # over a second
def test_endgame_duels_finish_the_same_positions_and_pair_them():
    """Issue 53: `python -m players endgames` gives both levels the same late positions, seats and seeds
    (a finish replays exactly), and a stronger level leads a weaker one."""
    start = opening("normal", 3 * 1_000_003, 8)
    assert start.shift == 3 and sum(p.workers for p in start.players) == 8 and start.phase == "turn"
    opening.cache_clear()
    assert opening("normal", 3 * 1_000_003, 8) == start  # the same position for every level and seat
    pair = endgames(["normal", "random"], "easy", positions=3, left=8, seed=3, opener="normal", jobs=2)
    normal, rand = pair.leads["normal"], pair.leads["random"]
    assert len(normal) == len(rand) == 6  # three positions, each seat
    assert sum(normal) > sum(rand)  # random placements lose ground in the last eight
    lines = pair.lines()
    assert lines[0] == "3 positions x 2 seats, finished against easy"
    assert lines[-1].startswith(f"normal - random: {(sum(normal) - sum(rand)) / 6:+.2f} VP a pair")
    again = endgames(["normal", "random"], "easy", positions=3, left=8, seed=3, opener="normal")
    assert again.leads == pair.leads and again.wins == pair.wins  # in one process as in two: the same finishes
