"""Which bot process a game belongs to when the bot runs as several processes over one database.

Discord splits a large bot's servers into shards: server `guild_id` is on shard
`(guild_id >> 22) % shard_count`, and each process connects a range of shards. A game belongs
to the process whose shards hold its server: only that process resumes it at start, runs its
turn timer and posts what a crash left unposted. (Its interactions reach only that process
anyway: Discord sends a server's events through its shard.)
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a server's events come through (Discord's formula)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process runs: `ids` out of `count`."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        if not self.ids:
            raise ValueError("SHARD_IDS must name at least one shard")
        wrong = sorted(i for i in self.ids if not 0 <= i < self.count)
        if wrong:
            raise ValueError(f"SHARD_IDS {wrong} are not shards of SHARD_COUNT={self.count} (0 to {self.count - 1})")

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the games of server `guild_id`."""
        return shard_of(guild_id, self.count) in self.ids
