"""The game manager's memory and discipline: every open game in brief, the recent ones whole, one lock per
channel, and how a write is committed, read back when its answer is lost, or undone in memory.

One game per channel. Every request on a channel runs under that channel's lock (`games.locks`: kept only
while in use), so requests are judged one at a time against the latest state; channels never wait on each
other (the database is held only for the few milliseconds of a commit). Open games live in memory in brief
(`storage.Brief`: when each is due, who sits in it, who is to move); the ones used lately also whole, the
others are read from the database when a move, a timer or a command needs them (an idle game costs
a few hundred bytes, not 30 KiB). If a write fails the cached game is dropped and read again from the
database: what players see is always what is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from rules import GameState
from storage import (
    Brief,
    Game,
    StaleState,
    StorageError,
    Store,
)

from . import computers
from .errors import (
    NoGameHere,
    Reason,
    SaveFailed,
    StaleAction,
)
from .ladders import Ladders
from .limits import UNLIMITED, Limits, Openings, Place
from .locks import KeyedLocks
from .people import People
from .posts import Posts
from .quiet import out_of_quiet
from .shards import Shards

log = logging.getLogger("coalbaron")

NAME_LENGTH = 32  # Discord's display-name limit
# Whole games kept in memory: the ones used lately. Every other open game is a `Brief` (a few hundred
# bytes, where a parsed game is some 30 KiB), read whole from the database when it is needed.
RECENT_GAMES = 500


def clean_name(name: str) -> str:
    """A display name as a player name: whitespace tidied, at most 32 characters."""
    return " ".join(name.split())[:NAME_LENGTH] or "Player"


class GameMemory:
    """The games of the bot, one per channel, as the manager keeps them (`manager.games`): their reads,
    their locks and how a write is committed and remembered, which the manager's parts (`games.lobbies`,
    `games.hosting`, `games.moves`, `games.timing`) use. User ids are ints, names are strings."""

    def __init__(
        self, store: Store, shards: Shards | None = None, limits: Limits | None = None, recent: int = RECENT_GAMES
    ):
        self.store = store
        self.limits = limits or UNLIMITED
        self.openings = Openings()
        self.held: set[Place] = set()  # lobbies and seats that passed the limits and are being stored
        # When the bot runs as several processes: the shards of this one (its servers' games).
        self.shards = shards
        # Every lobby and running game of this process in brief, by channel; the ones used lately whole
        # (least recently used first: the first to go when there are more than `recent`).
        self.briefs: dict[int, Brief] = {}
        self._recent: OrderedDict[int, Game] = OrderedDict()
        self.recent = recent
        # Called with the brief of every game just stored (a move, a lobby change, an abort): turn timers listen.
        self.listeners: list[Callable[[Brief], None]] = []
        self._locks = KeyedLocks()  # one request at a time per channel
        # Beside the games: the ladders (a finished game is rated), people and servers, the outbox.
        self.ladders = Ladders(store, self.owns)
        self.people = People(store)
        self.posts = Posts(store, self.owns, sharded=shards is not None)

    async def open(self) -> list[Brief]:
        """Know every lobby and running game (of this process's shards) in brief, so a restarted bot
        resumes them as they were (each read whole when it is next needed); and rate the finished games
        not rated yet."""
        # Loading makes many objects that all live on: the garbage collector's passes over the growing
        # heap would find nothing to free and take most of the time (10 000 games loaded in
        # 4.3 s with it on, 1.4 s off). It runs again at once after.
        collecting = gc.isenabled()
        gc.disable()
        try:
            briefs = [b for b in await self.store.queries.open_briefs() if self.owns(b.guild_id)]
        finally:
            if collecting:
                gc.enable()
        self.briefs = {b.channel_id: b for b in briefs}
        self._recent.clear()
        await self.people.open()
        await self.ladders.rate_finished()
        return briefs

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the games of server `guild_id` (always, unless sharded)."""
        return self.shards is None or self.shards.owns(guild_id)

    async def current(self, channel_id: int) -> Game | None:
        """The channel's lobby or running game, or None: from memory if it was used lately, else read
        from the database (and kept among the recent ones)."""
        game = self._recent.get(channel_id)
        if game is not None:
            self._recent.move_to_end(channel_id)
            return game
        game = await self.store.queries.open_game(channel_id)
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
        return await self.current(channel_id) or await self.store.queries.latest_game(channel_id)

    def open_briefs(self) -> list[Brief]:
        """Every lobby and running game of this process, in brief (read by `open`, kept up to date by
        each request): when each is due, who sits in it, who is to move."""
        return list(self.briefs.values())

    def in_memory(self) -> int:
        """How many games are kept whole in memory (at most `recent`)."""
        return len(self._recent)

    async def drain(self) -> None:
        """Wait for every request in progress (before closing the database at shutdown)."""
        await self._locks.drain()

    def lock(self, channel_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self._locks.hold(channel_id)

    def remember(self, game: Game) -> None:
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
            self.briefs.pop(channel, None)
            return brief
        self._recent[channel] = game
        self._recent.move_to_end(channel)
        while len(self._recent) > self.recent:
            self._recent.popitem(last=False)
        self.briefs[channel] = brief
        return brief

    def deadline_for(self, game: Game, state: GameState) -> float | None:
        """When the player to move in `state` must have moved: the turn timer from now, moved out of
        their quiet hours (`games.quiet`) if it would end inside them."""
        seconds = game.options.timer_seconds
        if seconds is None or state.phase == "over" or state.to_move is None:
            return None
        user = game.user_of_player(state.to_move)
        return out_of_quiet(self.store.clock() + seconds, self.people.timing(user) if user else None)

    async def commit(
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
            await self.reload(channel_id)
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
            await self.reload(channel_id)
            raise SaveFailed(failed) from err
        except BaseException:  # cancelled: the commit may or may not have happened
            self._recent.pop(channel_id, None)
            raise

    async def _read_back(self, game_id: int, tries: int = 3, pause: float = 0.2) -> Game | None:
        """The game as stored, read again after a write failed; None if the database does not answer."""
        for attempt in range(tries):
            try:
                return await self.store.queries.load_game(game_id)
            except Exception as err:
                log.warning("reading game %s back failed (%s: %s)", game_id, type(err).__name__, err)
                if attempt + 1 < tries:
                    await asyncio.sleep(pause)
        return None

    async def reload(self, channel_id: int) -> None:
        self._recent.pop(channel_id, None)
        with contextlib.suppress(Exception):  # if this fails too, the next request reads again
            await self.current(channel_id)


def host_name(game: Game) -> str | None:
    """The host's seat name; None if the host has no seat (the words say "the host")."""
    seat = game.seat_of_user(computers.host_of(game))
    return seat.name if seat is not None else None
