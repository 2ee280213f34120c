"""The mining console and a pit in words: steps, fills, the pit's carts, cage, storage and orders."""

from __future__ import annotations

from bot.i18n import N_, Nn_, Np_, _
from bot.play.plan_words import in_language
from bot.words.common import listing, plural, sentences
from bot.words.rules import at_level, colour_name, cubes, cubes_by_colour, vehicle_name
from rules import Fill, MinePlanner, Player
from rules.components import ORDER_CARDS

CONSOLE = N_("**Mining {steps}** — {left} of {steps} steps left; nothing happens before Confirm.\nPlan: {plan}")
NO_STEP = N_("no step yet")
NOTHING_PLANNED = N_(
    "⚠️ Nothing is planned: the worker would mine nothing. Add steps, or press **Confirm** again to place it anyway."
)
CAGE = N_("Cage {level}")
LOAD = N_("Load {colour}")
STORE = N_("Store {colour}")
# A fill as the plan writes it ("fill 2.1 black", in the reader's keywords), then whose spot it is
FILL = N_("{plan} — {vehicle} {vp} VP")
FILL_PLACEHOLDER = N_("Fill an order spot")
MORE_FILLS = N_(" ({count} possible; the first {shown} shown — use a plan for the rest)")
UNDO = N_("Undo step")
TYPE_PLAN = N_("Type a plan")
PLAN_TITLE = N_("Mining {steps}: your plan")  # a modal's title: at most 45 characters
PLAN_LABEL = N_("Steps, separated by commas")  # a text input's label: at most 45 characters
# The modal's placeholder: the plan grammar's English keywords, shown in the reader's (bot.play.plan_words)
EXAMPLE_PLAN = "cage grey, load grey, cage surface, fill 1.1 grey"
CONFIRM = N_("Confirm")
CANCEL = N_("Cancel")
CANCELLED = N_("Mining cancelled; no workers were placed.")
MINED = N_("Mined: `{action}`.")

# An empty cage or storage has its own sentence ("empty", agreeing with its noun), never "nothing" pasted in.
CAGE_AT = {False: N_("Cage {at}, holding {cage}."), True: N_("Cage {at}, empty.")}
STORAGE = {False: N_("Storage: {storage}."), True: N_("Storage empty.")}
CARTS_SEPARATOR = Np_("carts of the levels", "; ")  # between the levels' carts (Japanese: a full-width ；)
LEVEL_CARTS = Nn_("{colour} level, {n} cart: {held}", "{colour} level, {n} carts: {held}")
EMPTY_CARTS = Nn_("{n} empty", "{n} empty")
CARTS = N_("Carts — {levels}.")
ORDERS = N_("Orders:")
# The console's heading of the orders, where its menu and the typed plan meet: the one notation, said once
ORDERS_NUMBERED = N_("Orders (a spot is written as in plans: 2.1 is order 2, spot 1):")
NO_ORDERS = N_("No outstanding order.")
ORDER = N_("{number}. {vehicle} {vp} VP — {spots}")
SPOT = N_("{order}.{spot} {want} ({filled})")
EMPTY = Np_("order spot", "empty")  # an order card's spot with no cube on it


def fill_label(planner: MinePlanner, step: Fill) -> str:
    """A fill as a plan writes it, in the reader's keywords, and the order it serves: "fill 2.1 black — truck
    9 VP" (the one notation of the console's menu, its typed plans and the orders listed above them)."""
    card = ORDER_CARDS[planner.pit.orders[step.order - 1].card]
    return _(FILL).format(plan=in_language(str(step)), vehicle=vehicle_name(card.vehicle_name), vp=card.vp)


def console_head(planner: MinePlanner) -> str:
    """The console's first block: the mining space, the steps left and the plan so far."""
    plan = in_language(", ".join(str(s) for s in planner.plan)) or _(NO_STEP)
    return _(CONSOLE).format(steps=planner.steps, left=planner.steps_left, plan=plan)


def order_text(p: Player) -> list[str]:
    """Outstanding orders numbered as plans use them: "1. carriage 9 VP — 1.1 black (empty), ..."."""
    lines = []
    for k, order in enumerate(p.orders, start=1):
        card = ORDER_CARDS[order.card]
        spots = []
        for s, (want, on_spot) in enumerate(zip(card.spots, order.spots, strict=True), start=1):
            filled = "+".join(colour_name(c) for c in on_spot) if on_spot else _(EMPTY)
            spots.append(_(SPOT).format(order=k, spot=s, want=colour_name(want), filled=filled))
        lines.append(
            _(ORDER).format(number=k, vehicle=vehicle_name(card.vehicle_name), vp=card.vp, spots=listing(spots))
        )
    return lines


def pit_text(p: Player) -> str:
    """A player's pit in words: the cage, storage and carts, then the orders."""
    return "\n".join((cage_and_carts(p), orders_text(p)))


def cage_and_carts(p: Player) -> str:
    """Where the cage is and what it, the storage and each level's carts hold."""
    carts = []
    for level, level_carts in enumerate(p.carts):
        # what each level's carts hold: "brown level, 4 carts: 1 brown cube, 3 empty"
        held = [cubes(c, level_carts.count(c)) for c in range(4) if c in level_carts]
        empty = sum(1 for c in level_carts if c < 0)
        if empty:
            held.append(plural(empty, *EMPTY_CARTS))
        carts.append(plural(len(level_carts), *LEVEL_CARTS, colour=colour_name(level), held=listing(held)))
    cage, storage = cubes_by_colour(p.cage), cubes_by_colour(p.storage)
    return "\n".join(
        (
            sentences(
                [
                    _(CAGE_AT[not cage]).format(at=at_level(p.cage_level), cage=cage),
                    _(STORAGE[not storage]).format(storage=storage),
                ]
            ),
            _(CARTS).format(levels=_(CARTS_SEPARATOR).join(carts)),
        )
    )


def orders_text(p: Player, *, notation: bool = False) -> str:
    """The outstanding orders, numbered as plans use them, or that there is none; with `notation`, the heading
    says how a spot is written (the mining console, where the menu and a typed plan use it)."""
    orders = order_text(p)
    return "\n".join([_(ORDERS_NUMBERED if notation else ORDERS), *orders]) if orders else _(NO_ORDERS)
