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

__all__ = ["Hint", "describe", "hints"]


class Hint(BaseModel):
    """One suggested action and what it does for the seat (all changes are the action's own)."""

    action: str  # text form, `rules.parse_action` reads it
    rank: int  # 1 = best
    # the expected final VP lead over the best rival, on average: at two players (from 1 s of CPU) over the
    # honest tree's playouts to the end (`players.expert`, tree_from); else over the tree search's playouts for
    # the expert's best three (deepening), over its look-aheads for the rest
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
    # the same in the game's terms, for a reason a player reads ("completes your truck 9 VP order"): the
    # order cards it delivers, makes complete, puts cubes on without completing, and takes; the tunnel tile it
    # buys; the shift-clock elements (0-based, R-SHIFT-2) of the coming scoring it puts the seat first in
    delivered_cards: tuple[int, ...] = ()
    completed_cards: tuple[int, ...] = ()
    advanced_cards: tuple[int, ...] = ()
    advanced_filled: int = 0  # the spots filled, after it, on the first of `advanced_cards`
    taken_cards: tuple[int, ...] = ()
    tile: int | None = None
    first_in: tuple[int, ...] = ()
    # whether `expected_lead` has settled enough to be told as a final margin: in the last shift
    # (bench/why_lead.py: between a seat's consecutive decisions it moves by a median of 6.7 and 4.9 VP in
    # shifts 1 and 2, 1.3 in the third, where its error against the real final margin falls to 7 VP from 20-30)
    settled: bool = False


def first_elements(state: GameState, seat: int) -> tuple[int, ...]:
    """The elements of the coming shift scoring `seat` has the most of (ties included, at least 1)."""
    table = [clock_counts(p) for p in state.players]
    elements = ELEMENTS_SCORED[min(state.shift, SHIFTS)]
    return tuple(e for e in range(elements) if table[seat][e] >= 1 and table[seat][e] == max(r[e] for r in table))


def firsts(state: GameState, seat: int) -> int:
    """How many elements of the coming shift scoring `seat` has the most of (ties included, at least 1)."""
    return len(first_elements(state, seat))


def _complete(p: Player) -> int:
    return sum(1 for order in p.orders if order.complete)


def _hint(action, rank: int, lead: float, world: GameState, after_state: GameState) -> Hint:
    """`action` as a hint of `rank`, played in the sampled game `world` (giving `after_state`)."""
    seat = world.current
    before, after = world.players[seat], after_state.players[seat]
    delivered = len(after.delivered) - len(before.delivered)
    plan = getattr(action, "plan", ())
    complete_before = {o.card for o in before.orders if o.complete}
    cubes_before = {o.card: sum(map(len, o.spots)) for o in before.orders}
    delivered_cards = tuple(c for c in after.delivered if c not in before.delivered)
    completed = tuple(o.card for o in after.orders if o.complete and o.card not in complete_before)
    advanced = tuple(
        o.card
        for o in after.orders
        if not o.complete and o.card in cubes_before and sum(map(len, o.spots)) > cubes_before[o.card]
    )
    taken = tuple(o.card for o in after.orders if o.card not in cubes_before and o.card not in delivered_cards)
    tiles = [t for t in after.tiles if t not in before.tiles]
    # a shift scored meanwhile: the scoring it leads in is not the one that was coming
    firsts_after = set(first_elements(after_state, seat)) if after_state.shift == world.shift else set()
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
        delivered_cards=delivered_cards,
        completed_cards=completed,
        advanced_cards=advanced,
        advanced_filled=next(
            (sum(1 for x in o.spots if x) for o in after.orders if advanced and o.card == advanced[0]), 0
        ),
        taken_cards=taken,
        tile=tiles[0] if tiles else None,
        first_in=tuple(sorted(firsts_after - set(first_elements(world, seat)))),
        settled=world.shift >= SHIFTS,
    )


def describe(action, lead: float, world: GameState, after_state: GameState) -> Hint:
    """What `action` does for the seat to move in the sampled game `world`, as a hint (rank 1): the post-game
    review's words for the expert's alternative (`players.review`)."""
    return _hint(action, 1, lead, world, after_state)


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
