"""`/coal games`: privately, every open game the person sits in, the ones waiting for them first.

In a server: that server's games; in a direct message with the bot: every server's. Ten games a page,
with buttons to page (their custom ids carry the page and the scope, so they work after a restart)
and a link button to the first game where it is the person's turn.
"""

from __future__ import annotations

import math

import discord
from discord.ui import Button, DynamicItem, View

from .context import client_of
from .i18n import _
from .items import GameButton, button_template
from .words import my_games as words

PAGE_SIZE = 10  # ten lines of about 120 characters: well within a message's 2 000


async def show(interaction: discord.Interaction, page: int = 0, edit: bool = False) -> None:
    user = interaction.user.id
    guild = interaction.guild_id  # None in a direct message: every server
    games = await client_of(interaction).manager.games_of(user, guild)
    pages = max(1, math.ceil(len(games) / PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = games[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    text = words.games_message(shown, user, guild is None, page, pages, len(games))
    view = View(timeout=None)
    mine = next((g for g in games if g.status == "active" and g.to_move_user == user), None)
    if mine is not None:
        view.add_item(Button(label=_(words.NEXT_MINE), url=words.link(mine)))
    scope = str(guild or 0)
    if pages > 1:
        view.add_item(GamesPage(0, max(page - 1, 0), scope, label=_(words.EARLIER), disabled=page == 0))
        view.add_item(GamesPage(0, page + 1, scope, label=_(words.LATER), disabled=page >= pages - 1))
    if edit:
        await interaction.response.edit_message(content=text, view=view)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


class GamesPage(GameButton, DynamicItem[Button], template=button_template("games")):
    """A page of `/coal games` (the version field carries the page, the argument the server or 0)."""

    kind = "games"

    async def handle(self, interaction: discord.Interaction) -> None:
        await show(interaction, page=self.version, edit=True)
