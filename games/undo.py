"""Taking back a move: which moves may be taken back, and the state before one (Board Game Arena's policy).

A player may take back their own last move while nobody has moved since (no other player, no
computer, no timer) and the move showed nothing new: not a draw space (its cards were seen), not a
tile or an order card refilled from a deck, not a shift (or the game) scored. In practice: money,
the bank, mining and deliveries — and a factory or order space once its deck is empty. The undo is
a new entry of the action log (`rules.record.UNDO`); history is never edited, and the log still
replays to the stored state.
"""

from __future__ import annotations

import rules
from rules import Event, GameState
from rules.record import GameRecord, replay_stack
from storage import LogRow

from .errors import CannotUndo, Reason

UNDO = rules.record.UNDO


def undo_refusal(before: GameState, after: GameState, events: list[Event]) -> Reason | None:
    """Why the move from `before` to `after` may not be taken back; None when it may."""
    if any(e.kind in ("shift_scored", "game_over") for e in events):
        return Reason.UNDO_SCORED
    if before.tile_deck != after.tile_deck or before.order_deck != after.order_deck:
        return Reason.UNDO_REVEALED  # cards left a deck (a draw, a refill) or went back in a chosen order
    return None


def state_before_last(record: GameRecord, log: list[LogRow], user_id: int, player: str) -> GameState:
    """The state before `player`'s last move, if they may take it back now; else the refusal.

    `log` is the game's whole log, `record` the same as a rules record."""
    last = log[-1] if log else None
    if last is None or last.action == UNDO or last.auto or last.user_id != user_id or last.player != player:
        raise CannotUndo(Reason.NOTHING_TO_UNDO)
    states, standing = replay_stack(record)
    before = states[-2]
    after, events = rules.apply(before, rules.parse_action(standing[-1].action))
    reason = undo_refusal(before, after, events)
    if reason is not None:
        raise CannotUndo(reason)
    return before
