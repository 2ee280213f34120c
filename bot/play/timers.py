"""Turn timers: a reminder at half time, the default move at expiry, across restarts; and the turns of
players who are away, and the pings held back by quiet hours.

Deadlines are stored with each game (the manager sets one after every move). One
background task sleeps until the earliest reminder or deadline of all open games and
handles whatever is due, in deadline order; any change re-arms it. The deadlines are kept in
a heap: a move re-arms its own game's entry and looks at the earliest one only, so with many
open timed games a move costs the same as with none. After a restart every
deadline is re-armed from the database, so one that passed while the bot was down fires
at once — exactly once, since the default move is played only over the version it was
due for.

A timed game's turn that comes to a player who is away (`/coal me away`) is played at once, as its
`absent` option says, without counting as a missed turn. The reminder waits out the quiet hours of the
player to move (`/coal me quiet`; their deadline was moved out of them when it was set), and is left
out if they end after the deadline. A turn ping held back by quiet hours (`games.held_ping`) is due
when they end. A change of someone's away date or quiet hours re-arms every game (`TIMERS_CHANGED`).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from typing import TYPE_CHECKING

from bot.context import TIMERS_CHANGED
from bot.i18n import in_channel
from bot.posting import game_messages
from bot.words.away import played_while_away
from bot.words.computers import timer_played
from bot.words.lobby import lobby_expired
from bot.words.pause import paused_too_long
from bot.words.turns import timer_moved
from games import Game, GameError
from games.autoplay import play_for_absent
from games.backoff import Backoff
from games.computers import computer_to_move
from games.limits import lobby_expires_at
from games.quiet import away_until, out_of_quiet, quiet_end
from games.timers import due_at
from storage import Brief

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")


class Timers:
    """One loop, owned by the bot, waiting for the next reminder or deadline among all open games.

    It waits with `Client.wait_for` on a "coal_timers_changed" event with the time left as
    timeout: a change wakes it to look again, the timeout means something is due.
    """

    WAKE = TIMERS_CHANGED

    def __init__(self, bot: CoalBot) -> None:
        self.bot = bot
        # channel -> the game as last stored, in brief (read whole when its timer is due)
        self._games: dict[int, Brief] = {}
        # (when due, entry number, channel): an entry is live while `_entry[channel]` is its number; a
        # re-armed game leaves its old entry behind, dropped when it reaches the top
        self._heap: list[tuple[float, int, int]] = []
        self._entry: dict[int, int] = {}
        self._numbers = itertools.count()
        self._changes = 0  # games re-armed by `changed`: a wake without one is a bare one (see _run)
        self._backoff = Backoff()  # per channel whose timer work failed: tried again, less and less often
        self._task: asyncio.Task | None = None
        self._stopped = False

    def start(self) -> None:
        """Arm every open game's deadline (at start-up: overdue ones fire at once, in order)."""
        for game in self.bot.manager.games.open_briefs():
            self._track(game)
        self._task = asyncio.create_task(self._run(), name="coalbaron-timers")

    def stop(self) -> None:
        """Stop waiting for deadlines (at shutdown). A default move being stored is not lost:
        the store commits a turn whole or not at all, and the next start fires what is due."""
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def changed(self, game: Brief) -> None:
        """A game was stored (a move, the start, an abort): look again at the deadlines."""
        self._backoff.succeeded(game.channel_id)  # a new state: its timer is tried afresh
        self._track(game)
        self._changes += 1
        self.bot.dispatch(self.WAKE)

    def _track(self, game: Brief) -> None:
        # A computer to move moves at once (`bot.play.computers`, also after a restart): no timer for it.
        # A paused game has no deadline, only the end of the longest pause allowed.
        # A lobby waits for its start `limits.lobby_days` at most. A turn's ping held back by quiet hours is
        # due when they end, in a game without a timer too.
        timed = game.deadline is not None or game.options.paused_at is not None or game.held_ping is not None
        if game.is_lobby or game.is_running and timed and not computer_to_move(game):
            self._games[game.channel_id] = game
            self._arm(game.channel_id)
        else:
            self._games.pop(game.channel_id, None)
            self._entry.pop(game.channel_id, None)

    def _arm(self, channel_id: int) -> None:
        """A fresh heap entry for the channel's game, at when it is due now."""
        number = next(self._numbers)
        self._entry[channel_id] = number
        heapq.heappush(self._heap, (self._due(self._games[channel_id]), number, channel_id))

    def _earliest(self) -> float | None:
        """When the earliest live entry is due (stale entries on top are dropped); None for none."""
        heap = self._heap
        while heap and self._entry.get(heap[0][2]) != heap[0][1]:
            heapq.heappop(heap)
        if len(heap) > 64 and len(heap) > 4 * len(self._entry):  # mostly stale: rebuild it
            self._heap = [e for e in heap if self._entry.get(e[2]) == e[1]]
            heapq.heapify(self._heap)
        return self._heap[0][0] if self._heap else None

    def _due(self, game: Brief) -> float:
        """When the game's timer next has something to do (not before its next try after a failure)."""
        if game.is_lobby:
            due = lobby_expires_at(game, self.bot.limits)
        elif game.options.paused_at is None and game.deadline is None:
            assert game.held_ping is not None  # (tracked for it alone: `_track`)
            due = game.held_ping
        else:
            due = due_at(game, self.bot.pause_limit)
            if game.options.paused_at is None and game.deadline is not None:
                now = self.bot.clock()
                mover = self.bot.manager.people.timing(game.to_move_user)
                if away_until(mover, now) is not None:
                    due = now  # played at once for a player who is away
                elif not game.reminded:  # the reminder waits out their quiet hours (not past the deadline)
                    due = min(out_of_quiet(due, mover), game.deadline)
                if game.held_ping is not None:
                    due = min(due, game.held_ping)
        # not before its next try after a failure, nor while its channel refuses the posts
        return max(due, self._backoff.not_before(game.channel_id), self.bot.publisher.held_until(game.id))

    async def _run(self) -> None:
        while not self._stopped:
            earliest = self._earliest()
            timeout = max(0.0, earliest - self.bot.clock()) if earliest is not None else None
            if timeout is None or timeout > 0:
                seen = self._changes
                try:
                    await self.bot.wait_for(self.WAKE, timeout=timeout)
                except TimeoutError:
                    pass
                else:
                    if self._changes == seen:  # woken without a game: a channel takes posts again, say
                        for channel in list(self._games):  # so when each game is due may have moved: re-arm all
                            self._arm(channel)
                    continue  # something changed: look again
            if self._stopped:
                break
            try:
                await self.run_due()
            except Exception:
                log.exception("turn timers failed; trying again in a minute")
                with contextlib.suppress(asyncio.TimeoutError):
                    await self.bot.wait_for(self.WAKE, timeout=60)

    async def run_due(self) -> None:
        """Handle every reminder and deadline that is due now, earliest deadline first. Each game's
        on its own: one that fails (the database down, a full disk, a channel gone) is tried again
        after a backoff, and the others due in the same pass go on."""
        now = self.bot.clock()
        due: list[Brief] = []
        while (earliest := self._earliest()) is not None and earliest <= now:
            _when, _number, channel = heapq.heappop(self._heap)
            del self._entry[channel]
            game = self._games[channel]
            if self._due(game) <= now:
                due.append(game)
            else:  # held back since it was armed (a backoff, posts failing): armed again for then
                self._arm(channel)
        due.sort(key=lambda g: (g.deadline or 0.0, g.id))
        for brief in due:
            try:
                await self._handle_due(brief, now)
            except Exception as err:
                delay = self._backoff.failed(brief.channel_id, self.bot.clock())
                log.error(
                    "game %s channel %s: its timer failed (%s: %s); try %d again in %.0f s",
                    brief.id,
                    brief.channel_id,
                    type(err).__name__,
                    err,
                    self._backoff.failures(brief.channel_id) + 1,
                    delay,
                    exc_info=err if not isinstance(err, GameError) else None,
                )
            else:
                self._backoff.succeeded(brief.channel_id)
            channel = brief.channel_id
            if channel in self._games and channel not in self._entry:  # not re-armed by a change: re-arm it
                self._arm(channel)

    async def _handle_due(self, brief: Brief, now: float) -> None:
        """The game read whole (it may not be in memory), then what is due for it, if it is still the
        game the timer was armed for."""
        game = await self.bot.manager.games.current(brief.channel_id)
        if game is None or game.id != brief.id or game.version != brief.version:
            await self._look_again(brief.channel_id)  # it moved on (or ended) meanwhile
            return
        with in_channel(game):  # everything a timer says goes to the game's channel
            await self._handle(game, now)

    async def _handle(self, game: Game, now: float) -> None:
        mover = self.bot.manager.people.timing(game.to_move_user)
        if game.is_lobby:
            await self._close_lobby(game)
        elif game.options.paused_at is not None:
            await self._end_pause(game)
        elif game.deadline is not None and (game.deadline <= now or away_until(mover, now) is not None):
            await self._expire(game, away_until(mover, now))
        elif game.held_ping is not None and game.held_ping <= now:
            await self._ping(game)
        elif game.deadline is not None and not game.reminded and quiet_end(now, mover) is None:
            await self._remind(game)
        # else: a reminder in the mover's quiet hours (they set them since it was armed): re-armed for their end

    async def _ping(self, game: Game) -> None:
        """The turn's ping, held back by the quiet hours of the player to move, now they have ended."""
        sent = await self.bot.manager.timing.ping_sent(game.channel_id, game.version)
        if sent is None:  # moved on meanwhile
            return
        await game_messages.held_ping(self.bot, sent)
        log.info("game %s channel %s: the held turn ping was sent", game.id, game.channel_id)

    async def _look_again(self, channel_id: int) -> None:
        """Track the channel's game as it is stored now (the one the timer was due for moved on)."""
        latest = await self.bot.manager.games.current(channel_id)
        if latest is None:
            self._games.pop(channel_id, None)
            self._entry.pop(channel_id, None)
        else:
            self._track(Brief.of(latest))

    async def _end_pause(self, game: Game) -> None:
        ended = await self.bot.manager.hosting.end_pause(game.channel_id, game.version)
        if ended is None:  # resumed or moved on meanwhile
            await self._look_again(game.channel_id)
            return
        self.bot.consoles.close_game(game.id)
        days = round(self.bot.pause_limit / 86400)
        await game_messages.say(self.bot, game, paused_too_long(days))
        await self.bot.publisher.ended(ended)
        log.info("game %s channel %s: ended after %d days paused", game.id, game.channel_id, days)

    async def _close_lobby(self, game: Game) -> None:
        closed = await self.bot.manager.lobbies.close_lobby(game.channel_id, game.version)
        if closed is None:  # started, changed or closed meanwhile
            await self._look_again(game.channel_id)
            return
        days = max(1, round(self.bot.limits.lobby_days))
        await game_messages.say(self.bot, game, lobby_expired(days))
        await self.bot.publisher.ended(closed)
        log.info("game %s channel %s: lobby closed after %d days without a start", game.id, game.channel_id, days)

    async def _remind(self, game: Game) -> None:
        updated = await self.bot.manager.timing.mark_reminded(game.channel_id, game.version)
        if updated is None:  # moved on, or already reminded
            return
        assert game.deadline is not None  # (a reminder is due before it)
        await game_messages.remind(
            self.bot, game, game.deadline - self.bot.clock()
        )  # as the player chose (/coal me settings)
        log.info("game %s channel %s: reminded %s", game.id, game.channel_id, game.started_state.to_move)

    async def _expire(self, game: Game, away: float | None = None) -> None:
        """The move for the player to move: their time ran out, or they are away until `away`."""
        if game.deadline is not None and away is None:
            self.bot.metrics.timer_lag.observe(max(0.0, self.bot.clock() - game.deadline))
        self.bot.consoles.close_game(game.id)  # an open mining console is cancelled first
        moved = await play_for_absent(self.bot.manager, game, self.bot.computers.think, away=away is not None)
        if moved is None:  # the game moved on meanwhile
            await self._look_again(game.channel_id)
            return
        if away is not None:
            note = played_while_away(moved.player, moved.level, moved.phase, away)
        elif moved.level is not None:
            note = timer_played(moved.player, moved.level, moved.missed, moved.absent)
        else:
            note = timer_moved(moved.player, moved.phase, moved.missed, moved.absent)
        await self.bot.publisher.publish(moved.result, note=note)
