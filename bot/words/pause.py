"""A paused game in words: paused, resumed, and ended after too long a pause."""

from __future__ import annotations

from bot.i18n import N_, _
from bot.words.common import DAYS, plural, shown

PAUSED = N_(
    "⏸ {name} paused the game: no moves and no turn timer until the host or a moderator types"
    " `/coal host resume`. A game paused for {days} ends without a result."
)
RESUMED = N_("▶ {name} resumed the game; the turn timer starts again with the full time.")
PAUSED_TOO_LONG = N_(
    "⏹ This game was paused for {days} and has ended without a result. It stays in `/coal record history`;"
    " `/coal new` opens another."
)


def paused(name: str, days: int) -> str:
    return _(PAUSED).format(name=shown(name), days=plural(days, *DAYS))


def resumed(name: str) -> str:
    return _(RESUMED).format(name=shown(name))


def paused_too_long(days: int) -> str:
    return _(PAUSED_TOO_LONG).format(days=plural(days, *DAYS))
