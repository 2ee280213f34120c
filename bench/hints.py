"""A computer's move during a flood of hints: how long the move waits for the one worker process.

    python -m bench.hints [--hints 50] [--repeats 3]

One computer process (COMPUTER_PROCESSES=1), as by default. `--hints` hints (the hard level's best
three, on a four-player game in its second shift) are queued, then a `normal` computer's move is
asked for. Side by side in one run: the queue first come, first served (every piece of work at the
same priority, as the bot once did) and the move ahead of the waiting hints (`bot.service.workers`: MOVE
before HINT). Printed: the move's latency (from its request to its answer) in each, the hint's own
time, and the ratio; each repeated, with the spread. Target: the move's latency <= 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import players
from bot.service.workers import HINT, MOVE, Workers
from players.duel import decision_seed
from rules import apply, new_game, view
from rules.record import Chooser, random_action

NAMES = ["Anna", "Bert", "Clara", "Dora"]


def position():
    """A four-player game in its second shift, and the seat to move."""
    state = new_game(NAMES, 11)
    chooser = Chooser(11)
    while state.shift < 2 or state.phase != "turn":
        state, _ = apply(state, random_action(state, chooser))
    return state


async def flood(workers: Workers, hints: int, hint_priority: int, state) -> tuple[float, float]:
    """The move's latency and the mean hint time, with `hints` hints queued before it."""
    seen = view(state, state.to_move).model_dump_json()
    seed = decision_seed(11, state)
    hint_times: list[float] = []

    async def hint() -> None:
        t = time.perf_counter()
        await workers.run(players.advise, seen, seed, priority=hint_priority)
        hint_times.append(time.perf_counter() - t)

    queued = [asyncio.create_task(hint()) for _ in range(hints)]
    await asyncio.sleep(0.05)
    t = time.perf_counter()
    await workers.run(players.think, "normal", seen, seed, priority=MOVE)
    move = time.perf_counter() - t
    await asyncio.gather(*queued)
    return move, min(hint_times)


async def run(hints: int, repeats: int) -> None:
    state = position()
    workers = Workers("computer", 1)
    try:
        await workers.run(players.think, "normal", view(state, state.to_move).model_dump_json(), 1)  # warm up
        fifo, ordered, one_hint = [], [], []
        for _ in range(repeats):
            move, hint = await flood(workers, hints, MOVE, state)
            fifo.append(move)
            move, hint = await flood(workers, hints, HINT, state)
            ordered.append(move)
            one_hint.append(hint)
    finally:
        workers.close()

    def spread(values: list[float]) -> str:
        return f"{statistics.median(values):7.2f} s (min {min(values):.2f}, max {max(values):.2f})"

    print(f"a normal computer's move asked for after {hints} hints, one worker process, {repeats} repeats")
    print(f"  first come, first served:  {spread(fifo)}")
    print(f"  move before hints:         {spread(ordered)}")
    print(f"  one hint alone (fastest):  {spread(one_hint)}")
    print(f"  ratio: {statistics.median(fifo) / statistics.median(ordered):.1f}x shorter; target <= 2 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(run(args.hints, args.repeats))


if __name__ == "__main__":
    main()
