"""The lobby in words: its message, who joined or left, the start and the end of a game."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import N_, Nn_, Np_, _
from bot.words.common import AND, mention, percent, plural, seat_of, shown, timer_name
from rules.components import MAX_PLAYERS, MIN_PLAYERS
from storage import Game

# The seats' colours (rules.components.SEAT_COLOURS, stored with each seat)
SEAT_COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "purple": N_("purple")}
SEAT = N_("{seat}. {player} ({colour})")
SEAT_OF_HOST = N_("{seat}. {player} ({colour}), host")
# in a lobby, beside a person's seat once they have ended a game in this server (issue 76)
SEAT_FINISHES = N_("{line} · games finished in their own seat: {share}")
NEW_HOST = N_("{host} is now the host.")
NO_TIMER = N_("no turn timer")
TIMER = N_("{timer} per turn")
DELIVERED_PUBLIC = N_("delivered orders public")
DELIVERED_HIDDEN = N_("delivered orders face down")
LOBBY_HEAD = N_("**Coal Baron** lobby ({seated}/{seats} seats; {timer}; {delivered}).")
LOBBY_TAIL = N_("Join with the button or `/coal join`; the host starts with {least} to {most} players.")
LOBBY_CLOSED = N_("This Coal Baron lobby was closed.")
LOBBY_EXPIRED = Nn_(
    "This Coal Baron lobby closed itself: nobody started it in {n} day. `/coal new` opens another.",
    "This Coal Baron lobby closed itself: nobody started it in {n} days. `/coal new` opens another.",
)
STARTED_HEAD = N_("**Coal Baron** has started ({timer}; {delivered}).")
JOINED = N_("{name} joined.")
LEFT = N_("{name} left.")
ENDED = N_("{name} ended the game. It stays in `/coal record history`.")
BEGINS = N_(
    "**Coal Baron begins!** Seats, clockwise:\n{seats}\n\n"  # (the blank line ends the list of seats)
    "Start player: {start_player}. Opening draft: everyone takes 3 order cards, "
    "starting at the start player's right.\n{whose_turn}"
)

# A game in a thread of its own (bot/lobby/threads.py): the thread's name, the line left in the channel
THREAD_NAME = N_("Coal Baron · {host}")
OPENED_IN_THREAD = N_("{host} opened a game of Coal Baron: the lobby and every turn are in its thread {thread}")

# The lobby's buttons
JOIN = N_("Join")
LEAVE = N_("Leave")
START = Np_("lobby", "Start")  # a verb: the button that deals the game


def lobby_expired(days: int) -> str:
    return plural(days, *LOBBY_EXPIRED)


def thread_name(host: str) -> str:
    """A game thread's name (Discord allows 100 characters; the name is shown as typed, no markdown)."""
    return _(THREAD_NAME).format(host=host)[:100]


def opened_in_thread(host_id: int, thread: str) -> str:
    return _(OPENED_IN_THREAD).format(host=mention(host_id), thread=thread)


def seat_colour(colour: str) -> str:
    """A seat's colour in words ("red")."""
    return _(SEAT_COLOURS[colour]) if colour in SEAT_COLOURS else colour


def seat_line(game: Game, shares: Mapping[int, float] | None = None) -> str:
    """The seats in order, the host marked (in the lobby, where the host decides), and in the lobby how
    often each person finishes their games in their own seat (`shares`, those who have ended one here)."""
    lines = []
    for s in game.seats:
        template = _(SEAT_OF_HOST) if game.is_lobby and s.user_id == game.host_id else _(SEAT)
        line = template.format(seat=s.seat + 1, player=seat_of(s.user_id, s.name), colour=seat_colour(s.colour))
        share = (shares or {}).get(s.user_id)
        if game.is_lobby and share is not None:
            line = _(SEAT_FINISHES).format(line=line, share=percent(share))
        lines.append(line)
    return "\n".join(lines)


REMATCH_OPENED = Nn_(  # addressed to the people pinged: one, or several
    "{host} asks for a rematch: same options, same computers. {people}, press Join to take your seat.",
    "{host} asks for a rematch: same options, same computers. {people}, press Join to take your seats.",
)
REMATCH_ALONE = N_("{host} asks for a rematch: same options, same computers.")


def rematch_opened(host: int, people: list[int]) -> str:
    """The first line of a rematch's lobby: who asked, and who is asked to join (pinged once)."""
    if not people:
        return _(REMATCH_ALONE).format(host=mention(host))
    return plural(len(people), *REMATCH_OPENED, host=mention(host), people=names_of(people))


def names_of(user_ids: list[int]) -> str:
    return _(AND).join(mention(u) for u in user_ids)


def lobby_message(game: Game, shares: Mapping[int, float] | None = None) -> str:
    opts = game.options
    seconds = opts.timer_seconds
    timer = _(NO_TIMER) if seconds is None else _(TIMER).format(timer=timer_name(seconds))
    delivered = _(DELIVERED_PUBLIC) if opts.delivered == "all" else _(DELIVERED_HIDDEN)
    if game.is_lobby:
        head = _(LOBBY_HEAD).format(seated=len(game.seats), seats=MAX_PLAYERS, timer=timer, delivered=delivered)
        tail = _(LOBBY_TAIL).format(least=MIN_PLAYERS, most=MAX_PLAYERS)
    elif game.is_aborted:
        head, tail = _(LOBBY_CLOSED), ""
    else:
        head, tail = _(STARTED_HEAD).format(timer=timer, delivered=delivered), ""
    return "\n".join(x for x in (head, seat_line(game, shares), tail) if x)


def joined(name: str, game: Game, shares: Mapping[int, float] | None = None) -> str:
    return _(JOINED).format(name=shown(name)) + "\n" + lobby_message(game, shares)


def left(name: str, game: Game, host_left: bool = False) -> str:
    """Who left; when it was the host, who hosts now (the next seat); then the lobby."""
    lines = [_(LEFT).format(name=shown(name))]
    if host_left and game.is_lobby and game.seats:
        lines.append(_(NEW_HOST).format(host=mention(game.host_id)))
    return "\n".join(lines + [lobby_message(game)])


def ended(name: str) -> str:
    return _(ENDED).format(name=shown(name))


def new_host(game: Game) -> str:
    return _(NEW_HOST).format(host=mention(game.host_id))
