"""Schema versions: a new file, the migration from version 1, and the files we refuse to touch."""

from __future__ import annotations

import hashlib
import os
import sqlite3

import pytest

from games.manager import GameManager
from rules.record import Chooser
from storage import APPLICATION_ID, SCHEMA_VERSION, NotOurDatabase, SchemaTooNew, StorageError, Store, schema
from tests.storage.helpers import NAMES, USERS, db_rows, play, started

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


def _pragma(path, name):
    con = sqlite3.connect(path)
    try:
        return con.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        con.close()


def _columns(con: sqlite3.Connection) -> dict[str, list[tuple]]:
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {t: con.execute(f"PRAGMA table_info({t})").fetchall() for t in tables}


def _schema_objects(con: sqlite3.Connection) -> set[tuple[str, str, str]]:
    return {(t, n, tbl) for t, n, tbl in con.execute("SELECT type, name, tbl_name FROM sqlite_master")}


def _make_v1(path) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("BEGIN")
    schema.migrate(con, 0, 1)
    con.execute("COMMIT")
    con.close()


def _digest(path) -> tuple[str, float]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), os.stat(path).st_mtime


async def test_a_new_file_gets_the_latest_schema_wal_and_our_application_id(tmp_path):
    path = tmp_path / "deeper" / "still" / "coal.sqlite3"  # the folder is created
    async with Store(path) as store:
        assert store.found_version is None
        db = store.connection
        assert (await (await db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
        assert (await (await db.execute("PRAGMA busy_timeout")).fetchone())[0] == 5000
        assert (await (await db.execute("PRAGMA synchronous")).fetchone())[0] == 2  # FULL
    assert _pragma(path, "journal_mode") == "wal"
    assert _pragma(path, "application_id") == APPLICATION_ID
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 2


async def test_the_path_comes_from_coalbaron_db_else_data_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COALBARON_DB", raising=False)
    async with Store() as store:
        assert store.path.as_posix() == "data/coalbaron.sqlite3"
    assert (tmp_path / "data" / "coalbaron.sqlite3").is_file()
    monkeypatch.setenv("COALBARON_DB", str(tmp_path / "elsewhere" / "games.db"))
    async with Store():
        pass
    assert (tmp_path / "elsewhere" / "games.db").is_file()


def test_version_1_is_what_was_released(tmp_path):
    path = tmp_path / "v1.sqlite3"
    _make_v1(path)
    con = sqlite3.connect(path)
    columns = {t: [c[1] for c in cols] for t, cols in _columns(con).items()}
    con.close()
    assert columns == V1_COLUMNS
    assert _pragma(path, "user_version") == 1


async def test_version_1_database_is_upgraded_and_its_games_continue(tmp_path):
    path = tmp_path / "old.sqlite3"
    _make_v1(path)
    # A game played under version 1: rows written the way version 1 wrote them.
    async with Store(tmp_path / "scratch.sqlite3") as scratch:
        manager = GameManager(scratch)
        await started(manager, 5, players=3, seed=11)
        await play(manager, 5, 30, Chooser(3))
    src = sqlite3.connect(tmp_path / "scratch.sqlite3")
    dst = sqlite3.connect(path)
    v1 = ", ".join(V1_COLUMNS["games"])
    dst.executemany(f"INSERT INTO games ({v1}) VALUES ({', '.join('?' * 11)})", src.execute(f"SELECT {v1} FROM games"))
    for table in ("seats", "actions"):
        cols = ", ".join(V1_COLUMNS[table])
        marks = ", ".join("?" * len(V1_COLUMNS[table]))
        dst.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", src.execute(f"SELECT {cols} FROM {table}"))
    dst.commit()
    dst.close()
    src.close()
    before = db_rows(path)

    async with Store(path) as store:
        assert store.found_version == 1
        assert await store.verify() == []
        after = db_rows(path)
        # Old rows kept, each with the new columns at their defaults.
        assert [r[:11] for r in after["games"]] == before["games"]
        assert [r[11:] for r in after["games"]] == [(None, 0)]
        assert [r[:5] for r in after["seats"]] == before["seats"]
        assert {r[5] for r in after["seats"]} == {0}
        assert [r[:6] for r in after["actions"]] == before["actions"]
        assert {r[6:] for r in after["actions"]} == {(None, 0)}
        manager = GameManager(store)
        await manager.open()
        results = await play(manager, 5, 5, Chooser(4))
        assert results[-1].version == 35
        assert (await store.log(results[-1].game.id, last=1))[0].summary  # the new column is written
        assert await store.verify() == []
    assert _pragma(path, "user_version") == 2

    # The upgraded schema is the one a new database gets: same tables, columns, indexes, triggers.
    fresh = tmp_path / "fresh.sqlite3"
    async with Store(fresh):
        pass
    a, b = sqlite3.connect(path), sqlite3.connect(fresh)
    assert _columns(a) == _columns(b)
    assert _schema_objects(a) == _schema_objects(b)
    for t, cols in V2_ADDED.items():
        assert [c[1] for c in _columns(a)[t]] == V1_COLUMNS[t] + cols
    a.close()
    b.close()


async def test_a_failing_migration_leaves_the_database_at_its_old_version(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    _make_v1(path)

    def broken_v2(db):
        db.execute("ALTER TABLE games ADD COLUMN deadline REAL")  # half of version 2 ...
        raise sqlite3.OperationalError("disk full")  # ... then the disk fills up

    monkeypatch.setitem(schema.MIGRATIONS, 2, broken_v2)
    with pytest.raises(sqlite3.OperationalError):
        await Store(path).open()
    assert _pragma(path, "user_version") == 1
    con = sqlite3.connect(path)
    assert [c[1] for c in _columns(con)["games"]] == V1_COLUMNS["games"]
    con.close()


async def test_a_new_version_is_one_function(tmp_path, monkeypatch):
    path = tmp_path / "coal.sqlite3"
    async with Store(path):
        pass

    def to_v3(db):
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setitem(schema.MIGRATIONS, 3, to_v3)
    monkeypatch.setattr(schema, "LATEST", 3)
    async with Store(path) as store:
        assert store.found_version == 2
    assert _pragma(path, "user_version") == 3
    con = sqlite3.connect(path)
    assert "note" in [c[1] for c in _columns(con)["games"]]
    con.close()


async def test_a_file_that_is_not_sqlite_is_refused_and_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping: coal, more coal\n" * 50)
    before = _digest(path)
    with pytest.raises(NotOurDatabase, match="is not a SQLite database.*left untouched"):
        await Store(path).open()
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


async def test_another_applications_sqlite_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO customers (name) VALUES ('Ada')")
    con.commit()
    con.close()
    before = _digest(path)
    with pytest.raises(NotOurDatabase, match="another application.*customers.*left untouched"):
        await Store(path).open()
    assert _digest(path) == before
    assert _pragma(path, "journal_mode") == "delete"  # not switched to WAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


async def test_a_sqlite_file_with_another_application_id_is_refused_even_when_empty(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA application_id = 1234")
    con.close()
    before = _digest(path)
    with pytest.raises(NotOurDatabase, match="application_id 0x4d2"):
        await Store(path).open()
    assert _digest(path) == before


async def test_a_newer_schema_is_refused_and_untouched(tmp_path):
    path = tmp_path / "coal.sqlite3"
    async with Store(path) as store:
        manager = GameManager(store)
        await started(manager, 1)
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    before = _digest(path)
    with pytest.raises(SchemaTooNew, match=f"schema version {SCHEMA_VERSION + 1}, newer than this bot's"):
        await Store(path).open()
    assert _digest(path) == before


async def test_an_empty_file_or_one_interrupted_before_the_schema_is_set_up(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    interrupted = tmp_path / "interrupted.sqlite3"
    con = sqlite3.connect(interrupted)
    con.execute("PRAGMA journal_mode = WAL")  # what `prepare` writes before its transaction
    con.close()
    for path in (empty, interrupted):
        async with Store(path) as store:
            manager = GameManager(store)
            game = await manager.new_game(1, 2, USERS[0], NAMES[0])
            assert game.seats[0].user_id == USERS[0]
        assert _pragma(path, "user_version") == SCHEMA_VERSION


async def test_no_statement_can_half_fail(tmp_path):
    """A turn is one statement; it is undone whole only if nothing in the schema uses FAIL."""
    path = tmp_path / "coal.sqlite3"
    async with Store(path):
        pass
    con = sqlite3.connect(path)
    ddl = " ".join(r[0] for r in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))
    con.close()
    assert "turns_insert" in ddl
    assert "FAIL" not in ddl.upper() and "OR REPLACE" not in ddl.upper() and "OR IGNORE" not in ddl.upper()


async def test_a_folder_is_not_a_database(tmp_path):
    with pytest.raises(StorageError, match="is a folder; COALBARON_DB must name a database file"):
        await Store(tmp_path).open()
