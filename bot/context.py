"""What the bot's handlers reach the client through: `client_of(interaction)`, typed as the Coal Baron bot.

`interaction.client` is typed as a plain `discord.Client`; `client_of` gives the type checker the bot's own
class (`bot.service.client.CoalBot`), whose parts a handler reaches by name (`bot.manager`,
`bot.publisher`, `bot.computers`...) without importing them. The bot imports every handler module, so a
handler imports the bot's class for its type only (`if TYPE_CHECKING:`): the one kind of circle the
import rule allows, since no module runs it (tests/test_imports.py; docs/architecture.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:
    from bot.service.client import CoalBot

# The client event that makes the turn timers look at the deadlines again (`bot.play.timers.Timers`).
TIMERS_CHANGED = "coal_timers_changed"


def client_of(interaction: discord.Interaction) -> CoalBot:
    """The bot an interaction came to (every interaction of this program comes to a `CoalBot`)."""
    return cast("CoalBot", interaction.client)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel (or thread) an interaction came from; 0 when Discord sent none (a game is never there)."""
    return interaction.channel_id or 0


def guild_of(interaction: discord.Interaction) -> int:
    """The server an interaction came from; 0 in a direct message."""
    return interaction.guild_id or 0
