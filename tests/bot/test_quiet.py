"""Quiet hours (issue 49, item 2): a deadline that would end in them moves to their end and fires once, there;
the turn's ping waits for their end (across a restart); the reminder waits; the heads-up; a DST change in
the player's zone. SimCord's clock starts at 2026-01-01 00:00 UTC (01:00 in Berlin: a quiet hour)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import bot.service.housekeeping
from rules.record import Chooser, random_action

from .driver import assert_refused, close_bot, fast_forward, restart, start_game, stored, virtual_clock
from .test_settings import dms, pings

HOUR = 3600
DAY = 86400


def _at(text: str) -> float:
    return dt.datetime.fromisoformat(text).timestamp()


def _said(w, pattern: str) -> list:
    return [m for m in w.channel.history() if re.search(pattern, m.content)]


async def _alice_is_quiet(w, start="22:00", end="08:00", zone="Europe/Berlin"):
    r = await w.alice.slash(w.channel, "coal me quiet", time_zone=zone, start=start, end=end)
    assert r.ephemeral and f"Your quiet hours: {start}–{end}, time zone {zone}." in r.response.content
    return r


async def _to_alice(w, seed: int = 2):
    """Random moves until bob is to move in a turn of a shift; then his moves, each posted as a person's
    would be, until the turn is alice's (the message that hands it to her is the channel's last)."""
    game = await fast_forward(w, 60, seed=seed, until=lambda g: g.to_move_user == w.bob.id and g.state.phase == "turn")
    chooser = Chooser(seed)
    while game.to_move_user != w.alice.id:
        action = random_action(game.state, chooser)
        result = await w.bot.manager.moves.act(w.channel.id, game.to_move_user, action, announce=True)
        await w.bot.publisher.publish(result)
        game = result.game
    return game


@pytest.mark.slow  # over a second
async def test_a_turn_in_quiet_hours_pings_when_they_end_and_its_deadline_moves_to_their_end(world, db_path):
    w = world
    await _alice_is_quiet(w)
    await start_game(w, 2, seed=3, timer="24h", absent="bank")
    game = await _to_alice(w)
    assert virtual_clock() == _at("2026-01-01T00:00:00+00:00")  # 01:00 in Berlin
    # 24 hours on is 01:00 in Berlin, a quiet hour: the deadline moves to 08:00 there, 07:00 UTC
    assert game.deadline == _at("2026-01-02T07:00:00+00:00")
    turn = w.channel.last_message
    assert w.alice.id not in pings(w, turn) and f"<t:{int(game.deadline)}:R>" in turn.content
    await w.env.advance_time(3 * HOUR)
    new = await restart(w, db_path)  # the held ping is stored: a restart keeps it
    try:
        await w.env.advance_time(_at("2026-01-01T07:00:00+00:00") - virtual_clock() - 1)
        assert _said(w, "it is your turn") == []
        await w.env.advance_time(1)  # 08:00 in Berlin: her quiet hours are over
        [held] = _said(w, "it is your turn")
        assert held.content == f"<@{w.alice.id}>, it is your turn." and w.alice.id in pings(w, held)
        await w.env.advance_time(_at("2026-01-02T07:00:00+00:00") - virtual_clock() - 1)
        assert (await stored(w)).version == game.version  # the reminder came at 19:00 UTC, not the move
        assert len(_said(w, "your turn ends")) == 1
        await w.env.advance_time(1)  # the moved deadline: once, there
        after = await stored(w)
        assert after.version == game.version + 1 and len(_said(w, "Time ran out")) == 1
        await w.env.advance_time(2 * HOUR)
        assert len(_said(w, "it is your turn")) == 1
    finally:
        await close_bot(new)


async def test_the_reminder_waits_for_the_end_of_quiet_hours(world):
    w = world
    await _alice_is_quiet(w, "10:00", "14:00", "UTC")
    await start_game(w, 2, seed=3, timer="24h", absent="bank")
    game = await _to_alice(w)
    assert game.deadline == virtual_clock() + DAY  # midnight is not quiet: the deadline stays
    await w.env.advance_time(12 * HOUR)  # half time, 12:00 UTC: quiet
    assert _said(w, "your turn ends") == []
    await w.env.advance_time(2 * HOUR - 1)
    assert _said(w, "your turn ends") == []
    await w.env.advance_time(1)
    assert len(_said(w, "your turn ends")) == 1


async def test_a_deadline_moved_across_a_dst_change_lands_on_the_wall_clock_s_end(world, monkeypatch):
    """Berlin goes from 02:00 CET to 03:00 CEST on 29 March 2026: 08:00 there is 06:00 UTC that morning."""
    w = world
    monkeypatch.setattr(bot.service.housekeeping, "EVERY", 200 * DAY)
    await w.env.advance_time(_at("2026-03-28T23:30:00+00:00") - virtual_clock())  # 00:30 CET
    await _alice_is_quiet(w)
    await start_game(w, 2, seed=3, timer="1h", absent="bank")
    game = await _to_alice(w)
    assert game.deadline == _at("2026-03-29T06:00:00+00:00")  # not 07:00: the clocks went forward
    await w.env.advance_time(game.deadline - virtual_clock() - 1)
    assert (await stored(w)).version == game.version
    await w.env.advance_time(1)
    assert (await stored(w)).version == game.version + 1


async def test_heads_up_tells_the_next_player_but_not_in_their_quiet_hours(world):
    w = world
    r = await w.bob.slash(w.channel, "coal me quiet", heads_up=True)
    assert "Heads-up: a direct message when you are next" in r.response.content
    await start_game(w, 2, seed=3, timer="24h")
    await _to_alice(w)
    ahead = [m.content for m in dms(w, w.bob) if "You are next" in m.content]
    assert ahead and ahead[-1].startswith("🔔 You are next in Coal Baron, game")
    await w.bob.slash(w.channel, "coal me quiet", time_zone="UTC", start="00:00", end="06:00")
    count = len([m for m in dms(w, w.bob) if "You are next" in m.content])
    await _to_alice(w, seed=4)  # alice's turn again, bob next: at midnight, his quiet hours
    assert len([m for m in dms(w, w.bob) if "You are next" in m.content]) == count  # dropped at night, not held
    await w.env.advance_time(7 * HOUR)
    assert len([m for m in dms(w, w.bob) if "You are next" in m.content]) == count


async def test_quiet_hours_refuse_what_is_not_a_zone_or_a_time_and_can_be_turned_off(world):
    w = world
    r = await w.alice.slash(w.channel, "coal me quiet", time_zone="Mars/Olympus")
    await assert_refused(w, r, "`Mars/Olympus` is not a time zone I know")
    r = await w.alice.slash(w.channel, "coal me quiet", start="25:00", end="07:00")
    await assert_refused(w, r, "`25:00` is not a time of day")
    r = await w.alice.slash(w.channel, "coal me quiet", start="23:00")
    await assert_refused(w, r, "Quiet hours need a start and an end, for example `start:22:00 end:08:00`.")
    r = await w.alice.slash(w.channel, "coal me quiet", start="00:01", end="00:00")  # issue 71: a day, not a night
    await assert_refused(w, r, "Quiet hours last 12 hours at most", "00:01–00:00 is longer. Nothing was changed.")
    assert (await w.bot.store.preferences.player_settings([w.alice.id]))[w.alice.id].quiet_from is None
    await _alice_is_quiet(w, "23:30", "07:00", "Asia/Tokyo")
    r = await w.alice.slash(w.channel, "coal me quiet", off=True)
    assert "You have no quiet hours." in r.response.content
    offered = await w.alice.autocomplete(w.channel, "coal me quiet", "time_zone", "")
    assert offered[0]["value"] == "UTC" and "Europe/Rome" in [o["value"] for o in offered]
    offered = await w.alice.autocomplete(w.channel, "coal me quiet", "time_zone", "sao pau")
    assert [o["value"] for o in offered] == ["America/Sao_Paulo"]


@pytest.mark.parametrize(
    ("typed", "minute"), [("22:00", 1320), ("7:30", 450), ("0730", 450), ("22", 1320), ("24:00", 0), ("7.5", None)]
)
def test_times_of_day_as_people_type_them(typed, minute):
    from games.quiet import minute_of

    assert minute_of(typed) == minute


async def test_in_a_game_without_a_timer_the_held_ping_comes_when_quiet_hours_end(world):
    """No deadline to move, but the turn's ping still waits for the end of quiet hours, and then comes."""
    w = world
    await _alice_is_quiet(w, "23:00", "06:00", "UTC")
    await start_game(w, 2, seed=3, timer="none")
    game = await _to_alice(w)
    assert game.deadline is None and w.alice.id not in pings(w, w.channel.last_message)
    await w.env.advance_time(6 * HOUR - 1)
    assert _said(w, "it is your turn") == []
    await w.env.advance_time(1)
    [held] = _said(w, "it is your turn")
    assert w.alice.id in pings(w, held)
    assert (await stored(w)).held_ping is None
