"""Computer players in words: their names, the lobby's menu, their moves, stand-ins, hints."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Nn_, _, speaking
from bot.words.choices import action_usage
from bot.words.common import LIST_SEPARATOR, listing, plural, sentences, shown, signed
from bot.words.rules import clock_names_of, order_label
from players import Hint
from rules import ActionSyntaxError, Mine, parse_action
from rules.components import ORDER_CARDS, TILES

# A computer's seat name, written once in the game's language when it sits down: the baron of its slot
# (one per seat, so names never clash) and its level ("Barone Otto (difficile)").
COMPUTER_NAMES = {  # level -> the name of each slot's baron; whole, as a level word may agree with the baron
    "easy": (
        N_("Baron Otto (easy)"),
        N_("Baroness Ida (easy)"),
        N_("Baron Karl (easy)"),
        N_("Baroness Grete (easy)"),
    ),
    "normal": (
        N_("Baron Otto (normal)"),
        N_("Baroness Ida (normal)"),
        N_("Baron Karl (normal)"),
        N_("Baroness Grete (normal)"),
    ),
    "hard": (
        N_("Baron Otto (hard)"),
        N_("Baroness Ida (hard)"),
        N_("Baron Karl (hard)"),
        N_("Baroness Grete (hard)"),
    ),
    "expert": (
        N_("Baron Otto (expert)"),
        N_("Baroness Ida (expert)"),
        N_("Baron Karl (expert)"),
        N_("Baroness Grete (expert)"),
    ),
}
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert")}

# The lobby
SEATED = N_("{player} takes a seat (a computer).")
UNSEATED = N_("{player} leaves the table.")
MENU_PLACEHOLDER = N_("Add or remove a computer player")
ADD_OPTION = N_("Add a computer: {level}")
REMOVE_OPTION = N_("Remove {player}")

# Their moves
MOVE_LINE = N_("🤖 {what}")
THINKING = N_("🤖 {player} is thinking…")
TIMER_PLAYED = N_("⏰ Time ran out for {player}: the computer ({level}) played for them.")
TAKEN_OVER = Nn_(
    " {player} has missed {n} turn in a row: the computer plays for {player} until they take the"
    " seat back with `/coal join`.",
    " {player} has missed {n} turns in a row: the computer plays for {player} until they take the"
    " seat back with `/coal join`.",
)

# Seats handed over and back
REPLACED = N_(
    "{host} handed the seat of {player} to a computer ({level}). {player} may ask for it back with `/coal join`."
)
BACK = N_("{player} takes their seat back from the computer.")
ASKS_BACK = N_("{player} asks for their seat back from the computer; {host}, as the host you may give it back.")
GIVE_BACK = N_("Give the seat back")

# Hints
HINTS_HEAD = N_("The expert computer's best moves for you now:")
HINT_LINE = N_("{rank}. `{action}`: {effects}; expected lead at the end: {lead} VP.")
# why a hinted move, in the game's terms: its strongest reason (an order card named as a label in brackets,
# a shift-clock element by its name after a colon, so no word has to agree with them)
WHY_MAJORITIES = Nn_(
    "It gives you the most in {n} element of the coming shift scoring.",
    "It gives you the most in {n} elements of the coming shift scoring.",
)
WHY_FIRST_IN = N_("It puts you first for the coming shift scoring in: {elements}.")
WHY_COMPLETES = Nn_("It completes {n} order, ready to deliver.", "It completes {n} orders, ready to deliver.")
WHY_COMPLETES_ORDERS = Nn_(
    "It completes your order ({orders}), so you can deliver it on a later turn.",
    "It completes your orders ({orders}), so you can deliver them on a later turn.",
)
WHY_DELIVERS = N_("Its VP are scored now, before anyone can take the vehicle's space.")
WHY_DELIVERS_ORDERS = Nn_(
    "It scores your order ({orders}) now, before a rival can take that vehicle's space.",
    "It scores your orders ({orders}) now, before a rival can take that vehicle's space.",
)
WHY_ADVANCES = Nn_(
    "It brings your order ({orders}) closer to delivery: {filled} of its {n} spot filled.",
    "It brings your order ({orders}) closer to delivery: {filled} of its {n} spots filled.",
)
WHY_TAKES = N_("It takes a new order ({orders}) for your coal to fill.")
WHY_TILE = Nn_(
    "It adds a tunnel tile with {n} cart to your pit: more coal to mine for your orders.",
    "It adds a tunnel tile with {n} carts to your pit: more coal to mine for your orders.",
)
WHY_MONEY = Nn_(
    "It takes {n} mark for the tunnel tiles and orders still to buy.",
    "It takes {n} marks for the tunnel tiles and orders still to buy.",
)
WHY_LEAD = N_("Of the moves judged, it is the one whose look-aheads end furthest ahead.")
WHY_MINES_NOTHING = N_(
    "It mines nothing: it only places a worker, and every move that does more ends further behind in its"
    " look-aheads (a worker placed takes the space and brings the end of the shift nearer)."
)
# the final margin the expert expects, told only once it has settled (`Hint.settled`: the last shift)
WHY_AHEAD = Nn_("It expects you to finish {n} VP ahead.", "It expects you to finish {n} VP ahead.")
WHY_BEHIND = Nn_("It expects you to finish {n} VP behind.", "It expects you to finish {n} VP behind.")
WHY_LEVEL = N_("It expects you to finish level with the best rival.")
NO_HINTS = N_("There is nothing to suggest: no move is open to you now.")
NO_GAIN = N_("nothing at once")
VP_GAINED = N_("+{n} VP")
DELIVERED = Nn_("{n} order delivered", "{n} orders delivered")
TAKEN = Nn_("{n} order taken", "{n} orders taken")
FILLED = Nn_("{n} spot filled", "{n} spots filled")
LOADED = Nn_("{n} cube loaded", "{n} cubes loaded")
MARKS_GAINED = Nn_("+{n} mark", "+{n} marks")
MARKS_SPENT = Nn_("{n} mark spent", "{n} marks spent")


def computer_name(slot: int, level: str, lang: str = "en") -> str:
    """The seat name of the computer in `slot` (1-4) at `level`, in the game's language `lang`: "Baron Otto
    (hard)", "Barone Otto (difficile)". It is the seat's name for the whole game (turns, images, logs);
    the seat keeps its level and slot in its id (`games.computers.computer_id`)."""
    names = COMPUTER_NAMES.get(level, COMPUTER_NAMES["normal"])
    with speaking(lang):
        return _(names[(slot - 1) % len(names)])


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def seated(player: str) -> str:
    return _(SEATED).format(player=shown(player))


def unseated(player: str) -> str:
    return _(UNSEATED).format(player=shown(player))


def computer_move(what: str) -> str:
    """One computer move's line: "🤖 Baron Otto placed …"."""
    return _(MOVE_LINE).format(what=what)


def moves(described: Sequence[str], whose_turn: str) -> str:
    """Consecutive computer moves in one message: a line each, then who is next."""
    lines = [computer_move(what) for what in described if what]
    return "\n".join([*lines, whose_turn] if whose_turn else lines)


def thinking(player: str) -> str:
    return _(THINKING).format(player=shown(player))


def timer_played(player: str, level: str, missed: int, taken_over: bool) -> str:
    """The note before a move a computer made for a player whose time ran out."""
    name = shown(player)
    note = _(TIMER_PLAYED).format(player=name, level=level_name(level))
    return note + (plural(missed, *TAKEN_OVER, player=name) if taken_over else "")


def replaced(host: str, player: str, level: str) -> str:
    return _(REPLACED).format(host=shown(host), player=shown(player), level=level_name(level))


def back(player: str) -> str:
    return _(BACK).format(player=shown(player))


def asks_back(player: str, host_mention: str) -> str:
    return _(ASKS_BACK).format(player=shown(player), host=host_mention)


def hint_lines(hints: Sequence[Hint]) -> list[str]:
    """The hints in words: a head, then each hint, best first, with what it does at once and the lead
    it expects (or one line: nothing to suggest)."""
    if not hints:
        return [_(NO_HINTS)]
    lines = [_(HINTS_HEAD)]
    for h in hints:
        lead = signed(h.expected_lead)
        line = _(HINT_LINE).format(rank=h.rank, action=action_usage(h.action), effects=effects(h), lead=lead)
        lines.append(sentences([line, reason(h)]))
    return lines


def reason(h: Hint) -> str:
    """Why the expert likes a move, in one sentence: the majorities it secures in the coming shift scoring,
    else the orders it completes, else the VP it banks now, else its look-aheads' lead; a mining that moves
    nothing says so, and why it can still be best. (`/coal hint`'s short form; Why? says it in the game's
    terms, `reason_in_game_terms`.)"""
    if mines_nothing(h.action):
        return _(WHY_MINES_NOTHING)
    if h.majorities:
        return plural(h.majorities, *WHY_MAJORITIES)
    if h.completes:
        return plural(h.completes, *WHY_COMPLETES)
    if h.orders_delivered:
        return _(WHY_DELIVERS)
    return _(WHY_LEAD)


def reason_in_game_terms(h: Hint) -> str:
    """Why the expert likes a move, named in the game's terms: the orders it delivers, completes, brings
    closer or takes (by card), the tunnel tile's carts, the marks, and the elements of the coming shift
    scoring it puts you first in (a second sentence after an order's); else the look-aheads' lead."""
    if mines_nothing(h.action):
        return _(WHY_MINES_NOTHING)
    first = _(WHY_FIRST_IN).format(elements=listing(clock_names_of(h.first_in))) if h.first_in else ""
    if h.delivered_cards:
        main = plural(len(h.delivered_cards), *WHY_DELIVERS_ORDERS, orders=_orders(h.delivered_cards))
    elif h.completed_cards:
        main = plural(len(h.completed_cards), *WHY_COMPLETES_ORDERS, orders=_orders(h.completed_cards))
    elif first:
        return first
    elif h.advanced_cards:
        card = h.advanced_cards[0]
        main = plural(len(ORDER_CARDS[card].spots), *WHY_ADVANCES, orders=order_label(card), filled=h.advanced_filled)
    elif h.taken_cards:
        main = _(WHY_TAKES).format(orders=_orders(h.taken_cards))
    elif h.tile is not None:
        main = plural(TILES[h.tile].carts, *WHY_TILE)
    elif h.marks > 0:
        main = plural(h.marks, *WHY_MONEY)
    else:
        main = _(WHY_LEAD)
    return sentences([main, first])


def _orders(cards: Sequence[int]) -> str:
    return listing(order_label(c) for c in cards)


def final_margin(h: Hint) -> str:
    """The final margin the expert expects for the mover, "finish 7 VP behind", once it has settled (the last
    shift); before, nothing: it swings too much between two turns to mean a margin."""
    if not h.settled:
        return ""
    n = round(h.expected_lead)
    if n == 0:
        return _(WHY_LEVEL)
    return plural(abs(n), *(WHY_AHEAD if n > 0 else WHY_BEHIND))


def mines_nothing(action: str) -> bool:
    """Whether a hinted action is a mining with an empty plan (a worker placed, nothing moved)."""
    try:
        parsed = parse_action(action)
    except ActionSyntaxError:
        return False
    return isinstance(parsed, Mine) and not parsed.plan


def effects(h: Hint) -> str:
    """What a hinted move does at once, in words ("2 cubes loaded, 3 marks spent"), or that it gains nothing now."""
    parts = []
    if h.vp:
        parts.append(_(VP_GAINED).format(n=h.vp))
    if h.orders_delivered:
        parts.append(plural(h.orders_delivered, *DELIVERED))
    if h.orders_taken:
        parts.append(plural(h.orders_taken, *TAKEN))
    if h.spots_filled:
        parts.append(plural(h.spots_filled, *FILLED))
    if h.cubes_loaded:
        parts.append(plural(h.cubes_loaded, *LOADED))
    if h.marks > 0:
        parts.append(plural(h.marks, *MARKS_GAINED))
    elif h.marks < 0:
        parts.append(plural(-h.marks, *MARKS_SPENT))
    return _(LIST_SEPARATOR).join(parts) or _(NO_GAIN)
