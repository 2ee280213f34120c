"""Run by test_shutdown: the bot on a simulated Discord, moves in a loop, until SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import sys

import simcord

from bot import create_bot
from bot.__main__ import run_until_signal
from rules.record import Chooser, random_action


async def main(db: str) -> int:
    bot = create_bot(db)
    async with simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild("Mines")
        channel = guild.create_text_channel("coal")
        alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
        manager = bot.manager

        async def play_forever():
            seed = 0
            while True:
                seed += 1
                await manager.lobbies.new_game(guild.id, channel.id, alice.id, "alice")
                await manager.lobbies.join(channel.id, bob.id, "bob")
                game = await manager.lobbies.start(channel.id, alice.id, seed=seed)
                chooser = Chooser(seed)
                while game.state.phase != "over":
                    action = random_action(game.state, chooser)
                    game = (await manager.moves.act(channel.id, game.to_move_user, action)).game
                    if game.version == 10 and seed == 1:
                        print("playing", flush=True)

        player = asyncio.create_task(play_forever())
        code = await run_until_signal(bot, asyncio.Event().wait())
        player.cancel()
        print(f"exit {code} store_open={bot.store_open}", flush=True)
    return code


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    sys.exit(asyncio.run(main(sys.argv[1])))
