"""Limits against abuse (issue 15): open lobbies per server, games per person, lobbies opened per
hour, and a lobby nobody starts closes itself. Each refusal is private and stores nothing."""

from __future__ import annotations

import pytest

from games.limits import Limits
from storage import Brief

from .driver import assert_refused, forge_component, live_ids, lobby_button

HOUR = 3600.0


async def test_a_server_has_at_most_n_lobbies_waiting(world):
    w = world
    w.bot.manager.games.limits = Limits(lobbies_per_server=2)  # as LOBBIES_PER_SERVER=2 in .env sets it
    first, second, third = (w.guild.create_text_channel(f"coal-{k}") for k in range(3))
    assert not (await w.alice.slash(first, "coal new", thread=False)).ephemeral
    assert not (await w.bob.slash(second, "coal new", thread=False)).ephemeral
    r = await w.carol.slash(third, "coal new")
    await assert_refused(w, r, "Lobbies of this server waiting for their start: 2, the most there may be.")
    assert await w.bot.store.queries.latest_game(third.id) is None and third.threads == []  # no game, no thread
    # once a lobby starts, there is room again
    lobby = first.last_message
    await w.dave.click(lobby, custom_id=lobby_button(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert not (await w.carol.slash(third, "coal new", thread=False)).ephemeral


async def test_a_person_sits_in_at_most_m_games_and_cannot_join_more(world):
    w = world
    w.bot.manager.games.limits = Limits(games_per_person=2)
    channels = [w.guild.create_text_channel(f"coal-{k}") for k in range(4)]
    for channel in channels[:2]:
        assert not (await w.alice.slash(channel, "coal new", thread=False)).ephemeral
    await assert_refused(
        w,
        await w.alice.slash(channels[2], "coal new", thread=False),
        "Games you sit in in this server: 2, the most there may be.",
    )
    assert await w.bot.store.queries.latest_game(channels[2].id) is None
    r = await w.bob.slash(channels[3], "coal new", thread=False)
    lobby = r.response.message
    before = await w.bot.store.queries.latest_game(channels[3].id)
    await assert_refused(
        w, await w.alice.click(lobby, custom_id=lobby_button(lobby, "join")), "Games you sit in in this server: 2"
    )
    assert await w.bot.store.queries.latest_game(channels[3].id) == before


async def test_opening_lobbies_is_limited_per_hour(world):
    w = world
    w.bot.manager.games.limits = Limits(new_per_hour=2)
    for _ in range(2):
        assert not (await w.alice.slash(w.channel, "coal new", thread=False)).ephemeral
        assert not (await w.alice.slash(w.channel, "coal host abort")).ephemeral
    await w.env.advance_time(HOUR / 2)
    text = await assert_refused(
        w, await w.alice.slash(w.channel, "coal new", thread=False), "Lobbies you opened within the hour: 2."
    )
    assert "30 min" in text, text  # the first one leaves the hour in half an hour
    assert (await w.bot.store.queries.latest_game(w.channel.id)).status == "aborted"
    # someone else may; and alice again once the hour has passed
    assert not (await w.bob.slash(w.channel, "coal new", thread=False)).ephemeral
    await w.bob.slash(w.channel, "coal host abort")
    await w.env.advance_time(HOUR / 2)
    assert not (await w.alice.slash(w.channel, "coal new", thread=False)).ephemeral


async def test_a_lobby_nobody_starts_closes_itself(world):
    w = world
    w.bot.limits = w.bot.manager.games.limits = Limits(lobby_days=1 / 24)  # an hour, as LOBBY_DAYS would in days
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    lobby = r.response.message
    join = lobby_button(lobby, "join")
    w.bot.timers.changed(Brief.of(await w.bot.manager.games.current(w.channel.id)))  # the timers look at the new limit
    await w.env.advance_time(HOUR - 60)
    assert (await w.bot.store.queries.latest_game(w.channel.id)).status == "lobby"
    await w.env.advance_time(120)
    assert (await w.bot.store.queries.latest_game(w.channel.id)).status == "aborted"
    assert w.channel.last_message.content.startswith("This Coal Baron lobby closed itself: nobody started it in 1 day.")
    assert live_ids(w, lobby) == []  # the closed lobby's buttons are gone (issue 24)
    r = await forge_component(w.bob, lobby, join)  # a client that still shows them
    assert r.ephemeral and "ended" in r.response.content


@pytest.mark.slow  # over a second
async def test_the_limits_hold_for_requests_made_at_once(world):
    """200 `/coal new` at once in one server (each would open a thread) make 10 lobbies, and one
    person's 20 at once make 5: checking a limit and holding the place is one step (issue 28)."""
    from bench.bot import emit_slash

    w = world
    w.bot.manager.games.limits = Limits(lobbies_per_server=10, games_per_person=5, new_per_hour=100)
    channels = [w.guild.create_text_channel(f"coal-{k}") for k in range(200)]
    people = [w.guild.add_member(w.env.create_user(f"p{k}")) for k in range(200)]
    for person, channel in zip(people, channels, strict=True):
        emit_slash(w.env, person, channel, "coal new")
    await w.env.settle()
    lobbies = [g for g in await w.bot.store.queries.open_games() if g.status == "lobby"]
    assert len(lobbies) == 10
    assert sum(len(c.threads) for c in channels) == 10  # no thread for a refused lobby
    w.bot.manager.games.limits = Limits(lobbies_per_server=100, games_per_person=5, new_per_hour=100)
    mine = [w.guild.create_text_channel(f"mine-{k}") for k in range(20)]
    for channel in mine:
        emit_slash(w.env, w.alice, channel, "coal new")
    await w.env.settle()
    hers = [g for g in await w.bot.store.queries.open_games() if g.host_id == w.alice.id]
    assert len(hers) == 5 and sum(len(c.threads) for c in mine) == 5
