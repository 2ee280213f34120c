"""The guided first game in the bot: `/coal learn`, the explanations that come with its turns, the "Why?"
button, the mining console's walk-through, and the way to a real game at its end (`games.tutorial` says
which explanation a turn brings; `bot.words.tutorial` says them).

`/coal learn` opens a private thread for the asker where the bot may (only they and the bot see it), and
plays there; where it may not (the sandbox, a thread, a channel without the permission), the game is
played in the channel itself if it has no game. The table is the asker and one `easy` computer, no timer,
a fixed seed; it is not rated (ratings need two people).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord.ui import Button, ChannelSelect, DynamicItem, Item, View

from bot.command_options import server_language
from bot.context import channel_of, client_of, guild_of
from bot.host import server_defaults
from bot.i18n import _, in_channel, language, language_from_option, locale_for, speaking
from bot.items import BLUE, GameButton, GameMenu, NotOurs, button_template, menu_template
from bot.lobby.permissions import missing_permissions
from bot.lobby.threads import ARCHIVE_AFTER_MINUTES
from bot.play import board_key
from bot.posting import game_messages
from bot.posting.send import TURNS_PER_MESSAGE
from bot.record.replay import replay_button
from bot.record.review import review_button
from bot.replies import log_event, refuse, refuse_error
from bot.words import computers as computer_words
from bot.words import refusals
from bot.words import tutorial as words
from bot.words.lobby import lobby_message
from games import Game, GameError
from games import tutorial as table
from games.errors import Reason
from rules import EVENTS, Event
from storage.queries import record_of

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

# What a private thread for the tutorial takes, by discord.py's attribute names.
THREAD_PERMISSIONS = ("create_private_threads", "send_messages_in_threads")


# --- /coal learn ------------------------------------------------------------------------------------


async def learn(interaction: discord.Interaction) -> None:
    """Start a tutorial game for the asker: in a private thread of theirs, or else in this channel."""
    bot = client_of(interaction)
    user = interaction.user
    missing = missing_permissions(interaction)
    if missing:
        await refuse(interaction, refusals.missing_permissions(missing))
        return
    lang = locale_for(interaction.locale)
    await interaction.response.defer(ephemeral=True, thinking=True)
    thread = await _private_thread(interaction, lang)
    channel_id = thread.id if thread is not None else channel_of(interaction)
    try:
        game = await _table(bot, guild_of(interaction), channel_id, user, lang)
    except GameError as err:
        if thread is not None:
            with contextlib.suppress(discord.HTTPException):
                await thread.delete()
        if err.reason in (Reason.CHANNEL_HAS_GAME, Reason.CHANNEL_HAS_LOBBY):
            await refuse(interaction, _(words.NO_PLACE))
        else:
            await refuse_error(interaction, err)
        return
    log_event(game, f"tutorial for user {user.id}" + (f" in private thread {thread.id}" if thread else ""))
    where_played = thread if thread is not None else bot.get_partial_messageable(channel_id)
    try:  # the board's key first, once (issue 74): a help, so the game goes on without it
        with speaking(lang):
            await board_key.post_in(where_played)
    except discord.HTTPException as err:
        log.info("game %s: the board's key was not posted (%s)", game.id, err)
    await game_messages.first_turn(bot, None, game, first_lesson(game))
    where = thread.mention if thread is not None else f"<#{channel_id}>"
    await interaction.followup.send(_(words.STARTED).format(thread=where), ephemeral=True)


async def _private_thread(interaction: discord.Interaction, lang: str) -> discord.Thread | None:
    """A private thread for the asker's tutorial, the asker added; None where the bot may not open one."""
    channel = interaction.channel
    have = interaction.app_permissions
    if not client_of(interaction).game_threads or not isinstance(channel, discord.TextChannel):
        return None
    if not all(getattr(have, name) for name in THREAD_PERMISSIONS):
        return None
    with speaking(lang):
        name = _(words.THREAD_NAME).format(name=interaction.user.display_name)[:100]
    try:
        thread = await channel.create_thread(
            name=name,
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=ARCHIVE_AFTER_MINUTES,
        )
        await thread.add_user(interaction.user)
    except discord.HTTPException as err:
        log.info("channel %s: no private thread for a tutorial (%s)", channel.id, err)
        return None
    return thread


async def _table(bot: CoalBot, guild_id: int, channel_id: int, user: discord.abc.User, lang: str) -> Game:
    """The tutorial's game, dealt: the learner and one easy computer, the fixed seed."""
    manager = bot.manager
    await manager.lobbies.new_game(guild_id, channel_id, user.id, user.display_name, table.options(lang))
    await manager.lobbies.add_computer(channel_id, user.id, table.LEVEL, computer_words.computer_name)
    return await manager.lobbies.start(channel_id, user.id, seed=table.SEED)


# --- explanations -------------------------------------------------------------------------------------


async def lesson(bot: CoalBot, game: Game, events: list[Event], version: int) -> str:
    """The explanations a tutorial's message at `version` brings with `events` (empty in another game, or
    when the log cannot be read: the turn is posted without them)."""
    if not game.options.tutorial:
        return ""
    try:
        rows = await bot.manager.queries.log_with_events(game)
    except Exception as err:
        log.warning("game %s: the tutorial's log could not be read (%s: %s)", game.id, type(err).__name__, err)
        return ""
    entries = [row for row in rows if row.seq <= version]
    player = table.learner(game)
    if player is None:
        return ""
    sizes = [len(EVENTS.validate_json(row.events or "[]")) for row in entries]
    try:  # the log replayed, off the event loop (a tutorial's log is short: tens of milliseconds)
        told = await asyncio.to_thread(table.lessons, record_of(game, entries), player, TURNS_PER_MESSAGE)
    except Exception as err:  # a log that does not replay: the turn goes without its explanation
        log.warning(
            "game %s: the tutorial's lessons could not be worked out (%s: %s)", game.id, type(err).__name__, err
        )
        return ""
    here = table.message_entries(sizes, version, len(events))
    return words.lesson([told[seq] for seq in here if seq in told])


def first_lesson(game: Game) -> str:
    """The explanations of a tutorial's first message: the welcome and the draft."""
    return words.lesson(table.START) if game.options.tutorial else ""


def final_lesson(game: Game) -> str:
    """The learner's final score explained line by line, under the game's final scores."""
    player = table.learner(game)
    if player is None or game.state is None or not game.state.final:
        return ""
    return words.final_score(game.state, player)


async def guides_the_console(bot: CoalBot, game: Game, user_id: int) -> bool:
    """Whether the mining console shows its walk-through: in a tutorial, until the learner has mined once."""
    if not game.options.tutorial:
        return False
    try:
        log_rows = await bot.manager.queries.log(game.id)
    except Exception:  # a log that cannot be read: the walk-through once more
        return True
    return not any(row.user_id == user_id and row.action.startswith("mine") for row in log_rows)


# --- the way to a real game ---------------------------------------------------------------------------------


def end_view(game: Game) -> View:
    """The buttons under a tutorial's final scores: Play a real game, Replay and Review."""
    v = View(timeout=None)
    v.add_item(RealGameButton(game.id, game.version))
    v.add_item(replay_button(game.id, game.version))
    v.add_item(review_button(game.id, game.version))
    return v


class RealGameButton(GameButton, DynamicItem[Button], template=button_template("real")):
    """Play a real game: privately, a menu of the server's channels; the lobby opens in the one picked."""

    kind = "real"
    default_label = words.REAL_GAME
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        menu = RealGameMenu(self.game_id, self.version)
        v = View(timeout=None)
        v.add_item(menu)
        await interaction.response.send_message(_(words.REAL_GAME_PICK), view=v, ephemeral=True)


class RealGameMenu(GameMenu, DynamicItem[ChannelSelect], template=menu_template("real")):
    """The channel picked for a real game: a lobby opens there with the server's defaults, the picker its host."""

    kind = "real"
    on = "private"

    def __init__(self, game_id: int, version: int, menu: ChannelSelect | None = None) -> None:
        menu = menu or ChannelSelect(
            custom_id=f"coal-menu:{self.kind}:{game_id}:{version}",
            channel_types=[discord.ChannelType.text],
            placeholder=_(words.REAL_GAME_PLACEHOLDER),
        )
        super().__init__(game_id, version, menu)  # type: ignore[arg-type]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> RealGameMenu:
        return cls(int(match["game"]), int(match["version"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        picked = list(getattr(self.item, "values", []))
        target = picked[0] if picked else None
        if not isinstance(target, discord.app_commands.AppCommandChannel) or interaction.guild is None:
            raise NotOurs("channel", str(target))  # (a forged value: Discord sends the channel it resolved)
        if not target.permissions.send_messages:  # the picker's own permissions there
            await refuse(interaction, _(words.REAL_GAME_NOT_THERE).format(channel=f"<#{target.id}>"))
            return
        chosen = await server_defaults.for_new_game(interaction, {})
        lang = language_from_option(chosen["language"]) if chosen["language"] else server_language(interaction)
        options = {k: chosen[k] for k in ("timer", "delivered", "absent")} | {"language": lang or language()}
        user = interaction.user
        game = await bot.manager.lobbies.new_game(interaction.guild.id, target.id, user.id, user.display_name, options)
        log_event(game, f"lobby opened by user {user.id} after their tutorial {self.game_id}")
        with in_channel(game):
            await game_messages.lobby_in(bot, bot.get_partial_messageable(target.id), game, lobby_message(game))
        await interaction.response.edit_message(
            content=_(words.REAL_GAME_OPENED).format(channel=f"<#{target.id}>"), view=None
        )


ITEMS = (RealGameButton, RealGameMenu)
__all__ = ["ITEMS", "learn", "lesson", "first_lesson", "final_lesson", "end_view"]
