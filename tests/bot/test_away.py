"""Away (issue 49, item 1): one date for all of a player's games; their turns played at once as each game's
`absent` option says, without counting as missed turns; the tables told once; back at the date (told,
and a direct message of what was played); an allowance; across a restart."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest

import bot.service.housekeeping
from bot.i18n import speaking
from bot.words.common import day_time_text
from games.people import AWAY_DAYS_A_YEAR, AWAY_MOST_DAYS, AwayRefused
from rules.record import Chooser, random_action

from .driver import assert_refused, close_bot, fast_forward, restart, start_game, stored, virtual_clock
from .test_settings import dms

HOUR = 3600
DAY = 86400


def _said(w, pattern: str) -> list[str]:
    return [m.content for m in w.channel.history() if re.search(pattern, m.content)]


def _day(days: int) -> str:
    """The ISO date `days` from the tests' today (UTC: nobody set a time zone)."""
    return (dt.datetime.fromtimestamp(virtual_clock(), dt.UTC).date() + dt.timedelta(days=days)).isoformat()


def _midnight(days: int) -> int:
    today = dt.datetime.fromtimestamp(virtual_clock(), dt.UTC).date()
    return int(dt.datetime.combine(today + dt.timedelta(days=days), dt.time(0), tzinfo=dt.UTC).timestamp())


def _shown(instant: float, zone: dt.tzinfo = dt.UTC) -> str:
    """The instant as an English reader sees it: CLDR's day and time ("Sun, Jan 4, 2026, 00:00")."""
    with speaking("en"):
        return day_time_text(dt.datetime.fromtimestamp(instant, zone))


async def _to_move(w, member, steps: int = 60):
    """Random moves through the manager until `member` is to move in a turn of a shift."""
    return await fast_forward(w, steps, seed=2, until=lambda g: g.to_move_user == member.id and g.state.phase == "turn")


async def _bob_moves(w):
    """Bob's decisions (random, through the manager) until it is no longer his turn; then the clock
    ticks a second, for the timers."""
    chooser = Chooser(5)
    game = await stored(w)
    while game.to_move_user == w.bob.id and game.state.phase != "over":
        game = (await w.bot.manager.moves.act(w.channel.id, w.bob.id, random_action(game.state, chooser))).game
    await w.env.advance_time(1)
    return await stored(w)


async def test_an_away_player_s_turns_are_played_at_once_by_the_computer_and_never_count_as_missed(world):
    w = world
    await start_game(w, 2, seed=3, timer="24h", absent="computer")
    game = await _to_move(w, w.bob)
    r = await w.alice.slash(w.channel, "coal me away", until=_day(3))
    assert r.ephemeral and f"You are away until {_shown(_midnight(3))} (UTC)." in r.response.content
    assert f"{AWAY_DAYS_A_YEAR - 3} days of away left" in r.response.content
    told = _said(w, "is away until")
    assert told == [f"🏖 alice is away until <t:{_midnight(3)}:f>: the computer plays their turns until then."]
    before = game.version
    for _ in range(4):  # four of her turns: each played at once, none a missed turn
        game = await _bob_moves(w)
        assert game.to_move_user == w.bob.id
    log = await w.bot.store.queries.log(game.id)
    hers = [row for row in log[before:] if row.player == "alice"]
    assert hers and all(row.auto for row in hers)
    assert game.seat_of_user(w.alice.id).missed == 0  # never "absent": the seat stays hers
    assert "alice" not in game.options.stand_ins
    assert len(_said(w, "The computer played for alice, who is away until")) == len(hers)
    assert len(_said(w, "is away until <t:")) == 1 + len(hers)  # the table was told once, and each move says why


async def test_in_a_game_without_a_timer_nothing_is_played_and_the_table_is_told_it_waits(world):
    w = world
    await start_game(w, 2, seed=3, timer="none")
    game = await _to_move(w, w.alice)
    await w.alice.slash(w.channel, "coal me away", until=_day(2))
    assert _said(w, "This game has no timer: nothing is played for them, and it waits.")
    await w.env.advance_time(6 * HOUR)
    assert (await stored(w)).version == game.version


async def test_back_at_the_date_the_table_is_told_and_a_direct_message_says_what_was_played(world, monkeypatch):
    w = world
    monkeypatch.setattr(bot.service.housekeeping, "EVERY", HOUR)
    await start_game(w, 2, seed=3, timer="24h", absent="bank")
    await _to_move(w, w.bob)
    await w.alice.slash(w.channel, "coal me away", until=_day(1))
    await _bob_moves(w)  # her turn next, played by the bank at once
    assert _said(w, "The timer played for alice")
    await w.env.advance_time(_midnight(1) - virtual_clock() + HOUR + 1)  # the date, and a housekeeping round
    assert _said(w, "alice is back") == ["👋 alice is back."]
    [welcome] = [m.content for m in dms(w, w.alice) if "Welcome back" in m.content]
    assert "move was played for you" in welcome or "moves were played for you" in welcome
    assert (await w.bot.store.preferences.player_settings([w.alice.id]))[w.alice.id].away_until is None
    await _to_move(w, w.bob)
    assert (await _bob_moves(w)).to_move_user == w.alice.id  # her turn waits for her again


async def test_i_m_back_ends_it_early_and_a_bad_date_is_refused(world):
    w = world
    await start_game(w, 2, seed=3, timer="24h")
    r = await w.alice.slash(w.channel, "coal me away", until="back")
    await assert_refused(w, r, "You are not away.")
    r = await w.alice.slash(w.channel, "coal me away", until=_day(AWAY_MOST_DAYS + 2))
    await assert_refused(w, r, f"for {AWAY_MOST_DAYS} days ahead at most")
    r = await w.alice.slash(w.channel, "coal me away", until="someday")
    await assert_refused(w, r, "`someday` is not a date")
    r = await w.alice.slash(w.channel, "coal me away", until=_day(0))
    await assert_refused(w, r, "That day has begun already")
    r = await w.alice.slash(w.channel, "coal me away", until=_day(AWAY_MOST_DAYS))
    assert "You are away until" in r.response.content
    r = await w.alice.slash(w.channel, "coal me away", until="back")
    assert "Welcome back" in r.response.content and _said(w, "alice is back")
    assert (await w.bot.store.preferences.player_settings([w.alice.id]))[w.alice.id].away_until is None


async def test_the_allowance_counts_the_days_away_in_any_twelve_months(world):
    """Sixty days a year: a month away, then another, and nothing more until a year after the first."""
    people, t0 = world.bot.manager.people, virtual_clock()
    user = world.alice.id
    await people.set_away(user, t0 + 30 * DAY, t0)
    assert await people.away_days_left(user, t0 + 30 * DAY) == pytest.approx(AWAY_DAYS_A_YEAR - 30)
    assert await people.end_away(user, t0 + 30 * DAY) is not None  # back at the date
    await people.set_away(user, t0 + 61 * DAY, t0 + 31 * DAY)  # thirty more: all that is left
    with pytest.raises(AwayRefused) as refused:
        await people.set_away(user, t0 + 63 * DAY, t0 + 61 * DAY)  # a new date replaces it: used 60, left 0
    assert refused.value.params == {"most": AWAY_DAYS_A_YEAR, "left": 0}
    await people.end_away(user, t0 + 61 * DAY)
    # a year on, the first month counts only from the window's start: 20 of its days, and the 30 after it
    assert await people.away_days_left(user, t0 + 375 * DAY) == pytest.approx(AWAY_DAYS_A_YEAR - 20 - 30)
    await people.set_away(user, t0 + 380 * DAY, t0 + 375 * DAY)  # five of those ten: days again


@pytest.mark.slow
async def test_away_survives_a_restart(world, db_path):
    w = world
    await start_game(w, 2, seed=3, timer="24h", absent="computer")
    await _to_move(w, w.bob)
    await w.alice.slash(w.channel, "coal me away", until=_day(5))
    new = await restart(w, db_path)
    try:
        game = await _bob_moves(w)
        assert game.to_move_user == w.bob.id and _said(w, "The computer played for alice")
    finally:
        await close_bot(new)


async def test_the_away_command_offers_i_m_back_and_the_days_ahead(world):
    w = world
    choices = await w.alice.autocomplete(w.channel, "coal me away", "until", "")
    assert choices[0]["value"] == "back" and choices[1]["value"] == _day(1) and len(choices) == 25  # Discord's most
    typed = await w.alice.autocomplete(w.channel, "coal me away", "until", _day(29))
    assert [c["value"] for c in typed] == ["back", _day(29)]  # "I'm back" always first


async def test_the_answer_names_the_time_zone_the_day_begins_in_and_typing_a_day_filters_the_days(world):
    """Issue 74, item 7: "away until Dec 4, 12:00 AM" named no zone, and a day typed matched every day
    whose ISO date holds it ("12" every December day, "20" every day of 2026)."""
    w = world
    await w.bot.manager.people.change_settings(w.alice.id, time_zone="Asia/Tokyo")
    r = await w.alice.slash(w.channel, "coal me away", until=_day(3))
    tokyo = ZoneInfo("Asia/Tokyo")
    today = dt.datetime.fromtimestamp(virtual_clock(), tokyo).date()
    start = dt.datetime.combine(today + dt.timedelta(days=3), dt.time(0), tzinfo=tokyo).timestamp()
    assert f"You are away until {_shown(start, tokyo)} (Asia/Tokyo)." in r.response.content, r.response.content
    everything = await w.bob.autocomplete(w.channel, "coal me away", "until", "")
    assert len(everything) == 25 and everything[0]["value"] == "back"  # suggested before anything is typed
    twentieth = await w.bob.autocomplete(w.channel, "coal me away", "until", "20")  # not every day of 2026
    days = [c for c in twentieth if c["value"] != "back"]
    assert days and all(c["value"].endswith("-20") for c in days), twentieth
    assert [c["value"] for c in await w.bob.autocomplete(w.channel, "coal me away", "until", _day(5))][1] == _day(5)
