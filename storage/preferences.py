"""What people and servers chose, and the bot's own notes: each person's settings (`/coal settings`), each
server's defaults for new games (`/coal host defaults`), and notes such as the hash of the commands last synced."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .backend import Row, Tx
from .models import PlayerSettings
from .part import Part

SETTINGS_COLUMNS = (
    "user_id, ping, reminder, images, language, dm_refused, away_until, time_zone, quiet_from, quiet_to, heads_up"
)


def _settings(row: Row) -> PlayerSettings:
    user, ping, reminder, images, lang, refused, until, zone, quiet_from, quiet_to, heads_up = row
    return PlayerSettings(
        user, ping, bool(reminder), images, lang, refused, until, zone, quiet_from, quiet_to, bool(heads_up)
    )


async def _save(tx: Tx, s: PlayerSettings, now: float) -> None:
    await tx.execute(
        "INSERT INTO player_settings (user_id, ping, reminder, images, language, dm_refused, updated_at,"
        " away_until, time_zone, quiet_from, quiet_to, heads_up) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping, reminder = excluded.reminder,"
        " images = excluded.images, language = excluded.language, dm_refused = excluded.dm_refused,"
        " updated_at = excluded.updated_at, away_until = excluded.away_until, time_zone = excluded.time_zone,"
        " quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, heads_up = excluded.heads_up",
        (
            s.user_id,
            s.ping,
            int(s.reminder),
            s.images,
            s.language,
            s.dm_refused,
            now,
            s.away_until,
            s.time_zone,
            s.quiet_from,
            s.quiet_to,
            int(s.heads_up),
        ),
    )


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
                f"SELECT {SETTINGS_COLUMNS} FROM player_settings WHERE user_id IN ({marks})", tuple(found)
            )
        for row in rows:
            found[row[0]] = _settings(row)
        return found

    async def timings(self) -> list[PlayerSettings]:
        """The settings of everyone away or with quiet hours or a heads-up (what the timers and the posts
        look at for every turn, kept in memory by `games.people`)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                f"SELECT {SETTINGS_COLUMNS} FROM player_settings"
                " WHERE away_until IS NOT NULL OR time_zone IS NOT NULL OR heads_up <> 0",
                (),
            )
        return [_settings(row) for row in rows]

    async def refused_untold(self) -> list[int]:
        """The people a direct message to was refused who have not been told so yet."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT user_id FROM player_settings WHERE dm_refused = 'untold'", ())
        return [user for (user,) in rows]

    async def save_player_settings(self, settings: PlayerSettings) -> PlayerSettings:
        """Store a person's settings whole (a row made at their first change)."""
        async with self.backend.write() as tx:
            await _save(tx, settings, self.clock())
        return settings

    # --- away periods (the allowance) ------------------------------------------------------------

    async def start_away(self, settings: PlayerSettings, now: float) -> PlayerSettings:
        """Store a person away until `settings.away_until`, in one transaction: their settings, the end
        of the away period they were in (a new date replaces it), and the new period."""
        assert settings.away_until is not None
        async with self.backend.write() as tx:
            await tx.execute(
                "UPDATE away_periods SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL", (now, settings.user_id)
            )
            await tx.execute(
                "INSERT INTO away_periods (user_id, started_at, until) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, started_at) DO UPDATE SET until = excluded.until, ended_at = NULL",
                (settings.user_id, now, settings.away_until),
            )
            await _save(tx, settings, now)
        return settings

    async def end_away(self, user_id: int, now: float) -> bool:
        """A person is back (at the date, or earlier): their away date and the period end, in one transaction.
        False (nothing written) if they were not away: two processes ending it at once end it once."""
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE player_settings SET away_until = NULL, updated_at = ?"
                " WHERE user_id = ? AND away_until IS NOT NULL",
                (now, user_id),
            )
            if changed:
                await tx.execute(
                    "UPDATE away_periods SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL", (now, user_id)
                )
        return bool(changed)

    async def away_periods(self, user_id: int, since: float) -> list[tuple[float, float, float | None]]:
        """A person's away periods that ended after `since` or have not ended: (started, until, ended)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT started_at, until, ended_at FROM away_periods WHERE user_id = ?"
                " AND (ended_at IS NULL OR ended_at > ?) ORDER BY started_at",
                (user_id, since),
            )
        return [(float(s), float(u), None if e is None else float(e)) for s, u, e in rows]

    async def drop_away_periods(self, before: float) -> int:
        """Delete the away periods that ended before `before` (kept a year: PRIVACY.md); how many."""
        async with self.backend.write() as tx:
            return await tx.execute("DELETE FROM away_periods WHERE ended_at IS NOT NULL AND ended_at < ?", (before,))

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
