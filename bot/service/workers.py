"""Worker processes for the bot's heavy work (computers thinking, images drawn), off the event loop.

A `Workers` is a `ProcessPoolExecutor` of spawned children (a clean interpreter, not a fork of
the bot with its threads) that exit when the bot dies, even when it is killed
(`games.computers.watch_parent`). The loop never waits on a process future itself: a small
thread pool does, so the event loop sees an ordinary thread wait. A pool whose worker died
(killed, out of memory) is replaced once per call.

At most one piece of work per process is handed to the pool; the rest wait in a `Gate`, the more
urgent first (a computer's move, priority `MOVE`, before a hint, `HINT`), so a move never waits
behind more than the one hint each process may be busy with.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from games.computers import watch_parent
from storage.gate import Gate

log = logging.getLogger("coalbaron")

T = TypeVar("T")

MOVE = 0  # a computer's move: a game waits for it
HINT = 1  # a hint: one person waits, privately


def _in_process(pool: ProcessPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
    """Run `fn(*args)` in a worker process and wait for it (in a waiting thread, not the loop)."""
    return pool.submit(fn, *args).result()


def _start_worker(prepare: Callable[[], object] | None) -> None:
    watch_parent()
    if prepare is not None:
        prepare()


class Workers:
    """`processes` worker processes named `name` (for the logs), started at the first call.

    `prepare` runs once in each worker as it starts (e.g. loading fonts), so the first piece
    of work does not pay for it. `fn` and its arguments must pickle (module-level functions).
    """

    def __init__(self, name: str, processes: int, prepare: Callable[[], object] | None = None, queued: int = 1) -> None:
        self.name = name
        self.processes = max(1, processes)
        self.prepare = prepare
        # Pieces of work handed to each process at once: 1 keeps the order of priority exact (a
        # computer's move before a hint); more keep a process busy between pieces (the next ones are
        # already in its queue while it hands back the last, and while the event loop, busy with a
        # burst, has not yet handed over more: images drawn in a burst).
        self.queued = max(1, queued)
        self._pool: ProcessPoolExecutor | None = None
        self._waiters: ThreadPoolExecutor | None = None
        self._gate = Gate(self.processes * self.queued)  # the rest wait here, by priority
        self._closed = False

    @property
    def waiting(self) -> int:
        """Calls waiting for a free process (the metrics' worker queue depth)."""
        return self._gate.waiting

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = MOVE) -> T:
        """`fn(*args)` in a worker process; the event loop stays free while it runs. Work waits for a
        free process in order of `priority` (lower first), then in the order it came."""
        async with self._gate.turn(priority):
            return await self._run(fn, *args)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool, waiters = self._pools()
            try:
                return await loop.run_in_executor(waiters, _in_process, pool, fn, *args)
            except BrokenProcessPool:
                log.error("the %s process pool broke (attempt %d); starting a new one", self.name, attempt)
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _pools(self) -> tuple[ProcessPoolExecutor, ThreadPoolExecutor]:
        if self._closed:
            raise RuntimeError(f"the {self.name} workers are shut down")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.prepare,),
            )
        if self._waiters is None:
            self._waiters = ThreadPoolExecutor(
                max_workers=self.processes * self.queued, thread_name_prefix=f"coalbaron-{self.name}"
            )
        return self._pool, self._waiters

    def close(self) -> None:
        """Stop the workers; work in progress is dropped (its caller gets an error)."""
        self._closed = True
        pool, self._pool = self._pool, None
        waiters, self._waiters = self._waiters, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        if waiters is not None:
            waiters.shutdown(wait=False, cancel_futures=True)
