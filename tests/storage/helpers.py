"""Helpers shared by the storage and manager tests: players, games, reading the file directly."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from games.manager import Game, GameManager, TurnResult
from rules.record import Chooser, random_action

GUILD = 1
USERS = [101, 102, 103, 104]
NAMES = ["Alice", "Bob", "Carol", "Dave"]
OUTSIDER = 999


def db_rows(path: str | Path, tables: tuple[str, ...] = ("games", "seats", "actions")) -> dict[str, list[tuple]]:
    """Every row of our tables, read through a separate read-only connection."""
    con = sqlite3.connect(Path(path).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
    finally:
        con.close()


async def lobby(manager: GameManager, channel: int, players: int = 2, options: dict | None = None) -> Game:
    game = await manager.lobbies.new_game(GUILD, channel, USERS[0], NAMES[0], options)
    for user, name in zip(USERS[1:players], NAMES[1:players], strict=True):
        game = await manager.lobbies.join(channel, user, name)
    return game


async def started(
    manager: GameManager, channel: int, players: int = 2, seed: int = 7, options: dict | None = None
) -> Game:
    await lobby(manager, channel, players, options)
    return await manager.lobbies.start(channel, USERS[0], seed=seed)


async def play(manager: GameManager, channel: int, turns: int | None, chooser: Chooser) -> list[TurnResult]:
    """Up to `turns` random legal moves by the right players (all of them to the end if None)."""
    results: list[TurnResult] = []
    while turns is None or len(results) < turns:
        game = await manager.games.current(channel)
        if game is None or game.state is None:
            break
        results.append(await manager.moves.act(channel, game.to_move_user, random_action(game.state, chooser)))
    return results


class Counted:
    """Counts a store backend's commits and reads by wrapping its entry points."""

    def __init__(self, backend) -> None:
        self.commits = 0
        self.reads = 0
        transaction, write, read = backend.transaction, backend.write, backend.read
        inside = False  # PostgreSQL's transaction() opens a write() of its own: one commit

        async def counted_transaction(statements):
            nonlocal inside
            self.commits += 1
            inside = True
            try:
                return await transaction(statements)
            finally:
                inside = False

        def counted_write():
            self.commits += 0 if inside else 1
            return write()

        def counted_read():
            self.reads += 1
            return read()

        backend.transaction = counted_transaction  # type: ignore[method-assign]
        backend.write = counted_write  # type: ignore[method-assign]
        backend.read = counted_read  # type: ignore[method-assign]


def nothing_about(user_id: int) -> dict:
    """What `Store.user_data` says of a person the bot keeps nothing about (forgotten, or never seen)."""
    return {
        "user_id": user_id,
        "settings": None,
        "ratings": [],
        "season_ratings": [],
        "rating_changes": [],
        "seats": [],
        "moves": [],
        "server_defaults_changed": [],
        "forget_request": None,
        "away_periods": [],
        "board_links": [],
        "board_sessions": [],
        "leagues": [],
        "leagues_opened": [],
    }
