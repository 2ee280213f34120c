"""The outbox as the bot's publisher sees it: the posts of this process's games still to be made, and the
marks of those made (`storage.outbox` keeps them; `storage.marks` says when a mark is committed)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from storage import Game, OutboxRow, Store

log = logging.getLogger("coalbaron")

TURN_POST = "turn"  # the outbox kind of a turn still to be posted (payload: its events as JSON)
LOBBY_POST = "lobby"  # the outbox kind of a rematch's lobby still to be posted (payload: who it pings)
NOT_POSTED = "turn_message_not_posted"  # the cause kept with a failed post (Discord refused or was out of reach)


class Posts:
    """Pending posts of the servers this process owns, and what was posted."""

    def __init__(self, store: Store, owns: Callable[[int], bool], sharded: bool) -> None:
        self.store = store
        self.owns = owns
        self.sharded = sharded

    async def unposted(self, game_id: int | None = None, *, before: int | None = None) -> list[OutboxRow]:
        """Turns stored but not yet posted (all this process's games' after a restart), oldest first;
        `before`: only a game's turns before that version (no read when all are known posted)."""
        rows = await self.store.outbox.pending_posts(game_id, before=before)
        if not self.sharded or game_id is not None:
            return rows
        owned: dict[int, bool] = {}
        for row in rows:
            if row.game_id not in owned:
                game = await self.store.queries.load_game(row.game_id)
                owned[row.game_id] = game is not None and self.owns(game.guild_id)
        return [row for row in rows if owned[row.game_id]]

    def posted(self, game: Game, version: int | None = None) -> None:
        """Every post of `game` up to its current version (or `version`) reached the channel (when the mark
        is committed is the store's to decide: `storage.outbox`)."""
        self.store.outbox.posted_upto(game.id, game.version if version is None else version)

    def posting(self) -> contextlib.AbstractAsyncContextManager[None]:
        """`async with posts.posting():` around a post under way (`Outbox.posting`)."""
        return self.store.outbox.posting()

    async def parts_posted(self, game: Game, version: int, parts: int) -> None:
        """The first `parts` messages of the post of `game`'s turn at `version` reached the channel (a move
        and then its shift's scoring: `Store.note_parts`), committed now."""
        await self.store.outbox.note_parts(game.id, version, parts)

    async def failed(self, row: OutboxRow, error: str) -> int:
        """A post that did not reach Discord stays pending; the number of failed attempts so far."""
        return await self.store.outbox.note_failed_post(row, error)
