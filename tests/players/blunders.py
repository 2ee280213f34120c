"""A finished two-player game in which one player makes known blunders, for the review's tests.

Anna plays the `hard` level, except that twice she takes the bank while an order of hers is complete and
could be delivered for its VP, and once she places a worker to mine nothing (an empty plan); Bert plays the
`normal` level. The game is the same for a seed (every decision is seeded by `players.decision_seed`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from players import by_level, decision_seed
from rules import apply, legal_actions, new_game, view
from rules.actions import Deliver, Mine, UseBank
from rules.record import GameRecord, RecordedAction
from rules.state import GameState

NAMES = ["Anna", "Bert"]
BLUNDERER = 0


@dataclass
class BlunderGame:
    record: GameRecord
    final: GameState
    blunders: list[int]  # the log entries (seq) of Anna's blunders, in order
    kinds: list[str]  # "bank instead of deliver" or "mine nothing", for each


@functools.cache
def blunder_game(seed: int = 5) -> BlunderGame:
    """The game for `seed`, played once a test session (a `hard` game takes seconds)."""
    state = new_game(NAMES, seed)
    movers = [by_level("hard"), by_level("normal")]
    actions: list[RecordedAction] = []
    blunders: list[int] = []
    kinds: list[str] = []
    while state.phase != "over":
        seat = state.current
        action = movers[seat].choose(view(state, NAMES[seat]), decision_seed(seed, state))
        if seat == BLUNDERER and state.phase == "turn":
            legal = legal_actions(state)
            deliverable = [a for a in legal if isinstance(a, Deliver)]
            if deliverable and kinds.count("bank instead of deliver") < 2 and UseBank() in legal:
                action = UseBank()
                kinds.append("bank instead of deliver")
                blunders.append(len(actions) + 1)
            elif "mine nothing" not in kinds and state.shift == 2:
                empty = [a for a in legal if isinstance(a, Mine) and not a.plan]
                if empty:
                    action = empty[-1]
                    kinds.append("mine nothing")
                    blunders.append(len(actions) + 1)
        state, _ = apply(state, action)
        actions.append(RecordedAction(player=NAMES[seat], action=str(action)))
    return BlunderGame(GameRecord(seed=seed, players=NAMES, actions=actions), state, blunders, kinds)
