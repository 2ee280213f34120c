"""What several `/coal` commands share: their options (a game's, a level, a seat at the table, a language)
with their choices and autocomplete, and who counts as a moderator."""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord
from discord.app_commands import Choice

from games import Game
from games.computers import LEVELS, people
from storage import TIMER_SECONDS, SeatRow

from .context import client_of
from .i18n import SUPPORTED, language_name, locale_for
from .words import commands as describe

MAX_CHOICES = 25  # Discord's limit for autocomplete


def is_moderator(interaction: discord.Interaction) -> bool:
    """May manage the channel: may abort, pause and resume any game in it, like its host."""
    return bool(interaction.permissions and interaction.permissions.manage_channels)


LEVEL_CHOICES = [Choice(name=level, value=level) for level in LEVELS]
ABSENT_CHOICES = ("computer", "bank")
# A game's options, as `/coal new` and `/coal host defaults` both take them
GAME_OPTIONS = {
    "timer": describe.NEW_TIMER,
    "delivered": describe.NEW_DELIVERED,
    "absent": describe.NEW_ABSENT,
    "language": describe.NEW_LANGUAGE,
    "thread": describe.NEW_THREAD,
}
GAME_OPTION_CHOICES = {
    "timer": [Choice(name=t, value=t) for t in TIMER_SECONDS],
    "delivered": [Choice(name=describe.DELIVERED_OWN, value="own"), Choice(name=describe.DELIVERED_ALL, value="all")],
    "absent": [Choice(name=a, value=a) for a in ABSENT_CHOICES],
}


async def seats_at_the_table(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The seats of the channel's game (its latest), people and computers, by their names at the table."""
    game = await client_of(interaction).manager.latest(interaction.channel_id or 0)
    return seat_choices(game.seats if game is not None else (), current)


async def people_at_the_table(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The seats people hold in the channel's game, whether they are still in the server or not."""
    game = await client_of(interaction).manager.current(interaction.channel_id or 0)
    return seat_choices(people(game) if game is not None else (), current)


def seat_choices(seats: Iterable[SeatRow], typed: str) -> list[Choice]:
    typed = typed.strip().casefold()
    return [Choice(name=s.name[:100], value=s.name) for s in seats if typed in s.name.casefold()][:MAX_CHOICES]


def seat_named(game: Game, text: str) -> SeatRow | None:
    """The seat a player option names: a name at the table (any case), or a mention of its person."""
    text = text.strip()
    mentioned = re.fullmatch(r"<@!?(\d+)>", text)
    if mentioned:
        return game.seat_of_user(int(mentioned[1]))
    return next((s for s in game.seats if s.name.casefold() == text.casefold()), None)


async def languages(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The languages the bot speaks, each named in itself ("italiano", "日本語"), matching what is typed."""
    typed = current.strip().casefold()
    shown = [Choice(name=f"{language_name(lang)} ({lang})", value=lang) for lang in SUPPORTED]
    return [c for c in shown if typed in c.name.casefold()] or shown


def server_language(interaction: discord.Interaction) -> str:
    """The language a new game takes by default: the server's preferred locale (Server Settings,
    Community), when the bot speaks it; English otherwise."""
    guild = interaction.guild
    return locale_for(guild.preferred_locale if guild is not None else interaction.guild_locale)
