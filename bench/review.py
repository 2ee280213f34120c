"""A post-game review's cost, and the computers' moves while one runs.

    python -m bench.review [--seconds 0.5] [--moves 40] [--repeats 2]

1. Cost: a finished two-player game (`hard` against `normal`, seed 6) reviewed as the bot does it, at
   REVIEW_SECONDS = `--seconds` a decision (`players.review.lookaheads_for`): the race, then every decision
   judged, in this process; CPU seconds in all and per decision. Target: within 2 minutes of CPU.
2. The moves meanwhile, side by side: `--moves` moves of a `hard` computer (on a two-player game's positions)
   asked of the computers' worker process, one after the other, first with nothing else running, then while
   the review runs in its own worker process at a lowered priority, as `bot.service.reviewer` runs it. Wall
   time of each move from its request to its answer: p50 and p95 of each, and the ratio of the p95s; each
   repeated `--repeats` times. Target: no move slower (ratio about 1).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import players
import players.review as review
from bot.service.reviewer import lower_priority
from bot.service.workers import MOVE, Workers
from players import decision_seed
from rules import apply, new_game, view
from rules.record import Chooser, random_action
from tests.players.blunders import blunder_game


def cost(seconds: float) -> tuple[float, int]:
    """CPU seconds of a whole review at `seconds` a decision, and the decisions judged."""
    game = blunder_game(seed=6)
    lookaheads = review.lookaheads_for(seconds)
    start = time.process_time()
    _race, total = review.begin(game.record)
    for k in range(total):
        review.judge_nth(game.record, k, 6, lookaheads)
    return time.process_time() - start, total


def positions(n: int) -> list[tuple[str, int]]:
    """`n` positions of a two-player game to move in, as a computer is asked them (view JSON, seed)."""
    state = new_game(["Anna", "Bert"], 3)
    chooser = Chooser(3)
    out = []
    while len(out) < n:
        if state.phase == "over":
            state = new_game(["Anna", "Bert"], len(out) + 4)
        if state.phase == "turn":
            out.append((view(state, state.to_move).model_dump_json(), decision_seed(3, state)))
        state, _ = apply(state, random_action(state, chooser))
    return out


async def moves(computers: Workers, asked: list[tuple[str, int]]) -> list[float]:
    times = []
    for seen, seed in asked:
        t = time.perf_counter()
        await computers.run(players.think, "hard", seen, seed, priority=MOVE)
        times.append(time.perf_counter() - t)
    return times


async def side_by_side(n: int, seconds: float) -> tuple[list[float], list[float]]:
    asked = positions(n)
    computers = Workers("computer", 1)
    reviews = Workers("reviews", 1, prepare=lower_priority)
    game = blunder_game(seed=6)
    lookaheads = review.lookaheads_for(seconds)
    try:
        await computers.run(players.think, "hard", *asked[0])  # both processes started and warm
        _race, total = await reviews.run(review.begin, game.record)
        alone = await moves(computers, asked)
        stop = asyncio.Event()

        async def reviewing() -> None:
            k = 0
            while not stop.is_set():
                await reviews.run(review.judge_nth, game.record, k % total, 6, lookaheads)
                k += 1

        task = asyncio.create_task(reviewing())
        await asyncio.sleep(0.5)
        beside = await moves(computers, asked)
        stop.set()
        await task
    finally:
        computers.close()
        reviews.close()
    return alone, beside


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=review.REVIEW_SECONDS)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    cpu, total = cost(args.seconds)
    lookaheads = review.lookaheads_for(args.seconds)
    print(f"review of a two-player game at {args.seconds} s a decision ({lookaheads} look-aheads):")
    print(f"  {total} decisions, {cpu:.1f} s of CPU in all, {cpu / total:.3f} s a decision; target <= 120 s")
    for k in range(args.repeats):
        alone, beside = asyncio.run(side_by_side(args.moves, args.seconds))
        print(
            f"run {k + 1}: a hard computer's move, {args.moves} moves — alone p50 {statistics.median(alone):.3f} s"
            f" p95 {p95(alone):.3f} s; beside a review p50 {statistics.median(beside):.3f} s"
            f" p95 {p95(beside):.3f} s; p95 ratio {p95(beside) / p95(alone):.2f}"
        )


if __name__ == "__main__":
    main()
