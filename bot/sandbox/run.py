"""`python -m bot --sandbox`: the real bot against a simulated Discord, played in your browser.

The bot is the one `python -m bot` runs (same commands, rules, images and database code); only
Discord is simulated, by SimCord, and shown by SimCord's preview: a server with a `#coal-baron`
channel, its history with the board images, the slash-command picker with autocomplete, the
buttons and menus, and the private replies of the person viewing. You play as yourself; add
computer players with `/coal addbot` or the lobby's menu, or play hot-seat: the page switches
between the sandbox's members, and each sees only their own private replies.

The sandbox keeps its games in its own database (`data/sandbox.sqlite3` by default, never
`COALBARON_DB`). Its simulated Discord is built the same way at every start, so its ids are the
same and a game left open resumes. It listens on 127.0.0.1 only, and the page's address carries
the preview's capability token: nothing is reachable from another machine, and only who has
the printed address can play. The address (port and token) is kept in the data folder
(`bot.sandbox.address`), so a restart prints the same one and a tab left open is reloaded, not replaced.
Ctrl-C, SIGTERM or the page's "End preview session" stop it
cleanly (moves in progress stored, the database closed).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import webbrowser
from pathlib import Path
from urllib.parse import urlsplit

import simcord

from bot.posting import game_messages
from bot.sandbox.address import (
    SandboxAddress,
    address_file,
    choose_address,
    port_free,
    read_address,
    write_address,
)
from bot.sandbox.page import PageKeeper, follow_real_time
from bot.service.client import CoalBot, create_bot
from bot.web.options import WebOptions
from bot.words import sandbox as words
from bot.words.lobby import lobby_message

log = logging.getLogger("coalbaron")

SANDBOX_DB = Path("data/sandbox.sqlite3")
BOARD_PORT = 8766  # the sandbox's web board, the same at every start (an open board reconnects to it)


def board_port(wanted: int = BOARD_PORT) -> int:
    """`wanted` if nothing listens on it on 127.0.0.1, else 0 (a free one: a board left open then does not
    find the next start)."""
    return wanted if port_free(wanted) else 0


def build_world(env: simcord.Env) -> tuple[simcord.GuildHandle, simcord.ChannelHandle, list[simcord.MemberActor]]:
    """The sandbox's server: always built in this order, so its ids are the same at every start."""
    guild = env.create_guild(words.SERVER, preferred_locale="en-US")
    channel = guild.create_text_channel(words.CHANNEL)
    members = [guild.add_member(env.create_user(name)) for name in words.PEOPLE]  # the first views the page first
    return guild, channel, members


async def greet(bot: CoalBot, channel: simcord.ChannelHandle) -> None:
    """The sandbox's first line in the channel: how to begin; or that a game resumes, with its lobby or its
    current turn posted again, buttons and all (the page shows only what is posted after a start). A game
    with turns stored and not yet posted gets only the line: the start's catch-up posts those turns next,
    the last of them the current one."""
    game = await bot.manager.games.current(channel.id)
    messageable = bot.get_partial_messageable(channel.id)
    if game is None:
        await messageable.send(words.WELCOME)
    elif game.state is None:
        await game_messages.lobby_in(bot, messageable, game, words.RESUMED_LOBBY + "\n" + lobby_message(game))
    elif any(row.game_id == game.id for row in await bot.manager.posts.unposted()):
        await messageable.send(words.RESUMED)
    else:
        await game_messages.repost_turn(bot, game, words.RESUMED)


async def open_sandbox(
    env: simcord.Env, bot: CoalBot
) -> tuple[simcord.ChannelHandle, list[simcord.MemberActor], PageKeeper]:
    """The sandbox's server built, its clock the machine's, the page keeper at work, the channel greeted and
    the web board listening; then the start's catch-up begins (`CoalBot.start_catch_up`): the turns a stop
    left unposted, in order, then the computers to move. Before the server exists, a post would find no
    channel there."""
    _, channel, members = build_world(env)
    follow_real_time(env)  # after the world is built: its ids come from the clock
    keeper = PageKeeper(env, bot)
    keeper.attach()
    await greet(bot, channel)
    if bot.board is not None:  # started here, outside the bot's own work: an open board never holds SimCord
        await bot.board.start()
    bot.start_catch_up()
    return channel, members, keeper


async def run_sandbox(
    database: Path = SANDBOX_DB,
    *,
    port: int | None = None,
    open_browser: bool = True,
    new_token: bool = False,
    started: asyncio.Event | None = None,
) -> int:
    """Serve the sandbox until Ctrl-C, SIGTERM or the end of the preview session; 0 when it stopped cleanly.
    `port` (else the kept one, else a free one) and `new_token` (else the kept one) choose its address."""
    database.parent.mkdir(parents=True, exist_ok=True)
    kept_at = address_file(database)
    address = choose_address(read_address(kept_at), port=port, fresh_token=new_token)
    # One channel on the page: games stay in it. The web board on this machine only, its links to 127.0.0.1.
    bot = create_bot(database, game_threads=False, web=WebOptions(port=board_port(), host="127.0.0.1"))
    bot.catch_up_at_start = False  # begun once the simulated server is built (`open_sandbox`)
    bot.board_at_start = False  # the same
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    try:
        async with simcord.run(bot, check_errors=False, settle_timeout=60) as env:
            channel, members, keeper = await open_sandbox(env, bot)
            page = env.preview(channel, viewers=members, layout="channel", port=address.port)
            page.capability = address.token  # the kept key: the same address as the last start
            async with page as preview:
                bound = urlsplit(preview.url).port or address.port
                write_address(kept_at, SandboxAddress(bound, address.token))
                keeper.show(preview)
                board = bot.board.base_url if bot.board is not None else ""
                print(words.SERVING.format(url=preview.url, database=database, board=board), flush=True)
                if open_browser:
                    webbrowser.open(preview.url)
                if started is not None:
                    started.set()
                closed = asyncio.ensure_future(preview.wait_closed())
                stop = asyncio.ensure_future(stopping.wait())
                await asyncio.wait({closed, stop}, return_when=asyncio.FIRST_COMPLETED)
                closed.cancel()
                stop.cancel()
                await keeper.close()
            log.info("sandbox: stopping")
            await bot.close()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        if bot.store_open:  # a failed start: the database thread would keep the process alive
            await bot.store.close()
    print(words.STOPPED, flush=True)
    return 0
