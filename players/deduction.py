"""Which cards a rival's face-down delivered orders can be: what the view tells of them.

A rival's delivered orders are face down (R-VIS-1), yet the view says a good deal about them: how
many there are; the VP they scored, which is the rival's VP less what the shift scorings gave it
(nothing else scores before the end); and, at each shift scoring, the spots of every colour and of
every vehicle they carried (R-SHIFT-2; the colours from the first shift, the vehicles from the
second), with the number of orders delivered by then. `fill` picks, from the unseen cards in their
shuffled order, cards that agree with all of it: a search that takes the cards the earlier in the
pool the better, so that a shuffled pool gives a different agreeing set each time. A view that
agrees with no set (or one the search cannot settle quickly) gets none, and the caller fills the
slots at random as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules.components import ORDER_CARDS
from rules.state import GameState

from .evaluate import delivered_counts

__all__ = ["Clues", "clues", "fill"]

_ELEMENTS = 8  # clock elements 1-8 count delivered orders: 4 colours, then 4 vehicles
_VECTORS = tuple(delivered_counts((card.id,)) for card in ORDER_CARDS)  # what each card adds to them
_MOST_VP = max(card.vp for card in ORDER_CARDS)
_LEAST_VP = min(card.vp for card in ORDER_CARDS)


@dataclass(frozen=True, slots=True)
class Clues:
    """What the view tells of one rival's delivered orders."""

    cards: int  # how many
    vp: int | None  # the VP they scored (None once the game is over: the final scoring mixes in)
    scorings: tuple[tuple[int, dict[int, int]], ...]  # (orders delivered by then, {element index: count})


def clues(view: GameState, seat: int) -> Clues:
    """What `view` tells of the delivered orders of `seat`."""
    p = view.players[seat]
    scorings = []
    from_shifts = 0
    for result in view.shift_results:
        from_shifts += sum(e.vp[seat] for e in result.elements)
        if len(result.delivered) != len(view.players):  # a game saved before the numbers were kept
            continue
        counts = {e.element - 1: e.counts[seat] for e in result.elements if e.element <= _ELEMENTS}
        scorings.append((result.delivered[seat], counts))
    vp = None if view.phase == "over" else p.vp - from_shifts
    return Clues(len(p.delivered), vp, tuple(scorings))


def fill(told: list[Clues], pool: list[int], nodes: int = 20_000) -> list[list[int] | None]:
    """For each rival's clues, `cards` cards of `pool` that agree with them, in delivered order, no card
    twice, the earliest in the pool first. The rivals are searched together (within half of `nodes`
    steps); if that fails, each in turn from what the others left (within the rest), and a rival none is
    found for gets None. The bound keeps a sample to milliseconds (at most 15 ms over 1 992 samples of
    12 games), so that sampling never costs a decision much of its time."""
    taken = [False] * len(pool)
    steps = [0]
    out: list[list[int]] = []

    def joint(r: int) -> bool:
        if r == len(told):
            return True
        for chosen in _agreeing(told[r], pool, taken, steps, nodes // 2):
            out.append(chosen)
            if joint(r + 1):
                return True
            out.pop()
        return False

    if joint(0):
        return list(out)
    alone: list[list[int] | None] = []
    for one in told:
        found = next(_agreeing(one, pool, taken, steps, nodes), None)
        if found is not None:  # keep its cards from the rivals after it
            for card in found:
                taken[pool.index(card)] = True
        alone.append(found)
    return alone


def _agreeing(told: Clues, pool: list[int], taken: list[bool], steps: list[int], nodes: int) -> Iterator[list[int]]:
    """The sets of cards of `pool` not `taken` that agree with `told`, one after another; while one is
    given, its cards are marked taken. `steps[0]` counts the search's steps, up to `nodes`."""
    n = told.cards
    # The counts at each scoring bound every count up to it: counts only grow.
    ends = {k: counts for k, counts in told.scorings if 0 <= k <= n}
    if any(count for e, count in ends.get(0, {}).items()):
        return
    bounds: list[list[float]] = []
    cap = [float("inf")] * _ELEMENTS
    for i in range(n, 0, -1):  # bounds[i - 1]: the caps on the counts after the i-th card
        for e, count in ends.get(i, {}).items():
            cap[e] = min(cap[e], count)
        bounds.append(cap[:])
    bounds.reverse()
    chosen: list[int] = []
    counts = [0] * _ELEMENTS

    def search(i: int, start: int, vp: int) -> Iterator[list[int]]:
        """Cards for slots i.. ; `start`: the first pool index open to slot i (a set in pool order)."""
        if i == n:
            if told.vp is None or vp == told.vp:
                yield chosen
            return
        if told.vp is not None and not vp + (n - i) * _LEAST_VP <= told.vp <= vp + (n - i) * _MOST_VP:
            return
        for j in range(start, len(pool)):
            if taken[j]:
                continue
            steps[0] += 1
            if steps[0] > nodes:
                return
            card = pool[j]
            vector = _VECTORS[card]
            for e in range(_ELEMENTS):
                counts[e] += vector[e]
            ok = all(counts[e] <= bounds[i][e] for e in range(_ELEMENTS))
            if ok and i + 1 in ends:
                ok = all(counts[e] == count for e, count in ends[i + 1].items())
            if ok and (told.vp is None or vp + ORDER_CARDS[card].vp <= told.vp):
                chosen.append(card)
                taken[j] = True
                # a scoring closes a set: the next set's cards may come from anywhere in the pool
                yield from search(i + 1, 0 if i + 1 in ends else j + 1, vp + ORDER_CARDS[card].vp)
                chosen.pop()
                taken[j] = False
            for e in range(_ELEMENTS):
                counts[e] -= vector[e]

    for agreeing in search(0, 0, 0):
        yield agreeing[:]
