"""A person's own settings in words: the /coal me settings panel, its menus, and the direct messages."""

from __future__ import annotations

from bot.i18n import N_, _
from bot.words.common import due
from storage import PlayerSettings

HEAD = N_("**Your settings** (yours in every server; only you see this):")
SAVED = N_("✅ Saved. **Your settings** (yours in every server; only you see this):")
PING_LINE = N_("• Your turn: {how}")
REMINDER_LINE = N_("• Reminder at half time of the turn timer: {on}")
IMAGES_LINE = N_("• Board image: {which}")
FOOT = N_("Change them with the menus below, or with the options of `/coal me settings`.")
PING = {
    "mention": N_("a mention in the game's channel"),
    "dm": N_("a direct message from me"),
    "none": N_("nobody tells me"),
}
REMINDER = {True: N_("on"), False: N_("off")}
IMAGES = {
    "every": N_("after every turn"),
    "mine": N_("only when it is my turn"),
    "ask": N_("only on request (`/coal board`)"),
}
# The menus under the panel: a placeholder each, and an option per value.
PING_MENU = N_("How am I told it is my turn?")
PING_OPTION = {
    "mention": N_("Mention me in the game's channel"),
    "dm": N_("Send me a direct message"),
    "none": N_("Don't tell me"),
}
REMINDER_MENU = N_("A reminder at half time?")
REMINDER_OPTION = {True: N_("Remind me at half time"), False: N_("No reminder")}
IMAGES_MENU = N_("When do turn messages show the board?")
IMAGES_OPTION = {
    "every": N_("Board after every turn"),
    "mine": N_("Board only on my turn"),
    "ask": N_("Board only on request (/coal board)"),
}
# A direct message that Discord refused (closed DMs): the fallback, said once, privately.
DM_REFUSED = N_(
    "⚠ Discord refused my direct message to you (your DMs are closed to me), so I mentioned you in the"
    " game's channel instead. Allow direct messages from this server's members, or choose another way"
    " with `/coal me settings`."
)
# The direct messages themselves (in the language the person last used /coal me settings in).
YOUR_TURN = N_("🪨 Your turn in Coal Baron, game {game}: {link}")
REMINDER_DM = N_("⏳ Your turn in Coal Baron, game {game}, ends {due}: {link}")


def head(saved: bool) -> str:
    """The panel's first line: what it is, and whether a change was just saved."""
    return _(SAVED if saved else HEAD)


def line(s: PlayerSettings, what: str) -> str:
    """One setting as it is now ("ping", "reminder" or "images"), the line above its menu."""
    if what == "ping":
        return _(PING_LINE).format(how=_(PING[s.ping]))
    if what == "reminder":
        return _(REMINDER_LINE).format(on=_(REMINDER[s.reminder]))
    return _(IMAGES_LINE).format(which=_(IMAGES[s.images]))


def warning(s: PlayerSettings) -> str | None:
    """That Discord refused the person's direct messages, while they ask to be told by one."""
    return _(DM_REFUSED) if s.dm_refused != "no" and s.ping == "dm" else None


def foot() -> str:
    return _(FOOT)


def your_turn(game_id: int, link: str) -> str:
    return _(YOUR_TURN).format(game=game_id, link=link)


def reminder_dm(game_id: int, deadline: float, link: str) -> str:
    return _(REMINDER_DM).format(game=game_id, due=due(deadline), link=link)
