"""A server's leagues, as the bot runs them (no Discord types): opening one, signing up and withdrawing, the
rounds paired and their tables known, the standings, the end. The pairing and the standings are
`games.swiss`'s; what is stored, `storage.leagues`.

A league is its server's: the process that owns the server (`games.shards`) runs it. Sign-up closes when
the host starts the league or its window ends; round 1 is paired then, and each next round once every table
of the round before has ended (their games' turn timers see that they do: a league's games always have one).
A withdrawn or forgotten player is paired no more; a computer finishes their running game, whose places count
for the others at the table and not for them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage import Game, GameSettings, Store
from storage.leagues import League, LeagueExists, LeaguePlayer, LeagueTable

from . import computers
from .errors import GameError, Reason
from .swiss import Entrant, Pairing, Standing, TableResult, met_pairs, pair_round, round_robin, standings

log = logging.getLogger("coalbaron")

FORMATS = ("swiss", "round_robin")
TABLE_SIZES = (2, 3, 4)
MOST_ROUNDS = 9  # a Swiss league's rounds
MOST_PLAYERS = 500
SIGNUP_HOURS = (1, 14 * 24)  # the shortest and the longest sign-up window


class LeagueError(GameError):
    """A league's request refused (see `Reason`'s league reasons)."""


@dataclass(frozen=True, slots=True)
class LeagueView:
    """A league with its players and tables, as one read gives them."""

    league: League
    players: list[LeaguePlayer]
    tables: list[LeagueTable]

    @property
    def active(self) -> list[LeaguePlayer]:
        return [p for p in self.players if p.withdrawn_round is None]

    def round_tables(self, round_no: int | None = None) -> list[LeagueTable]:
        at = self.league.round if round_no is None else round_no
        return [t for t in self.tables if t.round == at and not t.is_bye]

    def player(self, user_id: int) -> LeaguePlayer | None:
        return next((p for p in self.players if p.user_id == user_id), None)


class Leagues:
    """The leagues of the servers this process owns (`manager.leagues`)."""

    def __init__(self, store: Store, owns: Any) -> None:
        self.store = store
        self.owns = owns  # guild id -> whether this process runs it

    # --- reading -----------------------------------------------------------------------------------------

    async def view(self, league_id: int) -> LeagueView:
        league = await self.store.leagues.league(league_id)
        if league is None:
            raise LeagueError(Reason.NO_LEAGUE)
        return LeagueView(
            league, await self.store.leagues.players(league_id), await self.store.leagues.tables(league_id)
        )

    async def in_channel(self, channel_id: int, *, latest: bool = False) -> LeagueView:
        """The channel's open league (or its latest, open or not, with `latest`); LeagueError without one."""
        leagues = self.store.leagues
        league = await (leagues.latest_in(channel_id) if latest else leagues.open_in(channel_id))
        if league is None:
            raise LeagueError(Reason.NO_LEAGUE)
        return await self.view(league.id)

    async def open_leagues(self) -> list[League]:
        """The open leagues of this process's servers (to resume after a start)."""
        return [lg for lg in await self.store.leagues.open_leagues() if self.owns(lg.guild_id)]

    # --- opening and signing up ---------------------------------------------------------------------------

    async def open(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        format: str,
        rounds: int,
        table_size: int,
        options: dict[str, Any],
        signup_hours: int,
        max_players: int,
        min_games: int = 0,
        min_reliability: float = 0.0,
    ) -> League:
        """A league open for sign-up in the channel (LeagueError: a bad setting, a league there already)."""
        if format not in FORMATS or table_size not in TABLE_SIZES:
            raise LeagueError(Reason.LEAGUE_BAD_FORMAT)
        if format == "swiss" and not 1 <= rounds <= MOST_ROUNDS:
            raise LeagueError(Reason.LEAGUE_BAD_ROUNDS, most=MOST_ROUNDS)
        if not 2 <= max_players <= MOST_PLAYERS:
            raise LeagueError(Reason.LEAGUE_BAD_PLAYERS, most=MOST_PLAYERS)
        if not SIGNUP_HOURS[0] <= signup_hours <= SIGNUP_HOURS[1]:
            raise LeagueError(Reason.LEAGUE_BAD_WINDOW, least=SIGNUP_HOURS[0], most=SIGNUP_HOURS[1])
        if not 0 <= min_games <= 1000 or not 0.0 <= min_reliability <= 1.0:
            raise LeagueError(Reason.LEAGUE_BAD_CONDITION)
        settings = GameSettings(**options)  # the caller checked them as /coal new does
        if settings.timer_seconds is None:
            raise LeagueError(Reason.LEAGUE_NEEDS_TIMER)
        try:
            return await self.store.leagues.create(
                guild_id,
                channel_id,
                host_id,
                format=format,
                rounds=rounds if format == "swiss" else 0,
                table_size=table_size,
                options=options,
                signup_until=self.store.clock() + signup_hours * 3600,
                max_players=max_players,
                min_games=min_games,
                min_reliability=min_reliability,
            )
        except LeagueExists:
            raise LeagueError(Reason.CHANNEL_HAS_LEAGUE) from None

    async def sign_up(self, league_id: int, user_id: int, name: str) -> LeagueView:
        """`user_id` signs up (LeagueError: closed, full, in already, or short of an entry condition)."""
        view = await self.view(league_id)
        league = view.league
        if league.status != "signup" or self.store.clock() >= league.signup_until:
            raise LeagueError(Reason.LEAGUE_SIGNUP_CLOSED)
        if view.player(user_id) is not None:
            raise LeagueError(Reason.LEAGUE_SIGNED_UP)
        if computers.is_computer(user_id):
            raise LeagueError(Reason.LEAGUE_SIGNED_UP)
        if len(view.players) >= league.max_players:
            raise LeagueError(Reason.LEAGUE_FULL, most=league.max_players)
        await self._check_conditions(league, user_id)
        if not await self.store.leagues.sign_up(league_id, user_id, name, league.max_players):
            raise LeagueError(Reason.LEAGUE_FULL, most=league.max_players)  # filled (or closed) meanwhile
        return await self.view(league_id)

    async def _check_conditions(self, league: League, user_id: int) -> None:
        if league.min_games:
            played = (await self.store.queries.player_stats(league.guild_id, user_id)).games
            if played < league.min_games:
                raise LeagueError(Reason.LEAGUE_TOO_FEW_GAMES, least=league.min_games, played=played)
        if league.min_reliability > 0:
            share = (await self.store.queries.reliability(league.guild_id, user_id)).share
            if share is None or share < league.min_reliability:
                raise LeagueError(
                    Reason.LEAGUE_UNRELIABLE, least=league.min_reliability, share=0.0 if share is None else share
                )

    async def leave(self, league_id: int, user_id: int) -> tuple[LeagueView, list[int]]:
        """`user_id` leaves: off the list while it signs up; withdrawn from a running league (no later
        round pairs them). The league, and the channels of their running table games, where a computer is
        to finish for them (the caller hands the seats over)."""
        view = await self.view(league_id)
        player = view.player(user_id)
        if player is None or player.withdrawn_round is not None or not view.league.is_open:
            raise LeagueError(Reason.LEAGUE_NOT_SIGNED_UP)
        if view.league.status == "signup":
            await self.store.leagues.leave(league_id, user_id)
            return await self.view(league_id), []
        await self.store.leagues.withdraw(league_id, user_id, view.league.round)
        running = [
            t.thread_id
            for t in view.round_tables()
            if user_id in t.users and t.thread_id is not None and t.game_id is not None
        ]
        return await self.view(league_id), running

    async def cancel(self, league_id: int) -> LeagueView:
        """The league ends without standings (its host, or the server removed the bot); running table
        games play on as games of their own."""
        await self.store.leagues.cancel(league_id)
        return await self.view(league_id)

    # --- rounds --------------------------------------------------------------------------------------------

    async def begin(self, league_id: int) -> LeagueView:
        """Sign-up closes and round 1 is paired (a round-robin's schedule fixed); a league with fewer than
        two players is cancelled instead."""
        view = await self.view(league_id)
        league = view.league
        if league.status != "signup":
            return view
        if len(view.players) < 2:
            await self.store.leagues.cancel(league_id)
            return await self.view(league_id)
        schedule = None
        rounds = league.rounds
        if league.format == "round_robin":
            plan = round_robin([p.user_id for p in view.players], league.table_size)
            schedule = [[[list(t) for t in r.tables], r.bye] for r in plan]
            rounds = len(plan)
        await self.store.leagues.start(league_id, rounds, schedule)
        return await self.advance(league_id)

    async def advance(self, league_id: int) -> LeagueView:
        """Pair the next round once every table of this one has ended (its game finished or aborted), or
        end the league after its last; the league as it is then. Safe to call at any time, and again: the
        round is stored once (`Leagues.add_round` moves the league's round with its tables)."""
        view = await self.view(league_id)
        league = view.league
        if league.status != "running" or not await self._round_over(view):
            return view
        if league.round >= league.rounds or len(view.active) < 2:
            final = await self.standings(view)
            lines = [_line(s, view) for s in final]
            await self.store.leagues.finish(league_id, lines)
            log.info("league %s finished after round %s", league_id, league.round)
            return await self.view(league_id)
        pairing = await self._pairing(view)
        stored = await self.store.leagues.add_round(league_id, league.round + 1, list(pairing.tables), pairing.bye)
        if stored:
            log.info("league %s: round %s paired (%s repeats)", league_id, league.round + 1, pairing.repeats)
        return await self.view(league_id)

    async def _round_over(self, view: LeagueView) -> bool:
        if view.league.round == 0:
            return True
        for table in view.round_tables():
            if table.game_id is None:
                return False
            game = await self.store.queries.load_game(table.game_id)
            if game is not None and game.is_open:
                return False
        return True

    async def _pairing(self, view: LeagueView) -> Pairing:
        league, active = view.league, view.active
        ids = {p.user_id for p in active}
        if league.format == "round_robin" and league.schedule is not None:
            tables_, bye = league.schedule[league.round]
            kept = [tuple(u for u in t if u in ids) for t in tables_]
            byes = [t[0] for t in kept if len(t) == 1] + ([bye] if bye in ids else [])
            tables = tuple(t for t in kept if len(t) >= 2)
            # more than one left alone (withdrawals): they sit together rather than wait
            if len(byes) > 1:
                tables = (*tables, tuple(byes))
                byes = []
            return Pairing(tables, byes[0] if byes else None, 0)
        lines = {s.user_id: s for s in await self.standings(view)}
        ratings = await self._ratings(league.guild_id, sorted(ids))
        order = {p.user_id: k for k, p in enumerate(view.players)}
        entrants = [
            Entrant(u, points=lines[u].points, rating=ratings.get(u, 0.0), byes=lines[u].byes, order=order[u])
            for u in sorted(ids, key=order.__getitem__)
        ]
        met = met_pairs(t.users for t in view.tables if not t.is_bye)
        return pair_round(entrants, met, league.table_size)

    async def _ratings(self, guild_id: int, users: Sequence[int]) -> dict[int, float]:
        rows = await self.store.ladders.ratings(guild_id, list(users))
        return {u: r.ordinal for u, r in rows.items()}

    def tables_to_open(self, view: LeagueView) -> list[LeagueTable]:
        """The current round's tables whose game is not dealt yet (a restart's leftovers too)."""
        if view.league.status != "running":
            return []
        return [t for t in view.round_tables() if t.game_id is None]

    async def table_dealt(self, view: LeagueView, table: LeagueTable, game: Game) -> None:
        await self.store.leagues.table_opened(view.league.id, table.round, table.table_no, game.id, game.channel_id)

    async def league_of_game(self, game_id: int) -> int | None:
        return await self.store.leagues.league_of_game(game_id)

    # --- standings -----------------------------------------------------------------------------------------

    async def standings(self, view: LeagueView) -> list[Standing]:
        """The standings after the tables that have ended (see `games.swiss`)."""
        results = []
        for table in view.tables:
            if table.is_bye or table.game_id is None:
                continue
            game = await self.store.queries.load_game(table.game_id)
            if game is None or game.status != "finished" or game.state is None:
                continue  # running, or aborted: no places
            results.append(table_result(table, game))
        byes = [t.users[0] for t in view.tables if t.is_bye]
        ratings = await self._ratings(view.league.guild_id, [p.user_id for p in view.players])
        players = [(p.user_id, ratings.get(p.user_id, 0.0), p.withdrawn_round is not None) for p in view.players]
        return standings(players, results, byes)


def table_result(table: LeagueTable, game: Game) -> TableResult:
    """A finished table game's result, by the league's seat order (a seat's user id may have become a
    pseudonym since); a seat a computer finished for a player who withdrew or was forgotten does not count
    for them."""
    assert game.state is not None
    results = tuple((p.vp, p.marks) for p in game.state.players)
    users = tuple(table.users[k] if k < len(table.users) else None for k in range(len(results)))
    names = [p.name for p in game.state.players]
    uncounted = frozenset(u for k, u in enumerate(users) if u is not None and _finished_for(game, names[k]))
    return TableResult(users, results, uncounted)


def _finished_for(game: Game, name: str) -> bool:
    """Whether a computer finished the seat for good: its player withdrew from the league or asked to be
    forgotten."""
    helper = game.options.stand_ins.get(name)
    return helper is not None and helper.by in ("league", "forget")


def _line(s: Standing, view: LeagueView) -> dict[str, Any]:
    player = view.player(s.user_id)
    return {
        "user_id": s.user_id,
        "name": player.name if player is not None else "",
        "points": s.points,
        "margin": s.margin,
        "buchholz": s.buchholz,
        "games": s.games,
        "byes": s.byes,
        "withdrawn": s.withdrawn,
    }
