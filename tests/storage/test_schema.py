"""SQLite schema versions: a new file, the migrations from versions 1 and 2, the files we refuse to touch.

The PostgreSQL schema's own checks are in test_pg_schema.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3

import pytest

from games.manager import GameManager
from rules import GameState
from rules.record import Chooser
from storage import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    Brief,
    NotOurDatabase,
    PlayerSettings,
    SchemaTooNew,
    StorageError,
    Store,
    schema,
)
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
V3_ADDED = {"games": [], "seats": ["vp", "won"], "actions": []}
V7_ADDED = {"games": ["to_move", "rematch_of"], "seats": [], "actions": []}  # (and 8's)


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


async def _equal_to_fresh(path, tmp_path) -> tuple[dict[str, list[tuple]], set[tuple[str, str, str]]]:
    """Assert the upgraded database at `path` has a new database's schema (tables, columns,
    indexes, triggers, views); its columns and schema objects, for further checks."""
    fresh = tmp_path / "fresh.sqlite3"
    async with Store(fresh):
        pass
    a, b = sqlite3.connect(path), sqlite3.connect(fresh)
    try:
        columns, objects = _columns(a), _schema_objects(a)
        assert columns == _columns(b)
        assert objects == _schema_objects(b)
    finally:
        a.close()
        b.close()
    return columns, objects


def _make_v1(path) -> None:
    _make_version(path, 1)


def _make_version(path, version: int) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("BEGIN")
    schema.migrate(con, 0, version)
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
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8


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
        assert [r[11:13] for r in after["games"]] == [(None, 0)]
        # and who is to move, read once out of the rules' JSON by version 7's migration
        assert [r[13] for r in after["games"]] == [GameState.model_validate_json(r[7]).to_move for r in before["games"]]
        assert [r[:5] for r in after["seats"]] == before["seats"]
        assert {r[5] for r in after["seats"]} == {0}
        assert [r[:6] for r in after["actions"]] == before["actions"]
        assert {r[6:] for r in after["actions"]} == {(None, 0)}
        manager = GameManager(store)
        await manager.open()
        results = await play(manager, 5, 5, Chooser(4))
        assert results[-1].version == 35
        assert (await manager.store.log_with_events(results[-1].game, last=1))[0].events  # events for the log, replayed
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION

    # The upgraded schema is the one a new database gets: same tables, columns, indexes, triggers.
    columns, _ = await _equal_to_fresh(path, tmp_path)
    for t, cols in V2_ADDED.items():
        assert [c[1] for c in columns[t]] == V1_COLUMNS[t] + cols + V3_ADDED[t] + V7_ADDED[t]


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

    def to_next(db):
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    monkeypatch.setitem(schema.MIGRATIONS, SCHEMA_VERSION + 1, to_next)
    monkeypatch.setattr(schema, "LATEST", SCHEMA_VERSION + 1)
    async with Store(path) as store:
        assert store.found_version == SCHEMA_VERSION
    assert _pragma(path, "user_version") == SCHEMA_VERSION + 1
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


V2_COLUMNS = {t: V1_COLUMNS[t] + V2_ADDED[t] for t in V1_COLUMNS}


@pytest.mark.slow
async def test_version_2_database_with_real_games_is_upgraded_to_final_score_columns_and_an_outbox(tmp_path):
    # Games of every status played by today's code, then written into a version 2 file the
    # way version 2 stored them: no final-score columns, no outbox.
    scratch_path = tmp_path / "scratch.sqlite3"
    async with Store(scratch_path) as scratch:
        manager = GameManager(scratch)
        for channel, players in ((1, 2), (2, 3), (3, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await started(manager, 5, players=2, seed=5)
        await manager.abort(5, USERS[0])  # aborted
        await manager.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        history = await scratch.finished_games(1)
        results = {u: await scratch.player_results(1, u) for u in USERS}
        stats = {u: await scratch.player_stats(1, u) for u in USERS}
    assert len(history) == 3 and all(r for r in results.values())
    assert all(h.winners for h in history)

    path = tmp_path / "v2.sqlite3"
    _make_version(path, 2)
    src, dst = sqlite3.connect(scratch_path), sqlite3.connect(path)
    for table, cols in V2_COLUMNS.items():
        names = ", ".join(cols)
        marks = ", ".join("?" * len(cols))
        dst.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", src.execute(f"SELECT {names} FROM {table}"))
    dst.commit()
    dst.close()
    src.close()
    before = db_rows(path)
    assert len(before["seats"][0]) == 6  # version 2 seats: no vp, no won

    async with Store(path) as store:
        assert store.found_version == 2
        # The final scores were read out of the rules' JSON once, by the migration; from now
        # on history and stats are answered from the columns, exactly as before.
        assert await store.finished_games(1) == history
        for user in USERS:
            assert await store.player_results(1, user) == results[user]
            assert await store.player_stats(1, user) == stats[user]
        finished = {g.id: g for g in await store.games(("finished",))}
        for game in finished.values():
            assert [(s.vp, s.won) for s in game.seats] == [
                (p.vp, i in game.state.winners) for i, p in enumerate(game.state.players)
            ]
        others = await store.games(("lobby", "active", "aborted"))
        assert {s.vp for g in others for s in g.seats} == {None}
        assert await store.pending_posts() == []
        assert await store.verify() == []
        after = db_rows(path)
        assert [r[:6] for r in after["seats"]] == before["seats"]
        assert _kept(after, before) == before

        # The running game goes on to its end; its final scores are written with the last turn.
        manager = GameManager(store)
        await manager.open()
        last = (await play(manager, 4, None, Chooser(9)))[-1].game
        assert last.status == "finished"
        assert [(s.vp, s.won) for s in last.seats] == [
            (p.vp, i in last.state.winners) for i, p in enumerate(last.state.players)
        ]
        assert await store.load_game(last.id) == last
        assert [h.game_id for h in await store.finished_games(1)][0] == last.id
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8

    columns, objects = await _equal_to_fresh(path, tmp_path)
    assert "outbox" in columns and ("view", "turns", "turns") not in objects


async def test_coalbaron_db_takes_a_path_a_sqlite_url_or_a_postgresql_url(tmp_path, monkeypatch):
    path = tmp_path / "by-url.sqlite3"
    async with Store(f"sqlite:///{path}") as store:  # sqlite:/// then an absolute path: four slashes
        assert store.kind == "sqlite" and store.path == path
    assert _pragma(path, "user_version") == SCHEMA_VERSION
    with pytest.raises(ValueError, match="sqlite:///path"):
        Store("sqlite://relative.db")
    for url in ("postgresql://bot:pw@db.example/coal", "postgres://db.example/coal"):
        monkeypatch.setenv("COALBARON_DB", url)
        store = Store()
        assert store.kind == "postgresql" and store.path is None and store.target == url


# The tables each version added: a file of today's schema is turned back into an older version's by
# dropping those, since the versions after 3 only add tables.
ADDED = {4: ("rating_changes", "ratings"), 5: ("player_settings",), 6: ("server_defaults", "bot_state"), 7: (), 8: ()}
# (and the columns, added at the end of their tables, and the indexes on them)
ADDED_COLUMNS = {7: (("games", "to_move"),), 8: (("games", "rematch_of"), ("outbox", "parts"))}
ADDED_INDEXES = {8: ("games_rematch",)}


def _kept(after: dict[str, list[tuple]], before: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """The rows of `after` as `before` had them: the columns added since (at the end of each row) left out."""
    return {t: [r[: len(before[t][0])] if before[t] else r for r in after[t]] for t in before}


def _back_to(path, version: int) -> None:
    """What `version` had: none of the tables or columns added after it."""
    con = sqlite3.connect(path)
    for later in range(SCHEMA_VERSION, version, -1):
        for table in ADDED[later]:
            con.execute(f"DROP TABLE {table}")
        for index in ADDED_INDEXES.get(later, ()):
            con.execute(f"DROP INDEX {index}")
        for table, column in ADDED_COLUMNS.get(later, ()):
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


async def test_version_3_database_with_real_games_gets_the_ladders_and_its_finished_games_rated(tmp_path):
    # Games of every status played by today's code in a version 3 file (version 4 only adds the
    # ladder's tables): the upgrade keeps them as they are, and the first start rates the finished
    # ones, oldest first, so the server's ladder starts with its history.
    path = tmp_path / "v3.sqlite3"
    _make_version(path, 3)
    async with Store(path) as store:
        assert store.found_version == 3  # upgraded here, new tables empty: now fill it as v3 would
    _back_to(path, 3)
    async with Store(path) as store:
        assert store.found_version == 3
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 3), (3, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        # what a version 3 bot would have left: the games, no ratings
        await store.connection.execute("DELETE FROM ratings")
        await store.connection.execute("DELETE FROM rating_changes")
        await store.connection.commit()
        history = await store.finished_games(1)
    _back_to(path, 3)
    before = db_rows(path)

    async with Store(path) as store:
        assert store.found_version == 3
        after = db_rows(path)
        assert _kept(after, before) == before  # games, seats, log, outbox untouched
        manager = GameManager(store)
        await manager.open()  # rates the three finished games
        assert await store.finished_games(1) == history
        rated = await store.leaderboard(1, limit=10)
        assert {r.user_id for r in rated} == set(USERS[:4]) and {r.games for r in rated} >= {1, 3}
        assert sum(r.games for r in rated) == 2 + 3 + 4
        assert await manager.ladders.rate_finished() == 0  # once only
        # the running game goes on to its end and is rated with its last move
        await manager.open()
        await play(manager, 4, None, Chooser(9))
        assert sum(r.games for r in await store.leaderboard(1, limit=10)) == 2 + 3 + 4 + 2
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8


async def test_version_4_database_with_real_games_gets_personal_settings_with_everyone_on_the_defaults(tmp_path):
    # Games of every status, rated, in a version 4 file (version 5 only adds player_settings): the
    # upgrade keeps every row as it was; nobody has a row, so everyone has the defaults; a change
    # is stored and read back; the running game goes on to its end.
    path = tmp_path / "v4.sqlite3"
    _make_version(path, 4)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 3)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished and rated
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        ladder = await store.leaderboard(1, limit=10)
    _back_to(path, 4)
    before = db_rows(path)
    assert "player_settings" not in _columns(sqlite3.connect(path))

    async with Store(path) as store:
        assert store.found_version == 4
        after = db_rows(path)
        assert _kept(after, before) == before  # games, seats, log, outbox untouched
        assert await store.leaderboard(1, limit=10) == ladder
        manager = GameManager(store)
        await manager.open()
        everyone = await manager.people.settings_of(USERS[:4])
        assert everyone == {u: PlayerSettings(u) for u in USERS[:4]}
        assert everyone[USERS[0]].ping == "mention" and everyone[USERS[0]].reminder
        assert everyone[USERS[0]].images == "every" and everyone[USERS[0]].dm_refused == "no"
        changed = await manager.people.change_settings(USERS[1], ping="dm", images="mine", language="it")
        assert (await manager.people.settings_of([USERS[1]]))[USERS[1]] == changed
        await play(manager, 4, None, Chooser(9))
        assert (await manager.current(4)) is None  # finished
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8

    await _equal_to_fresh(path, tmp_path)


async def test_a_setting_outside_its_choices_is_refused_by_the_database(tmp_path):
    async with Store(tmp_path / "db.sqlite3") as store:
        with pytest.raises(sqlite3.IntegrityError):
            await store.save_player_settings(PlayerSettings(5, ping="shout"))  # type: ignore[arg-type]
        assert await store.player_settings([5]) == {5: PlayerSettings(5)}


async def test_version_5_database_gets_server_defaults_and_notes_with_its_games_untouched(tmp_path):
    # Version 6 only adds server_defaults and bot_state: every row is kept; no server has defaults
    # until one is set; a default and a note are stored and read back; the running game goes on.
    path = tmp_path / "v5.sqlite3"
    _make_version(path, 5)
    async with Store(path) as store:
        manager = GameManager(store)
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
    _back_to(path, 5)
    before = db_rows(path)
    assert "server_defaults" not in _columns(sqlite3.connect(path))

    async with Store(path) as store:
        assert store.found_version == 5
        after = db_rows(path)
        assert _kept(after, before) == before
        assert await store.server_defaults(1) == {}
        await store.save_server_defaults(1, {"timer": "12h", "language": "it"}, by=USERS[0])
        assert await store.server_defaults(1) == {"language": "it", "timer": "12h"}
        assert await store.note("commands") is None
        await store.save_note("commands", "abc")
        await store.save_note("commands", "def")
        assert await store.note("commands") == "def"
        manager = GameManager(store)
        await manager.open()
        await play(manager, 4, None, Chooser(9))
        assert (await manager.current(4)) is None
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8

    await _equal_to_fresh(path, tmp_path)


async def test_version_6_database_gets_who_is_to_move_and_a_restart_keeps_only_briefs(tmp_path):
    # Version 7 adds games.to_move (issue 26): the migration reads it out of each running game's
    # state, once; a restarted manager then knows every open game in brief without reading a state,
    # and reads a game whole when it is needed.
    path = tmp_path / "v6.sqlite3"
    _make_version(path, 6)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, moves in ((2, 25), (3, 40)):
            await started(manager, channel, players=2, seed=channel)
            await play(manager, channel, moves, Chooser(channel))  # running
        await manager.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        games = {ch: await manager.current(ch) for ch in (2, 3, 6)}
    _back_to(path, 6)
    before = db_rows(path)
    assert "to_move" not in [c[1] for c in _columns(sqlite3.connect(path))["games"]]

    async with Store(path) as store:
        assert store.found_version == 6
        after = db_rows(path)
        assert _kept(after, before) == before
        to_move = {row[2]: row[13] for row in after["games"]}  # by channel (version 7 added it after reminded)
        assert to_move == {2: games[2].state.to_move, 3: games[3].state.to_move, 6: None}
        assert all(to_move[ch] is not None for ch in (2, 3))
        manager = GameManager(store)
        briefs = {b.channel_id: b for b in await manager.open()}
        assert briefs == {ch: Brief.of(g) for ch, g in games.items()}
        assert briefs[2].to_move_user == games[2].to_move_user and manager.in_memory() == 0
        await play(manager, 2, None, Chooser(9))  # read whole, and played to the end
        assert (await manager.current(2)) is None and 2 not in {b.channel_id for b in manager.open_briefs()}
        assert await store.verify() == []
    assert _pragma(path, "user_version") == SCHEMA_VERSION == 8

    await _equal_to_fresh(path, tmp_path)


async def test_states_stored_before_a_field_existed_replay_as_the_same_game(tmp_path):
    """Issue 46, item 11: on a database made at schema 4, `verify` reported 8 of 17 games as replaying
    "to a different state", only because each shift scoring's `delivered` (kept since) is filled by the
    replay and absent from the stored state. The same game is not a damaged one; a real difference is."""
    path = tmp_path / "v4.sqlite3"
    _make_version(path, 4)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished: three shift scorings each
        await started(manager, 3, players=3, seed=3)
        await play(manager, 3, 70, Chooser(3))  # running, past a scoring
    con = sqlite3.connect(path)
    with con:  # the states as a bot of schema 4 wrote them: no `delivered` in the shift results
        for gid, text in con.execute("SELECT id, state FROM games WHERE state IS NOT NULL").fetchall():
            state = json.loads(text)
            assert state["shift_results"], gid
            for result in state["shift_results"]:
                del result["delivered"]
            con.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), gid))
    con.close()
    async with Store(path) as store:
        assert await store.verify() == []
    con = sqlite3.connect(path)
    with con:  # a real difference is still found
        [(text,)] = con.execute("SELECT state FROM games WHERE id = 2").fetchall()
        state = json.loads(text)
        state["shift_results"][0]["elements"][0]["vp"][0] += 1
        con.execute("UPDATE games SET state = ? WHERE id = 2", (json.dumps(state),))
    con.close()
    async with Store(path) as store:
        assert await store.verify() == ["game 2: the log replays to a different state than the stored one"]
