"""Rematch: the button under a finished game's final scores opens a new lobby in the same channel.

The same options and the same computers (at their levels); the person who pressed it is the host, the
only person seated: each other player is pinged once and takes their seat with Join (nobody is seated
without consent). Only a player of the finished game may press it, from the game's own channel; a
channel that already has a new lobby or game refuses it, as `/coal new` would. A finished game has one
rematch: once its lobby is open the button goes, and a press that still arrives is refused
(`GameManager.rematch`, which stores the lobby and its post in one transaction).
"""

from __future__ import annotations

import contextlib

import discord
from discord.ui import Button, DynamicItem, View

from bot.context import channel_of, client_of
from bot.i18n import in_channel
from bot.items import BLUE, GameButton, button_template
from bot.posting import game_messages
from bot.record.replay import replay_button
from bot.record.review import review_button
from bot.replies import log_event
from bot.words import computers as computer_words
from bot.words.lobby import lobby_message, rematch_opened
from bot.words.turns import REMATCH


def rematch_view(game_id: int, version: int, *, rematch: bool = True, review: str = "") -> View:
    """The buttons under a game's final scores: Rematch (until its lobby is open), Replay and Review (`review`:
    its label while the review is worked out, "Review — 40 %…")."""
    v = View(timeout=None)
    if rematch:
        v.add_item(RematchButton(game_id, version))
    v.add_item(replay_button(game_id, version))
    v.add_item(review_button(game_id, version, review))
    return v


class RematchButton(GameButton, DynamicItem[Button], template=button_template("rematch")):
    kind = "rematch"
    default_label = REMATCH
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        user = interaction.user
        game, people = await bot.manager.lobbies.rematch(
            self.game_id, channel_of(interaction), user.id, user.display_name, computer_words.computer_name
        )
        log_event(game, f"rematch of game {self.game_id} opened by user {user.id}")
        with in_channel(game):
            text = rematch_opened(user.id, people) + "\n" + lobby_message(game)
            await game_messages.lobby(bot, interaction, game, text, pings=people, stored_post=True)
        if interaction.message is not None:  # one rematch per game: its button goes (Replay stays)
            with contextlib.suppress(discord.HTTPException), in_channel(game):  # the channel's words, not the presser's
                await interaction.message.edit(view=rematch_view(self.game_id, self.version, rematch=False))
