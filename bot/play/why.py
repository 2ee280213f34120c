"""Why?, under a tutorial's turn: privately, the expert's best move for the learner and what it gains."""

from __future__ import annotations

import logging

import discord
from discord.ui import Button, DynamicItem

from bot.context import channel_of, client_of
from bot.i18n import _
from bot.items import BLUE, GameButton, button_template
from bot.replies import oops, refuse, viewer_name
from bot.words import tutorial as words
from games import Game
from games.computers import is_computer
from games.tutorial import learner

log = logging.getLogger("coalbaron")


class WhyButton(GameButton, DynamicItem[Button], template=button_template("why")):
    """Why?, under a tutorial's turn: privately, the expert's best move for the learner and what it gains.
    Only in a tutorial game (elsewhere `/coal hint`, with its cooldown, is the way), and thought once per
    turn however often it is pressed (`ComputerPlayers.hints`)."""

    kind = "why"
    default_label = words.WHY_BUTTON
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        game = await bot.manager.moves.check_turn(channel_of(interaction), interaction.user.id)
        if not game.options.tutorial or game.id != self.game_id:  # (a forged press: /coal hint is for that)
            log.info("game %s: a Why? of game %s pressed outside its lesson, refused", game.id, self.game_id)
            await refuse(interaction, _(words.WHY_ONLY_IN_LESSONS))
            return
        name = viewer_name(game, interaction.user.id)
        assert name is not None  # check_turn: the presser is to move
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            hints = await bot.computers.hints(game, name)
        except Exception as err:  # the pool failed: nothing changed anyway
            await oops(interaction, err, "why", game.id)
            return
        await interaction.followup.send(words.why(hints), ephemeral=True)


def why_button(game: Game) -> WhyButton | None:
    """The Why? button of a tutorial's turn when its learner is to move; None otherwise."""
    state = game.state
    if learner(game) is None or state is None or state.phase == "over" or is_computer(game.to_move_user):
        return None
    return WhyButton(game.id, game.version)
