"""Whether the bot may read and write its SQLite file and the folder it lives in, checked at open.

SQLite opens a file it may not write read-only without a word, and every later write
fails; a folder it may not write fails later with "unable to open database file" and no
path. So `Store.open` asks the file system first, by trying (the file opened for writing
and closed unchanged, a scratch file made and removed in the folder): permissions, ACLs,
read-only mounts and a root user are all answered as SQLite itself would meet them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import StorageError

_ELSEWHERE = "or set COALBARON_DB to a file in a folder the bot may write."


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


def check_access(path: str | os.PathLike[str]) -> None:
    """Raise StorageError naming the path and the cause unless the database can be read and written.

    Creates the folder if it is missing (as opening the database would). Blocking.
    """
    path = Path(path)
    if path.is_dir():
        return  # `schema.inspect` refuses a folder in its own words
    path = path.absolute()
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StorageError(
            f"Cannot create the folder {folder} for the database ({_why(err)}): create it, {_ELSEWHERE}"
        ) from err
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if not file.exists():
            continue
        try:
            with open(file, "rb"):
                pass
        except OSError as err:
            raise StorageError(
                f"The database file {file} cannot be read ({_why(err)}): let the bot read it, {_ELSEWHERE}"
            ) from err
        try:
            with open(file, "r+b"):  # opened for writing, nothing written
                pass
        except OSError as err:
            raise StorageError(
                f"The database file {file} is read-only ({_why(err)}): the bot stores every move in it. "
                f"Make it writable, {_ELSEWHERE}"
            ) from err
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".coalbaron-check-"):
            pass
    except OSError as err:
        raise StorageError(
            f"The folder {folder} is not writable ({_why(err)}): SQLite keeps its journal files next to the "
            f"database {path.name} there. Make the folder writable, {_ELSEWHERE}"
        ) from err
