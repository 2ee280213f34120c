"""Computer players in words: their names, the lobby's menu, their moves, stand-ins, hints."""

from __future__ import annotations

from collections.abc import Sequence

from players import Hint

from .common import plural, shown

# A computer's seat name: the baron of its slot (one per seat, so names never clash) and its level.
BARONS = ("Baron Otto", "Baroness Ida", "Baron Karl", "Baroness Grete")
COMPUTER_NAME = "{baron} ({level})"
LEVEL_NAMES = {"easy": "easy", "normal": "normal", "hard": "hard"}

# The lobby
SEATED = "{player} takes a seat (a computer)."
UNSEATED = "{player} leaves the table."
MENU_PLACEHOLDER = "Add or remove a computer player"
ADD_OPTION = "Add a computer: {level}"
REMOVE_OPTION = "Remove {player}"

# Their moves
MOVE_LINE = "🤖 {what}"
THINKING = "🤖 {player} is thinking…"
TIMER_PLAYED = "⏰ {player}'s time ran out: the computer ({level}) played for them."
TAKEN_OVER = (
    " {player} has missed {missed} turns in a row: the computer plays the seat until {player} takes it back"
    " with `/coal join`."
)

# Seats handed over and back
REPLACED = "{host} handed {player}'s seat to a computer ({level}). {player} may ask for it back with `/coal join`."
BACK = "{player} takes their seat back from the computer."
ASKS_BACK = "{player} asks for their seat back from the computer; {host}, as the host you may give it back."
GIVE_BACK = "Give the seat back"

# Hints
HINTS_HEAD = "Only you see this. The hard computer's best moves for you now:"
HINT_LINE = "{rank}. `{action}`: {effects}; expected lead at the end: {lead} VP."
HINT_THINKING = "Thinking about your best moves…"
NO_HINTS = "There is nothing to suggest: no move is open to you now."
NO_GAIN = "nothing at once"
GAIN_SEPARATOR = ", "
VP_GAINED = "+{n} VP"
DELIVERED_ONE = "{n} order delivered"
DELIVERED_MANY = "{n} orders delivered"
TAKEN_ONE = "{n} order taken"
TAKEN_MANY = "{n} orders taken"
FILLED_ONE = "{n} spot filled"
FILLED_MANY = "{n} spots filled"
LOADED_ONE = "{n} cube loaded"
LOADED_MANY = "{n} cubes loaded"
MARKS_GAINED_ONE = "+{n} mark"
MARKS_GAINED_MANY = "+{n} marks"
MARKS_SPENT_ONE = "{n} mark spent"
MARKS_SPENT_MANY = "{n} marks spent"


def computer_name(slot: int, level: str) -> str:
    """The seat name of the computer in `slot` (1-4) at `level`: "Baron Otto (hard)"."""
    return COMPUTER_NAME.format(baron=BARONS[(slot - 1) % len(BARONS)], level=LEVEL_NAMES.get(level, level))


def level_name(level: str) -> str:
    return LEVEL_NAMES.get(level, level)


def seated(player: str) -> str:
    return SEATED.format(player=shown(player))


def unseated(player: str) -> str:
    return UNSEATED.format(player=shown(player))


def moves(described: Sequence[str], whose_turn: str) -> str:
    """Consecutive computer moves in one message: a line each, then who is next."""
    lines = [MOVE_LINE.format(what=what) for what in described if what]
    return "\n".join([*lines, whose_turn] if whose_turn else lines)


def thinking(player: str) -> str:
    return THINKING.format(player=shown(player))


def timer_played(player: str, level: str, missed: int, taken_over: bool) -> str:
    """The note before a move a computer made for a player whose time ran out."""
    name = shown(player)
    note = TIMER_PLAYED.format(player=name, level=level_name(level))
    return note + (TAKEN_OVER.format(player=name, missed=missed) if taken_over else "")


def replaced(host: str, player: str, level: str) -> str:
    return REPLACED.format(host=shown(host), player=shown(player), level=level_name(level))


def back(player: str) -> str:
    return BACK.format(player=shown(player))


def asks_back(player: str, host_mention: str) -> str:
    return ASKS_BACK.format(player=shown(player), host=host_mention)


def hint_lines(hints: Sequence[Hint]) -> str:
    """The hints, best first, each with what it does at once and the lead it expects."""
    if not hints:
        return NO_HINTS
    lines = [HINTS_HEAD]
    for h in hints:
        lead = f"{h.expected_lead:+.0f}"
        lines.append(HINT_LINE.format(rank=h.rank, action=h.action, effects=_effects(h), lead=lead))
    return "\n".join(lines)


def _effects(h: Hint) -> str:
    parts = []
    if h.vp:
        parts.append(VP_GAINED.format(n=h.vp))
    if h.orders_delivered:
        parts.append(plural(h.orders_delivered, DELIVERED_ONE, DELIVERED_MANY))
    if h.orders_taken:
        parts.append(plural(h.orders_taken, TAKEN_ONE, TAKEN_MANY))
    if h.spots_filled:
        parts.append(plural(h.spots_filled, FILLED_ONE, FILLED_MANY))
    if h.cubes_loaded:
        parts.append(plural(h.cubes_loaded, LOADED_ONE, LOADED_MANY))
    if h.marks > 0:
        parts.append(plural(h.marks, MARKS_GAINED_ONE, MARKS_GAINED_MANY))
    elif h.marks < 0:
        parts.append(plural(-h.marks, MARKS_SPENT_ONE, MARKS_SPENT_MANY))
    return GAIN_SEPARATOR.join(parts) or NO_GAIN
