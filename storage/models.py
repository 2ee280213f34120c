"""Rows read from the database: a game with its seats, a log entry, a player's result, a post.

The rows are frozen dataclasses (the settings a pydantic model): the manager hands them to
the bot layer, which may keep them around without fear of another coroutine changing them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules import GameOptions, GameState
from rules.components import SEAT_COLOURS

__all__ = ["SEAT_COLOURS"]  # re-exported: storage keys seats on the rules' seat colours

Status = Literal["lobby", "active", "finished", "aborted"]
Timer = Literal["none", "1h", "12h", "24h", "48h", "72h"]
Level = Literal["easy", "normal", "hard", "expert"]  # the computer players' levels (players.by_level); new ones last
FIRST_PERSON_ID = 100  # user ids below are the bot's own: the computers' seats (games.computers: 11 ... 44)
Ping = Literal["mention", "dm", "none"]  # how a person is told it is their turn (/coal settings)
Images = Literal["every", "mine", "ask"]  # which turn messages carry the board image for them
DmRefused = Literal["no", "untold", "told"]  # a direct message refused, and whether they were told


TIMER_SECONDS: dict[str, int | None] = {
    "none": None,
    "1h": 3600,
    "12h": 12 * 3600,
    "24h": 24 * 3600,
    "48h": 48 * 3600,
    "72h": 72 * 3600,
}


class StandIn(BaseModel):
    """A computer playing a person's seat: handed over by the host, taken by the timer (absent), or kept
    for a person who asked to be forgotten (until the game ends; nobody gives it back)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    level: Level = "normal"
    by: Literal["host", "timer", "forget", "league"] = "host"  # league: the player withdrew from its league
    back: bool = False  # the host allowed the seat's owner to take it back (always so after "timer")


class GameSettings(BaseModel):
    """The options a game is created with, stored as JSON in `games.options`.

    Every field has a default, so games stored before a field existed still load.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    delivered: Literal["own", "all"] = "own"
    timer: Timer = "24h"
    # What the timer does for a player who did not act. `/coal new` offers "computer" first; the
    # default here is "bank" so that games stored before the option keep the timer they had.
    absent: Literal["computer", "bank"] = "bank"
    stand_ins: dict[str, StandIn] = {}  # seat (rules player) name -> the computer playing it
    paused_at: float | None = None  # when the host paused the game (unix seconds); None: it runs
    # The language of what the bot posts in the game's channel (bot/i18n.SUPPORTED); games stored before
    # the option speak English.
    language: str = "en"
    # A guided first game (`/coal learn`, `games.tutorial`): explanations come with the turns, a "Why?"
    # button with the learner's, and any move may be taken back.
    tutorial: bool = False

    @property
    def timer_seconds(self) -> int | None:
        """Seconds a player has for a turn; None when the game has no timer."""
        return TIMER_SECONDS[self.timer]

    def rules_options(self) -> GameOptions:
        return GameOptions(delivered=self.delivered)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat: a Discord user, their place in seat order, rules name and colour."""

    seat: int  # 0-based, seat order (clockwise in the rules)
    user_id: int
    name: str  # display name in the lobby; the unique rules player name once started
    colour: str
    missed: int = 0  # consecutive turns the timer took for this player
    vp: int | None = None  # final VP, once the game is finished
    won: bool = False  # a winner of the finished game (ties share the victory)


class Stage:
    """What stage a stored game is at, read from its status: a lobby, running, or ended (finished, or
    aborted without a result). Mixed into `Game` and `Brief`, so nobody compares status strings."""

    __slots__ = ()
    status: Status

    @property
    def is_lobby(self) -> bool:
        return self.status == "lobby"

    @property
    def is_running(self) -> bool:
        return self.status == "active"

    @property
    def is_finished(self) -> bool:
        return self.status == "finished"

    @property
    def is_aborted(self) -> bool:
        return self.status == "aborted"

    @property
    def is_open(self) -> bool:
        """A lobby or a running game: the channel is taken."""
        return self.status in ("lobby", "active")


class NotStartedYet(LookupError):
    """A lobby's state was asked for (`Game.started_state`): a lobby has none; the caller should have known."""


@dataclass(frozen=True, slots=True)
class Game(Stage):
    """One game and its seats, as stored. `state` is None until the game starts; `started_state` is the
    state of a game that has started (running or ended), never None."""

    id: int
    guild_id: int
    channel_id: int
    status: Status
    options: GameSettings
    host_id: int
    seats: tuple[SeatRow, ...]
    seed: int | None
    state: GameState | None
    version: int  # actions logged so far (a move taken back is two: the move and its `undo`)
    created_at: float
    updated_at: float
    deadline: float | None = None  # unix time by which the player to move must act
    reminded: bool = False
    held_ping: float | None = None  # when the turn's ping, held back by the mover's quiet hours, is due

    @property
    def started_state(self) -> GameState:
        """The state of a game that has started; NotStartedYet for a lobby."""
        if self.state is None:
            raise NotStartedYet(f"game {self.id} is a lobby: it has no state yet")
        return self.state

    def seat_of_user(self, user_id: int) -> SeatRow | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def user_of_player(self, name: str) -> int | None:
        """The Discord user id playing the rules player `name`."""
        for seat in self.seats:
            if seat.name == name:
                return seat.user_id
        return None

    @property
    def to_move_user(self) -> int | None:
        """The Discord user whose decision is pending; None in a lobby or a finished game."""
        if self.state is None or self.state.to_move is None:
            return None
        return self.user_of_player(self.state.to_move)


@dataclass(frozen=True, slots=True)
class Brief(Stage):
    """What stays in memory of an open game nobody is playing just now: when its timer is
    due, who sits in it and who is to move. The whole game (its state parsed) is read from the database
    when a move, a timer or a command needs it; a brief is a few hundred bytes where a game is 30 KiB."""

    id: int
    guild_id: int
    channel_id: int
    status: Status
    options: GameSettings  # games with the same options share one object
    version: int
    created_at: float
    deadline: float | None
    reminded: bool
    user_ids: tuple[int, ...]  # the seats' users, in seat order
    to_move: str | None = None  # the rules player whose decision is pending (a running game's)
    to_move_user: int | None = None  # who plays that seat
    held_ping: float | None = None  # when the turn's ping held back by quiet hours is due

    @classmethod
    def of(cls, game: Game) -> Brief:
        to_move = game.state.to_move if game.state is not None and game.is_running else None
        return cls(
            id=game.id,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            status=game.status,
            options=game.options,
            version=game.version,
            created_at=game.created_at,
            deadline=game.deadline,
            reminded=game.reminded,
            user_ids=tuple(s.user_id for s in game.seats),
            to_move=to_move,
            to_move_user=game.user_of_player(to_move) if to_move is not None else None,
            held_ping=game.held_ping,
        )


@dataclass(frozen=True, slots=True)
class LogRow:
    """One entry of a game's append-only action log."""

    game_id: int
    seq: int  # 1, 2, ...: the game's version after this action
    user_id: int
    player: str
    action: str  # the rules text form, `str(action)`
    at: float
    events: str = ""  # what happened, as `rules.EVENTS` JSON: replayed when read (`Queries.log_with_events`)
    auto: bool = False  # taken by the turn timer, not the player


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A person's own settings (`/coal settings`), the same in every server; defaults until they change one.

    `ping`: a mention in the game's channel, a direct message, or nothing. `reminder`: the note at
    half time. `images`: turn messages carry the board after every turn, on my turn only, or never
    (`/coal board` on request). `language`: the locale they last used the command in (their direct
    messages are written in it). `dm_refused`: "untold" when Discord refused a direct message to them
    (closed DMs) and they have not been told yet, "told" once they were; "no" when DMs get through.
    `away_until`: the instant they are back (`/coal me away`); None when they are not away.
    `time_zone` (an IANA name), `quiet_from`, `quiet_to` (minutes after midnight there): their quiet
    hours (`/coal me quiet`), none without all three. `heads_up`: a direct message when they are next.
    """

    user_id: int
    ping: Ping = "mention"
    reminder: bool = True
    images: Images = "every"
    language: str | None = None
    dm_refused: DmRefused = "no"
    away_until: float | None = None
    time_zone: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    heads_up: bool = False

    @property
    def has_quiet_hours(self) -> bool:
        return self.time_zone is not None and self.quiet_from is not None and self.quiet_to is not None


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A person's rating in one server's ladder (games.ratings): the model's mean and uncertainty."""

    user_id: int
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """What the ladder is ordered by: a cautious estimate, mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingChange:
    """How one rated game moved one person's rating."""

    game_id: int
    user_id: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    at: float = 0.0

    @property
    def delta(self) -> float:
        """The change of the ordinal (mu - 3 sigma)."""
        return (self.mu - 3 * self.sigma) - (self.mu_before - 3 * self.sigma_before)


@dataclass(frozen=True, slots=True)
class FinishedResult:
    """A finished game not yet rated: its server, when it ended, each seat's user and final VP."""

    game_id: int
    guild_id: int
    finished_at: float
    results: tuple[tuple[int, int], ...]  # (user_id, vp) per seat


@dataclass(frozen=True, slots=True)
class Reliability:
    """Whether a person finishes what they start, in one server (issue 76): over their latest started games
    that ended, how many they finished in their own seat (no computer took it: not handed over, not taken
    by the timer, not withdrawn), with how long they take to move and how often the timer moved for them."""

    ended: int  # started games that ended (finished or aborted)
    finished_own: int  # of those, finished with the seat still theirs
    times: MoveTimes

    @property
    def share(self) -> float | None:
        """The share of games finished in their own seat; None before a first game ended."""
        return self.finished_own / self.ended if self.ended else None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one server."""

    games: int
    wins: int
    average_vp: float
    best_vp: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game for /coal history: when, who, scores, winners."""

    game_id: int
    channel_id: int
    finished_at: float
    scores: tuple[tuple[str, int, int], ...]  # (name, user_id, vp) in seat order
    winners: tuple[str, ...] = field(default_factory=tuple)
    created_at: float = 0.0  # the lobby's opening: the game's length is finished_at - created_at


@dataclass(frozen=True, slots=True)
class MoveTimes:
    """How long a player takes to move in one server: over their own moves (the time from the move before
    it in the game's log), and how many moves the timer made for them instead."""

    moves: int
    median: float | None  # seconds
    p90: float | None
    timer_moves: int

    @property
    def timer_share(self) -> float:
        """The share of their turns the timer played."""
        total = self.moves + self.timer_moves
        return self.timer_moves / total if total else 0.0


@dataclass(frozen=True, slots=True)
class Post:
    """Something to post to Discord after a write, given to the write that causes it.

    `kind` and `payload` (JSON-able) are the bot's to choose, e.g. `Post("turn", {...})`.
    """

    kind: str
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """A stored post: pending until `Store.posted_upto` says it reached Discord, retried after a failure or a
    restart."""

    id: int  # in the order the posts were stored
    game_id: int
    seq: int  # the game's version when it was stored
    kind: str
    payload: dict[str, Any]
    attempts: int  # failed attempts so far
    created_at: float
    posted_at: float | None = None
    last_error: str | None = None
    parts: int = 0  # of a post told in several messages (a move, its shift's scoring): those already posted
