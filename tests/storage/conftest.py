"""Fixtures: a database on each backend (SQLite file, PostgreSQL), a Store open on it, a manager.

Tests that take `store` or `target` run twice, once per backend. The PostgreSQL server is
started once per session from Debian's `postgresql` binaries, on a temporary folder and a
loopback port, and stopped at the end. Where it cannot start, the PostgreSQL half skips,
saying why and how to install it; under CI (CI=true) it fails instead, so it never goes
quietly untested.
"""

from __future__ import annotations

import itertools
import os

import pytest

from games.manager import GameManager
from storage import Store
from storage.testing import LocalPostgres
from tests.storage.backends import Target

BACKENDS = ("sqlite", "postgresql")
_names = itertools.count(1)


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
def postgres_url(request):
    """A new empty database on the session's PostgreSQL server."""
    server = request.getfixturevalue("postgres_server")
    name = f"t{os.getpid()}_{next(_names)}"
    url = server.create_database(name)
    yield url
    server.drop_database(name)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "coal.sqlite3"


@pytest.fixture(params=BACKENDS)
def target(request, db_path) -> Target:
    if request.param == "sqlite":
        return Target("sqlite", str(db_path), db_path)
    return Target("postgresql", request.getfixturevalue("postgres_url"))


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
