"""`/coal games` (issue 27): privately, every open game a person sits in, the ones waiting for them
first, with a jump link and a live deadline; across every server from a direct message."""

from __future__ import annotations

from games.limits import UNLIMITED

from .driver import actor, fast_forward, panel_buttons, panel_size, panel_texts, start_game


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
    assert r.ephemeral and not r.response.content  # a panel of layout components
    lines = panel_texts(r.response)
    assert lines[0] == "You sit in 2 open games:"  # this server's only
    assert lines[1].startswith(f"**Your turn** in <#{w.channel.id}> ")
    assert f"it ends <t:{int(game.deadline)}:R>" in lines[1]
    assert lines[2].startswith(f"<#{second.id}> ") and "a lobby" in lines[2]
    links = [b["url"] for b in panel_buttons(r.response) if b.get("url")]
    here = f"https://discord.com/channels/{w.guild.id}"
    # an Open link beside each game, then the next game where it is my turn
    assert links == [f"{here}/{w.channel.id}", f"{here}/{second.id}", f"{here}/{w.channel.id}"]
    assert [b["label"] for b in panel_buttons(r.response)] == ["Open", "Open", "Next game where it is my turn"]

    r = await waiting.slash(w.channel, "coal games")
    assert f"{game.state.to_move} to move" in panel_texts(r.response)[1]
    assert [b["label"] for b in panel_buttons(r.response)] == ["Open"]  # not their turn anywhere; one page

    r = await mover.user.slash("coal games")  # in a direct message: every server shared
    assert r.ephemeral
    lines = panel_texts(r.response)
    assert lines[0] == "You sit in 3 open games on the servers we share:"
    assert "**Your turn**" in lines[1] and f"/{other.id}/{there.id}" in str(panel_buttons(r.response))

    r = await w.env.create_user("nobody").slash("coal games")
    assert panel_texts(r.response) == ["You sit in no open game on any server we share."]


async def test_my_games_page_by_ten(world):
    w = world
    w.bot.manager.games.limits = UNLIMITED  # alice hosts all twelve (the limits' own tests: test_limits.py)
    for k in range(12):
        channel = w.guild.create_text_channel(f"mine-{k}")
        await w.alice.slash(channel, "coal new", thread=False)
    r = await w.alice.slash(w.channel, "coal games")
    texts = panel_texts(r.response)
    assert texts[0] == "You sit in 12 open games:" and len(texts) == 1 + 10 + 1 and texts[-1] == "Page 1 of 2."
    assert sum(len(str(c)) for c in texts) < 4000  # Discord's limit for a message's text displays
    assert panel_size(r.response) <= 40  # and its 40 components
    r = await w.alice.click(r.response, label="Later ▶")
    texts = panel_texts(r.response)
    assert len(texts) == 1 + 2 + 1 and texts[-1] == "Page 2 of 2."
    r = await w.alice.click(r.response, label="◀ Earlier")
    assert panel_texts(r.response)[-1] == "Page 1 of 2."
