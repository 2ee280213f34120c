"""The `/coal` slash-command group: every command of the command surface (docs/commands.md).

Commands are thin: they turn options into a typed rules action (or the rules' refusal of
what was typed) or a query, and hand it to `bot.play.turns` / the game manager. Refusals raised as
`GameError` are answered privately by `CoalBot.on_tree_error`.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.command_options import (
    GAME_OPTION_CHOICES,
    GAME_OPTIONS,
    MAX_CHOICES,
    best_first,
    languages,
    seat_named,
    seats_at_the_table,
    server_language,
)
from bot.context import channel_of, client_of, guild_of
from bot.host import server_defaults
from bot.host.commands import HostCommands
from bot.i18n import DEFAULT, _, in_channel, language_from_option, pgettext
from bot.league.commands import LeagueCommands
from bot.lobby import threads
from bot.lobby.permissions import missing_permissions
from bot.lobby.reliability import finish_shares
from bot.me import my_games
from bot.me.commands import MeCommands
from bot.play import board_key, console, seats, turns, tutorial
from bot.play.plan_words import typed_plan
from bot.posting import game_messages
from bot.record.commands import RecordCommands
from bot.replies import log_event, panel, refuse, show_board, show_pit, viewer_name
from bot.service.version import VERSION
from bot.web.open import open_board
from bot.words import commands as describe
from bot.words import defaults as defaults_words
from bot.words import help as help_words
from bot.words import lobby as lobby_words
from bot.words import refusals, status
from bot.words.choices import label
from bot.words.lobby import lobby_message
from games.choices import choices_for
from games.errors import IllegalMove, NoGameHere, NotSeated, Reason
from rules import space_problem
from rules.components import space_of
from rules.errors import quote

log = logging.getLogger("coalbaron")


async def _suggest(interaction: discord.Interaction, typed: str, command: str, as_int: bool = False) -> list[Choice]:
    """Autocomplete: only what the person typing may do now, with its cost in words."""
    if interaction.guild is None:
        return []
    game = await client_of(interaction).manager.games.current(channel_of(interaction))
    if game is None or game.state is None:
        return []
    name = viewer_name(game, interaction.user.id)
    if name is None:
        return []
    state = game.state
    offered = [(c.value, label(state, c)) for c in choices_for(state, name) if c.command == command]
    out = best_first(offered, str(typed or ""), lambda c: c[0], lambda c: c[1])[:MAX_CHOICES]
    return [Choice(name=text[:100], value=int(value) if as_int else value) for value, text in out]


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


async def _move(interaction: discord.Interaction, verb: str, value: object = "") -> None:
    """A move command: its option is the action's argument, read as the rules read an action's text form
    (`draft 3`, `factory 3 with none`, `deliver carriage`, `bank`), so a value the rules cannot take is
    refused quoting what was given ("I can't read `draft 0`"), as a typed plan is."""
    await turns.take(interaction, turns.typed(f"{verb} {value}".strip()))


async def _english_plan(interaction: discord.Interaction, plan: str) -> str:
    """A mining plan typed in the game's language, the asker's or English, in the English grammar."""
    game = await client_of(interaction).manager.games.current(channel_of(interaction))
    return typed_plan(plan, game.options.language if game else DEFAULT)


# What works in a direct message with the bot (the rest needs a server's channel): Discord offers a
# group's subcommands alike in DMs and servers, so the others answer there that they need a server.
IN_DIRECT_MESSAGES = {("games",), ("me", "settings"), ("me", "privacy"), ("me", "away"), ("me", "quiet")}


class CoalCommands(app_commands.Group):
    """/coal — play Coal Baron in this channel."""

    def __init__(self) -> None:
        super().__init__(name="coal", description=describe.GROUP)
        # Discord allows a command 25 entries: the moves and the table's commands are /coal's own, and
        # four groups gather the rest (docs/commands.md): the host's tools, what is yours, the record, leagues.
        self.add_command(HostCommands())
        self.add_command(MeCommands())
        self.add_command(RecordCommands())
        self.add_command(LeagueCommands())

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        path = tuple(interaction.command.qualified_name.split()[1:]) if interaction.command else ()
        if interaction.guild is None and path not in IN_DIRECT_MESSAGES:
            await interaction.response.send_message(_(refusals.DM_REFUSAL), ephemeral=True)
            return False
        return True

    # --- the lobby ------------------------------------------------------------------------------

    @app_commands.command(name="new", description=describe.NEW)
    @app_commands.describe(**GAME_OPTIONS)
    @app_commands.choices(**GAME_OPTION_CHOICES)
    @app_commands.autocomplete(language=languages)
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
        game = await client_of(interaction).manager.lobbies.new_game(
            guild_of(interaction), channel_of(interaction), user.id, user.display_name, options
        )
        log_event(
            game, f"lobby opened by user {user.id} (timer {timer}, delivered {delivered}, absent {absent}, {lang})"
        )
        with in_channel(game):
            await game_messages.lobby(client_of(interaction), interaction, game, lobby_message(game))
        if note:
            await interaction.followup.send(note, ephemeral=True)

    @app_commands.command(name="games", description=describe.GAMES)
    async def games(self, interaction: discord.Interaction) -> None:
        await my_games.show(interaction)

    @app_commands.command(name="join", description=describe.JOIN)
    async def join(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        running = await client_of(interaction).manager.games.current(channel_of(interaction))
        if running is not None and running.is_running and running.seat_of_user(user.id) is not None:
            await seats.take_back(interaction)  # your own seat, from the computer playing it
            return
        game = await client_of(interaction).manager.lobbies.join(channel_of(interaction), user.id, user.display_name)
        log_event(game, f"user {user.id} joined")
        shares = await finish_shares(client_of(interaction), game)
        with in_channel(game):
            await game_messages.lobby(
                client_of(interaction), interaction, game, lobby_words.joined(user.display_name, game, shares)
            )

    @app_commands.command(name="leave", description=describe.LEAVE)
    async def leave(self, interaction: discord.Interaction) -> None:
        manager = client_of(interaction).manager
        before = await manager.games.current(channel_of(interaction))
        game = await manager.lobbies.leave(channel_of(interaction), interaction.user.id)
        log_event(game, f"user {interaction.user.id} left")
        host_left = before is not None and before.host_id == interaction.user.id
        with in_channel(game):
            text = lobby_words.left(interaction.user.display_name, game, host_left)
            await game_messages.lobby(client_of(interaction), interaction, game, text)

    @app_commands.command(name="start", description=describe.START)
    async def start(self, interaction: discord.Interaction) -> None:
        game = await client_of(interaction).manager.lobbies.start(channel_of(interaction), interaction.user.id)
        log_event(game, f"started by user {interaction.user.id} with {len(game.seats)} players")
        await interaction.response.defer(thinking=True)
        await game_messages.first_turn(client_of(interaction), interaction, game)

    # --- moves ------------------------------------------------------------------------------------

    @app_commands.command(name="draft", description=describe.DRAFT)
    @app_commands.describe(card=describe.DRAFT_CARD)
    @app_commands.autocomplete(card=_draft_cards)
    async def draft(self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 13]) -> None:
        await _move(interaction, "draft", card)

    @app_commands.command(name="factory", description=describe.FACTORY)
    @app_commands.describe(space=describe.FACTORY_SPACE)
    @app_commands.autocomplete(space=_factory_spaces)
    async def factory(self, interaction: discord.Interaction, space: str) -> None:
        await _move(interaction, "factory", space)

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
            await _move(interaction, "mine", f"{steps}: {await _english_plan(interaction, plan)}")
            return
        game = await client_of(interaction).manager.moves.check_turn(channel_of(interaction), interaction.user.id)
        state = game.started_state
        problem = space_problem(state, state.current, space_of("mine", steps))
        if problem:
            raise IllegalMove(problem)
        await console.open_console(interaction, game, steps)

    @app_commands.command(name="deliver", description=describe.DELIVER)
    @app_commands.describe(vehicle=describe.DELIVER_VEHICLE)
    @app_commands.autocomplete(vehicle=_vehicles)
    async def deliver(self, interaction: discord.Interaction, vehicle: str) -> None:
        await _move(interaction, "deliver", vehicle)

    @app_commands.command(name="money", description=describe.MONEY)
    @app_commands.describe(amount=describe.MONEY_AMOUNT)
    @app_commands.autocomplete(amount=_amounts)
    async def money(self, interaction: discord.Interaction, amount: app_commands.Range[int, 3, 6]) -> None:
        await _move(interaction, "money", amount)

    @app_commands.command(name="order", description=describe.ORDER)
    @app_commands.describe(space=describe.ORDER_SPACE)
    @app_commands.autocomplete(space=_order_spaces)
    async def order(self, interaction: discord.Interaction, space: str) -> None:
        await _move(interaction, "order", space)

    @app_commands.command(name="bank", description=describe.BANK)
    async def bank(self, interaction: discord.Interaction) -> None:
        await _move(interaction, "bank")

    @app_commands.command(name="hint", description=describe.HINT)
    async def hint(self, interaction: discord.Interaction) -> None:
        await seats.hint(interaction)

    # --- looking ------------------------------------------------------------------------------------

    @app_commands.command(name="board", description=describe.BOARD)
    @app_commands.describe(full=describe.BOARD_FULL, link=describe.BOARD_LINK)
    async def board(self, interaction: discord.Interaction, full: bool = False, link: bool = False) -> None:
        bot = client_of(interaction)
        game = await bot.manager.games.latest(channel_of(interaction))
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        if link and game.state is not None:  # the live web board, by a private link (bot.web.open)
            await open_board(interaction, game, launch=False)
            return
        again = bot.cooldowns.use("board", interaction.user.id, game.channel_id) if full else None
        if again is not None:
            await refuse(interaction, refusals.cooldown(again))
            return
        await show_board(interaction, game, full=full)

    @app_commands.command(name="pit", description=describe.PIT)
    @app_commands.describe(player=describe.PIT_PLAYER)
    @app_commands.autocomplete(player=seats_at_the_table)
    async def pit(self, interaction: discord.Interaction, player: str | None = None) -> None:
        game = await client_of(interaction).manager.games.latest(channel_of(interaction))
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
        game = await bot.manager.games.latest(channel_of(interaction))
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        await interaction.response.send_message(view=panel(status.status_blocks(game)), ephemeral=True)

    @app_commands.command(name="log", description=describe.LOG)
    @app_commands.describe(last=describe.LOG_LAST)
    async def log(self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 10) -> None:
        manager = client_of(interaction).manager
        game = await manager.games.latest(channel_of(interaction))
        if game is None:
            raise NoGameHere(Reason.NO_GAME)
        rows = await manager.queries.log_with_events(game, last)
        await interaction.response.send_message(status.log_message(rows), ephemeral=True)

    @app_commands.command(name="learn", description=describe.LEARN)
    async def learn(self, interaction: discord.Interaction) -> None:
        await tutorial.learn(interaction)

    @app_commands.command(name="help", description=describe.HELP)
    @app_commands.choices(topic=[Choice(name=t, value=t) for t in help_words.TOPICS])
    @app_commands.describe(topic=describe.HELP_TOPIC)
    async def help(self, interaction: discord.Interaction, topic: str = "overview") -> None:
        if topic == help_words.BOARD:
            await board_key.show(interaction)
            return
        text = pgettext("help", help_words.HELP.get(topic, help_words.HELP["overview"]))
        if topic == "overview":  # and what this server's new games start with, and which version this is
            stored = await client_of(interaction).manager.people.server_defaults(guild_of(interaction))
            text += "\n" + defaults_words.defaults_message(server_defaults.in_order(stored), server_defaults.BUILT_IN)
            text += "\n" + _(status.ABOUT).format(version=VERSION)
        await interaction.response.send_message(text, ephemeral=True)

    # --- the server's games ---------------------------------------------------------------------------
