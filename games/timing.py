"""What the turn timers note on a game as they go: the reminder sent, a ping held for quiet hours and sent,
a game ended because its channel stays out of reach (each under the game's lock, as every write)."""

from __future__ import annotations

from storage import Game, StaleState

from .memory import GameMemory


class Timing:
    """The timers' notes on a game."""

    def __init__(self, memory: GameMemory) -> None:
        self.memory = memory

    async def mark_reminded(self, channel_id: int, version: int) -> Game | None:
        """Note that the turn at `version` got its reminder; None if it moved on or already had one."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or game.version != version or game.reminded or not game.is_running:
                return None
            try:
                game = await self.memory.store.mark_reminded(game)
            except StaleState:
                await self.memory.reload(channel_id)
                return None
            self.memory.remember(game)
            return game

    async def hold_ping(self, channel_id: int, version: int, at: float | None) -> Game | None:
        """Note that the turn at `version` has its ping held back until `at` (the mover's quiet hours), or
        (None) that the held ping was sent; None if the game moved on."""
        async with self.memory.lock(channel_id):
            game = await self.memory.current(channel_id)
            if game is None or game.version != version or not game.is_running or game.held_ping == at:
                return None
            try:
                game = await self.memory.store.hold_ping(game, at)
            except StaleState:
                await self.memory.reload(channel_id)
                return None
            self.memory.remember(game)
            return game

    async def ping_sent(self, channel_id: int, version: int) -> Game | None:
        """The held ping of the turn at `version` is being sent (once: None if it was, or the game moved on)."""
        return await self.hold_ping(channel_id, version, None)

    async def end_unreachable(self, game: Game) -> Game:
        """End a game whose channel stays out of reach (`games.timers.UNREACHABLE_DAYS`): aborted
        if it is still open, so its seats count no more against the limits, and its posts forgotten."""
        async with self.memory.lock(game.channel_id):
            stored = await self.memory.store.queries.load_game(game.id) or game
            if stored.is_open:
                stored = await self.memory.commit(game.channel_id, self.memory.store.abort_game(stored))
                self.memory.remember(stored)
            await self.memory.store.outbox.drop_pending_posts(game.id)
            return stored
