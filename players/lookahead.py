"""The look-ahead: a move played on in a sampled game for a few placements, then judged.

The hard and expert levels judge a candidate move the same way: in a complete game sampled from the
seat's view (`players.knowledge.determinize`), the move is made (a draw space keeps its best choice),
then the game is played on for a number of worker placements and the position reached is judged by
the evaluation (`players.evaluate.worth`: the seat's expected final VP lead over its rivals).

In hard's look-ahead everyone, the seat included, plays the best move of a quick one-move look-ahead
(`quick_move`). In the expert's (`judge`) the seat plays its own placements as the normal level would
(`own_move`: every open mining space, draw spaces with their best choice). With the quick move for
itself, a look-ahead judges the moves the quick move never makes (a draw, mining at a middle space)
as made now or never, and the ones it does make (a delivery) as easily made later: the expert put
off deliveries turn after turn. Measured: 160 of 200 two-player games against hard with its own
moves played this way, where the quick move for itself won 147 (docs/computer-players.md). With three
or four players the expert's rivals play `own_move` too (`everyone`): most of the look-ahead's
placements are theirs, and by the quick move they never contest a draw space or a middle mining
space; with two players they keep the quick move, as measured.
"""

from __future__ import annotations

from rules import advance
from rules.actions import Action
from rules.components import SHIFTS
from rules.record import Chooser
from rules.state import GameState

from .evaluate import WEIGHTS, lead, worths
from .ranking import best_keep, best_move
from .rollout import play_out

__all__ = ["after_move", "judge", "judge_to_end", "own_move", "placements_left", "play_on", "quick_move"]


def quick_move(state: GameState) -> Action:
    """What everyone plays inside the look-ahead: the best move of a quick one-move look-ahead (mining
    only at the largest and the smallest open space, no draw spaces)."""
    return best_move(state, visits=1, per_space=1, draws=False)


def placements_left(state: GameState) -> int | None:
    """Worker placements left in the game: in its last shift, the workers still in hand; before it, None
    (more than a shift's)."""
    if state.shift < SHIFTS:
        return None
    return sum(p.workers for p in state.players)


def after_move(state: GameState, action: Action) -> GameState:
    """`action` made in `state` (a sampled game); after a draw space, its best choice among the cards drawn."""
    seat = state.current
    after = advance(state, action)
    if after.phase == "draw" and after.current == seat:
        after = best_keep(after, seat, WEIGHTS).after
    return after


def own_move(state: GameState) -> Action:
    """What the seat whose move is judged plays in the expert's look-ahead: the normal level's best move
    (one plan for every open mining space, draw spaces judged by their best choice)."""
    return best_move(state, visits=2, per_space=1, draws=True)


def play_on(state: GameState, placements: int, seat: int | None = None, everyone: bool = False) -> GameState:
    """`state` played on for `placements` worker placements (a draw's choice is part of its placement),
    or to the end of the game: by everyone's quick move, but `seat`'s placements (if given) by its
    `own_move`, and with `everyone` every seat's placements by its `own_move`."""
    placed = 0
    while placed < placements and state.phase != "over":
        if state.phase == "turn":
            placed += 1
            if everyone or state.current == seat:
                state = after_move(state, own_move(state))
                continue
        state = advance(state, quick_move(state))
    return state


def judge(
    world: GameState, action: Action, seat: int, placements: int, best: float | None = None, everyone: bool = False
) -> float:
    """How good `action` is for `seat` in the sampled game `world`: played on (the seat by its own move,
    the rivals by the quick move, or with `everyone` by their own move too), then judged: the seat's
    lead over its rivals (`best`: the share of the best rival in it, see `players.evaluate.lead`)."""
    end = play_on(after_move(world, action), placements, seat, everyone)
    return lead(worths(end), seat, WEIGHTS, best)


def judge_to_end(
    world: GameState, action: Action, seat: int, chooser: Chooser, noise: float = 0.1, best: float | None = None
) -> float:
    """How good `action` is for `seat` in the sampled game `world`, played to the end of the game by everyone's
    light playout policy (`players.rollout`, a `noise` share of random moves from `chooser`): the seat's final
    VP lead over its rivals (`best`: the share of the best rival in it, see `players.evaluate.lead`)."""
    end = play_out(after_move(world, action), chooser, noise)
    return lead(worths(end), seat, WEIGHTS, best)
