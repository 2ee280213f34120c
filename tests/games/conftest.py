"""The manager tests' fixtures: a Store on each backend (a SQLite file, a database on a throwaway
PostgreSQL), a manager over it. Tests that take `manager`, `store` or `target` run once per backend;
they check what is stored through `target.rows()`, a second connection, on either.
"""

from tests.storage.conftest import (  # noqa: F401
    db_path,
    manager,
    postgres_server,
    postgres_url,
    store,
    target,
)
