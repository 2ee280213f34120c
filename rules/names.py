"""A player's name replaced wherever the rules keep it: in a state and in events.

Names are identities in the rules (`rules.view` shows a seat what its name may see), so a player who
asks to be forgotten is renamed consistently, the whole game at once: the record still replays, under
the pseudonym (R-VIS-1: the name is the seat's label, nothing else).
"""

from __future__ import annotations

from typing import Any

from .events import EVENTS, Event
from .state import GameState

# The fields of events that hold a player's name (alone, or a list of them).
NAME_FIELDS = frozenset({"player", "displaced_owner", "start_player", "winners", "replies"})


def rename_in_state(state: GameState, old: str, new: str) -> GameState:
    """`state` with the player named `old` named `new`."""
    players = [p.model_copy(update={"name": new}) if p.name == old else p for p in state.players]
    return state.model_copy(update={"players": players})


def rename_in_events(events: list[Event], old: str, new: str) -> list[Event]:
    """`events` with every mention of the player `old` (as mover, owner, start player, winner, …) made `new`."""
    return EVENTS.validate_python(_renamed(EVENTS.dump_python(events, mode="json"), old, new))


def _renamed(value: Any, old: str, new: str, key: str | None = None) -> Any:
    if isinstance(value, dict):
        return {k: _renamed(v, old, new, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, old, new, key) for v in value]
    if key in NAME_FIELDS and value == old:
        return new
    return value
