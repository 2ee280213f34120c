"""`python -m bot`: read `.env`, log in, sync `/coal`, resume every game; stop cleanly on a signal."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from .client import create_bot
from .config import Settings, load_dotenv

log = logging.getLogger("coalbaron")

NO_TOKEN = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example to .env) or in the environment. "
    "Get one at https://discord.com/developers/applications → your app → Bot → Reset Token."
)


async def run(settings: Settings) -> int:
    bot = create_bot(settings.database, dev_guild_id=settings.dev_guild_id)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def stop(signame: str) -> None:
        log.info("%s received: finishing the turn in progress and closing", signame)
        stopping.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop, sig.name)
    runner = asyncio.create_task(bot.start(settings.token))
    waiter = asyncio.create_task(stopping.wait())
    done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
    if runner in done:  # the client stopped by itself: a login or connection failure
        waiter.cancel()
        try:
            runner.result()
        except discord.LoginFailure:
            log.error("Discord refused the token: check DISCORD_TOKEN in .env.")
            return 1
        return 0
    await bot.close()  # waits for moves in progress, then closes the database
    runner.cancel()
    return 0


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
