"""When saving fails for real (a locked file, a failing statement, a closed connection).

The player gets an error, the cached game is dropped and read back from the database, and
the next request sees exactly what is stored.
"""

from __future__ import annotations

import sqlite3

from games.errors import SaveFailed, StaleAction
from games.manager import GameManager
from rules.record import Chooser, random_action
from storage import Store
from tests.games.test_lobby import refusing
from tests.storage.helpers import db_rows, started

SAVE_FAILED = "Your move could not be saved, so nothing changed. Please try again in a moment."


async def test_a_locked_database_fails_the_move_and_the_game_is_read_back(db_path):
    async with Store(db_path, busy_timeout=0.05) as store:
        manager = GameManager(store)
        game = await started(manager, 1)
        action = random_action(game.state, Chooser(1))
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file
        before = db_rows(db_path)
        with refusing(SaveFailed, SAVE_FAILED) as info:
            await manager.moves.act(1, game.to_move_user, action)
        assert "locked" in str(info.value.__cause__)
        assert db_rows(db_path) == before
        cached = await manager.games.current(1)
        assert cached is not game and cached == await store.queries.load_game(game.id)
        assert cached.version == 0
        other.execute("ROLLBACK")
        other.close()
        result = await manager.moves.act(1, game.to_move_user, action)  # the same move, now stored
        assert result.version == 1 and await store.queries.load_game(game.id) == result.game


async def test_a_statement_failing_mid_turn_stores_nothing(manager, store, target):
    game = await started(manager, 1)
    await target.refuse_inserts_into("actions", "disk quota")
    before = await target.rows()
    with refusing(SaveFailed, SAVE_FAILED):
        await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)))
    assert await target.rows() == before
    assert await manager.games.current(1) == await store.queries.load_game(game.id)
    await target.allow_inserts_into("actions")
    game = await manager.games.current(1)
    assert (await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)))).version == 1


async def test_a_closed_connection_fails_the_move_and_reopening_resumes(manager, store):
    game = await started(manager, 1)
    action = random_action(game.state, Chooser(1))
    await store.close()
    with refusing(SaveFailed, SAVE_FAILED):
        await manager.moves.act(1, game.to_move_user, action)
    await store.open()
    assert await manager.games.current(1) == game  # read from the database again
    assert (await manager.moves.act(1, game.to_move_user, action)).version == 1


async def test_a_failed_lobby_write_says_so_and_changes_nothing(manager, store, target):
    await manager.lobbies.new_game(1, 1, 101, "Alice")
    await target.refuse_inserts_into("seats", "injected")
    before = await target.rows()
    with refusing(SaveFailed, "^That could not be saved, so nothing changed. Please try again"):
        await manager.lobbies.join(1, 102, "Bob")
    assert await target.rows() == before
    assert await manager.games.current(1) == await store.queries.open_game(1)


async def test_a_game_changed_behind_the_managers_back_is_reloaded(manager, store, target):
    """Another process moved the game on: the stale move is refused, and the manager then
    shows the stored game, not its own old copy."""
    game = await started(manager, 1)
    async with Store(target.url) as elsewhere:  # another bot process, on the same database
        other = GameManager(elsewhere)
        await other.open()
        moved = (await other.moves.act(1, game.to_move_user, random_action(game.state, Chooser(7)))).game
    before = await target.rows()
    with refusing(StaleAction, "^The game changed in the meantime; nothing was done. Please look again.$"):
        await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(8)))
    assert await target.rows() == before
    assert await manager.games.current(1) == moved
