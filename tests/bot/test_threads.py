"""A thread per game (issue 15): `/coal new` in a text channel opens the game in a public thread;
the channel keeps one line with the link, everything else goes to the thread."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from .driver import custom_ids, stored
from .policy import play_to_the_end


def posts(channel) -> list:
    """The channel's messages, less Discord's own notice that a thread was started."""
    return [m for m in channel.history() if m.type is not discord.MessageType.thread_created]


@pytest.mark.slow
async def test_a_game_in_its_thread_from_new_to_final_scores_leaves_one_line_in_the_channel(world, monkeypatch):
    w = world
    r = await w.alice.slash(w.channel, "coal new", timer="none")
    assert not r.ephemeral
    [thread] = w.channel.threads
    assert thread.name == "Coal Baron · alice"
    [line] = posts(w.channel)
    assert line.content.startswith(f"<@{w.alice.id}> opened a game of Coal Baron") and thread.mention in line.content
    [lobby] = thread.history()
    assert "lobby" in lobby.content and any(c.startswith("coal:lobby:") for c in custom_ids(lobby))
    game = await stored(dataclasses.replace(w, channel=thread))
    assert game.channel_id == thread.id and game.status == "lobby"

    in_thread = dataclasses.replace(w, channel=thread)
    await play_to_the_end(in_thread, 2, 4, monkeypatch, lobby=lobby)
    game = await stored(in_thread)
    assert game.status == "finished"
    assert len(thread.history()) > 40  # the turns, their images, the scoring
    assert [m.id for m in posts(w.channel)] == [line.id]  # the channel: still only the line
    # the channel itself is free: another /coal new there opens a second game in a second thread
    r = await w.bob.slash(w.channel, "coal new")
    assert len(w.channel.threads) == 2


async def test_without_thread_permissions_the_game_stays_in_the_channel_and_the_host_is_told(world):
    w = world
    denied = {w.bot.user: discord.PermissionOverwrite(create_public_threads=False)}
    channel = w.guild.create_text_channel("no-threads", overwrites=denied)
    r = await w.alice.slash(channel, "coal new")
    assert not r.ephemeral and "lobby" in r.response.content  # the lobby, here
    assert channel.threads == []
    [note] = r.followups
    assert note.ephemeral and "Create Public Threads" in note.content and "played in this channel" in note.content
    game = await w.bot.store.queries.latest_game(channel.id)
    assert game is not None and game.status == "lobby"


async def test_a_game_opened_in_a_thread_stays_there(world):
    w = world
    started = await w.bot.get_channel(w.channel.id).create_thread(name="ours", type=discord.ChannelType.public_thread)
    [thread] = [t for t in w.channel.threads if t.id == started.id]
    r = await w.alice.slash(thread, "coal new")
    assert not r.ephemeral and "lobby" in r.response.content
    assert [t.id for t in w.channel.threads] == [thread.id]  # no thread in the thread
    assert (await w.bot.store.queries.latest_game(thread.id)) is not None
