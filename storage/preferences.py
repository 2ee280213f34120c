"""What people and servers chose, and the bot's own notes: each person's settings (`/coal settings`), each
server's defaults for new games (`/coal host defaults`), and notes such as the hash of the commands last synced."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .models import PlayerSettings
from .part import Part


class Preferences(Part):
    """The Store's settings, defaults and notes."""

    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """These people's settings; the defaults for whoever never changed one."""
        found = {u: PlayerSettings(u) for u in user_ids}
        if not user_ids:
            return found
        marks = ", ".join("?" * len(found))
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, ping, reminder, images, language, dm_refused FROM player_settings"
                f" WHERE user_id IN ({marks})",
                tuple(found),
            )
        for user, ping, reminder, images, lang, refused in rows:
            found[user] = PlayerSettings(user, ping, bool(reminder), images, lang, refused)
        return found

    async def refused_untold(self) -> list[int]:
        """The people a direct message to was refused who have not been told so yet."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT user_id FROM player_settings WHERE dm_refused = 'untold'", ())
        return [user for (user,) in rows]

    async def save_player_settings(self, settings: PlayerSettings) -> PlayerSettings:
        """Store a person's settings whole (a row made at their first change)."""
        s = settings
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO player_settings (user_id, ping, reminder, images, language, dm_refused, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping,"
                " reminder = excluded.reminder, images = excluded.images, language = excluded.language,"
                " dm_refused = excluded.dm_refused, updated_at = excluded.updated_at",
                (s.user_id, s.ping, int(s.reminder), s.images, s.language, s.dm_refused, self.clock()),
            )
        return s

    # --- each server's defaults (/coal host defaults) and the bot's own notes ------------------------

    async def server_defaults(self, guild_id: int) -> dict[str, object]:
        """The options this server's new games start from (set by `/coal host defaults`); {} for none."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT options FROM server_defaults WHERE guild_id = ?", (guild_id,))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def save_server_defaults(self, guild_id: int, options: dict[str, object], by: int) -> None:
        """Store a server's defaults whole; {} removes them."""
        async with self.backend.write() as tx:
            if not options:
                await tx.execute("DELETE FROM server_defaults WHERE guild_id = ?", (guild_id,))
                return
            await tx.execute(
                "INSERT INTO server_defaults (guild_id, options, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET options = excluded.options,"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, json.dumps(options, sort_keys=True), by, self.clock()),
            )

    async def note(self, key: str) -> str | None:
        """A note the bot keeps for itself (e.g. the hash of the command tree it last synced)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT value FROM bot_state WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def save_note(self, key: str, value: str) -> None:
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, self.clock()),
            )

    async def probe(self) -> None:
        """A write that changes nothing of value (the time of the last probe): the readiness check."""
        await self.save_note("health-probe", f"{self.clock():.3f}")
