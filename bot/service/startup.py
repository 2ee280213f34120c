"""Why the bot could not start, said in one line an operator can act on (no traceback).

`describe_failure` looks through the exception and what it was raised while handling:
discord.py, failing to reach its gateway the first time, raises an AttributeError while
handling the connection error, and the connection error is the cause worth naming.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import discord

from storage import StorageError

TOKEN_REFUSED = (
    "Discord refused the token: check DISCORD_TOKEN in .env "
    "(https://discord.com/developers/applications → your app → Bot → Reset Token gives a new one)."
)
DAMAGED_WORDS = ("malformed", "not a database", "corrupt")

# What start-up is doing (`CoalBot.stage`), named in the line that says why it failed.
STARTING = "starting"
OPENING_DATABASE = "opening the database"
RESUMING = "resuming the open games"
SYNCING = "syncing the /coal commands with Discord"
PREPARING_IMAGES = "preparing the board images"
STARTING_WEB_BOARD = "starting the web board on WEB_PORT"
LOGGING_IN = "logging in to Discord"
CONNECTING = "connecting to Discord's gateway"


def _chain(err: BaseException) -> Iterator[BaseException]:
    """The exception, then its cause or the exception it was raised while handling, and so on."""
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _words(err: BaseException) -> str:
    return str(err).strip() or type(err).__name__


def _one(err: BaseException, *, database: Path, stage: str) -> str | None:
    """The line for one exception of the chain, or None if it is not one we can explain."""
    if isinstance(err, discord.LoginFailure):
        return TOKEN_REFUSED
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return f"Discord refused the gateway connection: {_words(err)}"
    if isinstance(err, StorageError):
        return f"The database cannot be used: {_words(err)}"
    if isinstance(err, sqlite3.DatabaseError):
        if any(word in str(err).lower() for word in DAMAGED_WORDS):
            return (
                f"The database {database} is damaged ({_words(err)}): restore a backup, "
                "or move the file aside to start with an empty one."
            )
        return f"The database {database} failed while {stage}: {_words(err)}"
    if isinstance(err, discord.HTTPException):
        return f"Discord answered {err.status} while {stage}: {err.text or _words(err)}"
    if isinstance(err, discord.GatewayNotFound):
        return f"Could not connect while {stage}: Discord did not say where its gateway is."
    if isinstance(err, discord.ConnectionClosed):
        return f"Discord closed the connection while {stage} (code {err.code}): {err.reason or 'no reason given'}"
    if isinstance(err, aiohttp.ClientError | asyncio.TimeoutError):
        return f"Could not connect while {stage}: {_words(err)}"
    if isinstance(err, OSError) and err.errno == errno.EADDRINUSE:
        return f"Could not listen while {stage}: the port is in use (another program, or the bot already running)"
    if isinstance(err, OSError):
        if err.filename is not None:  # a file the bot may not use: say which
            return f"Could not use {err.filename} while {stage}: {err.strerror or _words(err)}"
        return f"Could not connect while {stage}: {err.strerror or _words(err)}"
    return None


def describe_failure(err: BaseException, *, database: Path, stage: str) -> str:
    """One line naming why start-up failed; `stage` says what the bot was doing ("logging in")."""
    for link in _chain(err):
        line = _one(link, database=database, stage=stage)
        if line is not None:
            return line
    return f"Could not start while {stage}: {type(err).__name__}: {_words(err)} (run with --debug for the traceback)"


class NoFalseReconnect(logging.Filter):
    """Drops discord.py's "Attempting a reconnect" on the first connection, which never happens.

    Before the first gateway connection `client.ws` is None, and discord.py, after logging
    that line with a traceback, fails on it with an AttributeError instead of reconnecting;
    the start-up failure line then names the real cause. Later reconnects are logged as usual.
    """

    def __init__(self, client: discord.Client):
        super().__init__()
        self.client = client

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.client.ws is None and str(record.msg).startswith("Attempting a reconnect"))
