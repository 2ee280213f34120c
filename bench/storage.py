"""Storage speed: the per-turn save against SQLite's own floor, load time, bytes per game.

    python -m bench.storage [--turns 1000] [--games 20] [--dir DIR]

The floor is one bare single-row INSERT committed on its own, on the same file, through
the same connection and settings (WAL, synchronous=FULL); floor and turn saves alternate
so that both see the same disk. The target is a per-turn save within 3x the floor.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from games.manager import GameManager
from rules import EVENTS, GameState, apply
from rules.record import Chooser, random_action
from storage import Store
from storage.store import SYNCHRONOUS

PLAYERS = [(101, "Alice"), (102, "Bob"), (103, "Carol"), (104, "Dave")]
TARGET = 3.0


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:8.0f} µs"


async def _four_player_game(manager: GameManager, channel: int, seed: int):
    await manager.new_game(1, channel, *PLAYERS[0], {"timer": "24h"})
    for user, name in PLAYERS[1:]:
        await manager.join(channel, user, name)
    return await manager.start(channel, PLAYERS[0][0], seed=seed)


def _playthrough(state: GameState, seed: int) -> list[tuple[GameState, str, str]]:
    """(state after, action text, summary) for every move of a random game, computed up front."""
    chooser, out = Chooser(seed), []
    while state.phase != "over":
        action = random_action(state, chooser)
        state, events = apply(state, action)
        out.append((state, str(action), EVENTS.dump_json(events).decode()))
    return out


async def save_vs_floor(folder: Path, turns: int) -> tuple[list[float], list[float]]:
    async with Store(folder / "save.sqlite3") as store:
        manager = GameManager(store)
        db = store.connection
        await db.execute("CREATE TABLE bench_floor (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
        saves: list[float] = []
        floor: list[float] = []
        seed = 0
        while len(saves) < turns:
            seed += 1
            game = await _four_player_game(manager, seed, seed)
            for state, text, summary in _playthrough(game.state, seed):
                if len(saves) == turns:
                    break
                player = game.state.to_move
                user = game.user_of_player(player)
                t0 = time.perf_counter()
                await db.execute("INSERT INTO bench_floor (payload) VALUES (?)", (text,))  # autocommit
                t1 = time.perf_counter()
                game = await store.save_turn(
                    game, state, user_id=user, player=player, action=text, summary=summary, deadline=t1 + 86400
                )
                t2 = time.perf_counter()
                floor.append(t1 - t0)
                saves.append(t2 - t1)
        return saves, floor


async def load_times(folder: Path, repeat: int = 200) -> tuple[list[float], float, int]:
    """Loading one mid-game 4-player game; and a restarted manager opening 50 of them."""
    async with Store(folder / "load.sqlite3") as store:
        manager = GameManager(store)
        for ch in range(1, 51):
            game = await _four_player_game(manager, ch, ch)
            for state, text, summary in _playthrough(game.state, ch)[:60]:
                player = game.state.to_move
                game = await store.save_turn(
                    game, state, user_id=game.user_of_player(player), player=player, action=text, summary=summary
                )
        times = []
        for k in range(repeat):
            t0 = time.perf_counter()
            await store.load_game(1 + k % 50)
            times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        resumed = await GameManager(store).open()
        return times, time.perf_counter() - t0, len(resumed)


async def bytes_per_game(folder: Path, games: int) -> tuple[float, int, float]:
    path = folder / "size.sqlite3"
    async with Store(path) as store:
        await store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    empty = path.stat().st_size
    moves = 0
    async with Store(path) as store:
        manager = GameManager(store)
        for ch in range(1, games + 1):
            game = await _four_player_game(manager, ch, 1000 + ch)
            chooser = Chooser(ch)
            while game.status == "active":
                game = (await manager.act(ch, game.to_move_user, random_action(game.state, chooser))).game
                moves += 1
        await store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    return (path.stat().st_size - empty) / games, empty, moves / games


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turn saves (and floor inserts) to time")
    parser.add_argument("--games", type=int, default=20, help="finished 4-player games for the size figure")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the scratch databases")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="coalbench-") as tmp:
        folder = Path(tmp)
        print(f"SQLite {sqlite3.sqlite_version}, WAL, synchronous={SYNCHRONOUS}, files in {folder}")
        print(f"  ({os.cpu_count()} CPUs; the same file and connection for both measurements)")

        saves, floor = await save_vs_floor(folder, args.turns)
        s_med, f_med = statistics.median(saves), statistics.median(floor)
        ratio = s_med / f_med
        print(f"\nper-turn save over {len(saves)} turns of 4-player games (snapshot + log row, committed):")
        print(f"  turn save   median {_us(s_med)}   mean {_us(statistics.fmean(saves))}")
        print(f"  SQLite floor median {_us(f_med)}   mean {_us(statistics.fmean(floor))}  (1-row INSERT + commit)")
        verdict = "within" if ratio <= TARGET else "OVER"
        print(f"  ratio {ratio:.2f} (median), {statistics.fmean(saves) / statistics.fmean(floor):.2f} (mean)")
        print(f"  -> {verdict} the target of {TARGET:.0f}x")

        loads, open_all, resumed = await load_times(folder)
        print("\nload:")
        print(f"  one game (row, seats, state JSON parsed) median {_us(statistics.median(loads))}")
        print(f"  restart: GameManager.open() of {resumed} running games {open_all * 1000:.1f} ms")

        per_game, empty, moves = await bytes_per_game(folder, args.games)
        print(f"\nsize: {args.games} finished 4-player games, {moves:.0f} moves each on average")
        print(f"  {per_game / 1024:.1f} KiB per game ({per_game:.0f} bytes; empty database {empty} bytes)")


if __name__ == "__main__":
    asyncio.run(main())
