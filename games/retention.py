"""What the bot forgets by itself as time passes, and the comings and goings of servers (PRIVACY.md's
retention): who is being forgotten (`games.privacy` carries it out), posts made long ago, away periods a
year old, a server's data once the days after it removed the bot are over. The writes
`bot.service.housekeeping`'s rounds make, for the servers of this process."""

from __future__ import annotations

from collections.abc import Callable

from storage import Store


class Retention:
    """The housekeeping's writes, through the manager's store."""

    def __init__(self, store: Store, owns: Callable[[int], bool]) -> None:
        self.store = store
        self.owns = owns

    async def being_forgotten(self) -> list[int]:
        """The people whose request to be forgotten is not carried out to its end yet."""
        return await self.store.personal.forget_requests()

    async def purge_due(self, now: float) -> list[tuple[int, int]]:
        """Delete the data of every server of this process whose time has come: (server, games deleted)."""
        purged = []
        for guild in await self.store.personal.purges_due(now):
            if self.owns(guild):
                purged.append((guild, await self.store.personal.purge_guild(guild)))
        return purged

    async def drop_posted(self, before: float) -> int:
        """Forget the posts that reached their channel before `before`; how many."""
        return await self.store.outbox.drop_posted(before)

    async def drop_away_periods(self, before: float) -> None:
        """Forget the away periods that ended before `before`."""
        await self.store.preferences.drop_away_periods(before)

    async def drop_board_access(self, before: float) -> int:
        """Forget the web board's links and sessions that expired before `before`; how many."""
        return await self.store.web.drop_expired(before)

    async def guild_left(self, guild_id: int, purge_at: float) -> None:
        """The bot left a server: its data goes at `purge_at` unless it comes back."""
        await self.store.personal.guild_left(guild_id, purge_at)

    async def guild_back(self, guild_id: int) -> bool:
        """The bot is back in a server: its data stays. Whether a purge was waiting."""
        return self.owns(guild_id) and await self.store.personal.guild_back(guild_id)
