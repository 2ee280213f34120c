"""Operations: SIGTERM finishes the move in progress and closes the database; no token, one line."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Store

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
async def test_sigterm_finishes_the_move_in_progress_closes_the_database_and_exits_0(tmp_path):
    for attempt in range(3):
        db = tmp_path / f"sig{attempt}.sqlite3"
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.sigterm_worker", str(db)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout.readline().strip() == "playing"
        await asyncio.sleep(0.05 + 0.1 * attempt)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert "exit 0 store_open=False" in out
        assert "SIGTERM received: finishing the turn in progress and closing" in err
        assert not Path(f"{db}-wal").exists()  # the last connection closed: the log was folded in
        async with Store(db) as store:
            assert await store.queries.verify() == []  # integrity, and every game replays to its snapshot
            games = await store.queries.games()
            assert games
            for game in games:
                assert game.version == len(await store.queries.log(game.id))


def test_a_missing_token_is_one_clear_line_not_a_traceback(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env["COALBARON_DB"] = str(tmp_path / "x.sqlite3")
    out = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [out.stderr.strip()]
    assert "No Discord token: set DISCORD_TOKEN in .env" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "x.sqlite3").exists()
