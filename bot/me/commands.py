"""`/coal me`: what is yours, in every server — your settings, your data (see it, or have it forgotten),
being away, your quiet hours, and what happened in a game since your last move."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.me import away as away_and_quiet
from bot.me import catchup, privacy, settings
from bot.words import commands as describe


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

    @app_commands.command(name="away", description=describe.AWAY)
    @app_commands.describe(until=describe.AWAY_UNTIL)
    @app_commands.autocomplete(until=away_and_quiet.day_choices)
    async def away(self, interaction: discord.Interaction, until: app_commands.Range[str, 1, 40]) -> None:
        await away_and_quiet.set_away(interaction, until)

    @app_commands.command(name="quiet", description=describe.QUIET)
    @app_commands.describe(
        time_zone=describe.QUIET_ZONE,
        start=describe.QUIET_START,
        end=describe.QUIET_END,
        heads_up=describe.QUIET_HEADS_UP,
        off=describe.QUIET_OFF,
    )
    @app_commands.autocomplete(time_zone=away_and_quiet.zone_choices)
    async def quiet(
        self,
        interaction: discord.Interaction,
        time_zone: app_commands.Range[str, 1, 60] | None = None,
        start: app_commands.Range[str, 1, 10] | None = None,
        end: app_commands.Range[str, 1, 10] | None = None,
        heads_up: bool | None = None,
        off: bool = False,
    ) -> None:
        await away_and_quiet.set_quiet(interaction, time_zone, start, end, heads_up, off)

    @app_commands.command(name="catchup", description=describe.CATCHUP)
    async def catchup(self, interaction: discord.Interaction) -> None:
        await catchup.command(interaction)
