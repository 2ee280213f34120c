"""Looking at a game and the server's record in words: status, log, history, stats, export."""

from __future__ import annotations

import datetime as dt

from discord.utils import format_dt
from pydantic import ValidationError

from bot.command_names import option_name
from bot.i18n import N_, Nn_, _
from bot.words.common import (
    DAYS,
    LIST_SEPARATOR,
    decimal,
    due,
    duration,
    listing,
    marks,
    mention,
    names,
    percent,
    plural,
    season_text,
    sentences,
    shown,
    signed,
    timer_name,
    workers,
)
from bot.words.lobby import lobby_message, seat_colour
from bot.words.rules import PLAYER_SCORE, describe_event, describe_turn
from games.timers import is_absent
from rules import EVENTS, ShiftScored
from storage import Game, GameSummary, LogRow, MoveTimes, PlayerStats, RatingChange, RatingRow

OVER = N_("The game is over. Winner: {winners}.")
DRAFT = N_("Opening draft · {player} picks.")
SHIFT = N_("Shift {shift} of 3 · {player} to move.")
TIMER = N_("Turn timer {timer}: the turn ends {due}.")
START_PLAYER = N_("Start player: {player}.")
PLAYER = N_("• {player} ({colour}): {workers}, {marks}, {vp} VP{absent}")
ABSENT = Nn_(" — absent (missed {n} turn)", " — absent (missed {n} turns)")
DECKS = N_("Decks: {tiles} tiles, {orders} order cards.")
NO_ACTIONS = N_("No action has been taken yet.")
LOG_ENTRY = N_("{seq}. {what}{how}")
LOG_PLAIN = N_("{player}: {action}")
BY_TIMER = N_(" (timer)")
LOG_EARLIER = N_("(earlier entries not shown: {count}; ask for fewer with `{last}`)")
NO_HISTORY = N_("No game has finished in this server yet.")
HISTORY = N_("Finished games:\n{lines}")
HISTORY_LINE = N_("{day} · <#{channel}> · {length} · {scores} · winner: {winners}")
NO_STATS = N_("{member} has not finished a game in this server yet.")
STATS = N_("{member}: {games}, {wins}, average {average} VP, best {best} VP.")
MOVE_TIMES = N_(
    "Time to move: {median} as a rule, {p90} at most nine times in ten; the timer moved in {share} of their turns."
)
GAMES = Nn_("{n} game", "{n} games")
WINS = Nn_("{n} win", "{n} wins")
# The ladder (games.ratings): ratings are mu - 3 sigma, one decimal
LADDER_HEAD = N_("**Ladder of this server** (people only; a rating grows surer with each game):")
LADDER_LINE = N_("{rank}. {member}: {rating} ({games})")
YOUR_PLACE = N_("You are {rank} of {total}, rated {rating}.")
NOT_RATED = N_("You have no rating here yet: it comes with your first game finished with another person.")
NO_LADDER = N_("Nobody has a rating in this server yet: a game finished by two people or more starts the ladder.")
SEASON_HEAD = N_("**Ladder of season {season}** (people only; each season starts afresh):")
NO_SEASON_LADDER = N_("Nobody has a rating in season {season} yet: a game finished by two people or more starts it.")
NOT_RATED_IN_SEASON = N_("You have no rating in season {season}.")
ALL_TIME = N_("all time")  # the leaderboard's season menu: the ladder of every game
RATING = N_("Rating {rating}; latest changes: {changes}.")
EXPORT = N_("The game record; replay it with `python -m rules replay FILE`.")
ABOUT = N_("Coal Baron for Discord, version {version}.")
EXPORT_RUNNING = N_(
    "The game is still running, so this is only what you may see of it: no deck order and nobody else's"
    " hidden cards. The whole record, to replay, comes once the game has ended."
)


def status_blocks(game: Game) -> list[str]:
    """/coal status in blocks, for a panel: where the game stands (whose turn, the deadline, the start
    player), each player, the decks. A lobby: its message."""
    state = game.state
    if state is None:
        return [lobby_message(game)]
    lines = []
    if state.phase == "over":
        lines.append(_(OVER).format(winners=names([state.players[i].name for i in state.winners])))
    elif state.phase == "draft":
        lines.append(_(DRAFT).format(player=shown(state.to_move or "")))
    else:
        lines.append(_(SHIFT).format(shift=state.shift, player=shown(state.to_move or "")))
    if game.deadline and state.phase != "over":
        timer = timer_name(game.options.timer_seconds or 0)
        lines.append(_(TIMER).format(timer=timer, due=due(game.deadline)))
    lines.append(_(START_PLAYER).format(player=shown(state.players[state.start_player].name)))
    players = []
    for seat, p in enumerate(state.players):
        row = game.seats[seat]
        absent = plural(row.missed, *ABSENT) if is_absent(row.missed) else ""
        players.append(
            _(PLAYER).format(
                player=shown(p.name),
                colour=seat_colour(row.colour),
                workers=workers(p.workers),
                marks=marks(p.marks),
                vp=p.vp,
                absent=absent,
            )
        )
    decks = _(DECKS).format(tiles=len(state.tile_deck), orders=len(state.order_deck))
    return ["\n".join(lines), "\n".join(players), decks]


def log_message(rows: list[LogRow], limit: int = 1900) -> str:
    """The entries in words, whole: the newest that fit within `limit` characters (a Discord
    message holds 2 000), with a first line saying how many earlier ones are left out."""
    if not rows:
        return _(NO_ACTIONS)
    lines = []
    for row in rows:
        what = entry_in_words(row.events) or _(LOG_PLAIN).format(player=shown(row.player), action=row.action)
        lines.append(_(LOG_ENTRY).format(seq=row.seq, what=what, how=_(BY_TIMER) if row.auto else ""))
    kept: list[str] = []
    size = len(LOG_EARLIER) + 8
    for line in reversed(lines):
        if kept and size + len(line) + 1 > limit:
            break
        kept.insert(0, line[:limit])
        size += len(line) + 1
    left_out = len(lines) - len(kept)
    head = [_(LOG_EARLIER).format(count=left_out, last=option_name("last"))] if left_out else []
    return "\n".join(head + kept)


def entry_in_words(stored: str) -> str:
    """A log entry's events (stored as JSON) in words; an entry stored as a sentence before is shown as it is."""
    if not stored:
        return ""
    try:
        events = EVENTS.validate_json(stored)
    except ValidationError:
        return stored
    scorings = [describe_event(e) for e in events if isinstance(e, ShiftScored)]  # each player's gain
    return sentences([describe_turn(events), *scorings])


def history_message(games: list[GameSummary]) -> str:
    if not games:
        return _(NO_HISTORY)
    lines = []
    for g in games:
        day = format_dt(dt.datetime.fromtimestamp(g.finished_at, dt.UTC), "d")  # in the reader's own locale
        scores = listing(_(PLAYER_SCORE).format(player=shown(name), vp=vp) for name, _user, vp in g.scores)
        length = _length(g.finished_at - g.created_at)
        lines.append(
            _(HISTORY_LINE).format(
                day=day, channel=g.channel_id, length=length, scores=scores, winners=names(list(g.winners))
            )
        )
    return _(HISTORY).format(lines="\n".join(lines))


def _length(seconds: float) -> str:
    """A game's length: "3 days", or hours and minutes under a day."""
    return plural(round(seconds / 86400), *DAYS) if seconds >= 86400 else duration(seconds)


FINISHED_OWN = Nn_(
    "Finished in their own seat: {own} of their {n} latest started game that ended ({share}).",
    "Finished in their own seat: {own} of their {n} latest started games that ended ({share}).",
)


def finished_own_line(ended: int, own: int) -> str:
    """How often a person sees their games through in their own seat (no computer took it); "" before a
    first started game ended."""
    return plural(ended, *FINISHED_OWN, own=own, share=percent(own / ended)) if ended else ""


def move_times_line(t: MoveTimes) -> str:
    """The turn-time statistics of /coal record stats; nothing before a first timed move."""
    if t.median is None or t.p90 is None:
        return ""
    share = percent(t.timer_share)
    # "at most {p90}" is a bound: never "at most less than a minute", a whole minute at least
    return _(MOVE_TIMES).format(median=duration(t.median), p90=duration(max(t.p90, 60.0)), share=share)


def _rating(value: float) -> str:
    return decimal(value)


def ladder_message(
    rows: list[RatingRow], place: tuple[int, int] | None, mine: RatingRow | None, season: str | None = None
) -> str:
    """The server's ladder (or a `season`'s), best first, then the asker's place (mentions: they ping nobody
    here)."""
    if not rows:
        return _(NO_LADDER) if season is None else _(NO_SEASON_LADDER).format(season=season_text(season))
    lines = [_(LADDER_HEAD) if season is None else _(SEASON_HEAD).format(season=season_text(season))]
    for rank, row in enumerate(rows, start=1):
        games = plural(row.games, *GAMES)
        member, rating = mention(row.user_id), _rating(row.ordinal)
        lines.append(_(LADDER_LINE).format(rank=rank, member=member, rating=rating, games=games))
    if place is None or mine is None:
        lines.append(_(NOT_RATED) if season is None else _(NOT_RATED_IN_SEASON).format(season=season_text(season)))
    else:
        lines.append(_(YOUR_PLACE).format(rank=place[0], total=place[1], rating=_rating(mine.ordinal)))
    return "\n".join(lines)


def rating_line(current: RatingRow | None, changes: list[RatingChange]) -> str:
    """A person's rating and its latest changes, for `/coal record stats` ("" when unrated)."""
    if current is None:
        return ""
    deltas = _(LIST_SEPARATOR).join(signed(c.delta, 1) for c in changes[:5])
    return _(RATING).format(rating=_rating(current.ordinal), changes=deltas)


def stats_message(user_id: int, s: PlayerStats) -> str:
    if s.games == 0:
        return _(NO_STATS).format(member=mention(user_id))
    return _(STATS).format(
        member=mention(user_id),
        games=plural(s.games, *GAMES),
        wins=plural(s.wins, *WINS),
        average=decimal(s.average_vp),
        best=s.best_vp,
    )
