"""Forgetting a person on a database of many finished games: how long it takes and how many rows it changes.

    python -m bench.forget [--games 1000] [--db PATH] [--repeats 3]

Builds (once, into `--db`, reused when it exists) a SQLite database of `--games` finished two-player
games, each played to its end with random legal moves through the game manager, the person to forget in
every one of them; then, on a fresh copy each time, times `python -m storage forget`'s work (the request,
then every game renamed, one transaction each) in wall and CPU time, and counts the rows it changed
(SQLite's `total_changes`). Against a floor measured in the same run: the same number of one-row UPDATE
transactions on the same file (the least a per-game transaction can cost).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from games.manager import GameManager
from rules.record import Chooser, random_action
from storage import Store

PERSON = 812_345_678_901_234_567
OTHER = 101


async def build(db: Path, games: int) -> None:
    async with Store(db) as store:
        manager = GameManager(store)
        for channel in range(1, games + 1):
            await manager.lobbies.new_game(1, channel, OTHER, "Ada")
            await manager.lobbies.join(channel, PERSON, "Bobinski")
            game = await manager.lobbies.start(channel, OTHER, seed=channel)
            chooser = Chooser(channel)
            while game.state is not None and game.state.phase != "over":
                game = (await manager.moves.act(channel, game.to_move_user, random_action(game.state, chooser))).game
            if channel % 100 == 0:
                print(f"  {channel} games built", flush=True)


def changes(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        rows = con.execute(
            "SELECT (SELECT count(*) FROM seats WHERE user_id = ?) + (SELECT count(*) FROM actions WHERE user_id = ?)",
            (PERSON, PERSON),
        ).fetchone()
        return int(rows[0])
    finally:
        con.close()


async def forget(db: Path) -> tuple[float, float, int, int]:
    """The forget's wall and CPU seconds, the games renamed and the rows changed (SQLite's total_changes)."""
    async with Store(db) as store:
        before = store.connection.total_changes
        wall, cpu = time.perf_counter(), time.process_time()
        await store.personal.forget(PERSON, asked_by="operator")
        renamed, _open = await store.personal.forget_in_ended_games(PERSON)
        await store.personal.forget_done(PERSON)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        return wall, cpu, renamed, store.connection.total_changes - before


async def floor(db: Path, transactions: int) -> float:
    async with Store(db) as store:
        wall = time.perf_counter()
        for k in range(transactions):
            async with store.backend.write() as tx:
                await tx.execute("UPDATE games SET updated_at = updated_at WHERE id = ?", (k % transactions + 1,))
        return time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.forget", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "coalbaron-bench-forget.sqlite3")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if not args.db.exists():
        print(f"building {args.games} finished games into {args.db} (once)")
        asyncio.run(build(args.db, args.games))
    walls, cpus, floors = [], [], []
    for _ in range(args.repeats):
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / "copy.sqlite3"
            shutil.copy(args.db, copy)
            rows = changes(copy)
            wall, cpu, renamed, changed = asyncio.run(forget(copy))
            walls.append(wall)
            cpus.append(cpu)
            shutil.copy(args.db, copy)
            floors.append(asyncio.run(floor(copy, renamed)))
    print(f"games renamed: {renamed}; rows holding the person before: {rows} (seats and log entries)")
    print(f"rows changed: {changed} (seats, log entries, games, posts, the request and what it deleted)")
    print(f"forget: wall {statistics.median(walls):.2f} s (runs: {', '.join(f'{w:.2f}' for w in walls)}),")
    print(f"        CPU {statistics.median(cpus):.2f} s; {statistics.median(walls) / renamed * 1000:.1f} ms a game")
    print(f"floor ({renamed} one-row transactions): wall {statistics.median(floors):.2f} s;")
    print(f"ratio forget / floor: {statistics.median(walls) / statistics.median(floors):.1f}x")


if __name__ == "__main__":
    main()
