"""Run by test_outbox: a player takes a draw space through Discord, the turn is stored, and the
process is SIGKILLed at the exact point between the commit and the first post.

    python -m tests.bot.crash_post_worker DB

The world is built in the same order as `test_outbox.build_world`, so a bot started later on the
same database finds the same guild, channel and member ids.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import simcord

from bot import create_bot
from rules.record import Chooser, random_action
from tests.bot.driver import make_world


async def main(db: str) -> None:
    coal = create_bot(db)
    async with simcord.run(coal, check_errors=False) as env:
        w = make_world(env, ("alice", "bob"))  # as test_outbox builds it again
        guild, channel, alice, bob = w.guild, w.channel, w.alice, w.bob
        manager = coal.manager
        await manager.lobbies.new_game(guild.id, channel.id, alice.id, "alice")
        await manager.lobbies.join(channel.id, bob.id, "bob")
        game = await manager.lobbies.start(channel.id, alice.id, seed=5)
        chooser = Chooser(5)
        while game.state.phase == "draft":  # the draft through the manager: nothing to post
            game = (await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))).game

        async def killed(*args: object, **kwargs: object) -> bool:
            print("stored, not posted", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)  # no cleanup, no flush: as a crash
            return False

        coal.publisher.announce = killed  # type: ignore[method-assign]  # the turn is committed; the post is next
        member = alice if game.to_move_user == alice.id else bob
        await member.slash(channel, "coal order", space="draw")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
