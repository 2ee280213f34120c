"""Taking back a move: which moves may be taken back, and the state before them (Board Game Arena's policy).

A person may take back their own last move, together with the computers' moves made after it, while
no other person has moved since (nor the timer) and none of those moves showed anything new: not a
draw space (its cards were seen), not a tile or an order card refilled from a deck, not a shift (or
the game) scored. In practice: money, the bank, mining and deliveries — and a factory or order space
once its deck is empty. The undo is one new entry of the action log (`rules.record.undo_text`:
`undo`, or `undo N` with the computers' replies); history is never edited, and the log still
replays to the stored state.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from rules import Event, GameState
from rules.record import GameRecord, replay_stack, undo_count
from storage import LogRow

from .computers import is_computer
from .errors import CannotUndo, Reason


def undo_refusal(before: GameState, after: GameState, events: list[Event]) -> Reason | None:
    """Why the move from `before` to `after` may not be taken back; None when it may."""
    if any(e.kind in ("shift_scored", "game_over") for e in events):
        return Reason.UNDO_SCORED
    if before.tile_deck != after.tile_deck or before.order_deck != after.order_deck:
        return Reason.UNDO_REVEALED  # cards left a deck (a draw, a refill) or went back in a chosen order
    return None


def may_take_back(tutorial: bool, before: GameState, after: GameState, events: list[Event]) -> bool:
    """Whether the move from `before` to `after` may be taken back: always in a tutorial (nothing is secret
    from a computer that does not care), else when it showed nothing new (`undo_refusal`)."""
    return tutorial or undo_refusal(before, after, events) is None


@dataclass(frozen=True, slots=True)
class TakenBack:
    """What an undo takes back: the state before the person's move, and the computers' replies after it."""

    before: GameState
    replies: tuple[str, ...]  # the players (computers) of the moves after the person's, in order

    @property
    def moves(self) -> int:
        return 1 + len(self.replies)


def last_move_of(
    record: GameRecord, log: list[LogRow], user_id: int, player: str, *, tutorial: bool = False
) -> TakenBack:
    """What `player` (the person `user_id`) may take back now; else the refusal (CannotUndo).

    `log` is the game's whole log, `record` the same as a rules record; in a `tutorial`, any last move."""
    replies = 0
    while replies < len(log) and is_computer(log[-1 - replies].user_id):
        replies += 1
    own = log[-1 - replies] if replies < len(log) else None
    if own is None or undo_count(own.action) is not None or own.auto or own.user_id != user_id or own.player != player:
        raise CannotUndo(Reason.NOTHING_TO_UNDO)
    states, standing = replay_stack(record)
    count = replies + 1
    for k in range(count):  # the person's move and each reply: none showed anything new
        before, entry = states[-count - 1 + k], standing[-count + k]
        after, events = rules.apply(before, rules.parse_action(entry.action))
        reason = None if tutorial else undo_refusal(before, after, events)
        if reason is not None:
            raise CannotUndo(reason)
    return TakenBack(states[-count - 1], tuple(e.player for e in standing[-replies:]) if replies else ())
