"""Computer players at the table, without Discord: their seats, who plays a seat, their moves in a row.

A computer's seat is an ordinary seat row whose user id is reserved: `computer_id(slot, level)`
(two digits, never a Discord id, which are 17 digits or more) keeps the computer's slot at
the table (its name) and its level, so a lobby with computers needs nothing stored beyond
its seats. A person's seat played by a computer (handed over by the host, or taken by the
timer after `ABSENT_AFTER` missed turns) is a `StandIn` in the game's options.

`play_computers` makes every computer move that is due in one channel, one at a time, each
from `rules.view` of its seat and a seed from the game's seed and the move number (so the
game replays with `python -m rules replay`). The thinking itself is the caller's (`think`):
the bot runs it in a process pool.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Awaitable, Callable
from multiprocessing.connection import wait
from typing import TYPE_CHECKING, get_args

import rules
from players.duel import decision_seed
from storage import Game, Level, SeatRow, StandIn

from .errors import GameError, StaleAction

if TYPE_CHECKING:
    from .manager import GameManager, TurnResult

log = logging.getLogger("coalbaron")

LEVELS: tuple[Level, ...] = get_args(Level)
STAND_IN_LEVEL: Level = "normal"  # what plays for an absent player
HINT_LEVEL = "hard"  # whose judgement /coal hint gives
SLOTS = 4  # computer slots at a table: one name each
_BASE = 10  # computer ids: slot * 10 + level number, 11 ... 43

# (level, the seat's view as JSON, seed) -> the action's text form; `players.think` off the event loop
Think = Callable[[str, str, int], Awaitable[str]]


def computer_id(slot: int, level: str) -> int:
    """The reserved user id of the computer in `slot` (1-4) playing at `level`."""
    if not 1 <= slot <= SLOTS or level not in LEVELS:
        raise ValueError(f"no computer seat {slot} at level {level!r}")
    return slot * _BASE + LEVELS.index(level) + 1


def is_computer(user_id: int | None) -> bool:
    """Whether a seat's user id is a computer's (reserved ids, never a Discord user)."""
    return user_id is not None and _BASE < user_id < (SLOTS + 1) * _BASE and 1 <= user_id % _BASE <= len(LEVELS)


def computer_level(user_id: int) -> Level:
    """The level of the computer with this reserved id."""
    return LEVELS[user_id % _BASE - 1]


def computer_slot(user_id: int) -> int:
    """The slot (1-4: which name) of the computer with this reserved id."""
    return user_id // _BASE


def free_slot(game: Game) -> int:
    """The first computer slot no seat of the game uses (there is one while a seat is free)."""
    used = {computer_slot(s.user_id) for s in game.seats if is_computer(s.user_id)}
    return next(k for k in range(1, SLOTS + 1) if k not in used)


def computers(game: Game) -> list[SeatRow]:
    """The game's computer seats, in seat order."""
    return [s for s in game.seats if is_computer(s.user_id)]


def people(game: Game) -> list[SeatRow]:
    """The game's seats that people hold (whoever plays them now)."""
    return [s for s in game.seats if not is_computer(s.user_id)]


def stand_in(game: Game, seat: SeatRow) -> StandIn | None:
    """The computer playing a person's seat, if any."""
    return game.options.stand_ins.get(seat.name) if not is_computer(seat.user_id) else None


def level_of(game: Game, seat: SeatRow) -> Level | None:
    """The level of the computer that plays `seat` (a computer's seat or a stand-in), else None."""
    if is_computer(seat.user_id):
        return computer_level(seat.user_id)
    helper = stand_in(game, seat)
    return helper.level if helper is not None else None


def seat_to_move(game: Game) -> SeatRow | None:
    """The seat whose decision is pending in a running game."""
    state = game.state
    if game.status != "active" or state is None or state.to_move is None:
        return None
    return next((s for s in game.seats if s.name == state.to_move), None)


def level_to_move(game: Game) -> Level | None:
    """The level of the computer that is to move now, or None when a person is (or nobody, or
    the game is paused)."""
    if game.options.paused_at is not None:
        return None
    seat = seat_to_move(game)
    return level_of(game, seat) if seat is not None else None


def host_of(game: Game) -> int:
    """Who has the host's say: the host, or the first person seated if the host seat went to a computer."""
    if not is_computer(game.host_id):
        return game.host_id
    return next((s.user_id for s in people(game)), game.host_id)


async def play_computers(
    manager: GameManager, channel_id: int, think: Think, *, limit: int | None = None
) -> list[TurnResult]:
    """Every computer move due in the channel, in order, until a person is to move (or the end).

    Each move is stored like a person's (one transaction, over the version it was thought
    for), so a move another request made meanwhile wins and the computer thinks again. A
    computer's own seat moves as itself; a stand-in's move on a person's seat is logged as
    `auto` when the timer handed the seat over (the seat's missed count goes on).
    """
    results: list[TurnResult] = []
    game = await manager.current(channel_id)
    while game is not None and (limit is None or len(results) < limit):
        seat = seat_to_move(game)
        level = level_of(game, seat) if seat is not None else None
        if seat is None or level is None:
            break
        state = game.state
        assert state is not None and game.seed is not None
        seen = rules.view(state, seat.name)
        text = await think(level, seen.model_dump_json(), decision_seed(game.seed, state))
        helper = stand_in(game, seat)
        try:
            result = await manager.act(
                channel_id,
                seat.user_id,
                text,
                auto=helper is not None and helper.by == "timer",
                expected_version=game.version,
            )
        except StaleAction:  # the game moved on while the computer thought: look again
            game = await manager.current(channel_id)
            continue
        except GameError as err:  # a refused computer move is a bug in players/: stop, say so
            log.error(
                "channel %s: the %s computer's move %r for %s was refused: %s", channel_id, level, text, seat.name, err
            )
            break
        results.append(result)
        game = result.game
    return results


def watch_parent() -> None:
    """A worker process's initializer: exit as soon as the process that started it is gone.

    A killed bot (SIGKILL, out of memory) cannot shut its process pool down; without this its
    workers would wait for work forever, holding memory and the bot's inherited pipes.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="coalbaron-parent-watch", daemon=True).start()
