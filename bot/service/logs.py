"""Logs an operator can use: plain lines or one JSON object a line, each with the game, the server and the
shard when they are known; short error ids shared by the log and the player's answer; and alerts to an
operators' channel through a webhook, at most one message a minute.

The game a line is about is a context variable (`about`): set wherever the bot works on a game (its posts,
`bot.i18n.in_channel`, `bot.replies.log_event`), so every line written meanwhile carries it, whoever
writes it. `LOG_FORMAT=json` picks the JSON lines; `ALERT_WEBHOOK_URL` turns the alerts on: every ERROR
record, and the warnings marked `extra={"alert": True}` (a game's channel out of reach).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import aiohttp

from games.shards import shard_of


@dataclass(frozen=True, slots=True)
class About:
    """What a log line is about: a game, its server, the shard that server is on."""

    game_id: int | None = None
    guild_id: int | None = None
    shard: int | None = None


_about: contextvars.ContextVar[About | None] = contextvars.ContextVar("coalbaron_log_about", default=None)
SHARD_COUNT = 1  # set at start from SHARD_COUNT: a server's shard is (guild_id >> 22) % SHARD_COUNT


@contextlib.contextmanager
def about(game_id: int | None, guild_id: int | None) -> Iterator[None]:
    """Log lines written inside are about this game and server."""
    shard = shard_of(guild_id, SHARD_COUNT) if guild_id else None
    token = _about.set(About(game_id, guild_id, shard))
    try:
        yield
    finally:
        _about.reset(token)


def error_id() -> str:
    """A short id for one unexpected failure: the player's answer and the log line both carry it."""
    return secrets.token_hex(3)


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message; game, guild and shard when
    known; the error id and the traceback when there are."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        where = _about.get()
        game = getattr(record, "game_id", None) or (where.game_id if where else None)
        guild = getattr(record, "guild_id", None) or (where.guild_id if where else None)
        if game is not None:
            line["game_id"] = game
        if guild is not None:
            line["guild_id"] = guild
            line["shard"] = shard_of(guild, SHARD_COUNT)
        for key in ("error_id", "alert"):
            if getattr(record, key, None):
                line[key] = getattr(record, key)
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class Alerts(logging.Handler):
    """Posts ERROR records, and warnings marked `alert`, to an operators' channel through a Discord webhook:
    at most one message a minute, which sums up what came meanwhile (how many, and the first few lines)."""

    EVERY = 60.0  # seconds: at most one message a minute
    SHOWN = 5  # lines quoted in one message
    LINE = 300  # characters of each

    def __init__(self, url: str) -> None:
        super().__init__(logging.WARNING)
        self.url = url
        self._waiting: list[str] = []
        self._count = 0
        self._last_sent = -1e18
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.sent: list[str] = []  # what was posted (for tests and the operator's curiosity)
        self._tasks: set[asyncio.Task[None]] = set()

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.ERROR and not getattr(record, "alert", False):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # not on the bot's loop (start-up, a worker thread): the log has it
        self._loop = loop
        text = record.getMessage()
        if getattr(record, "error_id", None):
            text += f" [error {record.error_id}]"  # type: ignore[attr-defined]
        self._count += 1
        if len(self._waiting) < self.SHOWN:
            self._waiting.append(f"{record.levelname}: {text}"[: self.LINE])
        if self._handle is None:
            delay = max(0.0, self._last_sent + self.EVERY - loop.time())
            self._handle = loop.call_later(delay, self._send)

    def _send(self) -> None:
        self._handle = None
        assert self._loop is not None
        self._last_sent = self._loop.time()
        count, lines = self._count, self._waiting
        self._count, self._waiting = 0, []
        head = f"**Coal Baron**: {count} alert{'s' if count != 1 else ''} since the last message"
        more = f"\n… and {count - len(lines)} more" if count > len(lines) else ""
        content = (head + "\n" + "\n".join(f"• {line}" for line in lines) + more)[:2000]
        task = self._loop.create_task(self._post(content))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, content: str) -> None:
        self.sent.append(content)
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:
                async with http.post(self.url, json={"content": content, "allowed_mentions": {"parse": []}}) as r:
                    if r.status >= 300:
                        logging.getLogger("coalbaron.alerts").warning("the alert webhook answered %s", r.status)
        except (aiohttp.ClientError, TimeoutError, OSError) as err:
            logging.getLogger("coalbaron.alerts").warning("the alert webhook is out of reach (%s)", err)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        super().close()


def configure(debug: bool, fmt: str = "text") -> None:
    """The process's logging: plain lines or JSON lines on stderr."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("coalbaron").setLevel(logging.DEBUG if debug else logging.INFO)
    logging.getLogger("discord").setLevel(logging.INFO if debug else logging.WARNING)


class NotForASimulatedDiscord(logging.Filter):
    """discord.py's warnings that do not apply to the sandbox's simulated Discord: there is no
    voice (PyNaCl, davey), and SimCord's guilds need no intent. A newcomer's first run should not look broken."""

    QUIET = ("PyNaCl is not installed", "davey is not installed", "Guilds intent seems to be disabled")

    def filter(self, record: logging.LogRecord) -> bool:
        return not any(q in record.getMessage() for q in self.QUIET)


def quiet_for_the_sandbox() -> None:
    """Keep those warnings out of the sandbox's log; call it before importing `bot.sandbox.run`, whose imports
    already emit them."""
    quiet = NotForASimulatedDiscord()
    for name in ("discord.client", "discord.state"):
        logging.getLogger(name).addFilter(quiet)
