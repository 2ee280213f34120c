"""The lobby message's buttons (Join, Leave, Start) and the first message of a game."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Item, View

from games import Game
from rendering import render_turn

from .context import client_of
from .items import BLUE, GREEN, GREY, Handled, button_template, make_button
from .replies import log_event, pinging, stale
from .turns import game_for, send, turn_view
from .words import lobby, refusals, turns

WHAT = {"join": (lobby.JOIN, GREEN), "leave": (lobby.LEAVE, GREY), "start": (lobby.START, BLUE)}


def lobby_view(game: Game) -> View | None:
    if game.status != "lobby":
        return None
    v = View(timeout=None)
    for what in WHAT:
        v.add_item(LobbyButton(game.id, what))
    return v


class LobbyButton(Handled, DynamicItem[Button], template=button_template("lobby")):
    """Join, Leave or Start (the argument) under the lobby message."""

    def __init__(self, game_id: int, what: str) -> None:
        label, style = WHAT.get(what, (what, GREY))
        super().__init__(make_button("lobby", game_id, 0, what, label=label, style=style))
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["arg"])

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "lobby")
        if game is None:
            return
        if game.status != "lobby":
            await stale(interaction, refusals.LOBBY_CLOSED)
            return
        manager = client_of(interaction).manager
        channel, user = interaction.channel_id or 0, interaction.user
        if self.what == "join":
            game = await manager.join(channel, user.id, user.display_name)
        elif self.what == "leave":
            host_left = game.host_id == user.id
            game = await manager.leave(channel, user.id)
        else:
            game = await manager.start(channel, user.id)
        log_event(game, f"user {user.id} pressed {self.what} in the lobby")
        await interaction.response.edit_message(content=lobby.lobby_message(game), view=lobby_view(game))
        if self.what == "leave" and host_left and game.status == "lobby" and game.seats:
            await interaction.followup.send(lobby.new_host(game), allowed_mentions=pinging(game.host_id))
        if game.status == "active":
            await announce_start(interaction, game)


async def announce_start(interaction: discord.Interaction, game: Game) -> None:
    """The first message of a game: seats, the board, and the first draft pick."""
    file = await client_of(interaction).render(render_turn, game.state, None, filename="board.png")
    await send(interaction, None, turns.begins(game), file, turn_view(game), pings=(game.to_move_user,))
