"""Players' data through Discord (issue 47): `/coal me privacy`, showing a person's data, forgetting them
after a confirmation, the operator's forget while the bot runs, and a server that removes the bot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import bot.service.housekeeping
from bot.service.housekeeping import EVERY
from games import privacy
from games.errors import NotSeated
from rules.record import Chooser, random_action
from tests.simcord_seam import add_bot_again, remove_bot
from tests.storage.helpers import nothing_about

from .driver import assert_refused, components_of, fast_forward, finished_game, panel_text, start_game, stored

ROOT = Path(__file__).resolve().parents[2]
DAY = 86400.0


def _button(message, what: str) -> str:
    return next(c.custom_id for c in components_of(message) if c.custom_id == f"coal-privacy:{what}")


async def _finish(w, channel) -> None:
    """The channel's running game played to its end through the manager (its computers moving by themselves)."""
    chooser = Chooser(11)
    while (game := await w.bot.manager.games.current(channel.id)) is not None:
        if game.to_move_user is not None and game.to_move_user > 100:  # a person's turn
            await w.bot.manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))
        else:
            w.bot.computers.wake(channel.id)
            await w.bot.computers.idle()
    await w.bot.housekeeping.idle()  # a game that ended holding a person being forgotten woke it


async def test_the_privacy_panel_shows_a_person_s_data_once_every_ten_minutes(world):
    w = world
    await finished_game(w, w.channel, [w.alice, w.bob], seed=3)
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    r = await w.bob.slash(w.channel, "coal me privacy")
    assert r.ephemeral and "What I keep about you" in panel_text(r.response)
    r = await w.bob.click(r.response, custom_id=_button(r.response, "show"))
    assert r.ephemeral and r.response.content == "Everything I keep about you, in every server, as JSON."
    got = json.loads(await r.response.attachments[0].read())
    assert got == json.loads(json.dumps(await w.bot.store.personal.user_data(w.bob.id)))
    assert got["settings"]["ping"] == "dm" and [s["name"] for s in got["seats"]] == ["bob"]
    panel = (await w.bob.slash(w.channel, "coal me privacy")).response
    r = await w.bob.click(panel, custom_id=_button(panel, "show"))
    await assert_refused(w, r, "You asked for that a moment ago")


async def test_forget_me_asks_first_then_forgets_everywhere_and_the_running_game_goes_on(world):
    w = world
    await finished_game(w, w.channel, [w.alice, w.bob], seed=3)
    finished = await stored(w)
    running = w.guild.create_text_channel("running")
    lobby = w.guild.create_text_channel("lobby")
    manager = w.bot.manager
    await manager.lobbies.new_game(w.guild.id, running.id, w.bob.id, "bob", {"timer": "none"})
    await manager.lobbies.join(running.id, w.alice.id, "alice")
    await manager.lobbies.start(running.id, w.bob.id, seed=5)
    await manager.lobbies.new_game(w.guild.id, lobby.id, w.carol.id, "carol")
    await manager.lobbies.join(lobby.id, w.bob.id, "bob")
    await w.bob.slash(w.channel, "coal me settings", ping="dm")
    panel = (await w.bob.slash(w.channel, "coal me privacy")).response
    r = await w.bob.click(panel, custom_id=_button(panel, "forget"))
    assert "This cannot be undone." in panel_text(r.response)
    r = await w.bob.click(r.response, custom_id=_button(r.response, "cancel"))
    assert (
        panel_text(r.response) == "Nothing was forgotten."
        and (await manager.people.settings_of([w.bob.id]))[w.bob.id].ping == "dm"
    )
    panel = (await w.bob.slash(w.channel, "coal me privacy")).response
    r = await w.bob.click(panel, custom_id=_button(panel, "forget"))
    r = await w.bob.click(r.response, custom_id=_button(r.response, "yes"))
    assert panel_text(r.response) == (
        "Done: your settings and ratings are deleted. In 1 game that has ended you are now a former player."
        " In 1 running game a computer plays for you, and your name goes when the game ends. You left 1 lobby."
    )
    assert (await manager.people.settings_of([w.bob.id]))[w.bob.id].ping == "mention"  # the default again
    game = await manager.games.current(running.id)
    assert game.options.stand_ins["bob"].by == "forget" and game.host_id == w.alice.id
    assert [s.user_id for s in (await manager.games.current(lobby.id)).seats] == [w.carol.id]
    renamed = await w.bot.store.queries.load_game(finished.id)
    assert [s.name for s in renamed.seats] == ["alice", "Former player 1"]
    r = await w.bob.slash(running, "coal bank")  # his seat is the computer's now, and nobody gives it back
    await assert_refused(w, r, "A computer plays for you now")
    r = await w.bob.slash(running, "coal join")
    await assert_refused(w, r, "You are not seated in this game.")
    await _finish(w, running)  # the game ends: housekeeping is woken and renames him there too
    assert await w.bot.store.personal.user_data(w.bob.id) == nothing_about(w.bob.id)
    assert await w.bot.store.queries.verify() == []


@pytest.mark.slow
async def test_the_operator_s_forget_while_the_bot_runs_is_not_undone_by_the_bot(world, db_path):
    """`python -m storage forget` on the database of a running bot: it renames what has ended; the bot,
    whose memory holds the running game, hands the seat over at its next round and renames the game when it
    ends; nothing the bot writes brings the name back."""
    w = world
    await finished_game(w, w.channel, [w.alice, w.bob], seed=3)
    running = w.guild.create_text_channel("running")
    await start_game_in(w, running)
    await w.bot.manager.games.current(running.id)  # the bot holds it in memory
    out = subprocess.run(
        [sys.executable, "-m", "storage", "forget", str(w.bob.id), str(db_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and "1 lobby or running game(s) still hold them" in out.stdout, out.stderr
    await w.env.advance_time(EVERY)  # the bot's next round
    game = await w.bot.manager.games.current(running.id)
    assert game.options.stand_ins["bob"].by == "forget"
    await _finish(w, running)
    data = await w.bot.store.personal.user_data(w.bob.id)
    assert data["seats"] == [] and data["moves"] == [] and data["forget_request"] is None
    r = await w.alice.slash(running, "coal record export")
    assert "bob" not in (await r.response.attachments[0].read()).decode()


async def _days_pass(w, days: int) -> None:
    for _day in range(days):  # a day at a time: a housekeeping round every few minutes of the test's clock
        await w.env.advance_time(DAY)


async def start_game_in(w, channel):
    manager = w.bot.manager
    await manager.lobbies.new_game(w.guild.id, channel.id, w.alice.id, "alice", {"timer": "none"})
    await manager.lobbies.join(channel.id, w.bob.id, "bob")
    return await manager.lobbies.start(channel.id, w.alice.id, seed=6)


@pytest.mark.slow
async def test_a_server_that_removes_the_bot_loses_its_games_now_and_its_data_after_the_grace(world, monkeypatch):
    monkeypatch.setattr(bot.service.housekeeping, "EVERY", DAY / 4)  # (rounds every six hours: a month passes sooner)
    w = world
    await finished_game(w, w.channel, [w.alice, w.bob], seed=3)
    running = w.guild.create_text_channel("running")
    game = await start_game_in(w, running)
    chooser = Chooser(1)  # a turn stored, its post still to be made (as when Discord refuses the channel)
    await w.bot.manager.moves.act(running.id, game.to_move_user, random_action(game.state, chooser), announce=True)
    assert await w.bot.store.outbox.pending_posts()
    lobby = w.guild.create_text_channel("lobby")
    await w.bot.manager.lobbies.new_game(w.guild.id, lobby.id, w.carol.id, "carol")
    model = await remove_bot(w.env, w.guild.id)
    store = w.bot.store
    assert {g.status for g in await store.queries.games()} == {"finished", "aborted"}  # ended at once, no result
    assert await store.outbox.pending_posts() == []  # nothing left to post where the bot cannot
    await _days_pass(w, 29)
    assert len(await store.queries.games()) == 3  # within the grace, everything is kept
    await add_bot_again(w.env, model)  # back in time: kept
    await _days_pass(w, 5)
    assert len(await store.queries.games()) == 3 and await store.personal.purges_due(1e18) == []
    await remove_bot(w.env, w.guild.id)
    await _days_pass(w, 31)
    assert await store.queries.games() == [] and await store.ladders.leaderboard(w.guild.id) == []
    assert await store.queries.verify() == []


async def test_a_forgotten_seat_is_refused_to_its_owner_and_the_host_cannot_give_it_back(world):
    w = world
    await start_game(w, 2, seed=4, timer="none")
    game = await fast_forward(w, 30, until=lambda g: g.to_move_user == w.bob.id and g.state.phase == "turn")
    await privacy.forget(w.bot.store, w.bob.id)
    await privacy.carry_out(w.bot.store, w.bob.id, w.bot.manager)
    w.bot.computers.wake(w.channel.id)
    await w.bot.computers.idle()
    after = await stored(w)
    assert after.version > game.version  # the computer played his turn
    with pytest.raises(NotSeated):  # not even the host gives it back
        await w.bot.manager.hosting.take_back(w.channel.id, w.bob.id, allowed_by=w.alice.id)


async def test_posts_made_are_forgotten_after_a_week(world, monkeypatch):
    """Retention (PRIVACY.md): a post in its channel stays in the outbox 7 days, then a round drops it."""
    monkeypatch.setattr(bot.service.housekeeping, "EVERY", DAY / 4)  # (rounds every six hours)
    w = world
    await start_game(w, 2, seed=4, timer="none")  # nothing moves while the days pass
    game = await fast_forward(w, 30, until=lambda g: g.state.phase == "turn")
    member = next(m for m in w.players if m.id == game.to_move_user)
    await member.slash(w.channel, "coal bank")
    await w.bot.store.outbox.flush_marks()
    async with w.bot.store.backend.read() as tx:
        posted = (await tx.fetch("SELECT count(*) FROM outbox WHERE posted_at IS NOT NULL", ()))[0][0]
    assert posted >= 1
    await _days_pass(w, 6)
    async with w.bot.store.backend.read() as tx:
        assert (await tx.fetch("SELECT count(*) FROM outbox WHERE posted_at IS NOT NULL", ()))[0][0] == posted
    await _days_pass(w, 2)
    async with w.bot.store.backend.read() as tx:
        assert (await tx.fetch("SELECT count(*) FROM outbox", ()))[0][0] == 0


async def test_a_pending_forget_covers_only_what_was_kept_when_it_was_asked(world):
    """Issue 71: Bob's request waits for his running game; the game he opens in another channel afterwards,
    and the lobby he joins, are his: no round takes his new seat or makes him leave, his new game is rated,
    and the request ends when the game it covers ends. Asking again covers the new game too."""
    w = world
    manager = w.bot.manager
    running = w.guild.create_text_channel("running")
    await start_game_in(w, running)  # untimed, Bob seated: the request waits for it
    panel = (await w.bob.slash(w.channel, "coal me privacy")).response
    r = await w.bob.click(panel, custom_id=_button(panel, "forget"))
    assert "Games you open or join after this are yours" in panel_text(r.response)
    await w.bob.click(r.response, custom_id=_button(r.response, "yes"))
    assert (await manager.games.current(running.id)).options.stand_ins["bob"].by == "forget"

    new = w.guild.create_text_channel("new")  # afterwards: Bob opens a game and starts it, and joins a lobby
    await manager.lobbies.new_game(w.guild.id, new.id, w.bob.id, "bob", {"timer": "none"})
    await manager.lobbies.join(new.id, w.carol.id, "carol")
    await manager.lobbies.start(new.id, w.bob.id, seed=8)
    lobby = w.guild.create_text_channel("lobby")
    await manager.lobbies.new_game(w.guild.id, lobby.id, w.dave.id, "dave")
    await manager.lobbies.join(lobby.id, w.bob.id, "bob")
    await w.env.advance_time(EVERY)  # the next housekeeping round
    await w.bot.housekeeping.idle()
    game = await manager.games.current(new.id)
    assert game.options.stand_ins == {} and game.host_id == w.bob.id  # his seat, his say
    assert w.bob.id in [s.user_id for s in (await manager.games.current(lobby.id)).seats]
    r = await w.bob.slash(new, "coal status")
    assert not r.ephemeral or "computer plays for you" not in (r.response.content or "")

    await _finish(w, running)  # the covered game ends: renamed there, and the request is over
    assert await w.bot.store.personal.forget_requests() == []
    assert [s.name for s in (await w.bot.store.queries.load_game((await stored_in(w, running)).id)).seats] == [
        "alice",
        "Former player 1",
    ]
    await _finish(w, new)  # his new game ends: he is rated in it, as anyone
    assert (await w.bot.store.ladders.ratings(w.guild.id, [w.bob.id])).keys() == {w.bob.id}
    assert [s.name for s in (await stored_in(w, new)).seats] == ["bob", "carol"]

    await privacy.forget(w.bot.store, w.bob.id)  # asked again: what is kept by now
    done = await privacy.carry_out(w.bot.store, w.bob.id, manager)
    assert (done.renamed, done.lobbies_left) == (1, 1) and done.done
    assert await w.bot.store.personal.user_data(w.bob.id) == nothing_about(w.bob.id)


async def test_a_covered_game_that_ends_does_not_rate_the_person_being_forgotten(world):
    w = world
    running = w.guild.create_text_channel("running")
    await w.bot.manager.lobbies.new_game(w.guild.id, running.id, w.alice.id, "alice", {"timer": "none"})
    for member in (w.bob, w.carol):
        await w.bot.manager.lobbies.join(running.id, member.id, member.name)
    await w.bot.manager.lobbies.start(running.id, w.alice.id, seed=6)
    await privacy.forget(w.bot.store, w.bob.id)
    await privacy.carry_out(w.bot.store, w.bob.id, w.bot.manager)
    ladders_before = await w.bot.store.ladders.ratings(w.guild.id, [w.bob.id])
    assert ladders_before == {}
    w.bot.housekeeping.stop()  # so the game is seen between its end and the rename
    await _finish(w, running)
    assert (await w.bot.store.ladders.ratings(w.guild.id, [w.alice.id, w.bob.id, w.carol.id])).keys() == {
        w.alice.id,
        w.carol.id,
    }


async def stored_in(w, channel):
    return await w.bot.manager.games.latest(channel.id)
