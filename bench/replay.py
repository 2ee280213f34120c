"""The replay viewer's speed: each frame of a four-player game through SimCord, drawn and found drawn.

    python -m bench.replay [--repeats 3] [--drawing 1] [--back 40]

A four-player game is played to its end by `normal` computers (through the game manager: ~150 moves,
~155 frames with the start and the three shift scorings). A spectator opens `/coal record replay` and
presses Next through every frame (each drawn in the drawing worker: a miss), then Previous `--back`
times and jumps to each shift's end and to the first frame (each found drawn: a hit). Every press is
timed from the click to the bot's settled answer (SimCord's settle included: an upper bound of what a
player waits), and must fit Discord's 3-second window. The floor, measured in the same run: `/coal
status` (a private answer from memory, no image) through the same SimCord. Printed per repeat: p50, p95
and the longest for drawn and found frames, as milliseconds and as ratios to the floor's p50, the cache's
hit rate, and the CPU the drawing worker spent per drawn frame.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import simcord

import players
from bench.procs import children_cpu
from bot import create_bot
from rules import apply, view
from tests.bot.driver import close_bot, menu  # the tests' SimCord helpers

WINDOW = 3.0  # Discord's interaction window, seconds


def _p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


async def _finished_game(client, guild, channel, members, seed: int):
    manager = client.manager
    await manager.lobbies.new_game(guild.id, channel.id, members[0].id, members[0].user.name)
    for m in members[1:]:
        await manager.lobbies.join(channel.id, m.id, m.user.name)
    game = await manager.lobbies.start(channel.id, members[0].id, seed=seed)
    level = players.by_level("normal")
    while game.state.phase != "over":
        state = game.state
        action = level.choose(view(state, state.to_move), players.decision_seed(seed, state))
        apply(state, action)  # refused here rather than in the manager
        game = (await manager.moves.act(channel.id, game.to_move_user, action)).game
    return game


async def one_run(drawing: int, back: int, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        client = create_bot(Path(tmp) / "replay.sqlite3", drawing_processes=drawing)
        async with simcord.run(client, settle_timeout=60, check_errors=True) as env:
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("coal")
            members = [guild.add_member(env.create_user(f"p{k}")) for k in range(4)]
            watcher = guild.add_member(env.create_user("watcher"))
            game = await _finished_game(client, guild, channel, members, seed)
            floor = []
            for _ in range(20):
                t = time.perf_counter()
                await watcher.slash(channel, "coal status")
                floor.append(time.perf_counter() - t)
            r = await watcher.slash(channel, "coal record replay")
            frames = int(r.response.content.splitlines()[0].rsplit("/", 1)[1])
            cpu0, misses0 = children_cpu(), client.replays.misses
            drawn, found = [], []
            for _ in range(frames - 1):
                t = time.perf_counter()
                r = await watcher.click(r.response, label="Next")
                drawn.append(time.perf_counter() - t)
            cpu = children_cpu() - cpu0
            drawn_count = client.replays.misses - misses0
            hits0 = client.replays.hits
            for _ in range(back):
                t = time.perf_counter()
                r = await watcher.click(r.response, label="Previous")
                found.append(time.perf_counter() - t)
            for label in ("End of shift 1", "End of shift 2", "End of shift 3", "Start"):
                jump = menu(r.response, "coal-menu:replay:")
                value = next(o.value for o in jump.options if o.label == label)
                t = time.perf_counter()
                r = await watcher.select(r.response, [value], custom_id=jump.custom_id)
                found.append(time.perf_counter() - t)
            hits = client.replays.hits - hits0
            await close_bot(client)
    base = statistics.median(floor)
    return {
        "moves": game.version,
        "frames": frames,
        "floor": base,
        "drawn_p50": statistics.median(drawn),
        "drawn_p95": _p95(drawn),
        "drawn_max": max(drawn),
        "found_p50": statistics.median(found),
        "found_p95": _p95(found),
        "found_max": max(found),
        "hit_rate": hits / len(found),
        "cpu_per_drawn": cpu / max(1, drawn_count) if drawing else float("nan"),
        "over_window": sum(x > WINDOW for x in drawn + found),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--drawing", type=int, default=1, help="drawing processes (0: a thread of the bot)")
    parser.add_argument("--back", type=int, default=40)
    args = parser.parse_args()
    for k in range(args.repeats):
        m = asyncio.run(one_run(args.drawing, args.back, seed=k + 1))
        counts = ("moves", "frames", "hit_rate", "over_window")
        ms = {key: value * 1000 for key, value in m.items() if key not in counts}
        print(
            f"run {k + 1}: {m['moves']} moves, {m['frames']} frames · floor (/coal status) p50 {ms['floor']:.1f} ms\n"
            f"  drawn: p50 {ms['drawn_p50']:.1f} ms ({m['drawn_p50'] / m['floor']:.1f}x floor), p95 "
            f"{ms['drawn_p95']:.1f} ms ({m['drawn_p95'] / m['floor']:.1f}x), max {ms['drawn_max']:.1f} ms; "
            f"worker CPU {ms['cpu_per_drawn']:.1f} ms a frame\n"
            f"  found: p50 {ms['found_p50']:.1f} ms ({m['found_p50'] / m['floor']:.1f}x floor), p95 "
            f"{ms['found_p95']:.1f} ms ({m['found_p95'] / m['floor']:.1f}x), max {ms['found_max']:.1f} ms; "
            f"hit rate {m['hit_rate']:.0%}; presses over {WINDOW:.0f} s: {m['over_window']}",
            flush=True,
        )


if __name__ == "__main__":
    main()
