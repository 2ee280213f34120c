"""Storage speed on SQLite or PostgreSQL: turn saves against the engine's own floor, queries, start-up.

    python -m bench.storage [--backend sqlite|postgresql] [--url URL] [--turns 1000]
                            [--finished 100000] [--open 1000] [--games 20] [--dir DIR]

- Turn save: `save_turn` with one outbox post (what the bot stores per turn), against the
  floor: one bare single-row INSERT committed on its own, on the same database, through the
  same connection(s) and settings (SQLite: WAL, synchronous=FULL; PostgreSQL: the server's
  defaults, fsync on). Floor and saves alternate so both see the same disk. Target: p50 and
  p95 within 3x the floor.
- History and stats over `--finished` stored finished games: `/coal history` and
  `/coal stats` queries, p50/p95, target 50 ms p95; the query plans are printed (EXPLAIN).
- Start-up: a restarted manager loading `--open` running games, target 2 s.
- Size (SQLite only): bytes per finished 4-player game, each turn announced and marked posted as the
  bot does. Target: <= 16 KiB.

PostgreSQL: `--url` names a server (its database must be empty); without it a throwaway
server is started from Debian's `postgresql` binaries on a temporary folder and a loopback
port, with the durable defaults, and stopped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from games.manager import GameManager
from rules import EVENTS, GameState, apply
from rules.record import Chooser, random_action
from storage import Post, Store
from storage.sqlite import SYNCHRONOUS
from storage.testing import LocalPostgres

PLAYERS = [(101, "Alice"), (102, "Bob"), (103, "Carol"), (104, "Dave")]
SAVE_TARGET = 3.0
QUERY_TARGET_MS = 50.0
OPEN_TARGET_S = 2.0


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:8.0f} µs"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:7.2f} ms"


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


async def _four_player_game(manager: GameManager, channel: int, seed: int):
    await manager.lobbies.new_game(1, channel, *PLAYERS[0], {"timer": "24h"})
    for user, name in PLAYERS[1:]:
        await manager.lobbies.join(channel, user, name)
    return await manager.lobbies.start(channel, PLAYERS[0][0], seed=seed)


def _playthrough(state: GameState, seed: int) -> list[tuple[GameState, str, str]]:
    """(state after, action text, summary) for every move of a random game, computed up front."""
    chooser, out = Chooser(seed), []
    while state.phase != "over":
        action = random_action(state, chooser)
        state, events = apply(state, action)
        out.append((state, str(action), EVENTS.dump_json(events).decode()))
    return out


class Floor:
    """The engine's floor: one bare single-row INSERT, committed on its own."""

    def __init__(self, store: Store):
        self.store = store

    async def setup(self) -> None:
        key = (
            "INTEGER PRIMARY KEY" if self.store.kind == "sqlite" else "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        )
        async with self.store.backend.write() as tx:
            await tx.execute(f"CREATE TABLE bench_floor (id {key}, payload TEXT NOT NULL)")

    async def insert(self, text: str) -> None:
        if self.store.kind == "sqlite":
            await self.store.connection.execute("INSERT INTO bench_floor (payload) VALUES (?)", (text,))  # autocommit
        else:
            async with self.store.connection.acquire() as con:
                await con.execute("INSERT INTO bench_floor (payload) VALUES ($1)", text)


async def save_vs_floor(store: Store, turns: int) -> tuple[list[float], list[float]]:
    manager = GameManager(store)
    floor = Floor(store)
    await floor.setup()
    saves: list[float] = []
    floors: list[float] = []
    seed = 0
    while len(saves) < turns:
        seed += 1
        game = await _four_player_game(manager, seed, seed)
        for state, text, summary in _playthrough(game.state, seed):
            if len(saves) == turns:
                break
            player = game.state.to_move
            user = game.user_of_player(player)
            post = Post("turn", {"text": summary, "ping": user})
            t0 = time.perf_counter()
            await floor.insert(text)
            t1 = time.perf_counter()
            game = await store.save_turn(
                game, state, user_id=user, player=player, action=text, deadline=t1 + 86400,
                outbox=[post],
            )  # fmt: skip
            t2 = time.perf_counter()
            floors.append(t1 - t0)
            saves.append(t2 - t1)
    return saves, floors


async def fill_finished(store: Store, count: int, guilds: int = 50, seed: int = 1) -> dict[str, Any]:
    """`count` finished games, written straight into the tables (with a real final snapshot each).

    Guild 1 is the busiest server, with 30% of the games; each server has 60 players.
    """
    state = _playthrough(_start_state(seed), seed)[-1][0]
    snapshot = state.model_dump_json()
    options = '{"delivered":"own","timer":"24h"}'
    rng = random.Random(seed)
    busiest = int(count * 0.3)
    games: list[tuple] = []
    seats: list[tuple] = []
    for k in range(count):
        gid = 1_000_000 + k
        guild = 1 if k < busiest else 2 + k % (guilds - 1)
        at = 1.7e9 + k * 60.0
        games.append((gid, guild, 10_000 + k, "finished", options, guild * 1000, k, snapshot, 130, at - 7200, at))
        users = rng.sample(range(guild * 1000, guild * 1000 + 60), rng.randint(2, 4))
        best = rng.randrange(len(users))
        for seat, user in enumerate(users):
            vp = rng.randint(40, 120) + (30 if seat == best else 0)
            seats.append((gid, seat, user, f"P{user}", "red", vp, int(seat == best)))
    async with store.backend.write() as tx:
        for k in range(0, len(games), 5000):
            await tx.executemany(
                "INSERT INTO games (id, guild_id, channel_id, status, options, host_id, seed, state, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                games[k : k + 5000],
            )
        for k in range(0, len(seats), 5000):
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, colour, vp, won) VALUES (?, ?, ?, ?, ?, ?, ?)",
                seats[k : k + 5000],
            )
    if store.kind == "postgresql":  # what autovacuum does to a database in use (visibility map, statistics)
        async with store.connection.acquire() as con:
            await con.execute("VACUUM ANALYZE")
    else:
        await store.connection.execute("ANALYZE")
    return {"busiest_users": list(range(1000, 1060)), "guilds": guilds}


def _start_state(seed: int) -> GameState:
    from rules import new_game

    return new_game([name for _, name in PLAYERS], seed)


async def _timed(calls: int, fn: Callable[[int], Awaitable[object]]) -> list[float]:
    times = []
    for k in range(calls):
        t0 = time.perf_counter()
        await fn(k)
        times.append(time.perf_counter() - t0)
    return times


async def explain(store: Store, sql: str, params: tuple) -> list[str]:
    if store.kind == "sqlite":
        rows = await store.connection.execute_fetchall(f"EXPLAIN QUERY PLAN {sql}", params)
        return [r[-1] for r in rows]
    async with store.connection.acquire() as con:
        from storage.postgres import _numbered

        return [r[0] for r in await con.fetch(f"EXPLAIN {_numbered(sql)}", *params)]


async def queries(store: Store, info: dict[str, Any], calls: int = 200) -> dict[str, list[float]]:
    rng = random.Random(2)
    users = info["busiest_users"]
    return {
        "history, busiest server (/coal history)": await _timed(
            calls, lambda k: store.queries.finished_games(1, limit=15)
        ),
        "history, any server": await _timed(
            calls, lambda k: store.queries.finished_games(rng.randint(2, info["guilds"]), limit=15)
        ),
        "stats, busiest server (/coal stats)": await _timed(
            calls, lambda k: store.queries.player_stats(1, rng.choice(users))
        ),
        "stats, any server": await _timed(
            calls,
            lambda k: store.queries.player_stats(g := rng.randint(2, info["guilds"]), g * 1000 + rng.randrange(60)),
        ),
    }


async def open_games(store: Store, count: int, seed: int = 3) -> tuple[float, float, int]:
    """`count` running 4-player games mid-game; (store.open_games, GameManager.open) seconds."""
    state = _playthrough(_start_state(seed), seed)[59][0]
    snapshot = state.model_dump_json()
    games = [
        (2_000_000 + k, 7, 20_000 + k, "active", '{"delivered":"own","timer":"24h"}', 101, k, snapshot, state.to_move,
         60, 1.7e9, 1.7e9, 1.8e9)
        for k in range(count)
    ]  # fmt: skip
    seats = [(g[0], s, user, name, "red") for g in games for s, (user, name) in enumerate(PLAYERS)]
    async with store.backend.write() as tx:
        await tx.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, host_id, seed, state, to_move, version,"
            " created_at, updated_at, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await tx.executemany("INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)", seats)
    t0 = time.perf_counter()
    loaded = await store.queries.open_games()
    t1 = time.perf_counter()
    resumed = await GameManager(store).open()
    t2 = time.perf_counter()
    assert len(loaded) >= count
    return t1 - t0, t2 - t1, len(resumed)


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
                action = random_action(game.state, chooser)
                game = (await manager.moves.act(ch, game.to_move_user, action, announce=True)).game
                async with store.outbox.posting():  # as the bot does once it is posted: its mark rides on the next turn
                    store.outbox.posted_upto(game.id, game.version)
                moves += 1
        await store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (path.stat().st_size - empty) / games, empty, moves / games


async def run(args: argparse.Namespace, folder: Path, targets: Callable[[str], str]) -> None:
    print(f"({os.cpu_count()} CPUs; floor and saves on the same database and connection(s), alternating)")
    async with Store(targets("save")) as store:
        saves, floor = await save_vs_floor(store, args.turns)
    s50, f50, s95, f95 = statistics.median(saves), statistics.median(floor), _p95(saves), _p95(floor)
    print(f"\nturn save over {len(saves)} turns of 4-player games (snapshot, log row, one outbox post; committed):")
    print(f"  turn save  p50 {_us(s50)}   p95 {_us(s95)}   mean {_us(statistics.fmean(saves))}")
    print(
        f"  floor      p50 {_us(f50)}   p95 {_us(f95)}   mean {_us(statistics.fmean(floor))}  (1-row INSERT + commit)"
    )
    ratios = (s50 / f50, s95 / f95)
    verdict = "within" if max(ratios) <= SAVE_TARGET else "OVER"
    print(f"  ratio p50 {ratios[0]:.2f}, p95 {ratios[1]:.2f}  -> {verdict} the target of {SAVE_TARGET:.0f}x")

    async with Store(targets("history")) as store:
        t0 = time.perf_counter()
        info = await fill_finished(store, args.finished)
        print(f"\n{args.finished} finished games stored in {time.perf_counter() - t0:.1f} s "
              f"(30% in the busiest server, 60 players per server); queries, 200 calls each:")  # fmt: skip
        for name, times in (await queries(store, info)).items():
            p95 = _p95(times)
            verdict = "within" if p95 * 1e3 <= QUERY_TARGET_MS else "OVER"
            print(
                f"  {name:42s} p50 {_ms(statistics.median(times))}  p95 {_ms(p95)}"
                f"  -> {verdict} {QUERY_TARGET_MS:.0f} ms"
            )
        print("  plans:")
        for name, sql, params in (
            ("history", "SELECT id FROM games WHERE guild_id = ? AND status = 'finished'"
             " ORDER BY updated_at DESC, id DESC LIMIT ?", (1, 15)),
            ("stats", "SELECT count(*), sum(s.won), sum(s.vp), max(s.vp) FROM seats s JOIN games g ON g.id = s.game_id"
             " WHERE s.user_id = ? AND s.vp IS NOT NULL AND g.guild_id = ? AND g.status = 'finished'", (1000, 1)),
        ):  # fmt: skip
            for line in await explain(store, sql, params):
                print(f"    {name}: {line}")

    async with Store(targets("open")) as store:
        load, resume, resumed = await open_games(store, args.open)
    verdict = "within" if resume <= OPEN_TARGET_S else "OVER"
    print(f"\nstart-up with {resumed} running games: store.open_games {_ms(load)}, "
          f"GameManager.open {_ms(resume)}  -> {verdict} {OPEN_TARGET_S:.0f} s")  # fmt: skip

    if args.backend == "sqlite" and args.games:
        per_game, empty, moves = await bytes_per_game(folder, args.games)
        print(f"\nsize: {args.games} finished 4-player games, {moves:.0f} moves each on average")
        print(f"  {per_game / 1024:.1f} KiB per game ({per_game:.0f} bytes; empty database {empty} bytes)")


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--url", help="PostgreSQL server to use (an empty database); default: a throwaway one")
    parser.add_argument("--turns", type=int, default=1000, help="turn saves (and floor inserts) to time")
    parser.add_argument("--finished", type=int, default=100_000, help="finished games for history and stats")
    parser.add_argument("--open", type=int, default=1000, help="running games a restart loads")
    parser.add_argument("--games", type=int, default=20, help="finished 4-player games for the size figure")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the scratch databases")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="coalbench-") as tmp:
        folder = Path(tmp)
        if args.backend == "sqlite":
            print(f"SQLite {sqlite3.sqlite_version}, WAL, synchronous={SYNCHRONOUS}, files in {folder}")
            await run(args, folder, lambda name: str(folder / f"{name}.sqlite3"))
        elif args.url:
            print(f"PostgreSQL at {args.url.split('@')[-1]} (one database for every part: it must start empty)")
            await _run_on_one(args, folder, args.url)
        else:
            with LocalPostgres() as server:
                version = server.psql("SHOW server_version").strip()
                fsync = server.psql("SHOW fsync").strip()
                print(f"PostgreSQL {version} on 127.0.0.1:{server.port} (throwaway, fsync={fsync}, defaults)")
                await run(args, folder, lambda name: server.create_database(name))


async def _run_on_one(args: argparse.Namespace, folder: Path, url: str) -> None:
    await run(args, folder, lambda name: url)


if __name__ == "__main__":
    asyncio.run(main())
