"""/coal settings (issue 15): each person's own way of being told it is their turn, checked in the
messages each user sees — the channel's pings and images, their direct messages, their private notes."""

from __future__ import annotations

import re

from storage import PlayerSettings
from tests.simcord_seam import dm_channel

from .driver import (
    actor,
    close_bot,
    custom_ids,
    menu,
    panel_outline,
    panel_size,
    panel_text,
    restart,
    start_game,
    stored,
    virtual_clock,
)

HOUR = 3600


def dms(w, member) -> list:
    """The direct messages the bot sent to `member`, oldest first."""
    channel = dm_channel(w.env, member.id)
    return [m for m in channel.history() if m.author.id == w.bot.user.id]


def pings(w, message) -> list[int]:
    return w.env.backend.get_message(w.channel.id, message.id).ping_user_ids


def close_dms(w, member) -> None:
    """Discord refuses every direct message to `member` from now on (their DMs are closed)."""
    channel = w.env.backend.get_dm_channel(member.id)
    w.env.inject_error(
        "POST",
        f"/channels/{channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def draft_once(w):
    """The player to move drafts the first card by slash command; (who moved, the turn message, game after)."""
    game = await stored(w)
    member = actor(w, game)
    [first, *_] = await member.autocomplete(w.channel, "coal draft", "card", "")
    r = await member.slash(w.channel, "coal draft", card=first["value"])
    assert not r.ephemeral, r.response.content
    return member, w.channel.last_message, await stored(w)


async def test_settings_show_the_defaults_privately_and_the_menus_change_only_mine(world):
    w = world
    r = await w.bob.slash(w.channel, "coal me settings")
    assert r.ephemeral
    text = panel_text(r.response)
    assert "a mention in the game's channel" in text and "half time of the turn timer: on" in text
    assert "after every turn" in text and "Saved" not in text
    assert custom_ids(r.response) == ["coal-settings:ping", "coal-settings:reminder", "coal-settings:images"]
    # a panel (issue 27): no message text; each setting's line with its menu right under it
    assert not r.response.content and panel_size(r.response) <= 40 and len(text) <= 4000
    outline = panel_outline(r.response)
    for what, said in (("ping", "Your turn: a mention"), ("reminder", "Reminder at half"), ("images", "Board image")):
        line = next(k for k, x in enumerate(outline) if said in x)
        assert outline[line + 1] == f"coal-settings:{what}", outline
    ping = menu(r.response, "coal-settings:ping")
    assert [o.value for o in ping.options if o.default] == ["mention"]

    r = await w.bob.select(r.response, ["dm"], custom_id=ping.custom_id)
    assert "Saved" in panel_text(r.response) and "a direct message from me" in panel_text(r.response)
    assert [o.value for o in menu(r.response, "coal-settings:ping").options if o.default] == ["dm"]
    r = await w.bob.select(r.response, ["false"], custom_id="coal-settings:reminder")
    r = await w.bob.select(r.response, ["mine"], custom_id="coal-settings:images")
    assert "half time of the turn timer: off" in panel_text(r.response) and "only when it is my turn" in panel_text(
        r.response
    )

    stored_settings = await w.bot.manager.people.settings_of([w.bob.id, w.alice.id])
    assert stored_settings[w.bob.id] == PlayerSettings(w.bob.id, "dm", False, "mine", "en", "no")
    assert stored_settings[w.alice.id] == PlayerSettings(w.alice.id)  # another person: untouched
    assert w.channel.history() == []  # nothing said in the channel

    # the options of the command do the same in one go
    r = await w.alice.slash(w.channel, "coal me settings", ping="none", reminder=False, images="ask")
    assert r.ephemeral and "Saved" in panel_text(r.response) and "nobody tells me" in panel_text(r.response)
    assert (await w.bot.manager.people.settings_of([w.alice.id]))[w.alice.id].images == "ask"


async def test_the_panel_works_after_a_restart_and_in_another_language(world, db_path, locales):
    w = world
    r = await w.bob.slash(w.channel, "coal me settings")
    panel = r.response
    new = await restart(w, db_path)
    try:  # the restarted bot is this test's to close (the fixture closes the first one)
        r = await w.bob.select(panel, ["ask"], custom_id="coal-settings:images")
        assert "Saved" in panel_text(r.response)  # the same private panel, edited
        assert "only on request" in panel_text(r.response)
        assert (await w.bot.manager.people.settings_of([w.bob.id]))[w.bob.id].images == "ask"
        # the panel of another person's language: the menus speak it, the setting is the same
        locales[w.carol.id] = "it"
        it = await w.carol.slash(w.channel, "coal me settings", ping="dm")
        assert "Le tue impostazioni" in panel_text(it.response)
        assert (await w.bot.manager.people.settings_of([w.carol.id]))[w.carol.id].language == "it"
    finally:
        await close_bot(new)


async def test_a_direct_message_tells_me_my_turn_and_the_channel_does_not_ping_me(world):
    w = world
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    game = await start_game(w, 2, seed=7)
    assert dms(w, w.bob) == [] and dms(w, w.alice) == []
    told_bob = 0
    for _ in range(4):  # the draft: every pick hands the turn to someone
        member, turn, after = await draft_once(w)
        nxt = after.to_move_user
        if nxt == w.bob.id and member.id != w.bob.id:
            told_bob += 1
            assert pings(w, turn) == []  # told by direct message, not pinged in the channel
            assert f"<@{w.bob.id}>" in turn.content  # the channel still says whose turn it is
            last = dms(w, w.bob)[-1]
            assert f"Your turn in Coal Baron, game {game.id}" in last.content
            assert f"https://discord.com/channels/{w.guild.id}/{w.channel.id}" in last.content
            assert last.attachments and last.attachments[0].filename == "board.png"  # boards: every turn
        elif nxt == w.alice.id:
            assert pings(w, turn) == [w.alice.id]  # alice kept the default: the mention
    assert told_bob >= 1 and len(dms(w, w.bob)) == told_bob
    assert dms(w, w.alice) == []


async def test_closed_dms_fall_back_to_the_mention_and_i_am_told_privately_once(world):
    w = world
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    close_dms(w, w.bob)
    await start_game(w, 2, seed=7)
    fallbacks = 0
    for _ in range(4):
        member, turn, after = await draft_once(w)
        if after.to_move_user == w.bob.id and member.id != w.bob.id:
            fallbacks += 1
            assert pings(w, turn) == [w.bob.id]  # the DM was refused: the channel pings bob instead
            if fallbacks == 1:
                # bob's next click: his pit, then a private note that his DMs are closed
                r = await w.bob.click(turn, custom_id=next(c for c in custom_ids(turn) if c.startswith("coal:pit:")))
                assert r.ephemeral and r.response.attachments[0].filename == "pit.png"
                [note] = [f for f in r.followups if "refused my direct message" in f.content]
                assert note.ephemeral
                # said once: the next click says nothing of it
                r = await w.bob.click(turn, custom_id=next(c for c in custom_ids(turn) if c.startswith("coal:pit:")))
                assert not [f for f in r.followups if "refused my direct message" in f.content]
    assert fallbacks >= 2  # the second refusal fell back too, without a second note
    assert dms(w, w.bob) == []
    assert (await w.bot.manager.people.settings_of([w.bob.id]))[w.bob.id].dm_refused == "told"
    r = await w.bob.slash(w.channel, "coal me settings")  # the panel says it as long as DMs are the choice
    assert "refused my direct message" in panel_text(r.response)


async def test_a_note_owed_when_the_bot_restarts_is_said_after_it(world, db_path):
    w = world
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    close_dms(w, w.bob)
    await start_game(w, 2, seed=7)
    for _ in range(4):
        if w.bot.manager.people.owes_note(w.bob.id):
            break
        await draft_once(w)
    assert w.bot.manager.people.owes_note(w.bob.id)  # a DM to bob was refused; nobody told him yet
    new = await restart(w, db_path)
    try:
        assert new.manager.people.owes_note(w.bob.id)  # remembered from the database
        assert not new.manager.people.owes_note(w.alice.id)
        r = await w.alice.slash(w.channel, "coal board")
        assert not [f for f in r.followups if "refused my direct message" in f.content]
        r = await w.bob.slash(w.channel, "coal board")
        [note] = [f for f in r.followups if "refused my direct message" in f.content]
        assert note.ephemeral and not new.manager.people.owes_note(w.bob.id)
        assert (await new.manager.people.settings_of([w.bob.id]))[w.bob.id].dm_refused == "told"
    finally:
        await close_bot(new)


async def test_nobody_tells_me_no_ping_no_dm(world):
    w = world
    await w.bob.slash(w.channel, "coal me settings", ping="none")
    await start_game(w, 2, seed=7)
    for _ in range(4):
        member, turn, after = await draft_once(w)
        if after.to_move_user == w.bob.id:
            assert pings(w, turn) == []
        else:
            assert pings(w, turn) == [w.alice.id]
    assert dms(w, w.bob) == []


async def test_boards_only_on_my_turn_and_on_request(world):
    w = world
    await w.alice.slash(w.channel, "coal me settings", images="ask")
    await w.bob.slash(w.channel, "coal me settings", images="mine")
    await start_game(w, 2, seed=7)
    seen = {w.alice.id: 0, w.bob.id: 0}
    for _ in range(4):
        member, turn, after = await draft_once(w)
        seen[after.to_move_user] += 1
        if after.to_move_user == w.bob.id:  # bob wants the board on his turn
            assert [a.filename for a in turn.attachments] == ["board.png"]
        else:  # alice asks for it; bob does not want it on hers
            assert turn.attachments == []
    assert seen[w.alice.id] and seen[w.bob.id]
    # nobody wants boards after every turn: none on alice's turn, and /coal board still shows it
    r = await w.alice.slash(w.channel, "coal board")
    assert r.ephemeral and r.response.attachments[0].filename == "board.png"


async def test_reminders_follow_the_settings(world):
    w = world
    await w.alice.slash(w.channel, "coal me settings", reminder=False)
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    game = await start_game(w, 2, seed=7, timer="1h", absent="bank")
    # play until each of them has had a half time on their turn
    seen: set[int] = set()
    for _ in range(6):
        game = await stored(w)
        assert game.deadline == virtual_clock() + HOUR
        who = game.to_move_user
        seen.add(who)
        before = len(w.channel.history())
        dm_before = len(dms(w, w.bob))
        await w.env.advance_time(HOUR / 2)
        said = [m.content for m in w.channel.history()[before:]]
        assert not [s for s in said if "your turn ends" in s]  # neither is reminded in the channel
        if who == w.alice.id:  # reminder off: nothing at all
            assert not [m for m in dms(w, w.alice) if "ends <t:" in m.content]
            assert len(dms(w, w.bob)) == dm_before
        else:  # by direct message
            [dm] = dms(w, w.bob)[dm_before:]
            assert re.search(r"Your turn in Coal Baron, game \d+, ends <t:\d+:R>", dm.content), dm.content
        await draft_once(w)
        if seen == {w.alice.id, w.bob.id}:
            break
    assert seen == {w.alice.id, w.bob.id}
    # with the default settings the reminder pings in the channel (tests/bot/test_timers.py)
