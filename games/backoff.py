"""Trying again after a failure: an exponential backoff per game, capped, reset by a success.

Every step the bot owes a game — a computer's move, a post still in the outbox, a deadline — is
tried again after a failure (the database down, a full disk, Discord refusing a post), first
after `first` seconds, then twice as long each time up to `cap`: a game never waits for a
restart, and a failing one costs a few attempts a minute, not thousands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIRST = 5.0  # seconds before the first retry
CAP = 600.0  # the longest wait between two tries


@dataclass
class Backoff:
    """Failures in a row and when to try next, per key (a channel or a game id)."""

    first: float = FIRST
    cap: float = CAP
    _failures: dict[int, int] = field(default_factory=dict)
    _next: dict[int, float] = field(default_factory=dict)

    def failed(self, key: int, now: float) -> float:
        """Note a failure; the seconds to wait before the next try."""
        count = self._failures.get(key, 0) + 1
        self._failures[key] = count
        delay = min(self.cap, self.first * 2 ** (count - 1))
        self._next[key] = now + delay
        return delay

    def succeeded(self, key: int) -> None:
        self._failures.pop(key, None)
        self._next.pop(key, None)

    def failures(self, key: int) -> int:
        """Failures in a row so far (0: none, or the last try succeeded)."""
        return self._failures.get(key, 0)

    def not_before(self, key: int) -> float:
        """When the next try may be (0: at once)."""
        return self._next.get(key, 0.0)
