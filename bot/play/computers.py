"""Computer players in the bot: thinking in a process pool, their moves posted together, hints.

`ComputerPlayers.wake(channel_id)` (called after every posted turn, at the start of a game and
after a restart) starts one task per channel that makes every computer move now due
(`games.autoplay.play_computers`) and then has them posted (`bot.posting.publisher`) as ONE channel
message: a line per move, the turn image after the last of them, the buttons and the ping of the person
to move. Each move is stored (with its outbox post) before anything is posted, so a crash while a computer thinks
loses nothing: after the restart the computer thinks again and moves once (a move is stored only
over the version it was thought for).

A computer thinks in `processes` worker processes (`bot.service.workers`; setting COMPUTER_PROCESSES),
never on the event loop: at most `processes` thoughts are under way and the rest queue.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

import players
from bot.i18n import in_channel
from bot.posting.send import message_runs
from bot.service.workers import HINT, Workers
from bot.words import computers as words
from bot.words.rules import describe_turn
from games import Game, GameError, TurnResult
from games.autoplay import Question, play_computers, question
from games.backoff import Backoff
from games.computers import EXPERT_SECONDS, HINT_LEVEL, computer_to_move, is_computer, level_to_move
from games.undo import may_take_back
from players import Hint

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

HINTS = TypeAdapter(list[Hint])
HINTS_KEPT = 64  # positions whose hints are kept (a position is a game's version and its player to move)


class ComputerPlayers:
    """The bot's computers: a process pool to think in and one mover task per channel."""

    def __init__(self, bot: CoalBot, processes: int = 1, expert_seconds: float = EXPERT_SECONDS) -> None:
        self.bot = bot
        self.workers = Workers("computer", processes)
        self.expert_seconds = expert_seconds  # the expert's CPU budget a move and a hint (EXPERT_SECONDS)
        self._movers: dict[int, asyncio.Task[None]] = {}
        self._backoff = Backoff()  # per channel: a move that failed is tried again, less and less often
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._woken: set[int] = set()  # channels woken while their mover ran: it looks again before it stops
        self._closed = False
        self._hints: dict[tuple[int, int, str], asyncio.Future[str]] = {}  # the latest positions' hints
        # Who starts the movers: None, `wake` itself; the sandbox hands them to its page keeper, which starts
        # them outside the simulated Discord's bookkeeping (`bot.sandbox.page`), so a person's move is shown
        # before the computer's reply is thought.
        self.starter: Callable[[int], None] | None = None

    # --- thinking -----------------------------------------------------------------------------------

    async def think(self, asked: Question) -> str:
        """A computer's move (text form) from its seat's view, off the event loop."""
        started = time.perf_counter()
        level = f"expert@{self.expert_seconds}" if asked.level == "expert" else asked.level
        move = await self.workers.run(players.think, level, asked.seen, asked.seed)
        self.bot.metrics.think.labels(asked.level).observe(time.perf_counter() - started)
        return move

    async def hints(self, game: Game, player: str) -> list[Hint]:
        """The expert level's best three moves for `player` (to move) from their own view; changes nothing.
        Thought once per position: asked again (or twice at once) at the same version, the same answer."""
        key = (game.id, game.version, player)
        thought = self._hints.get(key)
        if thought is None or (thought.done() and thought.exception() is not None):
            asked = question(game, player, HINT_LEVEL)
            thought = asyncio.ensure_future(
                self.workers.run(players.advise, asked.seen, asked.seed, 3, self.expert_seconds, priority=HINT)
            )
            self._hints[key] = thought
            while len(self._hints) > HINTS_KEPT:
                del self._hints[next(iter(self._hints))]
        return HINTS.validate_json(await asyncio.shield(thought))

    # --- moving ---------------------------------------------------------------------------------------

    def wake(self, channel_id: int) -> None:
        """Make the computer moves due in the channel (if any), after what is being posted now."""
        if self._closed:
            return
        if self.starter is not None:
            self.starter(channel_id)
        else:
            self.start(channel_id)

    def start(self, channel_id: int) -> asyncio.Task[None] | None:
        """The channel's mover, started now unless one runs (it looks again before it stops); None once closed."""
        if self._closed:
            return None
        mover = self._movers.get(channel_id)
        if mover is None or mover.done():
            mover = asyncio.create_task(self._move(channel_id), name=f"coalbaron-computer-{channel_id}")
            self._movers[channel_id] = mover
        else:  # it may have read the game before this wake's move: it reads it again before it stops
            self._woken.add(channel_id)
        return mover

    def resume(self) -> int:
        """After a start: wake every running game where a computer is to move; how many."""
        due = [g for g in self.bot.manager.games.open_briefs() if computer_to_move(g)]
        for game in due:
            self.wake(game.channel_id)
        return len(due)

    async def idle(self) -> None:
        """Wait until no computer is moving (tests, benchmarks, shutdown)."""
        while movers := [t for t in self._movers.values() if not t.done()]:
            await asyncio.wait(movers)

    async def _move(self, channel_id: int) -> None:
        failure: BaseException | None = None
        try:
            while not self._closed:
                self._woken.discard(channel_id)
                game = await self.bot.manager.games.current(channel_id)
                if game is None or self.bot.publisher.held_until(game.id):
                    break  # its posts fail: nobody would see the moves (the publisher wakes it when they go through)
                run = await play_computers(self.bot.manager, channel_id, self.think)
                if run.results:
                    await self.announce(run.results)
                if run.failure is not None:
                    failure = run.failure
                    break
                game = await self.bot.manager.games.current(channel_id)
                if (game is None or level_to_move(game) is None) and channel_id not in self._woken:
                    break  # (no await from here to the task's end: a wake from now on starts a new mover)
        except Exception as err:
            failure = err
        finally:
            if self._movers.get(channel_id) is asyncio.current_task():
                del self._movers[channel_id]
                self._woken.discard(channel_id)
        if failure is None:
            self._backoff.succeeded(channel_id)
        elif not self._closed:
            self._try_again(channel_id, failure)

    def _try_again(self, channel_id: int, failure: BaseException) -> None:
        """A computer's move could not be made (the database down, the pool broken): wake the channel
        again after a backoff, so the game never waits for a restart."""
        delay = self._backoff.failed(channel_id, self.bot.clock())
        tries = self._backoff.failures(channel_id)
        log.error(
            "channel %s: the computer players failed (%s: %s); try %d again in %.0f s",
            channel_id,
            type(failure).__name__,
            failure,
            tries + 1,
            delay,
            exc_info=failure if not isinstance(failure, GameError) else None,
        )
        old = self._retries.pop(channel_id, None)
        if old is not None:
            old.cancel()
        self._retries[channel_id] = asyncio.get_running_loop().call_later(delay, self._retry, channel_id)

    def _retry(self, channel_id: int) -> None:
        self._retries.pop(channel_id, None)
        self.wake(channel_id)

    async def announce(self, results: list[TurnResult]) -> None:
        """Consecutive computer moves as one channel message each run: a line per move, the board after the
        last. A run ends with the move that ends a shift, so the shift's scoring comes right after its last
        moves, and the moves of the next shift follow it in a message of their own."""
        for run in _runs(results):
            await self._announce(run)

    async def _announce(self, results: list[TurnResult]) -> None:
        last = results[-1]
        game = last.game
        with in_channel(game):  # (this task may have started in a player's interaction: not their language)
            # the next shift and who is next: the publisher's, after a shift's scoring
            text = words.moves([describe_turn(r.events, shift_change=False) for r in results], "")
        combined = TurnResult(game, [e for r in results for e in r.events], before=last.before, action=last.action)
        log.info(
            "game %s channel %s: %d computer move(s) up to v%s", game.id, game.channel_id, len(results), game.version
        )
        # the person who moved before may take these moves back with their own, if none showed anything new
        quiet = all(
            r.before is not None
            and is_computer(r.game.user_of_player(r.before.to_move or ""))
            and may_take_back(game.options.tutorial, r.before, r.state, r.events)
            for r in results
        )
        await self.bot.publisher.publish(
            combined, text=text, since=results[0].version, replies=len(results) if quiet else None
        )

    # --- shutting down ----------------------------------------------------------------------------------

    async def close(self) -> None:
        """Stop the movers and the pool; a move being thought is thought again after the next start."""
        self._closed = True
        for retry in self._retries.values():
            retry.cancel()
        self._retries.clear()
        for mover in list(self._movers.values()):
            mover.cancel()
        if self._movers:
            await asyncio.gather(*self._movers.values(), return_exceptions=True)
        self._movers.clear()
        self.workers.close()


def _runs(results: list[TurnResult]) -> list[list[TurnResult]]:
    """Computer moves in the messages they are posted in (`bot.posting.send.message_runs`): never past a shift's
    scoring, never more than a few moves."""
    return message_runs(results, lambda result: any(e.kind == "shift_scored" for e in result.events))
