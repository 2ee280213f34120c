"""The leagues of this process's servers, kept moving: sign-up closes when its window ends, each round's
tables are opened as threads of the league's channel with their games dealt and their players pinged, the
next round follows when every table has ended, and the standings are posted after each round and at the end.

Everything it does is stored first (`games.leagues`), so a restart picks up where it stopped (`resume`):
a round paired and not all opened, a table's thread made and its game not dealt, a league whose window ended
meanwhile. A league's games are told apart from others by the manager's listener (`changed`): a table's
game that ends moves its league on. One league moves at a time (a lock per league).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _, speaking
from bot.league.announcement import announcement_text
from bot.league.signup import announcement_view
from bot.league.standings import standings_message
from bot.lobby.threads import ARCHIVE_AFTER_MINUTES
from bot.posting import game_messages
from bot.words import league as words
from games.errors import GameError
from games.leagues import LeagueView
from storage import Brief
from storage.leagues import LeagueTable

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")
RETRY_SECONDS = 60.0  # a table Discord refused to open is tried again after this


class LeagueRunner:
    """Moves the leagues of `bot` on (`bot.leagues`)."""

    def __init__(self, bot: CoalBot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closes: dict[int, asyncio.TimerHandle] = {}  # league id -> the end of its sign-up
        self.work_context: contextvars.Context | None = None  # the bot's, set when it starts

    # --- starting and stopping ------------------------------------------------------------------------------

    async def resume(self) -> int:
        """After a start: every open league of this process's servers moved on, sign-up windows watched."""
        leagues = await self.bot.manager.leagues.open_leagues()
        for league in leagues:
            if league.status == "signup":
                self.watch_signup(league.id, league.signup_until)
            else:
                self.move_on(league.id)
        return len(leagues)

    def close(self) -> None:
        for handle in self._closes.values():
            handle.cancel()
        self._closes.clear()
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, work: Any) -> None:
        """A step as the bot's own work (its context, `work_context`): a game's end stored by a request of
        another kind (a web board's move, a timer's) still moves the league in the bot's name."""
        if self.work_context is None:
            self._start(work)
        else:  # begun from within the bot's context, so the task is made there
            asyncio.get_running_loop().call_soon(self._start, work, context=self.work_context.copy())

    def _start(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a league's step failed", exc_info=task.exception())

    # --- what moves a league ---------------------------------------------------------------------------------

    def watch_signup(self, league_id: int, until: float) -> None:
        """Close the league's sign-up (and begin it) when its window ends."""
        old = self._closes.pop(league_id, None)
        if old is not None:
            old.cancel()
        delay = max(0.0, until - self.bot.clock())
        loop = asyncio.get_running_loop()
        self._closes[league_id] = loop.call_later(delay, lambda: self._spawn(self.begin(league_id)))

    def changed(self, brief: Brief) -> None:
        """A game was stored (the manager's listener): one that ended may be a league's table."""
        if brief.status in ("finished", "aborted"):
            self._spawn(self._ended(brief.id))

    async def _ended(self, game_id: int) -> None:
        league_id = await self.bot.manager.leagues.league_of_game(game_id)
        if league_id is not None:
            await self.advance(league_id)

    def move_on(self, league_id: int) -> None:
        self._spawn(self.advance(league_id))

    async def begin(self, league_id: int) -> LeagueView:
        """Sign-up closes: round 1 paired and opened (or the league cancelled, fewer than two players)."""
        handle = self._closes.pop(league_id, None)
        if handle is not None:
            handle.cancel()
        async with self._locks[league_id]:
            view = await self.bot.manager.leagues.begin(league_id)
            await self._after(view, before=None)
            return view

    async def advance(self, league_id: int) -> LeagueView:
        """The league moved on as far as it can now (see `Leagues.advance`), and what that means posted."""
        async with self._locks[league_id]:
            leagues = self.bot.manager.leagues
            before = await leagues.view(league_id)
            view = await leagues.advance(league_id)
            await self._after(view, before=before)
            return view

    async def _after(self, view: LeagueView, before: LeagueView | None) -> None:
        league = view.league
        moved = before is None or (league.round, league.status) != (before.league.round, before.league.status)
        if moved and league.status == "running" and league.round > 1 and before is not None:
            await self._post_standings(before, final=False)
        if moved and league.status == "finished":
            await self._post_standings(view, final=True)
        if moved and league.status == "cancelled" and before is None:
            await self._say(view, words.DID_NOT_START, league=league.id)
        if league.status == "running":
            await self._open_tables(view, announce=moved)
        if moved:
            await self.refresh_announcement(view)

    # --- the tables -----------------------------------------------------------------------------------------

    async def _open_tables(self, view: LeagueView, *, announce: bool) -> None:
        league = view.league
        tables = self.bot.manager.leagues.tables_to_open(view)
        opened: dict[int, int] = {t.table_no: t.thread_id for t in view.round_tables() if t.thread_id is not None}
        for table in tables:
            try:
                thread_id = await self._open(view, table)
            except (discord.HTTPException, GameError, TableNotOpened) as err:
                log.warning(
                    "league %s: table %s of round %s not opened (%s); trying again",
                    league.id,
                    table.table_no,
                    table.round,
                    err,
                )
                asyncio.get_running_loop().call_later(RETRY_SECONDS, self.move_on, league.id)
                continue
            opened[table.table_no] = thread_id
        if announce:
            round_tables = [t for t in view.tables if t.round == league.round]
            with speaking(league.language):
                text = words.round_message(league, round_tables, opened)
            await self._post(league.channel_id, text)

    async def _open(self, view: LeagueView, table: LeagueTable) -> int:
        """A table's thread (made, or the one a restart left), its game dealt, its players pinged there."""
        league = view.league
        manager = self.bot.manager
        thread_id = table.thread_id
        if thread_id is None:
            channel = self.bot.get_channel(league.channel_id) or await self.bot.fetch_channel(league.channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise TableNotOpened(league.channel_id)  # not a text channel (any more)
            with speaking(league.language):
                name = words.thread_name(league, table)
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=ARCHIVE_AFTER_MINUTES
            )
            thread_id = thread.id
            await self.bot.store.leagues.table_thread(league.id, table.round, table.table_no, thread_id)
        names = words.names_of(view.players)
        people = [(u, names.get(u, str(u))) for u in table.users]
        game = await manager.lobbies.deal_table(league.guild_id, thread_id, people, league.options)
        with speaking(league.language):
            hello = words.table_hello(league, table)
        await self._post(thread_id, hello, pings=table.users)
        await game_messages.first_turn(self.bot, None, game)
        await manager.leagues.table_dealt(view, table, game)
        return thread_id

    # --- posts ------------------------------------------------------------------------------------------------

    async def _post(self, channel_id: int, text: str, *, pings: tuple[int, ...] = (), file: Any = None) -> None:
        allowed = discord.AllowedMentions(users=[discord.Object(u) for u in pings], roles=False, everyone=False)
        kwargs: dict[str, Any] = {"allowed_mentions": allowed}
        if file is not None:
            kwargs["file"] = file
        try:
            await self.bot.get_partial_messageable(channel_id).send(text[:2000], **kwargs)
        except discord.HTTPException as err:
            log.warning("channel %s: a league's message was not posted (%s)", channel_id, err)

    async def _say(self, view: LeagueView, text: str, **params: Any) -> None:
        with speaking(view.league.language):
            await self._post(view.league.channel_id, _(text).format(**params))

    async def _post_standings(self, view: LeagueView, *, final: bool) -> None:
        """The standings after the round `view` was at (or the final ones): text and picture."""
        with speaking(view.league.language):
            text, file = await standings_message(self.bot, view, final=final)
        await self._post(view.league.channel_id, text, file=file)

    async def refresh_announcement(self, view: LeagueView) -> None:
        """The league's announcement edited to say who is in and where it stands (its buttons while it signs up)."""
        league = view.league
        if league.message_id is None:
            return
        with speaking(league.language):
            text = announcement_text(view)
            buttons = announcement_view(view)
        message = self.bot.get_partial_messageable(league.channel_id).get_partial_message(league.message_id)
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=text, view=buttons, allowed_mentions=discord.AllowedMentions.none())

    async def departed(self, guild_id: int) -> None:
        """The bot left the server: its leagues end (their games end with the server's)."""
        for league in await self.bot.store.leagues.of_guild(guild_id):
            if league.is_open:
                await self.bot.manager.leagues.cancel(league.id)
                handle = self._closes.pop(league.id, None)
                if handle is not None:
                    handle.cancel()


class TableNotOpened(Exception):
    """A table could not be opened where the league is (its channel is gone, or not a text channel)."""
