"""`/coal games` (issue 27): privately, every open game a person sits in, the ones waiting for them
first, with a jump link and a live deadline; across every server from a direct message."""

from __future__ import annotations

from games.limits import UNLIMITED

from .driver import actor, components_of, fast_forward, start_game


async def test_my_games_across_three_games_with_mine_first_and_from_a_dm(world):
    w = world
    await start_game(w, 2, seed=4, timer="1h")  # alice and bob, in w.channel
    game = await fast_forward(w, 6)
    mover = actor(w, game)
    waiting = w.bob if mover is w.alice else w.alice
    second = w.guild.create_text_channel("second")
    await mover.slash(second, "coal new", thread=False)  # a lobby the mover sits in
    other = w.env.create_guild("Elsewhere")
    there = other.create_text_channel("coal")
    away = other.add_member(mover.user)
    await away.slash(there, "coal new", thread=False)  # on another server

    r = await mover.slash(w.channel, "coal games")
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert lines[0] == "You sit in 2 open games:"  # this server's only
    assert lines[1].startswith(f"• **Your turn** in https://discord.com/channels/{w.guild.id}/{w.channel.id} ")
    assert f"it ends <t:{int(game.deadline)}:R>" in lines[1]
    assert lines[2].startswith(f"• https://discord.com/channels/{w.guild.id}/{second.id} ") and "a lobby" in lines[2]
    link = next(c for c in components_of(r.response) if getattr(c, "url", None))
    assert link.url == f"https://discord.com/channels/{w.guild.id}/{w.channel.id}"

    r = await waiting.slash(w.channel, "coal games")
    assert f"{game.state.to_move} to move" in r.response.content
    assert not components_of(r.response)  # not their turn anywhere: no link, one page

    r = await mover.user.slash("coal games")  # in a direct message: every server shared
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert lines[0] == "You sit in 3 open games on the servers we share:"
    assert "**Your turn**" in lines[1] and f"/{other.id}/{there.id}" in r.response.content

    r = await w.env.create_user("nobody").slash("coal games")
    assert r.response.content == "You sit in no open game on any server we share."


async def test_my_games_page_by_ten(world):
    w = world
    w.bot.manager.limits = UNLIMITED  # alice hosts all twelve (the limits' own tests: test_limits.py)
    for k in range(12):
        channel = w.guild.create_text_channel(f"mine-{k}")
        await w.alice.slash(channel, "coal new", thread=False)
    r = await w.alice.slash(w.channel, "coal games")
    assert r.response.content.splitlines()[0] == "You sit in 12 open games:"
    assert r.response.content.count("• ") == 10 and r.response.content.endswith("Page 1 of 2.")
    r = await w.alice.click(r.response, label="Later ▶")
    assert r.response.content.count("• ") == 2 and r.response.content.endswith("Page 2 of 2.")
    r = await w.alice.click(r.response, label="◀ Earlier")
    assert r.response.content.endswith("Page 1 of 2.")
