"""What the bot's handlers need from the client, typed: the manager, the publisher, the computers.

`interaction.client` is typed as a plain `discord.Client`; `client_of` gives the Coal Baron
bot's own attributes to the type checker. The client's shape and the interfaces of the pieces it
holds are protocols here, in a leaf module: a handler reaches the publisher or the computers
through the client without importing them (`bot.service.client` imports every handler module, so a
handler importing it back would close a circle, a type-only import included).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

import discord

from bot.cooldowns import Cooldowns
from bot.record.frame_cache import FrameCache
from bot.service.metrics import Metrics
from games import Game, GameManager, Move, TurnResult
from games.autoplay import Question
from games.consoles import Consoles
from games.limits import Limits
from players import Hint
from storage import PlayerSettings

# The client event that makes the turn timers look at the deadlines again (`bot.play.timers.Timers`).
TIMERS_CHANGED = "coal_timers_changed"

T = TypeVar("T")


class Publishing(Protocol):
    """`bot.posting.publisher.Publisher`: the one way a stored turn, or anything else the bot says in a
    game's channel, reaches Discord."""

    async def publish(
        self,
        result: TurnResult,
        interaction: discord.Interaction | None = None,
        *,
        text: str | None = None,
        note: str | None = None,
        since: int | None = None,
        replies: int | None = None,
    ) -> bool: ...

    async def first_turn(self, interaction: discord.Interaction | None, game: Game) -> None: ...

    async def resumed(self, interaction: discord.Interaction, game: Game, text: str) -> None: ...

    async def say(self, game: Game, text: str) -> bool: ...

    async def lobby(
        self,
        interaction: discord.Interaction,
        game: Game,
        text: str,
        pings: tuple[int, ...] | list[int] = (),
        *,
        stored_post: bool = False,
    ) -> None: ...

    async def lobby_in(self, channel: discord.abc.Messageable, game: Game, text: str) -> None: ...

    def lobby_changed(self, game: Game, interaction: discord.Interaction) -> None: ...

    async def ended(self, game: Game) -> None: ...

    async def remind(self, game: Game, seconds_left: float) -> None: ...

    async def held_ping(self, game: Game) -> None: ...

    async def direct(self, game: Game, person: PlayerSettings, write: Callable[[], str]) -> bool: ...

    async def post_pending(self) -> int: ...

    def draw_ahead(self, move: Move) -> None: ...

    def drop_ahead(self, game: Game, upto: int | None = None) -> None: ...

    def held_until(self, game_id: int) -> float: ...

    def try_later(self, game_id: int) -> None: ...

    def forget_game(self, game: Game) -> None: ...

    def close(self) -> None: ...


class Computers(Protocol):
    """`bot.play.computers.ComputerPlayers`: the computers' thinking (off the event loop) and moving."""

    def wake(self, channel_id: int) -> None: ...

    async def think(self, question: Question) -> str: ...

    async def hints(self, game: Game, player: str) -> list[Hint]: ...


class Tidying(Protocol):
    """`bot.service.housekeeping.Housekeeping`: forgetting, purges and retention, in rounds."""

    def wake(self) -> None: ...


class CoalClient(Protocol):
    manager: GameManager
    publisher: Publishing
    consoles: Consoles
    computers: Computers
    clock: Callable[[], float]
    pause_limit: float  # seconds a game may stay paused before it ends
    game_threads: bool  # /coal new opens a thread per game in a text channel
    limits: Limits  # lobbies per server, games per person, lobbies opened per hour, a lobby's days
    cooldowns: Cooldowns  # per person, on the commands that cost most
    housekeeping: Tidying  # forgetting, purges and retention (bot.service.housekeeping)
    metrics: Metrics  # Prometheus' counters, histograms and gauges (bot.service.metrics)
    replays: FrameCache  # the replay viewer's drawn frames (bot.record.replay)

    def queue_depths(self) -> dict[str, int]: ...

    def handled(self, interaction: discord.Interaction, kind: str) -> None: ...

    async def render(
        self, fn: Callable[..., bytes], *args: Any, filename: str, description: str | None = None
    ) -> discord.File | None: ...

    async def draw(self, fn: Callable[..., T], *args: Any) -> T: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def wait_for(self, event: str, /, *, timeout: float | None = None) -> Any: ...

    def dispatch(self, event: str, /, *args: Any) -> None: ...


def client_of(interaction: discord.Interaction) -> CoalClient:
    return cast(CoalClient, interaction.client)


def as_coal(client: discord.Client) -> CoalClient:
    return cast(CoalClient, client)
