"""The lobby in words: its message, who joined or left, the start and the end of a game."""

from __future__ import annotations

from rules.components import MAX_PLAYERS, MIN_PLAYERS
from storage import GameRow

from .common import mention, seat_of, shown

SEAT = "{seat}. {player} ({colour})"
SEAT_OF_HOST = "{seat}. {player} ({colour}), host"
NEW_HOST = "{host} is now the host."
NO_TIMER = "no turn timer"
TIMER = "{timer} per turn"
DELIVERED_PUBLIC = "delivered orders public"
DELIVERED_HIDDEN = "delivered orders face down"
LOBBY_HEAD = "**Coal Baron** lobby ({seated}/{seats} seats; {timer}; {delivered})."
LOBBY_TAIL = "Join with the button or `/coal join`; the host starts with {least} to {most} players."
LOBBY_CLOSED = "This Coal Baron lobby was closed."
STARTED_HEAD = "**Coal Baron** has started ({timer}; {delivered})."
JOINED = "{name} joined."
LEFT = "{name} left."
ENDED = "{name} ended the game. It stays in `/coal history`."
BEGINS = (
    "**Coal Baron begins!** Seats, clockwise:\n{seats}\n"
    "Start player: {start_player}. Opening draft: everyone takes 3 order cards, "
    "starting at the start player's right.\n{whose_turn}"
)

# The lobby's buttons
JOIN = "Join"
LEAVE = "Leave"
START = "Start"


def seat_line(game: GameRow) -> str:
    """The seats in order, the host marked (in the lobby, where the host decides)."""
    lines = []
    for s in game.seats:
        template = SEAT_OF_HOST if game.status == "lobby" and s.user_id == game.host_id else SEAT
        lines.append(template.format(seat=s.seat + 1, player=seat_of(s.user_id, s.name), colour=s.colour))
    return "\n".join(lines)


def lobby_message(game: GameRow) -> str:
    opts = game.options
    timer = NO_TIMER if opts.timer == "none" else TIMER.format(timer=opts.timer)
    delivered = DELIVERED_PUBLIC if opts.delivered == "all" else DELIVERED_HIDDEN
    if game.status == "lobby":
        head = LOBBY_HEAD.format(seated=len(game.seats), seats=MAX_PLAYERS, timer=timer, delivered=delivered)
        tail = LOBBY_TAIL.format(least=MIN_PLAYERS, most=MAX_PLAYERS)
    elif game.status == "aborted":
        head, tail = LOBBY_CLOSED, ""
    else:
        head, tail = STARTED_HEAD.format(timer=timer, delivered=delivered), ""
    return "\n".join(x for x in (head, seat_line(game), tail) if x)


def joined(name: str, game: GameRow) -> str:
    return JOINED.format(name=shown(name)) + "\n" + lobby_message(game)


def left(name: str, game: GameRow, host_left: bool = False) -> str:
    """Who left; when it was the host, who hosts now (the next seat); then the lobby."""
    lines = [LEFT.format(name=shown(name))]
    if host_left and game.status == "lobby" and game.seats:
        lines.append(NEW_HOST.format(host=mention(game.host_id)))
    return "\n".join(lines + [lobby_message(game)])


def ended(name: str) -> str:
    return ENDED.format(name=shown(name))


def new_host(game: GameRow) -> str:
    return NEW_HOST.format(host=mention(game.host_id))
