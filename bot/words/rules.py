"""The rules' events and refusals in English sentences, and the names of the game's pieces.

One module (some 640 lines) on purpose: every event's sentence beside the others, so a translator and
the agreement tests see every frame a piece's name goes into in one place.

    describe_event(event) -> str        one event: "alice took 4 marks."
    describe_turn(events) -> str        a turn: placing workers and the action in one sentence
    explain(refusal) -> str             why the rules refused: "Mining 6 needs 5 workers; you have 3."

Each sentence is ONE format string with named placeholders (the catalogues take them
unchanged); a placeholder may hold a list or a name made by another template
here, never half a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from bot.i18n import N_, Nn_, Nnp_, Np_, _
from bot.play.plan_words import in_language, nearest_keyword
from bot.words.common import AND, LIST_SEPARATOR, listing, marks, plural, sentences, shown
from rules import (
    Banked,
    Bought,
    Delivered,
    Drafted,
    DraftOver,
    Drew,
    Event,
    GameOver,
    Kept,
    Mined,
    Placed,
    PlayerVP,
    Refusal,
    RulesReason,
    ShiftScored,
    ShiftStarted,
    StartPlayer,
    TookBack,
    TookMoney,
    TookOrder,
)
from rules.components import COLOUR_NAMES, LEVEL_NAMES, NO_COAL, ORDER_CARDS, SPACE_BY_KEY, TILES

# --- names of pieces ---------------------------------------------------------------------------

COLOURS = (N_("yellow"), N_("brown"), N_("grey"), N_("black"))
LEVELS = (N_("surface"), N_("yellow"), N_("brown"), N_("grey"), N_("black"))
VEHICLES = {"wheelbarrow": N_("wheelbarrow"), "carriage": N_("carriage"), "truck": N_("truck"), "train": N_("train")}
VEHICLE_TITLES = {
    "wheelbarrow": N_("Wheelbarrow"),
    "carriage": N_("Carriage"),
    "truck": N_("Truck"),
    "train": N_("Train"),
}
EMPTY_CART = Np_("cart", "empty")  # a cart with no cube on it
NO_SUBSTITUTE = Np_("substitute colour", "none")  # no colour instead: leave the cart empty (R-FAC-2)

SPACE_NAMES = {
    "factory": N_("Factory {number}"),
    "factory draw": N_("Factory draw"),
    "mine": N_("Mining {number}"),
    "deliver": N_("{vehicle} delivery"),
    "money": N_("Money {number}"),
    "order": N_("Order {number}"),
    "order draw": N_("Order draw"),
}
# Phrases whose words agree with a colour, a number or a space (gender, number, case): one message per
# whole phrase, never a colour pasted into a frame (tests/i18n/test_agreement.py).
TILE_NAMES = {  # (carts, dark side, colour)
    (1, False, 0): N_("1 yellow cart, light"),
    (1, False, 1): N_("1 brown cart, light"),
    (1, False, 2): N_("1 grey cart, light"),
    (1, False, 3): N_("1 black cart, light"),
    (1, True, 0): N_("1 yellow cart, dark"),
    (1, True, 1): N_("1 brown cart, dark"),
    (1, True, 2): N_("1 grey cart, dark"),
    (1, True, 3): N_("1 black cart, dark"),
    (2, False, 0): N_("2 yellow carts, light"),
    (2, False, 1): N_("2 brown carts, light"),
    (2, False, 2): N_("2 grey carts, light"),
    (2, False, 3): N_("2 black carts, light"),
    (2, True, 0): N_("2 yellow carts, dark"),
    (2, True, 1): N_("2 brown carts, dark"),
    (2, True, 2): N_("2 grey carts, dark"),
    (2, True, 3): N_("2 black carts, dark"),
}
CUBES = (  # "2 grey cubes": a count of coal cubes of one colour, as a list's item or a subject
    Nn_("{n} yellow cube", "{n} yellow cubes"),
    Nn_("{n} brown cube", "{n} brown cubes"),
    Nn_("{n} grey cube", "{n} grey cubes"),
    Nn_("{n} black cube", "{n} black cubes"),
)
# TRANSLATORS: the same counts as the object of a verb ("loaded 1 grey cube", "the cage holds 2 black
# cubes", "needs 1 yellow cube"): in the case your language's object takes (German: "1 grauen Würfel").
CUBES_OBJECT = (
    Nnp_("object", "{n} yellow cube", "{n} yellow cubes"),
    Nnp_("object", "{n} brown cube", "{n} brown cubes"),
    Nnp_("object", "{n} grey cube", "{n} grey cubes"),
    Nnp_("object", "{n} black cube", "{n} black cubes"),
)
AT_LEVEL = (  # where the cage is: "the cage is at the grey level"
    N_("at the surface"),
    N_("at the yellow level"),
    N_("at the brown level"),
    N_("at the grey level"),
    N_("at the black level"),
)
# an order card with the colours of its spots in words ("Carriage 9 VP (black, black)"; letters such as
# (KK) were explained nowhere, issue 74)
CARD_NAME = N_("{vehicle} {vp} VP ({spots})")
ORDER_LABEL = N_("{vehicle} {vp} VP")  # an order card named without its colour letters, as a label

# The shift clock's twelve elements (R-SHIFT-1), each a whole phrase (its words agree with its colour).
CLOCK_NAMES = (
    N_("Delivered yellow spots"),
    N_("Delivered brown spots"),
    N_("Delivered grey spots"),
    N_("Delivered black spots"),
    N_("Spots delivered by wheelbarrow"),
    N_("Spots delivered by carriage"),
    N_("Spots delivered by truck"),
    N_("Spots delivered by train"),
    N_("Empty carts on the yellow level"),
    N_("Empty carts on the brown level"),
    N_("Empty carts on the grey level"),
    N_("Empty carts on the black level"),
)


def clock_names_of(elements: Iterable[int]) -> list[str]:
    """The names of shift-clock elements (0-based, R-SHIFT-2) in the language being spoken."""
    return [_(CLOCK_NAMES[e]) for e in elements]


ALTERNATIVES = N_(" or ")


def cubes(colour: int, count: int, *, as_object: bool = False) -> str:
    """A count of cubes of one colour, agreeing in every language: "1 grey cube", "2 grey cubes"; in the case
    of a verb's object with `as_object` (German: "1 grauen Würfel")."""
    return plural(count, *(CUBES_OBJECT if as_object else CUBES)[colour])


def at_level(level: int) -> str:
    """Where the cage is (0 is the surface): "at the surface", "at the grey level"."""
    return _(AT_LEVEL[level])


def colour_name(colour: int) -> str:
    """A coal colour in words: "grey"."""
    return _(COLOURS[colour])


def level_name(level: int) -> str:
    """A level of the pit in words (0 is the surface): "surface", "brown"."""
    return _(LEVELS[level])


def vehicle_name(vehicle: str) -> str:
    """A vehicle in words, lower case: "carriage"."""
    return _(VEHICLES[vehicle])


def vehicle_title(vehicle: str) -> str:
    """A vehicle as a label, capitalised: "Carriage"."""
    return _(VEHICLE_TITLES[vehicle])


def space_name(key: str) -> str:
    """How a player calls a worker space: "Factory 3", "Mining 8", "Carriage delivery"."""
    space = SPACE_BY_KEY[key]
    if space.is_draw:
        return _(SPACE_NAMES[key])
    if space.group == "deliver":
        return _(SPACE_NAMES["deliver"]).format(vehicle=_(VEHICLE_TITLES[str(space.value)]))
    return _(SPACE_NAMES[space.group]).format(number=space.value)


def tile_name(tile_id: int) -> str:
    """A tunnel tile: "2 grey carts, light"."""
    tile = TILES[tile_id]
    return _(TILE_NAMES[(tile.carts, tile.dark, tile.colour)])


def card_name(card_id: int) -> str:
    """An order card: "Carriage 9 VP (black, black)"."""
    card = ORDER_CARDS[card_id]
    spots = listing(colour_name(c) for c in card.spots)
    return _(CARD_NAME).format(vehicle=_(VEHICLE_TITLES[card.vehicle_name]), vp=card.vp, spots=spots)


def order_label(card_id: int) -> str:
    """An order card by its vehicle and VP, as a label: "Carriage 9 VP"."""
    card = ORDER_CARDS[card_id]
    return _(ORDER_LABEL).format(vehicle=_(VEHICLE_TITLES[card.vehicle_name]), vp=card.vp)


def _and(items: Sequence[str]) -> str:
    return _(AND).join(items)


def cubes_by_colour(counts: Sequence[int], *, as_object: bool = False) -> str:
    """ "1 yellow cube, 2 grey cubes" for counts by colour (a verb's object with `as_object`)."""
    return _(LIST_SEPARATOR).join(cubes(c, n, as_object=as_object) for c, n in enumerate(counts) if n)


def _cube_names(cubes: Sequence[int]) -> str:
    """ "grey+brown": the cubes on one spot."""
    return "+".join(_(COLOURS[c]) for c in cubes)


def _scores(scores: Sequence[PlayerVP]) -> str:
    return _(LIST_SEPARATOR).join(_(PLAYER_SCORE).format(player=s.player, vp=s.vp) for s in scores)


# --- events ---------------------------------------------------------------------------------------

PLAYER_SCORE = N_("{player} {vp}")

# Placing workers (R-TURN-2): alone, and as one sentence with the action that follows.
# Index 0: no worker displaced; 1: the player's own workers; 2: another player's.
PLACED = (
    N_("{player} placed 1 worker on {space}."),
    N_("{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen."),
    N_("{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} to the canteen."),
)
BOUGHT = N_("{player} bought a tile ({tile}) for {price}.")
BOUGHT_SHORT = N_("{player} bought a tile ({tile}) for {price}; the supply was short, carts got {carts}.")
# what a draw space shows, the count and its words together: 5, or fewer when the deck runs low
TOP_TILES = Nn_("the top tile", "the top {n} tiles")
TOP_CARDS = Nn_("the top order card", "the top {n} order cards")
DREW = N_("{player} looked at {top}.")
MINED = N_("{player} mined: {plan}.")
DELIVERED = N_("{player} delivered {orders} for {vp} VP.")
TOOK_MONEY = N_("{player} took {amount} marks.")
TOOK_ORDER = N_("{player} took the order {card}.")

PLACED_AND = {
    BOUGHT: (
        N_("{player} placed 1 worker on {space} and bought a tile ({tile}) for {price}."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and bought a tile ({tile}) for {price}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and bought a tile ({tile}) for {price}."
        ),
    ),
    BOUGHT_SHORT: (
        N_(
            "{player} placed 1 worker on {space} and bought a tile ({tile}) for {price}; "
            "the supply was short, carts got {carts}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and bought a tile ({tile}) for {price}; the supply was short, carts got {carts}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and bought a tile ({tile}) for {price}; the supply was short, carts got {carts}."
        ),
    ),
    DREW: (
        N_("{player} placed 1 worker on {space} and looked at {top}."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and looked at {top}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and looked at {top}."
        ),
    ),
    MINED: (
        N_("{player} placed 1 worker on {space} and mined: {plan}."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and mined: {plan}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and mined: {plan}."
        ),
    ),
    DELIVERED: (
        N_("{player} placed 1 worker on {space} and delivered {orders} for {vp} VP."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and delivered {orders} for {vp} VP."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and delivered {orders} for {vp} VP."
        ),
    ),
    TOOK_MONEY: (
        N_("{player} placed 1 worker on {space} and took {amount} marks."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and took {amount} marks."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and took {amount} marks."
        ),
    ),
    TOOK_ORDER: (
        N_("{player} placed 1 worker on {space} and took the order {card}."),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of their own to the canteen "
            "and took the order {card}."
        ),
        N_(
            "{player} placed {workers} workers on {space}, sending {displaced} of the workers of {owner} "
            "to the canteen and took the order {card}."
        ),
    ),
}

# What went back after a draw, counted with its words: "the other 4 cards", "all 5 tiles".
RETURNED = {
    (True, "tile"): Nn_("the other tile", "the other {n} tiles"),
    (True, "card"): Nn_("the other card", "the other {n} cards"),
    (False, "tile"): Nn_("the tile", "all {n} tiles"),
    (False, "card"): Nn_("the card", "all {n} cards"),
}
# After a draw space: what was kept (nothing, a tile, an order card), where the rest went.
KEPT = {
    ("nothing", "top"): N_("{player} kept nothing, and put {returned} back on the top."),
    ("nothing", "bottom"): N_("{player} kept nothing, and put {returned} back on the bottom."),
    ("nothing", None): N_("{player} kept nothing."),
    ("tile", "top"): N_("{player} kept a tile, and put {returned} back on the top."),
    ("tile", "bottom"): N_("{player} kept a tile, and put {returned} back on the bottom."),
    ("tile", None): N_("{player} kept a tile."),
    ("card", "top"): N_("{player} kept {card}, and put {returned} back on the top."),
    ("card", "bottom"): N_("{player} kept {card}, and put {returned} back on the bottom."),
    ("card", None): N_("{player} kept {card}."),
}

# The parts of a mining turn, joined by PLAN_SEPARATOR: "loaded 2 grey cubes; filled Carriage 7 VP (grey, grey)".
PLAN_LOADED = N_("loaded {cubes}")
PLAN_FILLED = N_("filled {card} ({cubes})")  # the card by its name: "filled Train 9 VP (grey)"
PLAN_STORED = N_("stored {cubes}")
PLAN_SEPARATOR = Np_("mining steps", "; ")
PLAN_NOTHING = N_("no coal moved")

TOOK_BACK = N_("{player} took back their move.")
TOOK_BACK_WITH = Nn_(
    "{player} took back their move, and {n} computer move after it.",
    "{player} took back their move, and {n} computer moves after it.",
)
BANKED = N_("{player} placed 1 worker on the bank and took 1 mark.")
DRAFTED = N_("{player} drafted {card}.")
DRAFT_OVER = N_("The draft is over. Shift 1 begins with {player}.")
SHIFT_SCORED = N_("Shift {shift} is scored: {scores} VP.")
START_PLAYER = N_("{player} is the new start player.")
SHIFT_STARTED = N_("Shift {shift} begins with {player}.")
GAME_OVER_WINS = N_("The game is over: {winners} wins ({scores} VP).")
GAME_OVER_SHARED = N_("The game is over: {winners} share the victory ({scores} VP).")


def _plan(event: Mined) -> str:
    parts = []
    if any(event.loaded):
        parts.append(_(PLAN_LOADED).format(cubes=cubes_by_colour(event.loaded, as_object=True)))
    for order in event.filled:
        cubes = _(LIST_SEPARATOR).join(_cube_names(spot) for spot in order.cubes)
        parts.append(_(PLAN_FILLED).format(card=order_label(order.card), cubes=cubes))
    if any(event.stored):
        parts.append(_(PLAN_STORED).format(cubes=cubes_by_colour(event.stored, as_object=True)))
    return _(PLAN_SEPARATOR).join(parts) if parts else _(PLAN_NOTHING)


def _action(event: Event) -> tuple[str, dict[str, object]] | None:
    """The template and fields of an action event that may follow placing workers."""
    if isinstance(event, Bought):
        fields: dict[str, object] = {"player": event.player, "tile": tile_name(event.tile), "price": marks(event.price)}
        if event.supply_short:
            carts = _(LIST_SEPARATOR).join(_(EMPTY_CART) if c == NO_COAL else _(COLOURS[c]) for c in event.carts)
            return BOUGHT_SHORT, fields | {"carts": carts}
        return BOUGHT, fields
    if isinstance(event, Drew):
        top = plural(event.count, *(TOP_TILES if event.deck == "tile" else TOP_CARDS))
        return DREW, {"player": event.player, "top": top}
    if isinstance(event, Mined):
        return MINED, {"player": event.player, "plan": _plan(event)}
    if isinstance(event, Delivered):
        orders = _and([card_name(c) for c in event.cards])
        return DELIVERED, {"player": event.player, "orders": orders, "vp": event.vp}
    if isinstance(event, TookMoney):
        return TOOK_MONEY, {"player": event.player, "amount": event.amount}
    if isinstance(event, TookOrder):
        return TOOK_ORDER, {"player": event.player, "card": card_name(event.card)}
    return None


def _placed_fields(event: Placed) -> tuple[int, dict[str, object]]:
    variant = 0 if not event.displaced else 1 if event.displaced_owner == event.player else 2
    fields: dict[str, object] = {
        "player": event.player,
        "space": space_name(event.space),
        "workers": event.workers,
        "displaced": event.displaced,
        "owner": event.displaced_owner,
    }
    return variant, fields


def _names_shown(event: Event) -> Event:
    """The event with every player name in it escaped for a message (names are player text)."""
    update: dict[str, object] = {}
    for field in ("player", "displaced_owner", "start_player"):
        value = getattr(event, field, None)
        if isinstance(value, str):
            update[field] = shown(value)
    if isinstance(event, GameOver):
        update["winners"] = tuple(shown(w) for w in event.winners)
    for field in ("gains", "scores"):
        rows = getattr(event, field, None)
        if rows is not None:
            update[field] = tuple(r.model_copy(update={"player": shown(r.player)}) for r in rows)
    return event.model_copy(update=update) if update else event


def describe_event(event: Event) -> str:
    """One event as one sentence."""
    return _sentence(_names_shown(event))


def _sentence(event: Event) -> str:
    """One event, its names already shown escaped, as one sentence."""
    if isinstance(event, Placed):
        variant, fields = _placed_fields(event)
        return _(PLACED[variant]).format(**fields)
    action = _action(event)
    if action is not None:
        template, fields = action
        return _(template).format(**fields)
    if isinstance(event, Kept):
        what = "nothing" if not event.kept else "tile" if event.deck == "tile" else "card"
        card = card_name(event.card) if event.card is not None else ""
        template = _(KEPT[(what, event.to if event.returned else None)])
        returned = plural(event.returned, *RETURNED[(bool(event.kept), "tile" if event.deck == "tile" else "card")])
        return template.format(player=event.player, card=card, returned=returned)
    if isinstance(event, TookBack):
        if event.replies:
            return plural(len(event.replies), *TOOK_BACK_WITH, player=event.player)
        return _(TOOK_BACK).format(player=event.player)
    if isinstance(event, Banked):
        return _(BANKED).format(player=event.player)
    if isinstance(event, Drafted):
        return _(DRAFTED).format(player=event.player, card=card_name(event.card))
    if isinstance(event, DraftOver):
        return _(DRAFT_OVER).format(player=event.start_player)
    if isinstance(event, ShiftScored):
        return _(SHIFT_SCORED).format(shift=event.shift, scores=_scores(event.gains))
    if isinstance(event, StartPlayer):
        return _(START_PLAYER).format(player=event.player)
    if isinstance(event, ShiftStarted):
        return _(SHIFT_STARTED).format(shift=event.shift, player=event.start_player)
    if isinstance(event, GameOver):
        template = _(GAME_OVER_SHARED) if len(event.winners) > 1 else _(GAME_OVER_WINS)
        return template.format(winners=_and(event.winners), scores=_scores(event.scores))
    raise TypeError(f"no words for {event!r}")  # pragma: no cover - every event kind has words


def describe_shift_change(events: Sequence[Event]) -> str:
    """The new start player and the shift that begins, after a shift's scoring."""
    return sentences(_sentence(_names_shown(e)) for e in events if isinstance(e, SHIFT_CHANGE))


def describe_events(events: Sequence[Event]) -> str:
    """Every event, one sentence each (the log's summary of an action)."""
    return sentences(describe_event(e) for e in events)


SHIFT_CHANGE = (StartPlayer, ShiftStarted)  # what a shift's end says after its scoring


def describe_turn(events: Sequence[Event], *, shift_change: bool = True) -> str:
    """A turn for the channel, without the scoring (it has its own message): placing workers
    and the action make one sentence, "alice placed 2 workers on Mining 8, sending 1 of bob's
    to the canteen and mined: loaded 2 grey.". Without `shift_change`, the new start player and
    the next shift are left out (they are said after the shift's scoring: `describe_shift_change`)."""
    out = []
    events = [_names_shown(e) for e in events if shift_change or not isinstance(e, SHIFT_CHANGE)]
    k = 0
    while k < len(events):
        event = events[k]
        k += 1
        if isinstance(event, ShiftScored | GameOver):
            continue
        if isinstance(event, Placed) and k < len(events):
            action = _action(events[k])
            if action is not None and action[1]["player"] == event.player:
                template, fields = action
                variant, placed = _placed_fields(event)
                out.append(_(PLACED_AND[template][variant]).format(**(placed | fields)))
                k += 1
                continue
        out.append(_sentence(event))
    return sentences(out)


# --- refusals ---------------------------------------------------------------------------------------

# A refusal of one step of a mining plan: the step, then why (a REFUSALS sentence).
IN_STEP = N_("Step {step} (`{step_text}`): {problem}")
IN_UNREAD_STEP = N_("Step {step}: {problem}")

REFUSALS: dict[RulesReason, str] = {
    RulesReason.PLAYER_COUNT: N_("Coal Baron is for 2 to 4 players, not {count}."),
    RulesReason.PLAYER_NAMES: N_("Every player needs a different, non-empty name."),
    RulesReason.GAME_OVER: N_("The game is over."),  # also what the board says of a game that ended
    RulesReason.DRAFT_FIRST: N_("The opening draft comes first: {player} picks an order card."),
    RulesReason.DRAFT_IS_OVER: N_("The draft is over."),
    RulesReason.NOTHING_DRAWN: N_("Nothing is drawn to choose from."),
    RulesReason.NOT_AN_ACTION: N_("{action} is not a Coal Baron action."),
    RulesReason.CARD_NOT_ON_OFFER: N_("Card {card} is not on offer; choose one of {offered}."),
    RulesReason.TILE_DECK_EMPTY: N_("The tile deck is empty."),
    RulesReason.ORDER_DECK_EMPTY: N_("The order deck is empty."),
    RulesReason.NO_TILE: N_("{space} has no tile."),
    RulesReason.NO_CARD: N_("{space} has no card."),
    RulesReason.CANNOT_AFFORD: N_("{space} costs {price}; you have {have}."),
    RulesReason.NOTHING_TO_DELIVER: N_("You have no complete {vehicle} order to deliver."),
    RulesReason.TILE_TOO_DEAR: N_("That tile costs {price}; you have {have}."),
    RulesReason.SUBSTITUTE_CHOICES: N_("The substitute coal can be {options}."),
    RulesReason.SUBSTITUTE_TOO_EARLY: N_("Choose substitute coal when you keep a drawn tile, not before."),
    RulesReason.SUBSTITUTE_ONLY_FOR_TILE: N_("Substitute coal is only for a tile you keep."),
    RulesReason.PICK_OUT_OF_RANGE: N_("Only {drawn} were drawn; keep 1-{drawn} or none."),
    RulesReason.BAD_REST_ORDER: N_("The order of the rest must list each of {rest} once."),
    # mining steps: said after IN_STEP's "Step 3 (`load black`): "
    RulesReason.NO_STEP_LEFT: N_("no work step is left."),
    RulesReason.STEPS_SHORT: N_("not enough steps left (needed: {cost}, left: {left})."),
    RulesReason.CAGE_ALREADY_THERE: N_("the cage is already {at}."),
    RulesReason.CAGE_AT_SURFACE: N_("the cage is at the surface; move it to a tunnel level first."),
    RulesReason.CAGE_ELSEWHERE: N_("the cage is {at}."),
    RulesReason.CARTS_EMPTY: N_("no cart {at} has a cube left."),
    RulesReason.CAGE_FULL: N_("the cage is full ({capacity} cubes)."),
    RulesReason.STORE_BELOW_SURFACE: N_("coal is stored from the cage at the surface; the cage is {at}."),
    RulesReason.FILL_SOURCES: N_("say where each cube comes from."),
    RulesReason.NO_ORDERS: N_("you have no outstanding order."),
    RulesReason.NO_SUCH_ORDER: N_("you have no order {order} ({have} outstanding)."),
    RulesReason.NO_SUCH_SPOT: N_("order {order} has {spots} spot(s), not {spot}."),
    RulesReason.SPOT_FILLED: N_("spot {order}.{spot} is already filled."),
    RulesReason.FILL_BELOW_SURFACE: N_("cubes go from the cage to orders only at the surface; the cage is {at}."),
    RulesReason.CAGE_HOLDS: N_("the cage holds {cubes}."),
    RulesReason.STORAGE_HOLDS: N_("your storage holds {cubes}."),
    # text that is not an action
    RulesReason.NOT_AN_ACTION_TEXT: (
        N_("I can't read `{text}`: an action starts with draft, factory, mine, deliver, money, order, bank or keep.")
    ),
    RulesReason.BAD_SPACE: N_("I can't read `{text}`: the space is 1-{top} or `draw`."),
    RulesReason.ONLY_WITH: N_("I can't read `{text}`: after the space only `with <colours>` may follow."),
    RulesReason.NOT_A_COLOUR: N_("I can't read `{text}`: `{word}` is not a coal colour (yellow, brown, grey, black)."),
    RulesReason.NOT_A_LEVEL: N_("I can't read `{text}`: a cage level is surface, yellow, brown, grey, black or 0-4."),
    RulesReason.BAD_FILL: N_(
        "I can't read `{text}`: write `fill O.S colour`, e.g. `fill 1.2 grey` or `fill 1.2 grey+brown`."
    ),
    RulesReason.TWO_SOURCES: N_("I can't read `{text}`: two sources need two cubes (`grey+brown from cage+storage`)."),
    RulesReason.NUMBERED_FROM_ONE: N_("I can't read `{text}`: orders and spots are numbered from 1."),
    RulesReason.NOT_A_STEP: N_("I can't read `{text}`: a step is `cage L`, `load C`, `store C` or `fill O.S C`."),
    RulesReason.EMPTY_PLAN: (
        N_(
            "I can't read `{text}`: a plan lists at least one step, separated by commas; "
            "leave the plan out to mine without moving coal."
        )
    ),
    RulesReason.BAD_MINE_STEPS: N_("I can't read `{text}`: mining takes 4, 6, 8 or 10 steps."),
    RulesReason.BAD_VEHICLE: N_("I can't read `{text}`: the vehicle is wheelbarrow, carriage, truck or train."),
    RulesReason.BAD_AMOUNT: N_("I can't read `{text}`: the money spaces give 3, 4, 5 or 6 marks."),
    RulesReason.BAD_KEEP: N_("I can't read `{text}`: write `keep N, rest top` or `keep none, rest bottom`."),
    RulesReason.OUT_OF_RANGE: N_("I can't read `{text}`: a number is out of range."),
}
CHOOSE_DRAWN_FIRST = {
    "tile": N_("{player} must first choose from the drawn tiles."),
    "order": N_("{player} must first choose from the drawn order cards."),
}
# Refusals that name a colour or a space as a whole phrase, one message each (agreement)
BY_COLOUR = {
    RulesReason.NO_SUBSTITUTE_NEEDED: (
        N_("The supply has yellow coal for every cart; no substitute is needed."),
        N_("The supply has brown coal for every cart; no substitute is needed."),
        N_("The supply has grey coal for every cart; no substitute is needed."),
        N_("The supply has black coal for every cart; no substitute is needed."),
    ),
    RulesReason.CAGE_HAS_NO_CUBE: (
        N_("the cage holds no yellow cube."),
        N_("the cage holds no brown cube."),
        N_("the cage holds no grey cube."),
        N_("the cage holds no black cube."),
    ),
    RulesReason.WRONG_COLOUR: (  # {wanted}: "1 black cube"
        N_("spot {order}.{spot} needs {wanted}; use two cubes of any colour instead of one yellow cube."),
        N_("spot {order}.{spot} needs {wanted}; use two cubes of any colour instead of one brown cube."),
        N_("spot {order}.{spot} needs {wanted}; use two cubes of any colour instead of one grey cube."),
        N_("spot {order}.{spot} needs {wanted}; use two cubes of any colour instead of one black cube."),
    ),
}
LOCKED = {  # by the space's group (R-SETUP: spaces covered with fewer players)
    "factory": N_("Factory {number} is locked in a {players}-player game."),
    "mine": N_("Mining {number} is locked in a {players}-player game."),
    "deliver": N_("{vehicle} delivery is locked in a {players}-player game."),
    "money": N_("Money {number} is locked in a {players}-player game."),
    "order": N_("Order {number} is locked in a {players}-player game."),
}
NEEDS_WORKERS = Nn_("{space} needs {need} worker; you have {have}.", "{space} needs {need} workers; you have {have}.")


def _substitute(colour: int) -> str:
    return _(NO_SUBSTITUTE) if colour == NO_COAL else _(COLOURS[colour])


def _refusal_fields(refusal: Refusal) -> dict[str, object]:
    """The refusal's parameters in words: space keys as names, colour and level numbers as words."""
    fields: dict[str, object] = dict(refusal.params)
    params = refusal.params
    space = params.get("space")
    if isinstance(space, str):
        fields["space"] = space_name(space)
    colour = params.get("colour")
    if isinstance(colour, int):
        fields["colour"] = _(COLOURS[colour])
        if isinstance(params.get("count"), int):
            fields["cubes"] = cubes(colour, cast(int, params["count"]), as_object=True)  # "the cage holds …"
    wanted = params.get("wanted")
    if isinstance(wanted, int):
        fields["wanted"] = cubes(wanted, 1, as_object=True)  # "spot 1.2 needs …"
    level = params.get("level")
    if isinstance(level, int):
        fields["level"] = _(LEVELS[level])
        fields["at"] = at_level(level)
    price = params.get("price")
    if isinstance(price, int):
        fields["price"] = marks(price)
    if refusal.reason is RulesReason.CARD_NOT_ON_OFFER:
        fields["offered"] = _(LIST_SEPARATOR).join(str(k) for k in _ints(params["offered"]))
    if refusal.reason is RulesReason.BAD_REST_ORDER:
        fields["rest"] = " ".join(str(k) for k in _ints(params["rest"]))
    if refusal.reason is RulesReason.SUBSTITUTE_CHOICES:
        options = params["options"]
        assert isinstance(options, list)
        fields["options"] = _(ALTERNATIVES).join(" ".join(_substitute(c) for c in _ints(o)) for o in options)
    return fields


def _locked(key: str, **fields: object) -> str:
    """ "Mining 8 is locked in a 2-player game.", one message per kind of space."""
    space = SPACE_BY_KEY[key]
    number: object = space.value
    if space.group == "deliver":
        number = _(VEHICLE_TITLES[str(space.value)])
    return _(LOCKED[space.group]).format(**(fields | {"number": number, "vehicle": number}))


def _ints(value: object) -> list[int]:
    assert isinstance(value, list)
    return [int(x) for x in value]


# a mistyped word in a plan or an action, with the word it most likely meant (`rules.components.nearest_word`)
NEAR = {
    RulesReason.NOT_A_COLOUR: N_("I can't read `{text}`: `{word}` is not a coal colour. Did you mean `{near}`?"),
    RulesReason.NOT_A_LEVEL: N_("I can't read `{text}`: did you mean `{near}`?"),
}


def _nearest(refusal: Refusal) -> str | None:
    """What a mistyped word of a plan most likely meant, written as the reader writes plans: the colour
    (`yellow`), or the whole step for a level (`cage yellow`)."""
    word = str(refusal.params.get("word", ""))
    colour = refusal.reason is RulesReason.NOT_A_COLOUR
    meant = nearest_keyword(word, COLOUR_NAMES if colour else LEVEL_NAMES) if word else None
    if meant is None:
        return None
    return in_language(meant if colour else f"cage {meant}")


def explain(refusal: Refusal) -> str:
    """Why the rules refused, in one sentence (with the step of a mining plan first)."""
    fields = _refusal_fields(refusal)
    reason = refusal.reason
    if reason is RulesReason.CHOOSE_DRAWN_FIRST:
        problem = _(CHOOSE_DRAWN_FIRST[str(fields["deck"])]).format(**fields)
    elif reason in BY_COLOUR:
        problem = _(BY_COLOUR[reason][cast(int, refusal.params["colour"])]).format(**fields)
    elif reason is RulesReason.SPACE_LOCKED:
        problem = _locked(str(refusal.params["space"]), **fields)
    elif reason is RulesReason.NOT_ENOUGH_WORKERS:
        problem = plural(cast(int, fields["need"]), *NEEDS_WORKERS, **fields)
    elif reason in NEAR and (near := _nearest(refusal)) is not None:
        problem = _(NEAR[reason]).format(**fields, near=near)
    else:
        problem = _(REFUSALS[reason]).format(**fields)
    if "step" not in fields:
        return problem
    if "step_text" in fields:
        return _(IN_STEP).format(step=fields["step"], step_text=fields["step_text"], problem=problem)
    return _(IN_UNREAD_STEP).format(step=fields["step"], problem=problem)
