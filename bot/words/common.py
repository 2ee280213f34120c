"""Words used everywhere: mentions, plurals, durations, lists of names."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

from babel import Locale
from babel.dates import format_skeleton, format_timedelta
from babel.numbers import format_decimal, format_percent
from discord.utils import escape_markdown, escape_mentions, format_dt

from bot.i18n import N_, Nn_, _, language, ngettext
from games.computers import is_computer
from games.seasons import season_start

SOMEONE = N_("someone")
AND = N_(" and ")
HOURS_MINUTES = N_("{hours} {minutes}")  # "3 hours 20 minutes"; each part is CLDR's, through Babel
UNDER_A_MINUTE = N_("less than a minute")
LIST_SEPARATOR = N_(", ")
DUE = N_("{relative} ({absolute})")  # a deadline: "in 11 hours (November 26, 2026 09:00)"; ja: full-width brackets
WORKERS = Nn_("{n} worker", "{n} workers")
DAYS = Nn_("{n} day", "{n} days")
MARKS = Nn_("{n} mark", "{n} marks")


def mention(user_id: int | None) -> str:
    """A Discord mention of a user (it pings only where the message allows it)."""
    return f"<@{user_id}>" if user_id else _(SOMEONE)


def seat_of(user_id: int | None, name: str) -> str:
    """Who holds a seat, as a message names them: a mention for a person, the name for a computer."""
    return shown(name) if is_computer(user_id) else mention(user_id)


def shown(name: str) -> str:
    """A player's name as written in a message: it is player text, so its mentions (`<@…>`,
    `@everyone`) and markdown (`**`, `_`, `||`…) are escaped and show as typed."""
    return escape_markdown(escape_mentions(name))


# What goes between two sentences: a space, except where a language's sentences follow each other
# without one (Japanese: 。 ends a sentence and the next begins at once).
SENTENCE_GAP: dict[str, str] = {"ja": ""}


def sentences(items: Iterable[str]) -> str:
    """Sentences one after the other, as the language being spoken joins them."""
    return SENTENCE_GAP.get(language(), " ").join(x for x in items if x)


def plural(n: int, one: str, other: str, /, **params: object) -> str:
    """The form of the plural message (`one`, `other`, marked with `Nn_`) for `n` in the language being
    spoken, filled with `n` and `params`: the one pluraliser of the bot."""
    return ngettext(one, other, n).format(n=n, **params)


def names(items: list[str]) -> str:
    """ "alice and bob", "alice" — for winners (the names shown escaped)."""
    return _(AND).join(shown(item) for item in items)


def listing(items: Iterable[str]) -> str:
    """Items in a row with the language's separator: "a, b" ("a、b" in Japanese)."""
    return _(LIST_SEPARATOR).join(items)


def _units(amount: int, unit: Literal["hour", "minute"]) -> str:
    """ "24 hours", "24 ore", "24時間": a count of hours or minutes in the language being spoken (CLDR)."""
    text = format_timedelta(timedelta(**{unit + "s": amount}), granularity=unit, threshold=10**6, locale=language())
    return text.replace(" ", "") if language() == "ja" else text  # Japanese writes 24時間, not 24 時間


def duration(seconds: float) -> str:
    """A time left in words, to the minute: "3 hours 20 minutes", "20 minuti", "less than a minute"."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    if hours and minutes:
        return _(HOURS_MINUTES).format(hours=_units(hours, "hour"), minutes=_units(minutes, "minute"))
    if hours:
        return _units(hours, "hour")
    return _units(minutes, "minute") if minutes else _(UNDER_A_MINUTE)


def due(deadline: float) -> str:
    """When a deadline falls, as Discord timestamps each reader sees in their own time zone and language,
    counting down by itself: "<t:…:R> (<t:…:f>)", shown as "in 11 hours (November 26, 2026 09:00)"."""
    at = datetime.fromtimestamp(deadline, UTC)
    return _(DUE).format(relative=format_dt(at, "R"), absolute=format_dt(at, "f"))


def timer_name(seconds: int) -> str:
    """A turn timer's length in words: "24 hours", "24 ore", "24時間" (a timer is whole hours)."""
    return _units(seconds // 3600, "hour")


def workers(n: int) -> str:
    return plural(n, *WORKERS)


def marks(n: int) -> str:
    """ "1 mark", "6 marks": a count of marks (prices, money) with its noun."""
    return plural(n, *MARKS)


# Numbers as the language writes them (CLDR's decimal sign, grouping and percent: "3,5", "25 %"), never a
# Python format spec ("95.0" was one in every language).


def decimal(value: float, places: int = 1, *, fixed: bool = True) -> str:
    """A figure with `places` decimals as the language writes it: "3.5", "3,5", "1.234,5"; without `fixed`,
    only the decimals it has ("3", "1,5")."""
    digit = "0" if fixed else "#"
    pattern = "#,##0." + digit * places if places else "#,##0"
    return format_decimal(round(value, places), format=pattern, locale=language())


def signed(value: float, places: int = 0) -> str:
    """A change with its sign, as the language writes it: "+3", "-2,5"."""
    pattern = "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(round(value, places), format=f"+{pattern};-{pattern}", locale=language())


def percent(share: float) -> str:
    """A share (0 to 1) as a percent the language writes: "25%", "25 %"."""
    return format_percent(share, locale=language())


# Dates and times as the language writes them, from CLDR's skeletons (never a pattern of ours: "火 20 1月
# 2026" was one): the day with its weekday ("yMMMEd"), the time of day ("Hm"), and the two together as the
# language joins them.


def day_text(day: date | datetime) -> str:
    """A day with its weekday in the language being spoken: "Tue, Jan 20, 2026", "Di., 20. Jan. 2026",
    "2026年1月20日(火)"."""
    return format_skeleton("yMMMEd", day, locale=language())


def time_text(moment: datetime | time) -> str:
    """A time of day in the language being spoken: "00:00", "0:00"."""
    return format_skeleton("Hm", moment, locale=language())


def season_text(season: str) -> str:
    """A season as the language writes its month or quarter: "December 2026", "dicembre 2026", "Q4 2026",
    "2026年12月" (CLDR's skeletons); the key itself when it is not one."""
    try:
        start, quarter = season_start(season)
    except ValueError:
        return season
    return format_skeleton("yQQQ" if quarter else "yMMMM", start, locale=language())


def day_time_text(moment: datetime) -> str:
    """A day and a time, joined as the language joins them ("Sun, Jan 4, 2026, 00:00", "2026年1月4日(日) 0:00")."""
    joined = str(Locale.parse(language()).datetime_formats["medium"])
    return joined.replace("{1}", day_text(moment)).replace("{0}", time_text(moment))
