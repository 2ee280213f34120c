"""Reading the database: games and their briefs, a server's history, a player's record and move times,
a game's log and record, and the check that every log replays to its stored state."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from rules import EVENTS, GameState
from rules.record import GameRecord, RecordedAction, ReplayError, events_of, replay_stack

from .models import Brief, Game, GameSettings, GameSummary, LogRow, MoveTimes, PlayerStats, Reliability
from .part import Part
from .rows import fetch_games, log_row


class Queries(Part):
    """The Store's reads."""

    async def load_game(self, game_id: int) -> Game | None:
        games = await self._games("id = ?", (game_id,))
        return games[0] if games else None

    async def open_game(self, channel_id: int) -> Game | None:
        """The lobby or running game of a channel."""
        return await self._one_game("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

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
                "SELECT id, guild_id, channel_id, status, options, version, created_at, deadline, reminded, to_move,"
                " held_ping FROM games WHERE status IN ('lobby', 'active') ORDER BY id",
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
        for gid, guild, channel, status, text, version, created, deadline, reminded, to_move, held in rows:
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
                    held_ping=held,
                )
            )
        return briefs

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

    async def finished_games(self, guild_id: int, limit: int = 20, offset: int = 0) -> list[GameSummary]:
        """A server's finished games, newest first (after the newest `offset`), with scores and winners.
        Who may see which is the bot's to judge (`bot.record.visibility`)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                """
                SELECT g.id, g.channel_id, g.updated_at, s.name, s.user_id, s.vp, s.won, g.created_at
                FROM games g JOIN seats s ON s.game_id = g.id
                WHERE g.id IN (SELECT id FROM games WHERE guild_id = ? AND status = 'finished'
                               ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?)
                ORDER BY g.updated_at DESC, g.id DESC, s.seat
                """,
                (guild_id, limit, offset),
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

    async def reliability(self, guild_id: int, user_id: int) -> Reliability:
        """Whether `user_id` finishes what they start in this server (`finished_own`), and their move times
        (`move_times`)."""
        ended, own = await self.finished_own(guild_id, user_id)
        return Reliability(ended=ended, finished_own=own, times=await self.move_times(guild_id, user_id))

    async def finished_own(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """Of `user_id`'s latest `RECENT_GAMES` started games in this server that ended (finished or
        aborted), how many there are and how many they finished with their seat still theirs (no computer
        playing it at the end: `GameSettings.stand_ins`)."""
        async with self.backend.read() as tx:
            rows = await tx.fetch(
                "SELECT g.status, g.options, s.name FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.user_id = ? AND g.guild_id = ? AND g.seed IS NOT NULL"
                " AND g.status IN ('finished', 'aborted') ORDER BY g.id DESC LIMIT ?",
                (user_id, guild_id, RECENT_GAMES),
            )
        own = sum(
            1
            for status, options, name in rows
            if status == "finished" and name not in GameSettings.model_validate_json(options).stand_ins
        )
        return len(rows), own

    async def log(self, game_id: int, last: int | None = None) -> list[LogRow]:
        """The game's action log in order (only the `last` entries, when given)."""
        sql = "SELECT game_id, seq, user_id, player, action, at, auto FROM actions WHERE game_id = ?"
        params: tuple = (game_id,)
        if last is not None:
            sql += " AND seq > (SELECT version FROM games WHERE id = ?) - ?"
            params += (game_id, last)
        async with self.backend.read() as tx:
            rows = await tx.fetch(sql + " ORDER BY seq", params)
        return [log_row(r) for r in rows]

    async def log_with_events(self, game: Game, last: int | None = None) -> list[LogRow]:
        """The game's latest `last` log entries (all without `last`), oldest first, each with its events:
        the log keeps only actions (`Store.save_turn`), so the game is replayed for them (about 130
        entries a game: milliseconds, for a private command, in a thread)."""
        rows = await self.log(game.id)  # the replay needs them all
        if game.seed is not None and not all(row.events for row in rows):
            events = await asyncio.to_thread(events_of, record_of(game, rows))
            rows = [
                row if row.events else replace(row, events=EVENTS.dump_json(said).decode())
                for row, said in zip(rows, events, strict=True)
            ]
        return rows[-last:] if last else rows

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
    stored = game.started_state
    if len(record.actions) != game.version:
        return f"game {game.id}: version {game.version}, {len(record.actions)} logged actions"
    try:
        states, standing = await asyncio.to_thread(replay_stack, record)
    except ReplayError as err:
        return f"game {game.id}: the log does not replay: {err}"
    if stored.turn != len(standing):  # the moves applied: the logged ones less those taken back
        return f"game {game.id}: state turn {stored.turn}, {len(standing)} moves standing in the log"
    if not same_game(stored, states[-1]):
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
