"""The discord.py client: opens the database, registers `/coal` and the persistent buttons.

`create_bot(database=...)` is the seam tests use: it returns the client unstarted;
`setup_hook` (run by discord.py at login) opens the store, resumes every game, registers
the commands and components and syncs the command tree.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import hashlib
import io
import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.command_names import CommandTranslator
from bot.cooldowns import Cooldowns
from bot.i18n import load_all, locale_for, speak
from bot.league.runner import LeagueRunner
from bot.play.computers import ComputerPlayers
from bot.posting.publisher import Publisher
from bot.record.frame_cache import FrameCache
from bot.record.review import post_review
from bot.service import startup
from bot.service.health import HealthServer
from bot.service.housekeeping import Housekeeping
from bot.service.metrics import Metrics, RateLimits
from bot.service.reviewer import REVIEW_SECONDS, Reviewer
from bot.service.workers import Workers
from bot.web.options import WebOptions
from bot.web.server import BoardServer
from games import GameManager
from games.computers import EXPERT_SECONDS
from games.consoles import Consoles
from games.limits import Limits
from games.shards import Shards
from games.timers import PAUSE_LIMIT
from rendering import warm_up
from storage import Store

if TYPE_CHECKING:  # (made in setup_hook, imported there: the timers import the handlers, which name this client)
    from bot.play.timers import Timers

log = logging.getLogger("coalbaron")

Clock = Callable[[], float]  # unix seconds

READY_POST_AGE = 600.0  # seconds a post may wait before /readyz says the bot is not ready
PURGE_AFTER_DAYS = 30  # days a server's data is kept after it removed the bot (re-adding it in time keeps it)

# How long a save waits for a database another program holds locked before the move is refused:
# inside the 3 s Discord gives an interaction for its first answer, so the refusal always arrives.
SAVE_WAIT = 2.0

T = TypeVar("T")


def discord_clock() -> float:
    """Now, as Discord (and SimCord's virtual Discord) sees it."""
    return discord.utils.utcnow().timestamp()


class CoalTree(app_commands.CommandTree):
    """The command tree; every slash command and autocomplete answers in the asker's language."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        speak(locale_for(interaction.locale))  # for this interaction's task; channel posts say their game's
        return True


@dataclass(frozen=True, slots=True)
class BotOptions:
    """How a bot is made (`create_bot`'s keywords; the settings give them in `python -m bot`).

    `computer_processes`: worker processes the computer players think in (COMPUTER_PROCESSES);
    `expert_seconds`: CPU seconds the expert level thinks a move, and a hint (EXPERT_SECONDS);
    `drawing_processes`: worker processes images are drawn in (DRAWING_PROCESSES; 0: a thread);
    `shards`: run these shards only (SHARD_COUNT, SHARD_IDS) as an `AutoShardedClient`; without
    them a plain `Client`, one connection, as Discord wants below 2 500 servers;
    `pause_limit`: seconds a paused game waits before it ends without a result (PAUSE_LIMIT_DAYS);
    `limits`: lobbies per server, games per person, lobbies opened per hour, a lobby's days (games.limits);
    `game_threads`: False keeps every game where `/coal new` is typed (the sandbox, whose page shows one channel);
    `purge_after_days`: how long a server's data is kept after it removed the bot (PURGE_AFTER_DAYS);
    `health`: (host, port) of /healthz, /readyz and /metrics (HEALTH_HOST, HEALTH_PORT; None: off);
    `ready_post_age`: seconds a post may wait before /readyz turns 503 (READY_POST_AGE);
    `web`: the web board's settings (WEB_PORT and the rest, `bot.web.options`; None: no board).
    """

    database: str | os.PathLike[str] | None = None
    clock: Clock | None = None
    dev_guild_id: int | None = None
    computer_processes: int = 1
    expert_seconds: float = EXPERT_SECONDS
    review_seconds: float = REVIEW_SECONDS
    drawing_processes: int = 0
    shards: Shards | None = None
    pause_limit: float = PAUSE_LIMIT
    limits: Limits | None = None
    game_threads: bool = True
    purge_after_days: int = PURGE_AFTER_DAYS
    health: tuple[str, int] | None = None
    ready_post_age: float = READY_POST_AGE
    web: WebOptions | None = None


class NotStarted(RuntimeError):
    """A part the bot opens at its start (`setup_hook`: the store, the manager, the timers), named by the
    error, asked for before it (a bug in the caller)."""


class CoalBot(discord.Client):
    """The Coal Baron bot: one `/coal` command group, persistent components, one store."""

    def __init__(self, options: BotOptions) -> None:
        database, clock, shards, health = options.database, options.clock, options.shards, options.health
        computer_processes, expert_seconds = options.computer_processes, options.expert_seconds
        drawing_processes, limits = options.drawing_processes, options.limits
        # The bot never joins voice: no warning at every start that voice libraries are missing.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # interactions bring the member; no privileged intent needed
        sharding: dict[str, Any] = {}
        if shards is not None:  # AutoShardedClient's options (see ShardedCoalBot)
            sharding = {"shard_count": shards.count, "shard_ids": sorted(shards.ids)}
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(), **sharding)
        self.pause_limit = options.pause_limit
        self.limits = limits or Limits()
        self.game_threads = options.game_threads  # /coal new opens a thread per game (the sandbox: no)
        self.owned_shards = shards  # (AutoShardedClient.shards is its connections)
        self.tree = CoalTree(self)
        self.database = database
        self.clock: Clock = clock or discord_clock
        self.dev_guild_id = options.dev_guild_id
        self._store: Store | None = None  # opened by setup_hook (`store`)
        self._manager: GameManager | None = None
        self.consoles = Consoles()
        self.publisher = Publisher(self)  # everything the bot posts about a game goes through it
        self.cooldowns = Cooldowns(self.clock)
        self.computers = ComputerPlayers(self, computer_processes, expert_seconds)
        self.reviewer = Reviewer(self, post_review, options.review_seconds)  # post-game reviews, in the background
        self.leagues = LeagueRunner(self)  # the servers' leagues, kept moving
        # Images drawn in worker processes (DRAWING_PROCESSES), or with 0 in a thread of this one; four
        # at a time in each process's queue, so that under a burst it never waits for the event loop
        # (bench.bot, 20 moves at once: busy 78-82 % with four, 75-78 % with two).
        self.drawing = (
            Workers("drawing", drawing_processes, prepare=warm_up, queued=4) if drawing_processes > 0 else None
        )
        self._timers: Timers | None = None  # set up by setup_hook (`timers`)
        self.housekeeping = Housekeeping(self, options.purge_after_days)  # forgetting, purges, old posts
        self.metrics = Metrics()  # counters where things happen; gauges read at each scrape
        self.replays = FrameCache()  # the replay viewer's drawn frames
        self._rate_limits = RateLimits(self.metrics)
        logging.getLogger("discord.http").addFilter(self._rate_limits)
        # /healthz, /readyz, /metrics on HEALTH_HOST:HEALTH_PORT (off without a port)
        self.health = HealthServer(self, health[0], health[1], options.ready_post_age) if health is not None else None
        # The web board (bot.web), served once the store is open; off without WEB_PORT.
        self.board = BoardServer(self, options.web) if options.web is not None else None
        self.board_at_start = True  # False: its starter starts it (under SimCord: outside the bot's own work)
        self.stage = startup.STARTING  # what start-up is doing, for the line that says why it failed
        # The start's catch-up (pending posts, computers to move) begins with the start, unless its starter
        # begins it later (`start_catch_up`: the sandbox, once its simulated server is built).
        self.catch_up_at_start = True

    @property
    def store(self) -> Store:
        """The database, open from `setup_hook` on."""
        if self._store is None:
            raise NotStarted("store")
        return self._store

    @property
    def manager(self) -> GameManager:
        """The game manager, from `setup_hook` on."""
        if self._manager is None:
            raise NotStarted("manager")
        return self._manager

    @property
    def timers(self) -> Timers:
        """The turn timers, from `setup_hook` on."""
        if self._timers is None:
            raise NotStarted("timers")
        return self._timers

    @property
    def store_open(self) -> bool:
        """Whether the database is open (from the start until `close`)."""
        return self._store is not None

    async def sync_commands(self) -> bool:
        """Sync the command tree with Discord only when it changed since the last sync (its payload,
        translations included, hashed and kept in the database): Discord rate-limits syncs, and a bot
        restarted often would spend them for nothing. In a sharded deployment the process that runs
        shard 0 syncs; the others trust it. Whatever the note says, a Discord that lacks one of the
        commands (a new application, commands removed by hand) is synced. Whether it synced."""
        guild = discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        try:  # one read: the commands Discord has
            known = {c.name for c in await self.tree.fetch_commands(guild=guild)}
        except discord.HTTPException as err:  # not readable: sync, as if it had none
            log.info("could not read the commands Discord has (%s); syncing", err)
            known = set()
        if known and self.owned_shards is not None and 0 not in self.owned_shards.ids:
            return False
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)  # what `tree.sync` sends
        payload = [
            await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
            for c in commands
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        key = f"synced-commands:{guild.id if guild else 'global'}:{self.application_id}"
        store = self.store
        if known >= {c.name for c in commands} and await store.preferences.note(key) == digest:
            return False
        await self.tree.sync(guild=guild)
        await store.preferences.save_note(key, digest)
        return True

    async def setup_hook(self) -> None:
        from bot.components import PERSISTENT_ITEMS
        from bot.play.commands import CoalCommands
        from bot.play.timers import Timers

        if self.health is not None:  # up first: an operator sees the start, and why it is not ready yet
            await self.health.start()
        self.stage = startup.OPENING_DATABASE
        self._store = await Store(self.database, clock=self.clock, busy_timeout=SAVE_WAIT).open()
        self._manager = GameManager(self._store, self.owned_shards, self.limits)
        self.stage = startup.RESUMING
        games = await self.manager.open()
        load_all()  # every catalogue read now, not at the first message of each language
        await self.tree.set_translator(CommandTranslator())
        self.tree.add_command(CoalCommands())
        self.tree.error(self.on_tree_error)
        self.add_dynamic_items(*PERSISTENT_ITEMS)
        self.stage = startup.SYNCING
        await self.sync_commands()
        self._timers = Timers(self)
        self.manager.games.listeners.append(self.timers.changed)
        self.timers.start()
        self.manager.games.listeners.append(self.housekeeping.changed)
        self.housekeeping.start()
        self.manager.games.listeners.append(self.leagues.changed)
        self.leagues.work_context = contextvars.copy_context()
        if self.board is not None:
            self.board.work_context = contextvars.copy_context()
            if self.board_at_start:
                self.stage = startup.STARTING_WEB_BOARD
                await self.board.start()
        self.stage = startup.PREPARING_IMAGES
        # The first turn should not pay for the image caches (or for starting the drawing worker).
        await (self.drawing.run(warm_up) if self.drawing else asyncio.to_thread(warm_up))
        # What is loaded by now lives as long as the bot: keep it out of the garbage
        # collector's full passes, which otherwise stall the event loop as the heap grows.
        gc.freeze()
        log.info("ready: %d open game(s) resumed", len(games))
        # Turns stored but not posted before a crash go out now, without holding up the start.
        if self.catch_up_at_start:
            self.start_catch_up()

    def start_catch_up(self) -> None:
        """After a start: the posts a crash left pending, then the computers that are to move (a task)."""
        self._reposting = asyncio.create_task(self._catch_up(), name="coalbaron-outbox")

    async def _catch_up(self) -> None:
        await self.publisher.post_pending()
        resumed = self.computers.resume()
        if resumed:
            log.info("computers to move in %d game(s)", resumed)
        reviews = await self.reviewer.resume()
        if reviews:
            log.info("reviews to finish or post: %d", reviews)
        leagues = await self.leagues.resume()
        if leagues:
            log.info("leagues resumed: %d", leagues)

    async def close(self) -> None:
        if self._timers is not None:
            self._timers.stop()
        self.housekeeping.stop()
        if self.board is not None:  # open boards lose their live channel and reconnect to the next start
            await self.board.stop()
        logging.getLogger("discord.http").removeFilter(self._rate_limits)
        self.publisher.close()  # a post waiting to be tried again is tried at the next start
        await self.computers.close()  # a move being thought is thought again after the next start
        self.reviewer.close()  # a review goes on from its last decision judged at the next start
        self.leagues.close()  # a league goes on from what is stored at the next start
        if self.drawing is not None:
            self.drawing.close()
        if self._manager is not None:
            await self._manager.games.drain()  # let moves in progress finish and be stored
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None
        if self.health is not None:
            await self.health.stop()

    def queue_depths(self) -> dict[str, int]:
        """Calls waiting for a worker process, by pool (the metrics)."""
        depths = {"computer": self.computers.workers.waiting}
        if self.drawing is not None:
            depths["drawing"] = self.drawing.waiting
        return depths

    async def render(
        self, fn: Callable[..., bytes], *args: Any, filename: str, description: str | None = None
    ) -> discord.File | None:
        """Draw an image off the event loop, with its `description` for screen readers (alt text);
        None (and a log line) if drawing fails."""
        try:
            data = await self.draw(fn, *args)
        except Exception:
            log.exception("rendering %s failed", filename)
            return None
        return discord.File(io.BytesIO(data), filename=filename, description=description)

    async def draw(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)`, an image's bytes, drawn off the event loop (a drawing worker, or a thread)."""
        return await (self.drawing.run(fn, *args) if self.drawing else asyncio.to_thread(fn, *args))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (or it was deleted): its games end, its data goes after PURGE_AFTER_DAYS."""
        if self._manager is not None:
            await self.housekeeping.departed(guild.id)
            await self.leagues.departed(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server: if it had removed the bot lately, its data stays."""
        if self._manager is not None:
            await self.housekeeping.rejoined(guild.id)

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        """After a command answered: a refused direct message is said now, privately (`bot.posting.telling`)."""
        from bot.posting.telling import say_owed_note

        self.handled(interaction, "command")
        await say_owed_note(interaction)

    def handled(self, interaction: discord.Interaction, kind: str) -> None:
        """The bot is done with an interaction (the metrics: from its creation to now)."""
        seconds = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        self.metrics.interactions.labels(kind).observe(max(0.0, seconds))

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        from bot.replies import oops, refuse_error
        from games import GameError

        self.handled(interaction, "command")
        original = getattr(error, "original", error)
        if isinstance(original, GameError):  # a refusal: private, nothing changed
            await refuse_error(interaction, original)
            return
        if isinstance(error, app_commands.CheckFailure):
            return  # the check already answered
        command = interaction.command.qualified_name if interaction.command else "?"
        await oops(interaction, error, f"command {command}")


class ShardedCoalBot(CoalBot, discord.AutoShardedClient):
    """The bot over some of the application's shards (SHARD_COUNT, SHARD_IDS): one process of
    several over one PostgreSQL database; it runs the games of its shards' servers only."""


def create_bot(database: str | os.PathLike[str] | None = None, **options: Any) -> CoalBot:
    """The bot, unstarted (its options: `BotOptions`). Commands are registered and synced in `setup_hook`
    at login."""
    made = BotOptions(database=database, **options)
    return (CoalBot if made.shards is None else ShardedCoalBot)(made)
