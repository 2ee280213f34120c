"""The command line: `python -m rules simulate` and `python -m rules replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
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


@pytest.mark.slow
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


def _record_json(players: list[str]) -> str:
    return json.dumps({"seed": 4, "players": players, "actions": []})


BAD_RECORDS = {
    "truncated JSON": ('{"seed": 4, "players": ["a", "b"], "actions": [{"pla', "not a game record"),
    "deeply nested JSON": (
        '{"seed": 4, "players": ["a", "b"], "options": ' + "[" * 5000 + "]" * 5000 + "}",
        "not a game",
    ),
    "NUL bytes": ('{"seed": 4, "players": ["a", "b"]}\x00', "NUL"),
    "one player": (_record_json(["a"]), "1 players; a game has 2 to 4"),
    "nine players": (_record_json([f"p{k}" for k in range(9)]), "9 players; a game has 2 to 4"),
    "duplicate names": (_record_json(["ann", "ann"]), "must be different"),
    "not a record": ("[1, 2, 3]", "not a game record"),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
@pytest.mark.slow
def test_replay_answers_bad_input_in_one_line_on_stderr(case, tmp_path):
    """Bad input gets one line on stderr and a non-zero exit, never a traceback (issue 28)."""
    text, says = BAD_RECORDS[case]
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    for out in (_run("replay", str(path)), _run("replay", "-", stdin=text)):
        assert out.returncode == 2 and out.stdout == "", out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr


@pytest.mark.slow
def test_replay_answers_files_it_cannot_read_in_one_line(tmp_path):
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"seed": 4, "players": ["José", "b"]}'.encode("latin-1"))
    for name, says in (
        (str(tmp_path / "missing.json"), "no such file"),
        (str(tmp_path), "a folder"),
        (str(latin), "UTF-8"),
    ):
        out = _run("replay", name)
        assert out.returncode == 2 and out.stdout == "", out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path):
    game = json.loads(_run("simulate", "--players", "2", "--seed", "4", "--json").stdout)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game["record"]), encoding="utf-8-sig")  # as Windows Notepad saves it
    out = _run("replay", str(path))
    assert out.returncode == 0 and json.loads(out.stdout)["scores"] == game["scores"], out.stderr
