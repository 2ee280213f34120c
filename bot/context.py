"""What the bot's handlers need from the client, typed: the manager, consoles, clock, drawing.

`interaction.client` is typed as a plain `discord.Client`; `client_of` gives the Coal Baron
bot's own attributes to the type checker without importing `bot.client` (which imports
every handler module, so importing it here would close a circle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from games import GameManager
from games.consoles import Consoles
from games.limits import Limits

if TYPE_CHECKING:
    from .computers import ComputerPlayers


class CoalClient(Protocol):
    manager: GameManager
    consoles: Consoles
    computers: ComputerPlayers
    clock: Callable[[], float]
    pause_limit: float  # seconds a game may stay paused before it ends
    game_threads: bool  # /coal new opens a thread per game in a text channel
    limits: Limits  # lobbies per server, games per person, lobbies opened per hour, a lobby's days

    async def render(self, fn: Callable[..., bytes], *args: Any, filename: str) -> discord.File | None: ...

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def wait_for(self, event: str, /, *, timeout: float | None = None) -> Any: ...

    def dispatch(self, event: str, /, *args: Any) -> None: ...


def client_of(interaction: discord.Interaction) -> CoalClient:
    return cast(CoalClient, interaction.client)


def as_coal(client: discord.Client) -> CoalClient:
    return cast(CoalClient, client)
