"""The storage command line: `python -m storage copy SRC DST`.

SRC and DST are what COALBARON_DB takes: a file path, `sqlite:///path`, or a
`postgresql://user:pass@host/db` URL. The copy refuses a destination that holds games,
verifies by replaying every copied game, and leaves the destination empty if anything fails.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys

import asyncpg

from .backend import is_postgres_url, redact
from .copy import copy_games
from .errors import StorageError


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
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_games(args.src, args.dst))
    except (StorageError, OSError, sqlite3.DatabaseError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        print(f"python -m storage copy: {_line(err)}", file=sys.stderr)
        return 1
    print(f"{_shown(args.src)} -> {_shown(args.dst)}: {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
