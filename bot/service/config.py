"""The bot's settings: read from the environment and `.env` by pydantic-settings, each typed and checked.

`.env` is read as python-dotenv reads it (a shell's rules, roughly): `KEY=value  # a comment` is
`value`, quotes keep what is inside them, `export KEY=value` is `KEY=value`, and a blank value
(`DEV_GUILD_ID=`) means the setting's default. A variable set in the environment wins over `.env`.
A value that is not what its setting takes is refused at start in one line naming the setting and
the value (`Settings.from_env`); `python -m bot --check` prints the settings in effect.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.web.options import WebOptions
from games.computers import EXPERT_SECONDS
from games.limits import Limits
from games.shards import Shards
from players.review import REVIEW_SECONDS
from storage.backend import is_postgres_url, redact
from storage.store import DEFAULT_PATH

AtLeastOne = Annotated[int, Field(ge=1)]


class Settings(BaseSettings):
    """Every setting of `.env.example`, by its variable's name (case does not matter)."""

    model_config = SettingsConfigDict(extra="ignore", env_ignore_empty=True, frozen=True, hide_input_in_errors=True)

    discord_token: SecretStr = SecretStr("")  # the bot's token (Developer Portal → Bot → Reset Token)
    coalbaron_db: str = DEFAULT_PATH  # a SQLite file, or a postgresql:// URL
    dev_guild_id: Annotated[int, Field(gt=0)] | None = None  # sync the commands to this server at once
    computer_processes: AtLeastOne = 1  # worker processes the computer players think in
    expert_seconds: Annotated[float, Field(ge=0.1, le=10)] = EXPERT_SECONDS  # CPU s an expert move, a hint take
    review_seconds: Annotated[float, Field(ge=0.05, le=10)] = REVIEW_SECONDS  # CPU s a review's decision takes
    drawing_processes: Annotated[int, Field(ge=0)] = 1  # worker processes images are drawn in (0: a thread)
    shard_count: AtLeastOne | None = None  # with SHARD_IDS: this process runs these shards only
    shard_ids: str | None = None
    pause_limit_days: AtLeastOne = 30  # a game paused this long ends without a result
    lobbies_per_server: AtLeastOne = Limits.lobbies_per_server
    games_per_person: AtLeastOne = Limits.games_per_person
    new_per_hour: AtLeastOne = Limits.new_per_hour
    lobby_days: AtLeastOne = int(Limits.lobby_days)
    purge_after_days: AtLeastOne = 30  # a server's data is deleted this long after it removed the bot
    health_port: Annotated[int, Field(ge=1, le=65535)] | None = None  # /healthz, /readyz, /metrics (off: unset)
    health_host: str = "127.0.0.1"  # where they listen (0.0.0.0 in a container)
    ready_post_age: AtLeastOne = 600  # seconds a post may wait before /readyz answers 503
    log_format: Literal["text", "json"] = "text"  # json: one JSON object a line, with the game and server
    alert_webhook_url: SecretStr = SecretStr("")  # a Discord webhook for ERROR records and channels out of reach
    web_port: Annotated[int, Field(ge=1, le=65535)] | None = None  # the web board (off: unset)
    web_host: str = "127.0.0.1"  # where it listens (0.0.0.0 in a container, behind the HTTPS proxy)
    public_url: str = ""  # the board's address players open (https://…); the links point there
    web_secret: SecretStr = SecretStr("")  # signs the board's links (unset: one is made and kept in the database)
    discord_client_id: str = ""  # the Activity: the application's id (Developer Portal → OAuth2)
    discord_client_secret: SecretStr = SecretStr("")  # … and its client secret (unset: links only)

    @model_validator(mode="after")
    def _shards_agree(self) -> Settings:
        self.shards  # noqa: B018 - raises ValueError when SHARD_IDS and SHARD_COUNT disagree
        return self

    @model_validator(mode="after")
    def _web_agrees(self) -> Settings:
        url = self.public_url.strip()
        parts = urlsplit(url)
        if url and (parts.scheme not in ("https", "http") or not parts.hostname or parts.path not in ("", "/")):
            # the page asks /api/… of its own host: the board is served at the address's root
            raise ValueError(f"PUBLIC_URL must be the board's address, like https://coal.example.org, not {url!r}")
        if url and self.web_port is None:
            raise ValueError("PUBLIC_URL is set but WEB_PORT is not: it is the web board's address")
        if self.discord_client_id and not self.discord_client_id.isdigit():
            raise ValueError(f"DISCORD_CLIENT_ID must be the application's id (digits), not {self.discord_client_id!r}")
        if bool(self.discord_client_id) != bool(self.discord_client_secret.get_secret_value()):
            raise ValueError("the Activity needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (or neither)")
        if self.discord_client_id and self.web_port is None:
            raise ValueError("DISCORD_CLIENT_ID is set but WEB_PORT is not: the Activity is the web board")
        return self

    @classmethod
    def from_env(cls, env_file: str | None = None) -> Settings:
        """The settings from the environment (and `env_file`, when given and present); ValueError with one
        line naming the first setting that is wrong and its value."""
        try:
            return cls(_env_file=env_file)
        except ValidationError as err:
            raise ValueError(_one_line(err)) from None

    @property
    def token(self) -> str:
        return self.discord_token.get_secret_value().strip()

    @property
    def database(self) -> str:
        return self.coalbaron_db

    @property
    def shards(self) -> Shards | None:
        """SHARD_COUNT (and optionally SHARD_IDS, e.g. `0,1`; default every shard) or None when unset."""
        return shards_of(self.shard_count, self.shard_ids)

    @property
    def web(self) -> WebOptions | None:
        """The web board's settings, or None when WEB_PORT is unset (no board)."""
        if self.web_port is None:
            return None
        return WebOptions(
            port=self.web_port,
            host=self.web_host,
            public_url=self.public_url.strip(),
            secret=self.web_secret.get_secret_value(),
            client_id=self.discord_client_id,
            client_secret=self.discord_client_secret.get_secret_value(),
        )

    @property
    def limits(self) -> Limits:
        return Limits(
            lobbies_per_server=self.lobbies_per_server,
            games_per_person=self.games_per_person,
            new_per_hour=self.new_per_hour,
            lobby_days=self.lobby_days,
        )

    def shown(self) -> list[str]:
        """The settings in effect, one `NAME=value` line each, for `python -m bot --check`: secrets masked,
        a database URL without its password."""
        lines = []
        for name in type(self).model_fields:
            value: Any = getattr(self, name)
            if isinstance(value, SecretStr):
                value = "(set, hidden)" if value.get_secret_value() else "(not set)"
            elif name == "coalbaron_db" and is_postgres_url(value):
                value = redact(value)
            elif value is None:
                value = "(not set)"
            lines.append(f"{name.upper()}={value}")
        return lines


def shards_of(count: int | None, ids: str | None) -> Shards | None:
    """The shards of this process from SHARD_COUNT and SHARD_IDS; None when neither is set."""
    ids = (ids or "").strip()
    if count is None:
        if ids:
            raise ValueError("SHARD_IDS is set but SHARD_COUNT is not: set both (e.g. SHARD_COUNT=4, SHARD_IDS=0,1)")
        return None
    parts = [part.strip() for part in ids.split(",")] if ids else [str(k) for k in range(count)]
    if not all(part.isdigit() for part in parts):
        raise ValueError(f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {ids!r}")
    return Shards(count, frozenset(int(part) for part in parts))


def _least(name: str) -> int | None:
    """The smallest whole number setting `name` takes (its `ge`), looked for in its annotation."""
    field = Settings.model_fields.get(name)
    found = [m.ge for m in (field.metadata if field else []) if getattr(m, "ge", None) is not None]
    for arg in get_args(field.annotation if field else None):
        found += [m.ge for m in getattr(arg, "__metadata__", ()) if getattr(m, "ge", None) is not None]
    return found[0] if found else None


def _one_line(err: ValidationError) -> str:
    """The first problem of a validation error as one line: the setting, what it takes, the value given."""
    problem = err.errors(include_url=False)[0]
    name = ".".join(str(p) for p in problem["loc"]).upper()
    given = problem.get("input")
    if not name:  # a check of several settings together (the shards)
        return str(problem["msg"]).removeprefix("Value error, ")
    least = problem.get("ctx", {}).get("ge", _least(name.lower()))
    field = Settings.model_fields.get(name.lower())
    if field is not None and field.annotation is float:  # a float setting has both bounds (EXPERT_SECONDS)
        low = next(m.ge for m in field.metadata if getattr(m, "ge", None) is not None)
        high = next(m.le for m in field.metadata if getattr(m, "le", None) is not None)
        return f"{name} must be a number from {low:g} to {high:g}, not {given!r}"
    if problem["type"] in ("int_parsing", "int_from_float", "greater_than_equal", "greater_than", "int_type"):
        at_least = f", at least {least}" if least is not None else ", above 0"
        return f"{name} must be a whole number{at_least}, not {given!r}"
    if problem["type"] == "less_than_equal":
        return f"{name} must be at most {problem.get('ctx', {}).get('le')}, not {given!r}"
    if problem["type"] == "literal_error":
        return f"{name} must be one of {problem.get('ctx', {}).get('expected')}, not {given!r}"
    return f"{name}: {problem['msg']}, not {given!r}"
