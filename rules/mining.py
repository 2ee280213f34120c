"""Mining: the work steps of R-MINE-1..8, their legality, and a step-by-step planner.

A whole mining turn is one rules action (`Mine(steps, plan)`). The bot's mining console
and computer players build the plan one step at a time with `MinePlanner`, which lists
the legal next steps after the steps so far and undoes them.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .actions import CageTo, Fill, Load, Mine, Source, Store, step_cost
from .components import CAGE_CAPACITY, ORDER_CARDS, SURFACE
from .errors import IllegalAction, RulesReason
from .events import FilledOrder, Mined
from .state import GameState, Player

MineStep = CageTo | Load | Store | Fill

# Steps are frozen models: build each distinct one once and reuse it.
CAGE_STEPS = tuple(CageTo(level=lv) for lv in range(5))
LOAD_STEPS = tuple(Load(colour=c) for c in range(4))
STORE_STEPS = tuple(Store(colour=c) for c in range(4))
_FILLS: dict[tuple[int, int, tuple[int, ...], tuple[Source, ...]], Fill] = {}


def fill_step(order: int, spot: int, cubes: tuple[int, ...], sources: tuple[Source, ...]) -> Fill:
    """The fill step of these fields, built once and shared (steps are frozen)."""
    key = (order, spot, cubes, sources)
    step = _FILLS.get(key)
    if step is None:
        step = _FILLS[key] = Fill(order=order, spot=spot, cubes=cubes, sources=sources)
    return step


def step_problem(p: Player, step: MineStep, steps_left: int) -> IllegalAction | None:
    """Why `step` cannot be taken now in `p`'s pit, or None if it can."""
    cost = step_cost(step)
    if cost > steps_left:
        if steps_left <= 0:
            return IllegalAction(RulesReason.NO_STEP_LEFT)
        return IllegalAction(RulesReason.STEPS_SHORT, cost=cost, left=steps_left)
    level = p.cage_level
    if isinstance(step, CageTo):
        if step.level == level:
            return IllegalAction(RulesReason.CAGE_ALREADY_THERE, level=level)
        return None
    if isinstance(step, Load):
        if level == SURFACE:
            return IllegalAction(RulesReason.CAGE_AT_SURFACE)
        if step.colour not in p.carts[level - 1]:
            if step.colour != level - 1:
                return IllegalAction(RulesReason.CAGE_ELSEWHERE, level=level)
            return IllegalAction(RulesReason.CARTS_EMPTY, level=level)
        if p.cage_free() <= 0:
            return IllegalAction(RulesReason.CAGE_FULL, capacity=CAGE_CAPACITY)
        return None
    if isinstance(step, Store):
        if level != SURFACE:
            return IllegalAction(RulesReason.STORE_BELOW_SURFACE, level=level)
        if p.cage[step.colour] <= 0:
            return IllegalAction(RulesReason.CAGE_HAS_NO_CUBE, colour=step.colour)
        return None
    return _fill_problem(p, step)


def _fill_problem(p: Player, step: Fill) -> IllegalAction | None:
    if len(step.sources) != len(step.cubes):
        return IllegalAction(RulesReason.FILL_SOURCES)
    if step.order > len(p.orders):
        have = len(p.orders)
        if not have:
            return IllegalAction(RulesReason.NO_ORDERS)
        return IllegalAction(RulesReason.NO_SUCH_ORDER, order=step.order, have=have)
    order = p.orders[step.order - 1]
    card = ORDER_CARDS[order.card]
    if step.spot > len(card.spots):
        return IllegalAction(RulesReason.NO_SUCH_SPOT, order=step.order, spot=step.spot, spots=len(card.spots))
    if order.spots[step.spot - 1]:
        return IllegalAction(RulesReason.SPOT_FILLED, order=step.order, spot=step.spot)
    wanted = card.spots[step.spot - 1]
    if len(step.cubes) == 1 and step.cubes[0] != wanted:
        return IllegalAction(
            RulesReason.WRONG_COLOUR, order=step.order, spot=step.spot, wanted=wanted, colour=step.cubes[0]
        )
    need: dict[tuple[int, Source], int] = {}
    for cube, source in zip(step.cubes, step.sources, strict=True):
        need[(cube, source)] = need.get((cube, source), 0) + 1
    for (cube, source), count in need.items():
        if source == "cage":
            if p.cage_level != SURFACE:
                return IllegalAction(RulesReason.FILL_BELOW_SURFACE, level=p.cage_level)
            if p.cage[cube] < count:
                return IllegalAction(RulesReason.CAGE_HOLDS, colour=cube, count=p.cage[cube])
        elif p.storage[cube] < count:
            return IllegalAction(RulesReason.STORAGE_HOLDS, colour=cube, count=p.storage[cube])
    return None


def do_step(p: Player, step: MineStep) -> None:
    """Carry out a step already checked by `step_problem`, changing `p`'s pit."""
    if isinstance(step, CageTo):
        p.cage_level = step.level
    elif isinstance(step, Load):
        carts = p.carts[p.cage_level - 1]
        # Take from the most recently added cart holding that colour.
        for k in range(len(carts) - 1, -1, -1):
            if carts[k] == step.colour:
                carts[k] = -1
                break
        p.cage[step.colour] += 1
    elif isinstance(step, Store):
        p.cage[step.colour] -= 1
        p.storage[step.colour] += 1
    else:
        for cube, source in zip(step.cubes, step.sources, strict=True):
            (p.cage if source == "cage" else p.storage)[cube] -= 1
        p.orders[step.order - 1] = p.orders[step.order - 1].with_spot(step.spot - 1, list(step.cubes))


def next_steps(p: Player, steps_left: int) -> list[MineStep]:
    """Every step that may be taken next in `p`'s pit with `steps_left` work steps."""
    if steps_left <= 0:
        return []
    level = p.cage_level
    out: list[MineStep] = [CAGE_STEPS[lv] for lv in range(5) if lv != level]
    if level != SURFACE:
        if sum(p.cage) < 5:
            out += [LOAD_STEPS[c] for c in range(4) if c in p.carts[level - 1]]
        at_surface = False
    else:
        out += [STORE_STEPS[c] for c in range(4) if p.cage[c]]
        at_surface = True
    cage, storage = p.cage, p.storage
    # Cubes that may go on order spots, as (colour, source) with how many there are.
    items: list[tuple[int, Source, int]] = [(c, "storage", storage[c]) for c in range(4) if storage[c]]
    if at_surface:
        items = [(c, "cage", cage[c]) for c in range(4) if cage[c]] + items
    if not items:
        return out
    pairs: list[tuple[tuple[int, ...], tuple[Source, ...]]] = []
    if steps_left >= 2:
        for a, b in combinations_with_replacement(range(len(items)), 2):
            if a != b or items[a][2] >= 2:
                pairs.append(((items[a][0], items[b][0]), (items[a][1], items[b][1])))
    for o, order in enumerate(p.orders, start=1):
        spots = ORDER_CARDS[order.card].spots
        for s, filled in enumerate(order.spots, start=1):
            if filled:
                continue
            wanted = spots[s - 1]
            for colour, source, _ in items:
                if colour == wanted:
                    out.append(fill_step(o, s, (colour,), (source,)))
            for cubes, sources in pairs:
                out.append(fill_step(o, s, cubes, sources))
    return out


class MinePlanner:
    """Build a mining plan step by step: legal next steps, push, undo, then the action.

    planner = MinePlanner(state, 8)
    planner.push(CageTo(level=3))  # the cage down to the grey level
    planner.next_steps()  # [CageTo(level=0), ..., Load(colour=2), ...]
    state, events = apply(state, planner.action())
    """

    def __init__(self, state: GameState, steps: int, seat: int | None = None) -> None:
        self.seat = state.current if seat is None else seat
        self.steps = steps
        self._start = state.players[self.seat]
        self.plan: list[MineStep] = []
        self.pit = self._start.clone()
        self.used = 0

    @property
    def steps_left(self) -> int:
        return self.steps - self.used

    def next_steps(self) -> list[MineStep]:
        return next_steps(self.pit, self.steps_left)

    def push(self, step: MineStep) -> None:
        """Take `step`; raises IllegalAction (with `step` and `step_text` in its params) if it can't be."""
        problem = step_problem(self.pit, step, self.steps_left)
        if problem:
            raise problem.in_step(len(self.plan) + 1, str(step))
        do_step(self.pit, step)
        self.plan.append(step)
        self.used += step_cost(step)

    def undo(self) -> MineStep | None:
        """Take back the last step (replaying the rest from the start); return it."""
        if not self.plan:
            return None
        last = self.plan[-1]
        steps = self.plan[:-1]
        self.reset()
        for step in steps:
            self.push(step)
        return last

    def reset(self) -> None:
        """Take back every step: the pit as it was before the mining."""
        self.plan, self.pit, self.used = [], self._start.clone(), 0

    def action(self) -> Mine:
        """The mining action with the plan so far (pydantic checks `steps` is 4, 6, 8 or 10)."""
        return Mine.model_validate({"steps": self.steps, "plan": self.plan})


def run_plan(p: Player, mine: Mine) -> None:
    """Carry out a whole plan on `p` (a copy the caller owns); raises on the first bad step."""
    left: int = mine.steps
    for k, step in enumerate(mine.plan, start=1):
        problem = step_problem(p, step, left)
        if problem:
            raise problem.in_step(k, str(step))
        do_step(p, step)
        left -= step_cost(step)


def mined_event(p_before: Player, mine: Mine) -> Mined:
    """The public summary of a mining turn: cubes loaded and stored by colour, orders filled.

    `p_before` is the pit before the plan (order numbers in the plan refer to it).
    """
    loaded = [0, 0, 0, 0]
    stored = [0, 0, 0, 0]
    filled: dict[int, list[tuple[int, ...]]] = {}
    for step in mine.plan:
        if isinstance(step, Load):
            loaded[step.colour] += 1
        elif isinstance(step, Store):
            stored[step.colour] += 1
        elif isinstance(step, Fill):
            filled.setdefault(step.order, []).append(step.cubes)
    return Mined(
        player=p_before.name,
        steps=mine.steps,
        loaded=(loaded[0], loaded[1], loaded[2], loaded[3]),
        filled=tuple(
            FilledOrder(card=p_before.orders[order - 1].card, cubes=tuple(cubes)) for order, cubes in filled.items()
        ),
        stored=(stored[0], stored[1], stored[2], stored[3]),
    )
