"""Game records (seed, players, options, actions as text), replay, and random self-play.

A record is what storage exports and `python -m rules replay` reads:
    {"seed": 7, "players": ["alice", "bob"], "options": {"delivered": "own"},
     "actions": [{"player": "bob", "action": "draft 3"}, ...]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from . import rng
from .actions import Action, Mine, parse_action
from .engine import apply, legal_actions, new_game
from .errors import Refusal
from .events import Event, TookBack
from .mining import MinePlanner
from .scoring import score_breakdown
from .state import GameOptions, GameState

T = TypeVar("T")


class RecordedAction(BaseModel):
    player: str
    action: str


class GameRecord(BaseModel):
    seed: int
    players: list[str]
    options: GameOptions = GameOptions()
    actions: list[RecordedAction] = Field(default_factory=list)


class ReplayError(Exception):
    """A record that does not replay: `step` (1-based), the reason, and the rules' refusal if any."""

    def __init__(self, step: int, reason: str, refusal: Refusal | None = None) -> None:
        super().__init__(f"step {step}: {reason}")
        self.step = step
        self.reason = reason
        self.refusal = refusal


# An entry of the log that takes back the last moves still standing: `undo` the last one, `undo N`
# the last N, of which the first must be the entry player's own (the others, the computers' replies
# to it): the game is as it was before that move. The log itself is never edited.
UNDO = "undo"


def undo_count(action: str) -> int | None:
    """How many standing moves a log entry takes back (`undo`: 1, `undo 3`: 3); None for a move."""
    word, _, count = action.partition(" ")
    if word != UNDO:
        return None
    if not count:
        return 1
    return int(count) if count.isdigit() and int(count) >= 1 else None


def undo_text(count: int) -> str:
    """The log entry that takes back the last `count` standing moves."""
    return UNDO if count == 1 else f"{UNDO} {count}"


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """The state after the record's actions (the first `upto` of them, when given)."""
    return replay_stack(record, upto)[0][-1]


def replay_stack(record: GameRecord, upto: int | None = None) -> tuple[list[GameState], list[RecordedAction]]:
    """The moves still standing after the record's actions (an `undo` entry removes the last one), and
    the states: the first before any move, then one after each standing move."""
    states, standing, _events, _entries = _replay(record, upto)
    return states, standing


def events_of(record: GameRecord) -> list[list[Event]]:
    """What each entry of the record did, as `apply` said it then (an `undo` entry: `TookBack`, with
    the players of the computer moves it took back too): the log keeps only its actions, and this
    gives back the events its sentences are made from. ReplayError if the record does not replay."""
    return _replay(record)[2]


@dataclass(frozen=True, slots=True)
class Standing:
    """A move still standing at the end of a record: its entry (1-based, the log's `seq`), the move,
    what it did, and the state after it."""

    entry: int
    move: RecordedAction
    events: list[Event]
    after: GameState


def standing_moves(record: GameRecord) -> tuple[GameState, list[Standing]]:
    """The state before any move, and each move still standing with its events and the state after it
    (the replay viewer's frames). ReplayError if the record does not replay."""
    states, standing, said, entries = _replay(record)
    return states[0], [
        Standing(entry=k, move=move, events=said[k - 1], after=after)
        for k, move, after in zip(entries, standing, states[1:], strict=True)
    ]


def _replay(
    record: GameRecord, upto: int | None = None
) -> tuple[list[GameState], list[RecordedAction], list[list[Event]], list[int]]:
    """The record replayed: the states and moves still standing, each entry's events, and the entry
    (1-based) of each standing move."""
    states = [new_game(record.players, record.seed, record.options)]
    standing: list[RecordedAction] = []
    said: list[list[Event]] = []
    entries: list[int] = []
    for k, entry in enumerate(record.actions[:upto], start=1):
        state = states[-1]
        count = undo_count(entry.action)
        if count is not None:
            if len(standing) < count or standing[-count].player != entry.player:
                raise ReplayError(k, f"{entry.player} has no move to take back.")
            replies = tuple(e.player for e in standing[len(standing) - count + 1 :])
            said.append([TookBack(player=entry.player, replies=replies)])
            del states[-count:]
            del standing[-count:]
            del entries[-count:]
            continue
        if state.to_move is None:
            raise ReplayError(k, "the game is already over.")
        if state.to_move != entry.player:
            raise ReplayError(k, f"it is {state.to_move}'s turn, not {entry.player}'s.")
        try:
            state, events = apply(state, parse_action(entry.action))
        except Refusal as err:
            raise ReplayError(k, f"`{entry.action}` is refused: {err}", err) from None
        states.append(state)
        standing.append(entry)
        entries.append(k)
        said.append(list(events))
    return states, standing, said, entries


class Chooser:
    """Uniform random choices from a seed, with the rules' own generator (no global state)."""

    def __init__(self, seed: int) -> None:
        self.state = rng.seed_state(seed ^ 0x5DEECE66D)

    def below(self, n: int) -> int:
        self.state, k = rng.below(self.state, n)
        return k

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]


def random_action(state: GameState, chooser: Chooser) -> Action:
    """A uniformly random legal action; mining takes random legal steps until it stops."""
    action = chooser.choice(legal_actions(state))
    if isinstance(action, Mine):
        planner = MinePlanner(state, action.steps)
        while True:
            options = planner.next_steps()
            k = chooser.below(len(options) + 1)
            if k == len(options):  # stopping is one of the choices
                break
            planner.push(options[k])
        action = planner.action()
    return action


def play_random(players: list[str], seed: int, options: GameOptions | None = None) -> tuple[GameState, GameRecord]:
    """A complete game with the random policy; the final state and its record."""
    state = new_game(players, seed, options)
    record = GameRecord(seed=seed, players=players, options=state.options)
    chooser = Chooser(seed)
    while state.phase != "over":
        action = random_action(state, chooser)
        assert state.to_move is not None
        record.actions.append(RecordedAction(player=state.to_move, action=str(action)))
        state, _ = apply(state, action)
    return state, record


def game_summary(state: GameState, record: GameRecord) -> dict[str, Any]:
    """The JSON line `simulate --json` prints for one finished game."""
    breakdown = score_breakdown(state)
    return {
        "seed": record.seed,
        "players": record.players,
        "scores": {p.name: p.vp for p in state.players},
        "breakdown": {row.name: row.model_dump(exclude={"name"}) for row in breakdown.players},
        "winners": breakdown.winners,
        "record": record.model_dump(mode="json"),
    }
