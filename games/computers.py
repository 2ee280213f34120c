"""Computer players at the table, without Discord: their seats, their levels, who plays a seat.

A computer's seat is an ordinary seat row whose user id is reserved: `computer_id(slot, level)`
(two digits, never a Discord id, which are 17 digits or more) keeps the computer's slot at
the table (its name) and its level, so a lobby with computers needs nothing stored beyond
its seats. A person's seat played by a computer (handed over by the host, or taken by the
timer after `ABSENT_AFTER` missed turns) is a `StandIn` in the game's options.

Their moves are decided in `games.autoplay`.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.connection import wait
from typing import get_args

from storage import FIRST_PERSON_ID, Brief, Game, Level, SeatRow, StandIn

LEVELS: tuple[Level, ...] = get_args(Level)
STAND_IN_LEVEL: Level = "normal"  # what plays for an absent player
HINT_LEVEL = "expert"  # whose judgement /coal hint gives
EXPERT_SECONDS = 1.5  # CPU seconds the expert thinks a move and a hint by default (setting EXPERT_SECONDS)
SLOTS = 4  # computer slots at a table: one name each
_BASE = 10  # computer ids: slot * 10 + level number (its place in `Level`, which only grows at its end), 11 ... 44
assert (SLOTS + 1) * _BASE <= FIRST_PERSON_ID, "computer ids must stay below the first person's id"


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
    if not game.is_running or state is None or state.to_move is None:
        return None
    return next((s for s in game.seats if s.name == state.to_move), None)


def level_to_move(game: Game) -> Level | None:
    """The level of the computer that is to move now, or None when a person is (or nobody, or
    the game is paused)."""
    if game.options.paused_at is not None:
        return None
    seat = seat_to_move(game)
    return level_of(game, seat) if seat is not None else None


def computer_to_move(game: Brief) -> bool:
    """Whether a computer is to move in a running game, from its brief (`level_to_move` is not None)."""
    if not game.is_running or game.options.paused_at is not None or game.to_move is None:
        return False
    return is_computer(game.to_move_user) or game.to_move in game.options.stand_ins


def host_of(game: Game) -> int:
    """Who has the host's say: the host, or the first person seated if the host seat went to a computer."""
    if not is_computer(game.host_id):
        return game.host_id
    return next((s.user_id for s in people(game)), game.host_id)


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
