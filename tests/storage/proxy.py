"""A TCP proxy between the bot and PostgreSQL that can lose the answer to a COMMIT.

    async with CommitCutter(server_port) as proxy:   # postgresql://...@127.0.0.1:{proxy.port}/db
        proxy.arm()                                  # the next COMMIT reaches the server, then the
        ...                                          # connection is cut before its answer comes back

It reads the client's side of PostgreSQL's wire protocol (the untyped start-up messages, then
typed messages: a type byte and a length) just enough to see a simple-query `COMMIT`. When armed,
it forwards that COMMIT, waits for the server's answer, throws it away and closes both sides: the
transaction is committed, and the client sees its connection die — a network failure at the worst
moment, as it happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct


class CommitCutter:
    def __init__(self, server_port: int, host: str = "127.0.0.1") -> None:
        self.server = (host, server_port)
        self.port = 0
        self.cuts = 0  # COMMITs whose answer was lost
        self.down = False  # every connection refused, as when the database's host is out of reach
        self._armed = False
        self._down_after = False
        self._listener: asyncio.Server | None = None
        self._pipes: set[asyncio.Task] = set()

    def arm(self, *, down_after: bool = False) -> None:
        """Lose the answer of the next COMMIT (on whichever connection sends it); with `down_after`, the
        database is out of reach from then on (every connection cut and refused) until `up`."""
        self._armed = True
        self._down_after = down_after

    def up(self) -> None:
        """The database is within reach again."""
        self.down = False

    def _go_down(self) -> None:
        self.down = True
        for task in list(self._pipes):
            task.cancel()

    async def __aenter__(self) -> CommitCutter:
        self._listener = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._listener.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._listener is not None
        self._listener.close()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self._listener.wait_closed()

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self.down:
            client_w.transport.abort()
            return
        server_r, server_w = await asyncio.open_connection(*self.server)
        answered = asyncio.Event()  # set by the server side after each chunk it forwards
        cut = asyncio.Event()
        up = asyncio.create_task(self._client_to_server(client_r, server_w, server_r, answered, cut))
        down = asyncio.create_task(self._server_to_client(server_r, client_w, answered, cut))
        self._pipes |= {up, down}
        try:
            await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (up, down):
                task.cancel()
            await asyncio.gather(up, down, return_exceptions=True)
            self._pipes -= {up, down}
            for writer in (client_w, server_w):
                with contextlib.suppress(Exception):
                    writer.transport.abort()

    async def _client_to_server(self, reader, writer, server_reader, answered, cut) -> None:
        # Untyped start-up messages first (an SSLRequest may precede the StartupMessage).
        while True:
            head = await reader.readexactly(4)
            (length,) = struct.unpack("!I", head)
            body = await reader.readexactly(length - 4)
            writer.write(head + body)
            await writer.drain()
            code = struct.unpack("!I", body[:4])[0] if len(body) >= 4 else 0
            if code != 80877103:  # not an SSLRequest: that was the StartupMessage
                break
        while True:
            kind = await reader.readexactly(1)
            head = await reader.readexactly(4)
            (length,) = struct.unpack("!I", head)
            body = await reader.readexactly(length - 4)
            is_commit = kind == b"Q" and body.lstrip().upper().startswith(b"COMMIT")
            if is_commit and self._armed:
                self._armed = False
                cut.set()  # the answer is not passed on
                answered.clear()
                writer.write(kind + head + body)
                await writer.drain()
                await asyncio.wait_for(answered.wait(), 10)  # the server has committed and answered
                self.cuts += 1
                if self._down_after:
                    self._go_down()
                return  # both sides are closed
            writer.write(kind + head + body)
            await writer.drain()

    async def _server_to_client(self, reader, writer, answered, cut) -> None:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            if cut.is_set():
                answered.set()
                await asyncio.sleep(3600)  # hold: the client side is closed by the other pipe
            writer.write(chunk)
            await writer.drain()
