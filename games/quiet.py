"""Quiet hours and away dates, as instants: when a person's quiet hours hold, when they end, and a
deadline moved out of them. Pure functions of unix times and the person's settings.

Quiet hours are wall-clock times in the person's own time zone (an IANA name, read with `zoneinfo`),
so they follow its daylight-saving changes: 22:00–08:00 in Europe/Berlin is 21:00–07:00 UTC in winter
and 20:00–06:00 UTC in summer. A span that crosses midnight (22:00–08:00) is quiet from its start to
its end the next morning; one that does not (13:00–15:00) within the day; equal ends mean none.
Quiet hours last at most `QUIET_MOST` (12 hours: a night, not a day), so they never hold a turn timer
for more than that; `/coal me quiet` refuses longer ones, and a longer span stored before the bound
counts for its first 12 hours.

They hold while the wall clock reads a time in the span, so at a clock change the end is the first
instant after which the clock reads outside it: when the clocks go back and the end time comes twice,
the span may hold again after the first one (01:00–02:30 in Berlin on 25 October 2026: from 02:00 to
02:30 the second time too); when they go forward over the end, it ends at the jump.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from storage import PlayerSettings

DAY_MINUTES = 24 * 60
DAY_SECONDS = 86400
QUIET_MOST = 12 * 60  # minutes: the longest quiet hours


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


def _quiet_span(person: PlayerSettings | None) -> tuple[ZoneInfo, int, int] | None:
    """The person's time zone and quiet span (start and end, minutes after midnight), the span bounded
    to `QUIET_MOST`; None without quiet hours."""
    if person is None or not person.has_quiet_hours:
        return None
    tz = zone(person.time_zone or "")
    start, end = person.quiet_from, person.quiet_to
    if tz is None or start is None or end is None or start == end:
        return None
    if quiet_length(start, end) > QUIET_MOST:  # stored before the bound: its first hours
        end = (start + QUIET_MOST) % DAY_MINUTES
    return tz, start, end


def quiet_length(start: int, end: int) -> int:
    """How many minutes quiet hours from `start` to `end` last (across midnight if `end` comes first)."""
    return (end - start) % DAY_MINUTES


def _in_span(at: float, tz: ZoneInfo, start: int, end: int) -> bool:
    local = _local(at, tz)
    minute = local.hour * 60 + local.minute
    return start <= minute < end if start < end else minute >= start or minute < end


def _clock_change(a: float, b: float, tz: ZoneInfo) -> float | None:
    """The instant in (a, b] at which `tz`'s offset from UTC changes, to the second; None if it is the
    same at both ends (no zone changes it twice within two days)."""
    after = _local(b, tz).utcoffset()
    if _local(a, tz).utcoffset() == after:
        return None
    low, high = a, b  # the offset at `low` is the old one, at `high` the new one
    while high - low > 1:
        mid = (low + high) // 2
        if _local(mid, tz).utcoffset() == after:
            high = mid
        else:
            low = mid
    return high


def quiet_end(at: float, person: PlayerSettings | None) -> float | None:
    """When the quiet hours holding at `at` end: the first instant after `at` at which they do not hold
    (never earlier than `at`, at most `QUIET_MOST` and an hour's clock change later); None if they do
    not hold at `at` (or the person has none).

    The span can only end when the wall clock reaches its end time (each of its occurrences, a time
    the clocks going back repeat included) or jumps out of it (a clock change): the first of those that
    is not quiet is the end."""
    span = _quiet_span(person)
    if span is None or not _in_span(at, span[0], *span[1:]):
        return None
    tz, start, end = span
    day = _local(at, tz).date()
    ends = {
        dt.datetime.combine(day + dt.timedelta(days=k), dt.time(end // 60, end % 60, fold=fold), tzinfo=tz).timestamp()
        for k in (-1, 0, 1, 2)
        for fold in (0, 1)
    }
    change = _clock_change(at, at + 2 * DAY_SECONDS, tz)
    if change is not None:
        ends.add(change)
    found = (t for t in sorted(ends) if t > at and not _in_span(t, tz, start, end))
    return next(found, at + QUIET_MOST * 60)  # (none: cannot happen while the span is bounded)


def out_of_quiet(at: float, person: PlayerSettings | None) -> float:
    """`at`, or the end of the person's quiet hours if they hold then."""
    end = quiet_end(at, person)
    return at if end is None else end


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
