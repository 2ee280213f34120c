"""The databases the storage tests run on: a SQLite file, and a database on a throwaway PostgreSQL.

A `Target` is where a Store opens (`target.url`) plus a second way in, through another
connection, for checking what is really stored and for interfering as another process would.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from tests.storage.helpers import db_rows

TABLES = ("games", "seats", "actions", "outbox", "player_settings")


@dataclass
class Target:
    kind: str  # "sqlite" or "postgresql"
    url: str  # a file path or a postgresql:// URL: what Store() takes
    path: Path | None = None  # the SQLite file

    async def rows(self, tables: tuple[str, ...] = TABLES) -> dict[str, list[tuple]]:
        """Every row of our tables, read through a separate connection."""
        if self.path is not None:
            return db_rows(self.path, tables)
        con = await asyncpg.connect(self.url)
        try:
            return {t: [tuple(r) for r in await con.fetch(f"SELECT * FROM {t} ORDER BY 1, 2")] for t in tables}
        finally:
            await con.close()

    async def execute(self, sql: str, *params: Any) -> None:
        """One statement through a separate connection, committed."""
        if self.path is not None:
            con = sqlite3.connect(self.path)
            try:
                con.execute(sql, params)
                con.commit()
            finally:
                con.close()
            return
        con = await asyncpg.connect(self.url)
        try:
            await con.execute(sql.replace("?", "$1") if params else sql, *params)
        finally:
            await con.close()

    async def refuse_inserts_into(self, table: str, message: str) -> None:
        """Make the database refuse every INSERT into `table` with `message` (a trigger)."""
        if self.kind == "sqlite":
            await self.execute(
                f"CREATE TRIGGER refuse BEFORE INSERT ON {table} BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )
        else:
            await self.execute(
                f"CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$"
                f" BEGIN RAISE EXCEPTION '{message}'; END $$"
            )
            await self.execute(f"CREATE TRIGGER refuse BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION refuse()")

    async def allow_inserts_into(self, table: str) -> None:
        if self.kind == "sqlite":
            await self.execute("DROP TRIGGER refuse")
        else:
            await self.execute(f"DROP TRIGGER refuse ON {table}")
            await self.execute("DROP FUNCTION refuse()")
