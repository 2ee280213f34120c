"""The PostgreSQL schema: the same tables as SQLite's, versions and migrations, databases we refuse.

These run only on PostgreSQL (the server from conftest.py); the Store's behaviour on it is
checked by the shared suite in test_store.py and test_outbox.py.
"""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from games.manager import GameManager
from rules import GameState
from rules.record import Chooser
from storage import (
    SCHEMA_VERSION,
    NotOurDatabase,
    PlayerSettings,
    SchemaTooNew,
    StorageError,
    Store,
    pg_schema,
    schema,
)
from storage.schema import APPLICATION_ID
from tests.storage.helpers import NAMES, USERS, play, started


async def _pg(url: str, sql: str) -> list[tuple]:
    con = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await con.fetch(sql)]
    finally:
        await con.close()


async def _tables_and_columns(url: str) -> dict[str, list[str]]:
    rows = await _pg(
        url,
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
    )
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return out


async def _everything(url: str) -> list[tuple]:
    """Every table with its rows: what 'left untouched' is checked against."""
    tables = [r[0] for r in await _pg(url, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
    return sorted([(t, tuple(await _pg(url, f"SELECT * FROM {t} ORDER BY 1"))) for t in tables])


async def test_a_new_database_gets_the_same_tables_columns_and_indexes_as_sqlite(postgres_url, tmp_path):
    async with Store(postgres_url) as store:
        assert store.found_version is None and store.kind == "postgresql" and store.path is None
    assert await _pg(postgres_url, "SELECT application_id, version FROM coalbaron_schema") == [
        (APPLICATION_ID, SCHEMA_VERSION)
    ]
    path = tmp_path / "coal.sqlite3"
    async with Store(path):
        pass
    con = sqlite3.connect(path)
    lite_tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    lite = {t: [c[1] for c in con.execute(f"PRAGMA table_info({t})")] for t in lite_tables}
    lite_indexes = {
        r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    }
    con.close()
    pg = await _tables_and_columns(postgres_url)
    assert pg.pop("coalbaron_schema") == ["application_id", "version"]  # SQLite keeps these in its header
    assert pg == lite
    pg_indexes = {
        r[0]
        for r in await _pg(postgres_url, "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()")
        if not r[0].endswith(("_pkey", "_key"))
    }
    assert pg_indexes == lite_indexes | {"games_finished"}  # SQLite finds games by rowid instead


async def test_opening_again_finds_the_version_and_changes_nothing(postgres_url):
    async with Store(postgres_url) as store:
        await started(GameManager(store), 1)
    before = await _everything(postgres_url)
    async with Store(postgres_url) as store:
        assert store.found_version == SCHEMA_VERSION
    assert await _everything(postgres_url) == before


async def test_another_applications_database_is_refused_and_untouched(postgres_url):
    con = await asyncpg.connect(postgres_url)
    await con.execute("CREATE TABLE customers (id SERIAL PRIMARY KEY, name TEXT)")
    await con.execute("INSERT INTO customers (name) VALUES ('Ada')")
    await con.close()
    before = await _everything(postgres_url)
    with pytest.raises(NotOurDatabase, match=r"holds tables of another application \(customers\).*left untouched"):
        await Store(postgres_url).open()
    assert await _everything(postgres_url) == before


async def test_a_newer_schema_is_refused_and_untouched(postgres_url):
    async with Store(postgres_url):
        pass
    con = await asyncpg.connect(postgres_url)
    await con.execute("UPDATE coalbaron_schema SET version = $1", SCHEMA_VERSION + 1)
    await con.close()
    before = await _everything(postgres_url)
    with pytest.raises(SchemaTooNew, match=f"schema version {SCHEMA_VERSION + 1}, newer than this bot's"):
        await Store(postgres_url).open()
    assert await _everything(postgres_url) == before


async def test_a_new_version_is_one_function_and_a_failing_one_changes_nothing(postgres_url, monkeypatch):
    async with Store(postgres_url):
        pass
    after = SCHEMA_VERSION + 1

    async def broken(con):
        await con.execute("ALTER TABLE games ADD COLUMN note TEXT")  # half of the new version ...
        raise OSError("disk full")  # ... then the disk fills up

    async def to_next(con):
        await con.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setattr(schema, "LATEST", after)
    monkeypatch.setitem(pg_schema.MIGRATIONS, after, broken)
    with pytest.raises(OSError, match="disk full"):
        await Store(postgres_url).open()
    assert await _pg(postgres_url, "SELECT version FROM coalbaron_schema") == [(SCHEMA_VERSION,)]
    assert "note" not in (await _tables_and_columns(postgres_url))["games"]

    monkeypatch.setitem(pg_schema.MIGRATIONS, after, to_next)
    async with Store(postgres_url) as store:
        assert store.found_version == SCHEMA_VERSION
    assert await _pg(postgres_url, "SELECT version FROM coalbaron_schema") == [(after,)]
    assert "note" in (await _tables_and_columns(postgres_url))["games"]


async def test_four_stores_opening_a_new_database_at_once_create_it_once(postgres_url):
    """Each with its own connection, as bot processes starting together: the advisory lock lets one create."""
    stores = [Store(postgres_url) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))
    assert sorted(s.found_version is None for s in stores) == [False, False, False, True]
    for s in stores:
        await s.close()


async def test_an_unreachable_server_is_said_with_the_url_without_its_password(postgres_server):
    url = f"postgresql://bot:s3cret@127.0.0.1:{postgres_server.port}/no_such_database"
    with pytest.raises(StorageError, match="Cannot open the PostgreSQL database postgresql://bot@127.0.0.1") as err:
        await Store(url).open()
    assert "s3cret" not in str(err.value)


@pytest.mark.slow
async def test_version_4_database_with_real_games_gets_personal_settings(postgres_url):
    # A PostgreSQL database at version 4 (version 5 only adds player_settings) with games of every
    # status in it: the upgrade keeps every row, and everyone has the default settings until they
    # change one.
    async with Store(postgres_url) as store:
        manager = GameManager(store)
        for channel in (1, 2):
            await started(manager, channel, players=2, seed=channel)
            await play(manager, channel, None if channel == 1 else 25, Chooser(channel))  # finished, running
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
    con = await asyncpg.connect(postgres_url)
    await con.execute("DROP TABLE player_settings")
    await con.execute("DROP TABLE server_defaults")  # and what version 6 added
    await con.execute("DROP TABLE bot_state")
    await con.execute("ALTER TABLE games DROP COLUMN to_move")  # and what version 7 added
    await con.execute("ALTER TABLE games DROP COLUMN rematch_of")  # and what version 8 added
    await con.execute("ALTER TABLE outbox DROP COLUMN parts")
    for table in V9:  # and what version 9 added; it took the log's summary away
        await con.execute(f"DROP TABLE {table}")
    await con.execute("ALTER TABLE actions ADD COLUMN summary TEXT")
    await con.execute("DROP TABLE away_periods")  # and what version 10 added
    await con.execute("ALTER TABLE games DROP COLUMN held_ping")
    await con.execute("DROP TABLE forget_covers")  # and what version 11 added
    await con.execute("DROP TABLE web_links")  # and what version 12 added
    await con.execute("DROP TABLE web_sessions")
    await con.execute("DROP TABLE reviews")  # and what version 13 added
    for table in ("league_tables", "league_players", "leagues", "season_ratings"):  # and what version 14 added
        await con.execute(f"DROP TABLE {table}")
    await con.execute("UPDATE coalbaron_schema SET version = 4")
    await con.close()
    before = await _everything(postgres_url)

    async with Store(postgres_url) as store:
        assert store.found_version == 4
        after = dict(await _everything(postgres_url))
        kept = {
            t: rows
            for t, rows in after.items()
            if t
            not in (
                "coalbaron_schema",
                "player_settings",
                "away_periods",
                "forget_covers",
                "web_links",
                "web_sessions",
                "reviews",
                "leagues",
                "league_players",
                "league_tables",
                "season_ratings",
            )
            and t not in (*V6, *V9)
        }
        kept["actions"] = tuple((*row, None) for row in kept["actions"])  # its summary, empty, gone
        kept["games"] = tuple(row[:-3] for row in kept["games"])  # without 7's to_move, 8's rematch_of, 10's held_ping
        kept["outbox"] = tuple(row[:-1] for row in kept["outbox"])  # without version 8's parts
        assert {t: rows for t, rows in before if t != "coalbaron_schema"} == kept
        # version 7's migration read who is to move out of the running game's state
        [(to_move, state)] = await _pg(postgres_url, "SELECT to_move, state FROM games WHERE status = 'active'")
        assert to_move is not None and to_move == GameState.model_validate_json(state).to_move
        assert after["player_settings"] == () and all(after[t] == () for t in V6)
        manager = GameManager(store)
        await manager.open()
        assert await manager.people.settings_of(USERS[:2]) == {u: PlayerSettings(u) for u in USERS[:2]}
        changed = await manager.people.change_settings(
            USERS[0], ping="none", reminder=False, images="ask", language="ja"
        )
        assert (await manager.people.settings_of([USERS[0]]))[USERS[0]] == changed
        await play(manager, 2, None, Chooser(2))  # the running game ends
        assert await store.queries.verify() == []
    assert await _pg(postgres_url, "SELECT version FROM coalbaron_schema") == [(SCHEMA_VERSION,)]
    assert SCHEMA_VERSION == 14


V6 = ("server_defaults", "bot_state")
V9 = ("purging", "forget_requests", "guild_departures")


async def test_server_defaults_and_notes_on_postgresql(postgres_url):
    async with Store(postgres_url) as store:
        assert await store.preferences.server_defaults(7) == {}
        await store.preferences.save_server_defaults(7, {"thread": False, "timer": "48h"}, by=USERS[0])
        assert await store.preferences.server_defaults(7) == {"thread": False, "timer": "48h"}
        await store.preferences.save_server_defaults(7, {}, by=USERS[0])
        assert await store.preferences.server_defaults(7) == {}
        await store.preferences.save_note("commands", "abc")
        assert await store.preferences.note("commands") == "abc"
