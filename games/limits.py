"""Limits against abuse of a community's channels: open lobbies per server, games per person, how
often a person may open one, and how long a lobby may wait for its start.

Each is a setting (bot/service/config.py, `.env`) with a default meant for a busy community server. The
game manager checks the first three when a lobby opens (and the games per person when someone
joins one), refusing with the limit in the reason, before anything is stored; the turn timers
close a lobby nobody started in time (`lobby_expired`). A check holds its `Place` until the lobby
or the seat is stored (or refused), so requests made at once cannot all pass the same check.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from storage import Brief, Game

DAY = 86400.0


@dataclass(frozen=True)
class Limits:
    lobbies_per_server: int = 10  # LOBBIES_PER_SERVER: lobbies waiting for their start at once in one server
    games_per_person: int = 5  # GAMES_PER_PERSON: lobbies and running games one person sits in, in one server
    new_per_hour: int = 5  # NEW_PER_HOUR: lobbies one person may open in an hour
    lobby_days: float = 7.0  # LOBBY_DAYS: a lobby nobody starts in this many days closes itself


# No limit at all: the game manager's default, for tools and tests (the bot sets its own).
UNLIMITED = Limits(lobbies_per_server=10**9, games_per_person=10**9, new_per_hour=10**9, lobby_days=1e9)


@dataclass
class Openings:
    """When each person last opened lobbies (in memory: a restart forgives), for `new_per_hour`."""

    times: dict[int, deque[float]] = field(default_factory=dict)

    def wait(self, user_id: int, now: float, per_hour: int, opening: int = 0) -> float:
        """Seconds until `user_id` may open another lobby (0: now), with `opening` more being opened now."""
        recent = self.times.setdefault(user_id, deque())
        while recent and recent[0] <= now - 3600:
            recent.popleft()
        if len(recent) + opening < per_hour:
            return 0.0
        return recent[0] + 3600 - now if recent else 3600.0

    def opened(self, user_id: int, now: float) -> None:
        self.times.setdefault(user_id, deque()).append(now)


@dataclass(frozen=True, eq=False)
class Place:
    """A lobby or a seat that passed the limits and is being stored: it counts as taken meanwhile."""

    guild_id: int
    user_id: int
    lobby: bool  # a new lobby (its host's seat), not a seat in a lobby


def lobby_expires_at(game: Game | Brief, limits: Limits) -> float:
    """When a lobby nobody started closes itself."""
    return game.created_at + limits.lobby_days * DAY
