"""Rematch: the button under a finished game's final scores opens a new lobby in the same channel.

The same options and the same computers (at their levels); the person who pressed it is the host, the
only person seated: each other player is pinged once and takes their seat with Join (nobody is seated
without consent). Only a player of the finished game may press it; a channel that already has a new
lobby or game refuses it, as `/coal new` would.
"""

from __future__ import annotations

import discord
from discord.ui import Button, DynamicItem, View

from games.computers import computer_level, is_computer

from .context import client_of
from .i18n import _, in_channel
from .items import BLUE, GameButton, button_template
from .replies import log_event, refuse
from .words import computers as computer_words
from .words import refusals
from .words.lobby import lobby_message, rematch_opened
from .words.turns import REMATCH


def rematch_view(game_id: int, version: int) -> View:
    v = View(timeout=None)
    v.add_item(RematchButton(game_id, version))
    return v


class RematchButton(GameButton, DynamicItem[Button], template=button_template("rematch")):
    kind = "rematch"
    default_label = REMATCH
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        manager = bot.manager
        old = await manager.game_by_id(self.game_id)
        if old is None or old.status != "finished":
            await refuse(interaction, _(refusals.BUTTON_GONE))
            return
        user = interaction.user
        if old.seat_of_user(user.id) is None:
            await refuse(interaction, _(refusals.REMATCH_PLAYERS_ONLY))
            return
        options = {
            "timer": old.options.timer,
            "delivered": old.options.delivered,
            "absent": old.options.absent,
            "language": old.options.language,
        }
        channel = old.channel_id
        game = await manager.new_game(old.guild_id, channel, user.id, user.display_name, options)
        for seat in old.seats:
            if is_computer(seat.user_id):
                game, _seat = await manager.add_computer(
                    channel, user.id, computer_level(seat.user_id), computer_words.computer_name
                )
        people = [s.user_id for s in old.seats if not is_computer(s.user_id) and s.user_id != user.id]
        log_event(game, f"rematch of game {old.id} opened by user {user.id}")
        with in_channel(game):
            text = rematch_opened(user.id, people) + "\n" + lobby_message(game)
            await bot.publisher.lobby(interaction, game, text, pings=people)
