"""`/coal league`: open a league in this channel, sign up and withdraw, start it, its standings, cancel it.

Opening, starting and cancelling are for members who may manage the server or its channels (as the
server's defaults are); anyone signs up and withdraws. A league lives in a text channel: its tables are
public threads of that channel. Its games take the options `/coal new` takes (with the server's defaults),
a turn timer always, so that every round ends.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.command_options import GAME_OPTION_CHOICES, GAME_OPTIONS, languages, server_language
from bot.context import channel_of, client_of, guild_of
from bot.host import server_defaults
from bot.i18n import _, language_from_option, speaking
from bot.league.announcement import announcement_text
from bot.league.signup import announcement_view, join, leave, log_league
from bot.league.standings import standings_message
from bot.lobby.permissions import missing_permissions
from bot.replies import refuse
from bot.words import commands as describe
from bot.words import league as words
from bot.words import refusals
from games.errors import Reason
from games.leagues import MOST_PLAYERS, MOST_ROUNDS, LeagueError

FORMATS = [
    Choice(name=describe.LEAGUE_SWISS, value="swiss"),
    Choice(name=describe.LEAGUE_ROUND_ROBIN, value="round_robin"),
]
SIZES = [Choice(name=str(n), value=str(n)) for n in (2, 3, 4)]  # one value type for every choice of the command


def _may_run(interaction: discord.Interaction) -> None:
    if not server_defaults.may_set(interaction):
        raise LeagueError(Reason.LEAGUE_HOSTS_ONLY)


class LeagueCommands(app_commands.Group):
    """/coal league — a server's tournaments."""

    def __init__(self) -> None:
        super().__init__(name="league", description=describe.LEAGUE)

    @app_commands.command(name="new", description=describe.LEAGUE_NEW)
    @app_commands.describe(
        format=describe.LEAGUE_FORMAT,
        rounds=describe.LEAGUE_ROUNDS,
        table_size=describe.LEAGUE_TABLE_SIZE,
        signup_hours=describe.LEAGUE_SIGNUP_HOURS,
        max_players=describe.LEAGUE_MAX_PLAYERS,
        min_games=describe.LEAGUE_MIN_GAMES,
        min_reliability=describe.LEAGUE_MIN_RELIABILITY,
        **{k: v for k, v in GAME_OPTIONS.items() if k != "thread"},
    )
    @app_commands.choices(format=FORMATS, table_size=SIZES, **GAME_OPTION_CHOICES)
    @app_commands.autocomplete(language=languages)
    async def new(
        self,
        interaction: discord.Interaction,
        format: str = "swiss",
        rounds: app_commands.Range[int, 1, MOST_ROUNDS] = 3,
        table_size: str = "3",
        signup_hours: app_commands.Range[int, 1, 336] = 48,
        max_players: app_commands.Range[int, 2, MOST_PLAYERS] = 32,
        min_games: app_commands.Range[int, 0, 1000] = 0,
        min_reliability: app_commands.Range[int, 0, 100] = 0,
        timer: str | None = None,
        delivered: str | None = None,
        absent: str | None = None,
        language: str | None = None,
    ) -> None:
        _may_run(interaction)
        if not isinstance(interaction.channel, discord.TextChannel):
            raise LeagueError(Reason.LEAGUE_IN_THREAD)
        missing = missing_permissions(interaction)
        if missing:
            await refuse(interaction, refusals.missing_permissions(missing))
            return
        given = {"timer": timer, "delivered": delivered, "absent": absent, "language": language, "thread": None}
        chosen = await server_defaults.for_new_game(interaction, given)
        lang = language_from_option(chosen["language"]) if chosen["language"] else server_language(interaction)
        if lang is None:
            await refuse(interaction, refusals.unknown_language(language or ""))
            return
        options = {
            "timer": chosen["timer"],
            "delivered": chosen["delivered"],
            "absent": chosen["absent"],
            "language": lang,
        }
        bot = client_of(interaction)
        league = await bot.manager.leagues.open(
            guild_of(interaction),
            channel_of(interaction),
            interaction.user.id,
            format=format,
            rounds=rounds,
            table_size=int(table_size),
            options=options,
            signup_hours=signup_hours,
            max_players=max_players,
            min_games=min_games,
            min_reliability=min_reliability / 100,
        )
        view = await bot.manager.leagues.view(league.id)
        log_league(view, f"opened by user {interaction.user.id} ({format}, {rounds}, tables of {table_size})")
        with speaking(lang):
            text = announcement_text(view)
            buttons = announcement_view(view)
        await interaction.response.send_message(
            text, view=buttons or discord.utils.MISSING, allowed_mentions=discord.AllowedMentions.none()
        )
        message = await interaction.original_response()
        await bot.store.leagues.set_message(league.id, message.id)
        bot.leagues.watch_signup(league.id, league.signup_until)

    @app_commands.command(name="join", description=describe.LEAGUE_JOIN)
    async def join(self, interaction: discord.Interaction) -> None:
        view = await client_of(interaction).manager.leagues.in_channel(channel_of(interaction))
        await join(interaction, view.league.id)

    @app_commands.command(name="leave", description=describe.LEAGUE_LEAVE)
    async def leave(self, interaction: discord.Interaction) -> None:
        view = await client_of(interaction).manager.leagues.in_channel(channel_of(interaction))
        await leave(interaction, view.league.id)

    @app_commands.command(name="start", description=describe.LEAGUE_START)
    async def start(self, interaction: discord.Interaction) -> None:
        _may_run(interaction)
        bot = client_of(interaction)
        view = await bot.manager.leagues.in_channel(channel_of(interaction))
        if view.league.status != "signup":
            raise LeagueError(Reason.LEAGUE_SIGNUP_CLOSED)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await bot.leagues.begin(view.league.id)
        said = words.STARTED if view.league.status == "running" else words.DID_NOT_START
        await interaction.followup.send(_(said).format(league=view.league.id), ephemeral=True)

    @app_commands.command(name="standings", description=describe.LEAGUE_STANDINGS)
    async def standings(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        view = await bot.manager.leagues.in_channel(channel_of(interaction), latest=True)
        if view.league.status == "signup" or (view.league.status == "cancelled" and not view.tables):
            raise LeagueError(Reason.LEAGUE_NOT_STARTED)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, file = await standings_message(bot, view, final=view.league.status == "finished")
        await interaction.followup.send(
            text[:2000],
            file=file or discord.utils.MISSING,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="cancel", description=describe.LEAGUE_CANCEL)
    async def cancel(self, interaction: discord.Interaction) -> None:
        _may_run(interaction)
        bot = client_of(interaction)
        view = await bot.manager.leagues.in_channel(channel_of(interaction))
        view = await bot.manager.leagues.cancel(view.league.id)
        log_league(view, f"cancelled by user {interaction.user.id}")
        await interaction.response.send_message(_(words.ENDED).format(league=view.league.id), ephemeral=True)
        await bot.leagues.refresh_announcement(view)
