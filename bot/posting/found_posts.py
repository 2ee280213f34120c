"""Whether a game's latest turn is in its channel already: what a start checks before posting it again.

A turn's post is marked posted in the database by the commit that follows it (`storage.marks`), so a
process that dies in between leaves a turn pending that its channel already shows. Every message
that carries a game's live buttons or menus names the game and its version in their custom ids
(`bot.items`), and the bot posts such a message only once every turn up to that version is in the
channel (`bot.posting.publisher`). So the newest of the bot's messages there with live components of the
game tells up to which version its turns were posted.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from games import Game

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

LOOK_BACK = 100  # the channel's newest messages looked at: one request, Discord's most (beyond it, nonces)
_CUSTOM_ID = re.compile(r"coal(?:-menu)?:[a-z_]+:(?P<game>\d+):(?P<version>\d+)(?::|$)")


@dataclass(frozen=True, slots=True)
class Shown:
    """A message of the bot with live components of a game: its id, and the game version they carry."""

    message_id: int
    version: int


def versions(components: Iterable[Any], game_id: int) -> list[int]:
    """The versions of `game_id` that these components (rows, buttons, menus, containers) carry."""
    out: list[int] = []
    for item in components:
        found = _CUSTOM_ID.match(getattr(item, "custom_id", None) or "")
        if found and int(found["game"]) == game_id:
            out.append(int(found["version"]))
        out += versions(getattr(item, "children", ()) or (), game_id)
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            out += versions([accessory], game_id)
    return out


async def last_shown(bot: CoalBot, game: Game) -> Shown | None:
    """The newest of the bot's messages in the game's channel with live components of the game, or
    None (none among the last `LOOK_BACK`, or the channel cannot be read: then the turn is posted again,
    as it would have been before)."""
    channel = bot.get_partial_messageable(game.channel_id)
    me = bot.user.id if bot.user is not None else None
    try:
        async for message in channel.history(limit=LOOK_BACK):
            if message.author.id != me:
                continue
            found = versions(message.components, game.id)
            if found:
                return Shown(message.id, max(found))
    except discord.HTTPException as err:
        log.info("channel %s: its messages could not be read (%s)", game.channel_id, err)
    return None
