"""The PostgreSQL backend: an asyncpg pool, so several games (and bot processes) write at once.

Each write is one transaction on one pooled connection. Two writers of one game are kept
apart by the row: every write to a game updates its `games` row first, which PostgreSQL
locks until the transaction ends, and the version check in that UPDATE refuses the
second writer once the first has committed (`StaleState`, as on SQLite).

Connections are handed out first come, first served (`storage.gate.Gate`): asyncpg's pool queue lets a
caller that arrives just as a connection is released take it ahead of one already waiting, so
under load one busy game could overtake the others again and again.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from functools import lru_cache

import asyncpg

from . import pg_schema
from .backend import Params, Row, Statement, redact
from .errors import StaleState, StorageError
from .gate import Gate


@lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """The Store's `?` placeholders as PostgreSQL's `$1, $2, ...`."""
    count = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as 'UPDATE 1' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTx:
    def __init__(self, con: asyncpg.Connection):
        self.con = con

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _rowcount(await self.con.execute(_numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.con.executemany(_numbered(sql), list(rows))

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(r) for r in await self.con.fetch(_numbered(sql), *params)]


class PostgresBackend:
    kind = "postgresql"

    def __init__(self, url: str, *, pool_size: int = 4, connect_timeout: float = 10.0):
        self.url = url
        self.where = redact(url)
        self.pool_size = pool_size
        self.connect_timeout = connect_timeout
        self.found_version: int | None = None
        self._pool: asyncpg.Pool | None = None
        self._gate = Gate(pool_size)

    async def open(self) -> PostgresBackend:
        """Connect, then create or upgrade the schema. Refuses foreign or newer databases."""
        try:
            pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.pool_size, timeout=self.connect_timeout
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as err:
            raise StorageError(f"Cannot open the PostgreSQL database {self.where}: {err}") from err
        except ValueError as err:  # asyncpg's reading of the URL: a port that is not a number, and the like
            raise StorageError(f"{self.where} is not a PostgreSQL URL asyncpg can read: {err}") from err
        try:
            async with pool.acquire() as con:
                self.found_version = await pg_schema.prepare(con, self.where)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool
        return self

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def connection(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("The database is not open.")
        return self._pool

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTx]:
        """Reads in one snapshot: a game and its seats, read by two queries, belong together."""
        async with (
            self._gate,
            self.connection.acquire() as con,
            con.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresTx(con)

    @contextlib.asynccontextmanager
    async def write(self) -> AsyncIterator[PostgresTx]:
        async with self._gate, self.connection.acquire() as con, con.transaction():
            yield PostgresTx(con)

    async def transaction(self, statements: Sequence[Statement]) -> None:
        async with self.write() as tx:
            for st in statements:
                if st.many:
                    await tx.executemany(st.sql, st.params)
                    continue
                changed = await tx.execute(st.sql, st.params)
                if st.expect is not None and changed != st.expect:
                    raise StaleState(st.refused)

    def is_unique_violation(self, err: BaseException) -> bool:
        return isinstance(err, asyncpg.UniqueViolationError)

    async def integrity_problems(self) -> list[str]:
        return []  # PostgreSQL checks its pages and constraints itself; the replay check is shared
