"""Backups and upgrades (issue 48, item 4): `python -m storage backup` while moves are being made, the copy
replaying whole; a restore drill; a copy kept before a schema upgrade, and going back to it."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games.manager import GameManager
from rules.record import Chooser
from storage import SCHEMA_VERSION, Store
from storage.schema import before_upgrade
from tests.storage.helpers import play, started
from tests.storage.schema_helpers import back_to, pragma

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "storage", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
async def test_a_backup_taken_during_a_burst_of_moves_replays_whole_and_restores(tmp_path):
    db, copy = tmp_path / "live.sqlite3", tmp_path / "backups" / "copy.sqlite3"
    async with Store(db) as store:
        manager = GameManager(store)
        for channel in range(1, 9):
            await started(manager, channel, players=2, seed=channel)
        stop = asyncio.Event()

        async def burst(channel: int) -> None:  # the bot at work: moves committed all through the backup
            chooser = Chooser(channel)
            while not stop.is_set() and await manager.games.current(channel) is not None:
                await play(manager, channel, 1, chooser)

        movers = [asyncio.create_task(burst(channel)) for channel in range(1, 9)]
        await asyncio.sleep(0.2)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "storage",
            "backup",
            str(copy),
            str(db),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await proc.communicate()
        stop.set()
        await asyncio.gather(*movers)
        assert proc.returncode == 0, err.decode()
        assert "8 games, 8 replayed to their stored state" in out.decode()
        kept = {g.id: g.version for g in await store.queries.games()}
    # the copy, opened on its own, replays whole; each game at some version the live one passed through
    async with Store(copy) as backup:
        assert await backup.queries.verify() == []
        restored = {g.id: g.version for g in await backup.queries.games()}
    assert set(restored) == set(kept) and all(restored[g] <= kept[g] for g in kept)
    # the restore drill: the bot stopped, the copy put in place, the bot started: the games resume
    shutil.copy(copy, db)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    async with Store(db) as store:
        manager = GameManager(store)
        briefs = await manager.open()
        assert {b.id: b.version for b in briefs} == {g: v for g, v in restored.items() if g in {b.id for b in briefs}}
        for brief in briefs:
            await play(manager, brief.channel_id, 5, Chooser(brief.id))
        assert await store.queries.verify() == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["backup", "x.sqlite3", "postgresql://bot@db/coal"], "pg_dump"),
        (["backup", "x.sqlite3", "/nowhere/coal.sqlite3"], "There is no Coal Baron database at /nowhere/coal.sqlite3"),
    ],
)
def test_a_backup_that_cannot_be_made_is_one_line(args, says):
    out = _cli(*args)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr


async def test_a_backup_never_overwrites(tmp_path):
    db, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    async with Store(db):
        pass
    copy.write_bytes(b"an older backup")
    out = _cli("backup", str(copy), str(db))
    assert out.returncode == 1 and "exists already" in out.stderr and copy.read_bytes() == b"an older backup"


async def test_an_upgrade_keeps_a_copy_of_the_database_as_it_was_and_going_back_works(tmp_path, caplog):
    path = tmp_path / "coalbaron.sqlite3"
    async with Store(path) as store:  # games in it, then the file taken back to the version before
        manager = GameManager(store)
        await started(manager, 1, players=2, seed=1)
        await play(manager, 1, 10, Chooser(1))
    back_to(path, SCHEMA_VERSION - 1)
    copy = before_upgrade(path)
    assert copy.name == f"coalbaron.before-v{SCHEMA_VERSION}.sqlite3" and not copy.exists()
    with caplog.at_level("WARNING", logger="coalbaron"):
        async with Store(path) as store:
            assert store.found_version == SCHEMA_VERSION - 1
    assert pragma(copy, "user_version") == SCHEMA_VERSION - 1 and pragma(path, "user_version") == SCHEMA_VERSION
    assert any(str(copy) in r.getMessage() and "to go back" in r.getMessage() for r in caplog.records)
    async with Store(copy) as old:  # going back: the copy is the old database, whole (a newer bot upgrades it)
        assert old.found_version == SCHEMA_VERSION - 1 and await old.queries.verify() == []
    # a database opened at the current version makes no copy
    copy.unlink()
    async with Store(path):
        pass
    assert not copy.exists()
