"""The storage command line: `python -m storage copy SRC DST`, `backup DEST [DB]`, `user-data USER_ID [DB]`,
`forget USER_ID [DB]`.

SRC, DST and DB are what COALBARON_DB takes: a file path, `sqlite:///path`, or a
`postgresql://user:pass@host/db` URL (DB: `$COALBARON_DB`, else data/coalbaron.sqlite3).

- `copy` refuses a destination that holds games, verifies by replaying every copied game, and leaves
  the destination empty if anything fails.
- `backup` copies a SQLite database while the bot runs (SQLite's online backup: one consistent moment)
  to a new file, then replays every game in the copy; a PostgreSQL database is backed up with
  `pg_dump` (docs/operations.md).
- `user-data` prints everything stored about a person as JSON (what `/coal me privacy` gives them).
- `forget` forgets them as their own "Forget me" does: settings and ratings at once, every game that has
  ended renamed now; their lobbies and running games are left to the bot, which carries the request out
  under its own locks (within minutes, or at its next start), so a running bot never writes back from
  its memory what was forgotten.

A bad argument (a computer's reserved id among them) is one line on stderr and exit 2; a database that cannot
be used, one line and exit 1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from pathlib import Path

import asyncpg

from . import schema
from .backend import is_postgres_url, redact, sqlite_path
from .backup import backup_database
from .copy import copy_games
from .errors import StorageError
from .models import FIRST_PERSON_ID
from .store import Store, default_target


def _line(err: BaseException) -> str:
    """An error in one line (a database's message may run over several)."""
    return " ".join(str(err).split()) or type(err).__name__


def _shown(target: str) -> str:
    return redact(target) if is_postgres_url(target) else target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description="Coal Baron's game database.")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy every game to another (empty) database, then verify by replaying them",
        description="Copy every game from SRC to DST (SQLite to PostgreSQL, and back), verified by replay.",
    )
    copy.add_argument("src", help="the database to copy from: a file path, sqlite:///path or postgresql://...")
    copy.add_argument("dst", help="the empty database to copy to")
    for name, what in (
        ("user-data", "print everything stored about a person, as JSON"),
        ("forget", "forget a person: settings and ratings, and their name in every game that has ended"),
    ):
        sub = commands.add_parser(name, help=what, description=what[0].upper() + what[1:] + ".")
        sub.add_argument("user_id", help="the person's Discord user id (a number)")
        sub.add_argument("db", nargs="?", help="the database: a path or URL (default $COALBARON_DB)")
    backup = commands.add_parser(
        "backup",
        help="copy a SQLite database while the bot runs, then replay every game in the copy",
        description="Copy a SQLite database at one consistent moment (the bot may be running), then verify it.",
    )
    backup.add_argument("dest", help="the new file to write (it must not exist)")
    backup.add_argument("db", nargs="?", help="the database: a path (default $COALBARON_DB)")
    args = parser.parse_args(argv)
    if args.command == "backup":
        return _backup(args.dest, args.db or default_target())
    if args.command in ("user-data", "forget"):
        return _personal(args.command, args.user_id, args.db or default_target())
    try:
        report = asyncio.run(copy_games(args.src, args.dst))
    except (StorageError, OSError, sqlite3.DatabaseError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        print(f"python -m storage copy: {_line(err)}", file=sys.stderr)
        return 1
    print(f"{_shown(args.src)} -> {_shown(args.dst)}: {report}")
    return 0


def _backup(dest: str, db: str) -> int:
    try:
        report = asyncio.run(backup_database(db, dest))
    except (StorageError, OSError, sqlite3.DatabaseError) as err:
        print(f"python -m storage backup: {_line(err)}", file=sys.stderr)
        return 1
    print(report)
    return 0


def _personal(command: str, user: str, db: str) -> int:
    """`user-data` or `forget` for the person `user` (digits) in the database `db`."""
    where = f"python -m storage {command}"
    if not user.isdigit() or not 0 < int(user) < 2**63:
        print(
            f"{where}: {user!r} is not a Discord user id (a number, as Discord's Copy User ID gives it)",
            file=sys.stderr,
        )
        return 2
    if int(user) < FIRST_PERSON_ID:
        print(
            f"{where}: {user} is a computer's seat (ids below {FIRST_PERSON_ID} are the bot's own), not a person",
            file=sys.stderr,
        )
        return 2
    try:
        out = asyncio.run(_on_database(command, int(user), db))
    except (StorageError, OSError, sqlite3.DatabaseError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        print(f"{where}: {_line(err)}", file=sys.stderr)
        return 1
    print(out)
    return 0


async def _on_database(command: str, user: int, db: str) -> str:
    if not is_postgres_url(db) and await asyncio.to_thread(schema.inspect, Path(sqlite_path(db))) is None:
        raise StorageError(f"There is no Coal Baron database at {db}; nothing was done.")
    async with Store(db) as store:
        if command == "user-data":
            return json.dumps(await store.personal.user_data(user), indent=1)
        await store.personal.forget(user, asked_by="operator")
        renamed, still_open = await store.personal.forget_in_ended_games(user)
        done = await store.personal.forget_done(user)
    left = (
        "nothing else holds them; the request is done"
        if done
        else f"{still_open} lobby or running game(s) still hold them: the bot hands those seats over and renames"
        " them when each game ends (within minutes, or at its next start)"
    )
    return f"user {user}: settings and ratings deleted; renamed in {renamed} game(s) that have ended; {left}."


if __name__ == "__main__":
    sys.exit(main())
