"""People and servers, as the bot needs them: each person's settings and open games, each server's defaults,
and who is owed the note that a direct message to them was refused."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from storage import Game, PlayerSettings, Store

from .computers import is_computer


class People:
    """Settings and defaults, read and changed; the notes owed kept in memory (read at the start)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._settings = asyncio.Lock()
        # People owed the note that a direct message to them was refused: kept here, so that
        # the check after every command and click reads no database.
        self._owed: set[int] = set()

    async def open(self) -> None:
        """Read who is owed a note (after a start)."""
        self._owed = set(await self.store.refused_untold())

    async def settings_of(self, user_ids: Iterable[int | None]) -> dict[int, PlayerSettings]:
        """These people's settings (computers and empty seats left out); defaults for whoever
        never changed one. Read at every post, so each process of a sharded bot sees a change at once."""
        people = [u for u in dict.fromkeys(user_ids) if u and not is_computer(u)]
        return await self.store.player_settings(people)

    async def change_settings(self, user_id: int, **changes: Any) -> PlayerSettings:
        """Change some of a person's settings (ping, reminder, images, language, dm_refused); the rest stay."""
        async with self._settings:  # two menus changed at once must not undo each other
            current = (await self.store.player_settings([user_id]))[user_id]
            wanted = replace(current, **changes)
            saved = wanted if wanted == current else await self.store.save_player_settings(wanted)
        if saved.dm_refused == "untold":
            self._owed.add(user_id)
        else:
            self._owed.discard(user_id)
        return saved

    def forgotten(self, user_id: int) -> None:
        """A person asked to be forgotten: no note is owed to them any more (their settings are gone)."""
        self._owed.discard(user_id)

    def owes_note(self, user_id: int) -> bool:
        """Whether a direct message to this person was refused and they have not been told yet
        (as this process knows: loaded at start, then kept by `change_settings`)."""
        return user_id in self._owed

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """The open games a person sits in (one server's, or every server's), the ones waiting for
        them first, then by deadline, then the newest."""
        games = await self.store.games_of(user_id, guild_id)
        mine = [g for g in games if g.status == "active" and g.to_move_user == user_id]
        rest = [g for g in games if g not in mine]
        mine.sort(key=lambda g: (g.deadline is None, g.deadline or 0.0, -g.id))
        rest.sort(key=lambda g: (g.status != "active", -g.id))
        return mine + rest

    async def server_defaults(self, guild_id: int) -> dict[str, Any]:
        """The options this server's new games start from (`/coal host defaults`); {} when it set none."""
        return await self.store.server_defaults(guild_id)

    async def set_server_defaults(self, guild_id: int, options: dict[str, Any], by: int) -> dict[str, Any]:
        """Replace this server's defaults ({} removes them); who may is the bot's to check."""
        await self.store.save_server_defaults(guild_id, options, by)
        return options
