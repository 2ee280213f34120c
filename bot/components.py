"""Every kind of button and menu the bot sends, listed for `Client.add_dynamic_items`.

Each kind is a `DynamicItem` subclass beside the message it belongs to: the lobby's in
`bot.lobby`, the seat handed back in `bot.seats`, the turn message's and the private draw
choice's in `bot.turns`, the mining console's in `bot.console`, the settings menus in
`bot.settings`. Their custom ids carry the game (or, for the settings, only the setting), so
they work after a restart.
"""

from __future__ import annotations

from .console import ConsoleButton, FillMenu
from .lobby import ComputerMenu, LobbyButton
from .seats import GiveBackButton
from .settings import SettingsMenu
from .turns import DraftMenu, DrawnButton, KeepButton, LegalButton, PickMenu, PitButton, UndoButton

PERSISTENT_ITEMS = (
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
)
