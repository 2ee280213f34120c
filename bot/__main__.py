"""`python -m bot`: read `.env`, log in, sync `/coal`, resume every game; stop cleanly on a signal.

A start that fails (no token, a refused token, a database it may not use, Discord out of
reach) closes what it opened and exits non-zero with one line saying why; `--debug` adds
the traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import sys
from collections.abc import Awaitable
from pathlib import Path

from bot.service import logs, startup
from bot.service.client import CoalBot, create_bot
from bot.service.config import Settings
from bot.service.startup import NoFalseReconnect, describe_failure
from bot.service.version import VERSION
from storage import schema
from storage.backend import is_postgres_url, sqlite_path

log = logging.getLogger("coalbaron")

NO_SANDBOX = 'The sandbox needs SimCord\'s preview: .venv/bin/pip install -e ".[sandbox]"'
ENV_FILE = ".env"  # read from the folder the bot is started in
PORT_IN_USE = (
    "The sandbox cannot listen on 127.0.0.1:{port}: something else uses that port (another sandbox?)."
    " Pick another with --port, or leave --port out for a free one."
)
CLOSE_TIMEOUT = 10.0  # seconds: after a failed start, closing must not keep the process alive

NO_TOKEN = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example to .env), or play locally without"
    " Discord with `.venv/bin/python -m bot --sandbox` (after the README's install). Get a token at"
    " https://discord.com/developers/applications"
    " → your app → Bot → Reset Token."
)


async def run_until_signal(bot: CoalBot, start: Awaitable) -> int:
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


async def start(bot: CoalBot, token: str) -> None:
    """Log in (which runs `setup_hook`: the database, the games, the commands), then connect."""
    bot.stage = startup.LOGGING_IN
    await bot.login(token)
    bot.stage = startup.CONNECTING
    await bot.connect()


async def run(settings: Settings, *, debug: bool = False) -> int:
    """Run the bot until a signal (0), or until it fails to start (1, after one line saying why)."""
    log.info("coalbaron-discord %s starting", VERSION)
    bot = create_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        computer_processes=settings.computer_processes,
        expert_seconds=settings.expert_seconds,
        review_seconds=settings.review_seconds,
        drawing_processes=settings.drawing_processes,
        shards=settings.shards,
        pause_limit=settings.pause_limit_days * 86400,
        limits=settings.limits,
        purge_after_days=settings.purge_after_days,
        health=(settings.health_host, settings.health_port) if settings.health_port else None,
        ready_post_age=settings.ready_post_age,
        web=settings.web,
    )
    database = Path(settings.database).absolute()
    if not debug:
        logging.getLogger("discord.client").addFilter(NoFalseReconnect(bot))
    try:
        return await run_until_signal(bot, start(bot, settings.token))
    except Exception as err:
        line = describe_failure(err, database=database, stage=bot.stage)
        log.error("%s", line, exc_info=err if debug else None)
    try:  # close what was opened (the database thread would keep the process alive)
        await asyncio.wait_for(bot.close(), CLOSE_TIMEOUT)
    except Exception as err:
        log.warning(
            "closing after the failure did not finish: %s", describe_failure(err, database=database, stage="closing")
        )
        if bot.store_open:  # at least the database: its thread alone keeps the process running
            with contextlib.suppress(Exception):
                await asyncio.wait_for(bot.store.close(), CLOSE_TIMEOUT)
    return 1


def _port_in_use(err: BaseException) -> bool:
    """Whether a failure (or what caused it) is a port already in use."""
    link: BaseException | None = err
    while link is not None:
        if isinstance(link, OSError) and link.errno == errno.EADDRINUSE:
            return True
        link = link.__cause__ or link.__context__
    return False


def check_start(settings: Settings) -> int:
    """`--check` after the settings: what would stop the start that can be known without Discord, in one
    line with the exit status the start would have (2: no token; 1: a SQLite database the bot cannot use);
    0 when nothing would. (The token itself, and a PostgreSQL server, are only known by trying.)"""
    if not settings.token:
        log.error("%s", NO_TOKEN)
        return 2
    if is_postgres_url(settings.database):
        return 0
    database = Path(sqlite_path(settings.database)).absolute()
    try:
        schema.inspect(database)
        folder = database if database.exists() else next(p for p in database.parents if p.exists())
        if not os.access(folder, os.W_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
    except Exception as err:
        log.error("%s", describe_failure(err, database=database, stage=startup.OPENING_DATABASE))
        return 1
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Run the Coal Baron bot (settings from .env, see .env.example)."
    )
    parser.add_argument("--debug", action="store_true", help="log in detail, with tracebacks")
    parser.add_argument(
        "--sandbox", action="store_true", help="play locally in your browser against a simulated Discord (no token)"
    )
    parser.add_argument("--database", type=Path, help="the sandbox's database (default data/sandbox.sqlite3)")
    parser.add_argument(
        "--port", type=int, help="the sandbox's port on 127.0.0.1 (default: the last start's, else a free one)"
    )
    parser.add_argument(
        "--new-token",
        action="store_true",
        help="the sandbox's page gets a new secret address (the old one stops working)",
    )
    parser.add_argument("--no-browser", action="store_true", help="the sandbox prints its address without opening it")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--check",
        action="store_true",
        help="print the settings in effect (secrets hidden) and what would stop the start, and exit with the"
        " start's status: 0, 2 (a setting or the token missing) or 1 (a database it cannot use)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.version:
        print(f"coalbaron-discord {VERSION}")
        return 0
    logs.configure(args.debug)
    if args.sandbox:
        logs.quiet_for_the_sandbox()
        try:
            from bot.sandbox.run import SANDBOX_DB, run_sandbox
        except ImportError as err:
            log.error("%s (%s)", NO_SANDBOX, err)
            return 2
        try:
            return asyncio.run(
                run_sandbox(
                    args.database or SANDBOX_DB,
                    port=args.port,
                    open_browser=not args.no_browser,
                    new_token=args.new_token,
                )
            )
        except Exception as err:  # SimCord's preview says so as a SetupError caused by the OSError
            if not _port_in_use(err):
                raise
            log.error(PORT_IN_USE.format(port=args.port))
            return 1
    try:
        settings = Settings.from_env(ENV_FILE)
    except ValueError as err:
        log.error("%s", err)
        return 2
    except (OSError, UnicodeDecodeError) as err:
        log.error("Could not read %s: %s", ENV_FILE, getattr(err, "strerror", None) or err)
        return 2
    if args.check:
        print("\n".join(settings.shown()))
        return check_start(settings)
    logs.configure(args.debug, settings.log_format)
    logs.SHARD_COUNT = settings.shard_count or 1
    if settings.alert_webhook_url.get_secret_value():
        logging.getLogger().addHandler(logs.Alerts(settings.alert_webhook_url.get_secret_value()))
    if not settings.token:
        log.error("%s", NO_TOKEN)
        return 2
    return asyncio.run(run(settings, debug=args.debug))


if __name__ == "__main__":
    sys.exit(main())
