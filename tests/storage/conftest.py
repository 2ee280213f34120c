"""Fixtures: a fresh database file, a Store open on it, and a manager over that Store."""

from __future__ import annotations

import pytest

from games.manager import GameManager
from storage import Store


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "coal.sqlite3"


@pytest.fixture
async def store(db_path):
    st = await Store(db_path).open()
    yield st
    await st.close()


@pytest.fixture
async def manager(store):
    m = GameManager(store)
    await m.open()
    return m
