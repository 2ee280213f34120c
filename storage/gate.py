"""A gate with a fixed number of places, handed out first come, first served, or by priority.

`async with gate.turn():` waits for a place; a freed place goes straight to the longest waiter of
the most urgent priority (a lower number first), so a newcomer never takes it first. The database's
connections (`storage.postgres`) and the bot's worker processes (`bot.service.workers`, where a computer's
move goes before a hint) are shared through one.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import AsyncIterator


class Gate:
    """At most `size` holders at once; the others served by priority, then in the order they came."""

    def __init__(self, size: int) -> None:
        self._free = size
        self._waiters: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @contextlib.asynccontextmanager
    async def turn(self, priority: int = 0) -> AsyncIterator[None]:
        await self._acquire(priority)
        try:
            yield
        finally:
            self._release()

    async def __aenter__(self) -> None:
        await self._acquire(0)

    async def __aexit__(self, *exc: object) -> None:
        self._release()

    @property
    def waiting(self) -> int:
        """How many wait for a place now."""
        return sum(1 for *_, waiter in self._waiters if not waiter.done())

    async def _acquire(self, priority: int) -> None:
        if self._free > 0 and not self.waiting:
            self._free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (priority, next(self._order), waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release()  # the place was ours already: pass it on
            raise

    def _release(self) -> None:
        while self._waiters:
            *_, waiter = heapq.heappop(self._waiters)
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1
