"""Every kind of button and menu the bot sends, listed for `Client.add_dynamic_items`.

Each kind is a `DynamicItem` subclass beside the message it belongs to: the lobby's in
`bot.lobby.buttons`, the seat handed back in `bot.play.seats`, the turn message's in `bot.play.turn_buttons`, the
private draw choice's in `bot.play.draw_choice`, the mining console's in `bot.play.console`, the tutorial's
in `bot.play.tutorial`, the settings menus in `bot.me.settings`, the replay viewer's in `bot.record.replay`, a
league announcement's in `bot.league.signup`. Their
custom ids carry the game (or, for the settings, only the setting), so they work after a restart.
"""

from __future__ import annotations

from bot.league.signup import LeagueButton
from bot.lobby.buttons import ComputerMenu, LobbyButton
from bot.lobby.rematch import RematchButton
from bot.me.catchup import CatchUpButton
from bot.me.my_games import GamesPage
from bot.me.privacy import PrivacyButton
from bot.me.settings import SettingsMenu
from bot.play import tutorial
from bot.play.console import ConsoleButton, FillMenu
from bot.play.draw_choice import DrawnButton, KeepButton, PickMenu
from bot.play.seats import GiveBackButton
from bot.play.turn_buttons import DraftMenu, LegalButton, PitButton, UndoButton
from bot.play.why import WhyButton
from bot.record.replay import HistoryMenu, ReplayButton, ReplayMenu
from bot.record.review import ReviewButton
from bot.web.open import BoardButton

PERSISTENT_ITEMS = (
    *tutorial.ITEMS,
    WhyButton,
    GamesPage,
    RematchButton,
    LobbyButton,
    ComputerMenu,
    GiveBackButton,
    PitButton,
    LegalButton,
    UndoButton,
    DraftMenu,
    DrawnButton,
    PickMenu,
    KeepButton,
    ConsoleButton,
    FillMenu,
    SettingsMenu,
    PrivacyButton,
    ReplayButton,
    ReviewButton,
    ReplayMenu,
    HistoryMenu,
    CatchUpButton,
    BoardButton,
    LeagueButton,
)
