"""Quiet hours and away dates, as instants: when a person's quiet hours hold, when they end, and a
deadline moved out of them. Pure functions of unix times and the person's settings.

Quiet hours are wall-clock times in the person's own time zone (an IANA name, read with `zoneinfo`),
so they follow its daylight-saving changes: 22:00–08:00 in Europe/Berlin is 21:00–07:00 UTC in winter
and 20:00–06:00 UTC in summer. A span that crosses midnight (22:00–08:00) is quiet from its start to
its end the next morning; one that does not (13:00–15:00) within the day; equal ends mean none. A
wall time that a spring-forward skips is taken as the clock reads it after the jump (02:30 that never
was is 03:30), one that an autumn fall-back repeats at its first occurrence.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from storage import PlayerSettings

DAY_MINUTES = 24 * 60


@lru_cache(maxsize=512)
def zone(name: str) -> ZoneInfo | None:
    """The time zone called `name` (an IANA name such as "Europe/Rome"); None if there is none."""
    if not name or name != name.strip():
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, IsADirectoryError):
        return None


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA time-zone name this machine knows, sorted (for autocomplete)."""
    return tuple(sorted(n for n in available_timezones() if "/" in n or n == "UTC"))


def _local(at: float, tz: ZoneInfo) -> dt.datetime:
    return dt.datetime.fromtimestamp(at, tz)


def _instant(day: dt.date, minute: int, tz: ZoneInfo) -> float:
    """The instant the clock in `tz` shows `minute` (after midnight) on `day`. With `fold=0` (PEP 495) a
    wall time that a spring-forward skips maps past the jump, and one repeated in autumn to its first time."""
    return dt.datetime.combine(day, dt.time(minute // 60, minute % 60), tzinfo=tz).timestamp()


def quiet_end(at: float, person: PlayerSettings | None) -> float | None:
    """When the quiet hours holding at `at` end; None if they do not hold then (or the person has none)."""
    if person is None or not person.has_quiet_hours:
        return None
    tz = zone(person.time_zone or "")
    start, end = person.quiet_from, person.quiet_to
    if tz is None or start is None or end is None or start == end:
        return None
    local = _local(at, tz)
    minute = local.hour * 60 + local.minute
    day = local.date()
    if start < end:  # within one day
        if start <= minute < end:
            return _instant(day, end, tz)
        return None
    if minute >= start:  # across midnight: tonight until tomorrow morning
        return _instant(day + dt.timedelta(days=1), end, tz)
    if minute < end:  # this morning
        return _instant(day, end, tz)
    return None


def out_of_quiet(at: float, person: PlayerSettings | None) -> float:
    """`at`, or the end of the person's quiet hours if they hold then."""
    end = quiet_end(at, person)
    return at if end is None else max(at, end)


def away_until(person: PlayerSettings | None, now: float) -> float | None:
    """The instant the person is back, if they are away at `now`; None otherwise."""
    if person is None or person.away_until is None or person.away_until <= now:
        return None
    return person.away_until


def minute_of(text: str) -> int | None:
    """A time of day typed as "22:00", "7:30", "22" or "2230", in minutes after midnight; None if it is not one."""
    t = text.strip().replace(".", ":").replace("h", ":")
    if ":" in t:
        hours, _, minutes = t.partition(":")
        minutes = minutes or "0"
    elif t.isdigit() and len(t) in (3, 4):
        hours, minutes = t[:-2], t[-2:]
    else:
        hours, minutes = t, "0"
    if not (hours.isdigit() and minutes.isdigit()) or len(minutes) != 2 and minutes != "0":
        return None
    h, m = int(hours), int(minutes)
    if h == 24 and m == 0:
        h = 0
    if not (0 <= h < 24 and 0 <= m < 60):
        return None
    return h * 60 + m
