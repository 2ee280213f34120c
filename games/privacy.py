"""Forgetting a person, carried out: their lobbies left, a computer in their seats of running games, and a
pseudonym in every game that has ended (`storage.personal` writes each step in its own transaction).

`forget` starts it (a person's own request, or the operator's): it covers the games that hold the person
when it is made, and only those (`storage.personal`); a game they open or join while it waits is theirs,
played and rated like any other. `carry_out` does what can be done now and is run again — at each start,
every few minutes, and as soon as a game that holds the person ends — until no game it covers holds them,
when the request ends. Each step is one transaction and each is done at most once, so
a process killed in the middle leaves every game either as it was or renamed whole, and the next run goes
on from there.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from storage import Store

from .errors import GameError
from .manager import GameManager

log = logging.getLogger("coalbaron")


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What one run of forgetting did: games renamed, lobbies left, running games handed to a computer,
    and whether the request is over (no game holds the person any more)."""

    renamed: int = 0
    lobbies_left: int = 0
    handed_over: int = 0
    waiting: int = 0  # running games where a computer has the seat, renamed when they end
    done: bool = False


async def forget(store: Store, user_id: int, asked_by: str = "player") -> None:
    """Start forgetting `user_id`: the request is stored, their settings and ratings deleted at once."""
    await store.personal.forget(user_id, asked_by)


async def carry_out(store: Store, user_id: int, manager: GameManager | None = None) -> Forgotten:
    """Forget `user_id` in every game their request covers, as far as can be done now. Open games are changed only
    through `manager` (the bot's, under its locks and with its memory of the games; for the servers of its
    own shards): the operator's command line, without one, renames the games that have ended and leaves the
    open ones to the bot."""
    left = handed = waiting = 0
    for game_id, status in await store.personal.games_covered(user_id):
        if status not in ("lobby", "active"):
            continue
        game = await store.queries.load_game(game_id)
        if game is None or manager is None or not manager.games.owns(game.guild_id):
            waiting += 1
            continue
        try:
            if status == "lobby" and game.seat_of_user(user_id) is not None:
                await manager.lobbies.leave(game.channel_id, user_id)  # (the last one out closes the lobby)
                left += 1
            elif status == "active":
                seat = game.seat_of_user(user_id)
                helper = game.options.stand_ins.get(seat.name) if seat is not None else None
                if helper is None or helper.by != "forget":
                    if await manager.hosting.hand_over_forgotten(game.channel_id, user_id) is not None:
                        handed += 1
                waiting += 1
        except GameError as err:  # the game moved on meanwhile: the next run looks again
            log.info("game %s: forgetting a player waits (%s)", game_id, err)
            waiting += 1
    renamed, _still_open = await store.personal.forget_in_ended_games(user_id)
    done = await store.personal.forget_done(user_id)
    return Forgotten(renamed, left, handed, waiting, done)
