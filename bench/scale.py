"""Many open games over several bot processes on one database: sustained moves, latency, a process killed.

    python -m bench.scale [--games 100000] [--processes 2] [--backend postgresql|sqlite] [--url URL]
                          [--minutes 3] [--rate 1] [--peak 5] [--speed 1] [--kill-at 0.5] [--seed 1]

A load generator with a lighter driver than SimCord: each bot process here is the bot's game manager
(`games.GameManager`, sharded with `games.shards.Shards` as `SHARD_COUNT`/`SHARD_IDS` do) on one
database, with no Discord, no drawing and no publisher: what it measures is the part of a move that
the number of open games can make slower (reading an idle game, judging, the commit) and what a
crash does to it. It leaves out posting (each stored turn keeps its outbox row), images and the
event-loop work of discord.py, which `bench.move_cost` measures per move.

It stores `--games` running two-player games (dealt, nobody has moved), starts `--processes`
worker processes, each owning its shards' games, and sends them moves at an asynchronous pace:
`--rate` moves per game per hour on average (Poisson arrivals), `--peak` times that in the middle
third of the run (the evening), `--speed` times faster than the wall clock. A move for a game is
sent only when its previous one was answered (a player moves after seeing the board). At
`--kill-at` of the run, the first process is killed with SIGKILL and started again; the moves it
had not answered are looked up in the database (stored, or sent again) and the ones that arrived
meanwhile wait for it. Prints the moves a second sustained, p50/p95/p99 from arrival to stored,
the restart of the killed process, each process's RSS, and the moves lost or doubled (both must be 0:
every game's stored version is the number of moves the generator saw answered).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.procs import rss_kib
from games.errors import GameError
from games.manager import GameManager
from games.shards import Shards
from rules import new_game
from rules.record import Chooser, random_action
from storage import Store
from storage.testing import LocalPostgres

CHANNELS = 10_000_000  # game k plays in channel CHANNELS + k
USERS = 1_000_000  # its seats are users USERS + 2k and USERS + 2k + 1


def guild_of(k: int, processes: int) -> int:
    """A server whose shard (Discord's formula) is k % processes."""
    return ((k % processes) << 22) | 1


async def fill(target: str, games: int, processes: int) -> float:
    """Store `games` dealt two-player games; the seconds it took."""
    start = time.perf_counter()
    state = new_game(["A", "B"], 1)
    snapshot = state.model_dump_json()
    async with Store(target) as store:
        now = time.time()
        rows = [
            (1 + k, guild_of(k, processes), CHANNELS + k, "active", '{"timer":"none"}', USERS + 2 * k, 1, snapshot,
             state.to_move, 0, now, now)
            for k in range(games)
        ]  # fmt: skip
        seats = [(1 + k, s, USERS + 2 * k + s, name, colour) for k in range(games) for s, (name, colour) in
                 enumerate((("A", "red"), ("B", "blue")))]  # fmt: skip
        for chunk in range(0, games, 20_000):
            async with store.backend.write() as tx:
                await tx.executemany(
                    "INSERT INTO games (id, guild_id, channel_id, status, options, host_id, seed, state, to_move,"
                    " version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows[chunk : chunk + 20_000],
                )
                await tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                    seats[2 * chunk : 2 * (chunk + 20_000)],
                )
    return time.perf_counter() - start


async def versions(target: str) -> dict[int, int]:
    """Every game's stored version, by channel."""
    async with Store(target) as store, store.backend.read() as tx:
        return {channel: version for channel, version in await tx.fetch("SELECT channel_id, version FROM games", ())}


# --- a bot process ---------------------------------------------------------------------------------


async def worker(target: str, shard: int, count: int) -> None:
    """One bot process: its shards' games; a move per line on stdin ("M channel"), answered on stdout
    ("S channel version" once stored, "R channel why" if refused); "Q" ends it with its RSS."""
    started = time.perf_counter()
    store = await Store(target).open()
    manager = GameManager(store, Shards(count, frozenset({shard})))
    briefs = await manager.open()
    out = sys.stdout
    out.write(f"READY {len(briefs)} {time.perf_counter() - started:.3f}\n")
    out.flush()
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    tasks: set[asyncio.Task] = set()

    async def move(channel: int) -> None:
        try:
            game = await manager.games.current(channel)
            if game is None or game.state is None:
                raise LookupError("no game")
            action = random_action(game.state, Chooser(channel * 1000 + game.version))
            result = await manager.moves.act(channel, game.to_move_user or 0, action, expected_version=game.version)
            out.write(f"S {channel} {result.version}\n")
        except (GameError, LookupError) as err:
            out.write(f"R {channel} {type(err).__name__}\n")
        out.flush()

    while line := (await reader.readline()).decode().split():
        if line[0] == "Q":
            break
        task = asyncio.create_task(move(int(line[1])))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(tasks)
    out.write(f"RSS {rss_kib()} {manager.games.in_memory()}\n")
    out.flush()
    await store.close()


# --- the load generator ----------------------------------------------------------------------------


class Process:
    """One bot process as the generator sees it: its pipe, the moves sent and not yet answered."""

    def __init__(self, number: int, args: argparse.Namespace, target: str) -> None:
        self.number, self.args, self.target = number, args, target
        self.proc: asyncio.subprocess.Process | None = None
        self.sent: dict[int, float] = {}  # channel -> arrival of its unanswered move
        self.waiting: list[tuple[int, float]] = []  # moves that arrived while it was down
        self.ready = asyncio.Event()
        self.restart_s = 0.0
        self.open_s = 0.0
        self.rss_kib = 0
        self.whole = 0

    async def start(self, on_line) -> None:
        self.ready.clear()
        began = time.perf_counter()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.scale", "--worker", "--url", self.target,
            "--shard", str(self.number), "--processes", str(self.args.processes),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert self.proc.stdout is not None
        first = (await self.proc.stdout.readline()).decode().split()
        assert first and first[0] == "READY", first
        self.restart_s, self.open_s = time.perf_counter() - began, float(first[2])
        self.reading = asyncio.create_task(self._read(on_line))
        self.ready.set()

    async def _read(self, on_line) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while line := (await self.proc.stdout.readline()).decode().split():
            if line[0] == "RSS":
                self.rss_kib, self.whole = int(line[1]), int(line[2])
            else:
                on_line(self, line)

    def send(self, channel: int, arrival: float) -> None:
        if not self.ready.is_set():
            self.waiting.append((channel, arrival))
            return
        self.sent[channel] = arrival
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"M {channel}\n".encode())

    async def stop(self) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(b"Q\n")
        await self.proc.stdin.drain()
        await self.proc.wait()
        await self.reading


async def generate(args: argparse.Namespace, target: str) -> None:
    games, processes = args.games, args.processes
    print(f"storing {games} running two-player games ({args.backend})...", flush=True)
    print(f"  stored in {await fill(target, games, processes):.1f} s", flush=True)
    rng = random.Random(args.seed)
    answered: dict[int, int] = {}  # channel -> moves answered as stored
    latencies: list[float] = []
    refused: dict[str, int] = {}
    busy: set[int] = set()  # channels with a move sent and not answered

    def on_line(process: Process, line: list[str]) -> None:
        channel = int(line[1])
        arrival = process.sent.pop(channel, None)
        busy.discard(channel)
        if line[0] == "S":
            answered[channel] = answered.get(channel, 0) + 1
            if arrival is not None:
                latencies.append(time.perf_counter() - arrival)
        else:
            refused[line[2]] = refused.get(line[2], 0) + 1

    bots = [Process(k, args, target) for k in range(processes)]
    for bot in bots:
        await bot.start(on_line)
    print(f"  {processes} process(es) started: " + ", ".join(f"{b.restart_s:.2f} s" for b in bots), flush=True)

    duration = args.minutes * 60
    base_rate = games * args.rate / 3600 * args.speed  # moves a second, wall clock
    began = time.perf_counter()
    killed: Process | None = None
    kill_done = asyncio.Event()

    async def kill_and_restart() -> None:
        nonlocal killed
        killed = bots[0]
        assert killed.proc is not None
        killed.ready.clear()
        killed.proc.send_signal(signal.SIGKILL)
        await killed.proc.wait()
        killed.reading.cancel()
        unanswered = dict(killed.sent)
        killed.sent.clear()
        await killed.start(on_line)
        stored = await versions(target)
        for channel, arrival in unanswered.items():  # stored before the kill, or to be sent again
            if stored[channel] == answered.get(channel, 0) + 1:
                answered[channel] = answered.get(channel, 0) + 1
                latencies.append(time.perf_counter() - arrival)
                busy.discard(channel)
            else:
                killed.send(channel, arrival)
        waiting, killed.waiting = killed.waiting, []
        for channel, arrival in waiting:
            killed.send(channel, arrival)
        kill_done.set()

    arrivals = 0
    next_at = 0.0
    kill_task: asyncio.Task | None = None
    while (now := time.perf_counter() - began) < duration:
        peak = args.peak if duration / 3 <= now < 2 * duration / 3 else 1.0
        next_at += rng.expovariate(base_rate * peak)
        if next_at > now:
            await asyncio.sleep(next_at - now)
        if kill_task is None and args.kill_at and now >= args.kill_at * duration:
            kill_task = asyncio.create_task(kill_and_restart())
        k = rng.randrange(games)
        channel = CHANNELS + k
        if channel in busy:
            continue  # its player has not seen the last move yet
        busy.add(channel)
        arrivals += 1
        bots[k % processes].send(channel, time.perf_counter())
    for _ in range(600):  # let the last moves be answered
        if not busy:
            break
        await asyncio.sleep(0.1)
    if kill_task is not None:
        await kill_task
    elapsed = time.perf_counter() - began
    for bot in bots:
        await bot.stop()

    stored = await versions(target)
    lost = sum(max(0, answered.get(ch, 0) - v) for ch, v in stored.items())
    doubled = sum(max(0, v - answered.get(ch, 0)) for ch, v in stored.items())
    total = sum(answered.values())
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [float("nan")] * 99
    print(
        f"{arrivals} moves arrived in {elapsed:.0f} s ({args.rate}/game/hour, x{args.peak} peak, x{args.speed} speed)"
    )
    print(f"stored {total}: {total / elapsed:.1f} moves/s sustained; refused {refused or 'none'}")
    print(f"arrival to stored: p50 {q[49] * 1e3:.1f} ms, p95 {q[94] * 1e3:.1f} ms, p99 {q[98] * 1e3:.1f} ms")
    if killed is not None:
        print(f"SIGKILL at {args.kill_at:.0%} of the run: process 0 restarted in {killed.restart_s:.2f} s "
              f"(its games opened in {killed.open_s:.2f} s)")  # fmt: skip
    for bot in bots:
        print(f"process {bot.number}: RSS {bot.rss_kib / 1024:.0f} MiB for {games // processes} open games, "
              f"{bot.whole} of them held whole (bench.idle: the RSS of a process with none)")  # fmt: skip
    print(f"lost {lost}, doubled {doubled} (both must be 0)")
    if lost or doubled:
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--backend", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--url", help="a PostgreSQL server's empty database (default: a throwaway local server)")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--rate", type=float, default=1.0, help="moves per game per hour")
    parser.add_argument("--peak", type=float, default=5.0, help="the evening's rate, times the average")
    parser.add_argument("--speed", type=float, default=1.0, help="the virtual clock, times the wall clock")
    parser.add_argument("--kill-at", type=float, default=0.5, help="when to SIGKILL process 0 (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        asyncio.run(worker(args.url, args.shard, args.processes))
        return
    if args.url:
        asyncio.run(generate(args, args.url))
    elif args.backend == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(generate(args, str(Path(folder) / "scale.sqlite3")))
    else:
        why = LocalPostgres.unavailable()
        if why:
            raise SystemExit(f"bench.scale: {why}")
        with LocalPostgres() as server:
            asyncio.run(generate(args, server.create_database("scale")))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
