"""Moves: judged in memory, then stored with their post in one transaction; and a move taken back.

A move is: load (from memory, or the database) → check the mover → `rules.apply` → save state, log row
and version in one transaction → return the events. The log row keeps the action only; the events are
replayed when the log is read. Refusals are `games.errors.GameError` subclasses with a typed reason.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import rules
from rules import EVENTS, Event, GameState, Refusal
from storage import (
    Game,
    Post,
    SeatRow,
)
from storage.queries import record_of

from . import computers
from .errors import (
    IllegalMove,
    NotSeated,
    NotStarted,
    NotYourTurn,
    Paused,
    Reason,
    StaleAction,
)
from .memory import GameMemory, host_name
from .posts import TURN_POST
from .undo import last_move_of

log = logging.getLogger("coalbaron")


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One accepted and stored move: the game after it, what happened, and what it was played on."""

    game: Game
    events: list[Event]
    before: GameState | None = None  # the state the move was played on (for marking the last move)
    action: rules.Action | None = None

    @property
    def state(self) -> GameState:
        return self.game.started_state

    @property
    def version(self) -> int:
        return self.game.version


@dataclass(frozen=True, slots=True)
class Move:
    """A move judged legal by `GameManager.judge`, not yet stored: who, what, and the state before and after."""

    game: Game
    user_id: int
    player: str
    action: rules.Action
    before: GameState
    after: GameState
    events: list[Event]
    expected_version: int | None = None  # the version it must be played at (a button's), if any
    by_bot: bool = False  # the bot's own move for the seat (a computer's, the timer's), not its person's


class Moves:
    """The manager's moves and their undo."""

    def __init__(self, memory: GameMemory) -> None:
        self.memory = memory  # the games, their locks and how a write is committed (`games.memory`)

    async def act(
        self,
        channel_id: int,
        user_id: int,
        action: rules.Action,
        *,
        auto: bool = False,
        away: bool = False,
        expected_version: int | None = None,
        announce: bool = False,
    ) -> TurnResult:
        """The bot's own move for `user_id`'s seat (a computer's, the timer's): judged and stored under the
        game's lock, so requests made at once are judged one at a time, each on the game the one before
        left. A person's move goes through `judge` and `play`, which refuse it on a seat a computer plays.

        `auto` marks a move made by the turn timer on the player's behalf (`away`: because they are
        away, which is not a missed turn);
        `expected_version` refuses the move (StaleAction) if the game has moved on;
        `announce` stores, with the turn and in its transaction, that the turn is still to be
        posted (a "turn" post in the outbox, with its events): a crash before the post leaves it
        pending, and the next start posts it.
        """
        async with self.memory.lock(channel_id):
            move = self._judge(await self.memory.game_in(channel_id), user_id, action, expected_version, by_bot=True)
            saved = await self._save(move, auto=auto, away=away, announce=announce)
        return await self._played(move, saved)

    async def play(self, move: Move, *, auto: bool = False, announce: bool = False) -> TurnResult:
        """Store a move `judge` accepted (as `act` does), after the bot answered the interaction.

        If the game moved on since it was judged (a second click waited for the first), the move
        is judged again on the game as it is now, so it is refused or played on the new state;
        a move judged at an `expected_version` is refused (StaleAction) once the game left it.
        """
        channel_id = move.game.channel_id
        async with self.memory.lock(channel_id):
            current = await self.memory.game_in(channel_id)
            if current.version != move.game.version:
                move = self._judge(current, move.user_id, move.action, move.expected_version, by_bot=move.by_bot)
            saved = await self._save(move, auto=auto, announce=announce)
        return await self._played(move, saved)

    async def _save(self, move: Move, *, auto: bool, announce: bool, away: bool = False) -> Game:
        """Store a judged move over the game it was judged on (call under the lock)."""
        return await self._store_turn(
            move.game,
            move.after,
            move.user_id,
            move.player,
            str(move.action),
            move.events,
            auto=auto,
            away=away,
            announce=announce,
        )

    async def _store_turn(
        self,
        game: Game,
        state: GameState,
        user_id: int,
        player: str,
        action: str,
        events: list[Event],
        *,
        auto: bool = False,
        away: bool = False,
        announce: bool = True,
    ) -> Game:
        """One turn (a move or an undo) in one transaction: the state, the log entry, the post.

        A turn whose commit reached the database although the answer did not (the connection
        dropped after COMMIT) is found by reading the game back: it is a success, never a refusal.
        """
        write = self.memory.store.save_turn(
            game,
            state,
            user_id=user_id,
            player=player,
            action=action,
            auto=auto,
            away=away,
            deadline=self.memory.deadline_for(game, state),
            outbox=[Post(TURN_POST, {"events": EVENTS.dump_python(events, mode="json")})] if announce else (),
        )
        saved = await self.memory.commit(
            game.channel_id,
            write,
            Reason.MOVE_NOT_SAVED,
            landed=lambda stored: stored.id == game.id and stored.version == game.version + 1 and stored.state == state,
            game_id=game.id,
        )
        self.memory.remember(saved)
        return saved

    async def _played(self, move: Move, saved: Game) -> TurnResult:
        if saved.is_finished:
            await self.memory.ladders.rate_game(saved)
        return TurnResult(saved, move.events, before=move.before, action=move.action)

    async def undo(self, channel_id: int, user_id: int, *, expected_version: int | None = None) -> TurnResult:
        """Take back `user_id`'s last move (see `games.undo` for when it may be): the game as it was
        before it, stored as a new log entry with its post (a `took_back` event), in one transaction."""
        async with self.memory.lock(channel_id):
            game, seat = await self._game_and_seat(channel_id, user_id, expected_version)
            if seat is None:
                raise NotSeated(Reason.YOU_ARE_NOT_PLAYING)
            if computers.stand_in(game, seat) is not None:
                raise NotYourTurn(Reason.COMPUTER_PLAYS_SEAT)
            log = await self.memory.store.queries.log(game.id)
            back = last_move_of(record_of(game, log), log, user_id, seat.name, tutorial=game.options.tutorial)
            events: list[Event] = [rules.TookBack(player=seat.name, replies=back.replies)]
            action = rules.record.undo_text(back.moves)
            saved = await self._store_turn(game, back.before, user_id, seat.name, action, events)
            return TurnResult(saved, events)

    async def judge(
        self, channel_id: int, user_id: int, action: rules.Action, *, expected_version: int | None = None
    ) -> Move:
        """Judge `action` for `user_id` on the game as it is now, without storing anything: every
        refusal a move can get, except a change of the game before it is saved (`play` checks that).

        It takes no lock and touches no database (the rules take a fraction of a millisecond), so
        the bot can judge a move, then answer the interaction, then have `play` save it.
        """
        return self._judge(await self.memory.game_in(channel_id), user_id, action, expected_version)

    def _judge(
        self, game: Game, user_id: int, action: rules.Action, expected_version: int | None, *, by_bot: bool = False
    ) -> Move:
        seat = self._turn_of(game, user_id, expected_version, by_bot=by_bot)
        state = game.started_state
        try:
            after, events = rules.apply(state, action)
        except Refusal as err:
            raise IllegalMove(err) from None
        return Move(game, user_id, seat.name, action, state, after, events, expected_version, by_bot)

    async def _game_and_seat(
        self, channel_id: int, user_id: int, expected_version: int | None
    ) -> tuple[Game, SeatRow | None]:
        """The channel's started game, not paused, at `expected_version` (when given), and the
        user's seat in it (None: not seated); else the refusal."""
        game = await self.memory.game_in(channel_id)
        return game, _playable_seat(game, user_id, expected_version)

    async def check_turn(self, channel_id: int, user_id: int, expected_version: int | None = None) -> Game:
        """The channel's running game if `user_id` has the pending decision; else the refusal."""
        game = await self.memory.game_in(channel_id)
        self._turn_of(game, user_id, expected_version)
        return game

    @staticmethod
    def _turn_of(game: Game, user_id: int, expected_version: int | None, *, by_bot: bool = False) -> SeatRow:
        """The seat of `user_id` if their decision is pending in `game`; else the refusal. A person
        does not move on their seat while a computer plays it (`by_bot`: the computer's own move)."""
        seat = _playable_seat(game, user_id, expected_version)
        state = game.started_state
        if seat is None:
            raise NotSeated(Reason.NOT_PLAYING, to_move=state.to_move)
        if not by_bot and computers.stand_in(game, seat) is not None:
            raise NotYourTurn(Reason.COMPUTER_PLAYS_SEAT)
        if seat.name != state.to_move:
            raise NotYourTurn(Reason.NOT_YOUR_TURN, to_move=state.to_move)
        return seat


def _playable_seat(game: Game, user_id: int, expected_version: int | None) -> SeatRow | None:
    """The user's seat in `game` (None: not seated) if it is started, not paused and at
    `expected_version` (when given); else the refusal."""
    if game.state is None:
        raise NotStarted(Reason.NOT_STARTED)
    if expected_version is not None and expected_version != game.version:
        raise StaleAction(Reason.MOVED_ON)
    if game.options.paused_at is not None:
        raise Paused(Reason.PAUSED, host=host_name(game))
    return game.seat_of_user(user_id)
