"""Pause and resume (issue 15) on the virtual clock: no moves and no turn timer while paused, the
full time after resuming, the end of a game paused too long, who may do it, and the refusals."""

from __future__ import annotations

import discord
import pytest

from bot.service.config import Settings

from .driver import actor, assert_refused, close_bot, fast_forward, restart, start_game, stored, virtual_clock

HOUR = 3600
DAY = 24 * HOUR


async def _paused_turn(w, **options):
    """A 2-player game past the draft with a 1-hour timer (absent: bank), paused by its host, alice."""
    await start_game(w, 2, seed=3, timer="1h", absent="bank", **options)
    game = await fast_forward(w, 6)
    r = await w.alice.slash(w.channel, "coal host pause")
    assert not r.ephemeral and "paused the game" in r.response.content
    return game


async def test_a_paused_game_takes_no_moves_and_its_timer_waits(world):
    w = world
    game = await _paused_turn(w)
    paused = await stored(w)
    assert paused.options.paused_at == virtual_clock() and paused.deadline is None
    await assert_refused(
        w, await actor(w, game).slash(w.channel, "coal bank"), "The game is paused", "/coal host resume", before=paused
    )
    await w.env.advance_time(10 * HOUR)  # ten times the turn's time: no reminder, no timer move
    assert await stored(w) == paused
    assert not any("your turn ends" in m.content or "Time ran out" in m.content for m in w.channel.history())


async def test_resuming_gives_the_player_to_move_the_full_time_again(world):
    w = world
    game = await _paused_turn(w)
    await w.env.advance_time(5 * HOUR)
    r = await w.alice.slash(w.channel, "coal host resume")
    assert not r.ephemeral and "resumed the game" in r.response.content
    assert f"<@{game.to_move_user}>, your turn" in r.response.content  # the player to move is pinged
    resumed = await stored(w)
    assert resumed.options.paused_at is None and resumed.deadline == virtual_clock() + HOUR
    await w.env.advance_time(HOUR - 1)
    assert (await stored(w)).version == game.version  # not yet
    await w.env.advance_time(1)
    assert (await stored(w)).version == game.version + 1  # the timer moves at the full hour
    r = await actor(w, await stored(w)).slash(w.channel, "coal bank")
    assert not r.ephemeral  # moves are taken again


@pytest.mark.slow  # over a second
async def test_a_game_paused_too_long_ends_without_a_result(world):
    """With PAUSE_LIMIT_DAYS=1 (`pause_limit`, 30 days by default: a month of virtual time would
    take SimCord minutes of gateway heartbeats to step through)."""
    w = world
    w.bot.pause_limit = DAY  # as create_bot(pause_limit=...) from PAUSE_LIMIT_DAYS=1 sets it
    game = await _paused_turn(w)
    assert "A game paused for 1 day ends without a result" in w.channel.last_message.content
    await w.env.advance_time(DAY - HOUR)
    assert (await stored(w)).status == "active"
    await w.env.advance_time(HOUR)
    ended = await w.bot.store.queries.latest_game(w.channel.id)
    assert ended.id == game.id and ended.status == "aborted"
    assert w.channel.last_message.content.startswith("⏹ This game was paused for 1 day and has ended")
    r = await w.alice.slash(w.channel, "coal new", thread=False)  # the channel is free again
    assert not r.ephemeral


@pytest.mark.slow  # over a second
async def test_a_pause_survives_a_restart_and_its_limit_still_counts(world, db_path):
    w = world
    w.bot.pause_limit = DAY
    game = await _paused_turn(w)
    new = await restart(w, db_path, downtime=HOUR, pause_limit=DAY)
    try:  # the restarted bot is this test's to close (the fixture closes the first one)
        assert (await stored(w)).options.paused_at is not None
        await w.env.advance_time(DAY - HOUR - 60)
        assert (await stored(w)).status == "active"
        await w.env.advance_time(60)
        ended = await w.bot.store.queries.latest_game(w.channel.id)
        assert ended.id == game.id and ended.status == "aborted"
    finally:
        await close_bot(new)


async def test_who_may_pause_and_resume_and_the_refusals(world):
    w = world
    await start_game(w, 2, seed=3, timer="1h", absent="bank")
    await fast_forward(w, 6)
    before = await stored(w)
    await assert_refused(w, await w.bob.slash(w.channel, "coal host pause"), "Only the host", before=before)
    await assert_refused(w, await w.alice.slash(w.channel, "coal host resume"), "The game is not paused", before=before)
    await assert_refused(w, await w.carol.slash(w.channel, "coal host resume"), "Only the host", before=before)
    r = await w.alice.slash(w.channel, "coal host pause")
    assert not r.ephemeral
    paused = await stored(w)
    await assert_refused(w, await w.alice.slash(w.channel, "coal host pause"), "The game is paused", before=paused)
    await assert_refused(w, await w.bob.slash(w.channel, "coal host resume"), "Only the host", before=paused)


async def test_a_moderator_may_pause_and_a_lobby_cannot_be_paused(world):
    w = world
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    lobby = await stored(w)
    await assert_refused(w, await w.alice.slash(w.channel, "coal host pause"), "has not started", before=lobby)
    await w.bob.click(r.response.message, label="Join")
    await w.alice.click(r.response.message, label="Start")
    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])  # not seated: a moderator
    r = await mod.slash(w.channel, "coal host pause")
    assert not r.ephemeral and (await stored(w)).options.paused_at is not None
    r = await mod.slash(w.channel, "coal host resume")
    assert not r.ephemeral and (await stored(w)).options.paused_at is None


def test_the_pause_limit_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("PAUSE_LIMIT_DAYS", "7")
    assert Settings.from_env().pause_limit_days == 7
    monkeypatch.setenv("PAUSE_LIMIT_DAYS", "a week")
    with pytest.raises(ValueError, match="PAUSE_LIMIT_DAYS must be a whole number, at least 1"):
        Settings.from_env()
