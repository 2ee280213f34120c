"""The command line: `python -m rules simulate` and `python -m rules replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120
    )


def test_simulate_json_lines_carry_scores_breakdown_winners_and_a_replayable_record():
    out = _run("simulate", "--players", "3", "--seed", "11", "--games", "3", "--json")
    assert out.returncode == 0, out.stderr
    games = [json.loads(line) for line in out.stdout.splitlines()]
    assert [g["seed"] for g in games] == [11, 12, 13]
    for g in games:
        assert set(g) >= {"seed", "players", "scores", "breakdown", "winners", "record"}
        assert set(g["record"]) == {"seed", "players", "options", "actions"}
        for name, vp in g["scores"].items():
            parts = g["breakdown"][name]
            total = (
                parts["deliveries"]
                + sum(parts["shifts"])
                + parts["marks_vp"]
                + parts["cubes_vp"]
                + parts["orders_vp"]
                + parts["balance_vp"]
            )
            assert total == vp == parts["total"]
        assert max(g["scores"].values()) == g["scores"][g["winners"][0]]
        replayed = _run("replay", "-", stdin=json.dumps(g["record"]))
        assert replayed.returncode == 0, replayed.stderr
        assert json.loads(replayed.stdout)["scores"] == g["scores"]


def test_replay_of_a_file(tmp_path):
    out = _run("simulate", "--players", "2", "--seed", "4", "--json")
    game = json.loads(out.stdout)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game["record"]))
    replayed = _run("replay", str(path))
    assert json.loads(replayed.stdout) == {"scores": game["scores"], "over": True, "winners": game["winners"]}


def test_a_record_that_does_not_replay_exits_non_zero_with_the_step_and_reason():
    game = json.loads(_run("simulate", "--players", "2", "--seed", "4", "--json").stdout)
    record = game["record"]
    wrong_player = json.loads(json.dumps(record))
    first = wrong_player["actions"][0]
    first["player"] = next(p for p in record["players"] if p != first["player"])
    out = _run("replay", "-", stdin=json.dumps(wrong_player))
    assert out.returncode == 1
    assert "step 1:" in out.stderr and "turn, not" in out.stderr

    bad_action = json.loads(json.dumps(record))
    bad_action["actions"][9]["action"] = "mine 4"  # locked with 2 players
    out = _run("replay", "-", stdin=json.dumps(bad_action))
    assert out.returncode == 1
    assert "step 10: `mine 4` is refused: space_locked(space='mine 4', players=2)" in out.stderr

    out = _run("replay", "-", stdin="{not json")
    assert out.returncode == 2 and "not a game record" in out.stderr


def test_simulate_prints_a_line_per_game_without_json():
    out = _run("simulate", "--players", "4", "--seed", "1", "--games", "2")
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("seed 1:") and "winner" in lines[0]
