"""Fixtures that tests in several folders use: a database on each backend, a Store and a manager on
it, and the bot on a fresh SQLite file (SimCord's `simcord_env` runs it).

Tests that take `store`, `manager` or `target` run twice, once per backend. The PostgreSQL server is
started once per session from Debian's `postgresql` binaries, on a temporary folder and a loopback
port, and stopped at the end. Where it cannot start, the PostgreSQL half skips, saying why and how
to install it; under CI (CI=true) it fails instead, so it never goes quietly untested.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import tempfile

import pytest

from bot import create_bot
from games.manager import GameManager
from storage import Store
from storage.testing import LocalPostgres
from tests.bot.driver import close_bot, settle_promptly, virtual_clock
from tests.storage.backends import Target

BACKENDS = ("sqlite", "postgresql")
_names = itertools.count(1)


@pytest.fixture
def db_path(tmp_path):
    """A SQLite file in the test's own folder (not created yet)."""
    return tmp_path / "coalbaron.sqlite3"


@pytest.fixture(scope="session")
def postgres_server():
    why = LocalPostgres.unavailable()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests cannot run in CI: {why}")
        pytest.skip(f"PostgreSQL tests skipped: {why}")
    server = LocalPostgres(fast=True).start()
    yield server
    server.stop()


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of this test's own, which it may stop and start: with fsync and synchronous
    commits, as in production, so that a committed move survives the stop."""
    why = LocalPostgres.unavailable()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests cannot run in CI: {why}")
        pytest.skip(f"PostgreSQL tests skipped: {why}")
    server = LocalPostgres().start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(request):
    """A new empty database on the session's PostgreSQL server."""
    server = request.getfixturevalue("postgres_server")
    name = f"t{os.getpid()}_{next(_names)}"
    url = server.create_database(name)
    yield url
    server.drop_database(name)


@pytest.fixture(scope="session")
def postgres_template(postgres_server) -> str:
    """A database with the bot's schema, made once a session: each `target` of PostgreSQL is a copy of it
    (CREATE DATABASE … TEMPLATE), which is quicker than making the schema again for every test."""
    name = f"template{os.getpid()}"
    url = postgres_server.create_database(name)

    async def make_schema() -> None:
        await (await Store(url).open()).close()

    asyncio.run(make_schema())
    return name


@pytest.fixture
def postgres_with_schema(request, postgres_template):
    """A new database on the session's PostgreSQL server with the bot's schema and nothing in it."""
    server = request.getfixturevalue("postgres_server")
    name = f"t{os.getpid()}_{next(_names)}"
    url = server.create_database(name, template=postgres_template)
    yield url
    server.drop_database(name)


@pytest.fixture(params=BACKENDS)
def target(request, db_path) -> Target:
    if request.param == "sqlite":
        return Target("sqlite", str(db_path), db_path)
    return Target("postgresql", request.getfixturevalue("postgres_with_schema"))


@pytest.fixture
async def store(target):
    st = await Store(target.url).open()
    yield st
    await st.close()


@pytest.fixture
async def manager(store):
    m = GameManager(store)
    await m.open()
    return m


@pytest.fixture(autouse=True)
def no_reviews_unless_asked(monkeypatch):
    """A bot begins no post-game review in a test unless the test enables it (`bot.reviewer.enabled`,
    tests/bot/test_review.py): a review is a minute of CPU, and every game a test ends would start one."""
    from bot.service.reviewer import Reviewer

    monkeypatch.setattr(Reviewer, "enabled_by_default", False)


@pytest.fixture
async def simcord_bot(db_path, monkeypatch):
    settle_promptly(monkeypatch)
    bot = create_bot(db_path, clock=virtual_clock)
    yield bot
    await close_bot(bot)


# The container image is built in the background from the moment the session knows it will run
# tests/test_container.py (tests/container_build.py): the build overlaps the rest of the suite.
CONTAINER_LOG = os.path.join(tempfile.gettempdir(), f"coalbaron-container-build-{os.getpid()}.log")
_container_build: subprocess.Popen | None = None


def container_build() -> subprocess.Popen:
    """The background build of the image (started now if it was not yet)."""
    global _container_build
    if _container_build is None:
        _container_build = subprocess.Popen(
            [sys.executable, "-m", "tests.container_build", CONTAINER_LOG],
            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    return _container_build


def pytest_collection_finish(session):
    from tests import container_build as building

    if any(item.nodeid.startswith("tests/test_container.py") for item in session.items) and not building.missing():
        container_build()


def pytest_sessionfinish(session, exitstatus):
    if _container_build is not None and _container_build.poll() is None:
        _container_build.terminate()
