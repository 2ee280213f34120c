"""Run by test_board_two_processes: the process that owns a game (shard 1 of 2) while another process's web
board plays it.

    python -m tests.scale.board_owner URL

It builds the simulated Discord of `tests.scale.shard_worker` (the same ids in every process), starts an
untimed game between alice1 and bob1 in the server of shard 1, and prints `game <channel> <version>
<user to move>`; then, as moves handed by the other process's board are stored here, `stored v<version>
by <user> posted <yes|no>` (whether the turn was posted in the channel). It ends when its standard input
closes.
"""

from __future__ import annotations

import asyncio
import sys

import simcord

from bot import create_bot
from bot.web.options import WebOptions
from games.shards import Shards
from tests.bot.driver import custom_ids, virtual_clock
from tests.scale.shard_worker import world


async def main(url: str) -> None:
    coal = create_bot(url, clock=virtual_clock, shards=Shards(2, frozenset({1})), web=WebOptions(port=0))
    coal.board_at_start = False
    async with simcord.run(coal, check_errors=False, shard_count=None) as env:
        _, channel, members = world(env)[1]
        with env.time_context():
            await coal.board.start()
        alice, bob = members.values()
        r = await alice.slash(channel, "coal new", thread=False, timer="none")
        await bob.click(r.response.message, label="Join")
        await alice.click(r.response.message, label="Start")
        game = await coal.manager.games.current(channel.id)
        print(f"game {channel.id} {game.version} {game.to_move_user}", flush=True)
        stdin_closed = asyncio.ensure_future(asyncio.to_thread(sys.stdin.read))
        seen = game.version
        while not stdin_closed.done():
            await asyncio.sleep(0.02)
            game = await coal.manager.games.current(channel.id)
            if game.version > seen:
                seen = game.version
                await coal.board.drain()
                await env.settle()
                rows = await coal.manager.queries.log(game.id, last=1)
                last = channel.last_message  # the turn's message: its buttons name the game and the version
                posted = last is not None and any(f":{game.id}:{game.version}:" in c for c in custom_ids(last))
                print(f"stored v{game.version} by {rows[-1].user_id} posted {'yes' if posted else 'no'}", flush=True)
        await coal.board.stop()
        await coal.computers.close()
    await coal.store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
