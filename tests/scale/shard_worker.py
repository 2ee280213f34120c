"""Run by test_two_processes: one bot process of two (shards 0 and 1 of 2) over one PostgreSQL.

    python -m tests.scale.shard_worker URL SHARD MODE

Both processes build the same simulated Discord (SimCord ids are deterministic: the same
creation order gives the same ids): two servers, one on each shard, with a #coal channel and
alice and bob in each, as one Discord application seen by two processes. A process plays only
in the server of its own shard.

MODE `play`: a 1-hour-timer game, then moves by slash command; prints `v<version>` after each.
MODE `kill`: as `play`, but the fourth move dies (SIGKILL) in the middle of its save.
MODE `resume`: start, print the games this process resumed, let an hour and five minutes of
virtual time pass (past every deadline stored before, not yet the next ones), print the timer
moves stored.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import simcord

from bot import create_bot
from games.shards import Shards
from rules import legal_actions
from tests.bot.driver import virtual_clock

MOVES = 6


def world(env):
    """Two servers (shards 0 and 1 of 2), a channel and two members in each: the same ids in every process."""
    places = []
    for shard in (0, 1):
        guild = env.create_guild(f"Mines {shard}", shard_id=shard)
        channel = guild.create_text_channel("coal")
        alice = guild.add_member(env.create_user(f"alice{shard}"))
        bob = guild.add_member(env.create_user(f"bob{shard}"))
        places.append((guild, channel, {alice.id: alice, bob.id: bob}))
    return places


def die_saving(version: int):
    """A save that dies (SIGKILL) before it commits: a crash in the middle of a turn."""

    async def save_turn(*args, **kwargs):
        print(f"saving at v{version}", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no commit, no cleanup

    return save_turn


async def play(coal, env, channel, members, kill: bool) -> None:
    manager = coal.manager
    alice, bob = members.values()
    r = await alice.slash(channel, "coal new", thread=False, timer="1h")
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    for k in range(MOVES):
        game = await manager.games.current(channel.id)
        if kill and k == 3:
            coal.store.save_turn = die_saving(game.version)
        action = legal_actions(game.state)[0]
        name = "coal draft" if action.kind == "draft" else "coal bank"
        options = {"card": action.card} if action.kind == "draft" else {}
        await members[game.to_move_user].slash(channel, name, **options)
        print(f"v{(await manager.games.current(channel.id)).version}", flush=True)


async def main(url: str, shard: int, mode: str) -> None:
    coal = create_bot(url, clock=virtual_clock, shards=Shards(2, frozenset({shard})))
    async with simcord.run(coal, check_errors=False, shard_count=None) as env:
        places = world(env)
        guild, channel, members = places[shard]
        if mode in ("play", "kill"):
            await play(coal, env, channel, members, kill=mode == "kill")
            print("done", flush=True)
        else:
            await coal._reposting
            print("resumed " + ",".join(str(g.channel_id) for g in coal.manager.games.open_briefs()), flush=True)
            await env.advance_time(3600 + 300)
            await env.settle()
            for _, other, _ in places:
                game = await coal.store.queries.latest_game(other.id)
                auto = sum(e.auto for e in await coal.store.queries.log(game.id))
                print(f"channel {other.id} v{game.version} timer moves {auto}", flush=True)
        await coal.computers.close()
        await coal.store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
