"""Candidate moves ranked by the position they lead to: the one-move look-ahead the levels share.

`rank(state)` lists the moves open to the player to move in a complete state (a determinization),
best first, each with the worth (`players.evaluate.worth`) of the position it leads to; mining is
offered as a few strong plans per space (`players.planning`), a draw space by its best keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import advance, legal_actions
from rules.actions import Action, ChooseDrawn, Mine, PlaceFactory, TakeMoney, TakeOrder, UseBank
from rules.components import MONEY, SHIFTS, space_of
from rules.state import GameState, copy_model

from .evaluate import WEIGHTS, Weights, worth, worths
from .planning import mining_plans

__all__ = ["Scored", "best_keep", "best_move", "rank"]


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
        after = advance(state, choice)
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
    legal = legal_actions(state)
    if state.phase == "turn":
        legal = _turn_candidates(state, legal, visits, per_space, draws)
    out = []
    for action in legal:
        if state.phase == "draw" and isinstance(action, ChooseDrawn) and action.to == "top":
            continue
        out.append(_scored(state, action, w))
    out.sort(key=lambda s: -s.value)
    return out


def _turn_candidates(state: GameState, legal: list[Action], visits: int, per_space: int, draws: bool) -> list[Action]:
    """The placements worth judging: every one but mining (draw spaces only with `draws`), then a few
    mining plans per space (`_mine_candidates`)."""
    mines = [a for a in legal if isinstance(a, Mine)]
    others = [a for a in legal if not isinstance(a, Mine) and (draws or not _is_draw(a))]
    return others + _mine_candidates(state, mines, visits, per_space)


def _scored(state: GameState, action: Action, w: Weights) -> Scored:
    """`action` made and judged for the player making it; a draw space by its best choice."""
    seat = state.current
    after = advance(state, action)
    if after.phase == "draw" and after.current == seat:
        return Scored(action, best_keep(after, seat, w).value, after)
    return Scored(action, worth(after, seat, w), after)


def _cheaper_marks(state: GameState, legal: list[Action]) -> list[Action]:
    """`legal` without the money spaces and the bank that another of them beats: more marks for as
    many workers. More marks always judge better (`players.evaluate`: a mark is worth more than
    nothing), except where the move ends the game and only the VP count, so then none is left out."""
    me = state.players[state.current]
    if (
        state.shift == SHIFTS
        and me.workers <= 1 + max(state.space_workers)
        and not any(p.workers for k, p in enumerate(state.players) if k != state.current)
    ):
        return legal
    best: dict[int, int] = {}  # workers it takes -> the most marks for them
    for a in legal:
        if isinstance(a, TakeMoney):
            need = state.space_workers[space_of(MONEY, a.amount).index] + 1
            best[need] = max(best.get(need, 0), a.amount)
    if not best:
        return legal
    keep = []
    for a in legal:
        if isinstance(a, TakeMoney):
            if best[state.space_workers[space_of(MONEY, a.amount).index] + 1] > a.amount:
                continue
        elif isinstance(a, UseBank) and 1 in best:
            continue
        keep.append(a)
    return keep


def best_move(
    state: GameState, visits: int = 2, per_space: int = 2, draws: bool = True, w: Weights = WEIGHTS
) -> Action:
    """`rank(...)[0].action`, faster: the first of the best moves, without judging a money space or
    the bank that another one beats."""
    if state.phase != "turn":
        return rank(state, visits, per_space, draws, w)[0].action
    best: Scored | None = None
    for action in _turn_candidates(state, _cheaper_marks(state, legal_actions(state)), visits, per_space, draws):
        scored = _scored(state, action, w)
        if best is None or scored.value > best.value:
            best = scored
    assert best is not None
    return best.action
