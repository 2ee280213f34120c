"""How good a position is for one seat: a heuristic worth in VP, relative to the other seats.

`worth(state, seat)` estimates each player's final VP from what they hold now (banked VP,
orders and the coal that can fill them, marks, cubes, tunnel balance, the shift clock's
majorities still to score, workers in hand) and returns the seat's lead over its rivals.
The game over, it is the real final difference. Used on complete states (see
`players.knowledge.determinize`), never on a view with hidden -1 cards.
"""

from __future__ import annotations

from functools import lru_cache

from rules.components import CART_COST, CLOCK, ELEMENTS_SCORED, ORDER_CARDS, SHIFTS, TILES, WORKERS
from rules.state import GameState, Player

__all__ = ["Weights", "delivered_counts", "player_worth", "worth", "WEIGHTS"]


class Weights:
    """The evaluation's knobs, in VP (tuned by duels: docs/computer-players.md)."""

    worker = 1.6  # a worker in hand this shift: one more action to come
    mark_early = 0.45  # a mark with the whole game ahead (buys tiles)
    mark_late = 0.2  # a mark at the end (5 marks = 1 VP)
    spot_bonus = 0.9  # a spot of an undelivered order: its share of the clock's majorities
    ready_cost = 0.35  # filling a spot with a cube already in cage or storage
    cart_cost = 0.9  # ... with a cube still on a cart
    buy_cost = 2.6  # ... with coal that must first be bought (plus its marks)
    deliver_cost = 0.9  # the delivery action a complete order still needs
    clock_near = 0.9  # certainty of the majorities at the end of this shift
    clock_far = 0.6  # ... at the end of a later shift
    rivals_max = 0.5  # the lead is over a mix of the best rival and the rivals' mean


WEIGHTS = Weights()
_DARK = tuple(tile.dark for tile in TILES)  # by tile: on the dark side


def _time_left(state: GameState, p: Player) -> float:
    """Share of the player's actions still to come, 1.0 at the start, 0.0 at the end."""
    per_shift = WORKERS[len(state.players)]
    left = p.workers + (SHIFTS - state.shift) * per_shift
    return left / (SHIFTS * per_shift)


def _orders_worth(p: Player, left: float, w: Weights) -> float:
    """Outstanding orders: their VP less the work still needed, or -1 each if out of reach."""
    if not p.orders:
        return 0.0
    ready = [p.cage[c] + p.storage[c] for c in range(4)]
    on_carts = [sum(level.count(c) for level in p.carts) for c in range(4)]
    # Late in the game work gets dearer: fewer actions remain to do it.
    scarcity = 1.0 if left > 0.35 else (1.8 if left > 0.15 else 3.5)
    total = 0.0
    # Orders closest to completion get the coal first.
    ranked = sorted(p.orders, key=lambda o: o.spots.count([]))  # empty spots
    for order in ranked:
        card = ORDER_CARDS[order.card]
        cost = 0.0
        missing = 0
        for colour, on in zip(card.spots, order.spots, strict=True):
            if on:
                continue
            missing += 1
            if ready[colour]:
                ready[colour] -= 1
                cost += w.ready_cost
            elif on_carts[colour]:
                on_carts[colour] -= 1
                cost += w.cart_cost
            else:
                cost += w.buy_cost + 0.35 * CART_COST[colour]
        full = card.vp + w.spot_bonus * len(card.spots) * (0.4 + 0.6 * left)
        if missing == 0:
            total += full - w.deliver_cost * scarcity
        else:
            total += max(-1.0, full - (cost + w.deliver_cost) * scarcity)
    return total


def player_worth(state: GameState, seat: int, w: Weights = WEIGHTS) -> float:
    """The seat's expected final VP, leaving out the clock majorities (see `worth`)."""
    p = state.players[seat]
    left = _time_left(state, p)
    value = float(p.vp)
    value += p.marks * (w.mark_late + (w.mark_early - w.mark_late) * left)
    value += p.cubes_owned() / 3
    value += _orders_worth(p, left, w)
    dark = sum(_DARK[t] for t in p.tiles)
    light = len(p.tiles) - dark
    value -= (2.0 - left) * abs(light - dark)
    value += w.worker * p.workers
    return value


@lru_cache(maxsize=4096)
def delivered_counts(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Clock elements 1-8 for a set of delivered orders: spots by colour, then by vehicle."""
    counts = [0] * 8
    for c in cards:
        card = ORDER_CARDS[c]
        for spot in card.spots:
            counts[spot] += 1
        counts[4 + card.vehicle] += len(card.spots)
    return tuple(counts)


@lru_cache(maxsize=16)
def _clock_weights(shift: int, near: float, far: float) -> tuple[float, ...]:
    """How much each clock element still counts: summed over the shift ends left to score it."""
    out = [0.0] * len(CLOCK)
    for end in range(shift, SHIFTS + 1):
        for e in range(ELEMENTS_SCORED[end]):
            out[e] += near if end == shift else far
    return tuple(out)


_CLOCKS: dict[tuple, tuple[float, ...]] = {}  # the majorities' worth by the seats' counts and the shift


def _clock_worth(state: GameState, w: Weights) -> tuple[float, ...]:
    """Majorities still to score at the ends of this and later shifts, with the counts of now.

    Most moves change no seat's counts (only deliveries and emptied carts do), so the worth is
    remembered by the counts: the positions a search compares share it."""
    table = tuple(clock_counts(p) for p in state.players)
    key = (table, state.shift, w.clock_near, w.clock_far)
    hit = _CLOCKS.get(key)
    if hit is None:
        if len(_CLOCKS) > 20_000:
            _CLOCKS.clear()
        hit = _CLOCKS[key] = _clock_worth_of(table, state.shift, w)
    return hit


def _clock_worth_of(table: tuple[tuple[int, ...], ...], shift: int, w: Weights) -> tuple[float, ...]:
    n = len(table)
    weights = _clock_weights(shift, w.clock_near, w.clock_far)
    out = [0.0] * n
    for e, element in enumerate(CLOCK):
        weight = weights[e]
        if not weight:
            continue
        counts = [row[e] for row in table]
        top = max(counts)
        if top < 1:
            continue
        leaders = counts.count(top)
        for seat in range(n):
            if counts[seat] == top:
                out[seat] += weight * element.first
        if leaders > 1 or n == 2:  # R-SHIFT-4 / R-SHIFT-5
            continue
        second = max((c for c in counts if c < top), default=0)
        if second >= 1:
            for seat in range(n):
                if counts[seat] == second:
                    out[seat] += weight * element.second
    return tuple(out)


# Players are shared between states that did not change them (rules copy on write), so
# their parts of the worth are remembered by identity; the cache holds each player, which
# keeps its id from being reused.
_CACHE: dict[tuple[int, int, int], tuple[Player, object]] = {}


def _remember(p: Player, key: tuple[int, int, int], value: object) -> None:
    if len(_CACHE) > 20_000:
        _CACHE.clear()
    _CACHE[key] = (p, value)


def clock_counts(p: Player) -> tuple[int, ...]:
    """A pit's counts for the 12 shift-clock elements (R-SHIFT-2): delivered spots by colour and by vehicle,
    then empty carts by level."""
    key = (id(p), 0, 0)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is p:
        return hit[1]  # type: ignore[return-value]
    empty = tuple(carts.count(-1) for carts in p.carts)  # empty carts (-1) by level
    counts = delivered_counts(tuple(p.delivered)) + empty
    _remember(p, key, counts)
    return counts


def _player_worth_cached(state: GameState, seat: int, w: Weights) -> float:
    p = state.players[seat]
    key = (id(p), state.shift, 1 if w is WEIGHTS else id(w))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is p:
        return hit[1]  # type: ignore[return-value]
    value = player_worth(state, seat, w)
    _remember(p, key, value)
    return value


def worths(state: GameState, w: Weights = WEIGHTS) -> list[float]:
    """Every seat's expected final VP (the real final VP once the game is over)."""
    if state.phase == "over":
        return [float(p.vp) for p in state.players]
    clock = _clock_worth(state, w)
    return [_player_worth_cached(state, seat, w) + clock[seat] for seat in range(len(state.players))]


def lead(values: list[float], seat: int, w: Weights = WEIGHTS, best: float | None = None) -> float:
    """The seat's lead over its rivals: over a mix of the best one (`best` of it; default the knob
    `rivals_max`) and their mean."""
    others = [v for k, v in enumerate(values) if k != seat]
    mix = w.rivals_max if best is None else best
    return values[seat] - mix * max(others) - (1 - mix) * sum(others) / len(others)


def worth(state: GameState, seat: int, w: Weights = WEIGHTS) -> float:
    """How good `state` is for `seat`: its expected final VP less its rivals' (see `lead`)."""
    return lead(worths(state, w), seat, w)
