"""Words used everywhere: mentions, plurals, durations, lists of names."""

from __future__ import annotations

from discord.utils import escape_markdown, escape_mentions

from bot.i18n import N_, Nn_, _, ngettext
from games.computers import is_computer

SOMEONE = N_("someone")
AND = N_(" and ")
HOURS_MINUTES = N_("{hours} h {minutes} min")
HOURS = N_("{hours} h")
MINUTES = N_("{minutes} min")
UNDER_A_MINUTE = N_("less than a minute")
WORKERS = Nn_("{n} worker", "{n} workers")
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


def plural(n: int, one: str, other: str, /, **params: object) -> str:
    """The form of the plural message (`one`, `other`, marked with `Nn_`) for `n` in the language being
    spoken, filled with `n` and `params`: the one pluraliser of the bot."""
    return ngettext(one, other, n).format(n=n, **params)


def names(items: list[str]) -> str:
    """ "alice and bob", "alice" — for winners (the names shown escaped)."""
    return _(AND).join(shown(item) for item in items)


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    if hours:
        return (_(HOURS_MINUTES) if minutes else _(HOURS)).format(hours=hours, minutes=minutes)
    return _(MINUTES).format(minutes=minutes) if minutes else _(UNDER_A_MINUTE)


def workers(n: int) -> str:
    return plural(n, *WORKERS)


def marks(n: int) -> str:
    """ "1 mark", "6 marks": a count of marks (prices, money) with its noun."""
    return plural(n, *MARKS)
