"""What every part of the `Store` shares: the open database, the clock, and the posts known to be posted."""

from __future__ import annotations

from collections.abc import Callable

from .backend import Backend
from .errors import StorageError
from .marks import PostedMarks


class Part:
    """A part of the Store (`storage.store`, `outbox`, `queries`, `ladders`, `preferences`): each is a base
    class of `Store`, which sets these attributes when it is made."""

    clock: Callable[[], float]
    _backend: Backend | None
    _marks: PostedMarks

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            raise StorageError("The database is not open.")
        return self._backend
