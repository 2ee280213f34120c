"""`/coal host`: the host's and moderators' tools — computers in the lobby, a seat handed to a computer,
the end of a game, pause and resume, and this server's defaults for new games."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.command_options import (
    GAME_OPTION_CHOICES,
    GAME_OPTIONS,
    LEVEL_CHOICES,
    is_moderator,
    languages,
    people_at_the_table,
    seat_named,
)
from bot.context import channel_of, client_of
from bot.host import server_defaults
from bot.host.server_defaults import SEASON_CHOICES
from bot.i18n import in_channel
from bot.play import seats
from bot.posting import game_messages
from bot.replies import log_event, refuse
from bot.words import commands as describe
from bot.words import lobby as lobby_words
from bot.words import pause as pause_words
from bot.words import refusals
from bot.words.turns import whose_turn
from games.computers import LEVELS
from games.errors import NotSeated, Reason
from rules.errors import quote


class HostCommands(app_commands.Group):
    """/coal host — the host's and moderators' tools."""

    def __init__(self) -> None:
        super().__init__(name="host", description=describe.HOST)

    @app_commands.command(name="addbot", description=describe.ADDBOT)
    @app_commands.describe(level=describe.LEVEL)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        if level not in LEVELS:
            await refuse(interaction, refusals.not_a_choice(level, "level", LEVELS))
            return
        await seats.add(interaction, level)

    @app_commands.command(name="replace", description=describe.REPLACE)
    @app_commands.describe(player=describe.REPLACE_PLAYER, level=describe.LEVEL)
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.autocomplete(player=people_at_the_table)
    async def replace(self, interaction: discord.Interaction, player: str, level: str = "normal") -> None:
        if level not in LEVELS:
            await refuse(interaction, refusals.not_a_choice(level, "level", LEVELS))
            return
        game = await client_of(interaction).manager.games.game_in(channel_of(interaction))
        seat = seat_named(game, player)
        if seat is None:
            raise NotSeated(Reason.MEMBER_NOT_PLAYING, member=quote(player))
        await seats.replace(interaction, seat, level)

    @app_commands.command(name="abort", description=describe.ABORT)
    async def abort(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.lobbies.abort(channel_of(interaction), interaction.user.id, is_admin=is_admin)
        log_event(game, f"aborted by user {interaction.user.id}")
        bot.consoles.close_game(game.id)
        with in_channel(game):
            await interaction.response.send_message(lobby_words.ended(interaction.user.display_name))
        await bot.publisher.ended(game)  # its last message's buttons go

    @app_commands.command(name="pause", description=describe.PAUSE)
    async def pause(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.hosting.pause(channel_of(interaction), interaction.user.id, is_admin=is_admin)
        log_event(game, f"paused by user {interaction.user.id}")
        days = round(bot.pause_limit / 86400)
        with in_channel(game):
            await interaction.response.send_message(pause_words.paused(interaction.user.display_name, days))

    @app_commands.command(name="resume", description=describe.RESUME)
    async def resume(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.hosting.resume(channel_of(interaction), interaction.user.id, is_admin=is_admin)
        log_event(game, f"resumed by user {interaction.user.id}")
        with in_channel(game):
            text = pause_words.resumed(interaction.user.display_name) + "\n" + whose_turn(game)
        await game_messages.resumed(bot, interaction, game, text)  # pings as they chose to be told

    @app_commands.command(name="defaults", description=describe.DEFAULTS)
    @app_commands.describe(**GAME_OPTIONS, season=describe.DEFAULTS_SEASON, reset=describe.DEFAULTS_RESET)
    @app_commands.choices(**GAME_OPTION_CHOICES, season=[Choice(name=k, value=k) for k in SEASON_CHOICES])
    @app_commands.autocomplete(language=languages)
    async def defaults(
        self,
        interaction: discord.Interaction,
        timer: str | None = None,
        delivered: str | None = None,
        absent: str | None = None,
        language: str | None = None,
        thread: bool | None = None,
        season: str | None = None,
        reset: bool = False,
    ) -> None:
        given = {"timer": timer, "delivered": delivered, "absent": absent, "language": language, "thread": thread}
        given["season"] = season
        await server_defaults.change(interaction, given, reset)
