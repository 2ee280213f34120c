"""The server ladders at work: a finished game rated when it ends, and those a crash or an old version left
unrated rated at the start (`games.ratings` computes a game's changes, `storage.ladders` keeps them)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from storage import FinishedResult, Game, RatingChange, RatingRow, Store

from . import ratings
from .seasons import season_of

log = logging.getLogger("coalbaron")


class Ladders:
    """Rates finished games, one at a time (a person may finish two at once), for the servers this process owns."""

    def __init__(self, store: Store, owns: Callable[[int], bool]) -> None:
        self.store = store
        self.owns = owns
        self._rating = asyncio.Lock()

    async def rate_finished(self) -> int:
        """Rate every finished game (of this process's servers) that has no rating changes yet,
        oldest first: games finished before the ladders existed, or whose rating a crash cut off.
        The number of games rated."""
        rated = 0
        for result in await self.store.ladders.unrated_results():
            if self.owns(result.guild_id) and await self._rate(result):
                rated += 1
        return rated

    async def rate_game(self, game: Game) -> None:
        """Rate a game just finished; a failure is logged, and the next start rates it."""
        results = tuple((s.user_id, s.vp or 0) for s in game.seats)
        try:
            await self._rate(FinishedResult(game.id, game.guild_id, game.updated_at, results))
        except Exception:
            log.exception("game %s: rating failed; it is rated at the next start", game.id)

    async def _rate(self, result: FinishedResult) -> bool:
        async with self._rating:
            leaving = await self.store.personal.forgetting_in(
                result.game_id
            )  # they asked to be forgotten before it ended
            users = [user for user, _ in ratings.people(result, leaving)]
            changes = ratings.rate(result, await self.store.ladders.ratings(result.guild_id, users), leaving)
            kind = (await self.store.preferences.server_defaults(result.guild_id)).get("season")
            season = season_of(str(kind) if kind else None, result.finished_at)
            season_changes: list[RatingChange] = []
            if season is not None:  # the season's own ladder, from its games alone
                before = await self.store.ladders.season_ratings(result.guild_id, season, users)
                season_changes = ratings.rate(result, before, leaving)
            return await self.store.ladders.save_ratings(result.guild_id, changes, season, season_changes)

    async def season_board(
        self, guild_id: int, season: str, user_id: int, limit: int = 10
    ) -> tuple[list[RatingRow], tuple[int, int] | None]:
        """A season's best rated people, and `user_id`'s place in it; None if unrated there."""
        ladders = self.store.ladders
        return await ladders.season_board(guild_id, season, limit), await ladders.season_rank(guild_id, season, user_id)

    async def board(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> tuple[list[RatingRow], tuple[int, int] | None]:
        """The server's best rated people, and `user_id`'s place (and how many are rated); None if unrated."""
        return await self.store.ladders.leaderboard(guild_id, limit), await self.store.ladders.rank(guild_id, user_id)

    async def rating_of(self, guild_id: int, user_id: int) -> tuple[RatingRow | None, list[RatingChange]]:
        """A person's rating in the server, and its latest changes (newest first)."""
        current = (await self.store.ladders.ratings(guild_id, [user_id])).get(user_id)
        return current, await self.store.ladders.rating_history(guild_id, user_id)
