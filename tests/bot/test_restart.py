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


async def test_a_restart_syncs_the_commands_only_when_they_changed(world, db_path, monkeypatch):
    """Issue 27: Discord rate-limits command syncs; a bot restarted with the same commands does not call
    the sync endpoint (counted on the Discord side), and one whose commands changed does, once."""
    w = world
    backend = w.env.backend
    calls: list[int | None] = []
    register = backend.register_commands

    def counted(guild_id, payloads):
        calls.append(guild_id)
        return register(guild_id, payloads)

    monkeypatch.setattr(backend, "register_commands", counted)
    new = await restart(w, db_path)
    try:
        assert calls == []  # the first start synced; nothing changed since
        r = await w.alice.slash(w.channel, "coal help")
        assert r.ephemeral  # the commands Discord has still run
    finally:
        await close_bot(new)
    import bot.command_names as names

    lookup = names.lookup

    def changed(lang, context, msgid):  # a translation changed: the German help's description
        text = lookup(lang, context, msgid)
        return f"{text} (neu)" if (lang, msgid) == ("de", "How to play, per action") else text

    monkeypatch.setattr(names, "lookup", changed)
    await restart(w, db_path)
    assert calls == [None]  # one global sync
    await restart(w, db_path)
    assert calls == [None]  # and not again
    await close_bot(w.bot)
