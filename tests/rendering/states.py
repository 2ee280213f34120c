"""Game states for the rendering tests: openings, mid-games with orders filled and delivered, odd corners."""

from __future__ import annotations

from functools import cache

from rendering.samples import NAMES, demo_state
from rules import apply, new_game
from rules.actions import PlaceFactory, TakeOrder
from rules.components import ORDER_CARDS
from rules.record import Chooser, random_action
from rules.state import GameState, Order


@cache
def mid_states() -> tuple[GameState, ...]:
    """Demo-play states part way through games of 2, 3 and 4 players (orders filled and delivered)."""
    out = []
    for players in (2, 3, 4):
        for seed in (1, 2, 3):
            out.append(demo_state(players, seed, actions=20 + 17 * seed + 5 * players))
    return tuple(out)


def random_state(players: int, seed: int, actions: int) -> GameState:
    """Random play: many tiles and orders (more than fit, at times), cubes left in cages."""
    state = new_game(NAMES[:players], seed)
    chooser = Chooser(seed)
    for _ in range(actions):
        if state.phase == "over":
            break
        state, _ = apply(state, random_action(state, chooser))
    return state


def rich_state() -> GameState:
    """A 4-player mid-game with every kind of piece on show in seat 0's pit.

    The cage is down at the grey level with cubes in it, storage holds cubes, and an order has a
    spot filled by substitution (R-MINE-7). Edited by hand: the renderer draws what it is given.
    """
    state = mid_states()[-1]
    p = state.players[0]
    orders = list(p.orders)
    wb = next(c.id for c in ORDER_CARDS if c.vehicle == 0 and len(c.spots) == 4)  # YBGK
    orders.append(Order(card=wb, spots=[[0], [2, 3], [], [3]]))
    p = p.model_copy(update={"cage_level": 3, "cage": [1, 0, 2, 0], "storage": [0, 2, 0, 1], "orders": orders})
    players = [p, *state.players[1:]]
    return state.model_copy(update={"players": players})


def draw_state(kind: str) -> GameState:
    """A state where the player to move has drawn 5 tiles ("tile") or 5 order cards ("order")."""
    state = demo_state(4, 5, actions=30)
    action = PlaceFactory(space="draw") if kind == "tile" else TakeOrder(space="draw")
    state, _ = apply(state, action)
    assert state.phase == "draw" and state.pending is not None
    return state


def with_delivered(state: GameState, seat: int, cards: list[int]) -> GameState:
    """`state` with seat's delivered cards replaced (the count is what others may see)."""
    players = list(state.players)
    players[seat] = players[seat].model_copy(update={"delivered": cards})
    return state.model_copy(update={"players": players})
