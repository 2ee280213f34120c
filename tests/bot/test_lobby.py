"""The lobby through Discord: new, join, leave, start, abort, and every refusal."""

from __future__ import annotations

import discord

from .driver import assert_refused, custom_ids, forge_component, live_ids, open_lobby, panel_text, stored


def lobby_button_of(ids: list[str], what: str) -> str:
    return next(c for c in ids if c.endswith(f":{what}"))


async def test_new_opens_a_lobby_with_buttons_and_the_options(world):
    w = world
    r = await w.alice.slash(w.channel, "coal new", thread=False, timer="12h", delivered="all")
    assert not r.ephemeral
    assert "1/4 seats; 12 hours per turn; delivered orders public" in r.response.content
    assert f"<@{w.alice.id}> (red)" in r.response.content
    game = await stored(w)
    assert game.status == "lobby" and game.host_id == w.alice.id
    assert (game.options.timer, game.options.delivered, game.options.absent) == ("12h", "all", "computer")
    buttons = [f"coal:lobby:{game.id}:0:{x}" for x in ("join", "leave", "start")]
    assert custom_ids(r.response) == [*buttons, f"coal-menu:bots:{game.id}:0"]  # and the computer menu


async def test_join_by_button_and_by_command_then_leave(world):
    w = world
    lobby = await open_lobby(w, players=2)
    r = await w.carol.slash(w.channel, "coal join")
    assert not r.ephemeral and f"<@{w.carol.id}> (green)" in r.response.content
    assert live_ids(w, lobby) == []  # the newer lobby message has the buttons now (issue 24)
    r = await w.bob.click(r.response, label="Leave")
    assert f"<@{w.bob.id}>" not in r.response.content
    game = await stored(w)
    assert [s.user_id for s in game.seats] == [w.alice.id, w.carol.id]
    r = await w.dave.slash(w.channel, "coal leave")
    await assert_refused(w, r, "You are not seated in this game.", before=game)


async def test_lobby_refusals_are_private_and_change_nothing(world):
    w = world
    lobby = await open_lobby(w, players=1)
    game = await stored(w)
    await assert_refused(w, await w.alice.click(lobby, label="Start"), "needs 2 to 4 players", before=game)
    await assert_refused(w, await w.alice.click(lobby, label="Join"), "You are already seated", before=game)
    for member in (w.bob, w.carol, w.dave):
        await member.click(lobby, label="Join")
    game = await stored(w)
    extra = w.guild.add_member(w.env.create_user("erin"))
    await assert_refused(w, await extra.click(lobby, label="Join"), "The game is full (4 players)", before=game)
    await assert_refused(w, await w.bob.click(lobby, label="Start"), "Only the host, alice, can start", before=game)
    await assert_refused(
        w,
        await w.bob.slash(w.channel, "coal new", thread=False),
        "This channel already has a lobby",
        before=game,
    )


async def test_start_deals_the_game_and_the_lobby_buttons_go_stale(world):
    w = world
    lobby = await open_lobby(w, players=2)
    old = custom_ids(lobby)
    joined = (await w.carol.slash(w.channel, "coal join")).response  # a second lobby message: the first's buttons go
    assert live_ids(w, lobby) == [] and custom_ids(joined) == old
    # a press on the old message that still arrives (a client that did not refresh) acts as the lobby's
    r = await forge_component(w.dave, lobby, lobby_button_of(old, "join"))
    assert r.acknowledged and f"<@{w.dave.id}>" in r.response.content  # it is the same lobby: dave joins
    r = await w.alice.click(joined, label="Start")
    assert r.acknowledged and not r.ephemeral
    assert "has started" in r.response.content and r.response.components == []
    start = w.channel.last_message
    assert "Coal Baron begins!" in start.content
    # the numbered seats are a list: a blank line ends it, so what follows is not indented under the last seat
    seats, after = start.content.split("\n\n", 1)
    listed = seats.splitlines()[1:]
    assert listed and listed[-1].startswith(f"{len(listed)}. ") and after.startswith("Start player:")
    assert start.attachments[0].filename == "board.png"
    game = await stored(w)
    assert game.status == "active" and game.state.phase == "draft"
    assert f"<@{game.to_move_user}>, your pick" in start.content
    assert any(c.startswith(f"coal-menu:draft:{game.id}:0") for c in custom_ids(start))
    # the lobby message's buttons no longer apply: gone, and a press that still arrives is refused, with the board
    erin = w.guild.add_member(w.env.create_user("erin"))
    stale = await forge_component(erin, joined, lobby_button_of(old, "join"))
    await assert_refused(w, stale, "This lobby has closed", before=game)
    assert stale.response.attachments[0].filename == "board.png"


async def test_start_by_command(world):
    w = world
    await open_lobby(w, players=2)
    r = await w.alice.slash(w.channel, "coal start")
    assert not r.ephemeral and "Coal Baron begins!" in r.response.content
    assert r.response.attachments[0].filename == "board.png"


async def test_abort_by_host_or_a_member_with_manage_channels_only(world):
    w = world
    await open_lobby(w, players=2)
    await w.alice.slash(w.channel, "coal start")
    game = await stored(w)
    await assert_refused(
        w, await w.bob.slash(w.channel, "coal host abort"), "Only the host, alice, or a moderator", before=game
    )
    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
    r = await mod.slash(w.channel, "coal host abort")
    assert not r.ephemeral and "ended the game" in r.response.content
    assert (await stored(w)).status == "aborted"
    r = await w.alice.slash(w.channel, "coal host abort")
    await assert_refused(w, r, "There is no game in this channel")


async def test_the_host_aborts_a_lobby(world):
    w = world
    await open_lobby(w, players=2)
    r = await w.alice.slash(w.channel, "coal host abort")
    assert not r.ephemeral
    assert (await stored(w)).status == "aborted"
    r = await w.bob.slash(w.channel, "coal new", thread=False)  # the channel is free again
    assert not r.ephemeral and (await stored(w)).status == "lobby"


async def test_commands_in_a_dm_say_games_are_played_in_server_channels(world):
    w = world
    r = await w.alice.user.slash("coal new")
    assert r.ephemeral and "played in server channels" in r.response.content
    r = await w.bob.user.slash("coal status")
    assert r.ephemeral and "played in server channels" in r.response.content
    assert await w.bot.store.queries.latest_game(w.channel.id) is None
    r = await w.bob.user.slash("coal me settings")  # a person's own settings work in a DM (issue 27)
    assert r.ephemeral and "Your settings" in panel_text(r.response)


async def test_no_game_here(world):
    w = world
    for command in ("coal join", "coal start", "coal bank", "coal status", "coal board", "coal log"):
        r = await w.alice.slash(w.channel, command)
        await assert_refused(w, r, "no game in this channel")


async def test_when_the_host_leaves_the_lobby_the_new_host_is_announced(world):
    w = world
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    lobby = r.response.message
    assert f"<@{w.alice.id}> (red), host" in r.response.content
    await w.bob.click(lobby, label="Join")
    lobby = (await w.carol.slash(w.channel, "coal join")).response  # the lobby message with the buttons now
    # by the button: the lobby shows the new host and one message says so, pinging them
    await w.alice.click(lobby, label="Leave")
    game = await w.bot.manager.games.current(w.channel.id)
    assert game.host_id == w.bob.id
    note = w.channel.last_message
    assert note.content == f"<@{w.bob.id}> is now the host."
    assert w.env.backend.get_message(w.channel.id, note.id).ping_user_ids == [w.bob.id]
    # by the command: the reply names the new host too
    r = await w.bob.slash(w.channel, "coal leave")
    assert f"<@{w.carol.id}> is now the host." in r.response.content and "host" in r.response.content


async def test_server_defaults_are_set_by_a_manager_and_new_games_start_from_them(world):
    """Issue 27: `/coal host defaults` (Manage Server or Manage Channels) sets the server's timer,
    language, absent policy, delivered orders and threads; `/coal new` starts from them, an option
    given to it still wins; `/coal help` shows them; a member without the permission is refused and
    changes nothing."""
    w = world
    r = await w.bob.slash(w.channel, "coal host defaults", timer="12h")
    await assert_refused(w, r, "Only a member who may manage the server or its channels can set its defaults.")
    assert await w.bot.manager.people.server_defaults(w.guild.id) == {}
    r = await w.bob.slash(w.channel, "coal host defaults")  # anyone may look
    assert r.ephemeral and r.response.content.startswith("This server has set no defaults")
    admins = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = w.guild.add_member(w.env.create_user("admin"), roles=[admins])
    r = await admin.slash(w.channel, "coal host defaults", timer="12h", delivered="all", language="it", thread=False)
    assert r.ephemeral
    assert r.response.content == (
        "Saved. New games on this server start with: timer: 12 hours, delivered: all: face up for everyone, "
        "language: italiano, thread: no."
    )
    r = await w.alice.slash(w.channel, "coal help")
    assert r.response.content.splitlines()[-2].endswith(
        "New games on this server start with: timer: 12 hours, "
        "delivered: all: face up for everyone, language: italiano, thread: no."
    )
    r = await w.alice.slash(w.channel, "coal new", absent="bank")
    assert not r.ephemeral  # in the channel: the server's default says no thread
    game = await stored(w)
    assert (game.options.timer, game.options.delivered, game.options.absent) == ("12h", "all", "bank")
    assert game.options.language == "it" and game.channel_id == w.channel.id
    await w.alice.slash(w.channel, "coal host abort")
    r = await w.alice.slash(w.channel, "coal new", timer="48h", language="en")  # given options win
    game = await stored(w)
    assert (game.options.timer, game.options.language, game.options.delivered) == ("48h", "en", "all")
    await w.alice.slash(w.channel, "coal host abort")
    r = await admin.slash(w.channel, "coal host defaults", reset=True)
    assert r.response.content.startswith("This server's defaults are forgotten")
    assert await w.bot.manager.people.server_defaults(w.guild.id) == {}


async def test_manage_channels_on_one_channel_does_not_set_the_server_s_defaults(world):
    """Issue 46, item 2: a member given Manage Channels in their own room only (a channel overwrite) may
    moderate the games there, but not change the defaults of every channel; one whose role has it may."""
    w = world
    room = w.guild.create_text_channel(
        "bob-room", overwrites={w.bob: discord.PermissionOverwrite(manage_channels=True)}
    )
    r = await w.bob.slash(room, "coal host defaults", timer="12h")
    await assert_refused(w, r, "Only a member who may manage the server or its channels can set its defaults.")
    assert await w.bot.manager.people.server_defaults(w.guild.id) == {}
    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
    r = await mod.slash(w.channel, "coal host defaults", timer="12h")
    assert r.response.content.startswith("Saved.")
    assert await w.bot.manager.people.server_defaults(w.guild.id) == {"timer": "12h"}
