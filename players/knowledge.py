"""What a seat knows, and whole games consistent with it: determinization of a player's view.

A view (`rules.view`) hides the deck order, other players' delivered orders and other
players' draw-space cards as -1. `determinize` fills every hidden slot with a card the seat
has not seen, shuffled from a seed, so search can play on a complete, legal `GameState`.
Only the view is read: two games that differ in what the seat cannot see give the same
samples.
"""

from __future__ import annotations

from rules import rng
from rules.components import ORDER_CARDS, TILES
from rules.state import GameState, Pending, copy_model

from . import deduction

__all__ = ["determinize", "unseen_orders", "unseen_tiles"]

HIDDEN = -1


def unseen_tiles(view: GameState) -> list[int]:
    """Tunnel tiles the viewer cannot place: in the deck or on someone else's draw space."""
    seen = {t for t in view.factory if t is not None}
    for p in view.players:
        seen.update(p.tiles)
    if view.pending is not None and view.pending.kind == "tile":
        seen.update(t for t in view.pending.cards if t != HIDDEN)
    return [t for t in range(len(TILES)) if t not in seen]


def unseen_orders(view: GameState) -> list[int]:
    """Order cards the viewer cannot place: deck, others' hidden delivered orders or draw."""
    seen = {c for c in view.draft_cards if c is not None}
    seen.update(c for c in view.order_spaces if c is not None)
    for p in view.players:
        seen.update(o.card for o in p.orders)
        seen.update(c for c in p.delivered if c != HIDDEN)
    if view.pending is not None and view.pending.kind == "order":
        seen.update(c for c in view.pending.cards if c != HIDDEN)
    return [c for c in range(len(ORDER_CARDS)) if c not in seen]


def _shuffled(items: list[int], state: int) -> tuple[list[int], int]:
    items = items[:]
    state = rng.shuffle(state, items)
    return items, state


def determinize(view: GameState, seed: int, deduce: bool = False) -> GameState:
    """A complete game the view could come from: hidden slots filled with unseen cards at random.

    Other players' hidden delivered orders are drawn uniformly from the unseen cards; with
    `deduce`, from those that agree with what the view tells of them (`players.deduction`: the
    VP they scored, the counts shift scoring revealed), where some set does.
    """
    state = rng.seed_state(seed * 0x9E3779B1 + 0x51ED27)
    tiles, state = _shuffled(unseen_tiles(view), state)
    cards, state = _shuffled(unseen_orders(view), state)
    update: dict = {}

    def fill(slots: list[int], pool: list[int]) -> list[int]:
        return [pool.pop() if x == HIDDEN else x for x in slots]

    players = list(view.players)
    if deduce:  # the rivals' delivered orders first: they are the ones with something to agree with
        rivals = [seat for seat, p in enumerate(players) if p.delivered and all(c == HIDDEN for c in p.delivered)]
        told = [deduction.clues(view, seat) for seat in rivals]
        pool = cards[::-1]  # cards are drawn from the end of the shuffled list
        for seat, agreeing in zip(rivals, deduction.fill(told, pool), strict=True):
            if agreeing is not None:
                for card in agreeing:
                    cards.remove(card)
                players[seat] = copy_model(players[seat], {"delivered": agreeing})
    pending = view.pending
    if pending is not None and HIDDEN in pending.cards:
        pool = tiles if pending.kind == "tile" else cards
        update["pending"] = Pending(kind=pending.kind, cards=fill(pending.cards, pool))
    for seat, p in enumerate(players):
        if HIDDEN in p.delivered:
            players[seat] = copy_model(p, {"delivered": fill(p.delivered, cards)})
    update["players"] = players
    update["tile_deck"] = fill(view.tile_deck, tiles)
    update["order_deck"] = fill(view.order_deck, cards)
    if tiles or cards:  # pragma: no cover - the view and the component tables disagree
        raise ValueError("the view hides a different number of pieces than are unseen")
    return copy_model(view, update)
