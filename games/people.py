"""People and servers, as the bot needs them: each person's settings and open games, each server's defaults,
who is owed the note that a direct message to them was refused, and who is away or has quiet hours.

Away and quiet hours are looked at for every turn (its deadline, its ping, its timer), so the settings of
the few people who set them are kept in memory (`timing`): read at the start, changed here, and read
again at every housekeeping round, so that each process of a sharded bot sees another's change within
minutes. Being away has an allowance (`AWAY_MOST_DAYS` at a time, `AWAY_DAYS_A_YEAR` in any 365 days),
so that nobody leaves a seat to the computer for good: a seat a computer should keep is the host's
`/coal host replace`."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from storage import Game, PlayerSettings, Store

from .computers import is_computer
from .errors import GameError, Reason

DAY = 86400.0
AWAY_MOST_DAYS = 30  # the furthest date one can set oneself away until
AWAY_DAYS_A_YEAR = 60  # days away in any 365, the periods ended early counted as they were
YEAR = 365 * DAY


class AwayRefused(GameError):
    """An away date that is past, too far, or over the year's allowance."""


class People:
    """Settings and defaults, read and changed; the notes owed kept in memory (read at the start)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._settings = asyncio.Lock()
        # People owed the note that a direct message to them was refused: kept here, so that
        # the check after every command and click reads no database.
        self._owed: set[int] = set()
        # The settings of the people away, with quiet hours or a heads-up (see the module's docstring).
        self._timing: dict[int, PlayerSettings] = {}

    async def open(self) -> None:
        """Read who is owed a note, and who is away or has quiet hours (after a start)."""
        self._owed = set(await self.store.preferences.refused_untold())
        await self.refresh_timing()

    async def refresh_timing(self) -> None:
        """Read again who is away or has quiet hours (another process may have changed it)."""
        self._timing = {p.user_id: p for p in await self.store.preferences.timings()}

    def timing(self, user_id: int | None) -> PlayerSettings | None:
        """A person's settings if they are away or have quiet hours or a heads-up; None otherwise (from memory)."""
        return self._timing.get(user_id) if user_id else None

    def timings_kept(self) -> tuple[PlayerSettings, ...]:
        """Everyone's away dates, quiet hours and heads-up as kept in memory (to see whether they changed)."""
        return tuple(sorted(self._timing.values(), key=lambda p: p.user_id))

    def away_people(self) -> list[PlayerSettings]:
        """Everyone with an away date (past or not), from memory."""
        return [p for p in self._timing.values() if p.away_until is not None]

    def _remember_timing(self, settings: PlayerSettings) -> None:
        s = settings
        if s.away_until is not None or s.time_zone is not None or s.heads_up:
            self._timing[s.user_id] = s
        else:
            self._timing.pop(s.user_id, None)

    async def settings_of(self, user_ids: Iterable[int | None]) -> dict[int, PlayerSettings]:
        """These people's settings (computers and empty seats left out); defaults for whoever
        never changed one. Read at every post, so each process of a sharded bot sees a change at once."""
        people = [u for u in dict.fromkeys(user_ids) if u and not is_computer(u)]
        return await self.store.preferences.player_settings(people)

    async def change_settings(self, user_id: int, **changes: Any) -> PlayerSettings:
        """Change some of a person's settings (ping, reminder, images, language, dm_refused); the rest stay."""
        async with self._settings:  # two menus changed at once must not undo each other
            current = (await self.store.preferences.player_settings([user_id]))[user_id]
            wanted = replace(current, **changes)
            saved = wanted if wanted == current else await self.store.preferences.save_player_settings(wanted)
        if saved.dm_refused == "untold":
            self._owed.add(user_id)
        else:
            self._owed.discard(user_id)
        self._remember_timing(saved)
        return saved

    async def away_days_left(self, user_id: int, now: float) -> float:
        """Days of the year's allowance a person has left, the period they are in counted up to now."""
        used = 0.0
        for started, until, ended in await self.store.preferences.away_periods(user_id, now - YEAR):
            end = ended if ended is not None else min(until, now)
            used += max(0.0, end - max(started, now - YEAR))
        return AWAY_DAYS_A_YEAR - used / DAY

    async def set_away(self, user_id: int, until: float, now: float) -> PlayerSettings:
        """Set a person away until `until` (a new date replaces the one set); AwayRefused past the allowance."""
        if until <= now:
            raise AwayRefused(Reason.AWAY_PAST)
        if until - now > AWAY_MOST_DAYS * DAY + 3600:  # (an hour's grace: the date is a day's end)
            raise AwayRefused(Reason.AWAY_TOO_FAR, most=AWAY_MOST_DAYS)
        async with self._settings:
            left = await self.away_days_left(user_id, now)
            if (until - now) / DAY > left + 1 / 24:
                raise AwayRefused(Reason.AWAY_ALLOWANCE, most=AWAY_DAYS_A_YEAR, left=max(0, int(left)))
            current = (await self.store.preferences.player_settings([user_id]))[user_id]
            saved = await self.store.preferences.start_away(replace(current, away_until=until), now)
        self._remember_timing(saved)
        return saved

    async def end_away(self, user_id: int, now: float) -> PlayerSettings | None:
        """A person is back (they said so, or their date came); None if they were not away."""
        async with self._settings:
            ended = await self.store.preferences.end_away(user_id, now)
            current = (await self.store.preferences.player_settings([user_id]))[user_id]
        self._remember_timing(current)
        return current if ended else None

    def forgotten(self, user_id: int) -> None:
        """A person asked to be forgotten: no note is owed to them any more, and their away date and quiet
        hours are gone with their settings."""
        self._owed.discard(user_id)
        self._timing.pop(user_id, None)

    def owes_note(self, user_id: int) -> bool:
        """Whether a direct message to this person was refused and they have not been told yet
        (as this process knows: loaded at start, then kept by `change_settings`)."""
        return user_id in self._owed

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """The open games a person sits in (one server's, or every server's), the ones waiting for
        them first, then by deadline, then the newest."""
        games = await self.store.queries.games_of(user_id, guild_id)
        mine = [g for g in games if g.is_running and g.to_move_user == user_id]
        rest = [g for g in games if g not in mine]
        mine.sort(key=lambda g: (g.deadline is None, g.deadline or 0.0, -g.id))
        rest.sort(key=lambda g: (not g.is_running, -g.id))
        return mine + rest

    async def server_defaults(self, guild_id: int) -> dict[str, Any]:
        """The options this server's new games start from (`/coal host defaults`); {} when it set none."""
        return await self.store.preferences.server_defaults(guild_id)

    async def set_server_defaults(self, guild_id: int, options: dict[str, Any], by: int) -> dict[str, Any]:
        """Replace this server's defaults ({} removes them); who may is the bot's to check."""
        await self.store.preferences.save_server_defaults(guild_id, options, by)
        return options
