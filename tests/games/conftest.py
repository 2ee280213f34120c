"""The manager tests' fixtures: a fresh SQLite file, a Store on it, a manager over it.

They read the file directly (`db_rows(db_path)`), so they run on SQLite only; the storage
tests run the same Store on both backends.
"""

import pytest

from tests.storage.backends import Target
from tests.storage.conftest import db_path, manager, store  # noqa: F401


@pytest.fixture
def target(db_path):  # noqa: F811
    return Target("sqlite", str(db_path), db_path)
