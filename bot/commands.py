"""The `/coal` slash-command group: every command of the command surface (docs/commands.md).

Commands are thin: they turn options into a typed rules action (or the rules' refusal of
what was typed) or a query, and hand it to `bot.turns` / the game manager. Refusals raised as `GameError` are answered
privately by `CoalBot.on_tree_error`.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterable

import discord
from discord import app_commands
from discord.app_commands import Choice

from games import Game
from games.choices import choices_for
from games.computers import LEVELS, people
from games.errors import IllegalMove, NoGameHere, NotSeated, Reason
from games.export import export_of
from rules import UseBank, space_problem
from rules.components import space_of
from rules.errors import quote
from storage import TIMER_SECONDS, SeatRow

from . import console, my_games, seats, server_defaults, settings, threads, turns
from .context import client_of
from .i18n import DEFAULT, SUPPORTED, _, in_channel, language_from_option, language_name, locale_for, pgettext
from .permissions import missing_permissions
from .plan_words import typed_plan
from .replies import log_event, panel, refuse, show_board, show_pit, viewer_name
from .words import commands as describe
from .words import defaults as defaults_words
from .words import help as help_words
from .words import lobby as lobby_words
from .words import pause as pause_words
from .words import refusals, status
from .words.choices import label
from .words.lobby import lobby_message
from .words.turns import whose_turn

log = logging.getLogger("coalbaron")

MAX_CHOICES = 25  # Discord's limit for autocomplete


def is_moderator(interaction: discord.Interaction) -> bool:
    """May manage the channel: may abort, pause and resume any game in it, like its host."""
    return bool(interaction.permissions and interaction.permissions.manage_channels)


LEVEL_CHOICES = [Choice(name=level, value=level) for level in LEVELS]
# What works in a direct message with the bot (the rest needs a server's channel): Discord offers a
# group's subcommands alike in DMs and servers, so the others answer there that they need a server.
IN_DIRECT_MESSAGES = ("games", "settings")
ABSENT_CHOICES = ("computer", "bank")
# A game's options, as `/coal new` and `/coal host defaults` both take them
GAME_OPTIONS = {
    "timer": describe.NEW_TIMER,
    "delivered": describe.NEW_DELIVERED,
    "absent": describe.NEW_ABSENT,
    "language": describe.NEW_LANGUAGE,
    "thread": describe.NEW_THREAD,
}
GAME_OPTION_CHOICES = {
    "timer": [Choice(name=t, value=t) for t in TIMER_SECONDS],
    "delivered": [Choice(name=describe.DELIVERED_OWN, value="own"), Choice(name=describe.DELIVERED_ALL, value="all")],
    "absent": [Choice(name=a, value=a) for a in ABSENT_CHOICES],
}


async def _suggest(interaction: discord.Interaction, typed: str, command: str, as_int: bool = False) -> list[Choice]:
    """Autocomplete: only what the person typing may do now, with its cost in words."""
    if interaction.guild is None:
        return []
    game = await client_of(interaction).manager.current(interaction.channel_id or 0)
    if game is None or game.state is None:
        return []
    name = viewer_name(game, interaction.user.id)
    if name is None:
        return []
    typed = str(typed or "").strip().lower()
    out: list[Choice] = []
    for c in choices_for(game.state, name):
        text = label(game.state, c)
        if c.command == command and (not typed or typed in text.lower() or typed == c.value):
            out.append(Choice(name=text[:100], value=int(c.value) if as_int else c.value))
    return out[:MAX_CHOICES]


async def _draft_cards(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "draft", as_int=True)


async def _factory_spaces(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "factory")


async def _mine_steps(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "mine", as_int=True)


async def _vehicles(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "deliver")


async def _amounts(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "money", as_int=True)


async def _order_spaces(interaction: discord.Interaction, current: str) -> list[Choice]:
    return await _suggest(interaction, current, "order")


async def _seats(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The seats of the channel's game (its latest), people and computers, by their names at the table."""
    game = await client_of(interaction).manager.latest(interaction.channel_id or 0)
    return _seat_choices(game.seats if game is not None else (), current)


async def _people_seats(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The seats people hold in the channel's game, whether they are still in the server or not."""
    game = await client_of(interaction).manager.current(interaction.channel_id or 0)
    return _seat_choices(people(game) if game is not None else (), current)


def _seat_choices(seats: Iterable[SeatRow], typed: str) -> list[Choice]:
    typed = typed.strip().casefold()
    return [Choice(name=s.name[:100], value=s.name) for s in seats if typed in s.name.casefold()][:MAX_CHOICES]


def seat_named(game: Game, text: str) -> SeatRow | None:
    """The seat a player option names: a name at the table (any case), or a mention of its person."""
    text = text.strip()
    mentioned = re.fullmatch(r"<@!?(\d+)>", text)
    if mentioned:
        return game.seat_of_user(int(mentioned[1]))
    return next((s for s in game.seats if s.name.casefold() == text.casefold()), None)


async def _languages(interaction: discord.Interaction, current: str) -> list[Choice]:
    """The languages the bot speaks, each named in itself ("italiano", "日本語"), matching what is typed."""
    typed = current.strip().casefold()
    shown = [Choice(name=f"{language_name(lang)} ({lang})", value=lang) for lang in SUPPORTED]
    return [c for c in shown if typed in c.name.casefold()] or shown


def server_language(interaction: discord.Interaction) -> str:
    """The language a new game takes by default: the server's preferred locale (Server Settings,
    Community), when the bot speaks it; English otherwise."""
    guild = interaction.guild
    return locale_for(guild.preferred_locale if guild is not None else interaction.guild_locale)


async def _english_plan(interaction: discord.Interaction, plan: str) -> str:
    """A mining plan typed in the game's language, the asker's or English, in the English grammar."""
    game = await client_of(interaction).manager.current(interaction.channel_id or 0)
    return typed_plan(plan, game.options.language if game else DEFAULT)


class CoalCommands(app_commands.Group):
    """/coal — play Coal Baron in this channel."""

    # The host's and moderators' tools, in a group of their own: Discord allows a command 25
    # subcommands, and /coal has more (design/discord-ux.md; see docs/commands.md).
    host = app_commands.Group(name="host", description=describe.HOST)

    def __init__(self) -> None:
        super().__init__(name="coal", description=describe.GROUP)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command.name if interaction.command else ""
        if interaction.guild is None and command not in IN_DIRECT_MESSAGES:
            await interaction.response.send_message(_(refusals.DM_REFUSAL), ephemeral=True)
            return False
        return True

    # --- the lobby ------------------------------------------------------------------------------

    @app_commands.command(name="new", description=describe.NEW)
    @app_commands.describe(**GAME_OPTIONS)
    @app_commands.choices(**GAME_OPTION_CHOICES)
    @app_commands.autocomplete(language=_languages)
    async def new(
        self,
        interaction: discord.Interaction,
        timer: str | None = None,
        delivered: str | None = None,
        absent: str | None = None,
        language: str | None = None,
        thread: bool | None = None,
    ) -> None:
        user = interaction.user
        given = {"timer": timer, "delivered": delivered, "absent": absent, "language": language, "thread": thread}
        chosen = await server_defaults.for_new_game(interaction, given)  # given, else the server's, else ours
        timer, delivered, absent, thread = chosen["timer"], chosen["delivered"], chosen["absent"], chosen["thread"]
        lang = language_from_option(chosen["language"]) if chosen["language"] else server_language(interaction)
        if lang is None:
            await refuse(interaction, refusals.unknown_language(language or ""))
            return
        missing = missing_permissions(interaction)
        if missing:  # the turns could never be posted here: nothing is stored
            log.info("channel %s: no lobby, the bot lacks %s", interaction.channel_id, ", ".join(missing))
            await refuse(interaction, refusals.missing_permissions(missing))
            return
        options = {"timer": timer, "delivered": delivered, "absent": absent, "language": lang}
        note = None
        if thread and client_of(interaction).game_threads and threads.may_open_thread(interaction):
            lacking = threads.missing_thread_permissions(interaction)
            if not lacking and await threads.open_in_thread(interaction, options, lang) is not None:
                return
            note = refusals.no_thread(lacking)  # the game stays here; the host is told why
        game = await client_of(interaction).manager.new_game(
            interaction.guild_id or 0, interaction.channel_id or 0, user.id, user.display_name, options
        )
        log_event(
            game, f"lobby opened by user {user.id} (timer {timer}, delivered {delivered}, absent {absent}, {lang})"
        )
        with in_channel(game):
            await client_of(interaction).publisher.lobby(interaction, game, lobby_message(game))
        if note:
            await interaction.followup.send(note, ephemeral=True)

    @app_commands.command(name="games", description=describe.GAMES)
    async def games(self, interaction: discord.Interaction) -> None:
        await my_games.show(interaction)

    @app_commands.command(name="join", description=describe.JOIN)
    async def join(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        running = await client_of(interaction).manager.current(interaction.channel_id or 0)
        if running is not None and running.status == "active" and running.seat_of_user(user.id) is not None:
            await seats.take_back(interaction)  # your own seat, from the computer playing it
            return
        game = await client_of(interaction).manager.join(interaction.channel_id or 0, user.id, user.display_name)
        log_event(game, f"user {user.id} joined")
        with in_channel(game):
            await client_of(interaction).publisher.lobby(interaction, game, lobby_words.joined(user.display_name, game))

    @app_commands.command(name="leave", description=describe.LEAVE)
    async def leave(self, interaction: discord.Interaction) -> None:
        manager = client_of(interaction).manager
        before = await manager.current(interaction.channel_id or 0)
        game = await manager.leave(interaction.channel_id or 0, interaction.user.id)
        log_event(game, f"user {interaction.user.id} left")
        host_left = before is not None and before.host_id == interaction.user.id
        with in_channel(game):
            text = lobby_words.left(interaction.user.display_name, game, host_left)
            await client_of(interaction).publisher.lobby(interaction, game, text)

    @host.command(name="addbot", description=describe.ADDBOT)
    @app_commands.describe(level=describe.LEVEL)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        if level not in LEVELS:
            await refuse(interaction, refusals.not_a_choice(level, "level", LEVELS))
            return
        await seats.add(interaction, level)

    @app_commands.command(name="start", description=describe.START)
    async def start(self, interaction: discord.Interaction) -> None:
        game = await client_of(interaction).manager.start(interaction.channel_id or 0, interaction.user.id)
        log_event(game, f"started by user {interaction.user.id} with {len(game.seats)} players")
        await interaction.response.defer(thinking=True)
        await client_of(interaction).publisher.first_turn(interaction, game)

    @host.command(name="defaults", description=describe.DEFAULTS)
    @app_commands.describe(**GAME_OPTIONS, reset=describe.DEFAULTS_RESET)
    @app_commands.choices(**GAME_OPTION_CHOICES)
    @app_commands.autocomplete(language=_languages)
    async def defaults(
        self,
        interaction: discord.Interaction,
        timer: str | None = None,
        delivered: str | None = None,
        absent: str | None = None,
        language: str | None = None,
        thread: bool | None = None,
        reset: bool = False,
    ) -> None:
        given = {"timer": timer, "delivered": delivered, "absent": absent, "language": language, "thread": thread}
        await server_defaults.change(interaction, given, reset)

    @host.command(name="abort", description=describe.ABORT)
    async def abort(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.abort(interaction.channel_id or 0, interaction.user.id, is_admin=is_admin)
        log_event(game, f"aborted by user {interaction.user.id}")
        bot.consoles.close_game(game.id)
        with in_channel(game):
            await interaction.response.send_message(lobby_words.ended(interaction.user.display_name))
        await bot.publisher.ended(game)  # its last message's buttons go

    @host.command(name="pause", description=describe.PAUSE)
    async def pause(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.pause(interaction.channel_id or 0, interaction.user.id, is_admin=is_admin)
        log_event(game, f"paused by user {interaction.user.id}")
        days = round(bot.pause_limit / 86400)
        with in_channel(game):
            await interaction.response.send_message(pause_words.paused(interaction.user.display_name, days))

    @host.command(name="resume", description=describe.RESUME)
    async def resume(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        is_admin = is_moderator(interaction)
        game = await bot.manager.resume(interaction.channel_id or 0, interaction.user.id, is_admin=is_admin)
        log_event(game, f"resumed by user {interaction.user.id}")
        with in_channel(game):
            text = pause_words.resumed(interaction.user.display_name) + "\n" + whose_turn(game)
        await bot.publisher.resumed(interaction, game, text)  # pings as they chose to be told

    # --- moves ------------------------------------------------------------------------------------

    @app_commands.command(name="draft", description=describe.DRAFT)
    @app_commands.describe(card=describe.DRAFT_CARD)
    @app_commands.autocomplete(card=_draft_cards)
    async def draft(self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 13]) -> None:
        await turns.take(interaction, turns.typed(f"draft {card}"))

    @app_commands.command(name="factory", description=describe.FACTORY)
    @app_commands.describe(space=describe.FACTORY_SPACE)
    @app_commands.autocomplete(space=_factory_spaces)
    async def factory(self, interaction: discord.Interaction, space: str) -> None:
        await turns.take(interaction, turns.typed(f"factory {space}"))

    @app_commands.command(name="undo", description=describe.UNDO)
    async def undo(self, interaction: discord.Interaction) -> None:
        await turns.take_back(interaction)

    @app_commands.command(name="mine", description=describe.MINE)
    @app_commands.describe(steps=describe.MINE_STEPS, plan=describe.MINE_PLAN)
    @app_commands.autocomplete(steps=_mine_steps)
    async def mine(
        self, interaction: discord.Interaction, steps: app_commands.Range[int, 4, 10], plan: str | None = None
    ) -> None:
        if steps not in (4, 6, 8, 10):
            await refuse(interaction, _(refusals.MINING_STEPS))
            return
        if plan and plan.strip():
            await turns.take(interaction, turns.typed(f"mine {steps}: {await _english_plan(interaction, plan)}"))
            return
        game = await client_of(interaction).manager.check_turn(interaction.channel_id or 0, interaction.user.id)
        state = game.state
        assert state is not None
        problem = space_problem(state, state.current, space_of("mine", steps))
        if problem:
            raise IllegalMove(problem)
        await console.open_console(interaction, game, steps)

    @app_commands.command(name="deliver", description=describe.DELIVER)
    @app_commands.describe(vehicle=describe.DELIVER_VEHICLE)
    @app_commands.autocomplete(vehicle=_vehicles)
    async def deliver(self, interaction: discord.Interaction, vehicle: str) -> None:
        await turns.take(interaction, turns.typed(f"deliver {vehicle}"))

    @app_commands.command(name="money", description=describe.MONEY)
    @app_commands.describe(amount=describe.MONEY_AMOUNT)
    @app_commands.autocomplete(amount=_amounts)
    async def money(self, interaction: discord.Interaction, amount: app_commands.Range[int, 3, 6]) -> None:
        await turns.take(interaction, turns.typed(f"money {amount}"))

    @app_commands.command(name="order", description=describe.ORDER)
    @app_commands.describe(space=describe.ORDER_SPACE)
    @app_commands.autocomplete(space=_order_spaces)
    async def order(self, interaction: discord.Interaction, space: str) -> None:
        await turns.take(interaction, turns.typed(f"order {space}"))

    @app_commands.command(name="bank", description=describe.BANK)
    async def bank(self, interaction: discord.Interaction) -> None:
        await turns.take(interaction, UseBank())

    @host.command(name="replace", description=describe.REPLACE)
    @app_commands.describe(player=describe.REPLACE_PLAYER, level=describe.LEVEL)
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.autocomplete(player=_people_seats)
    async def replace(self, interaction: discord.Interaction, player: str, level: str = "normal") -> None:
        if level not in LEVELS:
            await refuse(interaction, refusals.not_a_choice(level, "level", LEVELS))
            return
        game = await client_of(interaction).manager.game_in(interaction.channel_id or 0)
        seat = seat_named(game, player)
        if seat is None:
            raise NotSeated(Reason.MEMBER_NOT_PLAYING, member=quote(player))
        await seats.replace(interaction, seat, level)

    @app_commands.command(name="hint", description=describe.HINT)
    async def hint(self, interaction: discord.Interaction) -> None:
        await seats.hint(interaction)

    # --- looking ------------------------------------------------------------------------------------

    @app_commands.command(name="board", description=describe.BOARD)
    @app_commands.describe(full=describe.BOARD_FULL)
    async def board(self, interaction: discord.Interaction, full: bool = False) -> None:
        bot = client_of(interaction)
        game = await bot.manager.latest(interaction.channel_id or 0)
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        again = bot.cooldowns.use("board", interaction.user.id, game.channel_id) if full else None
        if again is not None:
            await refuse(interaction, refusals.cooldown(again))
            return
        await show_board(interaction, game, full=full)

    @app_commands.command(name="pit", description=describe.PIT)
    @app_commands.describe(player=describe.PIT_PLAYER)
    @app_commands.autocomplete(player=_seats)
    async def pit(self, interaction: discord.Interaction, player: str | None = None) -> None:
        game = await client_of(interaction).manager.latest(interaction.channel_id or 0)
        if game is None or game.state is None:
            raise NoGameHere(Reason.NO_PITS)
        if player is None:
            seat = game.seat_of_user(interaction.user.id)
            if seat is None:
                raise NotSeated(Reason.YOU_ARE_NOT_PLAYING)
        else:
            seat = seat_named(game, player)
            if seat is None:
                raise NotSeated(Reason.MEMBER_NOT_PLAYING, member=quote(player))
        await show_pit(interaction, game, seat.name)

    @app_commands.command(name="status", description=describe.STATUS)
    async def status(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        game = await bot.manager.latest(interaction.channel_id or 0)
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        await interaction.response.send_message(view=panel(status.status_blocks(game)), ephemeral=True)

    @app_commands.command(name="log", description=describe.LOG)
    @app_commands.describe(last=describe.LOG_LAST)
    async def log(self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 10) -> None:
        manager = client_of(interaction).manager
        game = await manager.latest(interaction.channel_id or 0)
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        rows = await manager.store.log_with_events(game, last)
        await interaction.response.send_message(status.log_message(rows), ephemeral=True)

    @app_commands.command(name="help", description=describe.HELP)
    @app_commands.choices(topic=[Choice(name=t, value=t) for t in help_words.HELP])
    @app_commands.describe(topic=describe.HELP_TOPIC)
    async def help(self, interaction: discord.Interaction, topic: str = "overview") -> None:
        text = pgettext("help", help_words.HELP.get(topic, help_words.HELP["overview"]))
        if topic == "overview":  # and what this server's new games start with
            stored = await client_of(interaction).manager.people.server_defaults(interaction.guild_id or 0)
            text += "\n" + defaults_words.defaults_message(server_defaults.in_order(stored), server_defaults.BUILT_IN)
        await interaction.response.send_message(text, ephemeral=True)

    # --- the server's games ---------------------------------------------------------------------------

    @app_commands.command(name="history", description=describe.HISTORY)
    async def history(self, interaction: discord.Interaction) -> None:
        games = await client_of(interaction).manager.store.finished_games(interaction.guild_id or 0, limit=15)
        await interaction.response.send_message(
            status.history_message(games), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description=describe.STATS)
    @app_commands.describe(player=describe.STATS_PLAYER)
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        member = player or interaction.user
        manager = client_of(interaction).manager
        s = await manager.store.player_stats(interaction.guild_id or 0, member.id)
        rating, changes = await manager.ladders.rating_of(interaction.guild_id or 0, member.id)
        times = await manager.store.move_times(interaction.guild_id or 0, member.id)
        lines = (status.stats_message(member.id, s), status.move_times_line(times), status.rating_line(rating, changes))
        text = "\n".join(x for x in lines if x)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leaderboard", description=describe.LEADERBOARD)
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        manager, guild, user = client_of(interaction).manager, interaction.guild_id or 0, interaction.user.id
        rows, place = await manager.ladders.board(guild, user)
        mine, _changes = await manager.ladders.rating_of(guild, user)
        text = status.ladder_message(rows, place, mine)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="settings", description=describe.SETTINGS)
    @app_commands.describe(
        ping=describe.SETTINGS_PING, reminder=describe.SETTINGS_REMINDER, images=describe.SETTINGS_IMAGES
    )
    @app_commands.choices(
        ping=[
            Choice(name=describe.PING_MENTION, value="mention"),
            Choice(name=describe.PING_DM, value="dm"),
            Choice(name=describe.PING_NONE, value="none"),
        ],
        images=[
            Choice(name=describe.IMAGES_EVERY, value="every"),
            Choice(name=describe.IMAGES_MINE, value="mine"),
            Choice(name=describe.IMAGES_ASK, value="ask"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        ping: str | None = None,
        reminder: bool | None = None,
        images: str | None = None,
    ) -> None:
        await settings.show(interaction, ping=ping, reminder=reminder, images=images)

    @app_commands.command(name="export", description=describe.EXPORT)
    async def export(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        game = await bot.manager.latest(interaction.channel_id or 0)
        record = await bot.manager.store.game_record(game.id) if game is not None else None
        if game is None or record is None:
            raise NoGameHere(Reason.NOTHING_TO_EXPORT)
        again = bot.cooldowns.use("export", interaction.user.id, game.channel_id)
        if again is not None:
            await refuse(interaction, refusals.cooldown(again))
            return
        data = json.dumps(export_of(game, record, interaction.user.id), indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"coalbaron-game-{game.id}.json")
        said = status.EXPORT_RUNNING if game.is_open else status.EXPORT  # a running game: the asker's view only
        await interaction.response.send_message(_(said), file=file, ephemeral=True)
