"""Hard's look-ahead: a move played on in a sampled game by everyone's quick one-move look-ahead, then judged.

The hard and expert levels judge a candidate move the same way: in a complete game sampled from the
seat's view (`players.knowledge.determinize`), the move is made (a draw space keeps its best choice),
then every player, the seat included, plays the best move of a quick one-move look-ahead for a number
of worker placements, and the position reached is judged by the evaluation (`players.evaluate.worth`:
the seat's expected final VP lead over its rivals).
"""

from __future__ import annotations

from rules import advance
from rules.actions import Action
from rules.state import GameState

from .evaluate import WEIGHTS, worth
from .ranking import best_keep, best_move

__all__ = ["after_move", "judge", "play_on", "quick_move"]


def quick_move(state: GameState) -> Action:
    """What everyone plays inside the look-ahead: the best move of a quick one-move look-ahead (mining
    only at the largest and the smallest open space, no draw spaces)."""
    return best_move(state, visits=1, per_space=1, draws=False)


def after_move(state: GameState, action: Action) -> GameState:
    """`action` made in `state` (a sampled game); after a draw space, its best choice among the cards drawn."""
    seat = state.current
    after = advance(state, action)
    if after.phase == "draw" and after.current == seat:
        after = best_keep(after, seat, WEIGHTS).after
    return after


def play_on(state: GameState, placements: int) -> GameState:
    """`state` played on by everyone's quick move for `placements` worker placements (a draw's choice
    is part of its placement), or to the end of the game."""
    placed = 0
    while placed < placements and state.phase != "over":
        placed += state.phase == "turn"
        state = advance(state, quick_move(state))
    return state


def judge(world: GameState, action: Action, seat: int, placements: int) -> float:
    """How good `action` is for `seat` in the sampled game `world`: played on, then judged."""
    return worth(play_on(after_move(world, action), placements), seat)
