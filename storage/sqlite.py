"""The SQLite backend: one file, one aiosqlite connection shared by every game.

aiosqlite runs the connection on one thread; a lock here keeps one coroutine's transaction
from interleaving with another's statements (a read in the middle of someone else's
transaction would see uncommitted data). Writes are `BEGIN IMMEDIATE` ... `COMMIT`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path

import aiosqlite

from . import schema
from .access import check_access
from .backend import Params, Row, Statement
from .errors import StaleState, StorageError

# Every commit reaches the disk before the bot posts the turn: what players see is stored,
# even across a power cut. The benchmark measures what this costs against a bare commit.
SYNCHRONOUS = "FULL"


class SqliteTx:
    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    async def execute(self, sql: str, params: Params = ()) -> int:
        cursor = await self.db.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(r) for r in await self.db.execute_fetchall(sql, params)]  # one round trip


class SqliteBackend:
    kind = "sqlite"

    def __init__(self, path: str | os.PathLike[str], busy_timeout: float):
        self.path = Path(path)
        self.where = str(self.path)
        self.busy_timeout = busy_timeout
        self.found_version: int | None = None
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> SqliteBackend:
        """Create or upgrade the file, then connect. Refuses foreign or newer files, and files or
        folders the bot may not write (`StorageError` naming the path and the cause)."""
        await asyncio.to_thread(check_access, self.path)
        self.found_version = await asyncio.to_thread(schema.prepare, self.path, self.busy_timeout)
        db = await aiosqlite.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
        try:
            # Read every answer: a PRAGMA that answers with a row and is left unread keeps its
            # statement running, and SQLite refuses to COMMIT until its cursor is collected.
            for pragma in (
                "journal_mode = WAL",
                f"synchronous = {SYNCHRONOUS}",
                "foreign_keys = ON",
                f"busy_timeout = {int(self.busy_timeout * 1000)}",
            ):
                await db.execute_fetchall(f"PRAGMA {pragma}")
        except BaseException:
            await db.close()
            raise
        self._db = db
        return self

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            async with self._lock:
                await db.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("The database is not open.")
        return self._db

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteTx]:
        """The connection to ourselves, outside any transaction: each statement commits alone."""
        async with self._lock:
            db = self.connection
            if db.in_transaction:  # left open by a cancelled writer: nothing in it was committed
                await db.execute("ROLLBACK")
            yield SqliteTx(db)

    @contextlib.asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteTx]:
        async with self.read() as tx:
            await tx.db.execute("BEGIN IMMEDIATE")
            try:
                yield tx
                await tx.db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    if tx.db.in_transaction:
                        await tx.db.execute("ROLLBACK")
                raise

    async def transaction(self, statements: Sequence[Statement]) -> None:
        async with self.read() as tx:
            # One trip to aiosqlite's thread for the whole transaction, through the same
            # queue its own execute() uses: a turn costs one hand-over, not one per statement.
            await tx.db._execute(_run_transaction, tx.db._conn, statements)

    def is_unique_violation(self, err: BaseException) -> bool:
        return isinstance(err, sqlite3.IntegrityError) and "UNIQUE" in str(err)

    async def integrity_problems(self) -> list[str]:
        problems: list[str] = []
        async with self.read() as tx:
            integrity = [r[0] for r in await tx.fetch("PRAGMA integrity_check")]
            if integrity != ["ok"]:
                problems += [f"integrity: {line}" for line in integrity]
            for row in await tx.fetch("PRAGMA foreign_key_check"):
                problems.append(f"foreign key: {row}")
        return problems


def _run_transaction(con: sqlite3.Connection, statements: Sequence[Statement]) -> None:
    """BEGIN IMMEDIATE, the statements, COMMIT; ROLLBACK if any fails or changes the wrong rows."""
    con.execute("BEGIN IMMEDIATE")
    try:
        for st in statements:
            cursor = con.executemany(st.sql, st.params) if st.many else con.execute(st.sql, st.params)
            if st.expect is not None and cursor.rowcount != st.expect:
                raise StaleState(st.refused)
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
