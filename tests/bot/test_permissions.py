"""/coal new checks the bot's permissions in the channel (issue 9, item 4): a missing one is named in
a private refusal and nothing is stored, since the game's turns could never be posted there."""

from __future__ import annotations

import discord
import pytest


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ({"attach_files": False}, "Attach Files"),
        ({"read_message_history": False, "send_messages": False}, "Send Messages, Read Message History"),
    ],
)
async def test_new_names_the_missing_permission_and_stores_nothing(world, denied, named):
    w = world
    bot_user = w.bot.user
    quiet = w.guild.create_text_channel("quiet", overwrites={bot_user: discord.PermissionOverwrite(**denied)})
    r = await w.alice.slash(quiet, "coal new", thread=False)
    assert r.ephemeral
    assert f"I need the {named} permission here" in r.response.content
    assert await w.bot.store.queries.latest_game(quiet.id) is None
    # where nothing is missing, the lobby opens as before
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    assert not r.ephemeral and "lobby" in r.response.content


async def test_in_a_thread_sending_in_threads_is_needed_too(world):
    w = world
    bot_user = w.bot.user
    channel = w.guild.create_text_channel(
        "threads", overwrites={bot_user: discord.PermissionOverwrite(send_messages_in_threads=False)}
    )
    started = await w.bot.get_channel(channel.id).create_thread(name="game", type=discord.ChannelType.public_thread)
    [thread] = [t for t in channel.threads if t.id == started.id]
    r = await w.alice.slash(thread, "coal new", thread=False)
    assert r.ephemeral and "Send Messages in Threads" in r.response.content
    assert await w.bot.store.queries.latest_game(thread.id) is None
