"""The database fails under a game (issue 28), on a real PostgreSQL: stopped while a computer thinks
and started again a minute later, or losing the answer to a COMMIT that reached it. No game is left
stuck, and no stored move is reported as lost."""

from __future__ import annotations

import asyncio

import pytest
import simcord

from bot import create_bot
from games.computers import is_computer
from rules.record import Chooser, random_action
from tests.storage.proxy import CommitCutter

from .driver import actor, close_bot, fast_forward, make_world, start_game, virtual_clock


@pytest.mark.slow
async def test_postgres_stopped_while_a_computer_thinks_and_back_a_minute_later(own_postgres):
    url = own_postgres.create_database("stopped")
    bot = create_bot(url, clock=virtual_clock)
    try:
        async with simcord.run(bot, check_errors=False) as env:
            w = make_world(env, ("alice", "bob"))
            guild, channel, alice = w.guild, w.channel, w.alice
            manager = bot.manager
            from bot.words.computers import computer_name

            await manager.lobbies.new_game(guild.id, channel.id, alice.id, "alice", {"timer": "none"})
            await manager.lobbies.add_computer(channel.id, alice.id, "normal", computer_name)
            game = await manager.lobbies.start(channel.id, alice.id, seed=3)
            chooser = Chooser(3)
            while not (game.to_move_user == alice.id and game.state.phase == "turn"):  # through the manager
                game = (await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))).game
            stopped = asyncio.Event()
            real_think = bot.computers.think

            async def think(asked):
                move = await real_think(asked)
                if not stopped.is_set():  # the database goes away while the computer thinks
                    await asyncio.to_thread(own_postgres.halt)
                    stopped.set()
                return move

            bot.computers.think = think
            await alice.slash(channel, "coal bank")  # her move is posted, the computer thinks
            await bot.computers.idle()
            assert stopped.is_set()
            await env.advance_time(60)  # a minute of the database away: the computer tries, and waits
            await bot.computers.idle()
            await asyncio.to_thread(own_postgres.resume)
            await env.advance_time(600)  # back: the next try moves
            await bot.computers.idle()
            after = await manager.games.current(channel.id)
            assert after.version > game.version + 1 and not is_computer(after.to_move_user)  # bank, then its move
            log = await bot.store.queries.log(game.id)
            assert [e.user_id for e in log if is_computer(e.user_id)]
            assert await bot.store.outbox.pending_posts(game.id) == []  # and its moves were posted
            assert any(m.content.startswith("🤖") for m in channel.history())
    finally:
        await close_bot(bot)


@pytest.mark.slow
async def test_a_move_whose_commit_answer_is_lost_is_announced_not_refused(own_postgres):
    own_postgres.create_database("cut")
    async with CommitCutter(own_postgres.port) as proxy:
        bot = create_bot(f"postgresql://postgres@127.0.0.1:{proxy.port}/cut", clock=virtual_clock)
        try:
            async with simcord.run(bot, check_errors=False) as env:
                w = make_world(env, ("alice", "bob"))
                channel = w.channel
                await start_game(w, 2, seed=4)
                game = await fast_forward(w, 6)  # past the draft
                assert game.state.phase == "turn"
                proxy.arm()  # the next COMMIT is made, its answer lost
                r = await actor(w, game).slash(channel, "coal bank")
                assert proxy.cuts == 1
                assert r.acknowledged and not r.ephemeral, r.response and r.response.content  # no refusal
                stored = await bot.store.queries.load_game(game.id)
                assert stored.version == game.version + 1
                turn = channel.last_message
                assert "bank" in turn.content and turn.attachments[0].filename == "board.png"
                assert await bot.store.outbox.pending_posts(game.id) == []
        finally:
            await close_bot(bot)


@pytest.mark.slow
async def test_a_move_saved_but_not_confirmed_is_posted_once_the_database_is_back(own_postgres):
    """Issue 46, item 10: the COMMIT's answer is lost and the database stays out of reach, so the move
    cannot be read back: the player is told the outcome is not known yet; the move was stored, and its
    turn message must come as soon as the database answers again, without another move or a restart."""
    own_postgres.create_database("unconfirmed")
    async with CommitCutter(own_postgres.port) as proxy:
        bot = create_bot(f"postgresql://postgres@127.0.0.1:{proxy.port}/unconfirmed", clock=virtual_clock)
        try:
            async with simcord.run(bot, check_errors=False) as env:
                w = make_world(env, ("alice", "bob"))
                channel = w.channel
                await start_game(w, 2, seed=4, timer="none")  # untimed: nothing else would move the game
                game = await fast_forward(w, 6)
                mover = actor(w, game)
                proxy.arm(down_after=True)
                r = await mover.slash(channel, "coal bank")
                assert proxy.cuts == 1
                said = [m.content for m in r.followups] + ([r.response.content] if r.response else [])
                assert any("can't tell whether your move was saved" in text for text in said), said
                assert not any("It is the turn of" in text for text in said), said
                before = {m.id for m in channel.history()}
                proxy.up()
                again = await mover.slash(channel, "coal bank")  # the mover tries again at once: it was saved
                said = [m.content for m in again.followups] + ([again.response.content] if again.response else [])
                other = next(s.name for s in game.seats if s.user_id != mover.id)
                assert said == [f"It is the turn of {other}."], said
                await env.advance_time(120)  # the publisher's retries, with their backoff
                stored = await bot.store.queries.load_game(game.id)
                assert stored.version == game.version + 1  # the move was saved
                assert await bot.store.outbox.pending_posts(game.id) == []
                posted = [m for m in channel.history() if m.id not in before]
                assert any("bank" in m.content for m in posted), [m.content for m in posted]
        finally:
            await close_bot(bot)
