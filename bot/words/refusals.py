"""Refusals and notices a player gets privately: the game manager's reasons, stale buttons, errors."""

from __future__ import annotations

from games.errors import GameError, IllegalMove, Reason
from rules import Refusal
from storage import TIMER_SECONDS

from .rules import explain

THE_HOST = "the host"

# A direct message to the host, once, when the game's channel refuses the bot's posts.
POSTS_FAILING = (
    "I could not post the latest turn of your Coal Baron game in <#{channel}>. Please check that I may "
    "view the channel, send messages and attach files there; the turn is kept and posted again at my next "
    "start, and the next move posts the board as it is."
)

# /coal new where the bot lacks a permission it needs (bot/permissions.py)
MISSING_PERMISSIONS = (
    "I can't run a game in this channel: I need the {permissions} permission here. "
    "Ask a server admin to grant it to me, or play in another channel."
)
PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
    "send_messages_in_threads": "Send Messages in Threads",
}
PERMISSION_SEPARATOR = ", "


def missing_permissions(names: list[str]) -> str:
    """The refusal naming each missing permission as Discord's settings show it."""
    shown = PERMISSION_SEPARATOR.join(PERMISSION_NAMES[n] for n in names)
    return MISSING_PERMISSIONS.format(permissions=shown)


REFUSALS: dict[Reason, str] = {
    Reason.NO_GAME: "There is no game in this channel. Start one with `/coal new`.",
    Reason.NO_PITS: "There is no game with pits in this channel yet.",
    Reason.NOTHING_TO_EXPORT: "There is no started game in this channel to export.",
    Reason.CHANNEL_HAS_LOBBY: (
        "This channel already has a lobby (host: {host}). "
        "Finish it or `/coal abort` it first, or play in another channel or thread."
    ),
    Reason.CHANNEL_HAS_GAME: (
        "This channel already has a game running (host: {host}). "
        "Finish it or `/coal abort` it first, or play in another channel or thread."
    ),
    Reason.SEATS_FIXED: "The game has already started; seats are fixed until it ends.",
    Reason.LEAVE_STARTED: "The game has already started; the host can `/coal abort` it.",
    Reason.ALREADY_STARTED: "The game has already started.",
    Reason.NOT_STARTED: "The game has not started yet; the host starts it with `/coal start`.",
    Reason.ALREADY_SEATED: "You are already seated in this game.",
    Reason.NOT_SEATED: "You are not seated in this game.",
    Reason.NOT_PLAYING: "You are not playing in this game; it is {to_move}'s turn.",
    Reason.YOU_ARE_NOT_PLAYING: "You are not playing in this game.",
    Reason.MEMBER_NOT_PLAYING: "{member} is not playing in this game.",
    Reason.GAME_FULL: "The game is full ({seats} players). Watch, or open a game in another channel.",
    Reason.HOST_STARTS: "Only the host, {host}, can start the game.",
    Reason.HOST_ABORTS: "Only the host, {host}, or a moderator can abort the game.",
    Reason.HOST_PAUSES: "Only the host, {host}, or a moderator can pause or resume the game.",
    Reason.PAUSED: "The game is paused; the host, {host}, resumes it with `/coal resume`.",
    Reason.NOT_PAUSED: "The game is not paused.",
    Reason.NOT_ENOUGH_PLAYERS: (
        "Coal Baron needs {least} to {most} players; only {seated} is seated. Others can `/coal join`."
    ),
    Reason.NOT_YOUR_TURN: "It is {to_move}'s turn.",
    Reason.ILLEGAL: "{problem}",
    Reason.BAD_OPTIONS: "{problems}",
    Reason.MOVED_ON: "That no longer applies: the game has moved on.",
    Reason.CHANGED_MEANWHILE: "The game changed in the meantime; nothing was done. Please look again.",
    Reason.MOVE_NOT_SAVED: "Your move could not be saved, so nothing changed. Please try again in a moment.",
    Reason.NOT_SAVED: "That could not be saved, so nothing changed. Please try again in a moment.",
    Reason.HOST_ADDS_COMPUTER: "Only the host, {host}, can seat a computer player.",
    Reason.HOST_REMOVES_COMPUTER: "Only the host, {host}, can remove a computer player.",
    Reason.HOST_REPLACES: "Only the host, {host}, can hand a seat to a computer.",
    Reason.HOST_ALLOWS_BACK: "Only the host, {host}, can give a seat back.",
    Reason.COMPUTERS_IN_LOBBY: "The game has already started: computers take seats in the lobby only.",
    Reason.NOT_A_COMPUTER: "That seat is not a computer's.",
    Reason.ALREADY_COMPUTER: "A computer of that level already plays {member}'s seat.",
    Reason.NO_STAND_IN: "No computer plays your seat.",
    Reason.BACK_NEEDS_HOST: "The host handed your seat to a computer; {host} has been asked to give it back.",
    Reason.NEEDS_A_PERSON: "A game needs at least one person at the table.",
}

BAD_TIMER = "`timer` is one of {timers}."
BAD_DELIVERED = "`delivered` is own or all."
UNKNOWN_OPTION = "`{field}` is not a game option."

# Said by the bot itself, not the manager.
DM_REFUSAL = "Coal Baron games are played in server channels. Use `/coal new` in a channel of your server."
OOPS = "Something went wrong on my side; nothing was changed. Please try again."
MINING_STEPS = "Mining takes 4, 6, 8 or 10 steps."
MENU_GONE = "That menu is not in use any more."
ENDED_GAME = {
    "button": "That button belongs to a game that has ended.",
    "menu": "That menu belongs to a game that has ended.",
    "lobby": "That lobby button belongs to a game that has ended.",
}
LOBBY_CLOSED = "This lobby has closed: the game has started."
DRAFT_MENU_OLD = "That draft menu is from an earlier pick; here is the board now."
CHOICE_MADE = "That choice has already been made; here is the board now."
ONLY_DRAWER = {"tile": "Only {player} may see the drawn tiles.", "order": "Only {player} may see the drawn orders."}
CONSOLE_CLOSED = (
    "This mining console is closed (the turn moved on or the bot restarted). Open a new one with `/coal mine`."
)
CONSOLE_BUTTON_GONE = "That console button is not in use any more."


def refusal(err: GameError) -> str:
    """The sentence for a refusal of the game manager, in the reader's words."""
    params = dict(err.params)
    if params.get("host", "") is None:
        params["host"] = THE_HOST
    if isinstance(err, IllegalMove):
        params["problem"] = rules_problem(err.problem)
    if err.reason is Reason.BAD_OPTIONS:
        params["problems"] = " ".join(_option_problem(field) for field in params.get("fields", ()))
    return REFUSALS[err.reason].format(**params)


def rules_problem(problem: Exception) -> str:
    """Why the rules refused an action, in words."""
    return explain(problem) if isinstance(problem, Refusal) else str(problem)


def _option_problem(field: str) -> str:
    if field == "timer":
        return BAD_TIMER.format(timers=", ".join(TIMER_SECONDS))
    if field == "delivered":
        return BAD_DELIVERED
    return UNKNOWN_OPTION.format(field=field)
