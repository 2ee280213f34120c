"""The drawing worker in a burst: how busy it stays when 20 turn images are asked for at once.

    python -m bench.workers [--burst 20] [--repeats 3]

Asks one drawing worker process (`bot.service.workers.Workers`, as the bot's) for `--burst` turn images at
once, each a different mid-game 4-player state, and prints the burst's wall time next to the worker's
own CPU time for the same images (measured inside the worker): busy = worker CPU / wall. With one piece
of work handed to the process at a time, it idles while each image travels back and the next one is
handed over; with two, the next is already queued. The target: at least 80 % busy. Repeated,
side by side, with the spread: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bot.service.workers import Workers
from rendering import render_turn, warm_up
from rules import apply, new_game, view
from rules.record import Chooser, random_action
from rules.state import GameState


def timed_render(state: GameState) -> tuple[bytes, float]:
    """The turn image, and the CPU time the worker spent on it."""
    start = time.process_time()
    png = render_turn(state, None)
    return png, time.process_time() - start


def states(count: int) -> list[GameState]:
    out = []
    for k in range(count):
        state = new_game(["alice", "bob", "carol", "dave"], k)
        chooser = Chooser(k)
        for _ in range(40 + k):
            state, _ = apply(state, random_action(state, chooser))
        out.append(view(state, None))
    return out


async def burst(queued: int, shown: list[GameState]) -> tuple[float, float]:
    """(wall seconds of the burst, the worker's CPU seconds for it)."""
    workers = Workers("bench", 1, prepare=warm_up, queued=queued)
    try:
        await workers.run(timed_render, shown[0])  # the process is up and warm
        start = time.perf_counter()
        results = await asyncio.gather(*(workers.run(timed_render, s) for s in shown))
        wall = time.perf_counter() - start
    finally:
        workers.close()
    return wall, sum(cpu for _png, cpu in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    shown = states(args.burst)
    busy: dict[int, list[float]] = {1: [], 2: []}
    walls: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(args.repeats):
        for queued in (1, 2):  # side by side, alternating
            wall, cpu = asyncio.run(burst(queued, shown))
            busy[queued].append(cpu / wall)
            walls[queued].append(wall)
    for queued in (1, 2):
        runs = ", ".join(f"{b:.0%}" for b in busy[queued])
        print(
            f"{queued} queued per process: busy median {statistics.median(busy[queued]):.0%} ({runs}),"
            f" burst {statistics.median(walls[queued]) * 1000:.0f} ms"
        )
    print(f"burst time, 2 queued / 1 queued: {statistics.median(walls[2]) / statistics.median(walls[1]):.2f}x")


if __name__ == "__main__":
    main()
