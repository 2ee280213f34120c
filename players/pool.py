"""The entry point for a process pool: plain strings in, an action's text form out."""

from __future__ import annotations

from rules.state import GameState

from .levels import by_level

__all__ = ["think"]


def think(level: str, view_json: str, seed: int) -> str:
    """The action (text form, `rules.parse_action` reads it) a computer of `level` takes.

    `view_json` is `rules.view(state, name).model_dump_json()` for the seat to move. Every
    argument and the result pickle cheaply, so `ProcessPoolExecutor.submit(think, ...)` works.
    """
    view = GameState.model_validate_json(view_json)
    return str(by_level(level).choose(view, seed))
