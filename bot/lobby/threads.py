"""A game in a thread of its own: `/coal new` in a text channel opens a public thread for the game.

The channel gets one line with a link to the thread; the lobby, the turns, their images and the
reminders all go to the thread, where spectators follow the game. The game's channel is the thread
(`games.channel_id` holds its id), so the commands of a game are typed in its thread, and a channel
may have several games at once, one per thread. `thread:false`, a game opened in a thread or a forum
post, or a channel where the bot may not open threads keeps the game where `/coal new` was typed;
in the last case the host is told why, privately.
"""

from __future__ import annotations

import logging
from typing import Literal

import discord

from bot.context import client_of, guild_of
from bot.i18n import in_channel, speaking
from bot.posting import game_messages
from bot.replies import log_event
from bot.words import lobby as lobby_words
from games import Game, GameError
from games.limits import Place

log = logging.getLogger("coalbaron")

# What opening a public thread and playing in it takes, by discord.py's attribute names.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
ARCHIVE_AFTER_MINUTES: Literal[10080] = 10080  # a week without a message (Discord's longest); a post reopens it


def may_open_thread(interaction: discord.Interaction) -> bool:
    """Whether `/coal new` here opens a thread: in a text channel (not a thread, a forum post or a voice chat)."""
    return isinstance(interaction.channel, discord.TextChannel)


def missing_thread_permissions(interaction: discord.Interaction) -> list[str]:
    have = interaction.app_permissions
    return [name for name in THREAD_PERMISSIONS if not getattr(have, name)]


async def open_in_thread(interaction: discord.Interaction, options: dict[str, str], lang: str) -> Game | None:
    """Open the game in a new public thread: the line in the channel (the interaction's answer, at
    once), the thread started from it, the game stored with the thread as its channel, the link
    added to the line, the lobby in the thread. None when Discord refuses the thread: the line is
    removed, nothing is stored, and the caller opens the game in the channel instead."""
    user = interaction.user
    manager = client_of(interaction).manager
    # a limit refuses before a thread exists; the place is held until the lobby is stored
    with manager.lobbies.holding(guild_of(interaction), user.id, lobby=True) as place:
        return await _open(interaction, options, lang, place)


async def _open(interaction: discord.Interaction, options: dict[str, str], lang: str, place: Place) -> Game | None:
    user = interaction.user
    with speaking(lang):  # the line and the thread's name, in the game's language
        await interaction.response.send_message(lobby_words.opened_in_thread(user.id, ""))
        name = lobby_words.thread_name(user.display_name)
    line = await interaction.original_response()
    try:
        thread = await line.create_thread(name=name, auto_archive_duration=ARCHIVE_AFTER_MINUTES)
    except discord.HTTPException as err:
        log.info("channel %s: no thread for a new game (%s)", interaction.channel_id, err)
        await _forget(interaction)
        return None
    try:
        game = await client_of(interaction).manager.lobbies.new_game(
            guild_of(interaction), thread.id, user.id, user.display_name, options, place=place
        )
    except GameError:
        await _remove(thread)
        await _forget(interaction)
        raise
    log_event(game, f"lobby opened by user {user.id} in a thread of channel {interaction.channel_id} ({options})")
    with in_channel(game):
        await interaction.edit_original_response(content=lobby_words.opened_in_thread(user.id, thread.mention))
        await game_messages.lobby_in(client_of(interaction), thread, game, lobby_words.lobby_message(game))
    return game


async def _forget(interaction: discord.Interaction) -> None:
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.warning("channel %s: the line of a game that did not open was left", interaction.channel_id)


async def _remove(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("thread %s of a game that could not be stored was left", thread.id)
