"""Each server's defaults for new games: `/coal host defaults` sets them, `/coal new` starts from them.

An option given to `/coal new` wins; then the server's default; then the bot's own (`BUILT_IN`; the
language: the server's preferred locale). Members who may manage the server or its channels set them.
"""

from __future__ import annotations

from typing import Any, get_args

import discord
from pydantic import ValidationError

from bot.context import client_of, guild_of
from bot.i18n import _, language_from_option
from bot.replies import refuse
from bot.words import defaults as words
from bot.words import refusals
from games.seasons import KINDS
from storage import GameSettings

# `/coal new`'s own defaults. Not GameSettings' defaults: those read games stored before an option
# existed (their absent players got the bank), while a new game gets a computer for them.
BUILT_IN: dict[str, Any] = {
    "timer": "24h",
    "delivered": "own",
    "absent": "computer",
    "language": None,
    "thread": True,
    "season": "none",  # not a game's option: the server's ladder by season (games.seasons)
}
SEASON_CHOICES = ("none", *KINDS)


def may_set(interaction: discord.Interaction) -> bool:
    """Whether the member may manage the server or its channels as a whole: their roles' permissions,
    not the channel's (`interaction.permissions` counts the channel's overwrites, so Manage Channels
    on one room of their own would let them set the defaults of every channel)."""
    user = interaction.user
    if not isinstance(user, discord.Member) or not isinstance(interaction.guild, discord.Guild):
        return False
    permissions = user.guild_permissions
    return permissions.manage_guild or permissions.manage_channels


def _not_an_option(changes: dict[str, Any]) -> str | None:
    """The refusal of the first value outside its option's choices, as a game's settings read them."""
    if "season" in changes and changes["season"] not in SEASON_CHOICES:
        return refusals.not_a_choice(str(changes["season"]), "season", list(SEASON_CHOICES))
    checked = {k: v for k, v in changes.items() if k in GameSettings.model_fields}
    try:
        GameSettings.model_validate(checked)
    except ValidationError as err:
        field = str(err.errors()[0]["loc"][0])
        allowed = get_args(GameSettings.model_fields[field].annotation)
        return refusals.not_a_choice(str(checked[field]), field, [str(a) for a in allowed])
    return None


def in_order(options: dict[str, Any]) -> dict[str, Any]:
    """The options in the order `/coal new` lists them (the database keeps them sorted by name)."""
    return {k: options[k] for k in BUILT_IN if k in options}


async def for_new_game(interaction: discord.Interaction, given: dict[str, Any]) -> dict[str, Any]:
    """The options of a new game: each given one, else this server's default, else the bot's own."""
    stored = await client_of(interaction).manager.people.server_defaults(guild_of(interaction))
    return {k: given[k] if given.get(k) is not None else stored.get(k, BUILT_IN[k]) for k in BUILT_IN}


async def change(interaction: discord.Interaction, given: dict[str, Any], reset: bool) -> None:
    """/coal host defaults: show, change or forget this server's defaults (privately)."""
    manager = client_of(interaction).manager
    guild = guild_of(interaction)
    stored = await manager.people.server_defaults(guild)
    changes = {k: v for k, v in given.items() if v is not None}
    if not changes and not reset:
        await interaction.response.send_message(words.defaults_message(in_order(stored), BUILT_IN), ephemeral=True)
        return
    if not may_set(interaction):
        await refuse(interaction, _(words.NOT_ALLOWED))
        return
    problem = _not_an_option(changes)
    if problem:  # a value Discord offers none of (a forged interaction): it would break every /coal new
        await refuse(interaction, problem)
        return
    if "language" in changes:
        lang = language_from_option(str(changes["language"]))
        if lang is None:
            await refuse(interaction, refusals.unknown_language(str(changes["language"])))
            return
        changes["language"] = lang
    wanted = {} if reset else in_order(stored | changes)
    await manager.people.set_server_defaults(guild, wanted, interaction.user.id)
    text = words.defaults_message(wanted, BUILT_IN, saved=True)
    await interaction.response.send_message(text, ephemeral=True)
