"""The per-channel game manager: lobbies, moves, undo, one lock per game; no Discord types.

`GameManager` is made of parts, one module each: its memory of the games, their locks and how a write is
committed (`games.memory`), the lobbies (`games.lobbies`), the host's say over a running game
(`games.hosting`), the moves and their undo (`games.moves`). Beside it: the ladders (`games.ladders`),
people's settings and servers' defaults (`games.people`) and the outbox (`games.posts`), as its
`ladders`, `people` and `posts`. The bot reads history, stats and logs from the store (`storage.queries`).
"""

from __future__ import annotations

from rules.components import MAX_PLAYERS, MIN_PLAYERS, SEAT_COLOURS
from storage import Game

from .errors import GameError
from .hosting import Hosting
from .lobbies import Lobbies, unique_names
from .memory import clean_name
from .moves import Move, Moves, TurnResult

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


class GameManager(Lobbies, Hosting, Moves):
    """All games of the bot, one per channel. User ids are ints, names are strings."""
