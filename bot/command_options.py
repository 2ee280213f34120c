"""What several `/coal` commands share: their options (a game's, a level, a seat at the table, a language)
with their choices and autocomplete, and who counts as a moderator."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

import discord
from discord.app_commands import Choice

from bot.context import channel_of, client_of
from bot.i18n import SUPPORTED, language_name, locale_for
from bot.words import commands as describe
from games import Game
from games.computers import LEVELS, people
from storage import TIMER_SECONDS, SeatRow

MAX_CHOICES = 25  # Discord's limit for autocomplete
T = TypeVar("T")


def best_first(items: Iterable[T], typed: str, value: Callable[[T], str], name: Callable[[T], str]) -> list[T]:
    """The items that match what is typed, best first — every autocomplete's order: an exact match (the
    value or the name, any case: `6` is space 6, not the factory tile that costs 6 marks), then those whose
    value or name begins with it, then those with a word that begins with it, then those that contain it;
    within each, in the order given. Nothing typed: all of them, in order."""
    typed = typed.strip().casefold()
    if not typed:
        return list(items)
    tiers: list[list[T]] = [[], [], [], []]
    for item in items:
        v, n = value(item).casefold(), name(item).casefold()
        if typed in (v, n):
            tiers[0].append(item)
        elif v.startswith(typed) or n.startswith(typed):
            tiers[1].append(item)
        elif any(word.startswith(typed) for word in re.split(r"[\s/_:(),.—-]+", n)):
            tiers[2].append(item)
        elif typed in n or typed in v:
            tiers[3].append(item)
    return [item for tier in tiers for item in tier]


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
    game = await client_of(interaction).manager.games.latest(channel_of(interaction))
    return seat_choices(game.seats if game is not None else (), current)


async def people_at_the_table(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The seats people hold in the channel's game, whether they are still in the server or not."""
    game = await client_of(interaction).manager.games.current(channel_of(interaction))
    return seat_choices(people(game) if game is not None else (), current)


def seat_choices(seats: Iterable[SeatRow], typed: str) -> list[Choice]:
    named = [Choice(name=s.name[:100], value=s.name) for s in seats]
    return best_first(named, typed, lambda c: str(c.value), lambda c: c.name)[:MAX_CHOICES]


def seat_named(game: Game, text: str) -> SeatRow | None:
    """The seat a player option names: a name at the table (any case), or a mention of its person."""
    text = text.strip()
    mentioned = re.fullmatch(r"<@!?(\d+)>", text)
    if mentioned:
        return game.seat_of_user(int(mentioned[1]))
    return next((s for s in game.seats if s.name.casefold() == text.casefold()), None)


async def languages(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The languages the bot speaks, each named in itself ("italiano", "日本語"), matching what is typed."""
    shown = [Choice(name=f"{language_name(lang)} ({lang})", value=lang) for lang in SUPPORTED]
    return best_first(shown, current, lambda c: str(c.value), lambda c: c.name) or shown


def server_language(interaction: discord.Interaction) -> str:
    """The language a new game takes by default: the server's preferred locale (Server Settings,
    Community), when the bot speaks it; English otherwise."""
    guild = interaction.guild
    return locale_for(guild.preferred_locale if guild is not None else interaction.guild_locale)
