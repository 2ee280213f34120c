"""The bot's database, in SQLite or PostgreSQL: games, seats, the append-only action log, the outbox of
posts, the server ladders, people's settings, servers' defaults and the bot's notes.

    store = await open_store("data/coalbaron.sqlite3")   # or a postgresql:// URL; None: $COALBARON_DB
    game = await store.queries.open_game(channel_id)
    game = await store.save_turn(game, new_state, user_id=..., player=..., action=str(action),
                                 outbox=[Post("turn", {...})])
    for post in await store.outbox.pending_posts(game.id):        # post them, then
        store.outbox.posted_upto(game.id, post.seq)                # or note_failed_post(post, "why")
    await store.close()

The `Store` is the write model (`storage.store`: a game's lifecycle and its turns) with its parts
reached by name: `store.outbox` (`storage.outbox`), `store.queries` (the reads), `store.ladders`,
`store.preferences`, `store.personal`. See `storage.schema` and
`storage.pg_schema` for the tables and migrations, and `python -m storage copy SRC DST` to move every
game from one database to another.
"""

from .errors import NotOurDatabase, RematchTaken, SchemaTooNew, StaleState, StorageError
from .models import (
    FIRST_PERSON_ID,
    SEAT_COLOURS,
    TIMER_SECONDS,
    Brief,
    FinishedResult,
    Game,
    GameSettings,
    GameSummary,
    Level,
    LogRow,
    MoveTimes,
    OutboxRow,
    PlayerSettings,
    PlayerStats,
    Post,
    RatingChange,
    RatingRow,
    Reliability,
    SeatRow,
    StandIn,
)
from .schema import APPLICATION_ID
from .schema import LATEST as SCHEMA_VERSION
from .store import DEFAULT_PATH, Store, default_path, default_target, open_store

__all__ = [
    "APPLICATION_ID",
    "Brief",
    "DEFAULT_PATH",
    "Game",
    "GameSettings",
    "GameSummary",
    "FIRST_PERSON_ID",
    "Level",
    "LogRow",
    "NotOurDatabase",
    "OutboxRow",
    "PlayerSettings",
    "PlayerStats",
    "Reliability",
    "MoveTimes",
    "RatingChange",
    "RatingRow",
    "RematchTaken",
    "FinishedResult",
    "Post",
    "SCHEMA_VERSION",
    "SEAT_COLOURS",
    "SchemaTooNew",
    "SeatRow",
    "StaleState",
    "StandIn",
    "Store",
    "StorageError",
    "TIMER_SECONDS",
    "default_path",
    "default_target",
    "open_store",
]
