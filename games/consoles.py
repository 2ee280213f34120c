"""Open mining consoles: a `MinePlanner` per player and game, in memory only.

Nothing is stored or played before the player confirms; after a restart, or once the game
has moved on (another version), a console is gone and its buttons say it is closed. Its presses are
taken one at a time, in the order they came (`Console.lock`): two quick presses both apply, in order,
and each answer shows the console after its own press.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Literal, cast

from rules import MinePlanner
from storage import Game


@dataclass
class Console:
    game_id: int
    version: int
    user_id: int
    planner: MinePlanner
    guide: bool = False  # a tutorial's first mining: the walk-through shows above the plan (`bot.play.tutorial`)
    asked_empty: bool = False  # Confirm was pressed with nothing planned: asked once, the next Confirm plays
    # one press at a time, in the order they came (asyncio's lock wakes its waiters first come, first served)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)


class Consoles:
    """Open consoles, one per player and game."""

    def __init__(self) -> None:
        self._open: dict[tuple[int, int], Console] = {}

    def open(self, game: Game, user_id: int, steps: int, *, guide: bool = False) -> Console:
        seat = game.seat_of_user(user_id)
        assert seat is not None, "only the player to move opens a console"
        assert steps in (4, 6, 8, 10), "the command checks the steps first"
        planner = MinePlanner(game.started_state, cast(Literal[4, 6, 8, 10], steps), seat.seat)
        console = Console(game.id, game.version, user_id, planner, guide)
        self._open[(game.id, user_id)] = console
        return console

    def get(self, game_id: int, user_id: int, version: int) -> Console | None:
        console = self._open.get((game_id, user_id))
        return console if console is not None and console.version == version else None

    def close(self, game_id: int, user_id: int) -> None:
        self._open.pop((game_id, user_id), None)

    def close_game(self, game_id: int) -> None:
        """Close every console of a game (the timer played the turn, or the game was aborted)."""
        for key in [k for k in self._open if k[0] == game_id]:
            del self._open[key]
