"""The game tables: the per-channel game manager, its typed refusals, the timer's rules; no Discord.

`bot/` is the Discord adapter over this package; `games` itself imports neither discord nor
PIL, so a test, a benchmark or another front end drives games through `GameManager` alone.
"""

from .errors import GameError, Reason
from .manager import Game, GameManager, Move, TurnResult

__all__ = ["Game", "GameError", "GameManager", "Move", "Reason", "TurnResult"]
