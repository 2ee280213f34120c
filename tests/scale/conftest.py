"""Fixtures for the tests of several bot processes: both backends, as the storage tests have them."""

from tests.storage.conftest import (  # noqa: F401
    db_path,
    postgres_server,
    postgres_url,
    store,
    target,
)
