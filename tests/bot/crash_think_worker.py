"""Run by test_computers: a computer is thinking in the process pool when the bot is SIGKILLed.

    python -m tests.bot.crash_think_worker DB

alice plays against one normal computer; the draft is played through the manager, then alice
takes the bank through Discord, which stores her move and wakes the computer; while it thinks
the process dies. The world is built in the same order as `test_computers.crash_world`, so a bot
started later on the same database finds the same guild, channel and member ids.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import simcord

from bot import create_bot
from bot.words.computers import computer_name
from games.autoplay import Question
from rules.record import Chooser, random_action
from tests.bot.driver import make_world


async def main(db: str) -> None:
    coal = create_bot(db)
    async with simcord.run(coal, check_errors=False) as env:
        w = make_world(env, ("alice",))  # as test_computers builds it again
        guild, channel, alice = w.guild, w.channel, w.alice
        manager = coal.manager
        await manager.lobbies.new_game(guild.id, channel.id, alice.id, "alice", {"timer": "none"})
        await manager.lobbies.add_computer(channel.id, alice.id, "normal", computer_name)
        game = await manager.lobbies.start(channel.id, alice.id, seed=9)
        chooser = Chooser(9)
        # every move through the manager (nothing posted) until alice is to place a worker
        while not (game.state.phase == "turn" and game.to_move_user == alice.id):
            game = (await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))).game
        real_think = coal.computers.think

        async def think(asked: Question) -> str:
            thought = asyncio.ensure_future(real_think(asked))  # in the pool
            await asyncio.sleep(0.05)
            print(f"thinking at v{(await manager.games.current(channel.id)).version}", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)  # no cleanup, no flush: as a crash
            return await thought

        coal.computers.think = think  # type: ignore[method-assign]
        await alice.slash(channel, "coal bank")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
