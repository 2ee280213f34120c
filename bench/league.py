"""A league's pairing and standings at scale (issue 76), each against a floor measured in the same run.

    python -m bench.league [--players 500] [--games 1000] [--repeats 5]

1. Pairing a Swiss round of `--players` at tables of three (`games.swiss.pair_round`): round 1, and round 6
   after five rounds paired and met (points spread as five rounds of random places would give). Floor: the
   same players ranked and cut into tables in rank order (the pairing without the search for new faces).
2. The standings after `--games` finished tables of three (`games.swiss.standings`: places, points, margins,
   Buchholz, the sort). Floor: summing each seat's points into a dict (the standings without tie-breaks).
3. A season's ladder as `/coal record leaderboard` reads it (`season_board` and the asker's `season_rank`),
   from a SQLite store whose season holds the ratings `--games` rated games of three among `--players`
   leave, beside eleven other seasons as full. Floor: a `SELECT 1` through the same store. Wall and CPU.

CPU seconds (`time.process_time`) per call, the median of `--repeats` runs, and the ratio to the floor.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from games.swiss import Entrant, TableResult, met_pairs, pair_round, placing_points, ranked, standings, table_sizes


def _cpu(fn: Callable[[], object], repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        runs.append(time.process_time() - start)
    return statistics.median(runs)


def _floor_pairing(entrants: list[Entrant], size: int) -> list[list[int]]:
    order = [e.user_id for e in ranked(entrants)]
    tables, k = [], 0
    for n in table_sizes(len(order), size):
        tables.append(order[k : k + n])
        k += n
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(76)

    fresh = [Entrant(u, rating=rng.random(), order=u) for u in range(args.players)]
    met: Counter = Counter()
    points = Counter()
    for _ in range(5):  # five rounds, places at random
        entrants = [Entrant(u, points=points[u], rating=fresh[u].rating, order=u) for u in range(args.players)]
        pairing = pair_round(entrants, met, 3)
        met.update(met_pairs(pairing.tables))
        for table in pairing.tables:
            results = [(rng.randint(10, 80), rng.randint(0, 9)) for _ in table]
            for user, p in zip(table, placing_points(results), strict=True):
                points[user] += p
    sixth = [Entrant(u, points=points[u], rating=fresh[u].rating, order=u) for u in range(args.players)]
    print(f"pairing a Swiss round of {args.players} at tables of three (CPU, median of {args.repeats}):")
    for name, entrants, history in (("round 1", fresh, Counter()), ("round 6", sixth, met)):
        floor = _cpu(lambda e=entrants: _floor_pairing(e, 3), args.repeats)
        paired = _cpu(lambda e=entrants, h=history: pair_round(e, h, 3), args.repeats)
        repeats = pair_round(entrants, history, 3).repeats
        print(
            f"  {name}: pair_round {paired * 1000:8.2f} ms   floor (ranked and cut) {floor * 1000:6.2f} ms"
            f"   ratio {paired / floor:6.1f}x   repeats {repeats}"
        )

    players = [(u, rng.random(), False) for u in range(args.players)]
    tables = []
    for _ in range(args.games):
        seated = rng.sample(range(args.players), 3)
        tables.append(TableResult(tuple(seated), tuple((rng.randint(10, 80), rng.randint(0, 9)) for _ in seated)))
    byes = [rng.randrange(args.players) for _ in range(args.games // 20)]

    def summed() -> dict[int, float]:
        total: dict[int, float] = {}
        for t in tables:
            for user, p in zip(t.users, placing_points(t.results), strict=True):
                assert user is not None
                total[user] = total.get(user, 0.0) + p
        return total

    floor = _cpu(summed, args.repeats)
    full = _cpu(lambda: standings(players, tables, byes), args.repeats)
    print(f"standings after {args.games} tables of three, {args.players} players (CPU, median of {args.repeats}):")
    print(
        f"  standings {full * 1000:8.2f} ms   floor (points summed) {floor * 1000:6.2f} ms   ratio {full / floor:5.1f}x"
    )

    asyncio.run(_season_read(args))


async def _season_read(args: argparse.Namespace) -> None:
    import tempfile
    from pathlib import Path

    from storage import Store

    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        async with Store(Path(folder) / "bench.db") as store:
            games: Counter[int] = Counter()
            for _ in range(args.games):
                for user in rng.sample(range(args.players), 3):
                    games[user] += 1
            rows = [
                (
                    1,
                    f"2026-{str(month).zfill(2)}",
                    1000 + u,
                    25 + rng.random() * 10,
                    2 + rng.random() * 6,
                    games[u] or 1,
                    0.0,
                )
                for month in range(1, 13)
                for u in range(args.players)
            ]
            async with store.backend.write() as tx:
                await tx.executemany(
                    "INSERT INTO season_ratings (guild_id, season, user_id, mu, sigma, games, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )

            async def ladder() -> None:
                await store.ladders.season_board(1, "2026-12", 10)
                await store.ladders.season_rank(1, "2026-12", 1000 + args.players // 2)

            async def floor() -> None:
                async with store.backend.read() as tx:
                    await tx.fetch("SELECT 1", ())

            figures = {}
            for name, work in (("ladder", ladder), ("floor", floor)):
                walls, cpus = [], []
                for _ in range(args.repeats):
                    wall, cpu = time.perf_counter(), time.process_time()
                    await work()
                    walls.append(time.perf_counter() - wall)
                    cpus.append(time.process_time() - cpu)
                figures[name] = (statistics.median(walls), statistics.median(cpus))
    (lw, lc), (fw, fc) = figures["ladder"], figures["floor"]
    print(f"a season's ladder read after {args.games} games of {args.players} players, 12 seasons stored:")
    print(
        f"  season_board + season_rank {lw * 1000:7.2f} ms wall {lc * 1000:7.2f} ms CPU   floor (SELECT 1)"
        f" {fw * 1000:5.2f} ms wall {fc * 1000:5.2f} ms CPU   ratio {lw / fw:5.1f}x wall"
    )


if __name__ == "__main__":
    main()
