"""`/coal games`: privately, every open game the person sits in, the ones waiting for them first.

In a server: that server's games; in a direct message with the bot: every server's. A panel in
Discord's layout components (a container; each game a section with an Open link beside it), ten
games a page, with buttons to page (their custom ids carry the page and the scope, so they work after
a restart) and a link button to the first game where it is the person's turn.
"""

from __future__ import annotations

import math
from typing import Any

import discord
from discord.ui import ActionRow, Button, Container, DynamicItem, LayoutView, Section, Separator, TextDisplay

from bot.context import client_of
from bot.i18n import _
from bot.items import GameButton, button_template
from bot.words import my_games as words

PAGE_SIZE = 10  # ten lines of about 120 characters: well within a message's 2 000


async def show(interaction: discord.Interaction, page: int = 0, edit: bool = False) -> None:
    user = interaction.user.id
    guild = interaction.guild_id  # None in a direct message: every server
    games = await client_of(interaction).manager.people.games_of(user, guild)
    pages = max(1, math.ceil(len(games) / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = games[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    panel: Container[LayoutView] = Container(TextDisplay(words.head(shown, user, guild is None, len(games))))
    for game in shown:  # a section each: the line, and an Open link beside it
        panel.add_item(
            Section(
                TextDisplay(words.game_line(game, user)), accessory=Button(label=_(words.OPEN), url=words.link(game))
            )
        )
    buttons: list[Any] = []  # link buttons and GamesPage (a DynamicItem)
    mine = next((g for g in games if g.is_running and g.to_move_user == user), None)
    if mine is not None:
        buttons.append(Button(label=_(words.NEXT_MINE), url=words.link(mine)))
    scope = str(guild or 0)
    if pages > 1:
        panel.add_item(TextDisplay(words.page_line(page, pages)))
        buttons.append(GamesPage(0, max(page - 1, 0), scope, label=_(words.EARLIER), disabled=page == 0))
        buttons.append(GamesPage(0, page + 1, scope, label=_(words.LATER), disabled=page >= pages - 1))
    if buttons:
        panel.add_item(Separator())
        panel.add_item(ActionRow(*buttons))
    view = LayoutView(timeout=None)
    view.add_item(panel)
    if edit:
        await interaction.response.edit_message(view=view)
    else:
        await interaction.response.send_message(view=view, ephemeral=True)


class GamesPage(GameButton, DynamicItem[Button], template=button_template("games")):
    """A page of `/coal games` (the version field carries the page, the argument the server or 0)."""

    kind = "games"
    on = "private"

    async def handle(self, interaction: discord.Interaction) -> None:
        await show(interaction, page=self.version, edit=True)
