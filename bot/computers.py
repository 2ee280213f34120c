"""Computer players in the bot: thinking in a process pool, their moves posted together, hints.

`ComputerPlayers.wake(channel_id)` (called after every posted turn, at the start of a game and
after a restart) starts one task per channel that makes every computer move now due
(`games.computers.play_computers`) and then posts them as ONE channel message: a line per move,
the turn image after the last of them, the buttons and the ping of the person to move. Each move
is stored (with its outbox post) before anything is posted, so a crash while a computer thinks
loses nothing: after the restart the computer thinks again and moves once (a move is stored only
over the version it was thought for).

A computer thinks in a `ProcessPoolExecutor` of `processes` workers (setting
COMPUTER_PROCESSES), never on the event loop: a small thread pool of the same size waits for
the workers, so at most `processes` thoughts are under way and the rest queue.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import discord
from pydantic import TypeAdapter

import players
from games import Game, TurnResult
from games.computers import level_to_move, play_computers, watch_parent
from players import Hint
from rules import view

from .context import CoalClient, as_coal
from .turns import announce_and_mark
from .words import computers as words
from .words.rules import describe_turn
from .words.turns import whose_turn

log = logging.getLogger("coalbaron")

T = TypeVar("T")
HINTS = TypeAdapter(list[Hint])


def _in_process(pool: ProcessPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
    """Run `fn(*args)` in a worker process and wait for it (in a waiting thread, not the loop)."""
    return pool.submit(fn, *args).result()


class ComputerPlayers:
    """The bot's computers: a process pool to think in and one mover task per channel."""

    def __init__(self, bot: discord.Client, processes: int = 1) -> None:
        self.bot: CoalClient = as_coal(bot)
        self.processes = max(1, processes)
        self._pool: ProcessPoolExecutor | None = None
        self._waiters: ThreadPoolExecutor | None = None
        self._movers: dict[int, asyncio.Task[None]] = {}
        self._closed = False

    # --- thinking -----------------------------------------------------------------------------------

    async def think(self, level: str, view_json: str, seed: int) -> str:
        """A computer's move (text form) from its seat's view, off the event loop."""
        return await self._run(players.think, level, view_json, seed)

    async def hints(self, game: Game, player: str) -> list[Hint]:
        """The hard level's best three moves for `player` (to move) from their own view; changes nothing."""
        from players.duel import decision_seed

        state = game.state
        assert state is not None and game.seed is not None
        text = await self._run(players.advise, view(state, player).model_dump_json(), decision_seed(game.seed, state))
        return HINTS.validate_json(text)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool, waiters = self._pools()
            try:
                return await loop.run_in_executor(waiters, _in_process, pool, fn, *args)
            except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, once
                log.error("the computer players' process pool broke (attempt %d); starting a new one", attempt)
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _pools(self) -> tuple[ProcessPoolExecutor, ThreadPoolExecutor]:
        if self._closed:
            raise RuntimeError("the computer players are shut down")
        if self._pool is None:
            # spawn: workers start from a clean interpreter (not a fork of the bot with its threads),
            # as children of the bot that exit when it dies, even when it is killed (`watch_parent`).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.processes, mp_context=context, initializer=watch_parent)
        if self._waiters is None:
            self._waiters = ThreadPoolExecutor(max_workers=self.processes, thread_name_prefix="coalbaron-computer")
        return self._pool, self._waiters

    # --- moving ---------------------------------------------------------------------------------------

    def wake(self, channel_id: int) -> None:
        """Make the computer moves due in the channel (if any), after what is being posted now."""
        if self._closed:
            return
        mover = self._movers.get(channel_id)
        if mover is not None and not mover.done():
            return  # the running mover looks again before it stops
        self._movers[channel_id] = asyncio.create_task(self._move(channel_id), name=f"coalbaron-computer-{channel_id}")

    def resume(self) -> int:
        """After a start: wake every running game where a computer is to move; how many."""
        due = [g for g in self.bot.manager.open_games() if level_to_move(g) is not None]
        for game in due:
            self.wake(game.channel_id)
        return len(due)

    async def idle(self) -> None:
        """Wait until no computer is moving (tests, benchmarks, shutdown)."""
        while movers := [t for t in self._movers.values() if not t.done()]:
            await asyncio.wait(movers)

    async def _move(self, channel_id: int) -> None:
        try:
            while not self._closed:
                results = await play_computers(self.bot.manager, channel_id, self.think)
                if results:
                    await self.announce(results)
                game = await self.bot.manager.current(channel_id)
                if game is None or level_to_move(game) is None:
                    break
        except Exception:
            log.exception("channel %s: the computer players failed; they try again at the next move", channel_id)
        finally:
            if self._movers.get(channel_id) is asyncio.current_task():
                del self._movers[channel_id]

    async def announce(self, results: list[TurnResult]) -> None:
        """Consecutive computer moves as ONE channel message: a line each, the board after the last."""
        last = results[-1]
        game = last.game
        text = words.moves([describe_turn(r.events) for r in results], whose_turn(game))
        combined = TurnResult(game, [e for r in results for e in r.events], before=last.before, action=last.action)
        channel = self.bot.get_partial_messageable(game.channel_id)
        log.info(
            "game %s channel %s: %d computer move(s) up to v%s", game.id, game.channel_id, len(results), game.version
        )
        await announce_and_mark(self.bot, combined, channel=channel, text=text)

    # --- shutting down ----------------------------------------------------------------------------------

    async def close(self) -> None:
        """Stop the movers and the pool; a move being thought is thought again after the next start."""
        self._closed = True
        for mover in list(self._movers.values()):
            mover.cancel()
        if self._movers:
            await asyncio.gather(*self._movers.values(), return_exceptions=True)
        self._movers.clear()
        pool, self._pool = self._pool, None
        waiters, self._waiters = self._waiters, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        if waiters is not None:
            waiters.shutdown(wait=False, cancel_futures=True)
