"""`Store.open` refuses a database file or folder it could read but not write, naming it (issue 9, item 6).

SQLite itself opens such a file read-only without a word, and every write fails later.
The refusals are checked in a child process that obeys file modes (see `readonly`), so
they are real also as root.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from storage import GameSettings, Store
from tests.storage.readonly import file_modes_obeyed, obey_file_modes  # noqa: F401 (the fixture is used by name)

ROOT = Path(__file__).resolve().parents[2]
OPEN = """
import asyncio, sys
from storage import Store, StorageError
async def main():
    try:
        await (await Store(sys.argv[1]).open()).close()
    except StorageError as err:
        print("refused:", err)
    else:
        print("opened")
asyncio.run(main())
"""


def open_as_a_user(path: Path) -> str:
    """What `Store(path).open()` answers in a process that file modes apply to."""
    result = subprocess.run(
        [sys.executable, "-c", OPEN, str(path)],
        cwd=ROOT,
        preexec_fn=obey_file_modes,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


async def a_database(path: Path) -> bytes:
    async with Store(path) as store:
        await store.create_game(1, 2, 3, "alice", GameSettings())
    return path.read_bytes()


@pytest.mark.usefixtures("file_modes_obeyed")
@pytest.mark.slow
async def test_a_read_only_file_is_refused_with_its_path_and_left_untouched(tmp_path):
    db = tmp_path / "games.sqlite3"
    before = await a_database(db)
    db.chmod(0o444)
    answer = open_as_a_user(db)
    assert answer.startswith(f"refused: The database file {db} is read-only (Permission denied)")
    assert db.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
    db.chmod(0o644)
    assert open_as_a_user(db) == "opened"  # the check passes once the file is writable


@pytest.mark.usefixtures("file_modes_obeyed")
async def test_a_read_only_journal_beside_the_file_is_named(tmp_path):
    db = tmp_path / "games.sqlite3"
    await a_database(db)
    shm = Path(f"{db}-shm")
    shm.write_bytes(b"")  # left by another user's run, say
    shm.chmod(0o444)
    assert open_as_a_user(db).startswith(f"refused: The database file {shm} is read-only")


@pytest.mark.usefixtures("file_modes_obeyed")
async def test_a_read_only_folder_is_refused_with_its_path_and_nothing_is_left_in_it(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "games.sqlite3"
    await a_database(db)
    folder.chmod(0o555)
    try:
        answer = open_as_a_user(db)
    finally:
        folder.chmod(0o755)
    assert answer.startswith(f"refused: The folder {folder} is not writable (Permission denied)")
    assert "games.sqlite3" in answer
    assert sorted(p.name for p in folder.iterdir()) == ["games.sqlite3"]


@pytest.mark.usefixtures("file_modes_obeyed")
async def test_a_new_database_in_a_folder_that_cannot_be_made_names_the_folder(tmp_path):
    parent = tmp_path / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    try:
        answer = open_as_a_user(parent / "data" / "games.sqlite3")
    finally:
        parent.chmod(0o755)
    expected = f"refused: Cannot create the folder {parent / 'data'} for the database (Permission denied)"
    assert answer.startswith(expected)


async def test_a_writable_place_opens_and_the_check_leaves_no_file_behind(tmp_path):
    db = tmp_path / "new" / "games.sqlite3"
    async with Store(db) as store:
        await store.create_game(1, 2, 3, "alice", GameSettings())
    assert not [p.name for p in db.parent.iterdir() if not p.name.startswith("games.sqlite3")]
    async with Store(db) as store:  # and again, over the existing file
        assert len(await store.queries.open_games()) == 1


async def test_a_folder_given_as_the_database_is_still_refused_as_a_folder(tmp_path):
    with pytest.raises(Exception, match="is a folder; COALBARON_DB must name a database file"):
        await Store(tmp_path).open()
