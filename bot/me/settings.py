"""/coal me settings: a person's own settings, shown and changed privately (options or menus).

The settings belong to the person, not to a server or a game: how they are told it is their
turn, the reminder at half time, and which turn messages carry the board (`bot.posting.telling`
applies them). The panel is an ephemeral message in Discord's layout components: each setting's
line with its menu under it. A menu's custom id names only the setting, and it changes the
settings of whoever uses it.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import ActionRow, Container, DynamicItem, Item, LayoutView, Select, Separator, TextDisplay

from bot.context import client_of
from bot.i18n import _, language
from bot.items import Handled, chosen
from bot.replies import refuse
from bot.words import refusals
from bot.words import settings as words
from storage import PlayerSettings

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
    """/coal me settings: change what the options say, then show every setting with its menus."""
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
    await interaction.response.send_message(view=settings_view(settings, saved=bool(changes)), ephemeral=True)


async def _change(interaction: discord.Interaction, changes: dict[str, Any]) -> PlayerSettings:
    """Store the changes (if any) with the person's language, for their direct messages."""
    manager = client_of(interaction).manager
    user = interaction.user.id
    if not changes:
        return (await manager.people.settings_of([user]))[user]
    if changes.get("ping") is not None:
        changes["dm_refused"] = "no"  # a new choice: a refused direct message is news again
    return await manager.people.change_settings(user, language=language(), **changes)


def settings_view(settings: PlayerSettings, *, saved: bool = False) -> LayoutView:
    """The panel: a head, then each setting as it is now with its menu under it, then how to change
    them (a container of text displays and action rows: 13 components of Discord's 40)."""
    box: Container[LayoutView] = Container(TextDisplay(words.head(saved)), Separator())
    for what in WHAT:
        box.add_item(TextDisplay(words.line(settings, what)))
        box.add_item(ActionRow(SettingsMenu(what, settings)))
    warning = words.warning(settings)
    if warning is not None:
        box.add_item(TextDisplay(warning))
    box.add_item(Separator())
    box.add_item(TextDisplay(words.foot()))
    v = LayoutView(timeout=None)
    v.add_item(box)
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
    """One setting's menu under the /coal me settings panel: changes the setting of whoever uses it."""

    on = "private"

    game_id = 0  # no game: for the error path's log line

    def __init__(self, what: str, settings: PlayerSettings | None = None) -> None:
        placeholder, options = _options(what, settings or PlayerSettings(0))
        super().__init__(Select(custom_id=f"coal-settings:{what}", options=options, placeholder=placeholder))
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
        # content=None: a panel has none (and one sent before panels loses its text for the panel)
        await interaction.response.edit_message(content=None, view=settings_view(settings, saved=True))
