"""The guided first game (`/coal learn`): its table, and which explanations a turn brings.

A tutorial is a game with `GameSettings.tutorial`: the person who asked against one `easy` computer,
no timer, a fixed seed (`SEED`, chosen with `scripts/tutorial_seed.py` so that every kind of move is
open early). Each topic is explained once, one a message: the draft and the table at the start, how a turn
goes once the draft is over, then each worker space, the canteen, storing and filling orders — before the
learner's choice where one of the learner's moves could show it (the learner's turn message names what they
are about to meet), else the first time someone's move shows it — a shift's scoring and the end
(`lessons`). Which message explains what is worked out from the game's log, so nothing is stored for it, and
a turn posted again after a crash, or late, says the same. A move taken back stays in the log: what it
explained is not explained twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from players.greedy import greedy_action
from players.planning import mining_plans
from rules import Action, Event, GameState, Mine, apply, legal_actions, new_game, parse_action
from rules.components import DELIVER, FACTORY, MINE, MONEY, ORDER, SPACE_BY_KEY
from rules.record import Chooser, GameRecord, undo_count
from storage import Game

from .computers import people

# Every explanation, in the order a game usually meets them. "welcome" and "draft" come with the
# first message; the others with the first event of their kind (`topics_of`).
START = ("welcome", "draft")
TOPICS = (
    *START,
    "spaces",
    "factory",
    "draw",
    "mine",
    "store",
    "fill",
    "deliver",
    "money",
    "order",
    "bank",
    "canteen",
    "shift",
    "end",
)

LEVEL = "easy"  # the computer at the table
SEED = 25  # scripts/tutorial_seed.py: every worker space open to the learner in the first shift
OPTIONS = {"timer": "none", "absent": "computer", "delivered": "own"}  # and the learner's language

_SPACE_TOPICS = {FACTORY: "factory", MINE: "mine", DELIVER: "deliver", MONEY: "money", ORDER: "order"}


def options(language: str) -> dict[str, object]:
    """The options a tutorial game is stored with."""
    return {**OPTIONS, "language": language, "tutorial": True}


def topics_of(events: Iterable[Event]) -> list[str]:
    """The topics these events show, in order, each as often as it happens."""
    found: list[str] = []
    for e in events:
        if e.kind == "draft_over":
            found.append("spaces")
        elif e.kind == "placed":
            space = SPACE_BY_KEY[e.space]
            found.append("draw" if space.is_draw else _SPACE_TOPICS[space.group])
            if e.displaced:
                found.append("canteen")
        elif e.kind == "bank":
            found.append("bank")
        elif e.kind == "mined":
            if any(e.stored):
                found.append("store")
            if e.filled:
                found.append("fill")
        elif e.kind == "shift_scored":
            found.append("shift")
        elif e.kind == "game_over":
            found.append("end")
    return found


def _candidates(state: GameState) -> list[Action]:
    """The moves open to the seat to move in its turn, mining with the plans a sensible player would make."""
    legal = legal_actions(state)
    me = state.players[state.current]
    candidates: list[Action] = [a for a in legal if not isinstance(a, Mine)]
    for steps in (4, 6, 8, 10):
        if any(isinstance(a, Mine) and a.steps == steps for a in legal):
            candidates += [plan for plan, _ in mining_plans(me, steps)]
    return candidates


def eager_move(state: GameState, seen: set[str], seed: int, wanted: str | None = None) -> Action:
    """The move of a learner who tries what they have not seen yet: of the moves open now (mining with
    the plans a sensible player would make), the one that shows `wanted` (the topic just explained to
    them), else the one that shows the most topics not in `seen`, else the easy level's. How `SEED` was
    chosen (scripts/tutorial_seed.py), and how the tests play a tutorial."""
    usual = greedy_action(state, Chooser(seed))
    if state.phase != "turn":
        return usual
    best, most = usual, 0
    for action in _candidates(state):
        if isinstance(action, Mine) and not action.plan:
            continue  # a worker placed to mine nothing: nobody learns mining by it
        shown = set(topics_of(apply(state, action)[1]))
        new = len(shown - seen) + (100 if wanted in shown else 0)
        if new > most:
            best, most = action, new
    return best


def open_topics(state: GameState) -> set[str]:
    """The topics a move of the seat to move could show now (its turn's moves, mining with sensible plans)."""
    found: set[str] = set()
    for action in _candidates(state):
        found.update(topics_of(apply(state, action)[1]))
    return found


def lessons(record: GameRecord, learner: str, per_message: int) -> dict[int, str]:
    """Which explanation each message of a tutorial brings, by the log entry (`seq`) it ends with; one at most.
    A message is one move of the learner's, or a run of the computer's moves (cut after a shift's scoring and
    after `per_message` moves, as the bot posts them: `bot.posting.send.message_runs`). It explains:

    - how a turn goes ("spaces"), once the draft is over;
    - when the learner is to move after it, a topic one of the learner's moves could show now and not
      explained yet: explained before the choice (one that someone just showed first, else the first in
      `TOPICS` order);
    - else a topic someone's move showed and that was not explained yet, the first such (after the fact:
      what the computer does, or what the learner did before it was explained); several waiting are
      explained one a message, in the order they happened.

    Read from the log alone (the record replayed), so a turn posted again says the same; an entry taken back
    keeps what it explained."""
    explained = set(START)
    waiting: list[str] = []
    told: dict[int, str] = {}
    states = [new_game(record.players, record.seed, record.options)]
    run = 0  # the computer's moves in the message being made
    for seq, entry in enumerate(record.actions, start=1):
        count = undo_count(entry.action)
        events: list[Event] = []
        if count is not None:
            del states[-count:]
        else:
            state, events = apply(states[-1], parse_action(entry.action))
            states.append(state)
        for shown in dict.fromkeys(topics_of(events)):
            if shown not in explained and shown not in waiting:
                waiting.append(shown)
        run = 0 if entry.player == learner else run + 1
        following = record.actions[seq] if seq < len(record.actions) else None
        scored = any(e.kind == "shift_scored" for e in events)
        if run and following is not None and following.player != learner and not scored and run < per_message:
            continue  # the computer's run goes on: its message ends later
        run = 0
        now = states[-1]
        topic = "spaces" if "spaces" in waiting else None  # how a turn goes, before any of its spaces
        if topic is not None:
            waiting.remove(topic)
        elif now.phase == "turn" and now.to_move == learner:  # what the learner may meet now comes first
            could = open_topics(now)
            # what just happened and is open to the learner too, else something new the learner may meet
            topic = next((t for t in waiting if t in could), None)
            topic = topic or next((t for t in TOPICS if t in could and t not in explained), None)
        if topic is None and waiting:
            topic = waiting[0]
        if topic is not None:
            if topic in waiting:
                waiting.remove(topic)
            explained.add(topic)
            told[seq] = topic
    return told


def message_entries(sizes: list[int], version: int, events: int) -> range:
    """The log entries (seq) a message at `version` with `events` events is made of: the entries up to
    `version` whose events, counted back from it, add up to the message's (one move, or a run of computer
    moves). `sizes[k]` is the number of events of entry k + 1."""
    first, total = version, 0
    while first >= 1 and total < events:
        total += sizes[first - 1]
        first -= 1
    return range(min(first + 1, version), version + 1)


def learner(game: Game) -> str | None:
    """The tutorial's learner (the one person at the table), by their player name; None for another game."""
    if not game.options.tutorial:
        return None
    seats = people(game)
    return seats[0].name if seats else None
