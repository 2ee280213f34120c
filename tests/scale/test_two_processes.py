"""Two bot processes over one PostgreSQL (issue 16): shards 0 and 1 of 2, each a SimCord world in
its own process (tests/scale/shard_worker.py). Games in both progress; a SIGKILL of one in the
middle of a save loses only that move; after its restart it resumes its own game only, and each
overdue turn timer fires once — the other process's game is left to its owner."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Store

ROOT = Path(__file__).resolve().parents[2]


def worker(url: str, shard: int, mode: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.scale.shard_worker", url, str(shard), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen) -> tuple[int, list[str], str]:
    out, err = process.communicate(timeout=180)
    return process.returncode, out.splitlines(), err


@pytest.mark.slow
async def test_two_processes_share_one_database_and_a_killed_one_resumes_its_games_only(postgres_url):
    url = postgres_url
    killed, steady = worker(url, 0, "kill"), worker(url, 1, "play")
    code0, out0, err0 = await asyncio.to_thread(finish, killed)
    code1, out1, err1 = await asyncio.to_thread(finish, steady)
    assert code1 == 0 and out1[-1] == "done", err1[-2000:]
    assert code0 == -9, err0[-2000:]
    [saving] = [line for line in out0 if line.startswith("saving at v")]
    lost_at = int(saving.removeprefix("saving at v"))
    assert [line for line in out0 if line.startswith("v")][-1] == f"v{lost_at}"  # moves before the kill were stored

    async with Store(url) as store:
        games = sorted(await store.queries.games(("active",)), key=lambda g: g.channel_id)
        assert len(games) == 2
        versions = {g.channel_id: g.version for g in games}
        assert await store.queries.verify() == []
    [mine] = [g for g in games if g.version == lost_at]  # the killed process's game: the move in flight is lost
    [theirs] = [g for g in games if g is not mine]
    assert out1[-2] == f"v{theirs.version}"  # the other process's game went on meanwhile

    code, out, err = await asyncio.to_thread(finish, worker(url, 0, "resume"))
    assert code == 0, err[-2000:]
    assert f"resumed {mine.channel_id}" in out  # its own game only
    assert f"channel {mine.channel_id} v{lost_at + 1} timer moves 1" in out  # the overdue timer, once
    assert f"channel {theirs.channel_id} v{theirs.version} timer moves 0" in out  # not its game: untouched
    async with Store(url) as store:
        after = {g.channel_id: g.version for g in await store.queries.games(("active",))}
        assert after == {mine.channel_id: lost_at + 1, theirs.channel_id: versions[theirs.channel_id]}
        assert await store.queries.verify() == []
