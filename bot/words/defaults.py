"""A server's defaults for new games in words (`/coal host defaults`, `/coal help`)."""

from __future__ import annotations

from typing import Any

from bot.command_names import choice_label, option_name
from bot.i18n import N_, _, language_name
from bot.words.commands import DELIVERED_ALL, DELIVERED_OWN
from bot.words.common import listing, timer_name
from bot.words.lobby import NO_TIMER
from storage import TIMER_SECONDS

DEFAULTS = N_("New games on this server start with: {options}.")
NO_DEFAULTS = N_("This server has set no defaults: new games start with the bot's own ({options}).")
SAVED = N_("Saved. New games on this server start with: {options}.")
FORGOTTEN = N_("This server's defaults are forgotten: new games start with the bot's own ({options}).")
NOT_ALLOWED = N_("Only a member who may manage the server or its channels can set its defaults.")
OPTION = N_("{option}: {value}")
YES_NO = {True: N_("yes"), False: N_("no")}
SERVER_LANGUAGE = N_("the server's language")
DELIVERED = {"own": DELIVERED_OWN, "all": DELIVERED_ALL}


def _value(key: str, value: Any) -> str:
    if key == "timer":
        return _(NO_TIMER) if value == "none" else timer_name(TIMER_SECONDS.get(str(value)) or 0)
    if key == "delivered":
        return choice_label(DELIVERED.get(str(value), str(value)))
    if key in ("absent", "season"):
        return choice_label(str(value))
    if key == "language":
        return language_name(str(value)) if value else _(SERVER_LANGUAGE)
    return _(YES_NO[bool(value)])


def options_text(options: dict[str, Any]) -> str:
    """ "timer: 12 hours, language: italiano, thread: no" with the option names the reader types (in the
    order given: `/coal new`'s)."""
    return listing(_(OPTION).format(option=option_name(k), value=_value(k, v)) for k, v in options.items())


def defaults_message(stored: dict[str, Any], built_in: dict[str, Any], saved: bool = False) -> str:
    if stored:
        return _(SAVED if saved else DEFAULTS).format(options=options_text(stored))
    return _(FORGOTTEN if saved else NO_DEFAULTS).format(options=options_text(built_in))
