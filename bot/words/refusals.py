"""Refusals and notices a player gets privately: the game manager's reasons, stale buttons, errors."""

from __future__ import annotations

import math
from collections.abc import Iterable

from bot.command_names import choice_label, option_name
from bot.i18n import N_, SUPPORTED, _, language_name
from bot.words.commands import DELIVERED_ALL, DELIVERED_OWN
from bot.words.common import LIST_SEPARATOR, duration, percent, sentences
from bot.words.rules import explain
from games.errors import GameError, IllegalMove, Reason
from rules import Refusal
from rules.errors import quote
from storage import TIMER_SECONDS

THE_HOST = N_("the host")

# A direct message to the host, once, when the game's channel refuses the bot's posts.
POSTS_FAILING = N_(
    "I could not post the latest turn of your Coal Baron game in <#{channel}>. Please check that I may "
    "view the channel, send messages and attach files there. I keep the turn and try again, less and less "
    "often; if the channel stays out of my reach for {days} days, the game ends."
)
# A direct message to the host when a game ended because its channel stayed out of reach.
UNREACHABLE_ENDED = N_(
    "Your Coal Baron game in <#{channel}> has ended without a result: for {days} days I could not post in its "
    "channel (deleted, or closed to me). Its seats are free again; start a new game with `/coal new`."
)

# /coal new where the bot lacks a permission it needs (bot/lobby/permissions.py)
MISSING_PERMISSIONS = N_(
    "I can't run a game in this channel: I need the {permissions} permission here. "
    "Ask a server admin to grant it to me, or play in another channel."
)
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "attach_files": N_("Attach Files"),
    "read_message_history": N_("Read Message History"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "create_public_threads": N_("Create Public Threads"),
}

# /coal new in a channel where the bot may not open a thread: the game is played in the channel
NO_THREAD = N_(
    "I could not open a thread for this game (I need the {permissions} permission here), so it is played in this "
    "channel. A server admin can grant it for the next game; `{thread}: False` keeps a game in the channel."
)
THREAD_FAILED = N_("Discord did not let me open a thread for this game, so it is played in this channel.")


def no_thread(names: list[str]) -> str:
    """The host's private note when a game stays in the channel: the permissions that were missing
    (none: Discord refused the thread for another reason)."""
    if not names:
        return _(THREAD_FAILED)
    permissions = _(LIST_SEPARATOR).join(_(PERMISSION_NAMES[n]) for n in names)
    return _(NO_THREAD).format(permissions=permissions, thread=option_name("thread"))


def missing_permissions(names: list[str]) -> str:
    """The refusal naming each missing permission as Discord's settings show it."""
    shown = _(LIST_SEPARATOR).join(_(PERMISSION_NAMES[n]) for n in names)
    return _(MISSING_PERMISSIONS).format(permissions=shown)


BUTTON_GONE = N_("That button is not in use any more.")
REMATCH_PLAYERS_ONLY = N_("Only a player of this game can ask for a rematch; `/coal new` opens a game for anyone.")

REFUSALS: dict[Reason, str] = {
    Reason.NO_GAME: N_("There is no game in this channel. Start one with `/coal new`."),
    Reason.NO_PITS: N_("There is no game with pits in this channel yet."),
    Reason.NOTHING_TO_EXPORT: N_("There is no started game in this channel to export."),
    Reason.NO_SUCH_GAME: N_("There is no started game {game} in this server that you can see."),
    Reason.AWAY_PAST: N_("That day has begun already: choose a day from tomorrow on."),
    Reason.AWAY_TOO_FAR: N_("You can set yourself away for {most} days ahead at most."),
    Reason.AWAY_ALLOWANCE: N_(
        "Being away is limited to {most} days in any twelve months, and your allowance is not enough for that"
        " date (days left: {left}). A seat that should stay with the computer is the host's `/coal host replace`."
    ),
    Reason.NOT_AWAY: N_("You are not away."),
    Reason.BAD_TIME_ZONE: N_("`{zone}` is not a time zone I know: pick one from the list, such as Europe/Rome."),
    Reason.BAD_TIME: N_("`{value}` is not a time of day: write it as 22:00 (and give both the start and the end)."),
    Reason.QUIET_NEEDS_BOTH: N_("Quiet hours need a start and an end, for example `{start}:22:00 {end}:08:00`."),
    Reason.QUIET_TOO_LONG: N_(
        "Quiet hours last {most} hours at most, so that a turn timer is never held for longer: {start}–{end} is"
        " longer. Nothing was changed."
    ),
    Reason.BAD_DATE: N_("`{value}` is not a date: pick a day from the list, or write it as 2026-12-03."),
    Reason.CHANNEL_HAS_LOBBY: (
        N_(
            "This channel already has a lobby (host: {host}). "
            "Finish it or `/coal host abort` it first, or play in another channel or thread."
        )
    ),
    Reason.CHANNEL_HAS_GAME: (
        N_(
            "This channel already has a game running (host: {host}). "
            "Finish it or `/coal host abort` it first, or play in another channel or thread."
        )
    ),
    Reason.SEATS_FIXED: N_("The game has already started; seats are fixed until it ends."),
    Reason.LEAVE_STARTED: N_("The game has already started; the host can `/coal host abort` it."),
    Reason.ALREADY_STARTED: N_("The game has already started."),
    Reason.NOT_STARTED: N_("The game has not started yet; the host starts it with `/coal start`."),
    Reason.ALREADY_SEATED: N_("You are already seated in this game."),
    Reason.NOT_SEATED: N_("You are not seated in this game."),
    Reason.NOT_PLAYING: N_("You are not playing in this game; it is the turn of {to_move}."),
    Reason.YOU_ARE_NOT_PLAYING: N_("You are not playing in this game."),
    Reason.MEMBER_NOT_PLAYING: N_("{member} is not playing in this game."),
    Reason.GAME_FULL: N_("The game is full ({seats} players). Watch, or open a game in another channel."),
    Reason.HOST_STARTS: N_("Only the host, {host}, can start the game."),
    Reason.HOST_ABORTS: N_("Only the host, {host}, or a moderator can abort the game."),
    Reason.HOST_PAUSES: N_("Only the host, {host}, or a moderator can pause or resume the game."),
    Reason.PAUSED: N_("The game is paused; the host, {host}, resumes it with `/coal host resume`."),
    Reason.NOT_PAUSED: N_("The game is not paused."),
    Reason.NOT_ENOUGH_PLAYERS: (
        N_("Coal Baron needs {least} to {most} players; only {seated} is seated. Others can `/coal join`.")
    ),
    Reason.NOT_YOUR_TURN: N_("It is the turn of {to_move}."),
    Reason.ILLEGAL: N_("{problem}"),
    Reason.BAD_OPTIONS: N_("{problems}"),
    Reason.MOVED_ON: N_("That no longer applies: the game has moved on."),
    Reason.CHANGED_MEANWHILE: N_("The game changed in the meantime; nothing was done. Please look again."),
    Reason.MOVE_NOT_SAVED: N_("Your move could not be saved, so nothing changed. Please try again in a moment."),
    Reason.NOT_SAVED: N_("That could not be saved, so nothing changed. Please try again in a moment."),
    Reason.SAVE_UNCONFIRMED: N_(
        "The database stopped answering, so I can't tell whether your move was saved. Look at the board in a "
        "moment (`/coal board`): a saved move has its turn message posted as soon as the database is back."
    ),
    Reason.HOST_ADDS_COMPUTER: N_("Only the host, {host}, can seat a computer player."),
    Reason.HOST_REMOVES_COMPUTER: N_("Only the host, {host}, can remove a computer player."),
    Reason.HOST_REPLACES: N_("Only the host, {host}, can hand a seat to a computer."),
    Reason.HOST_ALLOWS_BACK: N_("Only the host, {host}, can give a seat back."),
    Reason.COMPUTERS_IN_LOBBY: N_("The game has already started: computers take seats in the lobby only."),
    Reason.NOT_A_COMPUTER: N_("That seat is not a computer's."),
    Reason.ALREADY_COMPUTER: N_("A computer of that level already plays for {member}."),
    Reason.NO_STAND_IN: N_("No computer plays for you."),
    Reason.BUTTON_GONE: BUTTON_GONE,
    Reason.REMATCH_PLAYERS_ONLY: REMATCH_PLAYERS_ONLY,
    Reason.REMATCH_TAKEN: N_("This game's rematch was opened already: one rematch per game."),
    Reason.COMPUTER_PLAYS_SEAT: N_("A computer plays for you now; `/coal join` takes your seat back."),
    Reason.BACK_NEEDS_HOST: N_("The host handed your seat to a computer; {host} has been asked to give it back."),
    Reason.NOTHING_TO_UNDO: N_(
        "You have no move to take back: only your own last move can be, while nobody has moved since."
    ),
    Reason.UNDO_REVEALED: N_(
        "That move can't be taken back: it showed cards or tiles nobody had seen (a draw, or a space refilled from "
        "its deck)."
    ),
    Reason.UNDO_SCORED: N_("That move can't be taken back: it ended the shift, which has been scored."),
    Reason.TOO_MANY_LOBBIES: N_(
        "Lobbies of this server waiting for their start: {count}, the most there may be. Join one of them, or wait"
        " until one starts."
    ),
    Reason.TOO_MANY_GAMES: N_(
        "Games you sit in in this server: {count}, the most there may be. Finish or leave one first."
    ),
    Reason.NEW_TOO_OFTEN: N_("Lobbies you opened within the hour: {count}. You may open another in {wait}."),
    Reason.NEEDS_A_PERSON: N_("A game needs at least one person at the table."),
    Reason.NO_LEAGUE: N_("There is no league in this channel."),
    Reason.CHANNEL_HAS_LEAGUE: N_("This channel has a league already: one league per channel."),
    Reason.LEAGUE_IN_THREAD: N_("A league is opened in a text channel: its tables are threads of that channel."),
    Reason.LEAGUE_HOSTS_ONLY: N_("Only a member who may manage this server or its channels runs a league."),
    Reason.LEAGUE_BAD_FORMAT: N_("A league is Swiss or round-robin, at tables of 2, 3 or 4."),
    Reason.LEAGUE_BAD_ROUNDS: N_("Rounds of a Swiss league: 1 to {most}."),
    Reason.LEAGUE_BAD_PLAYERS: N_("Players in a league: 2 to {most}."),
    Reason.LEAGUE_BAD_WINDOW: N_("Hours of sign-up: {least} to {most}."),
    Reason.LEAGUE_BAD_CONDITION: N_("An entry condition is a number of finished games, or a share from 0 to 100."),
    Reason.LEAGUE_NEEDS_TIMER: N_("A league's games need a turn timer, so that every round ends: choose one."),
    Reason.LEAGUE_SIGNUP_CLOSED: N_("Sign-up for this league is closed."),
    Reason.LEAGUE_SIGNED_UP: N_("You are signed up for this league already."),
    Reason.LEAGUE_NOT_SIGNED_UP: N_("You are not in this league."),
    Reason.LEAGUE_FULL: N_("This league is full (places: {most})."),
    Reason.LEAGUE_TOO_FEW_GAMES: N_(
        "This league is for players with {least} finished games in this server at least; you have {played}."
    ),
    Reason.LEAGUE_UNRELIABLE: N_(
        "This league is for players who finish {least} of their games at least in their own seat; you finish {share}."
    ),
    Reason.LEAGUE_NOT_STARTED: N_("This league has not started yet: its standings come with its first round."),
}

UNKNOWN_LANGUAGE = N_("I don't speak `{language}`. The game's language is one of: {languages}.")


def unknown_language(text: str) -> str:
    """The refusal of a `/coal new language:` the bot does not speak, listing those it does."""
    languages = _(LIST_SEPARATOR).join(f"{language_name(lang)} (`{lang}`)" for lang in SUPPORTED)
    return _(UNKNOWN_LANGUAGE).format(language=text.replace("`", "")[:40], languages=languages)


BAD_TIMER = N_("`{option}` is one of {timers}.")
BAD_DELIVERED = N_("`{option}` is one of {choices}.")
UNKNOWN_OPTION = N_("`{field}` is not a game option.")

# Said by the bot itself, not the manager.
DM_REFUSAL = N_("Coal Baron games are played in server channels. Use `/coal new` in a channel of your server.")
OOPS = N_("Something went wrong on my side; nothing was changed. Please try again. (Error {error})")


def oops(error: str) -> str:
    """The answer to an unexpected failure, with the short id its log line carries too."""
    return _(OOPS).format(error=error)


COOLDOWN = N_("You asked for that a moment ago; you can again {when}.")


def cooldown(ready_at: float) -> str:
    """The refusal of a command used again too soon: when it may be used, as a Discord timestamp."""
    return _(COOLDOWN).format(when=f"<t:{math.ceil(ready_at)}:R>")


MINING_STEPS = N_("Mining takes 4, 6, 8 or 10 steps.")
MENU_GONE = N_("That menu is not in use any more.")
ENDED_GAME = {
    "button": N_("That button belongs to a game that has ended."),
    "menu": N_("That menu belongs to a game that has ended."),
    "lobby": N_("That lobby button belongs to a game that has ended."),
}
LOBBY_CLOSED = N_("This lobby has closed: the game has started.")
DRAFT_MENU_OLD = N_("That draft menu is from an earlier pick; here is the board now.")
CHOICE_MADE = N_("That choice has already been made; here is the board now.")
ONLY_DRAWER = {
    "tile": N_("Only {player} may see the drawn tiles."),
    "order": N_("Only {player} may see the drawn orders."),
}
CONSOLE_CLOSED = N_(
    "This mining console is closed (the turn moved on or the bot restarted). Open a new one with `/coal mine`."
)
CONSOLE_BUTTON_GONE = N_("That console button is not in use any more.")
NOT_A_CHOICE = N_("`{value}` is not a choice for {option}: choose one of {choices}.")


def not_a_choice(value: str, option: str, choices: Iterable[str]) -> str:
    """The refusal of an option value outside its choices (a client that sent what Discord offers none of)."""
    shown = _(LIST_SEPARATOR).join(f"`{choice_label(c)}`" for c in choices)
    return _(NOT_A_CHOICE).format(value=quote(value), option=option_name(option), choices=shown)


def refusal(err: GameError) -> str:
    """The sentence for a refusal of the game manager, in the reader's words."""
    params = dict(err.params)
    if params.get("host", "") is None:
        params["host"] = _(THE_HOST)
    if isinstance(params.get("wait"), float | int):
        params["wait"] = duration(float(params["wait"]) + 59)  # rounded up to the minute
    if isinstance(err, IllegalMove):
        params["problem"] = rules_problem(err.problem)
    if err.reason is Reason.LEAGUE_UNRELIABLE:  # shares as the language writes a percent
        params |= {"least": percent(float(params["least"])), "share": percent(float(params["share"]))}
    if err.reason is Reason.QUIET_NEEDS_BOTH:  # the options as the reader types them
        params |= {"start": option_name("start"), "end": option_name("end")}
    if err.reason is Reason.BAD_OPTIONS:
        params["problems"] = sentences(_option_problem(field) for field in params.get("fields", ()))
    return _(REFUSALS[err.reason]).format(**params)


def rules_problem(problem: Exception) -> str:
    """Why the rules refused an action, in words."""
    return explain(problem) if isinstance(problem, Refusal) else str(problem)


def _option_problem(field: str) -> str:
    if field == "timer":
        timers = _(LIST_SEPARATOR).join(f"`{choice_label(t)}`" for t in TIMER_SECONDS)
        return _(BAD_TIMER).format(option=option_name("timer"), timers=timers)
    if field == "delivered":
        choices = _(LIST_SEPARATOR).join(f"`{choice_label(c)}`" for c in (DELIVERED_OWN, DELIVERED_ALL))
        return _(BAD_DELIVERED).format(option=option_name("delivered"), choices=choices)
    return _(UNKNOWN_OPTION).format(field=field)
