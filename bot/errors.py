"""Refusals of the game manager: each one is an exception whose text a player can read.

The bot layer replies with `str(err)` as an ephemeral message; nothing changed when one
of these is raised.
"""


class GameError(Exception):
    """A refused request; `str(err)` is one or two plain sentences for the player."""


class NoGameHere(GameError):
    """The channel has no lobby or running game."""


class GameAlreadyRunning(GameError):
    """`new` in a channel that already has a lobby or a running game."""


class AlreadyStarted(GameError):
    """A lobby request (join, leave, start) after the game started."""


class NotStarted(GameError):
    """A move in a game that is still in its lobby."""


class AlreadySeated(GameError):
    """`join` by someone who has a seat."""


class NotSeated(GameError):
    """`leave` or a move by someone who has no seat in the game."""


class GameFull(GameError):
    """`join` when all four seats are taken."""


class NotHost(GameError):
    """`start` by anyone but the host, or `abort` by anyone but the host or a moderator."""


class NotEnoughPlayers(GameError):
    """`start` with fewer than two seats taken."""


class NotYourTurn(GameError):
    """A move by a seated player whose decision is not the pending one."""


class IllegalMove(GameError):
    """The rules refused the action; the text is the rules' own reason."""


class BadOptions(GameError):
    """Game options that do not exist (`timer`, `delivered`)."""


class StaleAction(GameError):
    """The request was based on a game that has moved on (an old button, a timer that fired late)."""


class SaveFailed(GameError):
    """The database refused the write; nothing changed, and the game was reloaded from the database."""
