"""Rules-core speed: complete random games per second, µs per decision, state JSON size.

    python -m bench.rules [--games N] [--profile]

Runs on one core (a single process). Target: >= 100 complete 4-player random games per
second and a state under 16 KB of JSON.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from rules import apply, legal_actions, new_game
from rules.record import Chooser, random_action

NAMES = ["alice", "bob", "carol", "dave"]


def play(players: int, seed: int) -> tuple[int, float, int]:
    """One random game: (decisions, seconds in legal_actions + apply, largest state JSON)."""
    state = new_game(NAMES[:players], seed)
    chooser = Chooser(seed)
    decisions, engine_time, largest = 0, 0.0, 0
    while state.phase != "over":
        t0 = time.perf_counter()
        legal_actions(state)
        t1 = time.perf_counter()
        action = random_action(state, chooser)  # includes its own legal_actions + mining steps
        t2 = time.perf_counter()
        state, _ = apply(state, action)
        t3 = time.perf_counter()
        engine_time += (t1 - t0) + (t3 - t2)
        decisions += 1
        if decisions % 16 == 0:
            largest = max(largest, len(state.model_dump_json()))
    return decisions, engine_time, max(largest, len(state.model_dump_json()))


def games_per_second(players: int, games: int) -> float:
    from rules.record import play_random

    start = time.perf_counter()
    for seed in range(games):
        play_random(NAMES[:players], seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="print where the time goes (4 players)")
    args = parser.parse_args()

    print(f"{'players':>7} {'games/s':>9} {'decisions/game':>15} {'µs/decision':>12} {'JSON bytes max':>15}")
    for players in (2, 3, 4):
        rate = games_per_second(players, args.games)
        stats = [play(players, 10_000 + s) for s in range(max(20, args.games // 10))]
        per_decision = sum(t for _, t, _ in stats) / sum(d for d, _, _ in stats) * 1e6
        decisions = statistics.mean(d for d, _, _ in stats)
        largest = max(j for _, _, j in stats)
        print(f"{players:>7} {rate:>9.1f} {decisions:>15.1f} {per_decision:>12.1f} {largest:>15}")
    print("target: >= 100 complete 4-player games/s on one core; state < 16000 bytes")

    if args.profile:
        from rules.record import play_random

        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(100):
            play_random(NAMES, seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
