"""Copying every game from one database to another (SQLite to PostgreSQL, and back).

    report = await copy_games("data/coalbaron.sqlite3", "postgresql://bot@db/coalbaron")

The destination must hold no games. Everything is written in one transaction on the
destination and read back inside it: every game, seat, log row and post must equal the
source's, and every started game's log must replay from its seed to its stored state.
Only then is it committed; on any failure the transaction is rolled back and the
destination holds no game. Ids are kept, so a game's id is the same on both sides.
Each person's settings come along; the server ladders are not copied: the destination
rates the finished games again, in the same order, at its first start (`games.ratings`).

The source is only read, never written nor created: a SQLite source is copied with SQLite's own
backup into a temporary file, which is upgraded to the current schema if it is older (the source
stays as it was); a PostgreSQL source must be at the current schema. Every row is checked before it
is copied (its JSON, its action text); a garbled one stops the copy, naming the game and the column.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rules import GameState, Refusal, parse_action
from rules.record import UNDO

from . import schema
from .backend import Row, Tx, is_postgres_url, sqlite_path
from .errors import StorageError
from .models import GameSettings
from .queries import replay_problem
from .rows import fetch_games, log_row
from .store import Store

# Every column of every table, in the order the rows are copied (parents first).
TABLES: dict[str, str] = {
    "games": "id, guild_id, channel_id, status, options, host_id, seed, state, version, created_at, updated_at,"
    " deadline, reminded, to_move, rematch_of, held_ping",
    "seats": "game_id, seat, user_id, name, colour, missed, vp, won",
    "actions": "game_id, seq, user_id, player, action, at, auto",
    "outbox": "id, game_id, seq, kind, payload, attempts, last_error, created_at, posted_at, parts",
    "player_settings": "user_id, ping, reminder, images, language, dm_refused, updated_at,"
    " away_until, time_zone, quiet_from, quiet_to, heads_up",
    "server_defaults": "guild_id, options, updated_by, updated_at",
    "bot_state": "key, value, updated_at",
    "forget_requests": "user_id, requested_at, asked_by",
    "forget_covers": "user_id, game_id",
    "guild_departures": "guild_id, left_at, purge_at",
    "away_periods": "user_id, started_at, until, ended_at",
    "web_links": "id, user_id, game_id, created_at, expires_at, used_at",
    "web_sessions": "id, user_id, channel_id, created_at, expires_at, revoked",
    "reviews": "game_id, total, data, created_at, done_at, posted, channel_id, message_id",
    "leagues": "id, guild_id, channel_id, host_id, message_id, format, rounds, table_size, options, signup_until,"
    " max_players, min_games, min_reliability, status, round, schedule, final, created_at, finished_at",
    "league_players": "league_id, user_id, name, joined_at, withdrawn_round",
    "league_tables": "league_id, round, table_no, users, game_id, thread_id",
    "season_ratings": "guild_id, season, user_id, mu, sigma, games, updated_at",
}
_ORDER = {
    "games": "id",
    "seats": "game_id, seat",
    "actions": "game_id, seq",
    "outbox": "id",
    "player_settings": "user_id",
    "server_defaults": "guild_id",
    "bot_state": "key",
    "forget_requests": "user_id",
    "forget_covers": "user_id, game_id",
    "guild_departures": "guild_id",
    "away_periods": "user_id, started_at",
    "web_links": "id",
    "web_sessions": "id",
    "reviews": "game_id",
    "leagues": "id",
    "league_players": "league_id, user_id",
    "league_tables": "league_id, round, table_no",
    "season_ratings": "guild_id, season, user_id",
}


class CopyRefused(StorageError):
    """The destination already holds games; nothing was written."""


class CopyFailed(StorageError):
    """The copy did not read back equal, or did not replay; the destination was left empty."""


@dataclass
class CopyReport:
    games: Counter[str] = field(default_factory=Counter)  # status -> how many
    rows: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    replayed: int = 0  # started games whose log replayed to their stored state

    def __str__(self) -> str:
        statuses = ", ".join(f"{n} {status}" for status, n in sorted(self.games.items())) or "none"
        tables = ", ".join(f"{n} {t}" for t, n in self.rows.items())
        return (
            f"copied {sum(self.games.values())} games ({statuses}): {tables}; "
            f"all {self.replayed} started games replay to their stored state"
        )


async def _table(tx: Tx, table: str) -> list[Row]:
    return await tx.fetch(f"SELECT {TABLES[table]} FROM {table} ORDER BY {_ORDER[table]}")


@contextlib.asynccontextmanager
async def _source(source: str | os.PathLike[str], **options: Any) -> AsyncIterator[Store]:
    """The source, opened without writing to it or creating it."""
    if is_postgres_url(str(source)):
        async with Store(source, **options) as store:  # (opening a current database writes nothing)
            yield store
        return
    path = Path(sqlite_path(source))
    try:
        found = await asyncio.to_thread(schema.inspect, path)
    except sqlite3.DatabaseError as err:
        raise CopyRefused(f"{path} cannot be read as a database ({err}); nothing was copied.") from None
    if found is None:
        raise CopyRefused(f"There is no Coal Baron database at {path}; nothing was copied.")
    with tempfile.TemporaryDirectory(prefix="coalbaron-copy-") as folder:
        snapshot = Path(folder) / "source.sqlite3"
        await asyncio.to_thread(_snapshot, path, snapshot)
        async with Store(snapshot, **options) as store:  # upgraded there if older, the source untouched
            yield store


def _snapshot(path: Path, into: Path) -> None:
    """A consistent copy of a SQLite file, read through a read-only connection (SQLite's backup)."""
    try:
        src = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(into)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.DatabaseError as err:
        raise CopyRefused(f"{path} cannot be read as a database ({err}); nothing was copied.") from None


def _check(rows: dict[str, list[Row]]) -> None:
    """Every row the copy would write decodes as the bot reads it; CopyFailed naming the first that does not."""
    for gid, *_, options, _host, _seed, state, _v, _c, _u, _d, _r, to_move, _rematch_of, _held in rows["games"]:
        _decoded(f"game {gid}", "options", GameSettings.model_validate_json, options)
        if state is not None:
            _decoded(f"game {gid}", "state", GameState.model_validate_json, state)
            if to_move != GameState.model_validate_json(state).to_move:
                raise CopyFailed(f"game {gid}: its to_move is not its state's player to move; nothing was copied.")
    for gid, seq, _user, _player, action, _at, _auto in rows["actions"]:
        where = f"game {gid}, log entry {seq}"
        if action != UNDO:
            _decoded(where, "action", parse_action, action)
    for pid, gid, _seq, _kind, payload, *_ in rows["outbox"]:
        _decoded(f"game {gid}, post {pid}", "payload", json.loads, payload)


def _decoded(where: str, column: str, decode: Callable[[Any], object], value: Any) -> None:
    try:
        decode(value)
    except (ValidationError, Refusal, ValueError, TypeError) as err:
        first = err.errors()[0]["msg"] if isinstance(err, ValidationError) else str(err).splitlines()[0]
        raise CopyFailed(f"{where}: its {column} is not readable ({first}); nothing was copied.") from None


async def copy_games(source: str | os.PathLike[str], destination: str | os.PathLike[str], **options: Any) -> CopyReport:
    """Copy every game from `source` to the empty `destination` (paths or URLs), verified."""
    if str(source) == str(destination):
        raise CopyRefused("The source and the destination are the same database.")
    async with _source(source, **options) as src:
        async with src.backend.read() as tx:
            rows = {table: await _table(tx, table) for table in TABLES}
            _check(rows)
            games = await fetch_games(tx, "1 = 1", ())
    async with Store(destination, **options) as dst:
        report = CopyReport(games=Counter(g.status for g in games), rows={t: len(r) for t, r in rows.items()})
        async with dst.backend.write() as tx:
            [(present,)] = await tx.fetch("SELECT count(*) FROM games")
            if present:
                raise CopyRefused(
                    f"{dst.backend.where} already holds {present} games; nothing was copied. "
                    "Copy into a new, empty database."
                )
            for table, table_rows in rows.items():
                marks = ", ".join("?" * len(TABLES[table].split(",")))
                await tx.executemany(f"INSERT INTO {table} ({TABLES[table]}) VALUES ({marks})", table_rows)
            if dst.backend.kind == "postgresql":  # explicit ids were given: new ones continue after them
                for table in ("games", "outbox"):
                    await tx.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 0) + 1, false)"
                        f" FROM {table}"
                    )
            # Read back inside the transaction: equal to the source, and every game replays.
            for table, table_rows in rows.items():
                if await _table(tx, table) != table_rows:
                    raise CopyFailed(f"The copied {table} do not read back equal; nothing was copied.")
            if await fetch_games(tx, "1 = 1", ()) != games:
                raise CopyFailed("The copied games do not read back equal; nothing was copied.")
            logs: dict[int, list] = {}
            for log in await tx.fetch(f"SELECT {TABLES['actions']} FROM actions ORDER BY game_id, seq"):
                logs.setdefault(log[0], []).append(log)
            for game in games:
                if game.seed is None:
                    continue
                problem = await replay_problem(game, [log_row(r) for r in logs.get(game.id, [])])
                if problem:
                    raise CopyFailed(f"{problem}; nothing was copied.")
                report.replayed += 1
    return report
