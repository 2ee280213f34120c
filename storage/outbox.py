"""The outbox: what is still to be posted to Discord, stored with the write it tells, marked once posted.

A turn's post is stored in the turn's own transaction (`Store.save_turn`), so a crash never loses it;
the bot posts it, then marks it posted (`posted_upto`). When a mark is committed is decided here and
only here: it rides on the next commit of any turn (`storage.marks`), so a busy bot's move costs one
commit; when the last post under way ends (`posting`) it is committed at once; a mark made outside a
post is committed alone within `FLUSH_SECONDS` unless a turn takes it first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

from .errors import StaleState
from .marks import FLUSH_SECONDS, PostedMarks
from .models import Game, OutboxRow, Post
from .part import Part, Shared
from .rows import OUTBOX_COLUMNS, add_posts, outbox_row

log = logging.getLogger("coalbaron")


class Outbox(Part):
    """The Store's outbox: pending posts, their marks, their failures."""

    def __init__(self, shared: Shared) -> None:
        super().__init__(shared)
        self._marks = PostedMarks()  # posts that reached Discord, committed with the next turn (storage.marks)
        self._flush: asyncio.TimerHandle | None = None
        self._flushing: asyncio.Task[None] | None = None
        self._posting = 0  # posts under way (`posting`): their marks wait for the last of them to end

    def marks_to_commit(self) -> dict[int, int]:
        """The marks waiting, for a turn's transaction to carry (`marks_back` if it fails)."""
        return self._marks.take()

    def marks_back(self, marks: dict[int, int]) -> None:
        """Marks whose transaction failed: they wait for the next one."""
        self._marks.put_back(marks)

    async def close(self) -> None:
        """Before the database closes: what reached Discord is stored as posted (if the database cannot take
        it now, those turns stay pending and the next start finds them in their channel)."""
        if self._flushing is not None:
            await asyncio.gather(self._flushing, return_exceptions=True)
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        with contextlib.suppress(Exception):
            await self.flush_marks()

    async def add_posts(self, game: Game, posts: Sequence[Post]) -> None:
        """Store posts on their own (for a write that is not a turn, start or abort)."""
        async with self.backend.write() as tx:
            await add_posts(tx, game.id, game.version, posts, self.clock())

    async def pending_posts(
        self,
        game_id: int | None = None,
        *,
        max_attempts: int | None = None,
        limit: int | None = None,
        before: int | None = None,
    ) -> list[OutboxRow]:
        """Posts not yet marked posted, oldest first (of one game, or all of them after a restart).

        `max_attempts` leaves out posts that failed that many times already; `before` keeps only a
        game's posts stored before that version (not read at all when this process knows they were
        all posted). Posts marked with `posted_upto` count as posted at once, committed or not.
        """
        if game_id is not None and before is not None and self._marks.clean_before(game_id, before):
            return []
        sql = f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE posted_at IS NULL"
        params: list[Any] = []
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if max_attempts is not None:
            sql += " AND attempts < ?"
            params.append(max_attempts)
        if before is not None:
            sql += " AND seq < ?"
            params.append(before)
        sql += " ORDER BY id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        async with self.backend.read() as tx:
            rows = await tx.fetch(sql, params)
        return [post for post in map(outbox_row, rows) if not self._marks.hides(post)]

    def posted_upto(self, game_id: int, seq: int) -> None:
        """Every post of `game_id` up to version `seq` reached Discord: `pending_posts` leaves them out from
        now on, and the mark is committed with the next turn this store saves, of any game, or when the last
        post under way ends (`posting`), or alone within `FLUSH_SECONDS`."""
        self._marks.add(game_id, seq)
        if not self._posting:
            self.flush_soon()

    @contextlib.asynccontextmanager
    async def posting(self) -> AsyncIterator[None]:
        """A post under way: the marks it makes wait for a turn's commit while other posts are under way,
        and are committed when the last of them ends (a failing database keeps them waiting, tried again
        within `FLUSH_SECONDS`)."""
        self._posting += 1
        try:
            yield
        finally:
            self._posting -= 1
            if self._posting:
                self.flush_soon()
            else:
                try:
                    await self.flush_marks()
                except Exception as err:
                    log.warning("marking posts as posted failed (%s: %s); trying again soon", type(err).__name__, err)
                    self.flush_soon()

    def flush_soon(self) -> None:
        """Commit the marks waiting within `storage.marks.FLUSH_SECONDS`, unless a turn takes them first."""
        if len(self._marks) and self._flush is None and self._flushing is None and self._shared.backend_or_none:
            self._flush = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self._flush_now)

    def _flush_now(self) -> None:
        self._flush = None
        self._flushing = asyncio.create_task(self._flush_marks_later(), name="coalbaron-outbox-marks")

    async def _flush_marks_later(self) -> None:
        try:
            await self.flush_marks()
        except Exception as err:  # the database is out of reach: the marks wait, and are tried again
            log.warning("marking posts as posted failed (%s: %s); trying again", type(err).__name__, err)
        finally:
            self._flushing = None
            if len(self._marks) and self._flush is None and self._shared.backend_or_none:
                self._flush = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self._flush_now)

    async def flush_marks(self) -> int:
        """Commit the posted marks still waiting for a turn to ride on; how many games they cover."""
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        marks = self._marks.take()
        if not marks:
            return 0
        try:
            await self.backend.transaction([PostedMarks.statement(marks, self.clock())])
        except BaseException:
            self._marks.put_back(marks)
            raise
        return len(marks)

    async def note_parts(self, game_id: int, seq: int, parts: int) -> None:
        """The first `parts` messages of the game's post at version `seq` (a move whose shift was scored, told
        in several messages) are in the channel: committed at once, not with the next turn (`posted_upto`),
        so that a restart posts only the rest, even of a message that carries nothing it could find."""
        async with self.backend.write() as tx:
            await tx.execute(
                "UPDATE outbox SET parts = ? WHERE game_id = ? AND seq = ? AND posted_at IS NULL AND parts < ?",
                (parts, game_id, seq, parts),
            )

    async def drop_pending_posts(self, game_id: int) -> int:
        """Forget the posts of a game that will never be made (its channel is gone); how many."""
        self._marks.forget(game_id)
        async with self.backend.write() as tx:
            return await tx.execute("DELETE FROM outbox WHERE game_id = ? AND posted_at IS NULL", (game_id,))

    async def note_failed_post(self, post: OutboxRow | int, error: str) -> int:
        """Record a failed attempt to post (the post stays pending); the number of attempts so far."""
        post_id = post if isinstance(post, int) else post.id
        if not isinstance(post, int):
            self._marks.forget(post.game_id)
        async with self.backend.write() as tx:
            rows = await tx.fetch(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ? RETURNING attempts",
                (error[:500], post_id),
            )
        if not rows:
            raise StaleState(f"There is no post {post_id} in the outbox.")
        return int(rows[0][0])

    async def drop_posted(self, before: float) -> int:
        """Forget the posts made before `before` (unix seconds): what was posted is in the channel and the
        turn in the log, so a made post is kept only a while (PRIVACY.md); how many went."""
        async with self.backend.write() as tx:
            return await tx.execute("DELETE FROM outbox WHERE posted_at IS NOT NULL AND posted_at < ?", (before,))

    async def pending_summary(self) -> tuple[int, float]:
        """How many posts wait to be made, and when the oldest was stored (0.0: none)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT count(*), min(created_at) FROM outbox WHERE posted_at IS NULL", ())
        count, oldest = rows[0]
        return int(count), float(oldest or 0.0)
