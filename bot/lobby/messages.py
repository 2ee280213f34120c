"""A lobby's message: posted as the answer to the request that opened or changed the lobby, into a new
game's thread, or late (a rematch's lobby a crash kept from its channel), always with the lobby's buttons
and menu, which the lobby's previous message loses (`bot.posting.live_messages`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.utils import MISSING

from bot.context import channel_of
from bot.i18n import in_channel
from bot.lobby.buttons import lobby_view
from bot.posting.live_messages import LiveMessages
from bot.replies import pinging
from bot.words.lobby import lobby_message, rematch_opened
from games import Game
from storage import OutboxRow

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")


class LobbyMessages:
    """Posts the lobbies' messages and keeps which one is live."""

    def __init__(self, bot: CoalBot, live: LiveMessages) -> None:
        self.bot = bot
        self.live = live

    async def answer(
        self, interaction: discord.Interaction, game: Game, text: str, pings: tuple[int, ...] | list[int]
    ) -> None:
        """The lobby message answering `interaction` (raises Discord's refusal); a lobby that closed has none."""
        buttons = lobby_view(game) or MISSING
        mentions = pinging(*pings) if pings else MISSING
        if interaction.response.is_done():
            message = await interaction.followup.send(text, view=buttons, wait=True, allowed_mentions=mentions)
            shown = message.id
        else:
            answer = await interaction.response.send_message(text, view=buttons, allowed_mentions=mentions)
            shown = answer.message_id or 0
        if buttons is MISSING:  # the lobby closed (the last person left)
            await self.live.ended(game)
        elif shown:
            await self.live.now(game, channel_of(interaction), shown)

    async def post_in(self, channel: discord.abc.Messageable, game: Game, text: str) -> None:
        """The lobby message posted straight into `channel` (the thread of a new game)."""
        message = await channel.send(text, view=lobby_view(game) or MISSING)
        await self.live.now(game, message.channel.id, message.id)

    def changed(self, game: Game, interaction: discord.Interaction) -> None:
        """A lobby message edited in place by its own button or menu is the lobby's current one (a
        lobby that closed or started there lost its components by the same edit)."""
        if interaction.message is None:
            return
        if game.is_lobby:
            self.live.found(game, interaction.message.channel.id, interaction.message.id)
        else:
            self.live.forget(game)

    async def late(self, game: Game, row: OutboxRow) -> bool:
        """A rematch's lobby stored but not posted (a crash between the two): posted now with its pings,
        while it is still a lobby (a lobby started or closed meanwhile has nothing left to say)."""
        if not game.is_lobby:
            return True
        pings = [int(u) for u in row.payload.get("pings", [])]
        with in_channel(game):
            text = rematch_opened(game.host_id, pings) + "\n" + lobby_message(game)
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            message = await channel.send(text, view=lobby_view(game) or MISSING, allowed_mentions=pinging(*pings))
        except discord.HTTPException:
            log.exception("posting the lobby of game %s to channel %s failed", game.id, game.channel_id)
            return False
        await self.live.now(game, message.channel.id, message.id)
        log.info("game %s channel %s: posted its lobby late", game.id, game.channel_id)
        return True
