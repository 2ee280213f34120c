"""Turn timers at scale: event-loop CPU per move with many open timed games, against none.

    python -m bench.timers [--games 10000] [--moves 2000] [--repeats 3]

Drives the bot's own `bot.play.timers.Timers` on a stub client (a clock, the wake event, the publisher's
hold), with N idle timed games whose deadlines are hours away, and plays `--moves` moves in one more
game: each move re-arms its game (`Timers.changed`) and lets the timers' loop wake and look again, as
a real move does. Prints the CPU time of the process per move (the loop's share of a move: nothing else
runs) for 0 and N idle games, and their ratio; repeated, with the spread. The target: with
100 000 open games, at most 1.2 times the 0-game figure. Point PYTHONPATH at another checkout to
measure its timers the same way (its Timers must take the same client).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from bot.play.timers import Timers
from games.limits import Limits
from rules import new_game
from storage import Brief, Game, GameSettings

NOW = 1_000_000.0


class StubClient:
    """What the timers use of the bot: a clock, the wake event, limits, the publisher's hold, and a
    manager (anything with `open_briefs`)."""

    def __init__(self, manager: Any, now: float = NOW) -> None:
        self.clock = lambda: now
        self.limits = Limits()
        self.pause_limit = 14 * 86400.0
        self.publisher = SimpleNamespace(held_until=lambda game_id: 0.0)
        self.manager = manager
        self._wake = asyncio.Event()

    def dispatch(self, event: str) -> None:
        self._wake.set()

    async def wait_for(self, event: str, timeout: float | None = None) -> None:
        self._wake.clear()
        await asyncio.wait_for(self._wake.wait(), timeout)


def timed_game(k: int, state) -> Game:
    settings = GameSettings(timer="24h")
    return Game(
        id=k,
        guild_id=1,
        channel_id=10_000 + k,
        status="active",
        options=settings,
        host_id=1,
        seats=(),
        seed=1,
        state=state,
        version=1,
        created_at=NOW,
        updated_at=NOW,
        deadline=NOW + 20 * 3600 + k,  # its reminder in 8 hours or more: idle all through the run
    )


async def per_move(idle: int, moves: int) -> float:
    """CPU seconds per move with `idle` open timed games besides the one being played."""
    state = new_game(["a", "b"], 1)
    games = [timed_game(k, state) for k in range(idle)]
    playing = timed_game(idle, state)
    client = StubClient(SimpleNamespace(open_briefs=lambda: [Brief.of(g) for g in games]))
    timers = Timers(client)  # type: ignore[arg-type]
    timers.start()
    await asyncio.sleep(0)
    start = time.process_time()
    for m in range(moves):
        playing = replace(playing, version=playing.version + 1, deadline=NOW + 23 * 3600 + m)
        timers.changed(Brief.of(playing))
        for _ in range(3):  # the loop wakes, looks again and waits
            await asyncio.sleep(0)
    spent = time.process_time() - start
    timers.stop()
    return spent / moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    floors, loads = [], []
    for _ in range(args.repeats):
        floors.append(asyncio.run(per_move(0, args.moves)))
        loads.append(asyncio.run(per_move(args.games, args.moves)))
    ratios = [load / floor for load, floor in zip(loads, floors, strict=True)]
    print(f"CPU per move, 0 idle games:      {statistics.median(floors) * 1e6:8.1f} us")
    print(f"CPU per move, {args.games} idle games: {statistics.median(loads) * 1e6:8.1f} us")
    print(f"ratio: median {statistics.median(ratios):.2f}x (runs: {', '.join(f'{r:.2f}' for r in ratios)})")


if __name__ == "__main__":
    main()
