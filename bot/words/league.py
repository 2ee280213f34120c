"""A league in words: its announcement with who signed up, the private answers to signing up and withdrawing,
each round's tables, the standings after a round and at the end, in the league's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Nn_, _
from bot.words.common import decimal, listing, mention, percent, plural, shown, signed, timer_name
from games.swiss import Standing
from storage import TIMER_SECONDS
from storage.leagues import League, LeaguePlayer, LeagueTable

SIGN_UP = N_("Sign up")  # the announcement's buttons
WITHDRAW = N_("Withdraw")

SWISS = Nn_("Swiss, {n} round", "Swiss, {n} rounds")
ROUND_ROBIN = N_("round-robin (everyone meets everyone)")
TABLES_OF = N_("tables of {size}")
ANNOUNCE = N_("🏆 **League {league}** — {format}, {tables}, {timer} a turn.")
SIGN_UP_UNTIL = Nn_(
    "Sign-up until {until}: {n} of {most} places taken.", "Sign-up until {until}: {n} of {most} places taken."
)
CONDITIONS = N_("Who may sign up: {conditions}.")
CONDITION_GAMES = Nn_("{n} finished game in this server at least", "{n} finished games in this server at least")
CONDITION_RELIABLE = N_("finishing {share} of their games in their own seat at least")
SIGNED_UP_LIST = N_("Signed up: {players}")
NOBODY_YET = N_("Nobody has signed up yet.")
RUNNING = N_("Sign-up is closed: round {round} of {rounds} is being played. `/coal league standings` shows the table.")
FINISHED = N_("The league is over: its final standings are below and in `/coal league standings`.")
CANCELLED = N_("This league was cancelled.")
WITHDREW_MARK = N_("{player} (withdrew)")

SIGNED_UP = N_(
    "You are signed up for league {league}. Your tables will be threads of this channel; you are pinged there."
)
LEFT = N_("You are off league {league}'s list.")
WITHDRAWN = N_(
    "You withdrew from league {league}: no later round seats you, and a computer finishes your running game"
    " (its places count for the others at the table, not for you)."
)
STARTED = N_("League {league} has begun.")
DID_NOT_START = N_("League {league} did not begin: fewer than two players signed up.")
ENDED = N_("League {league} is cancelled; its running games play on as games of their own.")

ROUND_HEAD = N_("🏆 **League {league}, round {round} of {rounds}**")
TABLE_LINE = N_("Table {table}: {players} — {thread}")
BYE_LINE = N_("Bye: {player} (points: {points})")
TABLE_HELLO = N_("🏆 League {league}, round {round}, table {table}: {players}. Good luck!")
THREAD_NAME = N_("League {league} · round {round} · table {table}")  # a thread's name: at most 100 characters

STANDINGS_AFTER = N_("**Standings of league {league} after round {round} of {rounds}**")
STANDINGS_FINAL = N_("🏆 **Final standings of league {league}**")
STANDING_LINE = N_("{rank}. {player} — points: {points} · margin: {margin} VP · Buchholz: {buchholz}")
STANDINGS_ALT = N_("The standings of league {league}, best first: {lines}.")
ALT_LINE = N_("{rank}. {player}, points: {points}")
KEY = N_(
    "Places give 3 points to the first at a table down to 0 for the last (shared when tied); a bye gives 1.5."
    " Ties are broken by the VP margin over the league (each game's VP less the best rival's), then by Buchholz"
    " (the points of every opponent met)."
)


def points_text(points: float) -> str:
    """Points as the language writes them: "3", "1,5"."""
    return decimal(points, 1, fixed=False)


def margin_text(margin: int) -> str:
    """A VP margin with its sign: "+12", "-3", "0"."""
    return signed(margin) if margin else decimal(0, 0)


def format_text(league: League) -> str:
    if league.format == "swiss":
        return plural(league.rounds, *SWISS)
    return _(ROUND_ROBIN)


def announcement(league: League, players: Sequence[LeaguePlayer], until: str) -> str:
    """The league's message: what it is, who may sign up, who did, where it stands."""
    timer = TIMER_SECONDS.get(str(league.options.get("timer", "24h"))) or 86400
    lines = [
        _(ANNOUNCE).format(
            league=league.id,
            format=format_text(league),
            tables=_(TABLES_OF).format(size=league.table_size),
            timer=timer_name(timer),
        )
    ]
    conditions = []
    if league.min_games:
        conditions.append(plural(league.min_games, *CONDITION_GAMES))
    if league.min_reliability:
        conditions.append(_(CONDITION_RELIABLE).format(share=percent(league.min_reliability)))
    if conditions:
        lines.append(_(CONDITIONS).format(conditions=listing(conditions)))
    if league.status == "signup":
        lines.append(plural(len(players), *SIGN_UP_UNTIL, until=until, most=league.max_players))
    elif league.status == "running":
        lines.append(_(RUNNING).format(round=league.round, rounds=league.rounds))
    elif league.status == "finished":
        lines.append(_(FINISHED))
    else:
        lines.append(_(CANCELLED))
    names = [_player(p) for p in players]
    lines.append(_(SIGNED_UP_LIST).format(players=listing(names)) if names else _(NOBODY_YET))
    return "\n".join(lines)


def _player(p: LeaguePlayer) -> str:
    who = mention(p.user_id) if p.user_id > 0 else shown(p.name)
    return _(WITHDREW_MARK).format(player=who) if p.withdrawn_round is not None else who


def round_message(league: League, tables: Sequence[LeagueTable], threads: dict[int, int]) -> str:
    """A round's tables in the league's channel: who sits where, with a link to each table's thread."""
    lines = [
        _(ROUND_HEAD).format(league=league.id, round=tables[0].round if tables else league.round, rounds=league.rounds)
    ]
    for table in tables:
        players = listing(mention(u) for u in table.users)
        if table.is_bye:
            lines.append(_(BYE_LINE).format(player=players, points=points_text(1.5)))
        else:
            thread = threads.get(table.table_no)
            where = f"<#{thread}>" if thread else "…"
            lines.append(_(TABLE_LINE).format(table=table.table_no, players=players, thread=where))
    return "\n".join(lines)


def table_hello(league: League, table: LeagueTable) -> str:
    players = listing(mention(u) for u in table.users)
    return _(TABLE_HELLO).format(league=league.id, round=table.round, table=table.table_no, players=players)


def thread_name(league: League, table: LeagueTable) -> str:
    return _(THREAD_NAME).format(league=league.id, round=table.round, table=table.table_no)[:100]


def names_of(players: Sequence[LeaguePlayer]) -> dict[int, str]:
    return {p.user_id: p.name for p in players}


def standings_text(league: League, lines: Sequence[Standing], names: dict[int, str], *, final: bool) -> str:
    """The standings in words, best first (mentions ping nobody where they are posted)."""
    if final:
        head = _(STANDINGS_FINAL).format(league=league.id)
    else:
        head = _(STANDINGS_AFTER).format(league=league.id, round=league.round, rounds=league.rounds)
    out = [head]
    for rank, s in enumerate(lines, start=1):
        who = mention(s.user_id) if s.user_id > 0 else shown(names.get(s.user_id, ""))
        if s.withdrawn:
            who = _(WITHDREW_MARK).format(player=who)
        out.append(
            _(STANDING_LINE).format(
                rank=rank,
                player=who,
                points=points_text(s.points),
                margin=margin_text(s.margin),
                buchholz=points_text(s.buchholz),
            )
        )
    out.append(_(KEY))
    return "\n".join(out)


def standings_alt(league: League, lines: Sequence[Standing], names: dict[int, str]) -> str:
    """The standings image's description: names, never mentions."""
    items = [
        _(ALT_LINE).format(rank=k, player=names.get(s.user_id, ""), points=points_text(s.points))
        for k, s in enumerate(lines, start=1)
    ]
    return _(STANDINGS_ALT).format(league=league.id, lines=listing(items))[:1024]


def withdrawn_word() -> str:
    """The standings image's mark of a player who withdrew."""
    return _(WITHDREW_MARK).format(player="").strip()
