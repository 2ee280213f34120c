"""Which message of each game carries its live buttons and menus: one at a time, the one before loses its own
(an older lobby or turn message can no longer act; a press that still arrives is refused). A message that ended
with "🤖 … is thinking…" loses that line in the same edit, once the computer's reply is posted."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import in_channel
from bot.words import turns
from games import Game
from games.computers import level_to_move

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")


class LiveMessages:
    """game -> (channel, message) of its live components, as this process posted or found them."""

    def __init__(self, bot: CoalBot) -> None:
        self.bot = bot
        self._shown: dict[int, tuple[int, int]] = {}
        self._settled: dict[int, str] = {}  # game -> its live message's words once it is no longer the newest

    async def now(self, game: Game, channel_id: int, message_id: int, *, settled: str | None = None) -> None:
        """`message_id` is the game's message with live components now: the one before loses its own.
        `settled`: this message's words once another follows (without its "is thinking…" line)."""
        before = self._shown.get(game.id)
        words = self._settled.pop(game.id, None)
        self._shown[game.id] = (channel_id, message_id)
        if settled is not None:
            self._settled[game.id] = settled
        if before is not None and before != (channel_id, message_id):
            await self._strip(*before, words)

    def found(self, game: Game, channel_id: int, message_id: int) -> None:
        """A message already in the channel (found there, or edited in place) is the game's live one."""
        self._shown[game.id] = (channel_id, message_id)
        self._settled.pop(game.id, None)

    def forget(self, game: Game) -> None:
        """The game has no message with live components (they went with the edit that closed it)."""
        self._shown.pop(game.id, None)
        self._settled.pop(game.id, None)

    async def ended(self, game: Game) -> None:
        """A game that ended (finished, aborted): its last message with components loses them."""
        before = self._shown.pop(game.id, None)
        words = self._settled.pop(game.id, None)
        if before is not None:
            await self._strip(*before, words)

    async def _strip(self, channel_id: int, message_id: int, words: str | None = None) -> None:
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await (message.edit(view=None) if words is None else message.edit(content=words, view=None))
        except discord.HTTPException as err:  # deleted, or the channel closed: nothing left to press anyway
            log.info("channel %s: the components of message %s stay (%s)", channel_id, message_id, err)


def settled_words(game: Game, posted: discord.Message) -> str | None:
    """A turn message's words once the computer it says is thinking has replied: without that line (None:
    a person is to move, the message stays as it is)."""
    if level_to_move(game) is None:
        return None
    with in_channel(game):
        line = turns.whose_turn(game)
    return posted.content.removesuffix(line).rstrip("\n") if line and posted.content.endswith(line) else None
