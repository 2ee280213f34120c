"""`python -m storage copy SRC DST`: every game there and back, verified; refusals; no half copies.

The destination is each backend in turn (the `target` fixture): SQLite file -> target ->
another SQLite file must give back the same rows.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from games.manager import GameManager
from rules.record import Chooser
from storage import Post, Store
from storage import copy as copy_module
from storage.copy import CopyFailed, CopyRefused, copy_games
from tests.storage.backends import Target
from tests.storage.helpers import USERS, db_rows, play, started

ALL = ("games", "seats", "actions", "outbox", "player_settings")


async def _source(path) -> None:
    """A SQLite file with finished, running, aborted and lobby games, and posts pending and sent."""
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))
        running = await started(manager, 3, players=3, seed=3)
        results = await play(manager, 3, 40, Chooser(3))
        await store.outbox.add_posts(
            results[-1].game, [Post("turn", {"text": "é ✓ <@1>", "n": [1, 2]}), Post("choice")]
        )
        [sent, _] = await store.outbox.pending_posts()
        store.outbox.posted_upto(sent.game_id, sent.seq)  # (both posts of that turn: it reached Discord)
        await store.outbox.flush_marks()
        await started(manager, 4, seed=4)
        await manager.lobbies.abort(4, USERS[0])
        await manager.lobbies.new_game(1, 5, USERS[0], "Alice")
        assert running.id == 3
        await manager.people.change_settings(USERS[1], ping="dm", images="mine", language="ja", dm_refused="untold")


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "storage", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.slow
async def test_every_game_copied_there_and_back_is_equal_and_replays(tmp_path, target):
    source, back = tmp_path / "source.sqlite3", tmp_path / "back.sqlite3"
    await _source(source)
    out = _cli("copy", str(source), target.url)
    assert out.returncode == 0, out.stderr
    assert "copied 5 games (1 aborted, 1 active, 2 finished, 1 lobby)" in out.stdout
    assert "all 4 started games replay" in out.stdout and "2 outbox" in out.stdout

    report = await copy_games(target.url, back)
    assert report.replayed == 4 and report.rows["outbox"] == 2
    assert db_rows(back, ALL) == db_rows(source, ALL)  # every row, every column, both ways

    async with Store(source) as a, Store(target.url) as b:
        assert await b.queries.games() == await a.queries.games()
        assert await b.outbox.pending_posts() == await a.outbox.pending_posts()
        assert await b.queries.finished_games(1) == await a.queries.finished_games(1)
        for game in await a.queries.games():
            assert await b.queries.log(game.id) == await a.queries.log(game.id)
        assert await b.queries.verify() == []
        assert await b.preferences.player_settings(USERS[:2]) == await a.preferences.player_settings(USERS[:2])
        assert (await b.preferences.player_settings([USERS[1]]))[USERS[1]].ping == "dm"
        # The copy is a working database: the running game goes on, new games get new ids.
        manager = GameManager(b)
        await manager.open()
        assert (await play(manager, 3, None, Chooser(5)))[-1].game.status == "finished"
        assert (await manager.lobbies.new_game(1, 6, USERS[0], "Alice")).id == 6
        await b.outbox.add_posts(await b.queries.load_game(6), [Post("lobby")])
        assert max(p.id for p in await b.outbox.pending_posts()) == 3


@pytest.mark.slow
async def test_a_destination_with_games_is_refused_and_left_as_it_was(tmp_path, target):
    source = tmp_path / "source.sqlite3"
    await _source(source)
    async with Store(target.url) as store:
        await started(GameManager(store), 9)
    before = await target.rows()
    with pytest.raises(CopyRefused, match="already holds 1 games; nothing was copied"):
        await copy_games(source, target.url)
    assert await target.rows() == before
    out = _cli("copy", str(source), target.url)
    assert out.returncode == 1 and "already holds 1 games" in out.stderr and "Traceback" not in out.stderr
    assert await target.rows() == before


@pytest.mark.slow
async def test_a_copy_failing_halfway_leaves_the_destination_empty(tmp_path, target: Target, monkeypatch):
    source = tmp_path / "source.sqlite3"
    await _source(source)
    async with Store(target.url):
        pass  # the schema exists; the rows are what must not be half there
    await target.refuse_inserts_into("actions", "disk full")  # games and seats go in first
    with pytest.raises(Exception, match="disk full"):
        await copy_games(source, target.url)
    assert await target.rows() == {t: [] for t in ALL}
    await target.allow_inserts_into("actions")

    # Everything written, but one game does not replay: rolled back too.
    async def one_bad(game, entries):
        return "game 2: the log does not replay: injected" if game.id == 2 else None

    monkeypatch.setattr(copy_module, "replay_problem", one_bad)
    with pytest.raises(CopyFailed, match="game 2: the log does not replay: injected; nothing was copied"):
        await copy_games(source, target.url)
    assert await target.rows() == {t: [] for t in ALL}
    monkeypatch.undo()
    assert (await copy_games(source, target.url)).replayed == 4


@pytest.mark.slow
def test_the_command_line_says_what_it_does():
    out = _cli("copy", "--help")
    assert out.returncode == 0 and "SQLite to PostgreSQL" in out.stdout
    out = _cli("copy", "a.sqlite3", "a.sqlite3")
    assert out.returncode == 1 and "the same database" in out.stderr


def test_a_mistyped_source_is_refused_and_not_created(tmp_path):
    """Copy never creates its source (issue 28): a path that holds nothing is refused in one line."""
    missing, destination = tmp_path / "mistyped.sqlite3", tmp_path / "dst.sqlite3"
    out = _cli("copy", str(missing), str(destination))
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "There is no Coal Baron database at" in out.stderr
    assert not missing.exists()


async def test_the_source_is_only_read(tmp_path):
    source = tmp_path / "source.sqlite3"
    await _source(source)
    before = source.read_bytes()
    source.chmod(0o444)  # a read-only file copies as well
    try:
        report = await copy_games(source, tmp_path / "dst.sqlite3")
    finally:
        source.chmod(0o644)
    assert report.replayed == 4 and source.read_bytes() == before


GARBLED = {
    "state": 'UPDATE games SET state = \'{"phase": "nope"\' WHERE id = 3',
    "options": "UPDATE games SET options = 'not json' WHERE id = 2",
    "action": "UPDATE actions SET action = 'dig for gold' WHERE game_id = 1 AND seq = 5",
    "payload": "UPDATE outbox SET payload = '{broken' WHERE id = (SELECT max(id) FROM outbox)",
}


@pytest.mark.parametrize("column", sorted(GARBLED))
@pytest.mark.slow
async def test_a_garbled_row_stops_the_copy_in_one_line_and_writes_nothing(tmp_path, column):
    import sqlite3

    source, destination = tmp_path / "source.sqlite3", tmp_path / "dst.sqlite3"
    await _source(source)
    with sqlite3.connect(source) as db:  # as a damaged file or a hand edit leaves it
        db.execute("DROP TRIGGER IF EXISTS actions_no_update")
        db.execute(GARBLED[column])
    out = _cli("copy", str(source), str(destination))
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert f"its {column} is not readable" in out.stderr and "nothing was copied" in out.stderr
    assert out.stdout == ""
    if destination.exists():
        assert db_rows(destination, ALL) == {t: [] for t in ALL}


@pytest.mark.slow
def test_a_file_garbled_after_its_header_is_refused_in_one_line(tmp_path):
    import asyncio

    source, destination = tmp_path / "source.sqlite3", tmp_path / "dst.sqlite3"
    asyncio.run(_source(source))
    data = bytearray(source.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)  # every page after the first: noise
    source.write_bytes(bytes(data))
    for wal in (tmp_path / "source.sqlite3-wal", tmp_path / "source.sqlite3-shm"):
        wal.unlink(missing_ok=True)
    out = _cli("copy", str(source), str(destination))
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert out.stdout == ""


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql://bot@127.0.0.1:abc/games?password=hunter2", "not a PostgreSQL URL asyncpg can read"),
        ("postgresql://bot:hunter2@127.0.0.1:1/games?sslpassword=hunter2&sslmode=disable", "Cannot open"),
    ],
)
@pytest.mark.slow
async def test_a_bad_postgresql_url_is_one_line_and_never_shows_its_password(tmp_path, url, says):
    """Issue 46, item 16: `?password=` was printed, and a port that is not a number gave a traceback."""
    source = tmp_path / "src.sqlite3"
    await _source(source)
    out = _cli("copy", str(source), url)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert says in out.stderr and "hunter2" not in out.stderr + out.stdout


def test_redact_leaves_out_every_secret_of_a_url():
    from storage.backend import redact

    assert redact("postgresql://bot:pw@db:5432/games") == "postgresql://bot@db:5432/games"
    assert redact("postgresql://db/games?password=pw&sslmode=require&sslpassword=x") == (
        "postgresql://db/games?sslmode=require"
    )
    assert redact("postgresql://db/games?application_name=coal") == "postgresql://db/games?application_name=coal"
