"""The leagues, stored: a server's tournaments (`leagues`), who signed up (`league_players`) and each round's
tables as paired (`league_tables`, a table's game and thread once opened).

A league is open for sign-up, then running round by round, then finished (its final standings kept in
`final`) or cancelled. A round is stored whole, its tables at once, before any of its games is opened, so
a restart opens the tables left; a table's game is noted when it is opened. One open league per channel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .backend import Tx
from .errors import StorageError
from .part import Part

OPEN = ("signup", "running")
COLUMNS = (
    "id, guild_id, channel_id, host_id, message_id, format, rounds, table_size, options, signup_until,"
    " max_players, min_games, min_reliability, status, round, schedule, final, created_at, finished_at"
)


class LeagueExists(StorageError):
    """The channel already has an open league."""


@dataclass(frozen=True, slots=True)
class League:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    message_id: int | None
    format: str  # "swiss" | "round_robin"
    rounds: int
    table_size: int
    options: dict[str, Any]  # the games' options (timer, delivered, absent, language)
    signup_until: float
    max_players: int
    min_games: int
    min_reliability: float
    status: str  # "signup" | "running" | "finished" | "cancelled"
    round: int  # the round being played (0 before the first)
    schedule: list[Any] | None  # a round-robin's rounds: [[tables...], bye] each
    final: list[Any] | None  # the final standings, once finished
    created_at: float
    finished_at: float | None

    @property
    def language(self) -> str:
        return str(self.options.get("language", "en"))

    @property
    def is_open(self) -> bool:
        return self.status in OPEN


@dataclass(frozen=True, slots=True)
class LeaguePlayer:
    user_id: int
    name: str
    joined_at: float
    withdrawn_round: int | None  # the round they withdrew in (None: still in)


@dataclass(frozen=True, slots=True)
class LeagueTable:
    round: int
    table_no: int  # from 1; 0 is the round's bye
    users: tuple[int, ...]  # best ranked first, in seat order
    game_id: int | None
    thread_id: int | None

    @property
    def is_bye(self) -> bool:
        return self.table_no == 0


def _league(row: Any) -> League:
    return League(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        int(row[3]),
        None if row[4] is None else int(row[4]),
        str(row[5]),
        int(row[6]),
        int(row[7]),
        json.loads(row[8]),
        float(row[9]),
        int(row[10]),
        int(row[11]),
        float(row[12]),
        str(row[13]),
        int(row[14]),
        None if row[15] is None else json.loads(row[15]),
        None if row[16] is None else json.loads(row[16]),
        float(row[17]),
        None if row[18] is None else float(row[18]),
    )


def _table(row: Any) -> LeagueTable:
    users = tuple(int(u) for u in json.loads(row[2]))
    game = None if row[3] is None else int(row[3])
    return LeagueTable(int(row[0]), int(row[1]), users, game, None if row[4] is None else int(row[4]))


class Leagues(Part):
    """The Store's leagues."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        *,
        format: str,
        rounds: int,
        table_size: int,
        options: dict[str, Any],
        signup_until: float,
        max_players: int,
        min_games: int = 0,
        min_reliability: float = 0.0,
    ) -> League:
        """A league open for sign-up in the channel (LeagueExists when the channel has an open one)."""
        async with self.backend.write() as tx:
            if await self._open_in(tx, channel_id) is not None:
                raise LeagueExists(f"channel {channel_id} has an open league")
            rows = await tx.fetch(
                "INSERT INTO leagues (guild_id, channel_id, host_id, format, rounds, table_size, options,"
                " signup_until, max_players, min_games, min_reliability, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    host_id,
                    format,
                    rounds,
                    table_size,
                    json.dumps(options, sort_keys=True),
                    signup_until,
                    max_players,
                    min_games,
                    min_reliability,
                    self.clock(),
                ),
            )
            league_id = int(rows[0][0])
            found = await self._get(tx, league_id)
        assert found is not None
        return found

    async def _get(self, tx: Tx, league_id: int) -> League | None:
        rows = await tx.fetch(f"SELECT {COLUMNS} FROM leagues WHERE id = ?", (league_id,))
        return _league(rows[0]) if rows else None

    async def _open_in(self, tx: Tx, channel_id: int) -> League | None:
        rows = await tx.fetch(
            f"SELECT {COLUMNS} FROM leagues WHERE channel_id = ? AND status IN ('signup', 'running') ORDER BY id",
            (channel_id,),
        )
        return _league(rows[0]) if rows else None

    async def league(self, league_id: int) -> League | None:
        async with self.backend.read() as tx:
            return await self._get(tx, league_id)

    async def open_in(self, channel_id: int) -> League | None:
        """The channel's open league (signing up or running), if any."""
        async with self.backend.read() as tx:
            return await self._open_in(tx, channel_id)

    async def latest_in(self, channel_id: int) -> League | None:
        """The channel's latest league, open or not."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(f"SELECT {COLUMNS} FROM leagues WHERE channel_id = ? ORDER BY id DESC", (channel_id,))
        return _league(rows[0]) if rows else None

    async def open_leagues(self) -> list[League]:
        """Every league signing up or running (a process picks its own servers' among them)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(f"SELECT {COLUMNS} FROM leagues WHERE status IN ('signup', 'running') ORDER BY id")
        return [_league(r) for r in rows]

    async def of_guild(self, guild_id: int) -> list[League]:
        async with self.backend.read() as tx:
            rows = await tx.fetch(f"SELECT {COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id", (guild_id,))
        return [_league(r) for r in rows]

    async def set_message(self, league_id: int, message_id: int) -> None:
        """Where the league's announcement is (its sign-up list is edited there)."""
        async with self.backend.write() as tx:
            await tx.execute("UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id))

    # --- players -------------------------------------------------------------------------------------

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """Everyone signed up, in the order they signed up."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, name, joined_at, withdrawn_round FROM league_players WHERE league_id = ?"
                " ORDER BY joined_at, user_id",
                (league_id,),
            )
        return [LeaguePlayer(int(u), str(n), float(j), None if w is None else int(w)) for u, n, j, w in rows]

    async def sign_up(self, league_id: int, user_id: int, name: str, max_players: int) -> bool:
        """Add a player while the league signs up and has room; False when they are in already, or it is
        full or no longer signing up."""
        async with self.backend.write() as tx:
            status = await tx.fetch("SELECT status FROM leagues WHERE id = ?", (league_id,))
            if not status or status[0][0] != "signup":
                return False
            rows = await tx.fetch("SELECT user_id FROM league_players WHERE league_id = ?", (league_id,))
            if any(int(u) == user_id for (u,) in rows) or len(rows) >= max_players:
                return False
            await tx.execute(
                "INSERT INTO league_players (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (league_id, user_id, name, self.clock()),
            )
        return True

    async def leave(self, league_id: int, user_id: int) -> bool:
        """Take a player off a league that signs up; False when they were not on it."""
        async with self.backend.write() as tx:
            return (
                await tx.execute(
                    "DELETE FROM league_players WHERE league_id = ? AND user_id = ?"
                    " AND league_id IN (SELECT id FROM leagues WHERE status = 'signup')",
                    (league_id, user_id),
                )
                > 0
            )

    async def withdraw(self, league_id: int, user_id: int, round_no: int) -> bool:
        """A player leaves a running league in `round_no`: no table in a later round; False when they had."""
        async with self.backend.write() as tx:
            return (
                await tx.execute(
                    "UPDATE league_players SET withdrawn_round = ? WHERE league_id = ? AND user_id = ?"
                    " AND withdrawn_round IS NULL",
                    (round_no, league_id, user_id),
                )
                > 0
            )

    # --- rounds --------------------------------------------------------------------------------------

    async def start(self, league_id: int, rounds: int, schedule: list[Any] | None) -> bool:
        """Sign-up closes: the league runs `rounds` rounds (a round-robin's `schedule` fixed now). False
        when it was not signing up."""
        async with self.backend.write() as tx:
            return (
                await tx.execute(
                    "UPDATE leagues SET status = 'running', rounds = ?, schedule = ?"
                    " WHERE id = ? AND status = 'signup'",
                    (rounds, None if schedule is None else json.dumps(schedule), league_id),
                )
                > 0
            )

    async def add_round(self, league_id: int, round_no: int, tables: list[tuple[int, ...]], bye: int | None) -> bool:
        """Store round `round_no`'s tables (and its bye, table 0) at once, the league's round with them;
        False when the league had moved on (the round was stored by another call)."""
        async with self.backend.write() as tx:
            moved = await tx.execute(
                "UPDATE leagues SET round = ? WHERE id = ? AND round = ? AND status = 'running'",
                (round_no, league_id, round_no - 1),
            )
            if not moved:
                return False
            rows = [(league_id, round_no, k, json.dumps(list(t))) for k, t in enumerate(tables, start=1)]
            if bye is not None:
                rows.append((league_id, round_no, 0, json.dumps([bye])))
            await tx.executemany(
                "INSERT INTO league_tables (league_id, round, table_no, users) VALUES (?, ?, ?, ?)", rows
            )
        return True

    async def tables(self, league_id: int) -> list[LeagueTable]:
        """Every table of every round, in round and table order."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT round, table_no, users, game_id, thread_id FROM league_tables WHERE league_id = ?"
                " ORDER BY round, table_no",
                (league_id,),
            )
        return [_table(r) for r in rows]

    async def table_thread(self, league_id: int, round_no: int, table_no: int, thread_id: int) -> None:
        """A table's thread is made (its game is dealt there next; a restart deals it there)."""
        async with self.backend.write() as tx:
            await tx.execute(
                "UPDATE league_tables SET thread_id = ? WHERE league_id = ? AND round = ? AND table_no = ?",
                (thread_id, league_id, round_no, table_no),
            )

    async def table_opened(self, league_id: int, round_no: int, table_no: int, game_id: int, thread_id: int) -> None:
        async with self.backend.write() as tx:
            await tx.execute(
                "UPDATE league_tables SET game_id = ?, thread_id = ?"
                " WHERE league_id = ? AND round = ? AND table_no = ?",
                (game_id, thread_id, league_id, round_no, table_no),
            )

    async def league_of_game(self, game_id: int) -> int | None:
        """The league a game is a table of, if any."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT league_id FROM league_tables WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def finish(self, league_id: int, final: list[Any]) -> bool:
        """The league is over: its final standings kept. False when it was not running."""
        async with self.backend.write() as tx:
            return (
                await tx.execute(
                    "UPDATE leagues SET status = 'finished', final = ?, finished_at = ?"
                    " WHERE id = ? AND status = 'running'",
                    (json.dumps(final), self.clock(), league_id),
                )
                > 0
            )

    async def cancel(self, league_id: int) -> bool:
        """The league ends without standings (its host, or a server that removed the bot)."""
        async with self.backend.write() as tx:
            return (
                await tx.execute(
                    "UPDATE leagues SET status = 'cancelled', finished_at = ? WHERE id = ?"
                    " AND status IN ('signup', 'running')",
                    (self.clock(), league_id),
                )
                > 0
            )
