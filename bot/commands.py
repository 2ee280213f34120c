"""The `/coal` slash-command group: every command of the design's command surface.

Commands are thin: they turn options into a rules action (in its text form) or a query
and hand it to `bot.play` / the game manager. Refusals raised as `GameError` are answered
privately by `CoalBot.on_tree_error`.
"""

from __future__ import annotations

import datetime as dt
import io
import json

import discord
from discord import app_commands
from discord.app_commands import Choice

from rules import UseBank, space_problem
from rules.components import space_of

from . import components, console, play
from .choices import autocomplete
from .errors import GameError, IllegalMove
from .messages import DM_REFUSAL, HELP, lobby_message, log_message, mention, status_message
from .words.rules import explain

TIMERS = ["none", "1h", "12h", "24h", "48h", "72h"]


async def _suggest(interaction: discord.Interaction, typed: str, command: str, as_int: bool = False) -> list[Choice]:
    """Autocomplete: only what the person typing may do now, with its cost in words."""
    if interaction.guild is None:
        return []
    game = await interaction.client.manager.current(interaction.channel_id)
    if game is None or game.state is None:
        return []
    name = play.viewer_name(game, interaction.user.id)
    return [
        Choice(name=label, value=int(value) if as_int else value)
        for label, value in autocomplete(game.state, name, command, str(typed or ""))
    ]


async def _draft_cards(interaction, current):
    return await _suggest(interaction, current, "draft", as_int=True)


async def _factory_spaces(interaction, current):
    return await _suggest(interaction, current, "factory")


async def _mine_steps(interaction, current):
    return await _suggest(interaction, current, "mine", as_int=True)


async def _vehicles(interaction, current):
    return await _suggest(interaction, current, "deliver")


async def _amounts(interaction, current):
    return await _suggest(interaction, current, "money", as_int=True)


async def _order_spaces(interaction, current):
    return await _suggest(interaction, current, "order")


class CoalCommands(app_commands.Group):
    """/coal — play Coal Baron in this channel."""

    def __init__(self) -> None:
        super().__init__(name="coal", description="Play Coal Baron in this channel")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild is None:
            await interaction.response.send_message(DM_REFUSAL, ephemeral=True)
            return False
        return True

    # --- the lobby ------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Coal Baron lobby in this channel; you are the host")
    @app_commands.describe(timer="time each player has for a turn (default 24h)", delivered="who sees delivered orders")
    @app_commands.choices(
        timer=[Choice(name=t, value=t) for t in TIMERS],
        delivered=[
            Choice(name="own: face down, only their owner", value="own"),
            Choice(name="all: face up for everyone", value="all"),
        ],
    )
    async def new(self, interaction: discord.Interaction, timer: str = "24h", delivered: str = "own") -> None:
        user = interaction.user
        game = await interaction.client.manager.new_game(
            interaction.guild_id,
            interaction.channel_id,
            user.id,
            user.display_name,
            {"timer": timer, "delivered": delivered},
        )
        play.log_event(game, f"lobby opened by user {user.id} (timer {timer}, delivered {delivered})")
        await interaction.response.send_message(lobby_message(game), view=components.lobby_view(game))

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        game = await interaction.client.manager.join(interaction.channel_id, user.id, user.display_name)
        play.log_event(game, f"user {user.id} joined")
        await interaction.response.send_message(
            f"{user.display_name} joined.\n" + lobby_message(game), view=components.lobby_view(game)
        )

    @app_commands.command(name="leave", description="Give up your seat in the lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await interaction.client.manager.leave(interaction.channel_id, interaction.user.id)
        play.log_event(game, f"user {interaction.user.id} left")
        await interaction.response.send_message(
            f"{interaction.user.display_name} left.\n" + lobby_message(game), view=components.lobby_view(game)
        )

    @app_commands.command(name="start", description="Deal the game and begin the opening draft (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await interaction.client.manager.start(interaction.channel_id, interaction.user.id)
        play.log_event(game, f"started by user {interaction.user.id} with {len(game.seats)} players")
        await interaction.response.defer(thinking=True)
        await components.announce_start(interaction, game)

    @app_commands.command(name="abort", description="End this channel's game (host or Manage Channels)")
    async def abort(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        is_admin = bool(interaction.permissions and interaction.permissions.manage_channels)
        game = await bot.manager.abort(interaction.channel_id, interaction.user.id, is_admin=is_admin)
        play.log_event(game, f"aborted by user {interaction.user.id}")
        bot.consoles.close_game(game.id)
        await interaction.response.send_message(
            f"{interaction.user.display_name} ended the game. It stays in `/coal history`."
        )

    # --- moves ------------------------------------------------------------------------------------

    @app_commands.command(name="draft", description="Take an order card in the opening draft")
    @app_commands.describe(card="the face-up card's number")
    @app_commands.autocomplete(card=_draft_cards)
    async def draft(self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 13]) -> None:
        await play.take(interaction, f"draft {card}")

    @app_commands.command(name="factory", description="Buy a tunnel tile (1-8), or look at the top 5 tiles (draw)")
    @app_commands.describe(space="factory space 1-8, or draw")
    @app_commands.autocomplete(space=_factory_spaces)
    async def factory(self, interaction: discord.Interaction, space: str) -> None:
        await play.take(interaction, f"factory {space}")

    @app_commands.command(name="mine", description="Mine: move the cage and coal, with a plan or the mining console")
    @app_commands.describe(steps="work steps: 4, 6, 8 or 10", plan="steps separated by commas; see /coal help plan")
    @app_commands.autocomplete(steps=_mine_steps)
    async def mine(
        self, interaction: discord.Interaction, steps: app_commands.Range[int, 4, 10], plan: str | None = None
    ) -> None:
        if steps not in (4, 6, 8, 10):
            raise IllegalMove("Mining takes 4, 6, 8 or 10 steps.")
        if plan and plan.strip():
            await play.take(interaction, f"mine {steps}: {plan}")
            return
        game = await interaction.client.manager.check_turn(interaction.channel_id, interaction.user.id)
        state = game.state
        problem = space_problem(state, state.current, space_of("mine", steps))
        if problem:
            raise IllegalMove(explain(problem))
        await console.open_console(interaction, game, steps)

    @app_commands.command(name="deliver", description="Deliver all your complete orders of one vehicle")
    @app_commands.describe(vehicle="wheelbarrow, carriage, truck or train")
    @app_commands.autocomplete(vehicle=_vehicles)
    async def deliver(self, interaction: discord.Interaction, vehicle: str) -> None:
        await play.take(interaction, f"deliver {vehicle}")

    @app_commands.command(name="money", description="Take 3, 4, 5 or 6 marks")
    @app_commands.describe(amount="marks: 3, 4, 5 or 6")
    @app_commands.autocomplete(amount=_amounts)
    async def money(self, interaction: discord.Interaction, amount: app_commands.Range[int, 3, 6]) -> None:
        await play.take(interaction, f"money {amount}")

    @app_commands.command(name="order", description="Take an order card (1-4), or look at the top 5 cards (draw)")
    @app_commands.describe(space="order space 1-4, or draw")
    @app_commands.autocomplete(space=_order_spaces)
    async def order(self, interaction: discord.Interaction, space: str) -> None:
        await play.take(interaction, f"order {space}")

    @app_commands.command(name="bank", description="One worker on the bank for 1 mark")
    async def bank(self, interaction: discord.Interaction) -> None:
        await play.take(interaction, UseBank())

    # --- looking ------------------------------------------------------------------------------------

    @app_commands.command(name="board", description="The current board, just for you")
    async def board(self, interaction: discord.Interaction) -> None:
        game = await interaction.client.manager.latest(interaction.channel_id)
        if game is None:
            raise GameError("There is no game in this channel. Start one with `/coal new`.")
        await play.show_board(interaction, game)

    @app_commands.command(name="pit", description="One player's pit, cage, storage and orders, just for you")
    @app_commands.describe(player="whose pit (default: yours)")
    async def pit(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        game = await interaction.client.manager.latest(interaction.channel_id)
        if game is None or game.state is None:
            raise GameError("There is no game with pits in this channel yet.")
        member = player or interaction.user
        seat = game.seat_of_user(member.id)
        if seat is None:
            who = "You are" if member.id == interaction.user.id else f"{member.display_name} is"
            raise GameError(f"{who} not playing in this game.")
        await play.show_pit(interaction, game, seat.name)

    @app_commands.command(name="status", description="Whose turn, shift, workers, marks, VP and timer")
    async def status(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        game = await bot.manager.latest(interaction.channel_id)
        if game is None:
            raise GameError("There is no game in this channel. Start one with `/coal new`.")
        await interaction.response.send_message(status_message(game, bot.clock()), ephemeral=True)

    @app_commands.command(name="log", description="The latest actions in words")
    @app_commands.describe(last="how many actions (default 10)")
    async def log(self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 50] = 10) -> None:
        bot = interaction.client
        game = await bot.manager.latest(interaction.channel_id)
        if game is None:
            raise GameError("There is no game in this channel. Start one with `/coal new`.")
        rows = await bot.store.log(game.id, last)
        await interaction.response.send_message(log_message(rows)[-1900:], ephemeral=True)

    @app_commands.command(name="help", description="How to play, per action")
    @app_commands.choices(topic=[Choice(name=t, value=t) for t in HELP])
    async def help(self, interaction: discord.Interaction, topic: str = "overview") -> None:
        await interaction.response.send_message(HELP.get(topic, HELP["overview"]), ephemeral=True)

    # --- the server's games ---------------------------------------------------------------------------

    @app_commands.command(name="history", description="This server's finished games")
    async def history(self, interaction: discord.Interaction) -> None:
        games = await interaction.client.store.finished_games(interaction.guild_id, limit=15)
        if not games:
            await interaction.response.send_message("No game has finished in this server yet.", ephemeral=True)
            return
        lines = []
        for g in games:
            day = dt.datetime.fromtimestamp(g.finished_at, dt.UTC).strftime("%Y-%m-%d")
            scores = ", ".join(f"{name} {vp}" for name, _, vp in g.scores)
            lines.append(f"{day} · <#{g.channel_id}> · {scores} · winner: {' and '.join(g.winners)}")
        await interaction.response.send_message(
            "Finished games:\n" + "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="stats", description="Games, wins, average and best VP in this server")
    @app_commands.describe(player="whose record (default: yours)")
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        member = player or interaction.user
        s = await interaction.client.store.player_stats(interaction.guild_id, member.id)
        if s.games == 0:
            text = f"{mention(member.id)} has not finished a game in this server yet."
        else:
            text = (
                f"{mention(member.id)}: {s.games} game(s), {s.wins} win(s), "
                f"average {s.average_vp:.1f} VP, best {s.best_vp} VP."
            )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="export", description="This channel's current or latest game record, as JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        game = await bot.manager.latest(interaction.channel_id)
        record = await bot.store.game_record(game.id) if game is not None else None
        if record is None:
            raise GameError("There is no started game in this channel to export.")
        data = json.dumps(record.model_dump(mode="json"), indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"coalbaron-game-{game.id}.json")
        await interaction.response.send_message(
            "The game record; replay it with `python -m rules replay FILE`.", file=file, ephemeral=True
        )
