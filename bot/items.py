"""What every button and menu of the bot shares: custom ids, styles, and one error path.

Every component's custom id carries what it needs — kind, game id, game version and an
argument (`coal:keep:12:40:2-top`) — so it keeps working after a restart: each kind is a
`DynamicItem` subclass whose template matches its ids, registered with `add_dynamic_items`,
and its handler judges the click against the stored game. A refusal is answered privately;
an unexpected exception is logged with the game id and answered like a command's
("Something went wrong on my side; nothing was changed."), never with Discord's
"This interaction failed".
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, cast

import discord
from discord.ui import Button, Item, Select

from bot.context import client_of
from bot.i18n import _, locale_for, speak
from bot.posting.telling import say_owed_note
from bot.replies import oops, refuse, refuse_error
from bot.words import refusals
from games import GameError

log = logging.getLogger("coalbaron")

GREY = discord.ButtonStyle.secondary
BLUE = discord.ButtonStyle.primary
GREEN = discord.ButtonStyle.success
RED = discord.ButtonStyle.danger


def button_template(kind: str) -> str:
    return rf"coal:{kind}:(?P<game>\d{{1,18}}):(?P<version>\d{{1,18}}):(?P<arg>[\w.+-]*)"


def menu_template(kind: str) -> str:
    return rf"coal-menu:{kind}:(?P<game>\d{{1,18}}):(?P<version>\d{{1,18}})"


def number(text: str, most: int = 10**18) -> int:
    """A whole number the bot wrote into a custom id or a menu's value (digits only, below `most`);
    anything else is `NotOurs`."""
    if not text.isdigit() or len(text) > 18 or int(text) >= most:
        raise NotOurs("number", text)
    return int(text)


def make_button(
    kind: str,
    game_id: int,
    version: int,
    arg: str = "",
    *,
    label: str,
    style: discord.ButtonStyle = GREY,
    disabled: bool = False,
    row: int | None = None,
) -> Button:
    custom_id = f"coal:{kind}:{game_id}:{version}:{arg}"
    return Button(label=label, style=style, disabled=disabled, row=row, custom_id=custom_id)


def make_menu(
    kind: str,
    game_id: int,
    version: int,
    options: list[discord.SelectOption] | None = None,
    placeholder: str = "",
    row: int | None = None,
) -> Select:
    return Select(
        custom_id=f"coal-menu:{kind}:{game_id}:{version}",
        options=options or [discord.SelectOption(label="-")],
        placeholder=placeholder or None,
        row=row,
    )


def chosen(interaction: discord.Interaction) -> str | None:
    """The value picked in a select menu interaction."""
    data = cast(dict[str, Any], interaction.data or {})
    values = list(data.get("values", []))
    return str(values[0]) if values else None


class NotOurs(Exception):
    """A press the bot never made possible: an argument it never wrote, or a component on a message of
    another kind (a forged payload). Answered privately in one line, logged at INFO, nothing changed.
    `what` names the odd part (number, argument, message, channel), `value` what it was."""

    def __init__(self, what: str, value: str = "") -> None:
        super().__init__(what, value)
        self.what, self.value = what, value[:20]


class Handled:
    """Mixed into every component kind before `DynamicItem`: `handle` runs under one error path, after
    a check that the component is on the kind of message it belongs to (`on`)."""

    game_id: int
    # The message a kind belongs to: "public" (a channel message), "private" (a private answer), or "any".
    on: ClassVar[str] = "public"

    def belongs_on(self, private: bool) -> bool:
        """Whether this component may be pressed on a private message (`private`) or a public one."""
        return self.on == "any" or (self.on == "private") == private

    async def callback(self, interaction: discord.Interaction) -> None:
        speak(locale_for(interaction.locale))  # private answers in the presser's language
        try:
            message = interaction.message
            if not self.belongs_on(message is not None and message.flags.ephemeral):
                raise NotOurs("message", "private" if message is not None and message.flags.ephemeral else "public")
            await self.handle(interaction)
        except NotOurs as err:
            custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))[:100]
            log.info("channel %s: %r refused, its %s %r", interaction.channel_id, custom_id, err.what, err.value)
            gone = refusals.MENU_GONE if isinstance(self, GameMenu) else refusals.BUTTON_GONE
            await refuse(interaction, _(gone))
            return
        except GameError as err:
            await refuse_error(interaction, err)
            return
        except Exception as err:
            await oops(interaction, err, f"component {type(self).__name__}", self.game_id)
            return
        finally:
            client_of(interaction).handled(interaction, "component")
        await say_owed_note(interaction)  # a refused direct message, said privately once

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class GameButton(Handled):
    """Mixed into every button kind before `DynamicItem`: a button of game `game_id` at `version` with an
    argument, rebuilt from its custom id after a restart.

    A subclass names its `kind`, as in its template, and how it looks: `class PitButton(GameButton,
    DynamicItem[Button], template=button_template("pit")): kind = "pit"; default_label = turns.MY_PIT`.
    """

    kind: ClassVar[str]
    default_label: ClassVar[str] = ""  # the English label (translated when the button is made), unless given
    default_style: ClassVar[discord.ButtonStyle] = GREY

    def __init__(
        self,
        game_id: int,
        version: int,
        arg: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        button = make_button(
            self.kind,
            game_id,
            version,
            arg,
            label=label or self.label_for(arg),
            style=style or self.default_style,
            disabled=disabled,
            row=row,
        )
        super().__init__(button)  # type: ignore[call-arg]  # DynamicItem's, next in the subclass's order
        self.game_id, self.version, self.arg = game_id, version, arg

    @classmethod
    def label_for(cls, arg: str) -> str:
        """The label of a button with this argument, in the language being spoken."""
        return _(cls.default_label) if cls.default_label else arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /) -> Any:
        label = getattr(item, "label", None) or ""
        return cls(int(match["game"]), int(match["version"]), match["arg"], label=label)


class GameMenu(Handled):
    """Mixed into every select menu kind before `DynamicItem`: a menu of game `game_id` at `version`,
    rebuilt from its custom id (with the options Discord sends back) after a restart.

    A subclass names its `kind`, as in its template: `class DraftMenu(GameMenu, DynamicItem[Select],
    template=menu_template("draft")): kind = "draft"`.
    """

    kind: ClassVar[str]

    def __init__(self, game_id: int, version: int, menu: Select) -> None:
        super().__init__(menu)  # type: ignore[call-arg]  # DynamicItem's, next in the subclass's order
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Item[Any], match: re.Match[str], /) -> Any:
        game_id, version = int(match["game"]), int(match["version"])
        return cls(game_id, version, make_menu(cls.kind, game_id, version, list(getattr(item, "options", []))))
