"""Hints: the expert level's best moves for the seat to move, with what each expects, as data.

No words here: the bot turns a `Hint` into a sentence in the player's language.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import advance
from rules.actions import Fill, Load
from rules.state import GameState, Player

from .expert import Expert
from .knowledge import determinize

__all__ = ["Hint", "hints"]


class Hint(BaseModel):
    """One suggested action and what it does for the seat (all changes are the action's own)."""

    action: str  # text form, `rules.parse_action` reads it
    rank: int  # 1 = best
    expected_lead: float  # the expected final VP lead over the rivals its look-aheads reached, on average
    vp: int  # VP scored by the action itself (deliveries)
    orders_delivered: int
    orders_taken: int
    spots_filled: int
    cubes_loaded: int
    marks: int  # change in marks (negative: spent)
    workers: int  # workers the action places


def _hint(action, rank: int, lead: float, before: Player, after: Player) -> Hint:
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
    )


def hints(view: GameState, seed: int, n: int = 3, budget: float | None = 1.5, lookaheads: int = 600) -> list[Hint]:
    """The expert level's best `n` actions for the seat to move (fewer if fewer were judged), best
    first: the same search as its move (`budget` CPU seconds, or `lookaheads`), in its order.

    `view` is `rules.view(state, name)` for the seat to move; nothing is changed.
    """
    if view.phase == "over" or n < 1:
        return []
    seat = view.current
    before = view.players[seat]
    world = determinize(view, seed)  # what each move does to the seat's own pit is the same in every sample
    out = []
    for k, judged in enumerate(Expert(budget=budget, lookaheads=lookaheads).evaluate(view, seed)[:n], start=1):
        after = advance(world, judged.action)
        out.append(_hint(judged.action, k, judged.lead, before, after.players[seat]))
    return out
