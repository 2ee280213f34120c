"""The storage tests' fixtures: a fresh database file, a Store on it, a manager over it."""

from tests.storage.conftest import db_path, manager, store  # noqa: F401
