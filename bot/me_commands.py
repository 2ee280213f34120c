"""`/coal me`: what is yours, in every server — your settings, and your data (see it, or have it forgotten)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from . import privacy, settings
from .words import commands as describe


class MeCommands(app_commands.Group):
    """/coal me — your own settings and data, privately."""

    def __init__(self) -> None:
        super().__init__(name="me", description=describe.ME)

    @app_commands.command(name="settings", description=describe.SETTINGS)
    @app_commands.describe(
        ping=describe.SETTINGS_PING, reminder=describe.SETTINGS_REMINDER, images=describe.SETTINGS_IMAGES
    )
    @app_commands.choices(
        ping=[
            Choice(name=describe.PING_MENTION, value="mention"),
            Choice(name=describe.PING_DM, value="dm"),
            Choice(name=describe.PING_NONE, value="none"),
        ],
        images=[
            Choice(name=describe.IMAGES_EVERY, value="every"),
            Choice(name=describe.IMAGES_MINE, value="mine"),
            Choice(name=describe.IMAGES_ASK, value="ask"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        ping: str | None = None,
        reminder: bool | None = None,
        images: str | None = None,
    ) -> None:
        await settings.show(interaction, ping=ping, reminder=reminder, images=images)

    @app_commands.command(name="privacy", description=describe.PRIVACY)
    async def privacy(self, interaction: discord.Interaction) -> None:
        await privacy.show(interaction)
