"""The `Store`: the bot's database, on SQLite or PostgreSQL, and its write model: lobbies, games, turns.

Every write is one transaction, so a turn's state snapshot, its log row, the version bump,
the final scores of a finished game and what is to be posted about it (the outbox) are
stored together or not at all. A write to a game starts by updating the game's row, which
checks the version it was computed from (`StaleState` otherwise) and, on PostgreSQL, locks
the row against another process until the transaction ends.

The SQL is written once and runs on both engines (`storage.backend`); the turn's bookkeeping
is plain statements rather than a trigger, so that one copy of it serves both. A turn is handed
to the backend whole (`Backend.transaction`): SQLite runs it in one trip to its thread, which
keeps the save near the cost of a bare commit.

The Store's other jobs are its parts, each a module and a base class: the outbox and its marks
(`storage.outbox`), the reads (`storage.queries`), the server ladders (`storage.ladders`), people's
settings, servers' defaults and the bot's notes (`storage.preferences`), and personal data, forgetting
and purging (`storage.personal`).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules import GameState

from .backend import Backend, Statement, is_postgres_url, sqlite_path
from .errors import RematchTaken, StaleState
from .ladders import Ladders
from .leagues import Leagues
from .marks import PostedMarks
from .models import SEAT_COLOURS, Game, GameSettings, Post, Status
from .outbox import Outbox
from .part import Shared
from .personal import Personal
from .preferences import Preferences
from .queries import Queries
from .reviews import Reviews
from .rows import add_posts, fetch_game, lock_game, posts_statement
from .web import WebAccess

log = logging.getLogger("coalbaron")

DEFAULT_PATH = "data/coalbaron.sqlite3"


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
    """The bot's database. `await Store(target).open()` ... `await store.close()`, or `async with`.

    The Store is the write model of a game's lifecycle and its turns; its parts answer the rest, each by
    name: `outbox` (posts to make, and their marks), `queries` (the reads), `ladders` (ratings),
    `preferences` (people's settings, servers' defaults, the bot's notes), `personal` (a person's data,
    forgetting them, a departed server's purge), `web` (the web board's links and sessions)."""

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
        self._shared = Shared(clock)
        self.outbox = Outbox(self._shared)
        self.queries = Queries(self._shared)
        self.ladders = Ladders(self._shared)
        self.preferences = Preferences(self._shared)
        self.personal = Personal(self._shared)
        self.web = WebAccess(self._shared)
        self.reviews = Reviews(self._shared)
        self.leagues = Leagues(self._shared)

    @property
    def clock(self) -> Callable[[], float]:
        """Unix seconds, as the store's writes stamp them (every part reads the same clock)."""
        return self._shared.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._shared.clock = clock

    @property
    def backend(self) -> Backend:
        return self._shared.backend

    # --- opening and closing -------------------------------------------------------------

    async def open(self) -> Store:
        """Create or upgrade the database, then connect. Refuses foreign or newer databases."""
        if self.path is None:
            from .postgres import PostgresBackend

            self._shared.backend_or_none = await PostgresBackend(str(self.target), pool_size=self.pool_size).open()
        else:
            from .sqlite import SqliteBackend

            self._shared.backend_or_none = await SqliteBackend(self.path, self.busy_timeout).open()
        return self

    async def close(self) -> None:
        if self._shared.backend_or_none is not None:
            await self.outbox.close()
            backend, self._shared.backend_or_none = self._shared.backend_or_none, None
            await backend.close()

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

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
                await add_posts(tx, game_id, 0, outbox, now)
                return await fetch_game(tx, game_id)
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
            current = await lock_game(tx, game.id, self.clock())
            if not current.is_lobby:
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
            return await fetch_game(tx, game.id)

    async def remove_seat(self, game: Game, user_id: int) -> Game:
        """Unseat `user_id` from the lobby; the others close up in order (and take the colours).

        If the host leaves, the next seated player becomes host; if nobody is left, the
        lobby is aborted.
        """
        async with self.backend.write() as tx:
            current = await lock_game(tx, game.id, self.clock())
            if not current.is_lobby:
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
            return await fetch_game(tx, game.id)

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
            await add_posts(tx, game.id, 0, outbox, now)
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
            await add_posts(tx, game.id, game.version, outbox, now)
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
        away: bool = False,
        deadline: float | None = None,
        outbox: Sequence[Post] = (),
    ) -> Game:
        """Store one turn over `game` (the version it was computed from), in one transaction:

        the snapshot and version (refused with StaleState, writing nothing, unless the stored
        game is running at `game.version`), the log row, the acting seat's `missed` count (up
        for a timer action, back to 0 for a player's own), for a finished game its status and
        every seat's final VP and win, and the `outbox` posts (see `pending_posts`). `away`: a move
        played for a player who is away (`auto`, but not a missed turn: the count stays as it was).

        The log row keeps the action only: its events are what the log replays to (`rules.record.events_of`)
        when `/coal log` asks (`Queries.log_with_events`).
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
                " reminded = 0, held_ping = NULL WHERE id = ? AND version = ? AND status = 'active'",
                (state.model_dump_json(), state.to_move, seq, status, now, deadline, game.id, game.version),
                expect=1,
                refused=f"Game {game.id} is no longer at version {game.version}; nothing was saved.",
            ),
            Statement(
                "INSERT INTO actions (game_id, seq, user_id, player, action, at, auto) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game.id, seq, user_id, player, action, now, int(auto)),
            ),
        ]
        # `game` is the stored row at `game.version` (the UPDATE above checks), so its missed
        # counts are the stored ones: nothing to write when a player moves on time.
        if acting is not None and not away and (auto or acting.missed):
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
            turn.append(posts_statement(game.id, seq, outbox, now))
        marks = self.outbox.marks_to_commit()  # posts of any game that reached Discord: marked in this commit
        if marks:
            turn.append(PostedMarks.statement(marks, now))
        try:
            await self.backend.transaction(turn)
        except BaseException:
            self.outbox.marks_back(marks)
            raise
        final = (
            {p.name: (p.vp, i in state.winners) for i, p in enumerate(state.players)} if status == "finished" else {}
        )
        seats = tuple(
            replace(
                s,
                missed=(s.missed + 1 if auto else 0) if s is acting and not away else s.missed,
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
            held_ping=None,
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

    async def hold_ping(self, game: Game, at: float | None) -> Game:
        """Record when the current turn's ping, held back by the mover's quiet hours, is due (None: it was
        sent); StaleState if the game moved on."""
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET held_ping = ? WHERE id = ? AND version = ? AND status = 'active'",
                (at, game.id, game.version),
            )
            if changed != 1:
                raise StaleState(f"Game {game.id} moved on from version {game.version}.")
        return replace(game, held_ping=at)

    async def update_options(self, game: Game, options: GameSettings, *, host_id: int | None = None) -> Game:
        """Store a lobby's or running game's changed options (who plays a seat), and its host when `host_id`
        is given; StaleState if it moved on."""
        host = game.host_id if host_id is None else host_id
        async with self.backend.write() as tx:
            changed = await tx.execute(
                "UPDATE games SET options = ?, host_id = ? WHERE id = ? AND version = ?"
                " AND status IN ('lobby', 'active')",
                (options.model_dump_json(), host, game.id, game.version),
            )
            if changed != 1:
                raise StaleState(f"Game {game.id} is no longer open at version {game.version}.")
        return replace(game, options=options, host_id=host)

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
