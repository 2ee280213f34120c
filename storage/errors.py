"""Why the database cannot be used or a write was refused, in words an operator understands."""


class StorageError(Exception):
    """The database cannot be used or refused a write; `str(err)` says why."""


class NotOurDatabase(StorageError):
    """The file exists but is not a Coal Baron database; it was not written to."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot; it was not written to."""


class StaleState(StorageError):
    """A write based on a version of the game that is no longer the stored one; nothing was written."""


class RematchTaken(StaleState):
    """A finished game already has its rematch lobby (one per game); nothing was written."""
