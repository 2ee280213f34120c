"""The guided first game (`/coal learn`): its table, and which explanations a turn brings.

A tutorial is a game with `GameSettings.tutorial`: the person who asked against one `easy` computer,
no timer, a fixed seed (`SEED`, chosen with `scripts/tutorial_seed.py` so that every kind of move is
open early). Each topic is explained the first time it happens in the game, by whoever's move: the
draft and the table at the start, then each worker space, the canteen, storing and filling orders,
a shift's scoring and the end. Which time is the first is read from the game's log (a topic is new in
a message when every time it happened so far is in that message), so nothing is stored for it, and a
turn posted again after a crash, or late, says the same. A move taken back stays in the log: what it
showed is not explained twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from players.greedy import greedy_action
from players.planning import mining_plans
from rules import Action, Event, GameState, Mine, apply, legal_actions
from rules.components import DELIVER, FACTORY, MINE, MONEY, ORDER, SPACE_BY_KEY
from rules.record import Chooser
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


def new_topics(message: Iterable[Event], so_far: Iterable[Event]) -> list[str]:
    """The topics a message explains: those its events show (in order, once each) that happened nowhere
    before it. `so_far` is every event of the game up to the message's last turn, the message's own included."""
    here = Counter(said := topics_of(message))
    before = Counter(topics_of(so_far))
    return [t for t in dict.fromkeys(said) if before[t] == here[t]]


def eager_move(state: GameState, seen: set[str], seed: int) -> Action:
    """The move of a learner who tries what they have not seen yet: of the moves open now (mining with
    the plans a sensible player would make), the one that shows the most topics not in `seen`, else the
    easy level's. How `SEED` was chosen (scripts/tutorial_seed.py), and how the tests play a tutorial."""
    usual = greedy_action(state, Chooser(seed))
    if state.phase != "turn":
        return usual
    me = state.players[state.current]
    candidates: list[Action] = [a for a in legal_actions(state) if not isinstance(a, Mine)]
    for steps in (4, 6, 8, 10):
        if any(isinstance(a, Mine) and a.steps == steps for a in legal_actions(state)):
            candidates += [plan for plan, _ in mining_plans(me, steps)]
    best, most = usual, 0
    for action in candidates:
        new = len(set(topics_of(apply(state, action)[1])) - seen)
        if new > most:
            best, most = action, new
    return best


def learner(game: Game) -> str | None:
    """The tutorial's learner (the one person at the table), by their player name; None for another game."""
    if not game.options.tutorial:
        return None
    seats = people(game)
    return seats[0].name if seats else None
