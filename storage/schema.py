"""The SQLite schema, its migrations (`PRAGMA user_version`) and the start-up check.

One module (some 520 lines) on purpose: every version's migration since the first, in order, is the
schema's history and how a database of any age is brought up to date.

A database is ours when its `application_id` is `APPLICATION_ID`. Each schema version is
one function in `MIGRATIONS` that takes the database from the version before it to its
own; `prepare` runs the missing ones in a single transaction. Adding version 6 is adding
a `_to_v6` function and its entry (and its PostgreSQL twin in `storage.pg_schema`).

Before anything is written, `prepare` looks at the file through a read-only connection:
a file that is not SQLite, a SQLite database of another application, or one written by
a newer version of this bot is refused with a message saying so, and left untouched.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from rules import GameState

from .errors import NotOurDatabase, SchemaTooNew, StorageError

log = logging.getLogger("coalbaron")

APPLICATION_ID = 0x43424152  # "CBAR" in ASCII: Coal Baron
SQLITE_MAGIC = b"SQLite format 3\x00"


def _to_v1(db: sqlite3.Connection) -> None:
    """Games, seats and the append-only action log."""
    db.execute(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
            options TEXT NOT NULL,
            host_id INTEGER NOT NULL,
            seed INTEGER,
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            CHECK (status IN ('lobby', 'aborted') OR (seed IS NOT NULL AND state IS NOT NULL))
        )
        """
    )
    # One lobby or running game per channel, enforced by the database itself.
    db.execute("CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id) WHERE status IN ('lobby', 'active')")
    db.execute("CREATE INDEX games_by_guild ON games (guild_id, status, updated_at)")
    db.execute("CREATE INDEX games_by_channel ON games (channel_id, created_at)")
    db.execute(
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            colour TEXT NOT NULL,
            PRIMARY KEY (game_id, seat),
            UNIQUE (game_id, user_id)
        ) WITHOUT ROWID
        """
    )
    db.execute("CREATE INDEX seats_by_user ON seats (user_id)")
    db.execute(
        """
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL CHECK (seq >= 1),
            user_id INTEGER NOT NULL,
            player TEXT NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """
    )
    # The log is append-only: a mistake is corrected by a new game, never by editing history.
    for what in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER actions_no_{what.lower()} BEFORE {what} ON actions
            BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
            """
        )


def _to_v2(db: sqlite3.Connection) -> None:
    """What turn timers need (deadline, reminders, missed turns, log summaries), and `turns`.

    `turns` is a write-only view: one INSERT into it stores a whole turn (the snapshot,
    the version bump, the log row, the mover's missed count) as a single statement, so
    SQLite makes it atomic, and refuses it with 'stale turn' unless the game is running
    at the version just before. One statement is one round trip to the database thread:
    the per-turn save costs little more than a bare commit.

    A failing statement is undone whole because every constraint and trigger here uses
    SQLite's default ABORT; nothing in this schema may use FAIL (which keeps a failed
    statement's earlier changes).
    """
    db.execute("ALTER TABLE games ADD COLUMN deadline REAL")
    db.execute("ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE actions ADD COLUMN summary TEXT")
    db.execute("ALTER TABLE actions ADD COLUMN auto INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX games_by_deadline ON games (deadline) WHERE status = 'active' AND deadline IS NOT NULL")
    db.execute(
        """
        CREATE VIEW turns AS
        SELECT a.game_id, a.seq, a.user_id, a.player, a.action, a.at, a.summary, a.auto,
               g.state, g.status, g.deadline
        FROM actions a JOIN games g ON g.id = a.game_id
        WHERE 0  -- write-only: read the games and actions tables instead
        """
    )
    db.execute(
        """
        CREATE TRIGGER turns_insert INSTEAD OF INSERT ON turns
        BEGIN
            SELECT RAISE(ABORT, 'stale turn') WHERE NOT EXISTS (
                SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.seq - 1 AND status = 'active'
            );
            UPDATE games
            SET state = NEW.state, version = NEW.seq, status = NEW.status, updated_at = NEW.at,
                deadline = NEW.deadline, reminded = 0
            WHERE id = NEW.game_id;
            INSERT INTO actions (game_id, seq, user_id, player, action, at, summary, auto)
            VALUES (NEW.game_id, NEW.seq, NEW.user_id, NEW.player, NEW.action, NEW.at, NEW.summary, NEW.auto);
            UPDATE seats SET missed = CASE WHEN NEW.auto THEN missed + 1 ELSE 0 END
            WHERE game_id = NEW.game_id AND name = NEW.player AND (NEW.auto OR missed <> 0);
        END
        """
    )


def _to_v3(db: sqlite3.Connection) -> None:
    """Final scores as columns, the outbox, and the turn written by plain statements.

    - `seats.vp` and `seats.won` hold each seat's final VP and whether it won, set when the
      game finishes (filled here for the games that already have), so that history and
      stats never read the rules' JSON.
    - `outbox`: what still has to be posted to Discord after a write, stored in the same
      transaction as the write and marked when posted; a crash in between leaves it pending.
    - The `turns` view and its trigger go: the turn's bookkeeping lives once, in
      `Store.save_turn`, as statements that both SQLite and PostgreSQL run.
    """
    db.execute("DROP TRIGGER turns_insert")
    db.execute("DROP VIEW turns")
    db.execute("ALTER TABLE seats ADD COLUMN vp INTEGER")
    db.execute("ALTER TABLE seats ADD COLUMN won INTEGER")
    db.execute(
        """
        UPDATE seats SET
            vp = (SELECT json_extract(g.state, '$.players[' || seats.seat || '].vp') FROM games g
                  WHERE g.id = seats.game_id),
            won = (SELECT seats.seat IN (SELECT value FROM json_each(g.state, '$.winners')) FROM games g
                   WHERE g.id = seats.game_id)
        WHERE game_id IN (SELECT id FROM games WHERE status = 'finished')
        """
    )
    db.execute(
        """
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            created_at REAL NOT NULL,
            posted_at REAL
        )
        """
    )
    db.execute("CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE posted_at IS NULL")
    # /coal stats: a player's seats with their results from the index alone (PostgreSQL also
    # has `games_finished` for the games' server; SQLite finds a game by its rowid instead).
    db.execute("CREATE INDEX seats_results ON seats (user_id, game_id, vp, won) WHERE vp IS NOT NULL")


def _to_v4(db: sqlite3.Connection) -> None:
    """The server ladders (games.ratings): each person's rating in each server, and each rated
    game's change of it (the history `/coal stats` shows; a finished game without its changes is
    rated at the next start, so games finished before this version fill the ladder then)."""
    for sql in V4:
        db.execute(sql)


V4 = [
    """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (guild_id, user_id)
        ) WITHOUT ROWID
        """,
    """
        CREATE TABLE rating_changes (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            mu_before REAL NOT NULL,
            sigma_before REAL NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        ) WITHOUT ROWID
        """,
    """
        CREATE INDEX rating_changes_by_user ON rating_changes (user_id, at)
        """,
]


def _to_v5(db: sqlite3.Connection) -> None:
    """Each person's own settings (`/coal settings`): how they are told it is their turn, the
    reminder at half time, which turn messages carry the board. A person without a row has the
    defaults, so nothing is written for anyone until they change something."""
    db.execute(V5)


V5 = """
    CREATE TABLE player_settings (
        user_id INTEGER PRIMARY KEY,
        ping TEXT NOT NULL DEFAULT 'mention' CHECK (ping IN ('mention', 'dm', 'none')),
        reminder INTEGER NOT NULL DEFAULT 1,
        images TEXT NOT NULL DEFAULT 'every' CHECK (images IN ('every', 'mine', 'ask')),
        language TEXT,
        dm_refused TEXT NOT NULL DEFAULT 'no' CHECK (dm_refused IN ('no', 'untold', 'told')),
        updated_at REAL NOT NULL
    )
    """


def _to_v6(db: sqlite3.Connection) -> None:
    """Each server's defaults for new games (`/coal host defaults`), and the bot's own notes (the hash of
    the command tree last synced with Discord, so a start syncs only when the commands changed). A server
    without a row starts games from the bot's defaults."""
    for sql in V6:
        db.execute(sql)


V6 = [
    """
    CREATE TABLE server_defaults (
        guild_id INTEGER PRIMARY KEY,
        options TEXT NOT NULL,
        updated_by INTEGER NOT NULL,
        updated_at REAL NOT NULL
    )
    """,
    """
    CREATE TABLE bot_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at REAL NOT NULL
    )
    """,
]


def _to_v7(db: sqlite3.Connection) -> None:
    """Who is to move, beside each running game's state: a restarted bot keeps only a brief of
    each open game in memory (`storage.Brief`) and reads it with this column, without parsing any state."""
    db.execute(V7)
    rows = db.execute("SELECT id, state FROM games WHERE status = 'active'").fetchall()
    db.executemany("UPDATE games SET to_move = ? WHERE id = ?", [(to_move_of(state), gid) for gid, state in rows])


V7 = "ALTER TABLE games ADD COLUMN to_move TEXT"


def to_move_of(state: str | None) -> str | None:
    """The player to move in a stored state (JSON); None for none (a lobby, a game over)."""
    return None if state is None else GameState.model_validate_json(state).to_move


def _to_v8(db: sqlite3.Connection) -> None:
    """Rematches and posts in parts: a lobby opened by a finished game's Rematch names that game
    (`rematch_of`, at most one lobby per game, so a second press cannot open another one and ping the
    players again); an outbox post told in several messages (a move, then its shift's scoring) counts
    the messages already in the channel (`parts`), so a restart posts only the rest."""
    for sql in V8:
        db.execute(sql)


V8 = [
    "ALTER TABLE games ADD COLUMN rematch_of INTEGER",  # a game id (no foreign key: a server's games go together)
    "CREATE UNIQUE INDEX games_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL",
    "ALTER TABLE outbox ADD COLUMN parts INTEGER NOT NULL DEFAULT 0",
]


def _to_v9(db: sqlite3.Connection) -> None:
    """Players' data: a person's request to be forgotten (`forget_requests`: kept until their
    running games have ended and been renamed), the servers that removed the bot (`guild_departures`: their
    data is deleted at `purge_at` unless the bot is back), and the action log opened to exactly those two:
    its record of what happened (game, seq, action, time, timer) is never edited, while a player's id and
    name in it may be replaced by a pseudonym, and a game's entries may be deleted with the game itself when
    its server's data is purged (a `purging` row says so, inside that transaction). The `summary` column,
    written by no version since schema 7 (the log's events are replayed when read), goes."""
    db.execute("DROP TRIGGER actions_no_update")
    db.execute("DROP TRIGGER actions_no_delete")
    db.execute("ALTER TABLE actions DROP COLUMN summary")
    for sql in V9:
        db.execute(sql)


V9 = [
    "CREATE TABLE purging (game_id INTEGER PRIMARY KEY)",
    """
    CREATE TABLE forget_requests (
        user_id INTEGER PRIMARY KEY,
        requested_at REAL NOT NULL,
        asked_by TEXT NOT NULL CHECK (asked_by IN ('player', 'operator'))
    )
    """,
    """
    CREATE TABLE guild_departures (
        guild_id INTEGER PRIMARY KEY,
        left_at REAL NOT NULL,
        purge_at REAL NOT NULL
    )
    """,
    """
    CREATE TRIGGER actions_no_update BEFORE UPDATE OF game_id, seq, action, at, auto ON actions
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only: only a player may be renamed in it'); END
    """,
    """
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    WHEN NOT EXISTS (SELECT 1 FROM purging WHERE game_id = OLD.game_id)
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only: only a purged game''s log goes'); END
    """,
]


def _to_v10(db: sqlite3.Connection) -> None:
    """Players who come and go: a person's away date, time zone, quiet hours and heads-up
    choice (`player_settings`); each away period, for the allowance (`away_periods`: kept a year); and a
    game's turn ping held back by the quiet hours of the player to move (`games.held_ping`: when it is due)."""
    for sql in V10:
        db.execute(sql)


V10 = [
    "ALTER TABLE player_settings ADD COLUMN away_until REAL",
    "ALTER TABLE player_settings ADD COLUMN time_zone TEXT",
    "ALTER TABLE player_settings ADD COLUMN quiet_from INTEGER CHECK (quiet_from BETWEEN 0 AND 1439)",
    "ALTER TABLE player_settings ADD COLUMN quiet_to INTEGER CHECK (quiet_to BETWEEN 0 AND 1439)",
    "ALTER TABLE player_settings ADD COLUMN heads_up INTEGER NOT NULL DEFAULT 0",
    """
    CREATE TABLE away_periods (
        user_id INTEGER NOT NULL,
        started_at REAL NOT NULL,
        until REAL NOT NULL,
        ended_at REAL,
        PRIMARY KEY (user_id, started_at)
    )
    """,
    "ALTER TABLE games ADD COLUMN held_ping REAL",
]


def _to_v11(db: sqlite3.Connection) -> None:
    """A request to be forgotten covers what was stored when it was made: the games that held
    the person then (`forget_covers`), so a game they open or join afterwards is theirs and is left alone.
    A request already pending gets the games that held them and were made before it."""
    for sql in V11:
        db.execute(sql)


V11 = [
    """
    CREATE TABLE forget_covers (
        user_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL,
        PRIMARY KEY (user_id, game_id)
    )
    """,
    """
    INSERT INTO forget_covers (user_id, game_id)
    SELECT r.user_id, g.id FROM forget_requests r JOIN games g
      ON g.host_id = r.user_id OR g.id IN (SELECT game_id FROM seats WHERE user_id = r.user_id)
    WHERE g.created_at <= r.requested_at
    """,
]


def _to_v12(db: sqlite3.Connection) -> None:
    """The web board: the links that open it in a browser (`web_links`: signed, expiring, exchanged once)
    and the sessions they, or the Activity's sign-in, open (`web_sessions`: kept by a hash of their token,
    never the token, expiring, revocable)."""
    for sql in V12:
        db.execute(sql)


V12 = [
    """
    CREATE TABLE web_links (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        used_at REAL
    )
    """,
    """
    CREATE TABLE web_sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
    )
    """,
]


def _to_v13(db: sqlite3.Connection) -> None:
    """The post-game review (`reviews`): a finished game's race and its judged decisions, filled in as they
    are computed (so a restart goes on where it stopped) and computed once."""
    for sql in V13:
        db.execute(sql)


V13 = [
    """
    CREATE TABLE reviews (
        game_id INTEGER PRIMARY KEY,
        total INTEGER NOT NULL,
        data TEXT NOT NULL,
        created_at REAL NOT NULL,
        done_at REAL,
        posted INTEGER NOT NULL DEFAULT 0,
        channel_id INTEGER,
        message_id INTEGER
    )
    """,
]


def _to_v14(db: sqlite3.Connection) -> None:
    """Leagues (`leagues`, `league_players`, `league_tables`): a server's tournaments, their sign-ups, and
    each round's tables as paired (a table's game once it is opened), so a restart goes on where it was; and
    the ladder by season (`season_ratings`: each season's ratings, from its own games only)."""
    for sql in V14:
        db.execute(sql)


V14 = [
    """
    CREATE TABLE leagues (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        message_id INTEGER,
        format TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        table_size INTEGER NOT NULL,
        options TEXT NOT NULL,
        signup_until REAL NOT NULL,
        max_players INTEGER NOT NULL,
        min_games INTEGER NOT NULL DEFAULT 0,
        min_reliability REAL NOT NULL,
        status TEXT NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        schedule TEXT,
        final TEXT,
        created_at REAL NOT NULL,
        finished_at REAL
    )
    """,
    "CREATE INDEX leagues_by_channel ON leagues (channel_id, status)",
    """
    CREATE TABLE league_players (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined_at REAL NOT NULL,
        withdrawn_round INTEGER,
        PRIMARY KEY (league_id, user_id)
    )
    """,
    """
    CREATE TABLE league_tables (
        league_id INTEGER NOT NULL REFERENCES leagues (id),
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        users TEXT NOT NULL,
        game_id INTEGER,
        thread_id INTEGER,
        PRIMARY KEY (league_id, round, table_no)
    )
    """,
    """
    CREATE TABLE season_ratings (
        guild_id INTEGER NOT NULL,
        season TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, season, user_id)
    )
    """,
]


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _to_v1,
    2: _to_v2,
    3: _to_v3,
    4: _to_v4,
    5: _to_v5,
    6: _to_v6,
    7: _to_v7,
    8: _to_v8,
    9: _to_v9,
    10: _to_v10,
    11: _to_v11,
    12: _to_v12,
    13: _to_v13,
    14: _to_v14,
}
LATEST = max(MIGRATIONS)


def migrate(db: sqlite3.Connection, current: int, target: int | None = None) -> None:
    """Run the migrations after `current` up to `target` (the latest) in the caller's transaction."""
    target = LATEST if target is None else target
    for version in range(current + 1, target + 1):
        MIGRATIONS[version](db)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {target}")


def inspect(path: str | os.PathLike[str]) -> int | None:
    """The schema version of our database at `path`; None when there is nothing there yet.

    Reads only (a read-only connection); raises NotOurDatabase or SchemaTooNew.
    """
    path = Path(path)
    if path.is_dir():
        raise StorageError(f"{path} is a folder; COALBARON_DB must name a database file.")
    if not path.exists() or path.stat().st_size == 0:
        return None
    with open(path, "rb") as f:
        head = f.read(len(SQLITE_MAGIC))
    if head != SQLITE_MAGIC:
        raise NotOurDatabase(
            f"{path} is not a SQLite database, so it is not a Coal Baron database; it was left untouched. "
            "Set COALBARON_DB to another file."
        )
    try:
        ro = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
        try:
            app_id = ro.execute("PRAGMA application_id").fetchone()[0]
            version = ro.execute("PRAGMA user_version").fetchone()[0]
            tables = [r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")]
        finally:
            ro.close()
    except sqlite3.DatabaseError as err:
        raise NotOurDatabase(f"{path} cannot be read as a SQLite database ({err}); it was left untouched.") from err
    if app_id == 0 and version == 0 and not tables:
        return None  # an empty SQLite file, e.g. one we created and were stopped before the schema
    if app_id != APPLICATION_ID:
        raise NotOurDatabase(
            f"{path} is a SQLite database of another application (application_id {app_id:#x}, "
            f"tables: {', '.join(sorted(tables)) or 'none'}); it was left untouched. Set COALBARON_DB to another file."
        )
    if version > LATEST:
        raise SchemaTooNew(
            f"{path} has schema version {version}, newer than this bot's {LATEST}; it was left untouched. "
            "Run the newer version of the bot, or restore a backup."
        )
    return version


def prepare(path: str | os.PathLike[str], busy_timeout: float = 5.0) -> int | None:
    """Make `path` a current Coal Baron database: create or upgrade it. Blocking.

    Returns the version found (None for a new file). Refuses foreign or newer files
    before writing anything to them.
    """
    found = inspect(path)
    if found == LATEST:
        return found
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if found is not None:  # a database with games in it: a copy as it was, to go back to
        keep_before_upgrade(Path(path), found)
    db = sqlite3.connect(path, isolation_level=None, timeout=busy_timeout)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have upgraded the file since `inspect` looked.
            current = db.execute("PRAGMA user_version").fetchone()[0]
            if current < LATEST:
                migrate(db, current)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        db.close()
    return found


def before_upgrade(path: Path) -> Path:
    """Where the copy of a database made before upgrading it to this version is kept: beside it,
    `coalbaron.sqlite3` -> `coalbaron.before-v9.sqlite3`."""
    return path.with_name(f"{path.stem}.before-v{LATEST}{path.suffix}")


def keep_before_upgrade(path: Path, version: int) -> None:
    """Copy the database (SQLite's online backup) before migrating it; an older copy for the same upgrade
    is kept as it is. Said in the log, with how to go back."""
    copy = before_upgrade(path)
    if copy.exists():
        return
    source = sqlite3.connect(path)
    target = sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    log.warning(
        "upgrading the database from schema %d to %d; a copy as it was is kept at %s (to go back: stop the"
        " bot, put that file in place of %s, and run the version that wrote it)",
        version,
        LATEST,
        copy,
        path.name,
    )
