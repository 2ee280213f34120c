"""Nothing is stuck after a crash (issue 9, item 2): a turn is stored with its post in one
transaction; killed between the commit and the post, the next start posts it, pings the player to
move once, and the drawer can still make the private draw choice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import simcord

import storage.outbox
from bot import create_bot
from storage import Store
from tests.simcord_seam import dm_channel
from tests.storage.helpers import Counted

from .driver import close_bot, make_world, virtual_clock

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
async def test_sigkill_between_commit_and_post_posts_the_turn_at_the_next_start(tmp_path):
    db = tmp_path / "crash.sqlite3"
    out = subprocess.run(
        [sys.executable, "-m", "tests.bot.crash_post_worker", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == -9 and "stored, not posted" in out.stdout, out.stderr[-2000:]
    first = create_bot(tmp_path / "other.sqlite3", clock=virtual_clock)  # runs while the world is built
    coal = create_bot(db, clock=virtual_clock)
    try:
        async with simcord.run(first, check_errors=False) as env:
            w = make_world(env, ("alice", "bob"))  # as crash_post_worker.py made it
            channel, alice, bob = w.channel, w.alice, w.bob
            await env.restart_bot(coal)  # the restart after the crash, on the crashed database
            await close_bot(first)
            await coal._reposting  # the start's repost of what the crash left unposted
            game = await coal.store.queries.latest_game(channel.id)
            assert game.state.phase == "draw" and not await coal.store.outbox.pending_posts()
            said = [m for m in channel.history() if m.author.id == coal.user.id]
            assert len(said) == 1  # posted once
            [turn] = said
            drawer = alice if game.to_move_user == alice.id else bob
            assert f"<@{drawer.id}>" in turn.content and "Order draw" in turn.content
            assert env.backend.get_message(channel.id, turn.id).ping_user_ids == [drawer.id]
            # the Legal actions answer offers the drawer the choice again too
            r = await drawer.click(turn, label="Legal actions")
            assert r.ephemeral and "Show my drawn cards" in str(r.response.components)
            # the drawer re-opens the private choice from the reposted message and makes it
            r = await drawer.click(turn, label="Show my drawn cards")
            assert r.ephemeral
            r = await drawer.click(r.response, label="Rest at the bottom")
            assert r.response.content == "You kept nothing; the rest went to the bottom."
            after = await coal.store.queries.latest_game(channel.id)
            assert after.version == game.version + 1 and after.state.phase == "turn"
            nxt = channel.last_message
            assert f"<@{after.to_move_user}>" in nxt.content
    finally:
        await close_bot(coal)


async def test_posts_the_channel_refuses_stay_pending_the_host_is_told_once_and_they_go_out_later(world, monkeypatch):

    import bot.posting.publisher

    from .driver import actor, fast_forward, start_game, stored

    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    real_send = bot.posting.publisher.send

    async def refused(*args, **kwargs):  # Discord refuses the channel's posts (a permission taken away)
        return None

    monkeypatch.setattr(bot.posting.publisher, "send", refused)
    for command, options in (("coal money", {"amount": 4}), ("coal bank", {})):
        game = await stored(w)
        r = await actor(w, game).slash(w.channel, command, **options)
        assert not r.ephemeral  # the move is stored; only its post fails
    pending = await w.bot.store.outbox.pending_posts()
    assert [p.attempts for p in pending] == [2, 1]  # the first failed twice: at its move and the next
    host_dm = dm_channel(w.env, w.alice.id)
    notes = [m.content for m in host_dm.history()]
    assert len(notes) == 1 and "could not post the latest turn" in notes[0]  # told once
    monkeypatch.setattr(bot.posting.publisher, "send", real_send)
    assert await w.bot.publisher.post_pending() == 2  # what the next start does: both go out, in order
    assert await w.bot.store.outbox.pending_posts() == []


async def test_a_turn_posted_just_before_the_process_died_is_found_in_its_channel_not_posted_again(
    world, db_path, monkeypatch
):
    """Issue 26: a post's "posted" mark rides on the next commit (one commit a move), so a process that
    dies just after a post leaves that turn pending in the database. The simulated Discord lives in
    this process, so the death is played here: the bot stops without closing, its waiting mark lost
    with it (the database as a SIGKILL leaves it: the turn committed, its post not marked), and a new
    bot starts on the same database while the channel still shows the turn."""
    from .driver import actor, fast_forward, live_ids, start_game, stored

    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    # A busy bot (another post in progress) leaves the mark for a later commit; the process dies first.
    monkeypatch.setattr(storage.outbox, "FLUSH_SECONDS", 3600.0)
    w.bot.store.outbox._posting += 1
    await actor(w, game).slash(w.channel, "coal money", amount=4)
    game = await stored(w)
    turn = w.channel.last_message
    old = w.bot
    assert old.store.outbox._marks.take() == {game.id: game.version}  # the mark that waited, lost with the process
    old.store.outbox._flush.cancel()
    async with old.store.backend.read() as tx:
        assert [r[0] for r in await tx.fetch("SELECT seq FROM outbox WHERE posted_at IS NULL")] == [game.version]
    before = [m.id for m in w.channel.history()]
    old.timers.stop()
    new = create_bot(db_path, clock=virtual_clock)
    try:
        await w.env.restart_bot(new)
        await close_bot(old)
        await new._reposting

        assert [m.id for m in w.channel.history()] == before  # nothing posted twice
        assert await new.store.outbox.pending_posts() == []
        assert live_ids(w, turn)  # the turn keeps its buttons: it is the game's live message ...
        game = await stored(w)
        await actor(w, game).slash(w.channel, "coal bank")
        assert live_ids(w, turn) == []  # ... which the next turn takes away, as before the restart
    finally:
        await close_bot(new)
    async with Store(db_path) as store:  # the mark reached the database
        assert await store.outbox.pending_posts() == []


async def test_moves_made_at_once_cost_one_commit_each_and_their_marks_one_more(world):
    """Issue 26: a turn is one commit; its post's "posted" mark rides on a later turn's commit, and what
    is left when no post is in progress any more is committed at once, together."""
    from bench.bot import play_round, two_player_games

    w = world
    tables = await two_player_games(w.bot, w.env, w.guild, 10)
    backend = w.bot.store.backend
    counted = Counted(backend)

    async def unmarked() -> int:
        async with backend.read() as tx:  # what the database says, not what the store hides
            return len(await tx.fetch("SELECT id FROM outbox WHERE posted_at IS NULL"))

    for _ in range(3):  # three bursts of ten moves, one in each game
        played: list = []
        before = counted.commits
        await play_round(w.bot, w.env, tables, played)
        assert len(played) == 10
        assert counted.commits - before <= 12  # ten turns, and their marks in one or two more (was twenty)
        assert await unmarked() == 0  # every post is marked in the database once the burst is over
    # a move alone, with nothing else to do: its turn, then its mark at once in a commit of its own
    before = counted.commits
    await play_round(w.bot, w.env, tables[:1], [])
    assert counted.commits - before == 2 and await unmarked() == 0


async def test_the_start_s_reposts_of_one_slow_channel_do_not_hold_back_another_game_s(world, monkeypatch):
    """Issue 71: after restarts, the posts of a finished game stayed pending for over a minute. The start's
    repost went game by game, so a game whose channel answers slowly (Discord's per-channel rate limit on a
    run of posts, a channel timing out) held back every game after it. Each game's posts go in order; the
    games go side by side."""
    import asyncio

    import bot.posting.publisher
    from rules.record import Chooser, random_action

    from .driver import finished_game

    w = world
    slow, quick = w.guild.create_text_channel("slow"), w.guild.create_text_channel("quick")
    manager = w.bot.manager
    for channel in (slow, quick):  # a turn of each game stored and not posted, as a crash leaves it
        await manager.lobbies.new_game(w.guild.id, channel.id, w.alice.id, "alice", {"timer": "none"})
        await manager.lobbies.join(channel.id, w.bob.id, "bob")
        game = await manager.lobbies.start(channel.id, w.alice.id, seed=4)
        await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, Chooser(4)), announce=True)
    await finished_game(w, w.channel, [w.carol, w.dave], seed=3)  # (a third, posted: nothing to do)
    real_send = bot.posting.publisher.send

    answered = asyncio.Event()

    async def send(interaction, channel, *args, **kwargs):
        if getattr(channel, "id", None) == slow.id:
            await answered.wait()  # the slow channel answers when the test says
        return await real_send(interaction, channel, *args, **kwargs)

    monkeypatch.setattr(bot.posting.publisher, "send", send)
    reposting = asyncio.ensure_future(w.bot.publisher.post_pending())
    for _ in range(200):
        if quick.history():
            break
        await asyncio.sleep(0.05)
    assert [m.author.id for m in quick.history()] == [w.bot.user.id] and slow.history() == []
    answered.set()
    assert await asyncio.wait_for(reposting, 30) == 2 and await w.bot.store.outbox.pending_posts() == []
    assert len(slow.history()) == 1
