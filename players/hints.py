"""Hints: the hard level's best moves for the seat to move, with what each expects, as data.

No words here: the bot turns a `Hint` into a sentence in the player's language.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.actions import Fill, Load
from rules.state import GameState, Player

from .levels import Hard

__all__ = ["Hint", "hints"]


class Hint(BaseModel):
    """One suggested action and what it does for the seat (all changes are the action's own)."""

    action: str  # text form, `rules.parse_action` reads it
    rank: int  # 1 = best
    expected_lead: float  # worth after a round of look-ahead: estimated final VP lead over rivals
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


def hints(view: GameState, seed: int, n: int = 3) -> list[Hint]:
    """The hard level's best `n` actions for the seat to move (fewer if fewer are legal), best first.

    `view` is `rules.view(state, name)` for the seat to move; nothing is changed.
    """
    if view.phase == "over" or n < 1:
        return []
    seat = view.current
    candidates, _, _ = Hard().effort(len(view.players))
    # The same search as the hard level's move, widened when more hints are asked for.
    scored = Hard(candidates=max(candidates, n)).evaluate(view, seed)
    before = view.players[seat]
    return [
        _hint(cand.action, k, lead, before, cand.after.players[seat])
        for k, (cand, lead) in enumerate(scored[:n], start=1)
    ]
