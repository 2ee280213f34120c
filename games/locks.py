"""Locks by key (a channel, a game) that exist only while someone holds or waits for them.

A process with a hundred thousand open games must not keep a lock for every game it ever served
(idle games nearly free): an entry counts the coroutines holding or waiting for its lock
and goes when the last one leaves, so a new request creates a fresh lock only when nobody can be
inside the old one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field


@dataclass
class _Entry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holding it or waiting for it


class KeyedLocks:
    """`async with locks.hold(key):` — one at a time per key; nothing kept for a key nobody uses."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, _Entry] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._entries[key]

    def __len__(self) -> int:
        return len(self._entries)

    async def drain(self) -> None:
        """Wait until everything holding a lock now has let it go."""
        for key in list(self._entries):
            async with self.hold(key):
                pass
