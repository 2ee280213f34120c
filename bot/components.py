"""Every kind of button and menu the bot sends, listed for `Client.add_dynamic_items`.

Each kind is a `DynamicItem` subclass beside the message it belongs to: the lobby's in
`bot.lobby`, the seat handed back in `bot.seats`, the turn message's in `bot.turn_buttons`, the
private draw choice's in `bot.draw_choice`, the mining console's in `bot.console`, the tutorial's
in `bot.tutorial`, the settings menus in `bot.settings`, the replay viewer's in `bot.replay`. Their
custom ids carry the game (or, for the settings, only the setting), so they work after a restart.
"""

from __future__ import annotations

from . import tutorial
from .catchup import CatchUpButton
from .console import ConsoleButton, FillMenu
from .draw_choice import DrawnButton, KeepButton, PickMenu
from .lobby import ComputerMenu, LobbyButton
from .my_games import GamesPage
from .privacy import PrivacyButton
from .rematch import RematchButton
from .replay import HistoryMenu, ReplayButton, ReplayMenu
from .seats import GiveBackButton
from .settings import SettingsMenu
from .turn_buttons import DraftMenu, LegalButton, PitButton, UndoButton

PERSISTENT_ITEMS = (
    *tutorial.ITEMS,
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
    ReplayMenu,
    HistoryMenu,
    CatchUpButton,
)
