"""A bot restart mid-game: every game resumes from the database; old buttons work or say stale."""

from __future__ import annotations

from .driver import actor, assert_refused, close_bot, fast_forward, restart, start_game, stored


async def test_the_game_goes_on_after_a_restart_and_old_buttons_still_answer(world, db_path):
    w = world
    await start_game(w, 2, seed=21)
    game = await fast_forward(w, 10)
    member = actor(w, game)
    turn = (await member.slash(w.channel, "coal money", amount=4)).response
    before = await stored(w)
    new = await restart(w, db_path)
    try:
        assert new is w.bot and await stored(w) == before
        # buttons of the message before the restart: still answered (persistent)
        nxt = actor(w, before)
        r = await nxt.click(turn, label="Legal actions")
        assert r.ephemeral and "What you may do now" in r.response.content
        r = await nxt.click(turn, label="My pit")
        assert r.response.attachments[0].filename == "pit.png"
        # the next command plays on from the stored state
        r = await nxt.slash(w.channel, "coal bank")
        assert not r.ephemeral and "placed 1 worker on the bank" in r.response.content
        after = await stored(w)
        assert after.version == before.version + 1
        assert after.state.players[before.state.current].marks == before.state.players[before.state.current].marks + 1
    finally:
        await close_bot(new)


async def test_a_private_choice_survives_a_restart_but_a_mining_console_does_not(world, db_path):
    w = world
    await start_game(w, 2, seed=5)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal order", space="draw")
    [private] = r.followups
    new = await restart(w, db_path)
    try:
        r = await member.click(private, label="Rest at the bottom")
        assert r.response.content == "You kept nothing; the rest went to the bottom."
        game = await stored(w)
        member = actor(w, game)
        console = (await member.slash(w.channel, "coal mine", steps=6)).response
        newer = await restart(w, db_path)
        await close_bot(new)
        new = newer
        r = await member.click(console, label="Cage yellow")
        await assert_refused(w, r, "This mining console is closed", before=game)
    finally:
        await close_bot(new)
