"""What the schema tests share: the columns each version shipped with, making a database at an old version,
and comparing an upgraded database with a new one."""

from __future__ import annotations

import hashlib
import os
import sqlite3

from storage import (
    SCHEMA_VERSION,
    Store,
    schema,
)

# The columns version 1 shipped with. A released version is never edited: changes go in a
# new migration, and this test says so if someone edits `_to_v1` instead.

V1_COLUMNS = {
    "games": [
        "id",
        "guild_id",
        "channel_id",
        "status",
        "options",
        "host_id",
        "seed",
        "state",
        "version",
        "created_at",
        "updated_at",
    ],
    "seats": ["game_id", "seat", "user_id", "name", "colour"],
    "actions": ["game_id", "seq", "user_id", "player", "action", "at"],
}
V2_ADDED = {
    "games": ["deadline", "reminded"],
    "seats": ["missed"],
    "actions": ["summary", "auto"],
}
V3_ADDED = {"games": [], "seats": ["vp", "won"], "actions": []}
V7_ADDED = {"games": ["to_move", "rematch_of", "held_ping"], "seats": [], "actions": []}  # (and 8's and 10's)
V9_DROPPED = {"games": [], "seats": [], "actions": ["summary"]}  # no version writes it since issue 26


def pragma(path, name):
    con = sqlite3.connect(path)
    try:
        return con.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        con.close()


def table_columns(con: sqlite3.Connection) -> dict[str, list[tuple]]:
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {t: con.execute(f"PRAGMA table_info({t})").fetchall() for t in tables}


def schema_objects(con: sqlite3.Connection) -> set[tuple[str, str, str]]:
    return {(t, n, tbl) for t, n, tbl in con.execute("SELECT type, name, tbl_name FROM sqlite_master")}


async def equal_to_fresh(path, tmp_path) -> tuple[dict[str, list[tuple]], set[tuple[str, str, str]]]:
    """Assert the upgraded database at `path` has a new database's schema (tables, columns,
    indexes, triggers, views); its columns and schema objects, for further checks."""
    fresh = tmp_path / "fresh.sqlite3"
    async with Store(fresh):
        pass
    a, b = sqlite3.connect(path), sqlite3.connect(fresh)
    try:
        columns, objects = table_columns(a), schema_objects(a)
        assert columns == table_columns(b)
        assert objects == schema_objects(b)
    finally:
        a.close()
        b.close()
    return columns, objects


def make_v1(path) -> None:
    make_version(path, 1)


def make_version(path, version: int) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("BEGIN")
    schema.migrate(con, 0, version)
    con.execute("COMMIT")
    con.close()


def digest(path) -> tuple[str, float]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), os.stat(path).st_mtime


ADDED = {
    4: ("rating_changes", "ratings"),
    5: ("player_settings",),
    6: ("server_defaults", "bot_state"),
    7: (),
    8: (),
    9: ("purging", "forget_requests", "guild_departures"),
    10: ("away_periods",),
    11: ("forget_covers",),
    12: ("web_links", "web_sessions"),
    13: ("reviews",),
    14: ("league_tables", "league_players", "leagues", "season_ratings"),
}
# (and the columns, added at the end of their tables, and the indexes on them)
ADDED_COLUMNS = {
    7: (("games", "to_move"),),
    8: (("games", "rematch_of"), ("outbox", "parts")),
    10: (
        ("games", "held_ping"),
        *(("player_settings", c) for c in ("away_until", "time_zone", "quiet_from", "quiet_to", "heads_up")),
    ),
}
ADDED_INDEXES = {8: ("games_rematch",)}


def kept(after: dict[str, list[tuple]], before: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """The rows of `after` as `before` had them: the columns added since (at the end of each row) left out,
    and the log's summary, which version 9 took away, back in its place as before (empty: no version since
    issue 26 wrote it)."""

    def as_before(table: str, row: tuple) -> tuple:
        first = before[table][0]
        if table == "actions" and len(first) == 8 and len(row) == 7:
            # version 2 put summary before auto; `back_to` adds it back at the end
            row = (*row, None) if first[7] is None else (*row[:6], None, row[6])
        return row[: len(first)]

    return {t: [as_before(t, r) if before[t] else r for r in after[t]] for t in before}


def back_to(path, version: int) -> None:
    """What `version` had: none of the tables or columns added after it."""
    con = sqlite3.connect(path)
    for later in range(SCHEMA_VERSION, version, -1):
        if later == 9:  # 9 took the summary column away and opened the log to renames and purges
            con.execute("DROP TRIGGER actions_no_update")
            con.execute("DROP TRIGGER actions_no_delete")
            con.execute("ALTER TABLE actions ADD COLUMN summary TEXT")
            for what in ("UPDATE", "DELETE"):
                con.execute(
                    f"CREATE TRIGGER actions_no_{what.lower()} BEFORE {what} ON actions"
                    " BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END"
                )
        for table in ADDED[later]:
            con.execute(f"DROP TABLE {table}")
        for index in ADDED_INDEXES.get(later, ()):
            con.execute(f"DROP INDEX {index}")
        for table, column in ADDED_COLUMNS.get(later, ()):
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()
