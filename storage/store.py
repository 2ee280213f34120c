"""The `Store`: games, seats, the action log, the outbox and queries, on SQLite or PostgreSQL.

Every write is one transaction, so a turn's state snapshot, its log row, the version bump,
the final scores of a finished game and what is to be posted about it (the outbox) are
stored together or not at all. A write to a game starts by updating the game's row, which
checks the version it was computed from (`StaleState` otherwise) and, on PostgreSQL, locks
the row against another process until the transaction ends.

The SQL is written once, here, and runs on both engines (`storage.backend`); the turn's
bookkeeping is plain statements rather than a trigger, so that one copy of it serves both.
A turn is handed to the backend whole (`Backend.transaction`): SQLite runs it in one trip to
its thread, which keeps the save near the cost of a bare commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules import GameState
from rules.record import GameRecord, RecordedAction, ReplayError, replay_stack

from .backend import Backend, Row, Statement, Tx, is_postgres_url, sqlite_path
from .errors import RematchTaken, StaleState, StorageError
from .marks import FLUSH_SECONDS, PostedMarks
from .models import (
    SEAT_COLOURS,
    Brief,
    FinishedResult,
    Game,
    GameSettings,
    GameSummary,
    LogRow,
    MoveTimes,
    OutboxRow,
    PlayerResult,
    PlayerSettings,
    PlayerStats,
    Post,
    RatingChange,
    RatingRow,
    SeatRow,
    Status,
)

log = logging.getLogger("coalbaron")

DEFAULT_PATH = "data/coalbaron.sqlite3"

_GAME_COLUMNS = (
    "id, guild_id, channel_id, status, options, host_id, seed, state, version, created_at, updated_at,"
    " deadline, reminded"
)
_SEAT_COLUMNS = "game_id, seat, user_id, name, colour, missed, vp, won"
_OUTBOX_COLUMNS = "id, game_id, seq, kind, payload, attempts, created_at, posted_at, last_error, parts"
_IDS_PER_QUERY = 500  # seats of many games are read in batches of this many game ids


def default_target() -> str:
    """`COALBARON_DB` from the environment (a path or a URL), else `data/coalbaron.sqlite3`."""
    return os.environ.get("COALBARON_DB") or DEFAULT_PATH


def default_path() -> Path:
    """`COALBARON_DB` from the environment, else `data/coalbaron.sqlite3` (as a path)."""
    return Path(sqlite_path(default_target()))


async def open_store(target: str | os.PathLike[str] | None = None, **options: Any) -> Store:
    """An open Store on `target`: a file path, `sqlite:///path` or a `postgresql://` URL.

    Without a target, `$COALBARON_DB` or `data/coalbaron.sqlite3`. `options` are the
    Store's (`busy_timeout`, `clock`, `pool_size`).
    """
    return await Store(target, **options).open()


class Store:
    """The bot's database. `await Store(target).open()` ... `await store.close()`, or `async with`."""

    def __init__(
        self,
        target: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
        pool_size: int = 4,
    ):
        self.target: str | os.PathLike[str] = default_target() if target is None else target
        self.kind = "postgresql" if is_postgres_url(self.target) else "sqlite"
        # The SQLite file (None on PostgreSQL).
        self.path: Path | None = None if self.kind == "postgresql" else Path(sqlite_path(self.target))
        self.busy_timeout = busy_timeout
        self.pool_size = pool_size
        self.clock = clock
        self._backend: Backend | None = None
        self._marks = PostedMarks()  # posts that reached Discord, committed with the next turn (storage.marks)
        self._flush: asyncio.TimerHandle | None = None
        self._flushing: asyncio.Task[None] | None = None

    # --- opening and closing -------------------------------------------------------------

    async def open(self) -> Store:
        """Create or upgrade the database, then connect. Refuses foreign or newer databases."""
        if self.path is None:
            from .postgres import PostgresBackend

            self._backend = await PostgresBackend(str(self.target), pool_size=self.pool_size).open()
        else:
            from .sqlite import SqliteBackend

            self._backend = await SqliteBackend(self.path, self.busy_timeout).open()
        return self

    async def close(self) -> None:
        if self._backend is not None:
            if self._flushing is not None:
                await asyncio.gather(self._flushing, return_exceptions=True)
            if self._flush is not None:
                self._flush.cancel()
                self._flush = None
            # What reached Discord is stored as posted before the database closes; if the database
            # cannot take it now, those turns stay pending and the next start finds them in their channel.
            with contextlib.suppress(Exception):
                await self.flush_marks()
            backend, self._backend = self._backend, None
            await backend.close()

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            raise StorageError("The database is not open.")
        return self._backend

    @property
    def found_version(self) -> int | None:
        """The schema version found on open (None: a new database)."""
        return self.backend.found_version

    @property
    def connection(self) -> Any:
        """The engine's own handle (aiosqlite connection, asyncpg pool), for benchmarks and tests."""
        return self.backend.connection

    # --- lobby and game lifecycle --------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: GameSettings,
        *,
        seats: Sequence[tuple[int, str]] = (),
        rematch_of: int | None = None,
        outbox: Sequence[Post] = (),
    ) -> Game:
        """A lobby in `channel_id` with its host in seat 0 and `seats` (user id, name) after it, its
        `outbox` posts (version 0), all in one transaction. StaleState if the channel has a game;
        RematchTaken if `rematch_of` (a finished game) has its rematch already."""
        now = self.clock()
        try:
            async with self.backend.write() as tx:
                taken = await tx.fetch(
                    "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
                )
                if taken:
                    raise StaleState("This channel already has a game.")
                if rematch_of is not None and await tx.fetch("SELECT 1 FROM games WHERE rematch_of = ?", (rematch_of,)):
                    raise RematchTaken(f"Game {rematch_of} has its rematch already.")
                [(game_id,)] = await tx.fetch(
                    "INSERT INTO games (guild_id, channel_id, status, options, host_id, created_at, updated_at,"
                    " rematch_of) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, options.model_dump_json(), host_id, now, now, rematch_of),
                )
                await tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                    [
                        (game_id, k, user, name, SEAT_COLOURS[k])
                        for k, (user, name) in enumerate([(host_id, host_name), *seats])
                    ],
                )
                await _add_posts(tx, game_id, 0, outbox, now)
                return await _fetch_game(tx, game_id)
        except StaleState:
            raise
        except Exception as err:
            if self.backend.is_unique_violation(err):  # another process took the channel, or the rematch, just now
                if rematch_of is not None and await self.rematch_taken(rematch_of):
                    raise RematchTaken(f"Game {rematch_of} has its rematch already.") from None
                raise StaleState("This channel already has a game.") from None
            raise

    async def rematch_taken(self, game_id: int) -> bool:
        """Whether a finished game's Rematch has opened its lobby already (whatever became of it)."""
        async with self.backend.read() as tx:
            return bool(await tx.fetch("SELECT 1 FROM games WHERE rematch_of = ?", (game_id,)))

    async def add_seat(self, game: Game, user_id: int, name: str) -> Game:
        """Seat `user_id` in the lobby's next seat."""
        async with self.backend.write() as tx:
            current = await _lock_game(tx, game.id, self.clock())
            if current.status != "lobby":
                raise StaleState("The game is no longer in its lobby.")
            if len(current.seats) >= len(SEAT_COLOURS):
                raise StaleState("The game is full.")
            if current.seat_of_user(user_id):
                raise StaleState("That player is already seated.")
            seat = len(current.seats)
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                (game.id, seat, user_id, name, SEAT_COLOURS[seat]),
            )
            return await _fetch_game(tx, game.id)

    async def remove_seat(self, game: Game, user_id: int) -> Game:
        """Unseat `user_id` from the lobby; the others close up in order (and take the colours).

        If the host leaves, the next seated player becomes host; if nobody is left, the
        lobby is aborted.
        """
        async with self.backend.write() as tx:
            current = await _lock_game(tx, game.id, self.clock())
            if current.status != "lobby":
                raise StaleState("The game is no longer in its lobby.")
            if not current.seat_of_user(user_id):
                raise StaleState("That player is not seated.")
            rest = [s for s in current.seats if s.user_id != user_id]
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
                [(game.id, k, s.user_id, s.name, SEAT_COLOURS[k]) for k, s in enumerate(rest)],
            )
            host = current.host_id if current.host_id != user_id or not rest else rest[0].user_id
            status = "lobby" if rest else "aborted"
            await tx.execute("UPDATE games SET host_id = ?, status = ? WHERE id = ?", (host, status, game.id))
            return await _fetch_game(tx, game.id)

    async def start_game(
        self,
        game: Game,
        names: list[str],
        seed: int,
        state: GameState,
        deadline: float | None = None,
        *,
        outbox: Sequence[Post] = (),
    ) -> Game:
        """The lobby becomes an active game at version 0; seats get their rules names."""
        if len(names) != len(game.seats):
            raise ValueError("one name per seat")
        now = self.clock()
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET status = 'active', seed = ?, state = ?, to_move = ?, version = 0, updated_at = ?,"
                " deadline = ?, reminded = 0 WHERE id = ? AND status = 'lobby'",
                (seed, state.model_dump_json(), state.to_move, now, deadline, game.id),
            )
            if changed != 1:
                raise StaleState("The game is no longer in its lobby.")
            seated = await tx.fetch("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game.id,))
            if [r[0] for r in seated] != [s.user_id for s in game.seats]:
                raise StaleState("The seats changed while the game was being dealt.")
            await tx.executemany(
                "UPDATE seats SET name = ? WHERE game_id = ? AND seat = ?",
                [(name, game.id, s.seat) for name, s in zip(names, game.seats, strict=True)],
            )
            await _add_posts(tx, game.id, 0, outbox, now)
        seats = tuple(replace(s, name=name) for name, s in zip(names, game.seats, strict=True))
        return replace(
            game, status="active", seed=seed, state=state, version=0, seats=seats, updated_at=now, deadline=deadline
        )

    async def abort_game(self, game: Game, *, outbox: Sequence[Post] = ()) -> Game:
        """End a lobby or a running game without a result; it stays in the database."""
        now = self.clock()
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET status = 'aborted', deadline = NULL, updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'active')",
                (now, game.id),
            )
            if changed != 1:
                raise StaleState("The game is already over.")
            await _add_posts(tx, game.id, game.version, outbox, now)
        return replace(game, status="aborted", deadline=None, updated_at=now)

    async def save_turn(
        self,
        game: Game,
        state: GameState,
        *,
        user_id: int,
        player: str,
        action: str,
        auto: bool = False,
        deadline: float | None = None,
        outbox: Sequence[Post] = (),
    ) -> Game:
        """Store one turn over `game` (the version it was computed from), in one transaction:

        the snapshot and version (refused with StaleState, writing nothing, unless the stored
        game is running at `game.version`), the log row, the acting seat's `missed` count (up
        for a timer action, back to 0 for a player's own), for a finished game its status and
        every seat's final VP and win, and the `outbox` posts (see `pending_posts`).

        The log row keeps the action only: its events (the `summary` column of entries written before
        issue 26) are what the action log replays to (`rules.record.events_of`) when `/coal log` asks.
        """
        status: Status = "finished" if state.phase == "over" else "active"
        if status == "finished":
            deadline = None
        seq = game.version + 1
        now = self.clock()
        acting = next((s for s in game.seats if s.name == player), None)
        turn = [
            Statement(
                "UPDATE games SET state = ?, to_move = ?, version = ?, status = ?, updated_at = ?, deadline = ?,"
                " reminded = 0 WHERE id = ? AND version = ? AND status = 'active'",
                (state.model_dump_json(), state.to_move, seq, status, now, deadline, game.id, game.version),
                expect=1,
                refused=f"Game {game.id} is no longer at version {game.version}; nothing was saved.",
            ),
            Statement(
                "INSERT INTO actions (game_id, seq, user_id, player, action, at, summary, auto)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game.id, seq, user_id, player, action, now, None, int(auto)),
            ),
        ]
        # `game` is the stored row at `game.version` (the UPDATE above checks), so its missed
        # counts are the stored ones: nothing to write when a player moves on time.
        if acting is not None and (auto or acting.missed):
            turn.append(
                Statement(
                    f"UPDATE seats SET missed = {'missed + 1' if auto else '0'} WHERE game_id = ? AND seat = ?",
                    (game.id, acting.seat),
                )
            )
        if status == "finished":
            turn.append(
                Statement(
                    "UPDATE seats SET vp = ?, won = ? WHERE game_id = ? AND name = ?",
                    [(p.vp, int(i in state.winners), game.id, p.name) for i, p in enumerate(state.players)],
                    many=True,
                )
            )
        if outbox:
            turn.append(_posts(game.id, seq, outbox, now))
        marks = self._marks.take()  # posts of any game that reached Discord: marked in this commit
        if marks:
            turn.append(PostedMarks.statement(marks, now))
        try:
            await self.backend.transaction(turn)
        except BaseException:
            self._marks.put_back(marks)
            raise
        final = (
            {p.name: (p.vp, i in state.winners) for i, p in enumerate(state.players)} if status == "finished" else {}
        )
        seats = tuple(
            replace(
                s,
                missed=(s.missed + 1 if auto else 0) if s is acting else s.missed,
                vp=final[s.name][0] if s.name in final else s.vp,
                won=final[s.name][1] if s.name in final else s.won,
            )
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

    async def mark_reminded(self, game: Game) -> Game:
        """Record that the half-time reminder of the current turn was posted (once per turn)."""
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET reminded = 1 WHERE id = ? AND version = ? AND status = 'active' AND reminded = 0",
                (game.id, game.version),
            )
            if changed != 1:
                raise StaleState(f"Game {game.id} moved on or was already reminded at version {game.version}.")
        return replace(game, reminded=True)

    async def update_options(self, game: Game, options: GameSettings) -> Game:
        """Store a lobby's or running game's changed options (who plays a seat); StaleState if it moved on."""
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET options = ? WHERE id = ? AND version = ? AND status IN ('lobby', 'active')",
                (options.model_dump_json(), game.id, game.version),
            )
            if changed != 1:
                raise StaleState(f"Game {game.id} is no longer open at version {game.version}.")
        return replace(game, options=options)

    async def pause(self, game: Game, options: GameSettings, deadline: float | None) -> Game:
        """Pause (options with `paused_at`, no deadline) or resume (a new deadline, a new reminder)
        a running game; StaleState if it moved on."""
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET options = ?, deadline = ?, reminded = 0 WHERE id = ? AND version = ?"
                " AND status = 'active'",
                (options.model_dump_json(), deadline, game.id, game.version),
            )
            if changed != 1:
                raise StaleState(f"Game {game.id} is no longer running at version {game.version}.")
        return replace(game, options=options, deadline=deadline, reminded=False)

    # --- the outbox ----------------------------------------------------------------------

    async def add_posts(self, game: Game, posts: Sequence[Post]) -> None:
        """Store posts on their own (for a write that is not a turn, start or abort)."""
        async with self.backend.write() as tx:
            await _add_posts(tx, game.id, game.version, posts, self.clock())

    async def pending_posts(
        self,
        game_id: int | None = None,
        *,
        max_attempts: int | None = None,
        limit: int | None = None,
        before: int | None = None,
    ) -> list[OutboxRow]:
        """Posts not yet marked posted, oldest first (of one game, or all of them after a restart).

        `max_attempts` leaves out posts that failed that many times already; `before` keeps only a
        game's posts stored before that version (not read at all when this process knows they were
        all posted). Posts marked with `posted_upto` count as posted at once, committed or not.
        """
        if game_id is not None and before is not None and self._marks.clean_before(game_id, before):
            return []
        sql = f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE posted_at IS NULL"
        params: list[Any] = []
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if max_attempts is not None:
            sql += " AND attempts < ?"
            params.append(max_attempts)
        if before is not None:
            sql += " AND seq < ?"
            params.append(before)
        sql += " ORDER BY id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        async with self.backend.read() as tx:
            rows = await tx.fetch(sql, params)
        return [post for post in map(_outbox, rows) if not self._marks.hides(post)]

    def posted_upto(self, game_id: int, seq: int) -> None:
        """Every post of `game_id` up to version `seq` reached Discord: marked posted in the commit of
        the next turn this store saves, of any game (so a busy bot's move costs one commit), or by
        `flush_marks` (the bot has nothing else to do) or `flush_soon`; `pending_posts` leaves them out
        from now on."""
        self._marks.add(game_id, seq)

    def flush_soon(self) -> None:
        """Commit the marks waiting within `storage.marks.FLUSH_SECONDS`, unless a turn takes them first."""
        if len(self._marks) and self._flush is None and self._flushing is None and self._backend is not None:
            self._flush = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self._flush_now)

    def _flush_now(self) -> None:
        self._flush = None
        self._flushing = asyncio.create_task(self._flush_marks_later(), name="coalbaron-outbox-marks")

    async def _flush_marks_later(self) -> None:
        try:
            await self.flush_marks()
        except Exception as err:  # the database is out of reach: the marks wait, and are tried again
            log.warning("marking posts as posted failed (%s: %s); trying again", type(err).__name__, err)
        finally:
            self._flushing = None
            if len(self._marks) and self._flush is None and self._backend is not None:
                self._flush = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self._flush_now)

    async def flush_marks(self) -> int:
        """Commit the posted marks still waiting for a turn to ride on; how many games they cover."""
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        marks = self._marks.take()
        if not marks:
            return 0
        try:
            await self.backend.transaction([PostedMarks.statement(marks, self.clock())])
        except BaseException:
            self._marks.put_back(marks)
            raise
        return len(marks)

    async def mark_posted(self, post: OutboxRow | int) -> bool:
        """Record that `post` reached Discord; False if it was already marked. Its payload is dropped
        then (the events are in the action log): the row stays as the record of what was posted when."""
        post_id = post if isinstance(post, int) else post.id
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE outbox SET posted_at = ?, payload = '{}' WHERE id = ? AND posted_at IS NULL",
                (self.clock(), post_id),
            )
        return changed == 1

    async def note_parts(self, game_id: int, seq: int, parts: int) -> None:
        """The first `parts` messages of the game's post at version `seq` (a move whose shift was scored, told
        in several messages) are in the channel: committed at once, not with the next turn (`posted_upto`),
        so that a restart posts only the rest, even of a message that carries nothing it could find."""
        async with self.backend.write() as tx:
            await tx.execute(
                "UPDATE outbox SET parts = ? WHERE game_id = ? AND seq = ? AND posted_at IS NULL AND parts < ?",
                (parts, game_id, seq, parts),
            )

    async def drop_pending_posts(self, game_id: int) -> int:
        """Forget the posts of a game that will never be made (its channel is gone); how many."""
        self._marks.forget(game_id)
        async with self.backend.write() as tx:
            return await tx.execute("DELETE FROM outbox WHERE game_id = ? AND posted_at IS NULL", (game_id,))

    async def note_failed_post(self, post: OutboxRow | int, error: str) -> int:
        """Record a failed attempt to post (the post stays pending); the number of attempts so far."""
        post_id = post if isinstance(post, int) else post.id
        if not isinstance(post, int):
            self._marks.forget(post.game_id)
        async with self.backend.write() as tx:
            rows = await tx.fetch(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ? RETURNING attempts",
                (error[:500], post_id),
            )
        if not rows:
            raise StaleState(f"There is no post {post_id} in the outbox.")
        return int(rows[0][0])

    # --- queries -------------------------------------------------------------------------

    async def load_game(self, game_id: int) -> Game | None:
        games = await self._games("id = ?", (game_id,))
        return games[0] if games else None

    async def open_game(self, channel_id: int) -> Game | None:
        """The lobby or running game of a channel."""
        return await self._one_game("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def active_game(self, channel_id: int) -> Game | None:
        """The running game of a channel (not a lobby)."""
        return await self._one_game("channel_id = ? AND status = 'active'", (channel_id,))

    async def latest_game(self, channel_id: int) -> Game | None:
        """The channel's most recent game of any status (for /coal export after the end)."""
        return await self._one_game("channel_id = ?", (channel_id,), order="created_at DESC, id DESC LIMIT 1")

    async def open_games(self) -> list[Game]:
        """Every lobby and running game (what a restarted bot resumes)."""
        return await self._games("status IN ('lobby', 'active')", ())

    async def open_briefs(self) -> list[Brief]:
        """A brief of every lobby and running game (`Brief`): what a restarted bot keeps in memory of
        each. Reads no state: two queries, whatever the number of games."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT id, guild_id, channel_id, status, options, version, created_at, deadline, reminded, to_move"
                " FROM games WHERE status IN ('lobby', 'active') ORDER BY id",
                (),
            )
            seats = await tx.fetch(
                "SELECT s.game_id, s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE g.status IN ('lobby', 'active') ORDER BY s.game_id, s.seat",
                (),
            )
        seated: dict[int, list[tuple[int, str]]] = {}
        for gid, user, name in seats:
            seated.setdefault(gid, []).append((user, name))
        options: dict[str, GameSettings] = {}  # the same options text, one object: most games share a few
        briefs = []
        for gid, guild, channel, status, text, version, created, deadline, reminded, to_move in rows:
            settings = options.get(text)
            if settings is None:
                settings = options[text] = GameSettings.model_validate_json(text)
            users = seated.get(gid, [])
            briefs.append(
                Brief(
                    id=gid,
                    guild_id=guild,
                    channel_id=channel,
                    status=status,
                    options=settings,
                    version=version,
                    created_at=created,
                    deadline=deadline,
                    reminded=bool(reminded),
                    user_ids=tuple(u for u, _name in users),
                    to_move=to_move if status == "active" else None,
                    to_move_user=next((u for u, name in users if name == to_move), None) if to_move else None,
                )
            )
        return briefs

    async def active_games(self) -> list[Game]:
        return await self._games("status = 'active'", ())

    async def games(self, statuses: Iterable[str] = ("lobby", "active", "finished", "aborted")) -> list[Game]:
        statuses = tuple(statuses)
        return await self._games(f"status IN ({', '.join('?' * len(statuses))})", statuses)

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """The open games (lobbies and running games) `user_id` sits in: in one server, or in all."""
        where = "status IN ('lobby', 'active') AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
        params: list[Any] = [user_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        return await self._games(where, params)

    async def finished_games(self, guild_id: int, limit: int = 20) -> list[GameSummary]:
        """A server's finished games, newest first, with scores and winners."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                """
                SELECT g.id, g.channel_id, g.updated_at, s.name, s.user_id, s.vp, s.won, g.created_at
                FROM games g JOIN seats s ON s.game_id = g.id
                WHERE g.id IN (SELECT id FROM games WHERE guild_id = ? AND status = 'finished'
                               ORDER BY updated_at DESC, id DESC LIMIT ?)
                ORDER BY g.updated_at DESC, g.id DESC, s.seat
                """,
                (guild_id, limit),
            )
        out: list[GameSummary] = []
        for gid, channel, at, name, user, vp, won, created in rows:
            if not out or out[-1].game_id != gid:
                out.append(
                    GameSummary(
                        game_id=gid, channel_id=channel, finished_at=at, scores=(), winners=(), created_at=created
                    )
                )
            last = out[-1]
            out[-1] = replace(
                last, scores=last.scores + ((name, user, vp),), winners=last.winners + ((name,) if won else ())
            )
        return out

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        """Every finished game `user_id` played in this server, newest first."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                """
                SELECT g.id, g.updated_at, s.name, s.vp, s.won,
                       (SELECT count(*) FROM seats o WHERE o.game_id = g.id)
                FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = ? AND s.vp IS NOT NULL AND g.guild_id = ? AND g.status = 'finished'
                ORDER BY g.updated_at DESC, g.id DESC
                """,
                (user_id, guild_id),
            )
        return [
            PlayerResult(game_id=g, finished_at=at, name=name, vp=vp, won=bool(won), players=n)
            for g, at, name, vp, won, n in rows
        ]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's record in one server, counted by the database."""
        async with self.backend.read() as tx:
            [(games, wins, total, best)] = await tx.fetch(
                """
                SELECT count(*), sum(s.won), sum(s.vp), max(s.vp)
                FROM seats s JOIN games g ON g.id = s.game_id
                WHERE s.user_id = ? AND s.vp IS NOT NULL AND g.guild_id = ? AND g.status = 'finished'
                """,
                (user_id, guild_id),
            )
        if not games:
            return PlayerStats(games=0, wins=0, average_vp=0.0, best_vp=0)
        return PlayerStats(games=games, wins=int(wins), average_vp=int(total) / games, best_vp=int(best))

    async def move_times(self, guild_id: int, user_id: int) -> MoveTimes:
        """How long `user_id` takes to move in this server, over their latest `RECENT_GAMES` games: each
        of their moves timed from the entry before it in the game's log (the database's window function;
        a game's first entry has none), their moves and the timer's moves for them apart; the
        percentiles are taken here. The latest games keep it within /coal stats' budget however many
        games a player has, and say how they play now."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                """
                SELECT waited, auto FROM (
                    SELECT a.user_id, a.auto, a.action,
                           a.at - LAG(a.at) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS waited
                    FROM actions a
                    WHERE a.game_id IN (SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
                                        WHERE s.user_id = ? AND g.guild_id = ?
                                        ORDER BY s.game_id DESC LIMIT ?)
                ) t
                WHERE t.user_id = ? AND t.waited IS NOT NULL AND t.action NOT LIKE 'undo%'
                """,
                (user_id, guild_id, RECENT_GAMES, user_id),
            )
        own = sorted(float(w) for w, auto in rows if not auto)
        timer = sum(1 for _w, auto in rows if auto)
        return MoveTimes(moves=len(own), median=_percentile(own, 0.5), p90=_percentile(own, 0.9), timer_moves=timer)

    # --- the server ladders (games.ratings) -----------------------------------------------------

    async def ratings(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        """The ratings these people have in the server (none yet: not in the answer)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND user_id IN ({marks})",
                (guild_id, *user_ids),
            )
        return {r[0]: RatingRow(r[0], r[1], r[2], r[3]) for r in rows}

    async def save_ratings(self, guild_id: int, changes: Sequence[RatingChange]) -> bool:
        """Store one game's rating changes and the new ratings, in one transaction; False (and
        nothing written) when the game was rated already."""
        if not changes:
            return False
        now = self.clock()
        try:
            async with self.backend.write() as tx:
                for c in changes:
                    await tx.execute(
                        "INSERT INTO rating_changes (game_id, user_id, mu_before, sigma_before, mu, sigma, at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (c.game_id, c.user_id, c.mu_before, c.sigma_before, c.mu, c.sigma, now),
                    )
                    await tx.execute(
                        "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, updated_at)"
                        " VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id)"
                        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                        " games = ratings.games + 1, updated_at = excluded.updated_at",
                        (guild_id, c.user_id, c.mu, c.sigma, now),
                    )
        except Exception as err:
            if self.backend.is_unique_violation(err):  # rated already (a retry after a crash, or a race)
                return False
            raise
        return True

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[RatingRow]:
        """The server's best rated people, by mu - 3 sigma."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ?"
                " ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
                (guild_id, limit),
            )
        return [RatingRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def rank(self, guild_id: int, user_id: int) -> tuple[int, int] | None:
        """A person's place in the server's ladder and how many are in it; None when unrated."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id"
                "        AND (o.mu - 3 * o.sigma > r.mu - 3 * r.sigma"
                "             OR o.mu - 3 * o.sigma = r.mu - 3 * r.sigma AND o.user_id < r.user_id)) + 1,"
                " (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id)"
                " FROM ratings r WHERE r.guild_id = ? AND r.user_id = ?",
                (guild_id, user_id),
            )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def rating_history(self, guild_id: int, user_id: int, limit: int = 10) -> list[RatingChange]:
        """A person's latest rating changes in the server, newest first."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT c.game_id, c.user_id, c.mu_before, c.sigma_before, c.mu, c.sigma, c.at"
                " FROM rating_changes c JOIN games g ON g.id = c.game_id"
                " WHERE c.user_id = ? AND g.guild_id = ? ORDER BY c.at DESC, c.game_id DESC LIMIT ?",
                (user_id, guild_id, limit),
            )
        return [RatingChange(*r) for r in rows]

    async def unrated_results(self) -> list[FinishedResult]:
        """Every finished game without rating changes, oldest first, with each seat's user and VP
        (`games.ratings` rates those with two people or more; a restart after a crash finishes the job)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT g.id, g.guild_id, g.updated_at, s.user_id, s.vp FROM games g JOIN seats s ON s.game_id = g.id"
                " WHERE g.status = 'finished' AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id)"
                " ORDER BY g.updated_at, g.id, s.seat"
            )
        found: dict[int, FinishedResult] = {}
        for gid, guild, at, user, vp in rows:
            old = found.get(gid)
            seat = ((user, int(vp or 0)),)
            found[gid] = FinishedResult(gid, guild, at, (old.results if old else ()) + seat)
        return list(found.values())

    # --- each person's own settings (/coal settings) ---------------------------------------------

    async def player_settings(self, user_ids: Sequence[int]) -> dict[int, PlayerSettings]:
        """These people's settings; the defaults for whoever never changed one."""
        found = {u: PlayerSettings(u) for u in user_ids}
        if not user_ids:
            return found
        marks = ", ".join("?" * len(found))
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT user_id, ping, reminder, images, language, dm_refused FROM player_settings"
                f" WHERE user_id IN ({marks})",
                tuple(found),
            )
        for user, ping, reminder, images, lang, refused in rows:
            found[user] = PlayerSettings(user, ping, bool(reminder), images, lang, refused)
        return found

    async def refused_untold(self) -> list[int]:
        """The people a direct message to was refused who have not been told so yet."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT user_id FROM player_settings WHERE dm_refused = 'untold'", ())
        return [user for (user,) in rows]

    async def save_player_settings(self, settings: PlayerSettings) -> PlayerSettings:
        """Store a person's settings whole (a row made at their first change)."""
        s = settings
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO player_settings (user_id, ping, reminder, images, language, dm_refused, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET ping = excluded.ping,"
                " reminder = excluded.reminder, images = excluded.images, language = excluded.language,"
                " dm_refused = excluded.dm_refused, updated_at = excluded.updated_at",
                (s.user_id, s.ping, int(s.reminder), s.images, s.language, s.dm_refused, self.clock()),
            )
        return s

    # --- each server's defaults (/coal host defaults) and the bot's own notes ------------------------

    async def server_defaults(self, guild_id: int) -> dict[str, object]:
        """The options this server's new games start from (set by `/coal host defaults`); {} for none."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT options FROM server_defaults WHERE guild_id = ?", (guild_id,))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def save_server_defaults(self, guild_id: int, options: dict[str, object], by: int) -> None:
        """Store a server's defaults whole; {} removes them."""
        async with self.backend.write() as tx:
            if not options:
                await tx.execute("DELETE FROM server_defaults WHERE guild_id = ?", (guild_id,))
                return
            await tx.execute(
                "INSERT INTO server_defaults (guild_id, options, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET options = excluded.options,"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, json.dumps(options, sort_keys=True), by, self.clock()),
            )

    async def note(self, key: str) -> str | None:
        """A note the bot keeps for itself (e.g. the hash of the command tree it last synced)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch("SELECT value FROM bot_state WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def save_note(self, key: str, value: str) -> None:
        async with self.backend.write() as tx:
            await tx.execute(
                "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, self.clock()),
            )

    async def log(self, game_id: int, last: int | None = None) -> list[LogRow]:
        """The game's action log in order (only the `last` entries, when given)."""
        sql = "SELECT game_id, seq, user_id, player, action, at, summary, auto FROM actions WHERE game_id = ?"
        params: tuple = (game_id,)
        if last is not None:
            sql += " AND seq > (SELECT version FROM games WHERE id = ?) - ?"
            params += (game_id, last)
        async with self.backend.read() as tx:
            rows = await tx.fetch(sql + " ORDER BY seq", params)
        return [log_row(r) for r in rows]

    async def game_record(self, game_id: int) -> GameRecord | None:
        """The game as a rules record (`python -m rules replay` reads it); None for a lobby."""
        game = await self.load_game(game_id)
        if game is None or game.seed is None:
            return None
        return record_of(game, await self.log(game_id))

    async def verify(self) -> list[str]:
        """Problems found: the engine's own checks (SQLite's integrity and foreign keys), then
        for every started game, that its log has one row per version and replays from the
        seed to the stored state.

        An empty list means the database is sound.
        """
        problems = await self.backend.integrity_problems()
        for game in await self.games(("active", "finished", "aborted")):
            if game.seed is None:
                continue
            problem = await replay_problem(game, await self.log(game.id))
            if problem:
                problems.append(problem)
        return problems

    # --- helpers -------------------------------------------------------------------------

    async def _one_game(self, where: str, params: tuple, order: str = "id") -> Game | None:
        games = await self._games(where, params, order)
        return games[0] if games else None

    async def _games(self, where: str, params: Sequence[Any], order: str = "id") -> list[Game]:
        async with self.backend.read() as tx:
            return await fetch_games(tx, where, params, order)


RECENT_GAMES = 50  # the games /coal stats times a player's moves over


def _percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile of sorted `values` (linear between neighbours); None for none."""
    if not values:
        return None
    k = (len(values) - 1) * q
    low = int(k)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (k - low)


def record_of(game: Game, entries: Sequence[LogRow]) -> GameRecord:
    """A started game and its log as a rules record."""
    assert game.seed is not None
    return GameRecord(
        seed=game.seed,
        players=[s.name for s in game.seats],
        options=game.options.rules_options(),
        actions=[RecordedAction(player=e.player, action=e.action) for e in entries],
    )


async def replay_problem(game: Game, entries: Sequence[LogRow]) -> str | None:
    """What is wrong with a started game's log (None: it replays to the stored state)."""
    record = record_of(game, entries)
    assert game.state is not None
    if len(record.actions) != game.version:
        return f"game {game.id}: version {game.version}, {len(record.actions)} logged actions"
    try:
        states, standing = await asyncio.to_thread(replay_stack, record)
    except ReplayError as err:
        return f"game {game.id}: the log does not replay: {err}"
    if game.state.turn != len(standing):  # the moves applied: the logged ones less those taken back
        return f"game {game.id}: state turn {game.state.turn}, {len(standing)} moves standing in the log"
    if not same_game(game.state, states[-1]):
        return f"game {game.id}: the log replays to a different state than the stored one"
    return None


def same_game(stored: GameState, replayed: GameState) -> bool:
    """Whether a game's log replays to its stored state, as the rules mean it. A state stored before a
    field existed lacks what the rules now derive and keep as they go (each shift scoring's delivered
    orders, `ShiftResult.delivered`, empty in states saved before it was kept): those are compared
    where the stored state has them, so an upgraded database does not look damaged."""
    if replayed == stored:
        return True
    if len(replayed.shift_results) != len(stored.shift_results):
        return False
    results = [
        r if s.delivered else r.model_copy(update={"delivered": []})
        for r, s in zip(replayed.shift_results, stored.shift_results, strict=True)
    ]
    return replayed.model_copy(update={"shift_results": results}) == stored


def _seat(row: Row) -> SeatRow:
    _, seat, user_id, name, colour, missed, vp, won = row
    return SeatRow(seat=seat, user_id=user_id, name=name, colour=colour, missed=missed, vp=vp, won=bool(won))


def _game(row: Row, seats: Iterable[SeatRow]) -> Game:
    gid, guild, channel, status, options, host, seed, state, version, created, updated, deadline, reminded = row
    return Game(
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


def log_row(row: Row) -> LogRow:
    """A LogRow from an `actions` row (game_id, seq, user_id, player, action, at, summary, auto)."""
    g, q, u, p, a, at, s, auto = row
    return LogRow(game_id=g, seq=q, user_id=u, player=p, action=a, at=at, summary=s or "", auto=bool(auto))


def _outbox(row: Row) -> OutboxRow:
    pid, game_id, seq, kind, payload, attempts, created, posted, error, parts = row
    return OutboxRow(
        id=pid,
        game_id=game_id,
        seq=seq,
        kind=kind,
        payload=json.loads(payload),
        attempts=attempts,
        created_at=created,
        posted_at=posted,
        last_error=error,
        parts=parts,
    )


def _posts(game_id: int, seq: int, posts: Sequence[Post], now: float) -> Statement:
    return Statement(
        "INSERT INTO outbox (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, seq, p.kind, json.dumps(p.payload, separators=(",", ":")), now) for p in posts],
        many=True,
    )


async def _add_posts(tx: Tx, game_id: int, seq: int, posts: Sequence[Post], now: float) -> None:
    if posts:
        st = _posts(game_id, seq, posts, now)
        await tx.executemany(st.sql, st.params)


async def fetch_games(tx: Tx, where: str, params: Sequence[Any], order: str = "id") -> list[Game]:
    """Games matching `where` with their seats: one query for the games, one per 500 for seats."""
    rows = await tx.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY {order}", params)
    seats: dict[int, list[SeatRow]] = {row[0]: [] for row in rows}
    ids = list(seats)
    for k in range(0, len(ids), _IDS_PER_QUERY):
        chunk = ids[k : k + _IDS_PER_QUERY]
        for s in await tx.fetch(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN ({', '.join('?' * len(chunk))})", chunk
        ):
            seats[s[0]].append(_seat(s))
    return [_game(row, seats[row[0]]) for row in rows]


async def _fetch_game(tx: Tx, game_id: int) -> Game:
    games = await fetch_games(tx, "id = ?", (game_id,))
    if not games:
        raise StaleState(f"Game {game_id} does not exist.")
    return games[0]


async def _lock_game(tx: Tx, game_id: int, now: float) -> Game:
    """The game, after touching its row: other writers of this game wait until we commit."""
    await tx.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
    return await _fetch_game(tx, game_id)
