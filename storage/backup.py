"""A backup of a SQLite database while the bot runs: SQLite's online backup, then every game in the copy
replayed (`Store.verify`), so a backup that would not restore is never left looking like one.

    report = await backup_database("data/coalbaron.sqlite3", "backups/2026-11-28.sqlite3")

The copy is made in one step, under a read transaction: in WAL mode the bot's writes go on meanwhile, and
the copy is the database at one moment (every turn whole). A PostgreSQL database is backed up with
`pg_dump` (docs/operations.md gives the commands and a restore drill).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

from . import schema
from .backend import is_postgres_url, sqlite_path
from .errors import StorageError
from .store import Store


async def backup_database(source: str | os.PathLike[str], destination: str | os.PathLike[str]) -> str:
    """Copy `source` (a SQLite database) to the new file `destination` and replay every game in the copy;
    one line saying what was copied. StorageError (nothing left behind) when it cannot be done."""
    if is_postgres_url(str(source)):
        raise StorageError("a PostgreSQL database is backed up with pg_dump (see docs/operations.md)")
    src, dst = Path(sqlite_path(source)), Path(destination)
    if await asyncio.to_thread(schema.inspect, src) is None:
        raise StorageError(f"There is no Coal Baron database at {src}; nothing was copied.")
    if dst.exists():
        raise StorageError(f"{dst} exists already; a backup is written to a new file.")
    await asyncio.to_thread(_copy, src, dst)
    try:
        async with Store(dst) as store:
            problems = await store.queries.verify()
            games = await store.queries.games(("lobby", "active", "finished", "aborted"))
    except BaseException:
        dst.unlink(missing_ok=True)
        raise
    if problems:
        dst.unlink(missing_ok=True)
        raise StorageError(f"the copy does not replay ({problems[0]}); it was deleted")
    started = sum(1 for g in games if g.seed is not None)
    return f"{src} -> {dst}: {len(games)} games, {started} replayed to their stored state"


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"{src.absolute().as_uri()}?mode=ro", uri=True, timeout=30)
    target = sqlite3.connect(dst)
    try:
        source.backup(target)  # one step: the database at one moment
    except BaseException:
        target.close()
        dst.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    target.close()
