"""Posts after a crash: once, in order, and nothing invisible (issue 46, items 7 and 8).

A turn's "posted" mark rides on the next commit (one commit a move), so a process that dies just after a
post leaves the turn pending in the database. The simulated Discord lives in this process, so the death is
played here, as `test_outbox` does: the bot stops without closing and its waiting mark is lost with it, and
a new bot starts on the same database. Discord's nonce rule (a message sent again with the same nonce
within minutes is the first one) is modelled by `driver.discord_nonces`.
"""

from __future__ import annotations

import pytest

import rules
import storage.outbox
from bot import create_bot
from bot.words.computers import computer_name
from rules.record import Chooser, random_action

from .driver import (
    actor,
    close_bot,
    discord_nonces,
    fast_forward,
    live_ids,
    start_game,
    stored,
    virtual_clock,
)


@pytest.fixture
def marks_wait(monkeypatch):
    """A busy bot: a post's mark waits for a later commit (which the crash never comes to)."""
    monkeypatch.setattr(storage.outbox, "FLUSH_SECONDS", 3600.0)


def _die(bot) -> None:
    """The process dies: its waiting marks are lost, and it does nothing more (no timer, no try again);
    nothing is closed."""
    bot.store.outbox._marks.take()
    if bot.store.outbox._flush is not None:
        bot.store.outbox._flush.cancel()
    bot.timers.stop()
    bot.publisher.close()


async def _start_again(w, db_path, old):
    new = create_bot(db_path, clock=virtual_clock)
    await w.env.restart_bot(new)
    await close_bot(old)
    await new._reposting
    return new


async def _chat(w, messages: int) -> None:
    for k in range(messages):
        await w.carol.send(w.channel, f"chat {k}")


def _bot_messages(w) -> list:
    return [m for m in w.channel.history() if m.author.id == w.bot.user.id]


async def test_a_turn_under_more_than_25_messages_by_people_is_found_not_posted_again(world, db_path, marks_wait):
    """Item 7: the restart looked at the channel's newest 25 messages only, so with more chat than that
    since the crash it posted the turn again (two pings, two live button rows). It looks at 100 now."""
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    w.bot.store.outbox._posting += 1  # another post in progress: the mark waits
    await actor(w, game).slash(w.channel, "coal money", amount=4)
    turn = w.channel.last_message
    old = w.bot
    _die(old)
    await _chat(w, 40)
    before = [m.id for m in _bot_messages(w)]
    new = await _start_again(w, db_path, old)
    try:
        assert [m.id for m in _bot_messages(w)] == before  # nothing posted twice
        assert await new.store.outbox.pending_posts() == []  # and what it found is recorded
        assert live_ids(w, turn)
    finally:
        await close_bot(new)


async def _computer_game(w):
    """alice against an easy computer, past the draft, alice to move."""
    manager = w.bot.manager
    await manager.lobbies.new_game(w.guild.id, w.channel.id, w.alice.id, "alice", {"timer": "none"})
    await manager.lobbies.add_computer(w.channel.id, w.alice.id, "easy", computer_name)
    game = await manager.lobbies.start(w.channel.id, w.alice.id, seed=3)
    chooser = Chooser(3)
    while not (game.to_move_user == w.alice.id and game.state.phase == "turn"):
        game = (await manager.moves.act(w.channel.id, game.to_move_user, random_action(game.state, chooser))).game
    return game


@pytest.mark.slow
async def test_beyond_the_look_back_a_post_made_again_soon_is_the_first_by_its_nonce(
    world, db_path, marks_wait, monkeypatch
):
    """Item 7: a computer's move (posted to the channel, not as a follow-up) under more chat than the restart
    reads: it is posted again with the same nonce, and Discord gives back the message made the first time."""
    discord_nonces(monkeypatch)
    w = world
    await _computer_game(w)
    w.bot.store.outbox._posting += 1  # another post in progress: the marks wait
    await w.alice.slash(w.channel, "coal bank")  # her turn, then the computer's, posted to the channel
    await w.bot.computers.idle()
    computer_post = w.channel.last_message
    assert computer_post.content.startswith("🤖")
    old = w.bot
    _die(old)  # the computer's post is in the channel; its mark is lost
    async with old.store.backend.read() as tx:
        assert await tx.fetch("SELECT seq FROM outbox WHERE posted_at IS NULL")
    await _chat(w, 120)  # more than the restart reads
    before = [m.id for m in _bot_messages(w)]
    new = await _start_again(w, db_path, old)
    try:
        assert [m.id for m in _bot_messages(w)] == before  # the repost was the first message
        assert await new.store.outbox.pending_posts() == []
        assert sum(computer_post.content == m.content for m in w.channel.history()) == 1
    finally:
        await close_bot(new)


async def _to_a_shift_end(w, seed: int = 5):
    """A two-player game where the player to move ends the shift with `bank`; the game and the member."""
    await start_game(w, 2, seed=seed, timer="none")
    manager = w.bot.manager
    chooser = Chooser(seed)
    game = await stored(w)
    while True:
        state = game.state
        if state.phase == "turn":
            after, events = rules.apply(state, rules.UseBank())
            if any(e.kind == "shift_scored" for e in events) and after.phase != "over":
                return game, actor(w, game)
        game = (await manager.moves.act(w.channel.id, game.to_move_user, random_action(state, chooser))).game


async def test_a_crash_between_a_move_and_its_shift_s_scoring_posts_only_the_scoring(world, db_path, monkeypatch):
    """Item 8: the move's sentence is a message with no buttons, then the scoring with them. A crash between
    the two posted the move's sentence twice, since the restart cannot see a message without buttons. The
    parts in the channel are recorded as they go, so the restart posts only the scoring."""
    from bot.posting import publisher

    w = world
    game, member = await _to_a_shift_end(w)
    real_send = publisher.send
    calls = []

    async def dies_before_the_scoring(interaction, channel, text, *args, **kwargs):
        calls.append(text)
        if len(calls) == 2:  # the scoring: the process dies before it reaches Discord
            _die(w.bot)
            return None
        return await real_send(interaction, channel, text, *args, **kwargs)

    monkeypatch.setattr(publisher, "send", dies_before_the_scoring)
    await member.slash(w.channel, "coal bank")
    monkeypatch.setattr(publisher, "send", real_send)
    moved = [m for m in w.channel.history() if m.content.startswith(f"{member.user.name} placed")]
    assert len(moved) == 1 and "is scored" not in moved[0].content
    old = w.bot
    new = await _start_again(w, db_path, old)
    try:
        history = list(w.channel.history())
        assert [m.content for m in history].count(moved[0].content) == 1  # the move's sentence once
        scored = [m for m in history if "is scored" in m.content]
        assert len(scored) == 1 and live_ids(w, scored[0])  # then the scoring, with the buttons
        assert history.index(scored[0]) > history.index(moved[0])
        assert await new.store.outbox.pending_posts() == []
    finally:
        await close_bot(new)
