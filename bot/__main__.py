"""`python -m bot`: read `.env`, log in, sync `/coal`, resume every game; stop cleanly on a signal."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Awaitable

import discord

from .client import create_bot
from .config import Settings, load_dotenv

log = logging.getLogger("coalbaron")

NO_TOKEN = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example to .env) or in the environment. "
    "Get one at https://discord.com/developers/applications → your app → Bot → Reset Token."
)


async def run_until_signal(bot, start: Awaitable) -> int:
    """Run `start` (the bot's login and connection) until it ends or SIGINT/SIGTERM arrives.

    On a signal: the bot stops watching deadlines, waits for the moves in progress to be
    stored, disconnects and closes the database; then 0 is returned.
    """
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop(signame: str) -> None:
        log.info("%s received: finishing the turn in progress and closing", signame)
        stopping.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop, sig.name)
    runner = asyncio.ensure_future(start)
    waiter = asyncio.create_task(stopping.wait())
    try:
        done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:  # the client stopped by itself: a login or connection failure
            runner.result()
            return 0
        await bot.close()
        log.info("closed cleanly")
        runner.cancel()
        return 0
    finally:
        waiter.cancel()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)


async def run(settings: Settings) -> int:
    bot = create_bot(settings.database, dev_guild_id=settings.dev_guild_id)
    try:
        return await run_until_signal(bot, bot.start(settings.token))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env.")
    except (OSError, discord.HTTPException, discord.GatewayNotFound) as err:
        log.error("Could not connect to Discord: %s", type(err).__name__)
    await bot.close()
    return 1


def main() -> int:
    load_dotenv()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.WARNING)
    settings = Settings.from_env()
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
