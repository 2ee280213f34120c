"""What one player, or a spectator, may see of a game (R-VIS-1, R-VIS-2).

Hidden things keep their size and become -1: deck order (never shown), the drawn tiles or
cards of a draw space (only the actor sees them), other players' delivered orders (unless
the game's `delivered` option is "all"), the random generator's state, and the game's seed
(0), from which `new_game` would deal the decks again.
"""

from __future__ import annotations

from .state import GameState


def view(state: GameState, viewer: str | None = None) -> GameState:
    """A copy of `state` with what `viewer` (a player name, None for a spectator) may not see hidden."""
    update: dict = {
        "seed": 0,
        "rng": 0,
        "tile_deck": [-1] * len(state.tile_deck),
        "order_deck": [-1] * len(state.order_deck),
    }
    if state.pending is not None and state.players[state.current].name != viewer:
        update["pending"] = state.pending.model_copy(update={"cards": [-1] * len(state.pending.cards)})
    if state.options.delivered != "all":
        update["players"] = [
            p if p.name == viewer else p.model_copy(update={"delivered": [-1] * len(p.delivered)})
            for p in state.players
        ]
    return state.model_copy(update=update)
