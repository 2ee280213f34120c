"""Opening the web board from Discord: the "Open the board" button under each turn message, and `/coal board
link:true`.

With the Activity set up (DISCORD_CLIENT_ID and its secret) the button launches it: Discord opens the
board in its own frame, and the Activity signs the presser in (`bot.web.access`). Otherwise, or where
Discord refuses the launch (an application without Activities, a client too old), the presser gets a
private link to the board of that game, for them alone, opening once within ten minutes.
"""

from __future__ import annotations

import logging

import discord
from discord.ui import Button, DynamicItem, View

from bot.context import client_of
from bot.i18n import _
from bot.items import GameButton, button_template
from bot.replies import game_for
from bot.words import board as words
from games import Game

log = logging.getLogger("coalbaron")


class BoardButton(GameButton, DynamicItem[Button], template=button_template("web")):
    """Open the board: the live web board of this game, as the Activity or by a private link."""

    kind = "web"
    default_label = words.OPEN_BOARD
    on = "any"  # under a turn message, and under `/coal board`'s private answer

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is not None:
            await open_board(interaction, game, launch=True)


def board_button(game: Game) -> BoardButton:
    return BoardButton(game.id, game.version)


async def open_board(interaction: discord.Interaction, game: Game, *, launch: bool) -> None:
    """The board of `game` for the presser: launched as the Activity (`launch`, when it is set up), else a
    private link. Without a web board, one private line saying so."""
    board = client_of(interaction).board
    if board is None or board.access is None:
        await interaction.response.send_message(_(words.OFF), ephemeral=True)
        return
    if launch and board.activity:
        try:
            await interaction.response.launch_activity()
            return
        except discord.HTTPException as err:  # the application has no Activity, or this client cannot
            log.info("channel %s: the Activity could not be launched (%s); a link instead", game.channel_id, err)
    url = await board.access.link(interaction.user.id, game.id)
    view = View(timeout=None)
    view.add_item(Button(label=_(words.OPEN_BOARD), url=url))
    await interaction.response.send_message(words.link(game.id, url), view=view, ephemeral=True)
