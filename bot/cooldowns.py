"""Cooldowns on the commands that cost the bot most (a hint, the full board, an export): per person and game.

A person who used one of them in a channel waits `COOLDOWNS[what]` seconds before the next there (a
person sits in a few games at most: `games.limits`); the refusal says when
with a Discord timestamp, which each reader sees in their own time zone and counts down by itself.
Kept in memory: a restart forgives.
"""

from __future__ import annotations

from collections.abc import Callable

COOLDOWNS: dict[str, float] = {
    "hint": 20.0,  # thinks like the expert computer (1.5 s of CPU), in the computers' worker processes
    "board": 10.0,  # /coal board full:true: the largest image
    "export": 30.0,  # the whole game record
    "my-data": 600.0,  # everything kept about a person, in every server (`/coal me privacy`)
}


class Cooldowns:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._next: dict[tuple[str, int, int], float] = {}

    def use(self, what: str, user_id: int, channel_id: int) -> float | None:
        """Note a use of `what` by `user_id` in `channel_id` now; None if they may, else when they may
        again (unix seconds), in which case nothing is noted."""
        now = self.clock()
        key = (what, user_id, channel_id)
        ready = self._next.get(key, 0.0)
        if ready > now:
            return ready
        self._next[key] = now + COOLDOWNS[what]
        if len(self._next) > 10_000:  # forget the ones that are over
            self._next = {k: t for k, t in self._next.items() if t > now}
        return None
