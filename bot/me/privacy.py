"""`/coal me privacy`: what the bot keeps about you, a file of all of it, and forgetting you (after a confirmation).

The panel is private; its buttons name only what they do (`coal-privacy:show`), so they work for whoever
presses them, on their own data, after a restart too. "Show my data" is rate-limited like the other costly
answers (`bot.cooldowns`). "Forget me" asks first; "Yes, forget me" starts the request and carries out now
what can be done (`games.privacy`), then says so in a few sentences.
"""

from __future__ import annotations

import io
import json
import logging
import re
from typing import Any

import discord
from discord.ui import ActionRow, Button, Container, DynamicItem, Item, LayoutView, TextDisplay

from bot.context import client_of
from bot.i18n import _
from bot.items import GREY, RED, Handled
from bot.replies import refuse
from bot.words import privacy as words
from bot.words import refusals
from games import privacy

log = logging.getLogger("coalbaron")


def panel(*texts: str, buttons: tuple[str, ...] = ()) -> LayoutView:
    box: Container[LayoutView] = Container(*(TextDisplay(t) for t in texts))
    if buttons:
        box.add_item(ActionRow(*(PrivacyButton(what) for what in buttons)))
    view = LayoutView(timeout=None)
    view.add_item(box)
    return view


async def show(interaction: discord.Interaction) -> None:
    """The panel: what is kept, where the policy is, and the two buttons."""
    text = "\n".join((_(words.HEAD), _(words.KEPT), _(words.POLICY)))
    await interaction.response.send_message(view=panel(text, buttons=("show", "forget")), ephemeral=True)


class PrivacyButton(Handled, DynamicItem[Button], template=r"coal-privacy:(?P<what>show|forget|yes|cancel)"):
    """A button of the privacy panel; it acts on the data of whoever presses it."""

    on = "private"

    game_id = 0  # (no game: for the error path's log line)

    def __init__(self, what: str) -> None:
        label = {"show": words.SHOW, "forget": words.FORGET, "yes": words.YES, "cancel": words.CANCEL}[what]
        style = RED if what in ("forget", "yes") else GREY
        super().__init__(Button(label=_(label), style=style, custom_id=f"coal-privacy:{what}"))
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> PrivacyButton:
        return cls(match["what"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = client_of(interaction)
        user = interaction.user.id
        if self.what == "show":
            again = bot.cooldowns.use("my-data", user, 0)
            if again is not None:
                await refuse(interaction, refusals.cooldown(again))
                return
            data = await bot.manager.store.personal.user_data(user)
            file = discord.File(
                io.BytesIO(json.dumps(data, indent=1).encode()), filename=f"coalbaron-my-data-{user}.json"
            )
            await interaction.response.send_message(_(words.SHOWN), file=file, ephemeral=True)
        elif self.what == "forget":
            await interaction.response.edit_message(view=panel(words.ask(), buttons=("yes", "cancel")))
        elif self.what == "cancel":
            await interaction.response.edit_message(view=panel(_(words.CANCELLED)))
        else:
            await interaction.response.defer()
            await privacy.forget(bot.manager.store, user)
            done = await privacy.carry_out(bot.manager.store, user, bot.manager)
            log.info("user %s asked to be forgotten: %s", user, done)
            bot.manager.people.forgotten(user)
            bot.housekeeping.wake()  # it knows them from now on: a game of theirs that ends renames them
            text = words.forgotten(done.renamed, done.waiting, done.lobbies_left)
            await interaction.edit_original_response(view=panel(text))
