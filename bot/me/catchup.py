"""Catching up: privately, every move since the asker's last one, grouped by player, the shifts scored
meanwhile, and the board as their seat sees it now (`games.catchup`).

The button "What happened since my last move" comes under a turn message whose player to move has been
gone for more than a round (`turn_view`); anyone may press it, and each presser sees their own. `/coal me
catchup` shows the same at any time for the game of the channel it is used in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ui import Button, DynamicItem
from discord.utils import MISSING

from bot.context import channel_of, client_of
from bot.items import GameButton, button_template
from bot.replies import game_for
from bot.words import images
from bot.words.away import CATCHUP, catchup_text
from games import Game
from games.catchup import been_gone, since_last_move
from games.errors import NoGameHere, NotSeated, Reason
from rendering import render_turn

if TYPE_CHECKING:
    from bot.service.client import CoalBot


async def gone(bot: CoalBot, game: Game) -> bool:
    """Whether the player to move has been gone for more than a round (the turn message's button)."""
    state = game.state
    if state is None or state.to_move is None or game.version < 2 * len(game.seats):
        return False
    recent = await bot.manager.queries.log(game.id, last=2 * len(game.seats) + 1)
    return been_gone(recent, state.to_move, len(game.seats))


async def show(interaction: discord.Interaction, game: Game) -> None:
    """The asker's catch-up of `game`, privately (refused if they have no seat in it)."""
    bot = client_of(interaction)
    seat = game.seat_of_user(interaction.user.id)
    if game.state is None:
        raise NoGameHere(Reason.NO_GAME)
    if seat is None:
        raise NotSeated(Reason.YOU_ARE_NOT_PLAYING)
    await interaction.response.defer(ephemeral=True, thinking=True)
    rows = await bot.manager.queries.log_with_events(game)
    text = catchup_text(since_last_move(rows, seat.name), game.id)
    alt = images.board(game.state)
    file = await bot.render(render_turn, game.state, seat.name, filename="board.png", description=alt)
    await interaction.followup.send(
        text, file=file or MISSING, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


class CatchUpButton(GameButton, DynamicItem[Button], template=button_template("catchup")):
    """What happened since my last move: the presser's own catch-up."""

    kind = "catchup"
    default_label = CATCHUP

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is not None:
            await show(interaction, game)


async def command(interaction: discord.Interaction) -> None:
    """`/coal me catchup`: the catch-up of this channel's game."""
    game = await client_of(interaction).manager.games.current(channel_of(interaction))
    if game is None:
        raise NoGameHere(Reason.NO_GAME)
    await show(interaction, game)
