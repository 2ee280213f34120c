"""What a move costs the bot in CPU, against the floor, with the simulated Discord's share apart.

    python -m bench.move_cost [--games 20] [--rounds 20] [--repeats 3] [--drawing 1]

Twenty games of two people each, every round a burst of one slash-command move per game (20 at once,
as `bench.bot` emits them), played through SimCord in this process with the drawing worker process of
the real bot. Per move it measures:

- the bot's CPU: this process's CPU time less SimCord's share and the driver's own (choosing the
  moves), plus the drawing worker's CPU time (read from /proc). SimCord's share is found by sampling:
  a thread looks at the event loop's stack every millisecond and counts each sample for the innermost
  frame that belongs to SimCord, discord.py,
  our packages, aiosqlite or Pillow (a sample inside the selector's wait is idle and not counted); the
  sampler's own CPU is taken off. A sample with none of them on the stack (asyncio's own work, about a
  quarter: much of it SimCord's settle polling, which cannot be told apart) counts as the bot's, so
  the bot's figure is an upper bound. The printed profile is those counts.
- the floor of a move, in the same run: `rules.apply` of the same move, one PNG encode of its turn
  image (`rendering.png.to_png` of the drawn image: the encode every post needs) and one bare
  single-row INSERT committed on its own on the same database (`bench.storage.Floor`).

The target: the bot's CPU per move at most 1.8 times the floor. Each repeat measures the bot
over `--rounds` bursts and then the floor over the same moves; medians and the spread are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import simcord

from bench.bot import DRIVING, play_round, two_player_games
from bench.procs import children_cpu
from bench.storage import Floor
from bot import create_bot
from rendering.last_move import last_move
from rendering.png import to_png
from rendering.turn import turn_image
from rules import GameState, apply

ROOT = str(Path(__file__).resolve().parent.parent)
OURS = tuple(os.path.join(ROOT, p) + os.sep for p in ("bot", "games", "storage", "rules", "rendering", "players"))
TARGET = 1.8


def owner(filename: str) -> str | None:
    """Whose code a frame runs: simcord, discord.py, ours, aiosqlite, Pillow; None for the standard library."""
    if "simcord" in filename:
        return "simcord"
    if f"{os.sep}discord{os.sep}" in filename:
        return "discord.py"
    if filename.startswith(OURS):
        return "ours"
    if "aiosqlite" in filename or "sqlite3" in filename:
        return "sqlite"
    if f"{os.sep}PIL{os.sep}" in filename:
        return "pillow"
    return None


class Sampler:
    """Samples the event loop thread's stack every millisecond; counts the innermost known owner."""

    def __init__(self, thread_id: int) -> None:
        self.thread_id = thread_id
        self.counts: collections.Counter[str] = collections.Counter()
        self.cpu = 0.0  # the sampler's own CPU time (in this process's, so taken off the bot's)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        start = time.thread_time()
        try:
            self._sample()
        finally:
            self.cpu = time.thread_time() - start

    def _sample(self) -> None:
        while not self._stop.wait(0.001):
            frame = sys._current_frames().get(self.thread_id)
            if frame is None:
                continue
            if frame.f_code.co_name in ("select", "poll") and "selectors" in frame.f_code.co_filename:
                continue  # the loop waits: idle
            who = None
            while frame is not None and who is None:
                who = owner(frame.f_code.co_filename)
                frame = frame.f_back
            self.counts[who or "event loop"] += 1

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def share(self, who: str) -> float:
        total = sum(self.counts.values())
        return self.counts[who] / total if total else 0.0


async def floor_of(moves: list[tuple[GameState, object]], floor: Floor) -> float:
    """CPU seconds per move of the floor: apply, one PNG encode of the turn image, one committed INSERT."""
    images = []
    for state, action in moves:
        after, _ = apply(state, action)
        images.append(turn_image(after, None, last_move(state, action, after)))
    start = time.process_time()
    for (state, action), image in zip(moves, images, strict=True):
        apply(state, action)
        to_png(image)
        await floor.insert("x" * 64)
    return (time.process_time() - start) / len(moves)


async def run(games: int, rounds: int, repeats: int, drawing: int) -> None:
    sys.setswitchinterval(0.001)  # the sampler thread gets the interpreter often enough
    tmp = Path(tempfile.mkdtemp())
    client = create_bot(tmp / "bench.sqlite3", drawing_processes=drawing)
    async with simcord.run(client, settle_timeout=120, check_errors=True) as env:
        guild = env.create_guild("Bench")
        tables = await two_player_games(client, env, guild, games)
        floor = Floor(client.store)
        await floor.setup()

        async def burst(played: list) -> None:
            await play_round(client, env, tables, played)

        await burst([])  # warm-up: caches, the worker, the first posts
        loop_thread = threading.get_ident()
        results = []
        for _ in range(repeats):
            played: list = []
            cpu, workers, driven = time.process_time(), children_cpu(), DRIVING[0]
            with Sampler(loop_thread) as sampler:
                for _ in range(rounds):
                    await burst(played)
            cpu, workers = time.process_time() - cpu, children_cpu() - workers
            cpu -= sampler.cpu + (DRIVING[0] - driven)  # the sampler's and the driver's own (choosing moves)
            # the loop's own samples (asyncio, no owner on the stack) are counted as the bot's: an upper bound
            simcord_cpu = cpu * sampler.share("simcord")
            bot_cpu = (cpu - simcord_cpu + workers) / len(played)
            base = await floor_of(played, floor)
            results.append((bot_cpu, base, simcord_cpu / len(played), workers / len(played), sampler.counts))
        errors = list(env.errors)
        await client.computers.close()
        await client.store.close()
    if errors:
        raise SystemExit(f"the bot raised errors: {errors[:3]}")

    def spread(values: list[float], scale: float = 1e3, fmt: str = "{:.2f}") -> str:
        shown = [fmt.format(v * scale) for v in (statistics.median(values), min(values), max(values))]
        return f"{shown[0]} ({shown[1]}-{shown[2]})"

    ratios = [bot / base for bot, base, *_ in results]
    print(f"{games} games, bursts of {games} slash-command moves, {rounds} bursts a repeat, {repeats} repeats")
    bot_cpu = spread([r[0] for r in results])
    print(f"bot CPU per move (this process less SimCord, plus the drawing worker): {bot_cpu} ms")
    print(f"  of which the drawing worker: {spread([r[3] for r in results])} ms")
    print(f"SimCord's CPU per move (left out):   {spread([r[2] for r in results])} ms")
    print(f"floor per move (apply + PNG encode + INSERT/COMMIT): {spread([r[1] for r in results])} ms")
    print(f"ratio bot / floor: {spread(ratios, 1.0)}x (target <= {TARGET}x)")
    counts: collections.Counter[str] = collections.Counter()
    for *_, c in results:
        counts.update(c)
    total = sum(counts.values())
    print("event-loop samples by owner: " + ", ".join(f"{k} {v / total:.0%}" for k, v in counts.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--drawing", type=int, default=1, help="image worker processes (0: a thread)")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.rounds, args.repeats, args.drawing))


if __name__ == "__main__":
    main()
