"""Boards drawn ahead: the turn image of a move judged but not stored yet, drawn while the interaction is
answered and the move is saved, so that the drawing worker is never idle waiting for the next image."""

from __future__ import annotations

import asyncio
import contextlib
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from games import Game, Move, TurnResult
from rendering import LastMove, last_move, render_turn
from rules import GameState

if TYPE_CHECKING:
    from bot.service.client import CoalBot


@dataclass(frozen=True, slots=True)
class Ahead:
    """A board being drawn for a move judged but not stored yet: the game, the version it will be, the
    state it shows (the very object the stored turn will carry), and the drawing."""

    game_id: int
    version: int
    state: GameState
    task: asyncio.Task[bytes]


class BoardsAhead:
    """The boards being drawn for moves judged, by their state's id; the turn's post takes its own."""

    def __init__(self, bot: CoalBot) -> None:
        self.bot = bot
        self._ahead: dict[int, Ahead] = {}
        self._closed = False

    def draw(self, move: Move) -> None:
        """Start drawing the turn image of a move judged but not stored yet. The turn's post takes it if
        this very move was stored."""
        if self._closed:
            return
        last = last_move(move.before, move.action, move.after)
        task = asyncio.ensure_future(self.bot.draw(render_turn, move.after, None, last))
        self._ahead[id(move.after)] = Ahead(move.game.id, move.game.version + 1, move.after, task)

    def drop(self, game: Game, upto: int | None = None) -> None:
        """Forget the boards drawn ahead for `game` (its move was refused), or those up to version `upto`."""
        for key, ahead in list(self._ahead.items()):
            if ahead.game_id == game.id and (upto is None or ahead.version <= upto):
                del self._ahead[key]
                ahead.task.cancel()

    async def board(self, result: TurnResult, last: LastMove | None, alt: str) -> discord.File | None:
        """The turn image of `result`: the one drawn ahead for this very move, or drawn now."""
        ahead = self._ahead.pop(id(result.state), None)
        if ahead is not None and ahead.state is result.state:
            with contextlib.suppress(Exception):  # drawn again below, where a failure is logged
                data = await ahead.task
                return discord.File(io.BytesIO(data), filename="board.png", description=alt)
        return await self.bot.render(render_turn, result.state, None, last, filename="board.png", description=alt)

    def close(self) -> None:
        self._closed = True
        for ahead in self._ahead.values():
            ahead.task.cancel()
        self._ahead.clear()
