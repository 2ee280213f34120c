"""Words used everywhere: mentions, plurals, durations, lists of names."""

from __future__ import annotations

from discord.utils import escape_markdown, escape_mentions

from games.computers import is_computer

SOMEONE = "someone"
AND = " and "
HOURS_MINUTES = "{hours} h {minutes} min"
HOURS = "{hours} h"
MINUTES = "{minutes} min"
UNDER_A_MINUTE = "less than a minute"


def mention(user_id: int | None) -> str:
    """A Discord mention of a user (it pings only where the message allows it)."""
    return f"<@{user_id}>" if user_id else SOMEONE


def seat_of(user_id: int | None, name: str) -> str:
    """Who holds a seat, as a message names them: a mention for a person, the name for a computer."""
    return shown(name) if is_computer(user_id) else mention(user_id)


def shown(name: str) -> str:
    """A player's name as written in a message: it is player text, so its mentions (`<@…>`,
    `@everyone`) and markdown (`**`, `_`, `||`…) are escaped and show as typed."""
    return escape_markdown(escape_mentions(name))


def plural(n: int, one: str, other: str, /, **params: object) -> str:
    """`one` or `other` filled with `n` and `params`: the one pluraliser of the bot."""
    return (one if n == 1 else other).format(n=n, **params)


def names(items: list[str]) -> str:
    """ "alice and bob", "alice" — for winners (the names shown escaped)."""
    return AND.join(shown(item) for item in items)


def duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    if hours:
        return (HOURS_MINUTES if minutes else HOURS).format(hours=hours, minutes=minutes)
    return MINUTES.format(minutes=minutes) if minutes else UNDER_A_MINUTE


def workers(n: int) -> str:
    return plural(n, "{n} worker", "{n} workers")


def marks(n: int) -> str:
    """ "1 mark", "6 marks": a count of marks (prices, money) with its noun."""
    return plural(n, "{n} mark", "{n} marks")
