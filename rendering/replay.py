"""The replay viewer's frames: a game stepped through from its record, one board per frame.

Frame 0 is the table before the first move; then one frame per move still standing (a move taken
back is not in a replay), the board after it with the move marked; a move that ended a shift is
followed by a frame of its own, that shift's scoring. Each frame is drawn as one viewer may see it
(`rules.view`): during a game a seat sees what that seat may see and anyone else what a spectator
sees; once the game is over, everything (`EVERYTHING`: every delivered order face up, the drawn
cards of a draw in progress).

This runs in a drawing worker (`replay_frame`): the record is replayed there, once per record (a
few milliseconds for 200 moves), and kept for the next steps through the same game.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

from rules.actions import parse_action
from rules.events import Event, ShiftScored
from rules.record import GameRecord, Standing, standing_moves
from rules.state import GameOptions, GameState
from rules.view import view

from .last_move import last_move
from .render import render_scoring, render_turn

EVERYTHING = "*"  # the viewer of a game that is over: nothing hidden
_KEPT = 8  # records kept replayed in each worker


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame of a replay: `kind` "start", "move" (the board after a move) or "scoring" (the scoring
    of `shift`); `move`, the move's number among the standing moves (0 at the start); `entry`, its
    entry in the game's log (its `seq`); `shift`, the shift the board is in; `player`, who moved;
    `events`, what the move did (for a scoring frame, the shift's scoring), for its words."""

    kind: str
    move: int = 0
    entry: int = 0
    shift: int = 1
    player: str = ""
    events: tuple[Event, ...] = ()


def frames_of(start: GameState, standing: list[Standing]) -> list[Frame]:
    """The frames of a replayed record (see the module's docstring)."""
    frames = [Frame("start", shift=start.shift)]
    for k, m in enumerate(standing, start=1):
        before = standing[k - 2].after if k > 1 else start
        frames.append(Frame("move", k, m.entry, before.shift, m.move.player, tuple(m.events)))
        for e in m.events:
            if isinstance(e, ShiftScored):
                frames.append(Frame("scoring", k, m.entry, e.shift, m.move.player, (e,)))
    return frames


def seen_by(state: GameState, viewer: str | None) -> tuple[GameState, str | None]:
    """The state and viewer to draw for `viewer` (a seat's name, None for a spectator, `EVERYTHING`)."""
    if viewer != EVERYTHING:
        return state, viewer
    shown = state.model_copy(update={"options": GameOptions(delivered="all")})
    return shown, state.players[state.current].name  # the drawn cards, if a draw is in progress


_replayed: OrderedDict[str, tuple[GameState, list[Standing], list[Frame]]] = OrderedDict()


def _key(record: GameRecord) -> str:
    return hashlib.blake2b(record.model_dump_json().encode(), digest_size=16).hexdigest()


def replayed(record: GameRecord) -> tuple[GameState, list[Standing], list[Frame]]:
    """The record replayed, with its frames (kept for the next call with the same record)."""
    key = _key(record)
    found = _replayed.get(key)
    if found is None:
        start, standing = standing_moves(record)
        found = (start, standing, frames_of(start, standing))
        _replayed[key] = found
        while len(_replayed) > _KEPT:
            _replayed.popitem(last=False)
    _replayed.move_to_end(key)
    return found


def replay_frame(
    record: GameRecord, number: int, viewer: str | None, key: dict[str, str] | None = None
) -> tuple[bytes, list[Frame]]:
    """Frame `number` (clamped to the frames there are) of the record, drawn as `viewer` may see it,
    and the record's frames. `key`: the scoring image's column key, in the asker's words."""
    start, standing, frames = replayed(record)
    frame = frames[max(0, min(number, len(frames) - 1))]
    if frame.kind == "start":
        return render_turn(*seen_by(start, viewer)), frames
    m = standing[frame.move - 1]
    if frame.kind == "scoring":
        state, who = seen_by(m.after, viewer)
        return render_scoring(view(state, who), frame.shift, key), frames
    before = standing[frame.move - 2].after if frame.move > 1 else start
    state, who = seen_by(m.after, viewer)
    shown_before, _ = seen_by(before, viewer)
    marked = last_move(shown_before, parse_action(m.move.action), state)
    return render_turn(state, who, marked), frames
