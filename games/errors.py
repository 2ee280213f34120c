"""Refusals of the game manager: typed reasons with parameters, no words.

A refusal is a `GameError` subclass (what kind of request failed) carrying a `Reason` (which
sentence) and its parameters (`host="Alice"`); the bot's message layer (`bot.words.refusals`)
writes the sentence in the reader's language. Nothing changed when one of these is raised.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    """Why a request was refused; each has one sentence in `bot.words.refusals`."""

    NO_GAME = "no_game"
    NO_PITS = "no_pits"  # no started game in the channel to show a pit of
    NOTHING_TO_EXPORT = "nothing_to_export"
    AWAY_PAST = "away_past"  # an away date that has passed
    AWAY_TOO_FAR = "away_too_far"  # most: days ahead an away date may be
    AWAY_ALLOWANCE = "away_allowance"  # most, left: days away a year, and left
    NOT_AWAY = "not_away"  # "I'm back" from someone who was not away
    BAD_TIME_ZONE = "bad_time_zone"  # zone: not an IANA time zone name
    BAD_TIME = "bad_time"  # value: not a time of day
    QUIET_NEEDS_BOTH = "quiet_needs_both"  # quiet hours with a start and no end, or an end and no start
    QUIET_TOO_LONG = "quiet_too_long"  # start, end, most: quiet hours longer than `most` hours
    BAD_DATE = "bad_date"  # value: not a date
    NO_SUCH_GAME = "no_such_game"  # game: a game id not of this server, not started, or not visible to the asker
    CHANNEL_HAS_LOBBY = "channel_has_lobby"  # host
    CHANNEL_HAS_GAME = "channel_has_game"  # host
    SEATS_FIXED = "seats_fixed"  # join after the start
    LEAVE_STARTED = "leave_started"  # leave after the start
    ALREADY_STARTED = "already_started"
    NOT_STARTED = "not_started"
    ALREADY_SEATED = "already_seated"
    NOT_SEATED = "not_seated"
    NOT_PLAYING = "not_playing"  # to_move: a move by someone without a seat
    YOU_ARE_NOT_PLAYING = "you_are_not_playing"
    MEMBER_NOT_PLAYING = "member_not_playing"  # member
    GAME_FULL = "game_full"  # seats
    HOST_STARTS = "host_starts"  # host
    HOST_ABORTS = "host_aborts"  # host
    NOT_ENOUGH_PLAYERS = "not_enough_players"  # least, most, seated
    NOT_YOUR_TURN = "not_your_turn"  # to_move
    ILLEGAL = "illegal"  # problem: the rules' IllegalAction
    BAD_OPTIONS = "bad_options"  # fields: the option names that are wrong
    MOVED_ON = "moved_on"
    CHANGED_MEANWHILE = "changed_meanwhile"
    MOVE_NOT_SAVED = "move_not_saved"
    NOT_SAVED = "not_saved"
    SAVE_UNCONFIRMED = "save_unconfirmed"  # the write failed and the game could not be read back
    # computer players
    HOST_ADDS_COMPUTER = "host_adds_computer"  # host
    HOST_REMOVES_COMPUTER = "host_removes_computer"  # host
    HOST_REPLACES = "host_replaces"  # host
    HOST_ALLOWS_BACK = "host_allows_back"  # host
    COMPUTERS_IN_LOBBY = "computers_in_lobby"  # a computer added after the start
    NOT_A_COMPUTER = "not_a_computer"  # removing a seat that is not a computer's
    ALREADY_COMPUTER = "already_computer"  # player: a computer already plays that seat
    NO_STAND_IN = "no_stand_in"  # taking back a seat no computer plays
    COMPUTER_PLAYS_SEAT = "computer_plays_seat"  # a person's move on their seat while a computer plays it
    BACK_NEEDS_HOST = "back_needs_host"  # host: the host handed the seat over and has not allowed it back
    NEEDS_A_PERSON = "needs_a_person"  # start with computers only
    # a finished game's Rematch
    BUTTON_GONE = "button_gone"  # a button of another channel's game, or of a game no longer finished
    REMATCH_PLAYERS_ONLY = "rematch_players_only"  # pressed by someone who did not play the game
    REMATCH_TAKEN = "rematch_taken"  # the game's rematch lobby was opened already (one per game)
    # pausing
    HOST_PAUSES = "host_pauses"  # host: pause or resume by someone else
    PAUSED = "paused"  # host: a move (or a pause) while the game is paused
    NOT_PAUSED = "not_paused"  # resume a game that runs
    # taking back a move (games/undo.py)
    NOTHING_TO_UNDO = "nothing_to_undo"  # the last move is not the asker's own (another's, a timer's, none)
    UNDO_REVEALED = "undo_revealed"  # the move showed something hidden: a draw, a refill from a deck
    UNDO_SCORED = "undo_scored"  # the move ended a shift (or the game), which was scored
    # limits (games/limits.py)
    TOO_MANY_LOBBIES = "too_many_lobbies"  # count: the server's open lobbies
    TOO_MANY_GAMES = "too_many_games"  # count: the games the person sits in
    NEW_TOO_OFTEN = "new_too_often"  # count, wait: lobbies opened in the last hour, when the next may be
    # leagues (games/leagues.py)
    NO_LEAGUE = "no_league"  # no open league in the channel
    CHANNEL_HAS_LEAGUE = "channel_has_league"  # a second league in one channel
    LEAGUE_IN_THREAD = "league_in_thread"  # a league opened in a thread (its tables are threads of its channel)
    LEAGUE_HOSTS_ONLY = "league_hosts_only"  # opening, starting or ending one needs Manage Server or Channels
    LEAGUE_BAD_FORMAT = "league_bad_format"
    LEAGUE_BAD_ROUNDS = "league_bad_rounds"  # most
    LEAGUE_BAD_PLAYERS = "league_bad_players"  # most
    LEAGUE_BAD_WINDOW = "league_bad_window"  # least, most: hours of sign-up
    LEAGUE_BAD_CONDITION = "league_bad_condition"
    LEAGUE_NEEDS_TIMER = "league_needs_timer"  # a league's games need a turn timer, so that they end
    LEAGUE_SIGNUP_CLOSED = "league_signup_closed"
    LEAGUE_SIGNED_UP = "league_signed_up"  # signing up twice
    LEAGUE_NOT_SIGNED_UP = "league_not_signed_up"  # leaving a league one is not in
    LEAGUE_FULL = "league_full"  # most
    LEAGUE_TOO_FEW_GAMES = "league_too_few_games"  # least, played
    LEAGUE_UNRELIABLE = "league_unreliable"  # least, share
    LEAGUE_NOT_STARTED = "league_not_started"  # standings of a league still signing up


class GameError(Exception):
    """A refused request: `reason` says which, `params` fill its sentence."""

    def __init__(self, reason: Reason, **params: Any) -> None:
        super().__init__(reason, params)
        self.reason = reason
        self.params = params

    def __str__(self) -> str:  # for logs: the reason code and its parameters
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.reason.value}({args})"


class NoGameHere(GameError):
    """The channel has no lobby or running game (or none with what was asked for)."""


class GameAlreadyRunning(GameError):
    """`new` in a channel that already has a lobby or a running game."""


class AlreadyStarted(GameError):
    """A lobby request (join, leave, start) after the game started."""


class NotStarted(GameError):
    """A move in a game that is still in its lobby."""


class AlreadySeated(GameError):
    """`join` by someone who has a seat."""


class NotSeated(GameError):
    """`leave`, a move or a pit asked of someone who has no seat in the game."""


class GameFull(GameError):
    """`join` when all seats are taken."""


class NotHost(GameError):
    """`start` by anyone but the host, or `abort` by anyone but the host or a moderator."""


class NotEnoughPlayers(GameError):
    """`start` with fewer than two seats taken."""


class NotYourTurn(GameError):
    """A move by a seated player whose decision is not the pending one."""


class IllegalMove(GameError):
    """The rules refused the action; `params["problem"]` is the rules' `IllegalAction`."""

    def __init__(self, problem: Exception) -> None:
        super().__init__(Reason.ILLEGAL, problem=problem)
        self.problem = problem


class NotAComputer(GameError):
    """Removing a seat that is not a computer's, or taking back a seat no computer plays."""


class BadOptions(GameError):
    """Game options that do not exist or have no such value; `params["fields"]` names them."""


class StaleAction(GameError):
    """The request was based on a game that has moved on (an old button, a timer that fired late)."""


class SaveFailed(GameError):
    """The database refused the write; nothing changed, and the game was reloaded from the database."""


class OverLimit(GameError):
    """A limit against abuse (see `games.limits`): too many lobbies, games, or lobbies opened lately."""


class CannotUndo(GameError):
    """The move cannot be taken back (see `games.undo`)."""


class Paused(GameError):
    """The game is paused (a move, or a second pause), or it is not (a resume)."""
