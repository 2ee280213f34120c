"""Notices between the bot's processes over one PostgreSQL: LISTEN/NOTIFY on a connection of its own.

`Notices` listens on a few channels and sends on them (`send`: a short text, delivered to every process
listening, the sender's own included). The connection is not one of the store's pool: it stays open
while the bot runs. When it is lost (PostgreSQL stopped or restarted) `lost` is called, `send` fails at
once with `NoticeFailed`, and it is opened again after a backoff; `back` is called once it is, since
what was sent meanwhile never arrives. (SQLite has no such thing: one process only.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping

import asyncpg

from .errors import StorageError

log = logging.getLogger("coalbaron")

RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)  # the connection opened again after these waits, then every 5 s
DISCONNECTED = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)


class NoticeFailed(StorageError):
    """A notice could not be sent: the connection is lost (it is being opened again)."""


class Notices:
    """LISTEN on `channels` (name -> what to do with a notice's text); `send` a notice."""

    def __init__(
        self,
        url: str,
        channels: Mapping[str, Callable[[str], None]],
        *,
        lost: Callable[[], None] = lambda: None,
        back: Callable[[], None] = lambda: None,
    ) -> None:
        self.url = url
        self.channels = dict(channels)
        self.lost = lost
        self.back = back
        self._con: asyncpg.Connection | None = None
        self._sending = asyncio.Lock()  # one statement at a time on a connection
        self._reconnect: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def connected(self) -> bool:
        return self._con is not None

    async def open(self) -> Notices:
        try:
            con = await asyncpg.connect(self.url, timeout=10)
        except DISCONNECTED as err:
            raise StorageError(f"Cannot listen on PostgreSQL: {err}") from err
        for channel, handle in self.channels.items():
            await con.add_listener(channel, _listener(handle))
        con.add_termination_listener(self._terminated)
        self._con = con
        return self

    async def send(self, channel: str, text: str) -> None:
        async with self._sending:
            if self._con is None:
                raise NoticeFailed(channel)
            try:
                await self._con.execute("SELECT pg_notify($1, $2)", channel, text)
            except DISCONNECTED as err:
                raise NoticeFailed(channel) from err

    def _terminated(self, con: asyncpg.Connection) -> None:
        if self._closed or con is not self._con:
            return
        self._con = None
        log.warning("the notices' PostgreSQL connection was lost; opening it again")
        self.lost()
        self._reconnect = asyncio.get_running_loop().create_task(self._again())

    async def _again(self) -> None:
        attempt = 0
        while not self._closed:
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            attempt += 1
            try:
                await self.open()
            except StorageError:
                continue
            log.info("the notices' PostgreSQL connection is open again")
            self.back()
            return

    async def close(self) -> None:
        self._closed = True
        if self._reconnect is not None:
            self._reconnect.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reconnect
        if self._con is not None:
            con, self._con = self._con, None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(con.close(), 5)


def _listener(handle: Callable[[str], None]) -> Callable[[object, int, str, object], None]:
    def heard(_con: object, _pid: int, _channel: str, payload: object) -> None:
        handle(str(payload))

    return heard
