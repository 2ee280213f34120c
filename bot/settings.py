"""/coal settings: a person's own settings, shown and changed privately (options or menus).

The settings belong to the person, not to a server or a game: how they are told it is their
turn, the reminder at half time, and which turn messages carry the board (`bot.telling`
applies them). The panel is an ephemeral message with one menu per setting; a menu's custom
id names only the setting, and it changes the settings of whoever uses it.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import DynamicItem, Item, Select, View

from storage import PlayerSettings

from .context import client_of
from .i18n import _, language
from .items import Handled, chosen
from .replies import refuse
from .words import refusals
from .words import settings as words

PINGS = tuple(words.PING)  # mention, dm, none
IMAGES = tuple(words.IMAGES)  # every, mine, ask
WHAT = ("ping", "reminder", "images")


async def show(
    interaction: discord.Interaction,
    *,
    ping: str | None = None,
    reminder: bool | None = None,
    images: str | None = None,
) -> None:
    """/coal settings: change what the options say, then show every setting with its menus."""
    for option, value, allowed in (("ping", ping, PINGS), ("images", images, IMAGES)):
        if value is not None and value not in allowed:
            await refuse(interaction, refusals.not_a_choice(value, option, allowed))
            return
    changes: dict[str, Any] = {}
    if ping is not None:
        changes["ping"] = ping
    if reminder is not None:
        changes["reminder"] = reminder
    if images is not None:
        changes["images"] = images
    settings = await _change(interaction, changes)
    text = words.panel(settings, saved=bool(changes))
    await interaction.response.send_message(text, view=settings_view(settings), ephemeral=True)


async def _change(interaction: discord.Interaction, changes: dict[str, Any]) -> PlayerSettings:
    """Store the changes (if any) with the person's language, for their direct messages."""
    manager = client_of(interaction).manager
    user = interaction.user.id
    if not changes:
        return (await manager.settings_of([user]))[user]
    if changes.get("ping") is not None:
        changes["dm_refused"] = "no"  # a new choice: a refused direct message is news again
    return await manager.change_settings(user, language=language(), **changes)


def settings_view(settings: PlayerSettings) -> View:
    """The panel's three menus, each showing the current choice."""
    v = View(timeout=None)
    for row, what in enumerate(WHAT):
        v.add_item(SettingsMenu(what, settings, row=row))
    return v


def _options(what: str, settings: PlayerSettings) -> tuple[str, list[discord.SelectOption]]:
    if what == "ping":
        return _(words.PING_MENU), [
            discord.SelectOption(label=_(words.PING_OPTION[p]), value=p, default=settings.ping == p) for p in PINGS
        ]
    if what == "reminder":
        return _(words.REMINDER_MENU), [
            discord.SelectOption(
                label=_(words.REMINDER_OPTION[on]), value=str(on).lower(), default=settings.reminder == on
            )
            for on in (True, False)
        ]
    return _(words.IMAGES_MENU), [
        discord.SelectOption(label=_(words.IMAGES_OPTION[i]), value=i, default=settings.images == i) for i in IMAGES
    ]


def _value(what: str, value: str | None) -> Any:
    """A menu's value as the setting's, or None if it is not one of the menu's values."""
    if what == "reminder":
        return {"true": True, "false": False}.get(value or "")
    allowed = PINGS if what == "ping" else IMAGES
    return value if value in allowed else None


class SettingsMenu(Handled, DynamicItem[Select], template=r"coal-settings:(?P<what>ping|reminder|images)"):
    """One setting's menu under the /coal settings panel: changes the setting of whoever uses it."""

    game_id = 0  # no game: for the error path's log line

    def __init__(self, what: str, settings: PlayerSettings | None = None, *, row: int | None = None) -> None:
        placeholder, options = _options(what, settings or PlayerSettings(0))
        super().__init__(Select(custom_id=f"coal-settings:{what}", options=options, placeholder=placeholder, row=row))
        self.what = what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /
    ) -> SettingsMenu:
        return cls(match["what"])

    async def handle(self, interaction: discord.Interaction) -> None:
        value = _value(self.what, chosen(interaction))
        if value is None:
            await refuse(interaction, _(refusals.MENU_GONE))
            return
        settings = await _change(interaction, {self.what: value})
        await interaction.response.edit_message(content=words.panel(settings, saved=True), view=settings_view(settings))
