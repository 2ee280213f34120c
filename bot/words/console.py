"""The mining console and a pit in words: steps, fills, the pit's carts, cage, storage and orders."""

from __future__ import annotations

from rules import Fill, MinePlanner, Player
from rules.components import COLOUR_NAMES, LEVEL_NAMES, ORDER_CARDS

from .common import plural

CONSOLE = (
    "**Mining {steps}** — {left} of {steps} steps left. Only you see this; "
    "nothing happens before Confirm.\nPlan: {plan}\n{pit}"
)
NO_STEP = "no step yet"
CAGE = "Cage {level}"
LOAD = "Load {colour}"
STORE = "Store {colour}"
FILL = "Order {order} spot {spot} ({vehicle} {vp}): {cubes}{source}"
FROM = " from {sources}"
FILL_PLACEHOLDER = "Fill an order spot"
MORE_FILLS = " ({count} possible; the first {shown} shown — use a plan for the rest)"
UNDO = "Undo step"
CONFIRM = "Confirm"
CANCEL = "Cancel"
CANCELLED = "Mining cancelled; no workers were placed."
MINED = "Mined: `{action}`."

CAGE_AT = "Cage at {level}, holding {cage}. Storage: {storage}."
CUBES = "{n} {colour}"
NOTHING = "nothing"
NO_COAL = "no coal"
LEVEL_CARTS_ONE = "{colour} level {n} cart: {held}"
LEVEL_CARTS_OTHER = "{colour} level {n} carts: {held}"
CARTS = "Carts — {levels}."
ORDERS = "Orders:"
NO_ORDERS = "No outstanding order."
ORDER = "{number}. {vehicle} {vp} VP — {spots}"
SPOT = "{order}.{spot} {want} ({filled})"
EMPTY = "empty"


def fill_label(planner: MinePlanner, step: Fill) -> str:
    card = ORDER_CARDS[planner.pit.orders[step.order - 1].card]
    sources = list(dict.fromkeys(step.sources))
    source = "" if set(sources) == {"cage"} else FROM.format(sources=" + ".join(sources))
    cubes = " + ".join(COLOUR_NAMES[c] for c in step.cubes)
    return FILL.format(
        order=step.order, spot=step.spot, vehicle=card.vehicle_name, vp=card.vp, cubes=cubes, source=source
    )


def console_text(planner: MinePlanner) -> str:
    plan = ", ".join(str(s) for s in planner.plan) or NO_STEP
    return CONSOLE.format(steps=planner.steps, left=planner.steps_left, plan=plan, pit=pit_text(planner.pit))


def order_text(p: Player) -> list[str]:
    """Outstanding orders numbered as plans use them: "1. carriage 9 VP — 1.1 black (empty), ..."."""
    lines = []
    for k, order in enumerate(p.orders, start=1):
        card = ORDER_CARDS[order.card]
        spots = []
        for s, (want, cubes) in enumerate(zip(card.spots, order.spots, strict=True), start=1):
            filled = "+".join(COLOUR_NAMES[c] for c in cubes) if cubes else EMPTY
            spots.append(SPOT.format(order=k, spot=s, want=COLOUR_NAMES[want], filled=filled))
        lines.append(ORDER.format(number=k, vehicle=card.vehicle_name, vp=card.vp, spots=", ".join(spots)))
    return lines


def pit_text(p: Player) -> str:
    """A player's pit in words, for the mining console."""
    carts = []
    for level, level_carts in enumerate(p.carts):
        cubes = [COLOUR_NAMES[c] for c in level_carts if c >= 0]
        held = ", ".join(cubes) if cubes else NO_COAL
        carts.append(
            plural(len(level_carts), LEVEL_CARTS_ONE, LEVEL_CARTS_OTHER, colour=COLOUR_NAMES[level], held=held)
        )
    cage = ", ".join(CUBES.format(n=n, colour=COLOUR_NAMES[c]) for c, n in enumerate(p.cage) if n) or NOTHING
    storage = ", ".join(CUBES.format(n=n, colour=COLOUR_NAMES[c]) for c, n in enumerate(p.storage) if n) or NOTHING
    lines = [
        CAGE_AT.format(level=LEVEL_NAMES[p.cage_level], cage=cage, storage=storage),
        CARTS.format(levels="; ".join(carts)),
    ]
    orders = order_text(p)
    lines += [ORDERS, *orders] if orders else [NO_ORDERS]
    return "\n".join(lines)
