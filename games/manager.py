"""The per-channel game manager: lobbies, moves, undo, one lock per game; no Discord types.

`GameManager` is made of parts, one module each, reached by name: its memory of the games, their locks
and how a write is committed (`manager.games`, `games.memory`), the lobbies (`manager.lobbies`), the
host's say over a running game (`manager.hosting`), the moves and their undo (`manager.moves`), the
timers' notes (`manager.timing`). Beside it: the ladders (`games.ladders`),
people's settings and servers' defaults (`games.people`) and the outbox (`games.posts`), as its
`ladders`, `people` and `posts`. The bot reads history, stats and logs from the store (`storage.queries`).
"""

from __future__ import annotations

from rules.components import MAX_PLAYERS, MIN_PLAYERS, SEAT_COLOURS
from storage import Brief, Game, Store

from .errors import GameError
from .hosting import Hosting
from .leagues import Leagues
from .limits import Limits
from .lobbies import Lobbies, unique_names
from .memory import RECENT_GAMES, GameMemory, clean_name
from .moves import Move, Moves, TurnResult
from .retention import Retention
from .shards import Shards
from .timing import Timing

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SEAT_COLOURS",
    "Game",
    "GameError",
    "GameManager",
    "Move",
    "TurnResult",
    "clean_name",
    "unique_names",
]


class GameManager:
    """All games of the bot, one per channel, in parts reached by name: `games` (the games in memory and
    their reads: `current`, `latest`, `open_briefs`...), `lobbies`, `hosting` (the host's say), `moves`,
    `timing` (the turn timers' notes); beside them `people`, `ladders`, `posts`, `retention` (what the
    bot forgets as time passes), `leagues` (tournaments of the servers) and `queries` (the stored history,
    read-only). User ids are ints, names are strings."""

    def __init__(
        self, store: Store, shards: Shards | None = None, limits: Limits | None = None, recent: int = RECENT_GAMES
    ) -> None:
        self.store = store
        self.games = GameMemory(store, shards, limits, recent)
        self.lobbies = Lobbies(self.games)
        self.hosting = Hosting(self.games)
        self.moves = Moves(self.games)
        self.timing = Timing(self.games)
        self.people = self.games.people
        self.ladders = self.games.ladders
        self.posts = self.games.posts
        self.queries = store.queries  # what is stored, read only: history, stats, logs
        self.retention = Retention(store, self.games.owns)  # what the bot forgets as time passes
        self.leagues = Leagues(store, self.games.owns)  # the servers' leagues (this process's servers')

    async def open(self) -> list[Brief]:
        """Know every open game of this process in brief, and rate the finished games not rated yet
        (`GameMemory.open`)."""
        return await self.games.open()
