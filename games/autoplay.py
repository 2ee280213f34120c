"""Moves the bot makes for a seat, decided here and said by `bot/`: a computer's, and a stand-in's
when a player's time runs out.

Every decision a computer makes is asked of `think` (the bot runs it in its process pool, off the
event loop) with a `Question`: the level, what the seat may see (`rules.view`) and one seed per
decision, from the game's seed and the move number, so a game replays with `python -m rules
replay`. Each move is stored like a person's, with its post in the outbox (one transaction, over
the version it was thought for): a move another request made meanwhile wins, and the computer
thinks again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import rules
from players.seeds import decision_seed
from rules import Refusal
from storage import Game, Level

from .computers import STAND_IN_LEVEL, level_of, seat_to_move, stand_in
from .errors import GameError, IllegalMove, SaveFailed, StaleAction
from .manager import GameManager, TurnResult
from .timers import default_action, is_absent

log = logging.getLogger("coalbaron")


@dataclass(frozen=True, slots=True)
class Question:
    """What a computer is asked for one decision: its level, its seat's view as JSON, the seed."""

    level: str
    seen: str
    seed: int


# A question -> the action's text form (`players.think`), off the event loop.
Think = Callable[[Question], Awaitable[str]]


def question(game: Game, player: str, level: str) -> Question:
    """The question for `player`'s next decision in a running game, asked of a computer of `level`."""
    state = game.started_state
    assert game.seed is not None  # (a started game has its seed)
    return Question(level, rules.view(state, player).model_dump_json(), decision_seed(game.seed, state))


@dataclass(frozen=True, slots=True)
class ComputerRun:
    """The computer moves made in a row, and why they stopped before a person was to move, if they did."""

    results: list[TurnResult]
    failure: SaveFailed | None = None  # the database failed: the caller tries again later


async def play_computers(
    manager: GameManager, channel_id: int, think: Think, *, limit: int | None = None
) -> ComputerRun:
    """Every computer move due in the channel, in order, until a person is to move (or the end).

    A computer's own seat moves as itself; a stand-in's move on a person's seat is logged as
    `auto` when the timer handed the seat over (the seat's missed count goes on). A move the
    rules refuse is a bug in `players/`: it is logged, and the seat plays the timer's default
    move instead, so the game goes on. A save that fails ends the run with the moves so far.
    """
    results: list[TurnResult] = []
    game = await manager.games.current(channel_id)
    while game is not None and (limit is None or len(results) < limit):
        seat = seat_to_move(game)
        level = level_of(game, seat) if seat is not None else None
        if seat is None or level is None:
            break
        state = game.started_state
        text = await think(question(game, seat.name, level))
        helper = stand_in(game, seat)
        auto = helper is not None and helper.by == "timer"
        try:
            try:
                action = rules.parse_action(text)
                result = await manager.moves.act(
                    channel_id, seat.user_id, action, auto=auto, expected_version=game.version, announce=True
                )
            except (IllegalMove, Refusal) as err:
                log.error(
                    "channel %s: the %s computer's move %r for %s was refused (%s); it plays the default move",
                    channel_id,
                    level,
                    text,
                    seat.name,
                    err,
                )
                fallback = default_action(state)
                result = await manager.moves.act(
                    channel_id, seat.user_id, fallback, auto=auto, expected_version=game.version, announce=True
                )
        except StaleAction:  # the game moved on while the computer thought: look again
            game = await manager.games.current(channel_id)
            continue
        except SaveFailed as err:
            return ComputerRun(results, err)
        except GameError as err:  # the game ended or was paused meanwhile
            log.info("channel %s: the computers stop (%s)", channel_id, err)
            break
        results.append(result)
        game = result.game
    return ComputerRun(results)


@dataclass(frozen=True, slots=True)
class TimerMove:
    """The move a turn's deadline made for the player who did not act, and what it means for their seat."""

    result: TurnResult
    player: str
    phase: str  # the phase the move was made in: draft, draw or turn
    level: Level | None  # the computer that played it (`absent:computer`); None: the timer's default move
    missed: int  # the timer's moves for this seat in a row, this one included
    absent: bool  # so many in a row that the seat shows absent (a computer keeps it, with `absent:computer`)


async def play_for_absent(manager: GameManager, game: Game, think: Think, *, away: bool = False) -> TimerMove | None:
    """At `game`'s deadline: the move for the player who did not act, stored as the timer's (`auto`).
    `away`: at once, for a player who is away (`/coal me away`): not a missed turn, so never absent.

    With `absent:computer` the stand-in computer plays it from the player's own view; otherwise the
    timer's default move (`games.timers.default_action`). After `ABSENT_AFTER` timer moves in a row
    the computer keeps the seat until its owner takes it back. None when the game moved on meanwhile;
    SaveFailed when the database failed (the caller tries again later).
    """
    state = game.started_state
    assert game.to_move_user is not None and state.to_move is not None  # (a decision is due)
    player = state.to_move
    by_computer = game.options.absent == "computer" and game.seed is not None
    try:
        if by_computer:
            action = rules.parse_action(await think(question(game, player, STAND_IN_LEVEL)))
        else:
            action = default_action(state)
        result = await manager.moves.act(
            game.channel_id,
            game.to_move_user,
            action,
            auto=True,
            away=away,
            expected_version=game.version,
            announce=True,
        )
    except SaveFailed:
        raise  # the database failed: the timer tries again later
    except GameError as err:  # the game moved on meanwhile: nothing to do
        log.info("game %s channel %s: timer not needed (%s)", game.id, game.channel_id, err)
        return None
    seat = result.game.seat_of_user(game.to_move_user)
    missed = seat.missed if seat is not None else 0
    absent = is_absent(missed) and not away
    if by_computer and absent:
        absent = await manager.hosting.flag_absent(game.channel_id, result.version, player) is not None
    log.info("game %s channel %s: timer played %r for %s", game.id, game.channel_id, str(action), player)
    return TimerMove(result, player, state.phase, STAND_IN_LEVEL if by_computer else None, missed, absent)
