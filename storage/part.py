"""What the parts of a `Store` share: the open database and the clock (the Store opens and closes them).

A Store is made of parts reached by name — `store.outbox`, `store.queries`, `store.ladders`,
`store.preferences`, `store.personal` — beside its own write model (a game's lifecycle and its turns),
so a call site says which part answers. Each part holds the same `Shared`.
"""

from __future__ import annotations

from collections.abc import Callable

from .backend import Backend
from .errors import StorageError


class Shared:
    """The database a Store's parts use (None until it is opened) and the clock they read."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.backend_or_none: Backend | None = None

    @property
    def backend(self) -> Backend:
        if self.backend_or_none is None:
            raise StorageError("The database is not open.")
        return self.backend_or_none


class Part:
    """A part of the Store (`storage.outbox`, `queries`, `ladders`, `preferences`, `personal`)."""

    def __init__(self, shared: Shared) -> None:
        self._shared = shared

    @property
    def backend(self) -> Backend:
        return self._shared.backend

    def clock(self) -> float:
        return self._shared.clock()
