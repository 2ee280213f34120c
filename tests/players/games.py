"""Positions for computer-player tests: taken from seeded games between the levels."""

from __future__ import annotations

from players import by_level
from players.seeds import decision_seed
from rules import GameState, apply, new_game, view

NAMES = ["Anna", "Bert", "Clara", "Dora"]


def computer(level: str):
    """The player of a level for tests: the expert judges a fixed number of look-aheads instead of
    spending its CPU time, so the same view and seed give the same move on every machine, quickly."""
    if level == "expert":
        from players.expert import Expert

        return Expert(budget=None, lookaheads=60)
    if level in (
        "ismcts",
        "plain",
        "yardstick",
        "honest",
    ):  # the tree searches: a few iterations (legal and fair alike)
        import dataclasses

        return dataclasses.replace(by_level(level), budget=None, iterations=6)
    return by_level(level)


def play(levels: list[str], seed: int, stop=None) -> tuple[GameState, list[tuple[GameState, object]]]:
    """A game with seat k played by `levels[k]`: the last state and every (state, action) on the way.

    Stops early at the first state for which `stop(state)` holds.
    """
    names = NAMES[: len(levels)]
    computers = [computer(level) for level in levels]
    state = new_game(names, seed)
    moves = []
    while state.phase != "over" and not (stop and stop(state)):
        seat = state.current
        action = computers[seat].choose(view(state, names[seat]), decision_seed(seed, state))
        moves.append((state, action))
        state, _ = apply(state, action)
    return state, moves


def position(phase: str, players: int = 3, seed: int = 4) -> GameState:
    """A state of a normal-level game whose next decision is in `phase` (draft, turn or draw), mid-game."""

    def stop(s: GameState) -> bool:
        if phase == "draw":
            return s.phase == "draw"
        return s.phase == phase and (phase == "draft" or s.shift == 2)

    state, _ = play(["normal"] * players, seed, stop)
    assert state.phase == phase, f"no {phase} position in game {seed}"
    return state


def pieces(state: GameState) -> tuple[list[int], list[int]]:
    """Every order card and every tunnel tile of a complete game, wherever it is, sorted: a real game
    (or a sampled one) has each exactly once."""
    cards = [c for c in state.order_spaces if c is not None] + state.order_deck
    cards += [o.card for p in state.players for o in p.orders] + [c for p in state.players for c in p.delivered]
    tiles = [t for t in state.factory if t is not None] + state.tile_deck + [t for p in state.players for t in p.tiles]
    return sorted(cards), sorted(tiles)
