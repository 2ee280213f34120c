"""The per-channel game manager: lobbies, moves, one lock per game; no Discord types.

One game per channel. Every request on a channel runs under that channel's lock
(`games.locks`: kept only while in use), so moves are judged one at a time against the latest
state; channels never wait on each other (the database is held only for the few milliseconds of
a commit).

Open games live in memory in brief (`storage.Brief`: when each is due, who sits in it, who is
to move); the ones used lately also whole, the others are read from the database when a move, a
timer or a command needs them (issue 26: an idle game costs a few hundred bytes, not 30 KiB).

A move is: load (from memory, or the database) → check the mover → `rules.apply` → save state, log row
and version in one transaction → return the events. The log row keeps the events as JSON
(`rules.EVENTS`), not sentences: the bot words them when read, in the reader's language.
If the save fails the cached game is dropped and read again from the database: what
players see is always what is stored.

Refusals are `games.errors.GameError` subclasses with a typed reason; the bot words them.
Reads for the bot (`log`, `history`, `stats`, `record`) go through here too, not to the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

import rules
from rules import EVENTS, Event, GameState, Refusal
from rules.components import MAX_PLAYERS, MIN_PLAYERS, SEAT_COLOURS
from rules.record import GameRecord, events_of
from storage import (
    Brief,
    FinishedResult,
    Game,
    GameSettings,
    GameSummary,
    LogRow,
    MoveTimes,
    OutboxRow,
    PlayerSettings,
    PlayerStats,
    Post,
    RatingChange,
    RatingRow,
    RematchTaken,
    SeatRow,
    StaleState,
    StandIn,
    StorageError,
    Store,
)
from storage.queries import record_of

from . import computers, ratings
from .errors import (
    AlreadySeated,
    AlreadyStarted,
    BadOptions,
    GameAlreadyRunning,
    GameError,
    GameFull,
    IllegalMove,
    NoGameHere,
    NotAComputer,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotStarted,
    NotYourTurn,
    OverLimit,
    Paused,
    Reason,
    SaveFailed,
    StaleAction,
)
from .limits import UNLIMITED, Limits, Openings, Place
from .locks import KeyedLocks
from .shards import Shards
from .undo import last_move_of

log = logging.getLogger("coalbaron")


NAME_LENGTH = 32  # Discord's display-name limit
# Whole games kept in memory: the ones used lately. Every other open game is a `Brief` (a few hundred
# bytes, where a parsed game is some 30 KiB), read whole from the database when it is needed (issue 26).
RECENT_GAMES = 500
TURN_POST = "turn"  # the outbox kind of a turn still to be posted (payload: its events as JSON)
LOBBY_POST = "lobby"  # the outbox kind of a rematch's lobby still to be posted (payload: who it pings)
NOT_POSTED = "turn_message_not_posted"  # the cause kept with a failed post (Discord refused or was out of reach)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SEAT_COLOURS",
    "Game",
    "GameError",
    "GameManager",
    "Move",
    "TurnResult",
    "unique_names",
]


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One accepted and stored move: the game after it, what happened, and what it was played on."""

    game: Game
    events: list[Event]
    before: GameState | None = None  # the state the move was played on (for marking the last move)
    action: rules.Action | None = None

    @property
    def state(self) -> GameState:
        assert self.game.state is not None
        return self.game.state

    @property
    def version(self) -> int:
        return self.game.version


@dataclass(frozen=True, slots=True)
class Move:
    """A move judged legal by `GameManager.judge`, not yet stored: who, what, and the state before and after."""

    game: Game
    user_id: int
    player: str
    action: rules.Action
    before: GameState
    after: GameState
    events: list[Event]
    expected_version: int | None = None  # the version it must be played at (a button's), if any
    by_bot: bool = False  # the bot's own move for the seat (a computer's, the timer's), not its person's


def clean_name(name: str) -> str:
    """A display name as a player name: whitespace tidied, at most 32 characters."""
    return " ".join(name.split())[:NAME_LENGTH] or "Player"


def unique_names(names: list[str]) -> list[str]:
    """The seats' names made unique (ignoring case): "Bob", "Bob (2)", ..."""
    out: list[str] = []
    used: set[str] = set()
    for name in names:
        candidate, k = name, 2
        while candidate.casefold() in used:
            candidate, k = f"{name} ({k})", k + 1
        used.add(candidate.casefold())
        out.append(candidate)
    return out


class GameManager:
    """All games of the bot, one per channel. User ids are ints, names are strings."""

    def __init__(
        self, store: Store, shards: Shards | None = None, limits: Limits | None = None, recent: int = RECENT_GAMES
    ):
        self.store = store
        self.limits = limits or UNLIMITED
        self._openings = Openings()
        self._held: set[Place] = set()  # lobbies and seats that passed the limits and are being stored
        # When the bot runs as several processes: the shards of this one (its servers' games).
        self.shards = shards
        # Every lobby and running game of this process in brief, by channel; the ones used lately whole
        # (least recently used first: the first to go when there are more than `recent`).
        self._briefs: dict[int, Brief] = {}
        self._recent: OrderedDict[int, Game] = OrderedDict()
        self.recent = recent
        # Called with the brief of every game just stored (a move, a lobby change, an abort): turn timers listen.
        self.listeners: list[Callable[[Brief], None]] = []
        self._locks = KeyedLocks()  # one request at a time per channel
        self._rating = asyncio.Lock()  # one game's ratings at a time: a person may finish two at once
        self._settings = asyncio.Lock()
        # People owed the note that a direct message to them was refused: kept here, so that
        # the check after every command and click reads no database.
        self._owed: set[int] = set()

    async def open(self) -> list[Brief]:
        """Know every lobby and running game (of this process's shards) in brief, so a restarted bot
        resumes them as they were (each read whole when it is next needed); and rate the finished games
        not rated yet."""
        # Loading makes many objects that all live on: the garbage collector's passes over the growing
        # heap would find nothing to free and take most of the time (issue 26: 10 000 games loaded in
        # 4.3 s with it on, 1.4 s off). It runs again at once after.
        collecting = gc.isenabled()
        gc.disable()
        try:
            briefs = [b for b in await self.store.open_briefs() if self.owns(b.guild_id)]
        finally:
            if collecting:
                gc.enable()
        self._briefs = {b.channel_id: b for b in briefs}
        self._recent.clear()
        self._owed = set(await self.store.refused_untold())
        await self.rate_finished()
        return briefs

    # --- the server ladders ------------------------------------------------------------------

    async def rate_finished(self) -> int:
        """Rate every finished game (of this process's servers) that has no rating changes yet,
        oldest first: games finished before the ladders existed, or whose rating a crash cut off.
        The number of games rated."""
        rated = 0
        for result in await self.store.unrated_results():
            if self.owns(result.guild_id) and await self._rate(result):
                rated += 1
        return rated

    async def _rate(self, result: FinishedResult) -> bool:
        async with self._rating:
            users = [user for user, _ in ratings.people(result)]
            changes = ratings.rate(result, await self.store.ratings(result.guild_id, users))
            return await self.store.save_ratings(result.guild_id, changes)

    async def _rate_game(self, game: Game) -> None:
        """Rate a game just finished; a failure is logged, and the next start rates it."""
        results = tuple((s.user_id, s.vp or 0) for s in game.seats)
        try:
            await self._rate(FinishedResult(game.id, game.guild_id, game.updated_at, results))
        except Exception:
            log.exception("game %s: rating failed; it is rated at the next start", game.id)

    async def ladder(
        self, guild_id: int, user_id: int, limit: int = 10
    ) -> tuple[list[RatingRow], tuple[int, int] | None]:
        """The server's best rated people, and `user_id`'s place (and how many are rated); None if unrated."""
        return await self.store.leaderboard(guild_id, limit), await self.store.rank(guild_id, user_id)

    async def rating_of(self, guild_id: int, user_id: int) -> tuple[RatingRow | None, list[RatingChange]]:
        """A person's rating in the server, and its latest changes (newest first)."""
        current = (await self.store.ratings(guild_id, [user_id])).get(user_id)
        return current, await self.store.rating_history(guild_id, user_id)

    # --- each person's own settings (/coal settings) ------------------------------------------

    async def settings_of(self, user_ids: Iterable[int | None]) -> dict[int, PlayerSettings]:
        """These people's settings (computers and empty seats left out); defaults for whoever
        never changed one. Read at every post, so each process of a sharded bot sees a change at once."""
        people = [u for u in dict.fromkeys(user_ids) if u and not computers.is_computer(u)]
        return await self.store.player_settings(people)

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """The open games a person sits in (one server's, or every server's), the ones waiting for
        them first, then by deadline, then the newest."""
        games = await self.store.games_of(user_id, guild_id)
        mine = [g for g in games if g.status == "active" and g.to_move_user == user_id]
        rest = [g for g in games if g not in mine]
        mine.sort(key=lambda g: (g.deadline is None, g.deadline or 0.0, -g.id))
        rest.sort(key=lambda g: (g.status != "active", -g.id))
        return mine + rest

    async def server_defaults(self, guild_id: int) -> dict[str, Any]:
        """The options this server's new games start from (`/coal host defaults`); {} when it set none."""
        return await self.store.server_defaults(guild_id)

    async def set_server_defaults(self, guild_id: int, options: dict[str, Any], by: int) -> dict[str, Any]:
        """Replace this server's defaults ({} removes them); who may is the bot's to check."""
        await self.store.save_server_defaults(guild_id, options, by)
        return options

    async def change_settings(self, user_id: int, **changes: Any) -> PlayerSettings:
        """Change some of a person's settings (ping, reminder, images, language, dm_refused); the rest stay."""
        async with self._settings:  # two menus changed at once must not undo each other
            current = (await self.store.player_settings([user_id]))[user_id]
            wanted = replace(current, **changes)
            saved = wanted if wanted == current else await self.store.save_player_settings(wanted)
        if saved.dm_refused == "untold":
            self._owed.add(user_id)
        else:
            self._owed.discard(user_id)
        return saved

    def owes_note(self, user_id: int) -> bool:
        """Whether a direct message to this person was refused and they have not been told yet
        (as this process knows: loaded at start, then kept by `change_settings`)."""
        return user_id in self._owed

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the games of server `guild_id` (always, unless sharded)."""
        return self.shards is None or self.shards.owns(guild_id)

    # --- reading ---------------------------------------------------------------------------

    async def current(self, channel_id: int) -> Game | None:
        """The channel's lobby or running game, or None: from memory if it was used lately, else read
        from the database (and kept among the recent ones)."""
        game = self._recent.get(channel_id)
        if game is not None:
            self._recent.move_to_end(channel_id)
            return game
        game = await self.store.open_game(channel_id)
        if game is not None and channel_id not in self._recent:  # (not if a request stored a newer one meanwhile)
            self._keep(game)
        return game

    async def game_in(self, channel_id: int) -> Game:
        """The channel's lobby or running game; NoGameHere if there is none."""
        game = await self.current(channel_id)
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        return game

    async def latest(self, channel_id: int) -> Game | None:
        """The channel's current game, else its most recent one (finished or aborted)."""
        return await self.current(channel_id) or await self.store.latest_game(channel_id)

    async def log(self, game: Game, last: int | None = None) -> list[LogRow]:
        """The game's latest `last` log entries (all without `last`), oldest first, each with its events:
        the log keeps only actions (`Store.save_turn`), so the game is replayed for them (about 130
        entries a game: milliseconds, for a private command)."""
        rows = await self.store.log(game.id)  # the replay needs them all
        if game.seed is not None and not all(row.summary for row in rows):
            # in a thread: a long game's replay takes tens of milliseconds
            events = await asyncio.to_thread(events_of, record_of(game, rows))
            rows = [
                row if row.summary else replace(row, summary=EVENTS.dump_json(said).decode())
                for row, said in zip(rows, events, strict=True)
            ]
        return rows[-last:] if last else rows

    async def history(self, guild_id: int, limit: int = 15) -> list[GameSummary]:
        """The server's finished games, the latest first."""
        return await self.store.finished_games(guild_id, limit=limit)

    async def stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A member's record of finished games in one server."""
        return await self.store.player_stats(guild_id, user_id)

    async def move_times(self, guild_id: int, user_id: int) -> MoveTimes:
        """How long a member takes to move in one server, and how often the timer moved for them."""
        return await self.store.move_times(guild_id, user_id)

    async def record(self, channel_id: int) -> tuple[Game, GameRecord]:
        """The channel's current or latest started game and its replayable record; NoGameHere if none."""
        game = await self.latest(channel_id)
        record = await self.store.game_record(game.id) if game is not None else None
        if game is None or record is None:
            raise NoGameHere(Reason.NOTHING_TO_EXPORT)
        return game, record

    # --- the lobby -------------------------------------------------------------------------

    async def new_game(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        options: dict | None = None,
        *,
        place: Place | None = None,
    ) -> Game:
        """Open a lobby in the channel with the author seated as its host (within the limits, or in
        the `place` the caller holds for it: `holding`)."""
        try:
            settings = GameSettings(**(options or {}))
        except ValidationError as err:
            raise BadOptions(Reason.BAD_OPTIONS, fields=_wrong_fields(err)) from None
        async with self._lock(channel_id):
            existing = await self.current(channel_id)
            if existing is not None:
                reason = Reason.CHANNEL_HAS_LOBBY if existing.status == "lobby" else Reason.CHANNEL_HAS_GAME
                raise GameAlreadyRunning(reason, host=_host_name(existing))
            with contextlib.ExitStack() as own:
                if place is None:  # checked and held at once: no await between the two
                    place = own.enter_context(self.holding(guild_id, user_id, lobby=True))
                game = await self._commit(
                    channel_id, self.store.create_game(guild_id, channel_id, user_id, clean_name(name), settings)
                )
                self._openings.opened(user_id, self.store.clock())
                self._remember(game)
            return game

    @contextlib.contextmanager
    def holding(self, guild_id: int, user_id: int, *, lobby: bool) -> Iterator[Place]:
        """Check the limits for a new lobby (`lobby`) or a seat and hold the place until the block ends;
        OverLimit if there is none. Checking and holding is one step (no await between them), so
        requests made at once in several channels cannot all pass the same check; `/coal new` holds
        the place before it opens a thread for the lobby, and `new_game(place=...)` uses it."""
        self._check_limits(guild_id, user_id, opening=lobby)
        place = Place(guild_id, user_id, lobby)
        self._held.add(place)
        try:
            yield place
        finally:
            self._held.discard(place)

    def _check_limits(self, guild_id: int, user_id: int, *, opening: bool) -> None:
        """Refuse (OverLimit) a new lobby or a seat over the limits (`games.limits`), counting the
        places held by requests under way as taken."""
        limits = self.limits
        here = [g for g in self._briefs.values() if g.guild_id == guild_id and g.is_open]
        held = [p for p in self._held if p.guild_id == guild_id]
        mine = sum(1 for g in here if user_id in g.user_ids) + sum(p.user_id == user_id for p in held)
        if mine >= limits.games_per_person:
            raise OverLimit(Reason.TOO_MANY_GAMES, count=limits.games_per_person)
        if not opening:
            return
        if sum(1 for g in here if g.status == "lobby") + sum(p.lobby for p in held) >= limits.lobbies_per_server:
            raise OverLimit(Reason.TOO_MANY_LOBBIES, count=limits.lobbies_per_server)
        opening_now = sum(p.lobby and p.user_id == user_id for p in held)
        wait = self._openings.wait(user_id, self.store.clock(), limits.new_per_hour, opening_now)
        if wait > 0:
            raise OverLimit(Reason.NEW_TOO_OFTEN, count=limits.new_per_hour, wait=wait)

    async def rematch(
        self, game_id: int, channel_id: int, user_id: int, name: str, computer_name: Callable[[int, str, str], str]
    ) -> tuple[Game, list[int]]:
        """A finished game's Rematch, pressed by `user_id` in `channel_id`: a lobby in the game's channel with
        the same options and the same computers, the presser its host, and the other people to be pinged
        once (they take a seat with Join). One per finished game, pressed from its own channel; the lobby,
        its seats and its post are stored in one transaction, so a crash leaves no lobby half made, and a
        lobby whose message was not posted yet is posted at the next start (`LOBBY_POST`). The lobby and
        the people it pings."""
        old = await self.store.load_game(game_id)
        if old is None or old.status != "finished" or old.channel_id != channel_id:
            raise StaleAction(Reason.BUTTON_GONE)
        if old.seat_of_user(user_id) is None or computers.is_computer(user_id):
            raise NotSeated(Reason.REMATCH_PLAYERS_ONLY)
        language = old.options.language
        seats = [  # the same computers, in the same slots, named in the game's language
            (
                s.user_id,
                clean_name(
                    computer_name(computers.computer_slot(s.user_id), computers.computer_level(s.user_id), language)
                ),
            )
            for s in computers.computers(old)
        ]
        people = [s.user_id for s in computers.people(old) if s.user_id != user_id]
        options = {
            "timer": old.options.timer,
            "delivered": old.options.delivered,
            "absent": old.options.absent,
            "language": language,
        }
        async with self._lock(channel_id):
            existing = await self.current(channel_id)
            if existing is not None:
                reason = Reason.CHANNEL_HAS_LOBBY if existing.status == "lobby" else Reason.CHANNEL_HAS_GAME
                raise GameAlreadyRunning(reason, host=_host_name(existing))
            if await self.store.rematch_taken(old.id):
                raise AlreadyStarted(Reason.REMATCH_TAKEN)
            with self.holding(old.guild_id, user_id, lobby=True):
                write = self.store.create_game(
                    old.guild_id,
                    channel_id,
                    user_id,
                    clean_name(name),
                    GameSettings(**options),
                    seats=seats,
                    rematch_of=old.id,
                    outbox=[Post(LOBBY_POST, {"pings": people})],
                )
                try:
                    game = await self._commit(channel_id, write)
                except StaleAction as err:  # another process opened it (or took the channel) just now
                    if isinstance(err.__cause__, RematchTaken):
                        raise AlreadyStarted(Reason.REMATCH_TAKEN) from None
                    raise
                self._openings.opened(user_id, self.store.clock())
                self._remember(game)
            return game, people

    async def close_lobby(self, channel_id: int, version: int) -> Game | None:
        """Close a lobby nobody started in `limits.lobby_days` (the timer's call); None if it changed."""
        async with self._lock(channel_id):
            game = await self.current(channel_id)
            if game is None or game.version != version or game.status != "lobby":
                return None
            game = await self._commit(channel_id, self.store.abort_game(game))
            self._remember(game)
            return game

    async def join(self, channel_id: int, user_id: int, name: str) -> Game:
        """Take the next free seat in the channel's lobby."""
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if game.status != "lobby":
                raise AlreadyStarted(Reason.SEATS_FIXED)
            if game.seat_of_user(user_id) is not None:
                raise AlreadySeated(Reason.ALREADY_SEATED)
            with self.holding(game.guild_id, user_id, lobby=False):
                if len(game.seats) >= MAX_PLAYERS:
                    raise GameFull(Reason.GAME_FULL, seats=MAX_PLAYERS)
                game = await self._commit(channel_id, self.store.add_seat(game, user_id, clean_name(name)))
                self._remember(game)
            return game

    async def leave(self, channel_id: int, user_id: int) -> Game:
        """Give up a seat in the lobby. The last person out closes the lobby (status aborted), even
        if computers are still seated: they play only at a table with a person."""
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if game.status != "lobby":
                raise AlreadyStarted(Reason.LEAVE_STARTED)
            if game.seat_of_user(user_id) is None:
                raise NotSeated(Reason.NOT_SEATED)
            game = await self._commit(channel_id, self.store.remove_seat(game, user_id))
            if game.status == "lobby" and not computers.people(game):
                game = await self._commit(channel_id, self.store.abort_game(game))
            self._remember(game)
            return game

    async def add_computer(
        self, channel_id: int, user_id: int, level: str, name: Callable[[int, str, str], str]
    ) -> tuple[Game, SeatRow]:
        """Seat a computer of `level` in the lobby (host only); `name(slot, level, language)` names it in
        the game's language."""
        async with self._lock(channel_id):
            game = await self._lobby_of_host(channel_id, user_id, Reason.HOST_ADDS_COMPUTER, Reason.COMPUTERS_IN_LOBBY)
            if len(game.seats) >= MAX_PLAYERS:
                raise GameFull(Reason.GAME_FULL, seats=MAX_PLAYERS)
            slot = computers.free_slot(game)
            uid = computers.computer_id(slot, level)
            game = await self._commit(
                channel_id, self.store.add_seat(game, uid, clean_name(name(slot, level, game.options.language)))
            )
            self._remember(game)
            seat = game.seat_of_user(uid)
            assert seat is not None
            return game, seat

    async def remove_computer(self, channel_id: int, user_id: int, computer: int) -> tuple[Game, SeatRow]:
        """Unseat the computer with reserved id `computer` from the lobby (host only)."""
        async with self._lock(channel_id):
            game = await self._lobby_of_host(channel_id, user_id, Reason.HOST_REMOVES_COMPUTER, Reason.SEATS_FIXED)
            seat = game.seat_of_user(computer)
            if seat is None or not computers.is_computer(computer):
                raise NotAComputer(Reason.NOT_A_COMPUTER)
            game = await self._commit(channel_id, self.store.remove_seat(game, computer))
            self._remember(game)
            return game, seat

    async def replace(
        self, channel_id: int, user_id: int, member: int, level: str, member_name: str = ""
    ) -> tuple[Game, SeatRow]:
        """Hand `member`'s seat to a computer of `level` (host only, a running game).
        `member_name` is for the refusal when they are not playing."""
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if game.state is None:
                raise NotStarted(Reason.NOT_STARTED)
            if user_id != computers.host_of(game):
                raise NotHost(Reason.HOST_REPLACES, host=_host_name(game))
            seat = game.seat_of_user(member)
            if seat is None or computers.is_computer(member):
                raise NotSeated(Reason.MEMBER_NOT_PLAYING, member=seat.name if seat else member_name)
            helper = computers.stand_in(game, seat)
            if helper is not None and helper.level == level:
                raise AlreadySeated(Reason.ALREADY_COMPUTER, member=seat.name)
            helper = StandIn(level=level, by="host", back=False)
            game = await self._set_stand_in(channel_id, game, seat.name, helper)
            return game, seat

    async def flag_absent(self, channel_id: int, version: int, player: str) -> Game | None:
        """After the timer's `ABSENT_AFTER`-th move in a row for `player`: a computer plays the seat
        until its owner takes it back. None if the game moved on or a computer plays it already."""
        async with self._lock(channel_id):
            game = await self.current(channel_id)
            if game is None or game.version != version or game.status != "active":
                return None
            if player in game.options.stand_ins:
                return None
            helper = StandIn(level=computers.STAND_IN_LEVEL, by="timer", back=True)
            try:
                return await self._set_stand_in(channel_id, game, player, helper)
            except GameError:
                return None

    async def take_back(self, channel_id: int, user_id: int, allowed_by: int | None = None) -> tuple[Game, SeatRow]:
        """The owner takes their seat back from a computer: at once after the timer took it; after
        the host handed it over, only when the host allows it (`allowed_by` = the host's id). A Give-back
        button counts only from the owner or the host (`allowed_by`: who pressed it)."""
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if game.state is None:
                raise NotStarted(Reason.NOT_STARTED)
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotSeated(Reason.NOT_SEATED)
            helper = computers.stand_in(game, seat)
            if helper is None:
                raise NotAComputer(Reason.NO_STAND_IN)
            host = computers.host_of(game)
            if allowed_by is not None and allowed_by not in (host, user_id):  # a Give-back pressed by another
                raise NotHost(Reason.HOST_ALLOWS_BACK, host=_host_name(game))
            if not helper.back and allowed_by != host:
                if allowed_by is not None:
                    raise NotHost(Reason.HOST_ALLOWS_BACK, host=_host_name(game))
                raise NotHost(Reason.BACK_NEEDS_HOST, host=_host_name(game))
            game = await self._set_stand_in(channel_id, game, seat.name, None)
            return game, seat

    async def start(self, channel_id: int, user_id: int, seed: int | None = None) -> Game:
        """Deal the game (host only, 2-4 seats): seat order as joined, start player from the seed."""
        if seed is not None and not 0 <= seed < 2**63:
            raise ValueError("a seed is a 63-bit non-negative integer")
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if game.status != "lobby":
                raise AlreadyStarted(Reason.ALREADY_STARTED)
            if user_id != computers.host_of(game):
                raise NotHost(Reason.HOST_STARTS, host=_host_name(game))
            if not computers.people(game):
                raise NotEnoughPlayers(Reason.NEEDS_A_PERSON)
            if len(game.seats) < MIN_PLAYERS:
                raise NotEnoughPlayers(
                    Reason.NOT_ENOUGH_PLAYERS, least=MIN_PLAYERS, most=MAX_PLAYERS, seated=len(game.seats)
                )
            names = unique_names([s.name for s in game.seats])
            seed = secrets.randbits(63) if seed is None else seed
            state = rules.new_game(names, seed, game.options.rules_options())
            deadline = self._deadline(game, state)
            game = await self._commit(channel_id, self.store.start_game(game, names, seed, state, deadline))
            self._remember(game)
            return game

    async def abort(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """End the channel's lobby or game (host, or a moderator: `is_admin`); it stays in history."""
        async with self._lock(channel_id):
            game = await self.game_in(channel_id)
            if user_id != computers.host_of(game) and not is_admin:
                raise NotHost(Reason.HOST_ABORTS, host=_host_name(game))
            game = await self._commit(channel_id, self.store.abort_game(game))
            self._remember(game)
            return game

    async def pause(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """Pause the channel's running game (host, or a moderator): no moves, no turn timer."""
        async with self._lock(channel_id):
            game = await self._running(channel_id, user_id, is_admin)
            if game.options.paused_at is not None:
                raise Paused(Reason.PAUSED, host=_host_name(game))
            options = game.options.model_copy(update={"paused_at": self.store.clock()})
            game = await self._commit(channel_id, self.store.pause(game, options, deadline=None))
            self._remember(game)
            return game

    async def resume(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """Resume a paused game; the player to move gets the full time again."""
        async with self._lock(channel_id):
            game = await self._running(channel_id, user_id, is_admin)
            if game.options.paused_at is None:
                raise Paused(Reason.NOT_PAUSED)
            assert game.state is not None
            options = game.options.model_copy(update={"paused_at": None})
            deadline = self._deadline(game, game.state)
            game = await self._commit(channel_id, self.store.pause(game, options, deadline=deadline))
            self._remember(game)
            return game

    async def end_pause(self, channel_id: int, version: int) -> Game | None:
        """End a game paused for too long (the timer's call), without a result; None if it moved on."""
        async with self._lock(channel_id):
            game = await self.current(channel_id)
            if game is None or game.version != version or game.options.paused_at is None:
                return None
            game = await self._commit(channel_id, self.store.abort_game(game))
            self._remember(game)
            return game

    async def _running(self, channel_id: int, user_id: int, is_admin: bool) -> Game:
        """The channel's started game, if `user_id` hosts it (or `is_admin`); else the refusal."""
        game = await self.game_in(channel_id)
        if game.state is None:
            raise NotStarted(Reason.NOT_STARTED)
        if user_id != computers.host_of(game) and not is_admin:
            raise NotHost(Reason.HOST_PAUSES, host=_host_name(game))
        return game

    # --- moves -----------------------------------------------------------------------------

    async def act(
        self,
        channel_id: int,
        user_id: int,
        action: rules.Action,
        *,
        auto: bool = False,
        expected_version: int | None = None,
        announce: bool = False,
    ) -> TurnResult:
        """The bot's own move for `user_id`'s seat (a computer's, the timer's): judged and stored under the
        game's lock, so requests made at once are judged one at a time, each on the game the one before
        left. A person's move goes through `judge` and `play`, which refuse it on a seat a computer plays.

        `auto` marks a move made by the turn timer on the player's behalf;
        `expected_version` refuses the move (StaleAction) if the game has moved on;
        `announce` stores, with the turn and in its transaction, that the turn is still to be
        posted (a "turn" post in the outbox, with its events): a crash before the post leaves it
        pending, and the next start posts it.
        """
        async with self._lock(channel_id):
            move = self._judge(await self.game_in(channel_id), user_id, action, expected_version, by_bot=True)
            saved = await self._save(move, auto=auto, announce=announce)
        return await self._played(move, saved)

    async def play(self, move: Move, *, auto: bool = False, announce: bool = False) -> TurnResult:
        """Store a move `judge` accepted (as `act` does), after the bot answered the interaction.

        If the game moved on since it was judged (a second click waited for the first), the move
        is judged again on the game as it is now, so it is refused or played on the new state;
        a move judged at an `expected_version` is refused (StaleAction) once the game left it.
        """
        channel_id = move.game.channel_id
        async with self._lock(channel_id):
            current = await self.game_in(channel_id)
            if current.version != move.game.version:
                move = self._judge(current, move.user_id, move.action, move.expected_version, by_bot=move.by_bot)
            saved = await self._save(move, auto=auto, announce=announce)
        return await self._played(move, saved)

    async def _save(self, move: Move, *, auto: bool, announce: bool) -> Game:
        """Store a judged move over the game it was judged on (call under the lock)."""
        return await self._store_turn(
            move.game,
            move.after,
            move.user_id,
            move.player,
            str(move.action),
            move.events,
            auto=auto,
            announce=announce,
        )

    async def _store_turn(
        self,
        game: Game,
        state: GameState,
        user_id: int,
        player: str,
        action: str,
        events: list[Event],
        *,
        auto: bool = False,
        announce: bool = True,
    ) -> Game:
        """One turn (a move or an undo) in one transaction: the state, the log entry, the post.

        A turn whose commit reached the database although the answer did not (the connection
        dropped after COMMIT) is found by reading the game back: it is a success, never a refusal.
        """
        write = self.store.save_turn(
            game,
            state,
            user_id=user_id,
            player=player,
            action=action,
            auto=auto,
            deadline=self._deadline(game, state),
            outbox=[Post(TURN_POST, {"events": EVENTS.dump_python(events, mode="json")})] if announce else (),
        )
        saved = await self._commit(
            game.channel_id,
            write,
            Reason.MOVE_NOT_SAVED,
            landed=lambda stored: stored.id == game.id and stored.version == game.version + 1 and stored.state == state,
            game_id=game.id,
        )
        self._remember(saved)
        return saved

    async def _played(self, move: Move, saved: Game) -> TurnResult:
        if saved.status == "finished":
            await self._rate_game(saved)
        return TurnResult(saved, move.events, before=move.before, action=move.action)

    async def undo(self, channel_id: int, user_id: int, *, expected_version: int | None = None) -> TurnResult:
        """Take back `user_id`'s last move (see `games.undo` for when it may be): the game as it was
        before it, stored as a new log entry with its post (a `took_back` event), in one transaction."""
        async with self._lock(channel_id):
            game, seat = await self._running_at(channel_id, user_id, expected_version)
            if seat is None:
                raise NotSeated(Reason.YOU_ARE_NOT_PLAYING)
            if computers.stand_in(game, seat) is not None:
                raise NotYourTurn(Reason.COMPUTER_PLAYS_SEAT)
            log = await self.store.log(game.id)
            back = last_move_of(record_of(game, log), log, user_id, seat.name)
            events: list[Event] = [rules.TookBack(player=seat.name, replies=back.replies)]
            action = rules.record.undo_text(back.moves)
            saved = await self._store_turn(game, back.before, user_id, seat.name, action, events)
            return TurnResult(saved, events)

    async def judge(
        self, channel_id: int, user_id: int, action: rules.Action, *, expected_version: int | None = None
    ) -> Move:
        """Judge `action` for `user_id` on the game as it is now, without storing anything: every
        refusal a move can get, except a change of the game before it is saved (`play` checks that).

        It takes no lock and touches no database (the rules take a fraction of a millisecond), so
        the bot can judge a move, then answer the interaction, then have `play` save it.
        """
        return self._judge(await self.game_in(channel_id), user_id, action, expected_version)

    def _judge(
        self, game: Game, user_id: int, action: rules.Action, expected_version: int | None, *, by_bot: bool = False
    ) -> Move:
        seat = self._turn_of(game, user_id, expected_version, by_bot=by_bot)
        state = game.state
        assert state is not None
        try:
            after, events = rules.apply(state, action)
        except Refusal as err:
            raise IllegalMove(err) from None
        return Move(game, user_id, seat.name, action, state, after, events, expected_version, by_bot)

    async def _running_at(
        self, channel_id: int, user_id: int, expected_version: int | None
    ) -> tuple[Game, SeatRow | None]:
        """The channel's started game, not paused, at `expected_version` (when given), and the
        user's seat in it (None: not seated); else the refusal."""
        game = await self.game_in(channel_id)
        return game, _running(game, user_id, expected_version)

    async def check_turn(self, channel_id: int, user_id: int, expected_version: int | None = None) -> Game:
        """The channel's running game if `user_id` has the pending decision; else the refusal."""
        game = await self.game_in(channel_id)
        self._turn_of(game, user_id, expected_version)
        return game

    @staticmethod
    def _turn_of(game: Game, user_id: int, expected_version: int | None, *, by_bot: bool = False) -> SeatRow:
        """The seat of `user_id` if their decision is pending in `game`; else the refusal. A person
        does not move on their seat while a computer plays it (`by_bot`: the computer's own move)."""
        seat = _running(game, user_id, expected_version)
        state = game.state
        assert state is not None
        if seat is None:
            raise NotSeated(Reason.NOT_PLAYING, to_move=state.to_move)
        if not by_bot and computers.stand_in(game, seat) is not None:
            raise NotYourTurn(Reason.COMPUTER_PLAYS_SEAT)
        if seat.name != state.to_move:
            raise NotYourTurn(Reason.NOT_YOUR_TURN, to_move=state.to_move)
        return seat

    def open_briefs(self) -> list[Brief]:
        """Every lobby and running game of this process, in brief (read by `open`, kept up to date by
        each request): when each is due, who sits in it, who is to move."""
        return list(self._briefs.values())

    def in_memory(self) -> int:
        """How many games are kept whole in memory (at most `recent`)."""
        return len(self._recent)

    async def mark_reminded(self, channel_id: int, version: int) -> Game | None:
        """Note that the turn at `version` got its reminder; None if it moved on or already had one."""
        async with self._lock(channel_id):
            game = await self.current(channel_id)
            if game is None or game.version != version or game.reminded or game.status != "active":
                return None
            try:
                game = await self.store.mark_reminded(game)
            except StaleState:
                await self._reload(channel_id)
                return None
            self._remember(game)
            return game

    async def unposted(self, game_id: int | None = None, *, before: int | None = None) -> list[OutboxRow]:
        """Turns stored but not yet posted (all this process's games' after a restart), oldest first;
        `before`: only a game's turns before that version (no read when all are known posted)."""
        rows = await self.store.pending_posts(game_id, before=before)
        if self.shards is None or game_id is not None:
            return rows
        owned: dict[int, bool] = {}
        for row in rows:
            if row.game_id not in owned:
                game = await self.store.load_game(row.game_id)
                owned[row.game_id] = game is not None and self.owns(game.guild_id)
        return [row for row in rows if owned[row.game_id]]

    def posted(self, game: Game, version: int | None = None) -> None:
        """Every post of `game` up to its current version (or `version`) reached the channel: stored
        with the next turn's commit (`storage.marks`), so a busy bot's move costs one commit; see
        `posts_settled`."""
        self.store.posted_upto(game.id, game.version if version is None else version)

    async def parts_posted(self, game: Game, version: int, parts: int) -> None:
        """The first `parts` messages of the post of `game`'s turn at `version` reached the channel (a move
        and then its shift's scoring: `Store.note_parts`), committed now."""
        await self.store.note_parts(game.id, version, parts)

    async def posts_settled(self, idle: bool) -> None:
        """No post is in progress (`idle`): the posted marks waiting are committed now, the bot having
        nothing else to do; else within a second, unless a turn's commit takes them first. A database
        that fails here keeps them waiting, and they are tried again."""
        if not idle:
            self.store.flush_soon()
            return
        try:
            await self.store.flush_marks()
        except Exception as err:
            log.warning("marking posts as posted failed (%s: %s); trying again soon", type(err).__name__, err)
            self.store.flush_soon()

    async def end_unreachable(self, game: Game) -> Game:
        """End a game whose channel stays out of reach (`games.timers.UNREACHABLE_DAYS`): aborted
        if it is still open, so its seats count no more against the limits, and its posts forgotten."""
        async with self._lock(game.channel_id):
            stored = await self.store.load_game(game.id) or game
            if stored.is_open:
                stored = await self._commit(game.channel_id, self.store.abort_game(stored))
                self._remember(stored)
            await self.store.drop_pending_posts(game.id)
            return stored

    async def game_by_id(self, game_id: int) -> Game | None:
        """A game as stored, whatever its channel and status."""
        return await self.store.load_game(game_id)

    async def post_failed(self, row: OutboxRow, error: str) -> int:
        """A post that did not reach Discord stays pending; the number of failed attempts so far."""
        return await self.store.note_failed_post(row, error)

    async def drain(self) -> None:
        """Wait for every request in progress (before closing the database at shutdown)."""
        await self._locks.drain()

    # --- internals -------------------------------------------------------------------------

    async def _lobby_of_host(self, channel_id: int, user_id: int, not_host: Reason, started: Reason) -> Game:
        """The channel's lobby, if `user_id` is its host (call under the channel's lock)."""
        game = await self.game_in(channel_id)
        if game.status != "lobby":
            raise AlreadyStarted(started)
        if user_id != computers.host_of(game):
            raise NotHost(not_host, host=_host_name(game))
        return game

    async def _set_stand_in(self, channel_id: int, game: Game, player: str, helper: StandIn | None) -> Game:
        """Store who plays `player`'s seat (None: its owner again); call under the channel's lock."""
        stand_ins = {k: v for k, v in game.options.stand_ins.items() if k != player}
        if helper is not None:
            stand_ins[player] = helper
        options = game.options.model_copy(update={"stand_ins": stand_ins})
        game = await self._commit(channel_id, self.store.update_options(game, options))
        self._remember(game)
        return game

    def _lock(self, channel_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self._locks.hold(channel_id)

    def _remember(self, game: Game) -> None:
        """Keep the stored game as the channel's current one, and tell the listeners (its brief)."""
        brief = self._keep(game)
        for listener in self.listeners:
            listener(brief)

    def _keep(self, game: Game) -> Brief:
        """The game as stored: whole among the recent ones (the least recently used one leaves when
        there are too many) and in brief; an ended game is forgotten. Its brief."""
        channel, brief = game.channel_id, Brief.of(game)
        if not game.is_open:
            self._recent.pop(channel, None)
            self._briefs.pop(channel, None)
            return brief
        self._recent[channel] = game
        self._recent.move_to_end(channel)
        while len(self._recent) > self.recent:
            self._recent.popitem(last=False)
        self._briefs[channel] = brief
        return brief

    def _deadline(self, game: Game, state: GameState) -> float | None:
        seconds = game.options.timer_seconds
        if seconds is None or state.phase == "over":
            return None
        return self.store.clock() + seconds

    async def _commit(
        self,
        channel_id: int,
        write: Awaitable[Game],
        failed: Reason = Reason.NOT_SAVED,
        *,
        landed: Callable[[Game], bool] | None = None,
        game_id: int | None = None,
    ) -> Game:
        """Run a database write; on failure drop the cached game and read it again.

        With `landed`, a write that failed is checked by reading game `game_id` back: the
        connection may have dropped after the database committed. If `landed` says the stored
        game is the write's, the write succeeded; if the game cannot be read, nobody can say,
        and the refusal says so (SAVE_UNCONFIRMED) rather than that nothing changed.
        """
        try:
            return await write
        except StaleState as err:
            await self._reload(channel_id)
            raise StaleAction(Reason.CHANGED_MEANWHILE) from err
        except Exception as err:
            # The player is told to try again; the operator needs the cause (a read-only file, a full disk).
            log.error("saving failed in channel %s: %s: %s", channel_id, type(err).__name__, err)
            if landed is not None and game_id is not None and not isinstance(err, StorageError):
                # (a StorageError is the Store refusing before anything reached the database)
                stored = await self._read_back(game_id)
                if stored is None:
                    self._recent.pop(channel_id, None)
                    raise SaveFailed(Reason.SAVE_UNCONFIRMED) from err
                if landed(stored):
                    log.warning(
                        "channel %s: the write was stored after all (read back at v%s)", channel_id, stored.version
                    )
                    return stored
            await self._reload(channel_id)
            raise SaveFailed(failed) from err
        except BaseException:  # cancelled: the commit may or may not have happened
            self._recent.pop(channel_id, None)
            raise

    async def _read_back(self, game_id: int, tries: int = 3, pause: float = 0.2) -> Game | None:
        """The game as stored, read again after a write failed; None if the database does not answer."""
        for attempt in range(tries):
            try:
                return await self.store.load_game(game_id)
            except Exception as err:
                log.warning("reading game %s back failed (%s: %s)", game_id, type(err).__name__, err)
                if attempt + 1 < tries:
                    await asyncio.sleep(pause)
        return None

    async def _reload(self, channel_id: int) -> None:
        self._recent.pop(channel_id, None)
        with contextlib.suppress(Exception):  # if this fails too, the next request reads again
            await self.current(channel_id)


def _running(game: Game, user_id: int, expected_version: int | None) -> SeatRow | None:
    """The user's seat in `game` (None: not seated) if it is started, not paused and at
    `expected_version` (when given); else the refusal."""
    if game.state is None:
        raise NotStarted(Reason.NOT_STARTED)
    if expected_version is not None and expected_version != game.version:
        raise StaleAction(Reason.MOVED_ON)
    if game.options.paused_at is not None:
        raise Paused(Reason.PAUSED, host=_host_name(game))
    return game.seat_of_user(user_id)


def _host_name(game: Game) -> str | None:
    """The host's seat name; None if the host has no seat (the words say "the host")."""
    seat = game.seat_of_user(computers.host_of(game))
    return seat.name if seat is not None else None


def _wrong_fields(err: ValidationError) -> tuple[str, ...]:
    """The option names a `GameSettings` validation error is about, in order, once each."""
    fields = (".".join(str(p) for p in e["loc"]) or "options" for e in err.errors())
    return tuple(dict.fromkeys(fields))
