"""Settings from the environment and an optional `.env` file: token, database, dev guild, worker processes."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from games.limits import Limits
from games.shards import Shards


def load_dotenv(path: str | os.PathLike[str] = ".env") -> None:
    """Read KEY=VALUE lines into the environment; variables already set win."""
    file = Path(path)
    if not file.is_file():
        return
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        os.environ.setdefault(key.removeprefix("export ").strip(), value)


@dataclass(frozen=True)
class Settings:
    token: str
    database: str | None  # None: storage's default (data/coalbaron.sqlite3)
    dev_guild_id: int | None
    computer_processes: int = 1  # worker processes the computer players think in
    drawing_processes: int = 1  # worker processes images are drawn in (0: a thread of the bot's process)
    shards: Shards | None = None  # SHARD_COUNT / SHARD_IDS: this process runs these shards only
    pause_limit_days: int = 30  # PAUSE_LIMIT_DAYS: a game paused this long ends without a result
    limits: Limits = Limits()  # LOBBIES_PER_SERVER, GAMES_PER_PERSON, NEW_PER_HOUR, LOBBY_DAYS

    @classmethod
    def from_env(cls) -> Settings:
        """The settings; ValueError with one line saying what is wrong (e.g. SHARD_IDS)."""
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        processes = os.environ.get("COMPUTER_PROCESSES", "").strip()
        drawing = os.environ.get("DRAWING_PROCESSES", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=os.environ.get("COALBARON_DB", "").strip() or None,
            dev_guild_id=int(guild) if guild.isdigit() else None,
            computer_processes=max(1, int(processes)) if processes.isdigit() else 1,
            drawing_processes=int(drawing) if drawing.isdigit() else 1,
            shards=shards_from_env(),
            pause_limit_days=_days("PAUSE_LIMIT_DAYS", 30),
            limits=Limits(
                lobbies_per_server=_days("LOBBIES_PER_SERVER", Limits.lobbies_per_server),
                games_per_person=_days("GAMES_PER_PERSON", Limits.games_per_person),
                new_per_hour=_days("NEW_PER_HOUR", Limits.new_per_hour),
                lobby_days=_days("LOBBY_DAYS", int(Limits.lobby_days)),
            ),
        )


def shards_from_env() -> Shards | None:
    """SHARD_COUNT (and optionally SHARD_IDS, e.g. `0,1`; default every shard) or None when unset."""
    count = os.environ.get("SHARD_COUNT", "").strip()
    ids = os.environ.get("SHARD_IDS", "").strip()
    if not count:
        if ids:
            raise ValueError("SHARD_IDS is set but SHARD_COUNT is not: set both (e.g. SHARD_COUNT=4, SHARD_IDS=0,1)")
        return None
    if not count.isdigit():
        raise ValueError(f"SHARD_COUNT must be a whole number, not {count!r}")
    parts = [part.strip() for part in ids.split(",")] if ids else [str(k) for k in range(int(count))]
    if not all(part.isdigit() for part in parts):
        raise ValueError(f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {ids!r}")
    return Shards(int(count), frozenset(int(part) for part in parts))


def _days(name: str, default: int) -> int:
    """A whole number setting, at least 1 (days, or a count); ValueError with one line otherwise."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{name} must be a whole number, at least 1, not {value!r}")
    return int(value)
