"""Games, seats and the append-only action log in SQLite.

    store = await Store("data/coalbaron.sqlite3").open()   # or Store() for $COALBARON_DB
    game = await store.open_game(channel_id)
    game = await store.save_turn(game, new_state, user_id=..., player=..., action=str(action))
    await store.close()

See `storage.schema` for the tables and migrations.
"""

from .errors import NotOurDatabase, SchemaTooNew, StaleState, StorageError
from .models import (
    SEAT_COLOURS,
    TIMER_SECONDS,
    GameRow,
    GameSettings,
    GameSummary,
    LogRow,
    PlayerResult,
    PlayerStats,
    SeatRow,
)
from .schema import APPLICATION_ID
from .schema import LATEST as SCHEMA_VERSION
from .store import DEFAULT_PATH, Store, default_path

__all__ = [
    "APPLICATION_ID",
    "DEFAULT_PATH",
    "GameRow",
    "GameSettings",
    "GameSummary",
    "LogRow",
    "NotOurDatabase",
    "PlayerResult",
    "PlayerStats",
    "SCHEMA_VERSION",
    "SEAT_COLOURS",
    "SchemaTooNew",
    "SeatRow",
    "StaleState",
    "Store",
    "StorageError",
    "TIMER_SECONDS",
    "default_path",
]
