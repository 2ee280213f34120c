"""The `Store`: one SQLite file through aiosqlite; games, seats, the action log and queries.

Every write is one transaction, so a turn's state snapshot, its log row and the version
bump are stored together or not at all: a turn is a single INSERT into the `turns` view,
lobby changes are `BEGIN IMMEDIATE` ... `COMMIT`. A turn is written only over the version
it was computed from (`StaleState` otherwise).

The connection is shared by every game: aiosqlite runs it on one thread, and a lock here
keeps one coroutine's transaction from interleaving with another's statements (a read in
the middle of someone else's transaction would see uncommitted data).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path

import aiosqlite

from rules import GameState
from rules.record import GameRecord, RecordedAction, ReplayError, replay

from . import schema
from .access import check_access
from .errors import StaleState, StorageError
from .models import (
    SEAT_COLOURS,
    GameRow,
    GameSettings,
    GameSummary,
    LogRow,
    PlayerResult,
    PlayerStats,
    SeatRow,
)

DEFAULT_PATH = "data/coalbaron.sqlite3"
# Every commit reaches the disk before the bot posts the turn: what players see is stored,
# even across a power cut. The benchmark measures what this costs against a bare commit.
SYNCHRONOUS = "FULL"

_GAME_COLUMNS = (
    "id, guild_id, channel_id, status, options, host_id, seed, state, version, created_at, updated_at,"
    " deadline, reminded"
)


def default_path() -> Path:
    """`COALBARON_DB` from the environment, else `data/coalbaron.sqlite3`."""
    return Path(os.environ.get("COALBARON_DB") or DEFAULT_PATH)


def _seat(row: Sequence) -> SeatRow:
    seat, user_id, name, colour, missed = row
    return SeatRow(seat=seat, user_id=user_id, name=name, colour=colour, missed=missed)


def _game(row: Sequence, seats: Iterable[SeatRow]) -> GameRow:
    gid, guild, channel, status, options, host, seed, state, version, created, updated, deadline, reminded = row
    return GameRow(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        status=status,
        options=GameSettings.model_validate_json(options),
        host_id=host,
        seats=tuple(sorted(seats, key=lambda s: s.seat)),
        seed=seed,
        state=None if state is None else GameState.model_validate_json(state),
        version=version,
        created_at=created,
        updated_at=updated,
        deadline=deadline,
        reminded=bool(reminded),
    )


class Store:
    """The bot's database. `await Store(path).open()` ... `await store.close()`, or `async with`."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
    ):
        self.path = Path(path) if path is not None else default_path()
        self.busy_timeout = busy_timeout
        self.clock = clock
        self.found_version: int | None = None  # schema version found on open (None: new file)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # --- opening and closing -------------------------------------------------------------

    async def open(self) -> Store:
        """Create or upgrade the database, then connect. Refuses foreign or newer files, and files or
        folders the bot may not write (`StorageError` naming the path and the cause)."""
        await asyncio.to_thread(check_access, self.path)
        self.found_version = await asyncio.to_thread(schema.prepare, self.path, self.busy_timeout)
        db = await aiosqlite.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
        try:
            # Read every answer: a PRAGMA that answers with a row and is left unread keeps its
            # statement running, and SQLite refuses to COMMIT until its cursor is collected.
            for pragma in (
                "journal_mode = WAL",
                f"synchronous = {SYNCHRONOUS}",
                "foreign_keys = ON",
                f"busy_timeout = {int(self.busy_timeout * 1000)}",
            ):
                await db.execute_fetchall(f"PRAGMA {pragma}")
        except BaseException:
            await db.close()
            raise
        self._db = db
        return self

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            async with self._lock:
                await db.close()

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc) -> None:
        await self.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The underlying connection, for benchmarks and tests; the bot never needs it."""
        if self._db is None:
            raise StorageError("The database is not open.")
        return self._db

    @contextlib.asynccontextmanager
    async def _statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection to ourselves, outside any transaction: each statement commits alone."""
        async with self._lock:
            db = self.connection
            if db.in_transaction:  # left open by a cancelled writer: nothing in it was committed
                await db.execute("ROLLBACK")
            yield db

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._statement() as db:
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                await db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    if db.in_transaction:
                        await db.execute("ROLLBACK")
                raise

    # --- lobby and game lifecycle --------------------------------------------------------

    async def create_game(
        self, guild_id: int, channel_id: int, host_id: int, host_name: str, options: GameSettings
    ) -> GameRow:
        """A lobby in `channel_id` with its host in seat 0. StaleState if the channel has a game."""
        now = self.clock()
        async with self._write() as db:
            taken = await _one(
                db, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
            )
            if taken:
                raise StaleState("This channel already has a game.")
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, status, options, host_id, created_at, updated_at)"
                " VALUES (?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, options.model_dump_json(), host_id, now, now),
            )
            game_id = cur.lastrowid
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, 0, ?, ?, ?)",
                (game_id, host_id, host_name, SEAT_COLOURS[0]),
            )
            return await _fetch_game(db, game_id)

    async def add_seat(self, game: GameRow, user_id: int, name: str) -> GameRow:
        """Seat `user_id` in the lobby's next seat."""
        async with self._write() as db:
            current = await _fetch_game(db, game.id)
            if current.status != "lobby":
                raise StaleState("The game is no longer in its lobby.")
            if len(current.seats) >= len(SEAT_COLOURS):
                raise StaleState("The game is full.")
            if current.seat_of_user(user_id):
                raise StaleState("That player is already seated.")
            seat = len(current.seats)
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                (game.id, seat, user_id, name, SEAT_COLOURS[seat]),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (self.clock(), game.id))
            return await _fetch_game(db, game.id)

    async def remove_seat(self, game: GameRow, user_id: int) -> GameRow:
        """Unseat `user_id` from the lobby; the others close up in order (and take the colours).

        If the host leaves, the next seated player becomes host; if nobody is left, the
        lobby is aborted.
        """
        async with self._write() as db:
            current = await _fetch_game(db, game.id)
            if current.status != "lobby":
                raise StaleState("The game is no longer in its lobby.")
            if not current.seat_of_user(user_id):
                raise StaleState("That player is not seated.")
            rest = [s for s in current.seats if s.user_id != user_id]
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                [(game.id, k, s.user_id, s.name, SEAT_COLOURS[k]) for k, s in enumerate(rest)],
            )
            host = current.host_id if current.host_id != user_id or not rest else rest[0].user_id
            status = "lobby" if rest else "aborted"
            await db.execute(
                "UPDATE games SET host_id = ?, status = ?, updated_at = ? WHERE id = ?",
                (host, status, self.clock(), game.id),
            )
            return await _fetch_game(db, game.id)

    async def start_game(
        self, game: GameRow, names: list[str], seed: int, state: GameState, deadline: float | None = None
    ) -> GameRow:
        """The lobby becomes an active game at version 0; seats get their rules names."""
        if len(names) != len(game.seats):
            raise ValueError("one name per seat")
        now = self.clock()
        async with self._write() as db:
            seated = await _all(db, "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game.id,))
            if [r[0] for r in seated] != [s.user_id for s in game.seats]:
                raise StaleState("The seats changed while the game was being dealt.")
            cur = await db.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, version = 0, updated_at = ?, deadline = ?,"
                " reminded = 0 WHERE id = ? AND status = 'lobby'",
                (seed, state.model_dump_json(), now, deadline, game.id),
            )
            if cur.rowcount != 1:
                raise StaleState("The game is no longer in its lobby.")
            await db.executemany(
                "UPDATE seats SET name = ? WHERE game_id = ? AND seat = ?",
                [(name, game.id, s.seat) for name, s in zip(names, game.seats, strict=True)],
            )
        seats = tuple(replace(s, name=name) for name, s in zip(names, game.seats, strict=True))
        return replace(
            game, status="active", seed=seed, state=state, version=0, seats=seats, updated_at=now, deadline=deadline
        )

    async def abort_game(self, game: GameRow) -> GameRow:
        """End a lobby or a running game without a result; it stays in the database."""
        now = self.clock()
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'aborted', deadline = NULL, updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'active')",
                (now, game.id),
            )
            if cur.rowcount != 1:
                raise StaleState("The game is already over.")
        return replace(game, status="aborted", deadline=None, updated_at=now)

    async def save_turn(
        self,
        game: GameRow,
        state: GameState,
        *,
        user_id: int,
        player: str,
        action: str,
        summary: str = "",
        auto: bool = False,
        deadline: float | None = None,
    ) -> GameRow:
        """Store one turn over `game` (the version it was computed from): snapshot, log row, version.

        One INSERT into the `turns` view (see `schema._to_v2`), so one transaction and one
        round trip. Raises StaleState, writing nothing, if the stored game is no longer
        running at `game.version`. The acting seat's `missed` count goes up for a timer
        action and back to 0 for a player's own; a finished game gets status `finished`.
        """
        status = "finished" if state.phase == "over" else "active"
        if status == "finished":
            deadline = None
        seq = game.version + 1
        snapshot = state.model_dump_json()
        now = self.clock()
        try:
            async with self._statement() as db:
                await db.execute(
                    "INSERT INTO turns (game_id, seq, user_id, player, action, at, summary, auto, state, status,"
                    " deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.id, seq, user_id, player, action, now, summary, int(auto), snapshot, status, deadline),
                )
        except sqlite3.IntegrityError as err:
            if "stale turn" not in str(err):
                raise
            raise StaleState(f"Game {game.id} is no longer at version {game.version}; nothing was saved.") from None
        # The same bookkeeping as the `turns_insert` trigger, so the cache matches the file.
        seats = tuple(
            replace(s, missed=s.missed + 1 if auto else 0) if s.name == player and (auto or s.missed) else s
            for s in game.seats
        )
        return replace(
            game,
            state=state,
            version=seq,
            status=status,
            updated_at=now,
            deadline=deadline,
            reminded=False,
            seats=seats,
        )

    async def mark_reminded(self, game: GameRow) -> GameRow:
        """Record that the half-time reminder of the current turn was posted (once per turn)."""
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET reminded = 1 WHERE id = ? AND version = ? AND status = 'active' AND reminded = 0",
                (game.id, game.version),
            )
            if cur.rowcount != 1:
                raise StaleState(f"Game {game.id} moved on or was already reminded at version {game.version}.")
        return replace(game, reminded=True)

    # --- queries -------------------------------------------------------------------------

    async def load_game(self, game_id: int) -> GameRow | None:
        async with self._statement() as db:
            return await _fetch_game(db, game_id, missing_ok=True)

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel."""
        return await self._one_game("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The running game of a channel (not a lobby)."""
        return await self._one_game("channel_id = ? AND status = 'active'", (channel_id,))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game of any status (for /coal export after the end)."""
        return await self._one_game("channel_id = ?", (channel_id,), order="created_at DESC, id DESC LIMIT 1")

    async def open_games(self) -> list[GameRow]:
        """Every lobby and running game (what a restarted bot resumes)."""
        return await self._games("status IN ('lobby', 'active')", ())

    async def active_games(self) -> list[GameRow]:
        return await self._games("status = 'active'", ())

    async def games(self, statuses: Iterable[str] = ("lobby", "active", "finished", "aborted")) -> list[GameRow]:
        statuses = tuple(statuses)
        return await self._games(f"status IN ({', '.join('?' * len(statuses))})", statuses)

    async def finished_games(self, guild_id: int, limit: int = 20) -> list[GameSummary]:
        """A server's finished games, newest first, with scores and winners."""
        async with self._statement() as db:
            rows = await _all(
                db,
                """
                SELECT g.id, g.channel_id, g.updated_at, s.name, s.user_id,
                       json_extract(g.state, '$.players[' || s.seat || '].vp'),
                       s.seat IN (SELECT value FROM json_each(g.state, '$.winners'))
                FROM games g JOIN seats s ON s.game_id = g.id
                WHERE g.id IN (SELECT id FROM games WHERE guild_id = ? AND status = 'finished'
                               ORDER BY updated_at DESC, id DESC LIMIT ?)
                ORDER BY g.updated_at DESC, g.id DESC, s.seat
                """,
                (guild_id, limit),
            )
        out: list[GameSummary] = []
        for gid, channel, at, name, user, vp, won in rows:
            if not out or out[-1].game_id != gid:
                out.append(GameSummary(game_id=gid, channel_id=channel, finished_at=at, scores=(), winners=()))
            last = out[-1]
            out[-1] = replace(
                last, scores=last.scores + ((name, user, vp),), winners=last.winners + ((name,) if won else ())
            )
        return out

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        """Every finished game `user_id` played in this server, newest first."""
        async with self._statement() as db:
            rows = await _all(
                db,
                """
                SELECT g.id, g.updated_at, s.name,
                       json_extract(g.state, '$.players[' || s.seat || '].vp'),
                       s.seat IN (SELECT value FROM json_each(g.state, '$.winners')),
                       (SELECT count(*) FROM seats o WHERE o.game_id = g.id)
                FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = ? AND g.guild_id = ? AND g.status = 'finished'
                ORDER BY g.updated_at DESC, g.id DESC
                """,
                (user_id, guild_id),
            )
        return [
            PlayerResult(game_id=g, finished_at=at, name=name, vp=vp, won=bool(won), players=n)
            for g, at, name, vp, won, n in rows
        ]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        return PlayerStats.of(await self.player_results(guild_id, user_id))

    async def log(self, game_id: int, last: int | None = None) -> list[LogRow]:
        """The game's action log in order (only the `last` entries, when given)."""
        sql = "SELECT game_id, seq, user_id, player, action, at, summary, auto FROM actions WHERE game_id = ?"
        params: tuple = (game_id,)
        if last is not None:
            sql += " AND seq > (SELECT version FROM games WHERE id = ?) - ?"
            params += (game_id, last)
        async with self._statement() as db:
            rows = await _all(db, sql + " ORDER BY seq", params)
        return [
            LogRow(game_id=g, seq=q, user_id=u, player=p, action=a, at=at, summary=s or "", auto=bool(auto))
            for g, q, u, p, a, at, s, auto in rows
        ]

    async def game_record(self, game_id: int) -> GameRecord | None:
        """The game as a rules record (`python -m rules replay` reads it); None for a lobby."""
        game = await self.load_game(game_id)
        if game is None or game.seed is None:
            return None
        entries = await self.log(game_id)
        return GameRecord(
            seed=game.seed,
            players=[s.name for s in game.seats],
            options=game.options.rules_options(),
            actions=[RecordedAction(player=e.player, action=e.action) for e in entries],
        )

    async def verify(self) -> list[str]:
        """Problems found: SQLite's integrity and foreign-key checks, then for every started
        game, that its log has one row per version and replays from the seed to the stored state.

        An empty list means the database is sound.
        """
        problems: list[str] = []
        async with self._statement() as db:
            integrity = [r[0] for r in await _all(db, "PRAGMA integrity_check", ())]
            if integrity != ["ok"]:
                problems += [f"integrity: {line}" for line in integrity]
            for row in await _all(db, "PRAGMA foreign_key_check", ()):
                problems.append(f"foreign key: {tuple(row)}")
        for game in await self.games(("active", "finished", "aborted")):
            if game.seed is None:
                continue
            record = await self.game_record(game.id)
            assert record is not None
            if len(record.actions) != game.version or game.state.turn != game.version:
                problems.append(
                    f"game {game.id}: version {game.version}, {len(record.actions)} logged actions, "
                    f"state turn {game.state.turn}"
                )
                continue
            try:
                replayed = await asyncio.to_thread(replay, record)
            except ReplayError as err:
                problems.append(f"game {game.id}: the log does not replay: {err}")
                continue
            if replayed != game.state:
                problems.append(f"game {game.id}: the log replays to a different state than the stored one")
        return problems

    # --- helpers -------------------------------------------------------------------------

    async def _one_game(self, where: str, params: tuple, order: str = "id") -> GameRow | None:
        games = await self._games(where, params, order)
        return games[0] if games else None

    async def _games(self, where: str, params: tuple, order: str = "id") -> list[GameRow]:
        async with self._statement() as db:
            return await _fetch_games(db, where, params, order)


async def _one(db: aiosqlite.Connection, sql: str, params: tuple) -> tuple | None:
    rows = await _all(db, sql, params)
    return rows[0] if rows else None


async def _all(db: aiosqlite.Connection, sql: str, params: tuple) -> list:
    return list(await db.execute_fetchall(sql, params))  # one round trip to the database thread


# A game row with its seats as a JSON array, so that loading any number of games is one query.
_SELECT_GAMES = f"""
    SELECT {_GAME_COLUMNS},
           (SELECT json_group_array(json_array(seat, user_id, name, colour, missed))
            FROM (SELECT * FROM seats WHERE seats.game_id = games.id ORDER BY seat))
    FROM games
"""


async def _fetch_games(db: aiosqlite.Connection, where: str, params: tuple, order: str = "id") -> list[GameRow]:
    rows = await _all(db, f"{_SELECT_GAMES} WHERE {where} ORDER BY {order}", params)
    return [_game(row[:-1], (_seat(s) for s in json.loads(row[-1]))) for row in rows]


async def _fetch_game(db: aiosqlite.Connection, game_id: int, missing_ok: bool = False) -> GameRow | None:
    games = await _fetch_games(db, "id = ?", (game_id,))
    if not games:
        if missing_ok:
            return None
        raise StaleState(f"Game {game_id} does not exist.")
    return games[0]
