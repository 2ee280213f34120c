"""The seed a computer gets for each decision, so that a game with computers replays move for move."""

from __future__ import annotations

from rules import GameState


def decision_seed(game_seed: int, state: GameState) -> int:
    """The seed a computer gets for one decision: from the game's seed and the move number."""
    return game_seed * 7919 + state.turn
