"""What a modified client could send and Discord's own client never does (issue 28): a value outside a
command's choices, an out-of-range number, a component id or menu value the bot never made. Each gets
its own private refusal, changes nothing, and logs no traceback."""

from __future__ import annotations

import logging

import pytest

from .driver import (
    actor,
    assert_refused,
    custom_ids,
    fast_forward,
    forge_component,
    forge_slash,
    lobby_button,
    open_lobby,
    start_game,
    stored,
)


@pytest.fixture
def no_tracebacks(caplog):
    caplog.set_level(logging.ERROR, logger="coalbaron")
    yield
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_slash_options_outside_their_choices(world, no_tracebacks):
    w = world
    r = await forge_slash(w.alice, w.channel, "coal me settings", ping="evil")
    await assert_refused(w, r, "`evil` is not a choice for ping: choose one of `mention`, `dm`, `none`.")
    assert (await w.bot.manager.people.settings_of([w.alice.id]))[w.alice.id].ping == "mention"
    r = await forge_slash(w.alice, w.channel, "coal me settings", images="all")
    await assert_refused(w, r, "`all` is not a choice for images")
    await open_lobby(w, 2)
    before = await stored(w)
    r = await forge_slash(w.alice, w.channel, "coal host addbot", level="genius")
    await assert_refused(w, r, "`genius` is not a choice for level", before=before)


async def test_numbers_out_of_range_are_the_rules_refusal(world, no_tracebacks):
    w = world
    await start_game(w, 2, seed=7)
    game = await stored(w)
    r = await forge_slash(actor(w, game), w.channel, "coal draft", card=0)
    await assert_refused(w, r, "I can't read `draft 0`: a number is out of range.", before=game)
    game = await fast_forward(w, 6)
    r = await forge_slash(actor(w, game), w.channel, "coal money", amount=7)
    await assert_refused(w, r, "3, 4, 5 or 6", before=game)


async def test_component_ids_and_values_the_bot_never_made(world, no_tracebacks):
    w = world
    lobby = await open_lobby(w, 2)
    game = await stored(w)
    start = lobby_button(lobby, "start")
    r = await forge_component(w.alice, lobby, start.replace(":start", ":evil"))
    await assert_refused(w, r, "That button is not in use any more.")
    assert (await stored(w)).status == "lobby"  # not started by an unknown argument
    r = await forge_component(w.alice, lobby, f"coal-menu:bots:{game.id}:0", ["add-genius"])
    await assert_refused(w, r, "That menu is not in use any more.", before=game)
    r = await forge_component(w.alice, lobby, f"coal-menu:bots:{game.id}:0", ["remove-x"])
    await assert_refused(w, r, "That menu is not in use any more.", before=game)
    await w.alice.click(lobby, custom_id=start)
    game = await stored(w)
    turn = w.channel.last_message
    draft = next(c for c in custom_ids(turn) if c.startswith("coal-menu:draft"))
    r = await forge_component(actor(w, game), turn, draft, ["abc"])
    await assert_refused(w, r, "That menu is not in use any more.", before=game)
    r = await forge_component(w.alice, turn, f"coal:giveback:{game.id}:{game.version}:abc")
    await assert_refused(w, r, "That button is not in use any more.", before=game)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal mine", steps=6)  # the private console
    console = r.response
    assert r.ephemeral and "Confirm" in str(console.components), console.content
    r = await forge_component(member, console, f"coal:mc:{game.id}:{game.version}:cage-99")
    await assert_refused(w, r, "That console button is not in use any more.", before=game)
    r = await forge_component(member, console, f"coal:mc:{game.id}:{game.version}:load-x")
    await assert_refused(w, r, "That console button is not in use any more.", before=game)


async def test_server_defaults_outside_their_choices_are_refused_and_not_stored(world, no_tracebacks):
    """A forged `/coal host defaults timer:5m` would make every `/coal new` of the server refused."""
    import discord

    w = world
    admins = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = w.guild.add_member(w.env.create_user("admin"), roles=[admins])
    r = await forge_slash(admin, w.channel, "coal host defaults", timer="5m")
    await assert_refused(w, r, "`5m` is not a choice for timer: choose one of `none`, `1h`, `12h`")
    r = await forge_slash(admin, w.channel, "coal host defaults", absent="nobody")
    await assert_refused(w, r, "`nobody` is not a choice for absent: choose one of `computer`, `bank`.")
    assert await w.bot.manager.people.server_defaults(w.guild.id) == {}
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    assert not r.ephemeral  # new games still open


async def test_a_forged_why_in_a_real_game_is_refused_without_a_think(world, no_tracebacks, monkeypatch):
    """Issue 71: Why? belongs to /coal learn games; pressed (forged) under a real game's turn it gave the
    expert's move at once, a full expert think a press, past /coal hint's cooldown."""
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    thinks = []
    original = w.bot.computers.workers.run

    async def counted(fn, *args, **kw):
        thinks.append(fn.__name__)
        return await original(fn, *args, **kw)

    monkeypatch.setattr(w.bot.computers.workers, "run", counted)
    turn = w.channel.last_message
    for _press in range(3):
        r = await forge_component(actor(w, game), turn, f"coal:why:{game.id}:{game.version}:")
        await assert_refused(w, r, "Why? answers in a `/coal learn` game only", "`/coal hint`", before=game)
    assert thinks == []


@pytest.mark.slow
async def test_hints_are_thought_once_per_position_however_often_they_are_asked(world, monkeypatch):
    """A learner pressing Why? twice (or twice at once) costs one think; the next position thinks again."""
    import asyncio

    from games.computers import EXPERT_SECONDS

    w = world
    w.bot.computers.expert_seconds = min(EXPERT_SECONDS, 0.2)
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    thinks = []
    original = w.bot.computers.workers.run

    async def counted(fn, *args, **kw):
        thinks.append(fn.__name__)
        return await original(fn, *args, **kw)

    monkeypatch.setattr(w.bot.computers.workers, "run", counted)
    name = game.seat_of_user(game.to_move_user).name
    first, second = await asyncio.gather(w.bot.computers.hints(game, name), w.bot.computers.hints(game, name))
    assert first == second == await w.bot.computers.hints(game, name) and thinks == ["advise"]
    game = await fast_forward(w, 1)
    await w.bot.computers.hints(game, game.seat_of_user(game.to_move_user).name)
    assert thinks == ["advise", "advise"]
