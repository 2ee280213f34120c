"""What the bot keeps tidy by itself, at the start and every few minutes: people being forgotten, the data
of servers that removed the bot, posts made long ago and away periods a year old (PRIVACY.md's retention);
and people whose away date has come (`bot.me.away.come_back`), with everyone's away dates and quiet hours
read again in a sharded bot (another process may have changed them).

Each job is stored, not a sleeping task: a forget request (`forget_requests`), a server's departure with
the time its data goes (`guild_departures`), a post's time (`outbox.posted_at`). So a restart loses none,
and the process that owns a server's shard does its part (`GameManager.owns`). A game that ends while it
holds a person being forgotten wakes the job at once, so their name goes as soon as the game is over.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.context import TIMERS_CHANGED
from bot.me import away
from games import privacy
from storage import Brief

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

EVERY = 300.0  # seconds between two rounds
POSTED_KEPT = 7 * 86400.0  # seconds a post stays in the outbox once it is in its channel
DAY = 86400.0
AWAY_KEPT = 365 * DAY  # an away period is kept a year after it ended (the allowance looks back a year)


class Housekeeping:
    """A round now, then one every `EVERY` seconds, and one whenever it is woken (a timer and a task, never
    a task that waits: nothing of it is left waiting between rounds)."""

    def __init__(self, bot: CoalBot, purge_after_days: int) -> None:
        self.bot = bot
        self.purge_after = purge_after_days * DAY
        self._next: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._again = False  # woken during a round: another one right after it
        self._stopped = False
        self._forgetting: set[int] = set()  # people being forgotten, as the last round read them
        self._away_dropped = float("-inf")  # when away periods a year old were last forgotten

    def start(self) -> None:
        self._stopped = False
        self.wake()

    def stop(self) -> None:
        self._stopped = True
        if self._next is not None:
            self._next.cancel()
            self._next = None
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def wake(self) -> None:
        """A round now (or right after the one under way)."""
        if self._stopped:
            return
        if self._task is not None and not self._task.done():
            self._again = True
            return
        if self._next is not None:
            self._next.cancel()
            self._next = None
        self._task = asyncio.get_running_loop().create_task(self._round(), name="coalbaron-housekeeping")

    async def idle(self) -> None:
        """Wait for the round under way, if any (tests, shutdown)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait([self._task])

    def changed(self, brief: Brief) -> None:
        """A game was stored (the manager's listener): one that ended holding a person being forgotten
        wakes the round, which renames them in it."""
        if not brief.is_open and self._forgetting.intersection(brief.user_ids):
            self.wake()

    async def _round(self) -> None:
        try:
            await self.round()
        except Exception:
            log.exception("housekeeping failed; it runs again in %.0f s", EVERY)
        if self._stopped:
            return
        if self._again:
            self._again = False
            self._task = asyncio.get_running_loop().create_task(self._round(), name="coalbaron-housekeeping")
            return
        self._next = asyncio.get_running_loop().call_later(EVERY, self.wake)

    async def round(self) -> None:
        """One round: forget who asked, purge the servers whose time has come, drop posts made long ago."""
        manager = self.bot.manager
        retention = manager.retention
        forgetting = await retention.being_forgotten()
        self._forgetting = set(forgetting)
        for user in forgetting:
            done = await privacy.carry_out(manager.store, user, manager)
            if done.renamed or done.done:
                log.info("forgetting user %s: %s", user, done)
            if done.done:
                self._forgetting.discard(user)
        now = self.bot.clock()
        for guild, games in await retention.purge_due(now):
            log.info(
                "server %s removed the bot %.0f days ago: its data is deleted (%d games)",
                guild,
                self.purge_after / DAY,
                games,
            )
        dropped = await retention.drop_posted(now - POSTED_KEPT)
        if dropped:
            log.info("%d posts made more than %.0f days ago forgotten", dropped, POSTED_KEPT / DAY)
        await retention.drop_board_access(now)
        await self._away_and_quiet(now)

    async def _away_and_quiet(self, now: float) -> None:
        """Bring back whoever's away date has come; in a sharded bot, first read everyone's away dates and
        quiet hours again (another process may have changed them; one process alone changes them only
        through `games.people`, which keeps them); once a day, forget away periods that ended a year ago."""
        people = self.bot.manager.people
        if self.bot.manager.games.shards is not None:
            before = people.timings_kept()
            await people.refresh_timing()
            if people.timings_kept() != before:
                self.bot.dispatch(TIMERS_CHANGED)
        for person in people.away_people():
            if person.away_until is not None and person.away_until <= now and await away.come_back(self.bot, person):
                log.info("user %s is back from being away", person.user_id)
        if now - self._away_dropped >= DAY:
            self._away_dropped = now
            await self.bot.manager.retention.drop_away_periods(now - AWAY_KEPT)

    async def departed(self, guild_id: int) -> None:
        """The bot left (or was removed from) a server it owns: its games end, its data goes later."""
        manager = self.bot.manager
        if not manager.games.owns(guild_id):
            return
        ended = await manager.hosting.end_departed(guild_id)
        for game in ended:
            self.bot.consoles.close_game(game.id)
            self.bot.publisher.forget_game(game)
        await manager.retention.guild_left(guild_id, self.bot.clock() + self.purge_after)
        log.info(
            "removed from server %s: %d game(s) ended, its data goes in %.0f days",
            guild_id,
            len(ended),
            self.purge_after / DAY,
        )

    async def rejoined(self, guild_id: int) -> None:
        """The bot is back in a server: its data stays."""
        if await self.bot.manager.retention.guild_back(guild_id):
            log.info("back in server %s: its data is kept", guild_id)
