"""Candidate moves ranked by the position they lead to: the one-move look-ahead the levels share.

`rank(state)` lists the moves open to the player to move in a complete state (a determinization),
best first, each with the worth (`players.evaluate.worth`) of the position it leads to; mining is
offered as a few strong plans per space (`players.planning`), a draw space by its best keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import apply, legal_actions
from rules.actions import Action, ChooseDrawn, Mine, PlaceFactory, TakeOrder
from rules.state import GameState, copy_model

from .evaluate import WEIGHTS, Weights, worth, worths
from .planning import mining_plans

__all__ = ["Scored", "best_keep", "rank"]


def _is_draw(action) -> bool:
    return isinstance(action, PlaceFactory | TakeOrder) and action.space == "draw"


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate action and the worth (see `players.evaluate.worth`) it leads to."""

    action: Action
    value: float
    after: GameState


def _mine_candidates(state: GameState, mines: list[Mine], visits: int, per_space: int) -> list[Mine]:
    """The best few plans for each mining space open to the player to move.

    With `visits` 1 (quick look-ahead) only the largest and the smallest open space are tried.
    """
    if visits <= 1 and len(mines) > 2:
        mines = [max(mines, key=lambda m: m.steps), min(mines, key=lambda m: m.steps)]
    seat = state.current
    p = state.players[seat]
    out: list[Mine] = []
    by_steps: dict[int, list[tuple[float, Mine]]] = {}
    for mine in mines:
        if mine.steps in by_steps:
            continue
        scored = []
        for plan, pit in mining_plans(p, mine.steps, visits):
            players = state.players[:]
            players[seat] = pit
            scored.append((worths(copy_model(state, {"players": players}))[seat], plan))
        scored.sort(key=lambda vp: -vp[0])
        by_steps[mine.steps] = scored
        out += [plan for _, plan in scored[:per_space]]
    return out


def best_keep(state: GameState, seat: int, w: Weights) -> Scored:
    """The best choice after a draw space (rest to the bottom: it keeps good cards from rivals)."""
    best: Scored | None = None
    for choice in legal_actions(state):
        if isinstance(choice, ChooseDrawn) and choice.to == "top" and choice.pick is not None:
            continue
        after, _ = apply(state, choice)
        value = worth(after, seat, w)
        if best is None or value > best.value:
            best = Scored(choice, value, after)
    assert best is not None
    return best


def rank(
    state: GameState, visits: int = 2, per_space: int = 2, draws: bool = True, w: Weights = WEIGHTS
) -> list[Scored]:
    """Candidate actions for the player to move in a complete state, best first.

    Draw spaces are judged by the best choice among the cards this state's deck holds
    (`draws=False` leaves them out).
    """
    seat = state.current
    legal = legal_actions(state)
    if state.phase == "turn":
        mines = [a for a in legal if isinstance(a, Mine)]
        others = [a for a in legal if not isinstance(a, Mine) and (draws or not _is_draw(a))]
        legal = others + _mine_candidates(state, mines, visits, per_space)
    out = []
    for action in legal:
        if state.phase == "draw" and isinstance(action, ChooseDrawn) and action.to == "top":
            continue
        after, _ = apply(state, action)
        if after.phase == "draw" and after.current == seat:
            value = best_keep(after, seat, w).value
        else:
            value = worth(after, seat, w)
        out.append(Scored(action, value, after))
    out.sort(key=lambda s: -s.value)
    return out
