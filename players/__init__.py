"""Computer players for Coal Baron: levels random, easy, normal, hard and expert, the `ismcts` yardstick, hints.

    import players
    seed = players.decision_seed(game_seed, state)       # one per decision: a game with computers replays
    action = players.by_level("hard").choose(rules.view(state, name), seed)
    text = players.think("normal", view_json, seed)      # for a process pool (advise: hints)
    best = players.hints(rules.view(state, name), seed)  # the expert level's best three

A player only ever gets the view of the seat to move (`rules.view`): it cannot read the deck
order, other players' hidden delivered orders or their draw-space cards. Every level is
deterministic given the view and the seed.
"""

from __future__ import annotations

from .hints import Hint, hints
from .levels import LEVELS, by_level
from .pool import advise, think
from .seeds import decision_seed

__all__ = ["LEVELS", "Hint", "advise", "by_level", "decision_seed", "hints", "think"]
