"""The greedy player: delivers what is complete, mines towards its orders, buys the coal it lacks.

It began as the demo player of `rendering.samples` (which still uses `demo_action` for its
sample games, unchanged move for move) and is the `easy` level: quick, readable, sensible.
It only looks at what the state in hand shows, so given a player's view it never cheats.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from rules import legal_actions
from rules.actions import (
    Action,
    CageTo,
    Deliver,
    DraftPick,
    Fill,
    Load,
    Mine,
    PlaceFactory,
    Store,
    TakeMoney,
    TakeOrder,
)
from rules.components import ORDER_CARDS, TILES
from rules.mining import MinePlanner
from rules.record import Chooser, random_action
from rules.state import GameState, Player

__all__ = ["demo_action", "greedy_action", "open_spots"]


def open_spots(p: Player) -> Counter:
    """Colours the player's empty order spots ask for."""
    need: Counter = Counter()
    for order in p.orders:
        for colour, on in zip(ORDER_CARDS[order.card].spots, order.spots, strict=True):
            if not on:
                need[colour] += 1
    return need


def _wanted(p: Player) -> Counter:
    """Colours still to mine for the orders: open spots less the cubes already in cage and storage."""
    need = open_spots(p)
    return Counter({c: need[c] - p.cage[c] - p.storage[c] for c in range(4)})


def _plan(state: GameState, steps: Literal[4, 6, 8, 10]) -> tuple[Mine, int]:
    """A greedy mining plan towards the player's orders, and how useful it is."""
    planner = MinePlanner(state, steps)
    value = 0
    while True:
        pit = planner.pit
        need, wanted = open_spots(pit), _wanted(pit)
        in_cage = sum(pit.cage)
        useful_in_cage = sum(min(pit.cage[c], need[c]) for c in range(4))
        best, best_score = None, 0
        for step in planner.next_steps():
            score = 0
            if isinstance(step, Fill):
                score = 100 if len(step.cubes) == 1 else 0
            elif isinstance(step, Load):
                # Coal for the orders first; spare coal too (it empties carts and counts at the end).
                score = 50 + step.colour if wanted[step.colour] > 0 else 8
            elif isinstance(step, CageTo):
                if step.level == 0:
                    if useful_in_cage:
                        score = 60 if planner.steps_left <= useful_in_cage + 1 else 30
                elif in_cage < 5 and (step.level - 1) in pit.carts[step.level - 1]:
                    score = 40 + step.level if wanted[step.level - 1] > 0 else 5 - step.level
            elif isinstance(step, Store):
                score = 10 if pit.cage[step.colour] > need[step.colour] else 0
            if score > best_score:
                best, best_score = step, score
        if best is None:
            break
        planner.push(best)
        value += 3 if isinstance(best, Fill) else (1 if isinstance(best, Load) else 0)
    return planner.action(), value


def demo_action(state: GameState, chooser: Chooser):
    """A plausible action for the player to move (see the module docstring)."""
    if state.phase == "draft":
        options = [a for a in legal_actions(state) if isinstance(a, DraftPick)]
        cards = [state.draft_cards[a.card - 1] or 0 for a in options]  # options are cards on offer
        best = min(len(ORDER_CARDS[c].spots) for c in cards)
        return chooser.choice([a for a, c in zip(options, cards, strict=True) if len(ORDER_CARDS[c].spots) == best])
    if state.phase != "turn" or chooser.below(8) == 0:
        return random_action(state, chooser)
    legal = legal_actions(state)
    seat = state.current
    p = state.players[seat]
    for action in legal:
        if isinstance(action, Deliver):
            return action
    mines = [a for a in legal if isinstance(a, Mine)]
    plans = sorted((_plan(state, a.steps) for a in mines), key=lambda pv: (-pv[1], pv[0].steps))
    if plans and plans[0][1] >= 3:
        return plans[0][0]
    need = _wanted(p)
    if len(p.orders) < 3:
        takes = [a for a in legal if isinstance(a, TakeOrder) and a.space != "draw"]
        if takes:
            return chooser.choice(takes)
    have = Counter(c for level in p.carts for c in level if c >= 0)
    short = [c for c in range(4) if need[c] > have[c]]
    buys = [a for a in legal if isinstance(a, PlaceFactory) and a.space != "draw"]
    on_offer = {a.space: TILES[state.factory[int(a.space) - 1] or 0] for a in buys}  # bought spaces hold tiles
    light, dark = p.tiles_by_side()
    for colour in short:
        fitting = [a for a in buys if on_offer[a.space].colour == colour]
        fitting.sort(key=lambda a: on_offer[a.space].dark == (dark > light))
        if fitting:
            return fitting[0]
    if plans and plans[0][1] > 0:
        return plans[0][0]
    money = sorted((a for a in legal if isinstance(a, TakeMoney)), key=lambda a: -a.amount)
    if money and p.marks < 8:
        return money[0]
    if buys and chooser.below(2) == 0:
        return chooser.choice(buys)
    others: list[Action] = [a for a in legal if not isinstance(a, Mine)]
    return chooser.choice(others or legal)


def greedy_action(state: GameState, chooser: Chooser):
    """The easy level: `demo_action` without its random eighth of moves."""
    if state.phase != "turn":
        return demo_action(state, chooser)
    return demo_action(state, _NeverWander(chooser))


class _NeverWander(Chooser):
    """A chooser whose first `below(8)` is never 0, so `demo_action` does not play at random."""

    def __init__(self, chooser: Chooser):
        self._chooser = chooser
        self._first = True

    def below(self, n: int) -> int:
        if self._first:
            self._first = False
            return 1
        return self._chooser.below(n)

    def choice(self, items: list):
        return self._chooser.choice(items)
