"""No game stuck after a fault (issue 28): every step the bot owes a game — a post, a computer's
move, a deadline — is tried again after a backoff until it is done, without a restart; a game whose
channel stays out of reach is ended after a week and its host told once; one failing game does not
hold up another. The faults are injected as they happen: Discord refusing a post (an HTTP error from
the simulated Discord), a real PostgreSQL stopped and started, a full file system."""

from __future__ import annotations

import logging

import pytest

from games.computers import is_computer
from games.timers import UNREACHABLE_DAYS
from tests.simcord_seam import dm_channel

from .driver import stored

HOUR = 3600
DAY = 86400
POSTS = "/channels/*/messages"


async def _solo_with_a_timer(w, monkeypatch, seed: int = 5, **options):
    """Alice and a normal computer, a one-hour timer; through Discord, up to Alice's first pick."""
    monkeypatch.setattr("games.lobbies.secrets.randbits", lambda bits: seed)
    await w.alice.slash(w.channel, "coal new", thread=False, timer="1h", **options)
    r = await w.alice.slash(w.channel, "coal host addbot", level="normal")  # the lobby message with live buttons
    await w.alice.click(r.response.message, label="Start")
    await w.bot.computers.idle()
    game = await stored(w)
    assert game.to_move_user == w.alice.id
    return game


def _ours(w) -> list:
    return [m for m in w.channel.history() if m.author.id == w.bot.user.id]


async def test_a_timer_move_whose_posts_fail_lets_the_computer_move_and_is_posted_later(world, monkeypatch):
    w = world
    game = await _solo_with_a_timer(w, monkeypatch)
    await w.env.advance_time(HOUR / 2)  # the reminder
    before = len(_ours(w))
    w.env.inject_error("POST", POSTS, status=500, times=2)  # the timer's note and its turn message
    await w.env.advance_time(HOUR / 2)  # the deadline: the timer plays, its posts are refused
    await w.env.advance_time(60)  # the backoff: the turn is posted, then the computer moves
    await w.bot.computers.idle()
    after = await stored(w)
    log = await w.bot.store.queries.log(game.id)
    timer = next(e for e in log if e.seq == game.version + 1)
    assert timer.auto and timer.user_id == w.alice.id
    assert any(is_computer(e.user_id) for e in log if e.seq > timer.seq)  # the computer moved, no restart
    assert after.to_move_user == w.alice.id
    # nothing lost: the timer's turn was posted before the computer's, in order, and nothing is pending
    assert await w.bot.store.outbox.pending_posts(game.id) == []
    said = [m.content for m in _ours(w)[before:]]
    timer_turn = next(k for k, text in enumerate(said) if "your pick" in text or "drafted" in text)
    computer_turn = next(k for k, text in enumerate(said) if text.startswith("🤖"))
    assert timer_turn < computer_turn


async def test_a_post_refused_once_is_posted_after_a_backoff_without_a_restart(world, monkeypatch):
    w = world
    game = await _solo_with_a_timer(w, monkeypatch, absent="bank")
    await w.env.advance_time(HOUR / 2)  # the reminder
    w.env.inject_error("POST", POSTS, status=403, code=50013, message="Missing Permissions", times=4)
    await w.env.advance_time(HOUR / 2)  # the timer plays; its note, its turn and the computer's are refused
    await w.bot.computers.idle()
    assert await w.bot.store.outbox.pending_posts(game.id) != []
    await w.env.advance_time(60)  # the backoff
    await w.bot.computers.idle()
    assert await w.bot.store.outbox.pending_posts(game.id) == []
    assert "Time ran out" not in " ".join(m.content for m in _ours(w))  # the note is not kept; the turns are
    assert any(m.content.startswith("🤖") for m in _ours(w))


@pytest.mark.slow
async def test_a_channel_out_of_reach_for_a_week_ends_the_game_and_tells_the_host_once(world, monkeypatch, caplog):

    w = world
    game = await _solo_with_a_timer(w, monkeypatch, absent="bank")
    w.env.inject_error(
        "*", f"/channels/{w.channel.id}/*", status=404, code=10003, message="Unknown Channel", times=None
    )
    with caplog.at_level(logging.WARNING, logger="coalbaron"):
        await w.env.advance_time(HOUR)
        await w.bot.computers.idle()
        for _ in range(UNREACHABLE_DAYS + 1):
            await w.env.advance_time(DAY)
    ended = await w.bot.store.queries.load_game(game.id)
    assert ended.status == "aborted" and await w.bot.manager.games.current(w.channel.id) is None
    assert await w.bot.store.outbox.pending_posts(game.id) == []
    dm = dm_channel(w.env, w.alice.id)
    notes = [m.content for m in dm.history()]
    assert len(notes) == 2, notes  # once when the posts started failing, once when the game ended
    assert "could not post the latest turn" in notes[0] and "has ended without a result" in notes[1]
    tries = [r for r in caplog.records if "a post failed" in r.getMessage()]
    assert 20 <= len(tries) < 500  # tried again and again, less and less often: not thousands of times


async def test_a_game_whose_channel_is_gone_does_not_hold_up_another_games_timer(world):
    from .driver import lobby_button

    w = world
    games = []
    for channel in (w.channel, w.guild.create_text_channel("coal-2")):  # two games, two channels
        r = await w.alice.slash(channel, "coal new", thread=False, timer="1h", absent="bank")
        lobby = r.response.message
        await w.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
        await w.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
        games.append((channel, await w.bot.store.queries.latest_game(channel.id)))
        await w.env.advance_time(5)  # the first game's deadline comes first
    (gone, first), (other, second) = games
    gone_thread = {"status": 404, "code": 10003, "message": "Unknown Channel"}
    w.env.inject_error("*", f"/channels/{gone.id}/*", times=None, **gone_thread)
    await w.env.advance_time(HOUR)  # both deadlines have passed, the first game's first
    after = await w.bot.store.queries.latest_game(other.id)
    assert after.version == second.version + 1  # the other game's timer move, in the same pass
    assert any("Time ran out" in m.content for m in other.history())
    assert (await w.bot.store.queries.latest_game(gone.id)).version == first.version + 1  # stored, its post pending


async def test_posts_rate_limited_by_discord_are_neither_lost_nor_reordered(world, monkeypatch):
    """Issue 26: Discord answers 429 when the bot posts too fast (channel posts of timer and computer
    moves count against the bot's ~50 requests a second; interaction answers do not). A turn refused
    so is posted later, once, and before the turns after it."""
    w = world
    game = await _solo_with_a_timer(w, monkeypatch)
    before = len(_ours(w))
    w.env.inject_error("POST", POSTS, status=429, code=0, message="You are being rate limited.", times=3)
    await w.env.advance_time(HOUR)  # the reminder, then the deadline: the timer plays; its posts get 429s
    for _ in range(6):  # the backoff: the posts go out, then the computer moves and is posted
        await w.env.advance_time(60)
        await w.bot.computers.idle()
    assert not [f for f in w.env.backend.faults if f["status"] == 429]  # the three 429s were all answered
    log = await w.bot.store.queries.log(game.id)
    assert await w.bot.store.outbox.pending_posts(game.id) == []  # nothing lost
    said = [m.content for m in _ours(w)[before:]]
    timer_turn = [k for k, text in enumerate(said) if "Time ran out" in text or "drafted" in text]
    computer_turns = [k for k, text in enumerate(said) if text.startswith("🤖")]
    assert timer_turn and computer_turns and timer_turn[0] < computer_turns[0]  # in order
    posted_turns = [m for m in _ours(w)[before:] if m.attachments]
    assert len(posted_turns) == len({m.content for m in posted_turns})  # none twice
    assert [e.seq for e in log][-1] == (await stored(w)).version
