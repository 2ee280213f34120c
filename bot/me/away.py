"""`/coal me away` and `/coal me quiet`: a player's away date and quiet hours, for all their games, and
what their tables are told.

Away: the date is a day in the player's time zone (their quiet hours' zone, else UTC): they are away
until that day begins. The tables of their running games are told once, when it is set, in each game's
language: the computer or the timer plays for them at once (`bot.play.timers`), or, without a timer, nothing
is played and the game waits. When the date comes, a housekeeping round (`bot.service.housekeeping`, every few
minutes) ends it, outside their quiet hours: the tables are told they are back, and they get a direct
message of how many moves were played for them in each game. "I'm back" ends it at once.

Quiet hours: a time zone (autocomplete from `zoneinfo`, a few common ones first) and two times of day.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.command_options import MAX_CHOICES, best_first
from bot.context import TIMERS_CHANGED, client_of
from bot.i18n import _, in_channel, locale_for, speak
from bot.posting import game_messages
from bot.posting.telling import game_link
from bot.words import away as words
from bot.words.common import day_text, time_text
from games import Game
from games.errors import GameError, Reason
from games.people import AWAY_MOST_DAYS
from games.quiet import QUIET_MOST, minute_of, quiet_end, quiet_length, zone, zone_names
from storage import PlayerSettings

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

BACK = "back"  # the `until` value that ends being away
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Rome",
    "Europe/Madrid",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Tokyo",
    "Asia/Kolkata",
    "Australia/Sydney",
)


class BadInput(GameError):
    """A date, time or time zone that is not one."""


def _zone_of(person: PlayerSettings) -> dt.tzinfo:
    return zone(person.time_zone or "") or dt.UTC


def day_start(day: dt.date, person: PlayerSettings) -> float:
    """The instant `day` begins in the person's time zone."""
    return dt.datetime.combine(day, dt.time(0, 0), tzinfo=_zone_of(person)).timestamp()


def parse_day(text: str, person: PlayerSettings, now: float) -> dt.date:
    """The day typed or picked: an ISO date (2026-12-03), or a number of days from today."""
    t = text.strip()
    today = dt.datetime.fromtimestamp(now, _zone_of(person)).date()
    if t.isdigit() and 0 < int(t) <= 366:
        return today + dt.timedelta(days=int(t))
    try:
        return dt.date.fromisoformat(t)
    except ValueError:
        raise BadInput(Reason.BAD_DATE, value=t[:40]) from None


async def day_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of `until`: "I'm back", then the days from tomorrow on (as "Back on Thu 3 Dec 2026"),
    before anything is typed too; a number typed is a day of the month."""
    bot = client_of(interaction)
    speak(locale_for(interaction.locale))
    person = (await bot.manager.people.settings_of([interaction.user.id]))[interaction.user.id]
    today = dt.datetime.fromtimestamp(bot.clock(), _zone_of(person)).date()
    days = []
    for k in range(1, AWAY_MOST_DAYS + 1):
        day = today + dt.timedelta(days=k)
        label = _(words.AWAY_DAY_CHOICE).format(day=day_text(day))
        days.append(app_commands.Choice(name=label[:100], value=day.isoformat()))
    back = app_commands.Choice(name=_(words.AWAY_BACK_CHOICE), value=BACK)  # always first
    typed = current.strip()
    if typed.isdigit():  # a day of the month ("12": the 12th, then the days it begins, as 1 begins 10-19)
        of_month = [(c, c.value.rsplit("-", 1)[1].lstrip("0")) for c in days]
        exact = [c for c, d in of_month if d == typed.lstrip("0")]
        found = exact + [c for c, d in of_month if d.startswith(typed) and c not in exact]
    else:  # a weekday or a month as they read, or a date typed as one ("2026-12-1")
        found = best_first(days, typed, lambda c: c.value, lambda c: c.name)
    return [back, *found][:MAX_CHOICES]


async def zone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of `time_zone`: the common ones when nothing is typed, else every IANA name that matches."""
    typed = current.strip().replace(" ", "_")
    names = COMMON_ZONES if not typed else best_first(zone_names(), typed, lambda n: n, lambda n: n)
    now = client_of(interaction).clock()
    out = []
    for name in list(names)[:25]:
        tz = zone(name)
        local = time_text(dt.datetime.fromtimestamp(now, tz)) if tz else ""
        out.append(app_commands.Choice(name=f"{name} ({local})"[:100], value=name))
    return out


async def set_away(interaction: discord.Interaction, until: str) -> None:
    """`/coal me away until:…`: away until that day, or back ("I'm back")."""
    bot = client_of(interaction)
    user = interaction.user.id
    now = bot.clock()
    if until.strip().lower() in (BACK, _(words.AWAY_BACK_CHOICE).lower()):
        back = await bot.manager.people.end_away(user, now)
        if back is None:
            raise BadInput(Reason.NOT_AWAY)
        await interaction.response.send_message(_(words.AWAY_ENDED), ephemeral=True)
        await tell_tables(bot, user, None)
        bot.dispatch(TIMERS_CHANGED)
        return
    person = (await bot.manager.people.settings_of([user]))[user]
    back_at = day_start(parse_day(until, person, now), person)
    saved = await bot.manager.people.set_away(user, back_at, now)
    left = await bot.manager.people.away_days_left(user, now)
    answer = words.away_set(back_at, left - (back_at - now) / 86400, _zone_of(person), person.time_zone or "UTC")
    await interaction.response.send_message(answer, ephemeral=True)
    assert saved.away_until is not None
    await tell_tables(bot, user, saved.away_until)  # before their turns are played: the notice comes first
    bot.dispatch(TIMERS_CHANGED)  # a turn waiting for them is played now


async def tell_tables(bot: CoalBot, user_id: int, until: float | None) -> None:
    """Tell each running game the person sits in that they are away until `until` (None: back)."""
    for game in await bot.manager.people.games_of(user_id):
        seat = game.seat_of_user(user_id)
        if not game.is_running or seat is None:
            continue
        with in_channel(game):
            if until is None:
                text = words.table_back(seat.name)
            else:
                how = "untimed" if game.options.timer_seconds is None else game.options.absent
                text = words.table_away(seat.name, until, how)
        await game_messages.say(bot, game, text)


async def come_back(bot: CoalBot, person: PlayerSettings) -> bool:
    """A person whose away date has come: back now, unless it is their quiet hours (then at a later
    round). Their tables are told, and they get a direct message of the moves played for them. Whether
    they came back (False: not yet, or another process did it)."""
    now = bot.clock()
    if quiet_end(now, person) is not None:
        return False
    periods = await bot.manager.store.preferences.away_periods(person.user_id, now)  # the period not ended yet
    started = periods[-1][0] if periods else now
    back = await bot.manager.people.end_away(person.user_id, now)
    if back is None:
        return False
    await tell_tables(bot, person.user_id, None)
    running = [g for g in await bot.manager.people.games_of(person.user_id) if g.is_running]
    played = [(g.id, await _played_for(bot, g, person.user_id, started), game_link(g)) for g in running]
    if running:  # (their language, else the first game's)
        await game_messages.direct(bot, running[0], back, lambda: words.welcome_back(played))
    bot.dispatch(TIMERS_CHANGED)
    return True


async def _played_for(bot: CoalBot, game: Game, user_id: int, since: float) -> int:
    """How many moves the bot made for this person in `game` since `since`."""
    return sum(
        1 for row in await bot.manager.queries.log(game.id) if row.user_id == user_id and row.auto and row.at >= since
    )


async def set_quiet(
    interaction: discord.Interaction,
    time_zone: str | None,
    start: str | None,
    end: str | None,
    heads_up: bool | None,
    off: bool,
) -> None:
    """`/coal me quiet`: set, change or turn off the quiet hours and the heads-up; the answer shows them."""
    bot = client_of(interaction)
    user = interaction.user.id
    current = (await bot.manager.people.settings_of([user]))[user]
    changes: dict[str, object] = {}
    if time_zone is not None:
        if zone(time_zone.strip()) is None:
            raise BadInput(Reason.BAD_TIME_ZONE, zone=time_zone.strip()[:60])
        changes["time_zone"] = time_zone.strip()
    for key, typed in (("quiet_from", start), ("quiet_to", end)):
        if typed is not None:
            minute = minute_of(typed)
            if minute is None:
                raise BadInput(Reason.BAD_TIME, value=typed.strip()[:20])
            changes[key] = minute
    if heads_up is not None:
        changes["heads_up"] = heads_up
    if off:
        changes.update(quiet_from=None, quiet_to=None)
    wanted = {**_fields(current), **changes}
    if (wanted["quiet_from"] is not None or wanted["quiet_to"] is not None) and wanted["time_zone"] is None:
        wanted["time_zone"] = "UTC"  # quiet hours without a zone: UTC, said in the answer
    if (wanted["quiet_from"] is None) != (wanted["quiet_to"] is None):
        raise BadInput(Reason.QUIET_NEEDS_BOTH)
    start_at, end_at = wanted["quiet_from"], wanted["quiet_to"]
    if isinstance(start_at, int) and isinstance(end_at, int) and quiet_length(start_at, end_at) > QUIET_MOST:
        raise BadInput(
            Reason.QUIET_TOO_LONG, start=words.clock(start_at), end=words.clock(end_at), most=QUIET_MOST // 60
        )
    saved = await bot.manager.people.change_settings(user, **{k: wanted[k] for k in _QUIET})
    now_minute = None
    if saved.time_zone:
        local = dt.datetime.fromtimestamp(bot.clock(), _zone_of(saved))
        now_minute = local.hour * 60 + local.minute
    text = words.quiet_set(saved.quiet_from, saved.quiet_to, saved.time_zone, now_minute, saved.heads_up)
    await interaction.response.send_message(text, ephemeral=True)
    bot.dispatch(TIMERS_CHANGED)  # a reminder due in their new quiet hours waits


_QUIET = ("time_zone", "quiet_from", "quiet_to", "heads_up")


def _fields(s: PlayerSettings) -> dict[str, object]:
    return {k: getattr(s, k) for k in _QUIET}
