"""What happened since a player's last move, from the game's log: the catch-up.

A player "has been gone" when the turn comes back to them after more than a round without them: the bot
moved for them meanwhile (the timer, or while they were away), or the others made more entries since
their last own move than a round holds (`been_gone`). Their turn message then carries the catch-up
button; `/coal me catchup` shows it at any time. The entries come from the log as it is kept
(`LogRow.events`), whose sentences name only what everyone at the table saw
(`tests/bot/test_hidden_information.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from rules import EVENTS, Event, ShiftScored
from storage import LogRow


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the log since the player's last move: who, what it did, whether the bot moved."""

    seq: int
    player: str
    events: list[Event]
    auto: bool


@dataclass
class CatchUp:
    """The entries since `player`'s last own move (`since`: its seq, 0 if they have not moved yet), in
    order, and the shifts scored meanwhile."""

    player: str
    since: int
    entries: list[Entry] = field(default_factory=list)
    scorings: list[ShiftScored] = field(default_factory=list)

    def by_player(self) -> dict[str, list[Entry]]:
        """The entries grouped by who they were for, in the order each first moved."""
        groups: dict[str, list[Entry]] = {}
        for e in self.entries:
            groups.setdefault(e.player, []).append(e)
        return groups


def last_own_move(rows: list[LogRow], player: str) -> int:
    """The seq of `player`'s last move of their own (not the bot's for them); 0 if none."""
    return next((r.seq for r in reversed(rows) if r.player == player and not r.auto), 0)


def been_gone(recent: list[LogRow], player: str, seats: int) -> bool:
    """Whether `player`, whose turn it is, has been gone for more than a round, judged from the log's
    latest entries (at least `2 * seats + 1` of them): the bot moved for them since their last own move,
    or the others made more than two entries each on average since it (a round is one decision each,
    two for a draw space and its choice; the draft's last pick and the first turn of the shift may be
    the same player's)."""
    since = last_own_move(recent, player)
    after = [r for r in recent if r.seq > since]
    if any(r.player == player and r.auto for r in after):
        return True
    return sum(1 for r in after if r.player != player) > 2 * (seats - 1)


def since_last_move(rows: list[LogRow], player: str) -> CatchUp:
    """Everything in the log after `player`'s last own move."""
    since = last_own_move(rows, player)
    out = CatchUp(player, since)
    for r in rows:
        if r.seq <= since:
            continue
        events = _events(r)
        out.entries.append(Entry(r.seq, r.player, events, bool(r.auto)))
        out.scorings += [e for e in events if isinstance(e, ShiftScored)]
    return out


def _events(row: LogRow) -> list[Event]:
    if not row.events:
        return []
    try:
        return list(EVENTS.validate_json(row.events))
    except ValidationError:  # an entry stored as a sentence before events were kept
        return []
