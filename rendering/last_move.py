"""What the last move did, for the turn image to mark: the spaces it used and what it changed.

Derived from the state before, the action (`rules.actions`) and the state after, never from
the rules' event text. Only public facts are kept (a kept drawn card is named by its place in
the player's orders, drawn from the viewer's view of the state).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import ChooseDrawn, Deliver, DraftPick, Mine, PlaceFactory, TakeMoney, TakeOrder, UseBank
from rules.components import DELIVER, DRAW, FACTORY, MINE, MONEY, ORDER, SPACE_INDEX
from rules.state import GameState

STATS = ("vp", "marks", "workers", "orders", "delivered", "cage")


@dataclass(frozen=True, slots=True)
class LastMove:
    """The seat that moved, the worker spaces it used (indices of `rules.components.SPACES`), the bank,
    the draft card it took (0-based place), the stats of its row that changed, and what it gained:
    the tile (id) bought or kept, the order (0-based place in its outstanding orders) taken or kept."""

    seat: int
    kind: str
    spaces: tuple[int, ...] = ()
    bank: bool = False
    draft_card: int | None = None
    changed: frozenset[str] = frozenset()
    tile: int | None = None
    order: int | None = None


def _stats(state: GameState, seat: int) -> dict[str, object]:
    p = state.players[seat]
    return {
        "vp": p.vp,
        "marks": p.marks,
        "workers": p.workers,
        "orders": len(p.orders),
        "delivered": len(p.delivered),
        "cage": (p.cage_level, tuple(p.cage)),
    }


def last_move(before: GameState, action: object, after: GameState) -> LastMove:
    """What `action`, applied to `before` giving `after`, did (see `LastMove`)."""
    seat = before.current
    old, new = _stats(before, seat), _stats(after, seat)
    changed = frozenset(k for k in STATS if old[k] != new[k])
    kind = str(getattr(action, "kind", "?"))
    spaces: tuple[int, ...] = ()
    bank = draft_card = tile = order = None
    p0, p1 = before.players[seat], after.players[seat]
    new_tiles = [t for t in p1.tiles if t not in p0.tiles]
    gained_order = len(p1.orders) - 1 if len(p1.orders) > len(p0.orders) else None
    if isinstance(action, PlaceFactory):
        spaces = (SPACE_INDEX[(FACTORY, action.space)],)
        tile = new_tiles[-1] if new_tiles else None
    elif isinstance(action, TakeOrder):
        spaces = (SPACE_INDEX[(ORDER, action.space)],)
        order = gained_order
    elif isinstance(action, Mine):
        spaces = (SPACE_INDEX[(MINE, action.steps)],)
    elif isinstance(action, Deliver):
        spaces = (SPACE_INDEX[(DELIVER, action.vehicle)],)
    elif isinstance(action, TakeMoney):
        spaces = (SPACE_INDEX[(MONEY, action.amount)],)
    elif isinstance(action, UseBank):
        bank = True
    elif isinstance(action, DraftPick):
        draft_card = action.card - 1
        order = gained_order
    elif isinstance(action, ChooseDrawn):
        if before.pending is not None:
            group = FACTORY if before.pending.kind == "tile" else ORDER
            spaces = (SPACE_INDEX[(group, DRAW)],)
        tile = new_tiles[-1] if new_tiles else None
        order = gained_order
    return LastMove(seat, kind, spaces, bool(bank), draft_card, changed, tile, order)
