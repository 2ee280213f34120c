"""What the Store needs from a database engine: transactions, statements, rows; and where to find one.

The Store's SQL is written once, with `?` placeholders, in the subset SQLite and PostgreSQL
share; each backend (`storage.sqlite`, `storage.postgres`) runs it on its engine. A target
is a file path or `sqlite:///path` (SQLite) or any `postgresql://` / `postgres://` URL.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

Row = tuple[Any, ...]
Params = Sequence[Any]


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a transaction given whole to `Backend.transaction`.

    `many` runs it once per parameter row. With `expect`, the statement must change exactly
    that many rows, else the transaction is rolled back and `refused` raised (StaleState).
    """

    sql: str
    params: Params | Sequence[Params] = ()
    many: bool = False
    expect: int | None = None
    refused: str = ""


class Tx(Protocol):
    """Statements inside one transaction (or, for reads, one consistent turn at the connection)."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]: ...


class Backend(Protocol):
    """One open database: SQLite through aiosqlite, or PostgreSQL through asyncpg."""

    kind: str  # "sqlite" or "postgresql"
    found_version: int | None  # schema version found at open; None for a new database
    where: str  # the file or the URL without its password, for messages

    @property
    def connection(self) -> Any:
        """The engine's own handle: the aiosqlite connection, or the asyncpg pool."""
        ...

    def write(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        ...

    def read(self) -> AbstractAsyncContextManager[Tx]:
        """Reads outside any transaction."""
        ...

    async def transaction(self, statements: Sequence[Statement]) -> None:
        """Run `statements` as one transaction, known in advance: on SQLite one trip to its thread."""
        ...

    def is_unique_violation(self, err: BaseException) -> bool: ...

    async def integrity_problems(self) -> list[str]:
        """The engine's own consistency checks (SQLite's integrity and foreign-key checks)."""
        ...

    async def close(self) -> None: ...


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """The file of a SQLite target: a path, or `sqlite:///relative` / `sqlite:////absolute`."""
    if isinstance(target, str) and target.startswith("sqlite:"):
        if not target.startswith("sqlite:///"):
            raise ValueError(f"{target!r}: a SQLite URL is sqlite:///path (three slashes, then the path)")
        return target.removeprefix("sqlite:///")
    return target


# Query parameters of a libpq URL that hold a secret (`?password=…`); any name with one of these in it.
_SECRET_PARAMETERS = ("password", "secret", "token")


def redact(url: str) -> str:
    """The URL without its password, for messages and logs: the one in its user part and any secret
    query parameter (`?password=…`, `sslpassword=…`) are left out."""
    scheme, sep, rest = url.partition("://")
    rest, q, query = rest.partition("?")
    if "@" in rest:
        auth, _, host = rest.rpartition("@")
        user = auth.split(":", 1)[0]
        rest = f"{user}@{host}" if user else host
    if q:
        kept = [p for p in query.split("&") if not any(s in p.partition("=")[0].lower() for s in _SECRET_PARAMETERS)]
        query = "&".join(kept)
    return f"{scheme}{sep}{rest}" + (f"?{query}" if query else "")
