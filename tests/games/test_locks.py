"""Locks by key that go when nobody uses them (issue 26): one holder at a time per key, always."""

from __future__ import annotations

import asyncio

import pytest

from games.locks import KeyedLocks


async def test_one_holder_per_key_and_nothing_kept_after():
    locks = KeyedLocks()
    inside: dict[str, int] = {"a": 0, "b": 0}
    most: dict[str, int] = {"a": 0, "b": 0}

    async def use(key: str) -> None:
        async with locks.hold(key):
            inside[key] += 1
            most[key] = max(most[key], inside[key])
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            inside[key] -= 1

    # many at once on two keys: each key one at a time (a waiter woken as the last holder leaves must
    # get the same lock, not a fresh one a newcomer made meanwhile), the keys side by side
    await asyncio.gather(*(use(k) for _ in range(20) for k in "ab"))
    assert most == {"a": 1, "b": 1}
    assert len(locks) == 0


async def test_a_cancelled_waiter_leaves_nothing_behind():
    locks = KeyedLocks()
    release = asyncio.Event()

    async def hold() -> None:
        async with locks.hold(7):
            await release.wait()

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(hold())
    await asyncio.sleep(0)
    assert len(locks) == 1
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    release.set()
    await holder
    assert len(locks) == 0


async def test_drain_waits_for_the_holders():
    locks = KeyedLocks()
    done: list[str] = []

    async def slow() -> None:
        async with locks.hold("x"):
            await asyncio.sleep(0.01)
            done.append("slow")

    task = asyncio.create_task(slow())
    await asyncio.sleep(0)
    await locks.drain()
    assert done == ["slow"] and len(locks) == 0
    await task
