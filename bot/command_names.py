"""Slash commands in the user's Discord language: a discord.py `app_commands.Translator` that reads
command, option and choice names and descriptions from the catalogues.

The catalogue entries are keyed by the English text the command tree already has (msgctxt "command"
for command and group names and descriptions, "option" for option names and descriptions, "choice"
for choice names), so the commands need no change; the bot installs it once at start:

    await tree.set_translator(CommandTranslator())
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from .i18n import DEFAULT, locale_for, lookup

_CONTEXT = {
    Where.command_name: "command",
    Where.command_description: "command",
    Where.group_name: "command",
    Where.group_description: "command",
    Where.parameter_name: "option",
    Where.parameter_description: "option",
    Where.choice_name: "choice",
}

# The Discord locales the bot localizes commands for (en-US and en-GB take the English tree as it is).
LOCALES: tuple[discord.Locale, ...] = tuple(loc for loc in discord.Locale if locale_for(loc) != DEFAULT)


class CommandTranslator(app_commands.Translator):
    """Localizes the command tree for every Discord locale of a language the bot speaks."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return localize(string.message, locale, context.location)


def localize(text: str, locale: discord.Locale, where: Where) -> str | None:
    """The localized form of one name or description, or None to keep the English one."""
    lang = locale_for(locale)
    msgctxt = _CONTEXT.get(where)
    if lang == DEFAULT or msgctxt is None:
        return None
    return lookup(lang, msgctxt, text)
