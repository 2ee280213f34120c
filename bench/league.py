"""A league's pairing and standings at scale (issue 76), each against a floor measured in the same run.

    python -m bench.league [--players 500] [--games 1000] [--repeats 5]

1. Pairing a Swiss round of `--players` at tables of three (`games.swiss.pair_round`): round 1, and round 6
   after five rounds paired and met (points spread as five rounds of random places would give). Floor: the
   same players ranked and cut into tables in rank order (the pairing without the search for new faces).
2. The standings after `--games` finished tables of three (`games.swiss.standings`: places, points, margins,
   Buchholz, the sort). Floor: summing each seat's points into a dict (the standings without tie-breaks).

CPU seconds (`time.process_time`) per call, the median of `--repeats` runs, and the ratio to the floor.
"""

from __future__ import annotations

import argparse
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


if __name__ == "__main__":
    main()
