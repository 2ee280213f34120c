"""The entry point for a process pool: plain strings in, an action's text form out."""

from __future__ import annotations

from rules.state import GameState

from .hints import hints
from .levels import by_level

__all__ = ["advise", "think"]


def think(level: str, view_json: str, seed: int) -> str:
    """The action (text form, `rules.parse_action` reads it) a computer of `level` takes.

    `view_json` is `rules.view(state, name).model_dump_json()` for the seat to move. Every
    argument and the result pickle cheaply, so `ProcessPoolExecutor.submit(think, ...)` works.
    """
    view = GameState.model_validate_json(view_json)
    return str(by_level(level).choose(view, seed))


def advise(view_json: str, seed: int, n: int = 3, budget: float | None = 1.5, lookaheads: int = 600) -> str:
    """`players.hints` for a process pool: a JSON list of `Hint` objects, best first."""
    view = GameState.model_validate_json(view_json)
    return "[" + ",".join(h.model_dump_json() for h in hints(view, seed, n, budget, lookaheads)) + "]"
