"""Keeps the sandbox's page true to the person at it: the simulated Discord's clock is the real one, a move is
shown as soon as it is posted, and what the bot posts on its own (a computer's reply, a timer's move) appears
when it is posted.

SimCord's page shows what the bot did once an action has *settled* (the bot idle), so a computer that starts
thinking after your move held your own move back until its reply was posted. Here the computers' movers are
started by the page keeper, outside SimCord's bookkeeping of the bot's work: your action settles when your move
is posted (with "🤖 … is thinking…"), and the keeper republishes the page when the reply is posted (that line
goes with it, `bot.posting.live_messages`). SimCord's clock stood at 2026-01-01 00:00 for ever (hint cooldowns, "less
than a minute", every deadline "tomorrow"); `RealClock` makes it the machine's.

This module reaches past SimCord's public API in five places, each named here: `simcord._clock.Clock` (the
backend's clock), `Env.backend.clock` and `Env.backend.subscribers` (what the simulated Discord emits),
`Env._operation_task` (whether a page action is under way) and the preview's `_publish_message_pages` (its
Refresh without waiting for the bot to be idle). SimCord is pinned (pyproject.toml).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import simcord
from simcord._clock import Clock

from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

# What the simulated Discord emits when the channel's history changes.
SHOWN_EVENTS = frozenset({"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"})
REFRESH_RETRY = 0.05  # seconds: a publication that met a page action is tried again after it
BURST = 0.05  # seconds the keeper waits after a change for the ones that come with it


class RealClock(Clock):
    """SimCord's clock following `now` (the machine's clock) from the instant it replaces the old one, which
    it continues: an id or a time made before stays earlier than every one made after."""

    def __init__(self, before: Clock, now: Callable[[], float] = time.time) -> None:
        self._now = now
        self._started = now()
        self._offset = before.elapsed
        self._epoch = max(datetime.fromtimestamp(self._started, UTC), before.now()) - timedelta(seconds=before.elapsed)

    @property
    def elapsed(self) -> float:
        return self._offset + (self._now() - self._started)

    @elapsed.setter
    def elapsed(self, value: float) -> None:
        self._offset = value - (self._now() - self._started)


def follow_real_time(env: simcord.Env, now: Callable[[], float] = time.time) -> None:
    """From now on the simulated Discord's clock (and so the bot's, `discord.utils.utcnow`) is the real one.
    Called after the sandbox's server is built: its ids come from the clock, and stay the same at every start."""
    env.backend.clock = RealClock(env.backend.clock, now)


class PageKeeper:
    """Starts the computers' movers outside SimCord's bookkeeping and republishes the page when the channel
    changes outside a page action (a computer's reply, a timer's move, a reminder)."""

    def __init__(self, env: simcord.Env, bot: CoalBot) -> None:
        self.env = env
        self.bot = bot
        self.preview: Any = None  # simcord's Preview, once the page is served
        self._due: asyncio.Queue[int] = asyncio.Queue()
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def attach(self) -> None:
        """The computers' movers are this keeper's to start; the channel's changes are watched."""
        self.bot.computers.starter = self._due.put_nowait
        self.env.backend.subscribers.append(self._emitted)

    def show(self, preview: Any) -> None:
        """Serve `preview`: start moving the computers and keeping the page up to date."""
        self.preview = preview
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._start_movers()), loop.create_task(self._refresh_when_changed())]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    def _emitted(self, event: str, payload: Mapping[str, Any]) -> None:
        # A change made while a page action is under way is shown by that action, once it settles (SimCord
        # publishes an action's page and ends the action with no await between: every change made before
        # the end is in that publication). So every post is shown, a computer's reply included, and nothing
        # else is published: a publication with nothing new only makes the page stale, and the preview
        # refuses a press made on a page older than the last publication ("Action was not completed"; the
        # page reads the channel every 0.5 s).
        if event in SHOWN_EVENTS and self.env._operation_task is None:
            self._changed.set()

    async def _start_movers(self) -> None:
        # started from this task, the mover is not the bot's work SimCord waits for before showing an action
        while True:
            self.bot.computers.start(await self._due.get())

    async def _refresh_when_changed(self) -> None:
        while True:
            await self._changed.wait()
            await asyncio.sleep(BURST)  # a reply's message and the edit of the one before: published once
            self._changed.clear()
            try:
                while not self._publish():  # a page action is under way: it publishes what it settles
                    await asyncio.sleep(REFRESH_RETRY)
            except Exception:  # the page's end, or a failing publication: the next change tries again
                log.exception("sandbox: the page could not be refreshed")

    def _publish(self) -> bool:
        """Publish every open page as the simulated Discord is now, unless a page action is under way (False).

        Not `Preview.refresh()`: that first waits for the bot to be idle while holding SimCord's operation, and
        a click arriving meanwhile was refused ("context-unavailable"). Checking and publishing here is one
        step with no await between, so no action can start in the middle."""
        if self.env._operation_task is not None:
            return False
        self.preview._advance_presentation_time()
        self.preview._publish_message_pages(reason="refresh")
        return True
