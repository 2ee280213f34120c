"""What the web board's relay between processes adds to a move: a move handed to its owner and answered,
and a version told to the other processes, over PostgreSQL's LISTEN/NOTIFY (`bot.web.relay`).

    python -m bench.board_relay [--moves 300] [--repeats 3] [--processes 2]

A throwaway PostgreSQL server (Debian's, as the tests start it, with fsync and synchronous commits as in
production), one relay per process: the web process, which owns nothing and hands every move, and the
owners (`--processes`; each owns one server id). The owner's `play` answers at once, so what is measured
is the relay alone: the handed move's round trip (NOTIFY there, NOTIFY back), and a version's delivery
to another process (NOTIFY, heard). The floor, in the same run: one `SELECT 1` on a connection of the
same server (a round trip to PostgreSQL). The whole move beside it: `python -m bench.board`.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time

import asyncpg

from bot.web.relay import Relay
from storage.testing import LocalPostgres


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def owner_process(url: str, guild: int, ready, stop) -> None:
    """An owner in a process of its own: plays every move handed to it for `guild` (answers at once)."""

    async def run() -> None:
        async def play(request: dict) -> dict:
            return {"version": request["version"] + 1}

        relay = Relay(url, owns={guild}.__contains__, play=play, version=lambda *a: None, lost=lambda: None)
        await relay.start()
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        await relay.stop()

    asyncio.run(run())


async def measure(url: str, guilds: list[int], moves: int) -> dict[str, float]:
    heard: dict[int, float] = {}
    web = Relay(
        url,
        owns=lambda g: False,
        play=None,
        version=lambda c, v, s: heard.setdefault(v, time.perf_counter()),
        lost=lambda: None,
    )  # type: ignore[arg-type]
    teller = Relay(url, owns=lambda g: False, play=None, version=lambda *a: None, lost=lambda: None)  # type: ignore[arg-type]
    await web.start()
    await teller.start()
    con = await asyncpg.connect(url)
    try:
        for _ in range(20):  # warm-up
            await web.hand({"guild": guilds[0], "version": 0})
        trips, deliveries, floors = [], [], []
        for k in range(moves):
            started = time.perf_counter()
            await con.fetchval("SELECT 1")
            floors.append(time.perf_counter() - started)
            started = time.perf_counter()
            answer = await web.hand({"guild": guilds[k % len(guilds)], "version": k})
            trips.append(time.perf_counter() - started)
            assert answer == {"version": k + 1}
            started = time.perf_counter()
            teller.tell(1, k, "active")
            while k not in heard:
                await asyncio.sleep(0)
            deliveries.append(heard[k] - started)
    finally:
        await con.close()
        await web.stop()
        await teller.stop()
    ms = 1000.0
    return {
        "hand_p50": ms * statistics.median(trips),
        "hand_p95": ms * pct(trips, 0.95),
        "tell_p50": ms * statistics.median(deliveries),
        "tell_p95": ms * pct(deliveries, 0.95),
        "floor_p50": ms * statistics.median(floors),
        "ratio": statistics.median(trips) / statistics.median(floors),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    why = LocalPostgres.unavailable()
    if why:
        raise SystemExit(f"no PostgreSQL: {why}")
    with LocalPostgres() as server:
        url = server.create_database("relay")
        guilds = list(range(1, args.processes + 1))
        stop = multiprocessing.Event()
        owners = []
        for guild in guilds:
            ready = multiprocessing.Event()
            process = multiprocessing.Process(target=owner_process, args=(url, guild, ready, stop))
            process.start()
            ready.wait(30)
            owners.append(process)
        try:
            rows = []
            for repeat in range(args.repeats):
                row = asyncio.run(measure(url, guilds, args.moves))
                rows.append(row)
                print(f"repeat {repeat + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items()), flush=True)
        finally:
            stop.set()
            for process in owners:
                process.join(30)
    print()
    print(f"{'':34}{'median':>9}{'min':>9}{'max':>9}")
    for key, name in [
        ("hand_p50", "handed move round trip p50, ms"),
        ("hand_p95", "handed move round trip p95, ms"),
        ("tell_p50", "version told p50, ms"),
        ("tell_p95", "version told p95, ms"),
        ("floor_p50", "floor: SELECT 1 p50, ms"),
        ("ratio", "handed move / floor (p50)"),
    ]:
        values = [r[key] for r in rows]
        print(f"{name:34}{statistics.median(values):9.2f}{min(values):9.2f}{max(values):9.2f}")


if __name__ == "__main__":
    main()
