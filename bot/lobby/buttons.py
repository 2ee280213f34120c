"""The lobby message's buttons (Join, Leave, Start) and its computer menu."""

from __future__ import annotations

import discord
from discord.ui import Button, DynamicItem, Select, View

from bot.context import channel_of, client_of
from bot.i18n import _, in_channel
from bot.items import BLUE, GREEN, GREY, GameButton, GameMenu, button_template, chosen, make_menu, menu_template
from bot.lobby.reliability import finish_shares
from bot.posting import game_messages
from bot.replies import game_for, log_event, pinging, stale
from bot.words import computers as computer_words
from bot.words import lobby, refusals
from games import Game
from games.computers import LEVELS, computers
from rules.components import MAX_PLAYERS

WHAT = {"join": (lobby.JOIN, GREEN), "leave": (lobby.LEAVE, GREY), "start": (lobby.START, BLUE)}


def lobby_view(game: Game) -> View | None:
    if not game.is_lobby:
        return None
    v = View(timeout=None)
    for what in WHAT:
        v.add_item(LobbyButton(game.id, 0, what))
    options = computer_options(game)
    if options:
        menu = make_menu("bots", game.id, 0, options, _(computer_words.MENU_PLACEHOLDER), row=1)
        v.add_item(ComputerMenu(game.id, 0, menu))
    return v


def computer_options(game: Game) -> list[discord.SelectOption]:
    """The lobby's computer menu: add one of each level while a seat is free; remove each seated one."""
    options = []
    if len(game.seats) < MAX_PLAYERS:
        for level in LEVELS:
            label = _(computer_words.ADD_OPTION).format(level=computer_words.level_name(level))
            options.append(discord.SelectOption(label=label, value=f"add-{level}"))
    for seat in computers(game):
        label = _(computer_words.REMOVE_OPTION).format(player=seat.name)[:100]
        options.append(discord.SelectOption(label=label, value=f"remove-{seat.user_id}"))
    return options


class ComputerMenu(GameMenu, DynamicItem[Select], template=menu_template("bots")):
    """The lobby's computer menu: seat a computer of a level, or remove a seated one (host only)."""

    kind = "bots"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        game = await game_for(interaction, self.game_id, "lobby")
        if game is None:
            return
        if value is None:
            await stale(interaction, _(refusals.MENU_GONE))
            return
        manager = client_of(interaction).manager
        channel, user = channel_of(interaction), interaction.user
        what, _sep, arg = value.partition("-")
        if not (what == "add" and arg in LEVELS or what == "remove" and arg.isdigit()):
            await stale(interaction, _(refusals.MENU_GONE))
            return
        if what == "add":
            game, seat = await manager.lobbies.add_computer(channel, user.id, arg, computer_words.computer_name)
        else:
            game, seat = await manager.lobbies.remove_computer(channel, user.id, int(arg))
        log_event(game, f"user {user.id} chose {value} in the lobby's computer menu")
        with in_channel(game):
            line = computer_words.seated(seat.name) if what == "add" else computer_words.unseated(seat.name)
            await interaction.response.edit_message(content=lobby.lobby_message(game), view=lobby_view(game))
            game_messages.lobby_changed(client_of(interaction), game, interaction)
            await interaction.followup.send(line)


class LobbyButton(GameButton, DynamicItem[Button], template=button_template("lobby")):
    """Join, Leave or Start (the argument) under the lobby message."""

    kind = "lobby"

    def __init__(self, game_id: int, version: int, what: str, *, label: str = "") -> None:
        text, style = WHAT.get(what, (what, GREY))
        super().__init__(game_id, version, what, label=label or _(text), style=style)
        self.what = what

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "lobby")
        if game is None:
            return
        if not game.is_lobby:
            await stale(interaction, _(refusals.LOBBY_CLOSED))
            return
        if self.what not in WHAT:
            await stale(interaction, _(refusals.BUTTON_GONE))
            return
        manager = client_of(interaction).manager
        channel, user = channel_of(interaction), interaction.user
        if self.what == "join":
            game = await manager.lobbies.join(channel, user.id, user.display_name)
        elif self.what == "leave":
            host_left = game.host_id == user.id
            game = await manager.lobbies.leave(channel, user.id)
        else:
            game = await manager.lobbies.start(channel, user.id)
        log_event(game, f"user {user.id} pressed {self.what} in the lobby")
        shares = await finish_shares(client_of(interaction), game)
        with in_channel(game):
            await interaction.response.edit_message(content=lobby.lobby_message(game, shares), view=lobby_view(game))
            game_messages.lobby_changed(client_of(interaction), game, interaction)
            if self.what == "leave" and host_left and game.is_lobby and game.seats:
                await interaction.followup.send(lobby.new_host(game), allowed_mentions=pinging(game.host_id))
        if game.is_running:
            await game_messages.first_turn(client_of(interaction), interaction, game)
