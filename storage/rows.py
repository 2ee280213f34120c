"""Rows of the database as the storage's models, and the statements the Store's parts share.

Reading a game is two queries (the game, then its seats, 500 games at a time); the outbox's rows
and a turn's posts are written the same way by the write model and the outbox.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from rules import GameState

from .backend import Row, Statement, Tx
from .errors import StaleState
from .models import Game, GameSettings, LogRow, OutboxRow, Post, SeatRow

GAME_COLUMNS = (
    "id, guild_id, channel_id, status, options, host_id, seed, state, version, created_at, updated_at,"
    " deadline, reminded, held_ping"
)
SEAT_COLUMNS = "game_id, seat, user_id, name, colour, missed, vp, won"
OUTBOX_COLUMNS = "id, game_id, seq, kind, payload, attempts, created_at, posted_at, last_error, parts"
IDS_PER_QUERY = 500  # seats of many games are read in batches of this many game ids


def seat_row(row: Row) -> SeatRow:
    """A SeatRow from a `seats` row."""
    _, seat, user_id, name, colour, missed, vp, won = row
    return SeatRow(seat=seat, user_id=user_id, name=name, colour=colour, missed=missed, vp=vp, won=bool(won))


def game_row(row: Row, seats: Iterable[SeatRow]) -> Game:
    """A Game from a `games` row and its seats."""
    gid, guild, channel, status, options, host, seed, state, version, created, updated, deadline, reminded, held = row
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
        held_ping=held,
    )


def log_row(row: Row) -> LogRow:
    """A LogRow from an `actions` row (game_id, seq, user_id, player, action, at, auto): its events are
    replayed when read (`Queries.log_with_events`)."""
    g, q, u, p, a, at, auto = row
    return LogRow(game_id=g, seq=q, user_id=u, player=p, action=a, at=at, auto=bool(auto))


def outbox_row(row: Row) -> OutboxRow:
    """An OutboxRow from an `outbox` row."""
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


def posts_statement(game_id: int, seq: int, posts: Sequence[Post], now: float) -> Statement:
    """The INSERT that stores `posts` for the game's version `seq`."""
    return Statement(
        "INSERT INTO outbox (game_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, seq, p.kind, json.dumps(p.payload, separators=(",", ":")), now) for p in posts],
        many=True,
    )


async def add_posts(tx: Tx, game_id: int, seq: int, posts: Sequence[Post], now: float) -> None:
    """Store `posts` in the transaction `tx`."""
    if posts:
        st = posts_statement(game_id, seq, posts, now)
        await tx.executemany(st.sql, st.params)


async def fetch_games(tx: Tx, where: str, params: Sequence[Any], order: str = "id") -> list[Game]:
    """Games matching `where` with their seats: one query for the games, one per 500 for seats."""
    rows = await tx.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY {order}", params)
    seats: dict[int, list[SeatRow]] = {row[0]: [] for row in rows}
    ids = list(seats)
    for k in range(0, len(ids), IDS_PER_QUERY):
        chunk = ids[k : k + IDS_PER_QUERY]
        for s in await tx.fetch(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN ({', '.join('?' * len(chunk))})", chunk
        ):
            seats[s[0]].append(seat_row(s))
    return [game_row(row, seats[row[0]]) for row in rows]


async def fetch_game(tx: Tx, game_id: int) -> Game:
    """The game `game_id` with its seats; StaleState when there is none."""
    games = await fetch_games(tx, "id = ?", (game_id,))
    if not games:
        raise StaleState(f"Game {game_id} does not exist.")
    return games[0]


async def lock_game(tx: Tx, game_id: int, now: float) -> Game:
    """The game, after touching its row: other writers of this game wait until we commit."""
    await tx.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
    return await fetch_game(tx, game_id)
