"""Post-game reviews worked out in the background, after a game ends: never ahead of a computer's move.

A review runs in a worker process of its own (`Workers("reviews", 1)`, started at the first review, in
the idle scheduling class), so the computers' processes never queue behind it and, on a machine with
fewer cores than busy processes, the kernel gives them the CPU first. It is cut into pieces — the race and
the count of decisions, then one decision at a time (`players.review.begin`, `judge_nth`), each stored as it
is judged (`storage.reviews`) — so a stop loses one decision at most and a start goes on where it stopped
(`resume`). Each decision gets `REVIEW_SECONDS` of CPU turned into look-aheads (`lookaheads_for`): the same
review on every machine. Once done, the review is posted in the game's channel (`bot.record.review`), once;
meanwhile the final scores' Review button says how far it is, a quarter at a time (`progress`).

Only the process that owns a game's server reviews it (shards, several processes on one PostgreSQL).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

import players.review as review
from bot.i18n import in_channel
from bot.lobby.rematch import rematch_view
from bot.service.workers import Workers
from bot.words import review as words
from games import Game
from storage.queries import record_of
from storage.reviews import StoredReview

if TYPE_CHECKING:
    from bot.service.client import CoalBot

Post = Callable[["CoalBot", Game, StoredReview], Awaitable[bool]]  # the review posted in the game's channel

log = logging.getLogger("coalbaron")

REVIEW_SECONDS = review.REVIEW_SECONDS


def lower_priority() -> None:
    """In the review's worker process: below the computers' processes and the bot's own — on Linux the idle
    scheduling class (it runs only on a core nothing else wants), elsewhere the lowest nice value."""
    try:
        if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        else:
            os.nice(19)
    except OSError:  # not allowed here: the separate process is the main protection anyway
        pass


class Reviewer:
    """The bot's post-game reviews: begun when a game ends, taken up again at a start, posted when done.
    `enabled` False (the tests' default, `tests/conftest.py`: a review is a minute of CPU) begins none."""

    enabled_by_default = True

    def __init__(self, bot: CoalBot, post: Post, seconds: float = REVIEW_SECONDS) -> None:
        self.bot = bot
        self.post = post  # `bot.record.review.post_review`
        self.seconds = seconds
        self.lookaheads = review.lookaheads_for(seconds)
        self.workers = Workers("reviews", 1, prepare=lower_priority)
        self._running: dict[int, asyncio.Task[None]] = {}
        self.enabled = self.enabled_by_default

    def game_over(self, game_id: int, final: tuple[int, int] | None = None) -> None:
        """Begin the review of a game that has just ended (a task; a second call for it does nothing);
        `final` is where its final scores are (channel, message), whose Review button counts up."""
        if not self.enabled:
            return
        task = self._running.get(game_id)
        if task is None or task.done():
            work = self._review(game_id, final)
            self._running[game_id] = asyncio.create_task(work, name=f"coalbaron-review-{game_id}")

    async def resume(self) -> int:
        """After a start: the reviews a stop cut short go on, and those done but not posted are posted."""
        if not self.enabled:
            return 0
        store = self.bot.manager.store
        ids = await store.reviews.unfinished() + await store.reviews.unposted()
        for game_id in dict.fromkeys(ids):
            self.game_over(game_id)
        return len(ids)

    async def idle(self) -> None:
        """Until every review begun has finished (tests, a clean stop)."""
        while any(not t.done() for t in self._running.values()):
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    def close(self) -> None:
        for task in self._running.values():
            task.cancel()
        self.workers.close()

    async def progress(self, game: Game, stored: StoredReview) -> None:
        """The final scores' Review button says how far the review is (a quarter at a time: four edits of
        one message a game, far within Discord's rate limits), or Review once it is done."""
        if stored.message is None:
            return
        channel_id, message_id = stored.message
        rematch = not await self.bot.manager.store.rematch_taken(game.id)
        with in_channel(game):
            label = "" if stored.done else words.button_at(stored.judged, stored.total)
            view = rematch_view(game.id, game.version, rematch=rematch, review=label)
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=view)
        except discord.HTTPException as err:  # a message gone or out of reach: the review goes on
            log.info("game %s: the final scores' Review not updated (%s)", game.id, err)

    async def _review(self, game_id: int, final: tuple[int, int] | None) -> None:
        try:
            await self._work(game_id, final)
        except asyncio.CancelledError:
            raise
        except Exception:  # the next start tries again; the game itself is not touched
            log.exception("game %s: the review failed", game_id)

    async def _work(self, game_id: int, final: tuple[int, int] | None) -> None:
        manager = self.bot.manager
        store = manager.store
        game = await manager.queries.load_game(game_id)
        if game is None or game.status != "finished" or not manager.games.owns(game.guild_id):
            return
        rows = await manager.queries.log(game.id)
        record = record_of(game, rows)
        stored = await store.reviews.get(game.id)
        if stored is None:
            race, total = await self.workers.run(review.begin, record)
            await store.reviews.start(game.id, total, race, final)
            stored = await store.reviews.get(game.id)
            log.info("game %s: review begun, %d decisions", game.id, total)
        assert stored is not None and game.seed is not None
        shown = -1  # the quarter the button last showed
        while not stored.done:
            quarter = stored.judged * 4 // max(1, stored.total)
            if quarter != shown:
                await self.progress(game, stored)
                shown = quarter
            position = stored.judged
            verdict = await self.workers.run(review.judge_nth, record, position, game.seed, self.lookaheads)
            after = await store.reviews.add_verdict(game.id, position, verdict)
            if after is None:
                return  # the game's data was purged meanwhile
            stored = after
        if shown >= 0:
            await self.progress(game, stored)  # done: the button is Review again
        if not stored.posted:
            if await self.post(self.bot, game, stored):
                await store.reviews.mark_posted(game.id)
                log.info("game %s: review posted", game.id)
