"""Opening the store leaves no statement running: commits never depend on garbage collection."""

from __future__ import annotations

import aiosqlite

from storage import GameSettings, Store


async def test_commits_work_while_every_cursor_is_kept_alive(tmp_path, monkeypatch):
    # PRAGMA journal_mode and busy_timeout answer with a row. A cursor left unread keeps its
    # statement running, and SQLite refuses COMMIT ("SQL statements in progress") until the
    # cursor happens to be collected -- which, under an event loop that keeps references
    # (SimCord's does), may be never. Keep every cursor alive to make that certain.
    kept = []
    execute = aiosqlite.Connection.execute

    async def keeping(self, *args, **kwargs):
        cursor = await execute(self, *args, **kwargs)
        kept.append(cursor)
        return cursor

    monkeypatch.setattr(aiosqlite.Connection, "execute", keeping)
    async with Store(tmp_path / "db.sqlite3") as store:
        game = await store.create_game(1, 2, 3, "alice", GameSettings())
        game = await store.add_seat(game, 4, "bob")
        assert [s.name for s in game.seats] == ["alice", "bob"]
    assert kept  # the store did use execute()
