"""Fitting the evaluation's knobs to how games end: the source of the expert's `Fitted` knobs.

    python -m players fit [--levels hard,hard] [--games 150] [--seed 11] [--jobs 2]

Plays seeded games, keeps every position a player had to decide in, each with the final VP lead
of the seat to move (over its rivals, as `players.evaluate.lead` mixes them), and fits the knobs of
`players.evaluate.Weights` so that `worth` predicts that lead: least squares, by coordinate descent
(each knob a step up or down while that lowers the error, the step halved when neither does). A
quarter of the games (the last) are held out: the knobs kept are those of the round with the least
error on them, so the fit stops where it starts to learn the training games' luck.

Some knobs stay as they are: the worker in hand, the late mark (5 marks = 1 VP, R-END-1) and the
delivery's cost. Fitted, they take values that go with winning in these games without causing it
(the players with marks left at the end are those who played worse), and a look-ahead would abuse
them: spend workers freely, never deliver. The costs of filling an order's spot keep their order
(cube ready <= on a cart <= bought) and no knob goes below zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.state import GameState

from .duel import game_seed, play_game, seating, side_by_side
from .evaluate import WEIGHTS, Weights, lead, worths

__all__ = ["FROZEN", "Fit", "Position", "fit", "knobs", "positions_of", "weights_of"]

FROZEN = ("worker", "mark_late", "deliver_cost")
KNOBS = tuple(name for name in vars(Weights) if not name.startswith("_") and name != "rivals_max")


@dataclass(frozen=True, slots=True)
class Position:
    """A position a player decided in, and how far that seat finished ahead of its rivals."""

    state: GameState
    seat: int
    final_lead: float


@dataclass(frozen=True)
class Fit:
    """The knobs kept and their mean squared error (VP²) on the training and held-out positions,
    beside the start's."""

    knobs: dict[str, float]
    train: float
    held_out: float
    start_train: float
    start_held_out: float
    rounds: int  # the round whose knobs were kept (0: the start)
    path: list[tuple[float, float]]  # the errors (training, held out) after each round, the start first


def knobs(w: Weights = WEIGHTS) -> dict[str, float]:
    """The fitted knobs of `w` (all but `rivals_max`, which says what a lead is, not how to guess it)."""
    return {name: float(getattr(w, name)) for name in KNOBS}


def weights_of(values: dict[str, float]) -> Weights:
    w = Weights()
    for name, value in values.items():
        setattr(w, name, value)
    return w


def _game(levels: list[str], game_seed: int) -> list[Position]:
    seen: list[GameState] = []
    final = play_game(levels, game_seed, positions=seen)
    vps = [float(p.vp) for p in final.players]
    return [Position(s, s.current, lead(vps, s.current)) for s in seen if s.phase in ("turn", "draw")]


def positions_of(levels: list[str], games: int, seed: int, jobs: int = 1) -> list[list[Position]]:
    """The positions of `games` seat-rotated games between `levels`, game by game."""
    seatings = [seating(levels, g) for g in range(games)]
    seeds = [game_seed(seed, g) for g in range(games)]
    return list(side_by_side(_game, jobs, seatings, seeds))


def _error(positions: list[Position], w: Weights) -> float:
    total = 0.0
    for p in positions:
        total += (lead(worths(p.state, w), p.seat, w) - p.final_lead) ** 2
    return total / max(1, len(positions))


def _allowed(values: dict[str, float], start: dict[str, float]) -> bool:
    return (
        all(values[name] == start[name] for name in FROZEN)
        and all(v >= 0 for v in values.values())
        and values["ready_cost"] <= values["cart_cost"] <= values["buy_cost"]
        and values["mark_early"] >= values["mark_late"]
    )


def fit(games: list[list[Position]], rounds: int = 10, start: Weights = WEIGHTS) -> Fit:
    """Knobs fitted to the first three quarters of `games`, kept at the round best on the rest."""
    cut = max(1, len(games) * 3 // 4)
    train = [p for game in games[:cut] for p in game]
    held = [p for game in games[cut:] for p in game] or train
    values = knobs(start)
    first = dict(values)
    error = start_train = _error(train, start)
    best = (_error(held, start), 0, dict(values), error)
    start_held = best[0]
    path = [(error, start_held)]
    steps = {name: max(0.1, abs(v) / 2) for name, v in values.items()}
    for round_no in range(1, rounds + 1):
        for name in KNOBS:
            if name in FROZEN:
                continue
            for sign in (1, -1):
                trial = dict(values)
                trial[name] = round(values[name] + sign * steps[name], 4)
                if not _allowed(trial, first):
                    continue
                e = _error(train, weights_of(trial))
                if e < error - 1e-9:
                    values, error = trial, e
                    break
            else:
                steps[name] /= 2
        held_error = _error(held, weights_of(values))
        path.append((error, held_error))
        if held_error < best[0]:
            best = (held_error, round_no, dict(values), error)
    held_error, kept, values, train_error = best
    return Fit(values, train_error, held_error, start_train, start_held, kept, path)
