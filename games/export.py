"""What `/coal export` hands out: a game's whole record once it has ended, the asker's view while it runs.

A finished or aborted game's record (seed, players, options, every action) replays with `python -m
rules replay`. While the game is open the seed would give away every future draw and the other
players' face-down delivered orders (R-VIS-1, R-VIS-2), so the export is what the asker's seat may
see: the state as `rules.view` shows it to them (a spectator: the public view), the players, the
options and the actions so far, which everyone at the table has seen posted.
"""

from __future__ import annotations

from typing import Any

import rules
from rules.record import GameRecord
from storage import Game


def export_of(game: Game, record: GameRecord, user_id: int) -> dict[str, Any]:
    """The JSON document `/coal export` gives `user_id` for `game` (its `record` from the log)."""
    if not game.is_open:
        return record.model_dump(mode="json")
    seat = game.seat_of_user(user_id)
    viewer = seat.name if seat is not None else None
    return {
        "game": game.id,
        "complete": False,  # no seed: the whole record, which replays, comes once the game has ended
        "viewer": viewer,
        "players": record.players,
        "options": record.options.model_dump(mode="json"),
        "actions": [a.model_dump(mode="json") for a in record.actions],
        "state": rules.view(game.started_state, viewer).model_dump(mode="json"),
    }
