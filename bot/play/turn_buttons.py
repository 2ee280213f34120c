"""The components under a turn message: My pit, Legal actions, the draft menu, the drawn-items
button and Undo (`turn_view` builds them; `bot.posting.publisher` puts them under each turn)."""

from __future__ import annotations

import discord
from discord.ui import Button, DynamicItem, Select, View
from discord.utils import MISSING

from bot.i18n import _
from bot.items import GameButton, GameMenu, button_template, chosen, make_menu, menu_template
from bot.me.catchup import CatchUpButton
from bot.play.draw_choice import drawn_button, show_drawn
from bot.play.turns import take, take_back
from bot.play.why import why_button
from bot.replies import game_for, show_board, show_pit, stale, viewer_name
from bot.web.open import board_button
from bot.words import refusals, turns
from bot.words.choices import DRAFT, draft_label, label, usage
from games import Game
from games.choices import choices_for
from rules import DraftPick


def turn_view(game: Game, *, undo: int | None = None, catch_up: bool = False, board: bool = False) -> View:
    """Buttons under a turn message: My pit, Legal actions; the draft menu; the drawn-items button;
    with `undo` (not None), the Undo button for the person who moved last, saying how many computer
    moves after theirs it takes back too; with `catch_up`, "What happened since my last move" for a
    player to move who has been gone (`bot.me.catchup`); with `board`, "Open the board" (`bot.web.open`)."""
    state = game.started_state
    v = View(timeout=None)
    if state.phase == "draft":
        options = [
            discord.SelectOption(label=_(DRAFT).format(number=k + 1, card=draft_label(card)), value=str(k + 1))
            for k, card in enumerate(state.draft_cards)
            if card is not None
        ]
        placeholder = _(turns.PICK_PLACEHOLDER).format(player=state.to_move)
        v.add_item(DraftMenu(game.id, game.version, make_menu("draft", game.id, game.version, options, placeholder)))
    if state.phase == "draw":
        v.add_item(show_drawn(game))
    v.add_item(PitButton(game.id, game.version))
    v.add_item(LegalButton(game.id, game.version))
    why = why_button(game)  # a tutorial's: the expert's best move for the learner, and what it gains
    if why is not None:
        v.add_item(why)
    if undo is not None:
        v.add_item(UndoButton(game.id, game.version, label=turns.undo_label(undo)))
    if catch_up:
        v.add_item(CatchUpButton(game.id, game.version))
    if board:
        v.add_item(board_button(game))
    return v


class UndoButton(GameButton, DynamicItem[Button], template=button_template("undo")):
    """Undo, under the turn message of a move that may be taken back: its player takes it back."""

    kind = "undo"
    default_label = turns.UNDO

    async def handle(self, interaction: discord.Interaction) -> None:
        if await game_for(interaction, self.game_id, "button") is not None:
            await take_back(interaction, expected_version=self.version)


class PitButton(GameButton, DynamicItem[Button], template=button_template("pit")):
    """My pit: the presser's own pit, larger, privately (the board for a spectator)."""

    kind = "pit"
    default_label = turns.MY_PIT

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is None:
            return
        name = viewer_name(game, interaction.user.id)
        if name is None:
            await show_board(interaction, game, _(turns.NOT_PLAYING_BOARD))
            return
        await show_pit(interaction, game, name)


class LegalButton(GameButton, DynamicItem[Button], template=button_template("legal")):
    """Legal actions: what the presser may do now, as commands with their cost."""

    kind = "legal"
    default_label = turns.LEGAL_ACTIONS

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await game_for(interaction, self.game_id, "button")
        if game is not None:
            reopen = drawn_button(game, interaction.user.id)
            await interaction.response.send_message(
                legal_text(game, interaction.user.id), view=reopen or MISSING, ephemeral=True
            )


def legal_text(game: Game, user_id: int) -> str:
    state = game.state
    if state is None:
        return _(turns.NOT_STARTED)
    if state.phase == "over":
        return _(turns.OVER)
    name = viewer_name(game, user_id)
    if name is None or name != state.to_move:
        return _(turns.THEIR_TURN).format(player=state.to_move)
    if state.phase == "draw":
        return _(turns.CHOOSE_DRAWN_FIRST)
    lines = [_(turns.LEGAL_LINE).format(usage=usage(c), label=label(state, c)) for c in choices_for(state, name)]
    return _(turns.WHAT_YOU_MAY_DO).format(lines="\n".join(lines))


class DraftMenu(GameMenu, DynamicItem[Select], template=menu_template("draft")):
    """The draft menu under a turn message: the face-up order cards."""

    kind = "draft"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        game = await game_for(interaction, self.game_id, "menu")
        if game is None:
            return
        if value is None or not value.isdigit():
            await stale(interaction, _(refusals.MENU_GONE))
            return
        if self.version != game.version:
            await stale(interaction, _(refusals.DRAFT_MENU_OLD))
            return
        await take(interaction, DraftPick(card=int(value)), expected_version=self.version)
