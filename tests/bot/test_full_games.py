"""Complete games played only through /coal commands, buttons and menus, then replayed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .driver import stored
from .policy import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]


def _announced_scores(w) -> dict[str, int]:
    final = w.channel.last_message
    assert final.content.startswith("**Game over.**")
    scores = final.content.split("Final scores:")[1].splitlines()[0]  # the head line (the third shift's follows)
    return {name: int(vp) for name, vp in re.findall(r"(\w+) (-?\d+) VP", scores)}


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 11)])
@pytest.mark.slow
async def test_a_complete_game_through_discord_replays_to_the_announced_scores(world, monkeypatch, players, seed):
    w = world
    policy, moves = await play_to_the_end(w, players, seed, monkeypatch)
    game = await stored(w)
    assert game.status == "finished" and game.state.phase == "over"
    # the policy really used the machinery
    assert policy.used["deliver"] > 0 and policy.used["console"] > 0 and policy.used["draft_menu"] > 0, policy.used
    assert sum(p.vp for p in game.state.players) > 0
    history = w.channel.history()
    # a scoring image after each shift; the last one announces the winners with mentions
    scorings = [m for m in history if m.attachments and m.attachments[0].filename == "scoring.png"]
    assert len(scorings) == 3
    assert scorings[0].content.startswith("Shift 1 is scored") and scorings[1].content.startswith("Shift 2 is scored")
    # a shift's scoring gives each player's gain and the total after it
    assert re.search(r"\w+ \+\d+ \(now -?\d+ VP\)", scorings[1].content), scorings[1].content
    # the move that ended a shift comes first, with its board; then the shift's scoring, the shift that
    # begins, and the ping of the next player last, with their buttons (issue 24)
    for scoring, shift in ((scorings[0], 2), (scorings[1], 3)):
        move = history[history.index(scoring) - 1]
        assert move.attachments[0].filename == "board.png" and "your turn" not in move.content, move.content
        assert "Shift" not in move.content, move.content
        lines = scoring.content.splitlines()
        assert lines[0].startswith(f"Shift {shift - 1} is scored") and f"Shift {shift} begins" in lines[1], lines
        assert ", your turn —" in lines[-1]
    # "Shift 2 begins" is said once, after the scoring of shift 1
    begins = [m.content for m in history if "Shift 2 begins" in m.content]
    assert len(begins) == 1 and begins[0].count("Shift 2 begins") == 1
    # the final message names every end-of-game component in words (the image shows icons only)
    final = w.channel.last_message.content
    for seat, p in enumerate(game.state.players):
        f = game.state.final[seat]
        line = f"{p.name} {p.vp} VP — end of game: {f.marks_vp} for marks ({f.marks_left} mark"
        assert line in final and f"{f.cubes_vp} for {f.cubes} cube" in final
        assert f"{f.orders_vp} for {f.orders_left} order" in final and f"{f.balance_vp} tunnel balance" in final
    assert not re.search(r"\b1 (marks|cubes|orders|workers)\b", final)  # one pluraliser, used
    winners = [game.state.players[i].name for i in game.state.winners]
    for name in winners:
        assert f"<@{game.user_of_player(name)}>" in scorings[2].content
    assert final.splitlines()[1].startswith("Shift 3 is scored")  # in words too, as shifts 1 and 2 are
    announced = _announced_scores(w)
    assert announced == {p.name: p.vp for p in game.state.players}
    # every turn message carries the board
    turns = [m for m in history if ", your turn —" in m.content or ", your pick" in m.content]
    moved = [history[history.index(m) - 1] if m in scorings else m for m in turns]  # the board: with the move
    assert len(turns) >= moves - 3 and all(m.attachments[0].filename == "board.png" for m in moved)
    # the record exported through Discord replays to the same scores
    r = await w.bob.slash(w.channel, "coal record export")
    assert r.ephemeral
    [attachment] = r.response.attachments
    record = await attachment.read()
    out = subprocess.run(
        [sys.executable, "-m", "rules", "replay", "-"], input=record, cwd=ROOT, capture_output=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == announced
