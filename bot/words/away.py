"""Players who come and go, in words: away, quiet hours, the heads-up, and catching up.

Dates and times are Discord timestamps (`<t:…:f>`): each reader sees them in their own language and
time zone, so no sentence here formats a date itself.
"""

from __future__ import annotations

import datetime as dt
from datetime import UTC, datetime, tzinfo

from discord.utils import format_dt

from bot.command_names import option_name
from bot.i18n import N_, Nn_, _
from bot.words.common import day_time_text, mention, plural, sentences, shown, time_text
from bot.words.rules import describe_event, describe_turn
from bot.words.status import BY_TIMER
from games.catchup import CatchUp, Entry
from rules import ShiftScored

# /coal me away: the private answers
AWAY_SET = N_(
    "🏖 You are away until {date}. In your games with a turn timer, your turns are played as each game's"
    " `{absent}` option says (the computer, or the bank) as soon as they come; in games without a timer"
    " nothing is played for you and the game waits. Your tables have been told."
)
AWAY_LEFT = Nn_(
    "You have {n} day of away left in the next twelve months.",
    "You have {n} days of away left in the next twelve months.",
)
AWAY_ENDED = N_("👋 Welcome back: your seats are yours again, and your tables have been told.")
AWAY_BACK_CHOICE = N_("I'm back")
AWAY_DAY_CHOICE = N_("Back on {day}")
# what the tables are told (in the game's language)
TABLE_AWAY = {
    "computer": N_("🏖 {player} is away until {date}: the computer plays their turns until then."),
    "bank": N_("🏖 {player} is away until {date}: until then, their turns are played at once by the timer (the bank)."),
    "untimed": N_("🏖 {player} is away until {date}. This game has no timer: nothing is played for them, and it waits."),
}
TABLE_BACK = N_("👋 {player} is back.")
PLAYED_AWAY = {
    "computer": N_("🏖 The computer played for {player}, who is away until {date}."),
    "timer": N_("🏖 The timer played for {player}, who is away until {date}."),
}
# the direct message when the date comes
WELCOME_BACK = N_("👋 Welcome back to Coal Baron: you are no longer away. While you were away:")
WELCOME_GAME = Nn_(
    "• Game {game}: {n} move was played for you. {link}", "• Game {game}: {n} moves were played for you. {link}"
)
WELCOME_FOOT = N_(
    "Under your next turn message, **What happened since my last move** tells you the rest"
    " (or `/coal me catchup` in the game's channel)."
)
WELCOME_NOTHING = N_("👋 Welcome back to Coal Baron: you are no longer away. Nothing was played for you meanwhile.")

# /coal me quiet
QUIET_SET = N_(
    "🌙 Your quiet hours: {start}–{end}, time zone {zone}. Reminders and direct messages that fall in them"
    " wait until they end, the ping of a turn that comes to you too, and a turn timer that would run out in"
    " them runs until they end."
)
QUIET_NONE = N_("🌙 You have no quiet hours.")
QUIET_NOW = N_("It is {time} for you now.")
HEADS_UP = {
    True: N_("🔔 Heads-up: a direct message when you are next to move, outside your quiet hours."),
    False: N_("🔕 No heads-up when you are next."),
}
HEADS_UP_DM = N_("🔔 You are next in Coal Baron, game {game}: {player} is to move, then you. {link}")
HELD_PING = N_("{mention}, it is your turn.")

# catching up
CATCHUP = N_("What happened since my last move")
CATCHUP_HEAD = N_("**Since your last move in game {game}** ({count}):")
CATCHUP_MOVES = Nn_("{n} move", "{n} moves")
CATCHUP_PLAYER = N_("• **{player}**: {moves}")
CATCHUP_SCORED = N_("• {scored}")
CATCHUP_NOTHING = N_("Nothing has happened since your last move in game {game}.")
CATCHUP_NEVER = N_("**You have not moved yet in game {game}.** Everything so far ({count}):")


def at(instant: float) -> str:
    """An instant as a Discord timestamp (date and time, in the reader's zone and language)."""
    return format_dt(datetime.fromtimestamp(instant, UTC), "f")


def in_zone(instant: float, zone: tzinfo, zone_name: str) -> str:
    """An instant as the day and time in the person's own time zone, naming it ("Fri 4 Dec 2026, 00:00
    (Europe/Rome)"): where a day begins for them, which Discord's timestamps (the reader's device) do not say."""
    when = day_time_text(datetime.fromtimestamp(instant, zone))
    return f"{when} ({zone_name})"


def away_set(until: float, days_left: float, zone: tzinfo = UTC, zone_name: str = "UTC") -> str:
    """The answer to `/coal me away until:`: back at the start of that day in the person's time zone."""
    date = in_zone(until, zone, zone_name)
    return sentences(
        [_(AWAY_SET).format(date=date, absent=option_name("absent")), plural(max(0, int(days_left)), *AWAY_LEFT)]
    )


def table_away(player: str, until: float, how: str) -> str:
    """What a table is told once when one of its players sets themselves away (`how`: computer, bank, untimed)."""
    return _(TABLE_AWAY[how]).format(player=shown(player), date=at(until))


def table_back(player: str) -> str:
    return _(TABLE_BACK).format(player=shown(player))


def played_while_away(player: str, level: object, phase: str, until: float) -> str:
    """The note under a move played for a player who is away (the computer's, or the timer's default)."""
    return _(PLAYED_AWAY["computer" if level is not None else "timer"]).format(player=shown(player), date=at(until))


def welcome_back(games: list[tuple[int, int, str]]) -> str:
    """The direct message when someone's away date comes: (game, moves played for them, link) per game."""
    played = [g for g in games if g[1]]
    if not played:
        return _(WELCOME_NOTHING)
    lines = [_(WELCOME_BACK)]
    lines += [plural(n, *WELCOME_GAME, game=game, link=link) for game, n, link in played]
    lines.append(_(WELCOME_FOOT))
    return "\n".join(lines)


def clock(minute: int) -> str:
    """A time of day (minutes after midnight) as the language writes it: "07:30", "7:30"."""
    return time_text(dt.time(minute // 60, minute % 60))


def quiet_set(start: int | None, end: int | None, zone: str | None, now_minute: int | None, heads_up: bool) -> str:
    """The answer to /coal me quiet: the quiet hours as set, the time now in that zone, the heads-up."""
    if start is None or end is None or zone is None:
        first = _(QUIET_NONE)
    else:
        first = _(QUIET_SET).format(start=clock(start), end=clock(end), zone=zone)
    parts = [first]
    if now_minute is not None:
        parts.append(_(QUIET_NOW).format(time=clock(now_minute)))
    return sentences(parts) + "\n" + _(HEADS_UP[heads_up])


def heads_up(game_id: int, player: str, link: str) -> str:
    return _(HEADS_UP_DM).format(game=game_id, player=shown(player), link=link)


def held_ping(user_id: int) -> str:
    return _(HELD_PING).format(mention=mention(user_id))


CATCHUP_EARLIER = N_("(earlier moves not shown: {count})")


def catchup_text(catch: CatchUp, game_id: int, limit: int = 1800) -> str:
    """The catch-up in words: a line per player with their moves since the asker's last one (the bot's
    for the asker marked), then the shifts scored meanwhile; the oldest moves left out past `limit`."""
    if not catch.entries:
        return _(CATCHUP_NOTHING).format(game=game_id)
    head = CATCHUP_NEVER if catch.since == 0 else CATCHUP_HEAD
    entries = list(catch.entries)
    left_out = 0
    while True:
        text = _render(entries, catch.scorings, game_id, head, len(catch.entries))
        if left_out:
            text += "\n" + _(CATCHUP_EARLIER).format(count=left_out)
        if len(text) <= limit or len(entries) <= 1:
            return text[:2000]
        entries.pop(0)
        left_out += 1


def _render(entries: list[Entry], scorings: list[ShiftScored], game_id: int, head: str, total: int) -> str:
    groups: dict[str, list[str]] = {}
    for e in entries:
        said = describe_turn(e.events) if e.events else ""
        if e.auto:
            said += _(BY_TIMER)
        groups.setdefault(e.player, []).append(said)
    lines = [_(head).format(game=game_id, count=plural(total, *CATCHUP_MOVES))]
    for player, moves in groups.items():
        lines.append(_(CATCHUP_PLAYER).format(player=shown(player), moves=sentences(m for m in moves if m)))
    for s in scorings:
        lines.append(_(CATCHUP_SCORED).format(scored=describe_event(s)))
    return "\n".join(lines)
