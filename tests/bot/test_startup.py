"""Start-up failures of `python -m bot`: each closes what it opened and exits non-zero within
seconds with one line naming the cause (issue 9, items 3, 6 and 7); a save failure is logged.

The bot runs as a real process. Discord's REST API is a loopback fake (`fake_discord`)
and its gateway a closed loopback port, so no network is needed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service.startup import describe_failure
from storage import GameSettings, Store
from tests.storage.readonly import file_modes_obeyed, obey_file_modes  # noqa: F401 (the fixture is used by name)

from . import fake_discord
from .driver import actor, private_reply, start_game

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 20  # "within seconds": a start takes ~1 s alone; a hang used to be for ever


@dataclass
class Exit:
    code: int
    seconds: float
    stderr: str

    @property
    def errors(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if " ERROR " in line]

    def one_line(self, *words: str) -> str:
        """The single ERROR line, checked to contain `words`; nothing else went wrong or was noisy."""
        assert len(self.errors) == 1, self.stderr
        assert "Traceback" not in self.stderr, self.stderr
        assert "PyNaCl" not in self.stderr and "davey" not in self.stderr  # no voice warnings
        assert " WARNING " not in self.stderr, self.stderr
        for word in words:
            assert word in self.errors[0], self.errors[0]
        return self.errors[0]


async def start(database: Path, *args: str, token: str = fake_discord.TOKEN, obey_modes: bool = False) -> Exit:
    """`python -m bot` against the fake Discord; how it ended. Fails if it is still running after SECONDS."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "COALBARON_DB", "DEV_GUILD_ID")}
    env |= {"DISCORD_TOKEN": token, "COALBARON_DB": str(database), "PYTHONPATH": str(ROOT)}
    gateway = f"ws://127.0.0.1:{fake_discord.closed_port()}/"
    async with fake_discord.serve() as api:
        began = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.start_worker",
            api,
            gateway,
            *args,
            cwd=database.parent if database.parent.is_dir() else ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            preexec_fn=obey_file_modes if obey_modes else None,
        )
        try:
            _, err = await asyncio.wait_for(proc.communicate(), SECONDS)
        except TimeoutError:
            proc.kill()
            _, err = await proc.communicate()
            pytest.fail(f"still running after {SECONDS} s:\n{err.decode()[-3000:]}")
        return Exit(proc.returncode, time.monotonic() - began, err.decode())


async def a_database_with_a_game(path: Path) -> bytes:
    async with Store(path) as store:
        await store.create_game(1, 2, 3, "alice", GameSettings())
    return path.read_bytes()


async def a_damaged_database(path: Path) -> None:
    """Our database with the pages of the games table overwritten: the header and the schema read,
    the games do not."""
    async with Store(path) as store:
        for channel in range(40):
            await store.create_game(1, channel, 3, "alice" * 20, GameSettings())
    con = sqlite3.connect(path)
    [(root,)] = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchall()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[(root - 1) * page : root * page] = b"\xff" * page
    path.write_bytes(bytes(data))


# --- item 3: no hang, one line -------------------------------------------------------------


@pytest.mark.slow
async def test_a_damaged_database_closes_and_exits_1_with_one_line_naming_it(tmp_path):
    db = tmp_path / "damaged.sqlite3"
    await a_damaged_database(db)
    result = await start(db)
    assert result.code == 1 and result.seconds < SECONDS
    result.one_line(f"The database {db} is damaged (database disk image is malformed)", "restore a backup")
    assert not Path(f"{db}-wal").exists()  # the connection was closed (the last close removes the log)


@pytest.mark.slow
async def test_debug_adds_the_traceback_to_the_line(tmp_path):
    db = tmp_path / "damaged.sqlite3"
    await a_damaged_database(db)
    result = await start(db, "--debug")
    assert result.code == 1
    assert "Traceback" in result.stderr and "sqlite3.DatabaseError: database disk image is malformed" in result.stderr
    assert sum(f"The database {db} is damaged" in line for line in result.errors) == 1


@pytest.mark.slow
async def test_an_unreachable_gateway_closes_the_database_and_exits_1_with_one_line(tmp_path):
    db = tmp_path / "fresh.sqlite3"
    result = await start(db)
    assert result.code == 1 and result.seconds < SECONDS
    result.one_line("Could not connect while connecting to Discord's gateway", "Connect call failed")
    assert "reconnect" not in result.stderr  # discord.py's "Attempting a reconnect" there is untrue
    assert not Path(f"{db}-wal").exists()  # closed: WAL folded into the file
    async with Store(db) as store:
        assert await store.queries.verify() == []


async def test_a_refused_token_exits_1_with_one_line_and_no_database(tmp_path):
    db = tmp_path / "never.sqlite3"
    result = await start(db, token="not-the-token")
    assert result.code == 1 and result.seconds < SECONDS
    result.one_line("Discord refused the token: check DISCORD_TOKEN in .env")
    assert not db.exists()


# --- items 6 and 7: a database the bot may not write is refused at start, with the path ----


@pytest.mark.usefixtures("file_modes_obeyed")
@pytest.mark.slow
async def test_a_read_only_database_file_is_refused_at_start_with_its_path(tmp_path):
    db = tmp_path / "games.sqlite3"
    before = await a_database_with_a_game(db)
    db.chmod(0o444)
    result = await start(db, obey_modes=True)
    assert result.code == 1 and result.seconds < SECONDS
    line = result.one_line(f"The database file {db} is read-only (Permission denied)", "Make it writable")
    assert "cannot be read" not in line and "connect" not in line
    assert db.read_bytes() == before


@pytest.mark.usefixtures("file_modes_obeyed")
@pytest.mark.slow
async def test_an_unreadable_database_file_says_it_cannot_be_read_not_connect(tmp_path):
    db = tmp_path / "games.sqlite3"
    await a_database_with_a_game(db)
    db.chmod(0o000)
    result = await start(db, obey_modes=True)
    assert result.code == 1
    line = result.one_line(f"The database file {db} cannot be read (Permission denied)")
    assert "Discord" not in line


@pytest.mark.usefixtures("file_modes_obeyed")
@pytest.mark.slow
async def test_a_read_only_folder_is_refused_at_start_with_its_path(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "games.sqlite3"
    before = await a_database_with_a_game(db)
    folder.chmod(0o555)
    try:
        result = await start(db, obey_modes=True)
    finally:
        folder.chmod(0o755)
    assert result.code == 1 and result.seconds < SECONDS
    line = result.one_line(f"The folder {folder} is not writable (Permission denied)", "games.sqlite3")
    assert "unable to open database file" not in line
    assert db.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["games.sqlite3"]


@pytest.mark.usefixtures("file_modes_obeyed")
@pytest.mark.slow
async def test_a_folder_that_cannot_be_created_is_named_not_called_a_connection_failure(tmp_path):
    parent = tmp_path / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    db = parent / "data" / "games.sqlite3"
    try:
        result = await start(db, obey_modes=True)
    finally:
        parent.chmod(0o755)
    assert result.code == 1
    line = result.one_line(f"Cannot create the folder {parent / 'data'} for the database (Permission denied)")
    assert "Could not connect" not in line
    assert not (parent / "data").exists()


# --- item 6: a save that fails is logged with its cause ------------------------------------


async def test_a_failed_save_is_logged_at_error_with_its_cause(world, caplog):
    w = world
    game = await start_game(w)
    await w.bot.store.connection.execute("PRAGMA query_only = ON")  # SQLite refuses every write from now
    caplog.set_level(logging.ERROR, logger="coalbaron")
    drafter = actor(w, game)
    offered = await drafter.autocomplete(w.channel, "coal draft", "card", "")
    r = await drafter.slash(w.channel, "coal draft", card=offered[0]["value"])
    assert "could not be saved, so nothing changed" in private_reply(r).content
    saved = [rec for rec in caplog.records if rec.name == "coalbaron" and rec.levelno == logging.ERROR]
    assert len(saved) == 1 and "attempt to write a readonly database" in saved[0].getMessage()
    assert (await w.bot.store.queries.load_game(game.id)).version == game.version
    with sqlite3.connect(w.bot.store.path) as con:  # nothing reached the file
        assert con.execute("SELECT count(*) FROM actions").fetchone() == (0,)


# --- the README's set-up commands -----------------------------------------------------------


def readme_command(after: str) -> str:
    """The indented command that follows the README line `after`."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    rest = lines[lines.index(after) + 1 :]
    return next(line for line in rest if line.strip()).strip()


def test_ci_runs_exactly_the_readme_test_command():
    command = readme_command("Install and run the tests:")
    lines = [line.strip() for line in (ROOT / ".ci/run").read_text().splitlines()]
    # the README's line, once; the other lines install system packages the tests start, or check
    assert lines.count(command) == 1
    assert [line for line in lines if "pytest" in line and not line.startswith("#")] == [command]
    # in a virtual environment: a system Python that refuses `pip install` (PEP 668) is never asked to
    assert command.startswith("python3 -m venv .venv && .venv/bin/pip install") and "python3 -m pip" not in command
    bot = readme_command("Install and run the bot (games are stored in SQLite, `data/coalbaron.sqlite3` by default):")
    assert bot == "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python -m bot"


# --- the one line, for failures the subprocess tests do not reach ----------------------------


def test_a_file_permission_error_names_the_file_not_a_connection():
    err = PermissionError(13, "Permission denied", "/srv/fonts/DejaVuSans.ttf")
    line = describe_failure(err, database=Path("/x.sqlite3"), stage="preparing the board images")
    assert line == "Could not use /srv/fonts/DejaVuSans.ttf while preparing the board images: Permission denied"


def test_the_cause_behind_discord_py_attribute_error_is_named():
    try:
        try:
            raise ConnectionResetError(104, "Connection reset by peer")
        except OSError:
            ws = None  # what discord.py reads `sequence` from after a first failed connection
            print(ws.sequence)  # type: ignore[attr-defined]
    except AttributeError as err:
        line = describe_failure(err, database=Path("/x.sqlite3"), stage="connecting to Discord's gateway")
    assert line == "Could not connect while connecting to Discord's gateway: Connection reset by peer"


def test_an_unexpected_failure_names_its_type_and_points_to_debug():
    line = describe_failure(KeyError("guild"), database=Path("/x.sqlite3"), stage="resuming the open games")
    assert (
        line == "Could not start while resuming the open games: KeyError: 'guild' (run with --debug for the traceback)"
    )
