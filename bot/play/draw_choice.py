"""The private draw choice: after a factory or order draw space, the player who drew picks one of
the five items (or none) in a menu and sends the rest to the top or the bottom with a button.

Nobody else sees the items. "Show my drawn tiles/cards" under the turn message (and under the
Legal actions answer) re-opens the choice, so it is never out of reach, after a restart too.
"""

from __future__ import annotations

import discord
from discord.ui import Button, DynamicItem, Select, View

from bot.i18n import _
from bot.items import BLUE, GameButton, GameMenu, button_template, chosen, make_menu, menu_template
from bot.play.turns import take
from bot.replies import game_for, refuse, stale
from bot.words import refusals, turns
from games import Game
from games.choices import empty_carts
from rules import ChooseDrawn
from rules.components import TILES


def draw_choice(game: Game, pick: str = "none") -> tuple[str, View]:
    """The actor's private message after a draw space: the items, a menu, top/bottom buttons."""
    state = game.started_state
    assert state.pending is not None  # (a draw space's items, being chosen)
    me = state.players[state.current]
    options = [discord.SelectOption(label=turns.keep_none_label(state), value="none", default=pick == "none")]
    for k, item in enumerate(state.pending.cards, start=1):
        if state.pending.kind == "tile" and TILES[item].price > me.marks:
            continue
        text = turns.keep_label(state, k, item)[:100]
        options.append(discord.SelectOption(label=text, value=str(k), default=pick == str(k)))
        if state.pending.kind == "tile" and empty_carts(state.supply, item):
            # R-FAC-2: the supply is short of the tile's colour; the player may leave those carts empty.
            value = f"{k}.none"
            text = turns.keep_empty_label(k, item)[:100]
            options.append(discord.SelectOption(label=text, value=value, default=pick == value))
    v = View(timeout=None)
    v.add_item(PickMenu(game.id, game.version, make_menu("pick", game.id, game.version, options, row=0)))
    v.add_item(KeepButton(game.id, game.version, f"{pick}-top", label=_(turns.REST_ON_TOP), row=1))
    v.add_item(KeepButton(game.id, game.version, f"{pick}-bottom", label=_(turns.REST_AT_BOTTOM), row=1))
    return turns.draw_choice_text(state), v


def drawn_button(game: Game, user_id: int) -> View | None:
    """For the player choosing among drawn items: a button that re-opens that private choice
    (under the Legal actions answer and `/coal board`), so it is never out of reach."""
    state = game.state
    if state is None or state.phase != "draw" or state.pending is None or user_id != game.to_move_user:
        return None
    v = View(timeout=None)
    v.add_item(show_drawn(game))
    return v


def show_drawn(game: Game) -> DrawnButton:
    """The "Show my drawn tiles" (or cards) button of a game whose player to move is choosing."""
    state = game.started_state
    assert state.pending is not None  # (a draw space's items, being chosen)
    text = _(turns.SHOW_DRAWN_TILES) if state.pending.kind == "tile" else _(turns.SHOW_DRAWN_CARDS)
    return DrawnButton(game.id, game.version, label=text)


async def my_draw(interaction: discord.Interaction, game_id: int, version: int) -> Game | None:
    """The game, if the presser is the one choosing among drawn items at this version."""
    game = await game_for(interaction, game_id, "button")
    if game is None:
        return None
    state = game.state
    if state is None or state.phase != "draw" or version != game.version:
        await stale(interaction, _(refusals.CHOICE_MADE))
        return None
    if interaction.user.id != game.to_move_user:
        assert state.pending is not None
        await refuse(interaction, _(refusals.ONLY_DRAWER[state.pending.kind]).format(player=state.to_move))
        return None
    return game


class DrawnButton(GameButton, DynamicItem[Button], template=button_template("drawn")):
    """Show my drawn tiles/cards: re-opens the private draw choice for the player who drew."""

    kind = "drawn"
    on = "any"  # under the turn message and under the Legal actions answer
    default_label = turns.SHOW_DRAWN_TILES
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await my_draw(interaction, self.game_id, self.version)
        if game is not None:
            text, v = draw_choice(game)
            await interaction.response.send_message(text, view=v, ephemeral=True)


class PickMenu(GameMenu, DynamicItem[Select], template=menu_template("pick")):
    """The private draw choice's menu: which drawn item to keep (or none)."""

    kind = "pick"
    on = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        if value is None:
            await stale(interaction, _(refusals.MENU_GONE))
            return
        game = await my_draw(interaction, self.game_id, self.version)
        if game is not None:
            text, v = draw_choice(game, value)
            await interaction.response.edit_message(content=text, view=v)


class KeepButton(GameButton, DynamicItem[Button], template=button_template("keep")):
    """Rest on top / at the bottom: plays the draw choice with the item picked in the menu."""

    kind = "keep"
    on = "private"
    default_style = BLUE

    async def handle(self, interaction: discord.Interaction) -> None:
        game = await my_draw(interaction, self.game_id, self.version)
        if game is None:
            return
        pick, _sep, to = self.arg.partition("-")
        number, _dot, empty = pick.partition(".")  # "3.none": keep 3 with its short carts left empty (R-FAC-2)
        if not (number == "none" or number.isdigit()) or to not in ("top", "bottom"):
            await stale(interaction, _(refusals.CHOICE_MADE))
            return
        pending = game.started_state.pending
        assert pending is not None  # (my_draw: the presser is choosing)
        cards = pending.cards
        keep = None if number == "none" else int(number)
        leave_empty = bool(empty) and keep is not None and keep <= len(cards)
        action = ChooseDrawn(
            pick=keep,
            to="top" if to == "top" else "bottom",
            substitutes=empty_carts(game.started_state.supply, cards[keep - 1]) if leave_empty and keep else (),
        )
        private = turns.kept(action.pick, action.to)
        await take(interaction, action, expected_version=self.version, edit_private=private)
