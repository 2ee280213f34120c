"""Quiet hours as instants (issue 71, items 4 and 6): bounded to 12 hours, and at a clock change in any
zone the end of quiet hours is never earlier than the instant asked about, never itself quiet, the first
instant that is not, and at most a day away."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from games.quiet import QUIET_MOST, _in_span, _quiet_span, out_of_quiet, quiet_end, zone
from storage import PlayerSettings

DAY = 86400.0
# A clock change in each zone: (zone, a UTC instant a few hours before it). Fall-backs repeat an hour
# (Europe/Berlin, America/New_York), spring-forwards skip one (Europe/Berlin in March, Australia/Sydney in
# October), Lord Howe moves by half an hour, Chatham's changes fall at 02:45.
CHANGES = [
    ("Europe/Berlin", "2026-10-24T20:00:00+00:00"),
    ("Europe/Berlin", "2026-03-28T20:00:00+00:00"),
    ("America/New_York", "2026-10-31T23:00:00+00:00"),
    ("America/New_York", "2026-03-08T00:00:00+00:00"),
    ("Australia/Sydney", "2026-10-03T10:00:00+00:00"),
    ("Australia/Lord_Howe", "2026-04-04T09:00:00+00:00"),
    ("Pacific/Chatham", "2026-09-26T08:00:00+00:00"),
    ("America/Santiago", "2026-04-04T22:00:00+00:00"),
]


def _person(zone_name: str, start: int, end: int) -> PlayerSettings:
    return PlayerSettings(1, time_zone=zone_name, quiet_from=start, quiet_to=end)


def _quiet(at: float, person: PlayerSettings) -> bool:
    span = _quiet_span(person)
    return span is not None and _in_span(at, *span)


@settings(max_examples=600, deadline=None)
@given(
    change=st.sampled_from(CHANGES),
    start=st.integers(0, 1439),
    length=st.integers(1, QUIET_MOST),
    offset=st.integers(0, 30 * 3600),
)
def test_the_end_of_quiet_hours_at_a_clock_change_is_the_first_instant_that_is_not_quiet(change, start, length, offset):
    name, near = change
    person = _person(name, start, (start + length) % 1440)
    t = dt.datetime.fromisoformat(near).timestamp() + offset
    got = out_of_quiet(t, person)
    assert got >= t and not _quiet(got, person) and got - t <= DAY, (name, start, length, t, got)
    if got > t:  # quiet until then: a minute before, and halfway, it still held
        assert _quiet(max(t, got - 60), person) and _quiet(t + (got - t) / 2, person)
        assert quiet_end(t, person) == got
    else:
        assert quiet_end(t, person) is None


def test_the_ends_the_issue_named_are_not_quiet():
    """Berlin 01:00-02:30 on 25 October 2026: at the second 02:10 (CET) the answer is the second 02:30."""
    berlin = _person("Europe/Berlin", 60, 150)
    second = dt.datetime(2026, 10, 25, 2, 10, tzinfo=zone("Europe/Berlin"), fold=1).timestamp()
    end = out_of_quiet(second, berlin)
    assert end == dt.datetime(2026, 10, 25, 2, 30, tzinfo=zone("Europe/Berlin"), fold=1).timestamp()
    new_york = _person("America/New_York", 0, 90)  # 00:00-01:30; 01:00-01:59 comes twice on 1 November
    second = dt.datetime(2026, 11, 1, 1, 10, tzinfo=zone("America/New_York"), fold=1).timestamp()
    assert out_of_quiet(second, new_york) == second + 20 * 60


def test_quiet_hours_hold_for_at_most_twelve_hours():
    """00:01-00:00 stored before the bound: it holds for its first 12 hours, not for 23 h 59 min."""
    person = _person("UTC", 1, 0)
    t = dt.datetime(2026, 12, 1, 0, 30, tzinfo=dt.UTC).timestamp()
    assert out_of_quiet(t, person) == dt.datetime(2026, 12, 1, 12, 1, tzinfo=dt.UTC).timestamp()
    assert quiet_end(t + 12 * 3600, person) is None
