"""Idle open games: memory per game and the restart, with N open games against none.

    python -m bench.idle [--games 100000] [--repeats 3] [--dir DIR]

Fills a SQLite file with N running four-player games, mid-game (60 moves in, a 24 h timer each),
then, in a fresh process each time, starts what a restarted bot starts with them: the store, the
game manager (`GameManager.open`) and the turn timers (`bot.play.timers.Timers`, on a stub client with a
clock, armed for every game). Prints the process's resident memory after that (VmRSS, the garbage
collected) and the start's wall and CPU time, for N games and for 0, and the memory per open game
((RSS with N - RSS with 0) / N); repeated, with the spread. Targets: <= 4 KiB of RSS a game,
100 000 games started in <= 3 s.

The drawing and computer workers hold no game: their memory does not grow with the open games, so
they are not started here. Point PYTHONPATH at another checkout to measure it the same way (its
filler and starter come from its own code: each checkout writes the games its schema has).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.procs import rss_kib
from bench.storage import PLAYERS, _playthrough, _start_state
from bench.timers import StubClient
from bot.play.timers import Timers
from games.manager import GameManager
from storage import Store

NOW = 1.7e9
RSS_TARGET_KIB = 4.0
START_TARGET_S = 3.0


async def fill(path: Path, count: int) -> None:
    """`count` running 4-player games, 60 moves in, due in 20 hours or more."""
    state = _playthrough(_start_state(3), 3)[59][0]
    snapshot = state.model_dump_json()
    async with Store(path, clock=lambda: NOW) as store:
        columns = [r[1] for r in await (await store.connection.execute("PRAGMA table_info(games)")).fetchall()]
        extra = {"to_move": state.to_move} if "to_move" in columns else {}  # the schema of this checkout
        names = ["id", "guild_id", "channel_id", "status", "options", "host_id", "seed", "state", "version"]
        names += ["created_at", "updated_at", "deadline", *extra]
        rows = [
            (1 + k, 7 + k % 50, 20_000 + k, "active", '{"delivered":"own","timer":"24h"}', 101, k, snapshot, 60, NOW,
             NOW, NOW + 20 * 3600 + k, *extra.values())
            for k in range(count)
        ]  # fmt: skip
        seats = [(g[0], s, user, name, "red") for g in rows for s, (user, name) in enumerate(PLAYERS)]
        async with store.backend.write() as tx:
            await tx.executemany(f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", rows)
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)", seats
            )


async def start(path: Path) -> dict[str, float]:
    """What a restart does with the open games; the memory after it and how long it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    store = await Store(path, clock=lambda: NOW).open()
    manager = GameManager(store)
    opened = await manager.open()
    timers = Timers(StubClient(manager, now=NOW))  # type: ignore[arg-type]
    timers.start()
    await asyncio.sleep(0)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    gc.collect()
    rss = rss_kib()
    timers.stop()
    await store.close()
    return {"games": len(opened), "rss_kib": rss, "wall": wall, "cpu": cpu}


def _child(args: list[str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-m", "bench.idle", *args], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _spread(values: list[float], fmt: str) -> str:
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}-{fmt.format(max(values))})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--child", choices=["fill", "start"], help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "fill":
        asyncio.run(fill(args.db, args.games))
        print(json.dumps({}))
        return
    if args.child == "start":
        print(json.dumps(asyncio.run(start(args.db))))
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        paths = {n: Path(folder) / f"open-{n}.sqlite3" for n in (0, args.games)}
        for n, path in paths.items():
            _child(["--child", "fill", "--db", str(path), "--games", str(n)])
        runs: dict[int, list[dict[str, float]]] = {n: [] for n in paths}
        for _ in range(args.repeats):  # alternating, so both see the same machine
            for n, path in paths.items():
                runs[n].append(_child(["--child", "start", "--db", str(path)]))
        for n in paths:
            assert all(r["games"] == n for r in runs[n]), runs[n]
    none, many = runs[0], runs[args.games]
    per_game = [(m["rss_kib"] - z["rss_kib"]) / args.games for m, z in zip(many, none, strict=True)]
    print(f"open games: {args.games} running 4-player games, SQLite, {args.repeats} runs each (median, range)")
    print(f"RSS after the start, 0 games:   {_spread([r['rss_kib'] / 1024 for r in none], '{:.1f}')} MiB")
    print(f"RSS after the start, {args.games} games: {_spread([r['rss_kib'] / 1024 for r in many], '{:.1f}')} MiB")
    print(f"RSS per open game: {_spread(per_game, '{:.2f}')} KiB (target <= {RSS_TARGET_KIB} KiB)")
    print(f"start with {args.games} games: wall {_spread([r['wall'] for r in many], '{:.2f}')} s, "
          f"CPU {_spread([r['cpu'] for r in many], '{:.2f}')} s (target <= {START_TARGET_S} s); "
          f"with 0: wall {_spread([r['wall'] for r in none], '{:.2f}')} s")  # fmt: skip


if __name__ == "__main__":
    main()
