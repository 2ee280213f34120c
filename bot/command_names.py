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

from bot.i18n import DEFAULT, language, locale_for, lookup

_CONTEXT = {
    Where.command_name: "command",
    Where.command_description: "command",
    Where.group_name: "command",
    Where.group_description: "command",
    Where.parameter_name: "option",
    Where.parameter_description: "option",
    Where.choice_name: "choice",
}

# Languages whose players type command and option names in ASCII: a Japanese name (`/coal 採掘`) needs the
# IME switched in the middle of a command, and Discord has open reports about localized names in
# command mentions and pasting. Their descriptions and choice labels are localized; names stay English.
ASCII_NAMES = frozenset({"ja"})
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})

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
    if lang == DEFAULT or msgctxt is None or (lang in ASCII_NAMES and where in NAMES):
        return None
    return lookup(lang, msgctxt, text)


def command_name(name: str) -> str:
    """A subcommand's name as the reader types it: "mine" is "estrazione" in Italian ("mine" in Japanese)."""
    lang = language()
    if lang == DEFAULT or lang in ASCII_NAMES:
        return name
    return lookup(lang, "command", name) or name


def option_name(name: str) -> str:
    """An option's name as the reader types it, in the language being spoken: "timer" is "temporizador"
    in Spanish, and stays "timer" in English and Japanese (ASCII names)."""
    lang = language()
    if lang == DEFAULT or lang in ASCII_NAMES:
        return name
    return lookup(lang, "option", name) or name


def choice_label(name: str) -> str:
    """A choice's label as the reader's Discord shows it ("24 ore" for the timer choice "24h")."""
    lang = language()
    return name if lang == DEFAULT else lookup(lang, "choice", name) or name
