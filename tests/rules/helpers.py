"""Small builders for rules tests: games past the draft, edited pits, cards by name."""

from __future__ import annotations

import pytest

from rules import ActionSyntaxError, GameState, IllegalAction, RulesReason, apply, legal_actions, new_game, parse_action
from rules.components import COLOUR_LETTERS, ORDER_CARDS, SPACE_INDEX, TILES, VEHICLES
from rules.state import Order

NAMES = ["alice", "bob", "carol", "dave"]


def drafted(players: int = 3, seed: int = 1) -> GameState:
    """A game just past the opening draft (everyone took the first card on offer)."""
    state = new_game(NAMES[:players], seed=seed)
    while state.phase == "draft":
        state, _ = apply(state, legal_actions(state)[0])
    return state


def act(state: GameState, text: str):
    """Apply an action given in its text form."""
    return apply(state, parse_action(text))


def refused(state: GameState, text: str, reason: RulesReason, **params: object) -> IllegalAction:
    """Assert the action is refused for `reason` with these `params` (at least), changing nothing."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as info:
        act(state, text)
    assert state.model_dump_json() == before
    err = info.value
    assert err.reason is reason, err
    assert {k: err.params.get(k) for k in params} == params, err
    return err


def unreadable(action_text: str, reason: RulesReason, **params: object) -> ActionSyntaxError:
    """Assert the text is not an action: ActionSyntaxError for `reason` with these `params` (at least)."""
    with pytest.raises(ActionSyntaxError) as info:
        parse_action(action_text)
    err = info.value
    assert err.reason is reason, err
    assert {k: err.params.get(k) for k in params} == params, err
    return err


def card(vehicle: str, vp: int, letters: str) -> int:
    """The id of an order card: card("carriage", 9, "KK")."""
    spots = tuple(COLOUR_LETTERS.index(ch) for ch in letters)
    for c in ORDER_CARDS:
        if c.vehicle == VEHICLES.index(vehicle) and c.vp == vp and c.spots == spots:
            return c.id
    raise KeyError((vehicle, vp, letters))


def tile(colour: int, carts: int, dark: bool = False, copy: int = 0) -> int:
    for t in TILES:
        if t.colour == colour and t.carts == carts and t.dark == dark:
            return t.id + copy
    raise KeyError((colour, carts, dark))


def order(card_id: int, filled: list[list[int]] | None = None) -> Order:
    """An outstanding order; `filled` gives the cubes per spot (default all empty)."""
    spots = filled if filled is not None else [[] for _ in ORDER_CARDS[card_id].spots]
    return Order(card=card_id, spots=spots)


def rebalance_supply(state: GameState) -> GameState:
    """Set the supply so each colour has 16 cubes in all again, after a test edited pits."""
    for colour in range(4):
        owned = 0
        for p in state.players:
            owned += sum(level.count(colour) for level in p.carts) + p.cage[colour] + p.storage[colour]
            owned += sum(spot.count(colour) for o in p.orders for spot in o.spots)
        state.supply[colour] = 16 - owned
        assert state.supply[colour] >= 0
    return state


def space(group: str, value) -> int:
    return SPACE_INDEX[(group, value)]


def last_worker_everyone(state: GameState) -> GameState:
    """Everyone has placed all workers except the player to move, who has one left."""
    state = state.model_copy(deep=True)
    for seat, p in enumerate(state.players):
        placed = p.workers - (1 if seat == state.current else 0)
        p.workers -= placed
        state.canteen[seat] += placed  # keep workers conserved: parked in the canteen
    return state
