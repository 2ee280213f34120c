"""Lobbies: a game opened in a channel, seats taken and given up, computers seated, the deal, the end
without a result, and a finished game's rematch; within the limits against abuse (`games.limits`)."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Callable, Iterator, Sequence

from pydantic import ValidationError

import rules
from rules.components import MAX_PLAYERS, MIN_PLAYERS
from storage import (
    Game,
    GameSettings,
    Post,
    RematchTaken,
    SeatRow,
)

from . import computers
from .errors import (
    AlreadySeated,
    AlreadyStarted,
    BadOptions,
    GameAlreadyRunning,
    GameFull,
    NotAComputer,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    OverLimit,
    Reason,
    StaleAction,
)
from .limits import Place
from .memory import GameMemory, clean_name, host_name
from .posts import LOBBY_POST

log = logging.getLogger("coalbaron")


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


class Lobbies:
    """The manager's lobbies."""

    def __init__(self, memory: GameMemory) -> None:
        self.memory = memory  # the games, their locks and how a write is committed (`games.memory`)

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
        settings = _settings(options)
        async with self.memory.lock(channel_id):
            existing = await self.memory.current(channel_id)
            if existing is not None:
                reason = Reason.CHANNEL_HAS_LOBBY if existing.is_lobby else Reason.CHANNEL_HAS_GAME
                raise GameAlreadyRunning(reason, host=host_name(existing))
            with contextlib.ExitStack() as own:
                if place is None:  # checked and held at once: no await between the two
                    place = own.enter_context(self.holding(guild_id, user_id, lobby=True))
                game = await self.memory.commit(
                    channel_id, self.memory.store.create_game(guild_id, channel_id, user_id, clean_name(name), settings)
                )
                self.memory.openings.opened(user_id, self.memory.store.clock())
                self.memory.remember(game)
            return game

    @contextlib.contextmanager
    def holding(self, guild_id: int, user_id: int, *, lobby: bool) -> Iterator[Place]:
        """Check the limits for a new lobby (`lobby`) or a seat and hold the place until the block ends;
        OverLimit if there is none. Checking and holding is one step (no await between them), so
        requests made at once in several channels cannot all pass the same check; `/coal new` holds
        the place before it opens a thread for the lobby, and `new_game(place=...)` uses it."""
        self._check_limits(guild_id, user_id, opening=lobby)
        place = Place(guild_id, user_id, lobby)
        self.memory.held.add(place)
        try:
            yield place
        finally:
            self.memory.held.discard(place)

    def _check_limits(self, guild_id: int, user_id: int, *, opening: bool) -> None:
        """Refuse (OverLimit) a new lobby or a seat over the limits (`games.limits`), counting the
        places held by requests under way as taken."""
        limits = self.memory.limits
        here = [g for g in self.memory.briefs.values() if g.guild_id == guild_id and g.is_open]
        held = [p for p in self.memory.held if p.guild_id == guild_id]
        mine = sum(1 for g in here if user_id in g.user_ids) + sum(p.user_id == user_id for p in held)
        if mine >= limits.games_per_person:
            raise OverLimit(Reason.TOO_MANY_GAMES, count=limits.games_per_person)
        if not opening:
            return
        if sum(1 for g in here if g.is_lobby) + sum(p.lobby for p in held) >= limits.lobbies_per_server:
            raise OverLimit(Reason.TOO_MANY_LOBBIES, count=limits.lobbies_per_server)
        opening_now = sum(p.lobby and p.user_id == user_id for p in held)
        wait = self.memory.openings.wait(user_id, self.memory.store.clock(), limits.new_per_hour, opening_now)
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
        old = await self.memory.store.queries.load_game(game_id)
        if old is None or not old.is_finished or old.channel_id != channel_id:
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
        async with self.memory.lock(channel_id):
            existing = await self.memory.current(channel_id)
            if existing is not None:
                reason = Reason.CHANNEL_HAS_LOBBY if existing.is_lobby else Reason.CHANNEL_HAS_GAME
                raise GameAlreadyRunning(reason, host=host_name(existing))
            if await self.memory.store.rematch_taken(old.id):
                raise AlreadyStarted(Reason.REMATCH_TAKEN)
            with self.holding(old.guild_id, user_id, lobby=True):
                write = self.memory.store.create_game(
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
                    game = await self.memory.commit(channel_id, write)
                except StaleAction as err:  # another process opened it (or took the channel) just now
                    if isinstance(err.__cause__, RematchTaken):
                        raise AlreadyStarted(Reason.REMATCH_TAKEN) from None
                    raise
                self.memory.openings.opened(user_id, self.memory.store.clock())
                self.memory.remember(game)
            return game, people

    async def close_lobby(self, channel_id: int, version: int) -> Game | None:
        """Close a lobby nobody started in `limits.lobby_days` (the timer's call); None if it changed."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or game.version != version or not game.is_lobby:
                return None
            game = await self.memory.commit(channel_id, self.memory.store.abort_game(game))
            self.memory.remember(game)
            return game

    async def join(self, channel_id: int, user_id: int, name: str) -> Game:
        """Take the next free seat in the channel's lobby."""
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if not game.is_lobby:
                raise AlreadyStarted(Reason.SEATS_FIXED)
            if game.seat_of_user(user_id) is not None:
                raise AlreadySeated(Reason.ALREADY_SEATED)
            with self.holding(game.guild_id, user_id, lobby=False):
                if len(game.seats) >= MAX_PLAYERS:
                    raise GameFull(Reason.GAME_FULL, seats=MAX_PLAYERS)
                game = await self.memory.commit(channel_id, self.memory.store.add_seat(game, user_id, clean_name(name)))
                self.memory.remember(game)
            return game

    async def leave(self, channel_id: int, user_id: int) -> Game:
        """Give up a seat in the lobby. The last person out closes the lobby (status aborted), even
        if computers are still seated: they play only at a table with a person."""
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if not game.is_lobby:
                raise AlreadyStarted(Reason.LEAVE_STARTED)
            if game.seat_of_user(user_id) is None:
                raise NotSeated(Reason.NOT_SEATED)
            game = await self.memory.commit(channel_id, self.memory.store.remove_seat(game, user_id))
            if game.is_lobby and not computers.people(game):
                game = await self.memory.commit(channel_id, self.memory.store.abort_game(game))
            self.memory.remember(game)
            return game

    async def add_computer(
        self, channel_id: int, user_id: int, level: str, name: Callable[[int, str, str], str]
    ) -> tuple[Game, SeatRow]:
        """Seat a computer of `level` in the lobby (host only); `name(slot, level, language)` names it in
        the game's language."""
        async with self.memory.lock(channel_id):
            game = await self._lobby_of_host(channel_id, user_id, Reason.HOST_ADDS_COMPUTER, Reason.COMPUTERS_IN_LOBBY)
            if len(game.seats) >= MAX_PLAYERS:
                raise GameFull(Reason.GAME_FULL, seats=MAX_PLAYERS)
            slot = computers.free_slot(game)
            uid = computers.computer_id(slot, level)
            game = await self.memory.commit(
                channel_id, self.memory.store.add_seat(game, uid, clean_name(name(slot, level, game.options.language)))
            )
            self.memory.remember(game)
            seat = game.seat_of_user(uid)
            assert seat is not None
            return game, seat

    async def remove_computer(self, channel_id: int, user_id: int, computer: int) -> tuple[Game, SeatRow]:
        """Unseat the computer with reserved id `computer` from the lobby (host only)."""
        async with self.memory.lock(channel_id):
            game = await self._lobby_of_host(channel_id, user_id, Reason.HOST_REMOVES_COMPUTER, Reason.SEATS_FIXED)
            seat = game.seat_of_user(computer)
            if seat is None or not computers.is_computer(computer):
                raise NotAComputer(Reason.NOT_A_COMPUTER)
            game = await self.memory.commit(channel_id, self.memory.store.remove_seat(game, computer))
            self.memory.remember(game)
            return game, seat

    async def start(self, channel_id: int, user_id: int, seed: int | None = None) -> Game:
        """Deal the game (host only, 2-4 seats): seat order as joined, start player from the seed."""
        if seed is not None and not 0 <= seed < 2**63:
            raise ValueError("a seed is a 63-bit non-negative integer")
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if not game.is_lobby:
                raise AlreadyStarted(Reason.ALREADY_STARTED)
            if user_id != computers.host_of(game):
                raise NotHost(Reason.HOST_STARTS, host=host_name(game))
            if not computers.people(game):
                raise NotEnoughPlayers(Reason.NEEDS_A_PERSON)
            if len(game.seats) < MIN_PLAYERS:
                raise NotEnoughPlayers(
                    Reason.NOT_ENOUGH_PLAYERS, least=MIN_PLAYERS, most=MAX_PLAYERS, seated=len(game.seats)
                )
            game = await self._deal(channel_id, game, seed)
            self.memory.remember(game)
            return game

    async def _deal(self, channel_id: int, game: Game, seed: int | None) -> Game:
        """Deal a lobby as seated (seat order as joined, names made unique); call under the channel's lock."""
        names = unique_names([s.name for s in game.seats])
        seed = secrets.randbits(63) if seed is None else seed
        state = rules.new_game(names, seed, game.options.rules_options())
        deadline = self.memory.deadline_for(game, state)
        return await self.memory.commit(channel_id, self.memory.store.start_game(game, names, seed, state, deadline))

    async def deal_table(
        self, guild_id: int, channel_id: int, people: Sequence[tuple[int, str]], options: dict | None = None
    ) -> Game:
        """A league's table, dealt at once in its own channel (a thread): the people seated in the order
        given (the first is its host), then the deal. The league's schedule seats them, so the limits a
        person's own lobbies and seats have do not apply. Picks up where it stopped: a lobby already in the
        channel (a restart between two of these steps) gets the seats it lacks, a game already dealt is
        given back as it is."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None:
                host_id, host_name_ = people[0]
                settings = _settings(options)
                game = await self.memory.commit(
                    channel_id,
                    self.memory.store.create_game(guild_id, channel_id, host_id, clean_name(host_name_), settings),
                )
            if game.is_lobby:
                for user_id, name in people:
                    if game.seat_of_user(user_id) is None:
                        game = await self.memory.commit(
                            channel_id, self.memory.store.add_seat(game, user_id, clean_name(name))
                        )
                game = await self._deal(channel_id, game, None)
            self.memory.remember(game)
            return game

    async def abort(self, channel_id: int, user_id: int, is_admin: bool = False) -> Game:
        """End the channel's lobby or game (host, or a moderator: `is_admin`); it stays in history."""
        async with self.memory.lock(channel_id):
            game = await self.memory.game_in(channel_id)
            if user_id != computers.host_of(game) and not is_admin:
                raise NotHost(Reason.HOST_ABORTS, host=host_name(game))
            game = await self.memory.commit(channel_id, self.memory.store.abort_game(game))
            self.memory.remember(game)
            return game

    async def _lobby_of_host(self, channel_id: int, user_id: int, not_host: Reason, started: Reason) -> Game:
        """The channel's lobby, if `user_id` is its host (call under the channel's lock)."""
        game = await self.memory.game_in(channel_id)
        if not game.is_lobby:
            raise AlreadyStarted(started)
        if user_id != computers.host_of(game):
            raise NotHost(not_host, host=host_name(game))
        return game


def _settings(options: dict | None) -> GameSettings:
    """A new game's options as stored (BadOptions naming the wrong ones)."""
    try:
        return GameSettings(**(options or {}))
    except ValidationError as err:
        raise BadOptions(Reason.BAD_OPTIONS, fields=_wrong_fields(err)) from None


def _wrong_fields(err: ValidationError) -> tuple[str, ...]:
    """The option names a `GameSettings` validation error is about, in order, once each."""
    fields = (".".join(str(p) for p in e["loc"]) or "options" for e in err.errors())
    return tuple(dict.fromkeys(fields))
