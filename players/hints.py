"""Hints: the expert level's best moves for the seat to move, with what each expects, as data.

No words here: the bot turns a `Hint` into a sentence in the player's language.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import advance
from rules.actions import Fill, Load
from rules.components import ELEMENTS_SCORED, SHIFTS
from rules.state import GameState, Player

from .evaluate import clock_counts
from .expert import Expert
from .knowledge import determinize

__all__ = ["Hint", "hints"]


class Hint(BaseModel):
    """One suggested action and what it does for the seat (all changes are the action's own)."""

    action: str  # text form, `rules.parse_action` reads it
    rank: int  # 1 = best
    # the expected final VP lead over the best rival, on average: over the tree search's playouts for the
    # expert's best three (`players.expert`, deepening), over its look-aheads for the rest
    expected_lead: float
    vp: int  # VP scored by the action itself (deliveries)
    orders_delivered: int
    orders_taken: int
    spots_filled: int
    cubes_loaded: int
    marks: int  # change in marks (negative: spent)
    workers: int  # workers the action places
    # why, in the evaluation's terms: orders it makes complete (ready to deliver), and the
    # elements of the next shift scoring where the seat comes to have the most (R-SHIFT-1..4)
    completes: int = 0
    majorities: int = 0


def firsts(state: GameState, seat: int) -> int:
    """How many elements of the coming shift scoring `seat` has the most of (ties included, at least 1)."""
    table = [clock_counts(p) for p in state.players]
    elements = ELEMENTS_SCORED[min(state.shift, SHIFTS)]
    return sum(1 for e in range(elements) if table[seat][e] >= 1 and table[seat][e] == max(r[e] for r in table))


def _complete(p: Player) -> int:
    return sum(1 for order in p.orders if order.complete)


def _hint(action, rank: int, lead: float, world: GameState, after_state: GameState) -> Hint:
    seat = world.current
    before, after = world.players[seat], after_state.players[seat]
    delivered = len(after.delivered) - len(before.delivered)
    plan = getattr(action, "plan", ())
    return Hint(
        action=str(action),
        rank=rank,
        expected_lead=round(lead, 2),
        vp=after.vp - before.vp,
        orders_delivered=delivered,
        orders_taken=max(0, len(after.orders) + delivered - len(before.orders)),
        spots_filled=sum(1 for step in plan if isinstance(step, Fill)),
        cubes_loaded=sum(1 for step in plan if isinstance(step, Load)),
        marks=after.marks - before.marks,
        workers=before.workers - after.workers,
        completes=max(0, _complete(after) - _complete(before) + delivered),
        majorities=max(0, firsts(after_state, seat) - firsts(world, seat)),
    )


def hints(view: GameState, seed: int, n: int = 3, budget: float | None = 1.5, lookaheads: int = 600) -> list[Hint]:
    """The expert level's best `n` actions for the seat to move (fewer if fewer were judged), best
    first: the same search as its move (`budget` CPU seconds, or `lookaheads`), in its order.

    `view` is `rules.view(state, name)` for the seat to move; nothing is changed.
    """
    if view.phase == "over" or n < 1:
        return []
    world = determinize(view, seed)  # what each move does to the seat's own pit is the same in every sample
    out = []
    for k, judged in enumerate(Expert(budget=budget, lookaheads=lookaheads).evaluate(view, seed)[:n], start=1):
        out.append(_hint(judged.action, k, judged.lead, world, advance(world, judged.action)))
    return out
