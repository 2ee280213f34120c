"""Rematch, second pass (issue 46, items 5, 6 and 9): a press counts only from the finished game's own
channel, a finished game has one rematch (nobody pinged twice), and a crash between storing the rematch's
lobby and posting it leaves no invisible lobby: its message is posted at the next start."""

from __future__ import annotations

import pytest

from bot.words.computers import computer_name

from .driver import assert_refused, close_bot, finished_game, forge_component, live_ids, lobby_button, restart, stored


async def _a_message(w):
    """A message of the bot in the channel to press a forged button on: a lobby opened and closed by carol."""
    r = await w.carol.slash(w.channel, "coal new", thread=False)
    await w.bot.manager.lobbies.abort(w.channel.id, w.carol.id)
    return r.response.message


def _pings_of(w, channel, user_id: int) -> int:
    return sum(user_id in w.env.backend.get_message(channel.id, m.id).ping_user_ids for m in channel.history())


async def test_a_rematch_press_counts_only_from_the_finished_game_s_own_channel(world):
    """Item 5: a Rematch id of another server's game, pressed here, opened a lobby in that server's
    channel (blocking it) and pinged its players from here."""
    w = world
    far_guild = w.env.create_guild("Elsewhere")
    far = far_guild.create_text_channel("far")
    alice_there = far_guild.add_member(w.alice.user)
    bob_there = far_guild.add_member(w.bob.user)
    old = await finished_game(w, far, [alice_there, bob_there], seed=3, computers=("easy",), timer="24h")
    message = await _a_message(w)
    r = await forge_component(w.alice, message, f"coal:rematch:{old.id}:{old.version}:")
    await assert_refused(w, r, "That button is not in use any more.")
    assert (
        await w.bot.store.queries.open_game(far.id) is None
        and await w.bot.store.queries.open_game(w.channel.id) is None
    )
    assert _pings_of(w, w.channel, w.bob.id) == 0


@pytest.mark.slow  # over a second
async def test_a_finished_game_has_one_rematch_and_nobody_is_pinged_twice(world):
    """Item 6: Rematch, `/coal leave`, Rematch again opened lobby after lobby, pinging the other player each time."""
    w = world
    old = await finished_game(w, w.channel, [w.alice, w.bob], seed=3, computers=("easy",), timer="24h")
    press = f"coal:rematch:{old.id}:{old.version}:"
    base = await _a_message(w)
    r = await forge_component(w.alice, base, press)
    assert not r.ephemeral and "asks for a rematch" in r.response.content
    lobby = await stored(w)
    assert lobby.status == "lobby" and [s.name for s in lobby.seats] == ["alice", "Baron Otto (easy)"]
    await w.alice.slash(w.channel, "coal leave")  # the last person out: the lobby closes
    assert (await stored(w)).status == "aborted"
    for presser in (w.alice, w.bob):
        r = await forge_component(presser, base, press)
        await assert_refused(w, r, "This game's rematch was opened already: one rematch per game.")
    assert await w.bot.store.queries.open_game(w.channel.id) is None
    assert _pings_of(w, w.channel, w.bob.id) == 1


async def test_a_rematch_stored_but_not_posted_is_posted_at_the_next_start(world, db_path):
    """Item 9: a crash after the rematch's lobby was stored and before its message (or before its computers
    were seated) left an invisible lobby blocking the channel for days. Lobby, computers and post are one
    transaction, and the lobby's message is posted at the start, with its ping and its buttons."""
    w = world
    old = await finished_game(w, w.channel, [w.alice, w.bob], seed=3, computers=("easy",), timer="24h")
    game, people = await w.bot.manager.lobbies.rematch(old.id, w.channel.id, w.bob.id, "bob", computer_name)
    assert people == [w.alice.id] and [s.name for s in game.seats] == ["bob", "Baron Otto (easy)"]
    # the process dies here: the lobby and its post are stored, nothing is in the channel
    assert not any("asks for a rematch" in m.content for m in w.channel.history())
    new = await restart(w, db_path)
    try:
        posted = [m for m in w.channel.history() if "asks for a rematch" in m.content]
        assert len(posted) == 1 and f"<@{w.alice.id}>" in posted[0].content
        assert w.alice.id in w.env.backend.get_message(w.channel.id, posted[0].id).ping_user_ids
        assert await new.store.outbox.pending_posts(game.id) == []
        await w.alice.click(posted[0], custom_id=lobby_button(posted[0], "join"))
        assert [s.name for s in (await stored(w)).seats] == ["bob", "Baron Otto (easy)", "alice"]
        assert live_ids(w, posted[0])  # its buttons live
    finally:
        await close_bot(new)
