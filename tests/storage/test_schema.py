"""SQLite schema versions: a new file, the migrations from versions 1 and 2, the files we refuse to touch.

The PostgreSQL schema's own checks are in test_pg_schema.py.
"""

from __future__ import annotations

import sqlite3

import pytest

from games.manager import GameManager
from storage import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    NotOurDatabase,
    SchemaTooNew,
    StorageError,
    Store,
    schema,
)
from tests.storage.helpers import NAMES, USERS, started

# The columns version 1 shipped with. A released version is never edited: changes go in a
# new migration, and this test says so if someone edits `_to_v1` instead.
from tests.storage.schema_helpers import (
    V1_COLUMNS,
    digest,
    make_v1,
    pragma,
    table_columns,
)


async def test_a_new_file_gets_the_latest_schema_wal_and_our_application_id(tmp_path):
    path = tmp_path / "deeper" / "still" / "coal.sqlite3"  # the folder is created
    async with Store(path) as store:
        assert store.found_version is None
        db = store.connection
        assert (await (await db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
        assert (await (await db.execute("PRAGMA busy_timeout")).fetchone())[0] == 5000
        assert (await (await db.execute("PRAGMA synchronous")).fetchone())[0] == 2  # FULL
    assert pragma(path, "journal_mode") == "wal"
    assert pragma(path, "application_id") == APPLICATION_ID
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14


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
    make_v1(path)
    con = sqlite3.connect(path)
    columns = {t: [c[1] for c in cols] for t, cols in table_columns(con).items()}
    con.close()
    assert columns == V1_COLUMNS
    assert pragma(path, "user_version") == 1


async def test_a_failing_migration_leaves_the_database_at_its_old_version(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    make_v1(path)

    def broken_v2(db):
        db.execute("ALTER TABLE games ADD COLUMN deadline REAL")  # half of version 2 ...
        raise sqlite3.OperationalError("disk full")  # ... then the disk fills up

    monkeypatch.setitem(schema.MIGRATIONS, 2, broken_v2)
    with pytest.raises(sqlite3.OperationalError):
        await Store(path).open()
    assert pragma(path, "user_version") == 1
    con = sqlite3.connect(path)
    assert [c[1] for c in table_columns(con)["games"]] == V1_COLUMNS["games"]
    con.close()


async def test_a_new_version_is_one_function(tmp_path, monkeypatch):
    path = tmp_path / "coal.sqlite3"
    async with Store(path):
        pass

    def to_next(db):
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setitem(schema.MIGRATIONS, SCHEMA_VERSION + 1, to_next)
    monkeypatch.setattr(schema, "LATEST", SCHEMA_VERSION + 1)
    async with Store(path) as store:
        assert store.found_version == SCHEMA_VERSION
    assert pragma(path, "user_version") == SCHEMA_VERSION + 1
    con = sqlite3.connect(path)
    assert "note" in [c[1] for c in table_columns(con)["games"]]
    con.close()


async def test_a_file_that_is_not_sqlite_is_refused_and_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping: coal, more coal\n" * 50)
    before = digest(path)
    with pytest.raises(NotOurDatabase, match="is not a SQLite database.*left untouched"):
        await Store(path).open()
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


async def test_another_applications_sqlite_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO customers (name) VALUES ('Ada')")
    con.commit()
    con.close()
    before = digest(path)
    with pytest.raises(NotOurDatabase, match="another application.*customers.*left untouched"):
        await Store(path).open()
    assert digest(path) == before
    assert pragma(path, "journal_mode") == "delete"  # not switched to WAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


async def test_a_sqlite_file_with_another_application_id_is_refused_even_when_empty(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA application_id = 1234")
    con.close()
    before = digest(path)
    with pytest.raises(NotOurDatabase, match="application_id 0x4d2"):
        await Store(path).open()
    assert digest(path) == before


async def test_a_newer_schema_is_refused_and_untouched(tmp_path):
    path = tmp_path / "coal.sqlite3"
    async with Store(path) as store:
        manager = GameManager(store)
        await started(manager, 1)
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    before = digest(path)
    with pytest.raises(SchemaTooNew, match=f"schema version {SCHEMA_VERSION + 1}, newer than this bot's"):
        await Store(path).open()
    assert digest(path) == before


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
            game = await manager.lobbies.new_game(1, 2, USERS[0], NAMES[0])
            assert game.seats[0].user_id == USERS[0]
        assert pragma(path, "user_version") == SCHEMA_VERSION


async def test_no_statement_can_half_fail(tmp_path):
    """A failing statement is undone whole only if nothing in the schema uses FAIL (or skips rows).

    The turn's bookkeeping is no longer a trigger: it lives once, in `Store.save_turn`.
    """
    path = tmp_path / "coal.sqlite3"
    async with Store(path):
        pass
    con = sqlite3.connect(path)
    ddl = " ".join(r[0] for r in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))
    con.close()
    assert "turns_insert" not in ddl and "TRIGGER actions_no_update" in ddl
    assert "FAIL" not in ddl.upper() and "OR REPLACE" not in ddl.upper() and "OR IGNORE" not in ddl.upper()


async def test_a_folder_is_not_a_database(tmp_path):
    with pytest.raises(StorageError, match="is a folder; COALBARON_DB must name a database file"):
        await Store(tmp_path).open()


async def test_coalbaron_db_takes_a_path_a_sqlite_url_or_a_postgresql_url(tmp_path, monkeypatch):
    path = tmp_path / "by-url.sqlite3"
    async with Store(f"sqlite:///{path}") as store:  # sqlite:/// then an absolute path: four slashes
        assert store.kind == "sqlite" and store.path == path
    assert pragma(path, "user_version") == SCHEMA_VERSION
    with pytest.raises(ValueError, match="sqlite:///path"):
        Store("sqlite://relative.db")
    for url in ("postgresql://bot:pw@db.example/coal", "postgres://db.example/coal"):
        monkeypatch.setenv("COALBARON_DB", url)
        store = Store()
        assert store.kind == "postgresql" and store.path is None and store.target == url


# The tables each version added: a file of today's schema is turned back into an older version's by
# dropping those, since the versions after 3 only add tables.
