"""The light playout policy: cheap rule moves that play a sampled game to its end in a few milliseconds.

A tree search learns from many playouts; what one playout costs decides how many it gets. The easy
level (`players.greedy`) plans every open mining space step by step with the rules' full list of next
steps, which is most of a playout's time. This policy plays the same kind of game with one direct trip
per mining space (`players.planning.one_trip`: storage cubes onto the orders, the cage down to the most
wanted coal, up again, onto the orders) and plain rules for the rest, in this order: deliver a complete
order; mine when a trip fills an order spot; take a face-up order while holding fewer than three; buy a
tile for coal the orders need and the carts lack; mine when a trip loads wanted coal; take money below
8 marks; buy any tile; take money; else any other placement. Every placement the rules list on a free
space comes before any on an occupied one (a delivery excepted): the workers a placement takes are the
game's scarcest resource, and a policy blind to them lost to the easy level. A share of moves (`noise`)
is a random placement instead, mining by a trip, so that playouts do not all follow one line. The `frugal`
policy (`POLICIES`) holds up to four orders and buys no tile the orders do not need.

Only the state in hand is read (a sampled game), so it never sees more than the search gave it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules import advance, legal_actions, placement_space
from rules.actions import (
    Action,
    ChooseDrawn,
    Deliver,
    DraftPick,
    Mine,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
)
from rules.components import ORDER_CARDS, TILES
from rules.record import Chooser
from rules.state import GameState, Player

from .planning import one_trip, spots_open, trip_worth

__all__ = ["POLICIES", "Policy", "play_out", "playout_move", "policy_named", "rule_order"]

CHEAP = 1  # workers: a placement that takes more comes after every cheaper one
FILLS = 3  # a trip's worth: 3 for each order spot it fills, 1 for each wanted cube it loads


@dataclass(frozen=True, slots=True)
class Policy:
    """The policy's two measured choices (docs/computer-players.md, issue 77): how many orders it holds before
    it stops taking face-up ones, and whether it buys a tile no order needs before it takes money."""

    orders: int = 3  # face-up orders are taken while holding fewer than this many
    any_tile: bool = True  # a tile no order needs is bought before money is taken (False: after it)


# light: the policy the honest search was calibrated with; frugal: no tile the orders do not need, up to
# four orders (against normal 24.8 % where light won 19.4 %, against easy 77.8 % where 71.1 %: 600 games, seed 10)
POLICIES = {"light": Policy(), "frugal": Policy(orders=4, any_tile=False)}
LIGHT = POLICIES["light"]


def policy_named(name: str) -> Policy:
    """The playout policy of a name in `POLICIES`; any other name: ValueError listing the names."""
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"policy is {' or '.join(POLICIES)}, not {name!r}") from None


def playout_move(state: GameState, chooser: Chooser, noise: float = 0.1, policy: Policy = LIGHT) -> Action:
    """The move a playout makes for the player to move (one in `1 / noise` at random, mining by a trip)."""
    legal = legal_actions(state)
    if state.phase == "draft":
        return _draft(state, legal)
    if state.phase == "draw":
        return _keep(state, legal)
    if noise and chooser.below(1000) < noise * 1000:
        return _as_trip(state, chooser.choice(legal))
    return rule_order(state, legal, chooser, policy)[0]


def play_out(
    state: GameState, chooser: Chooser, noise: float = 0.1, policy: Policy = LIGHT, cutoff: int | None = None
) -> GameState:
    """`state` played on by the policy (`playout_move`) to the end of the game, or with a `cutoff` for that
    many worker placements (a draw's choice is part of its placement)."""
    placed = 0
    while state.phase != "over" and (cutoff is None or placed < cutoff):
        placed += state.phase == "turn"
        state = advance(state, playout_move(state, chooser, noise, policy))
    return state


def rule_order(
    state: GameState, legal: list[Action], chooser: Chooser | None = None, policy: Policy = LIGHT
) -> list[Action]:
    """The placements open in a turn, best first by the policy's rules (each mining space as its trip): a
    delivery first, then those that take at most `CHEAP` workers before the others, a space whose trip does
    nothing last. With a `chooser`: the first of them (the playout's move; when the rules list none, a
    placement at random, the bank among them); without, all of them (a tree's order for progressive widening)."""
    p = state.players[state.current]
    listed = _Listed(legal)
    delivering: list[Action] = [*sorted(listed.deliveries, key=lambda a: workers(state, a))]
    if chooser is not None and delivering:  # a complete order is delivered whatever it takes
        return delivering[:1]
    trips = _trips(p, listed.mines, every=chooser is None)
    if chooser is not None:
        return [_first(state, legal, _buckets(state, listed, trips, policy), chooser)]
    buckets = list(_buckets(state, listed, trips, policy))
    cost = {str(a): workers(state, a) for bucket in buckets for a in bucket}
    out: list[Action] = list(delivering)
    seen = {str(a) for a in out}
    for cheap in (True, False):
        for bucket in buckets:
            for a in sorted(bucket, key=lambda a: cost[str(a)]):
                if (cost[str(a)] <= CHEAP) != cheap or str(a) in seen:
                    continue
                seen.add(str(a))
                out.append(one_trip(p, a.steps)[0] if isinstance(a, Mine) else a)
    rest = [a for a in legal if not isinstance(a, Mine) and str(a) not in seen]
    return out + rest + [one_trip(p, m.steps)[0] for worth, m in trips if worth <= 0]


class _Listed:
    """The placements the rules list in a turn, sorted by kind in one pass (each rule reads its own kind)."""

    __slots__ = ("deliveries", "mines", "takes", "tiles", "money")

    def __init__(self, legal: list[Action]) -> None:
        self.deliveries: list[Deliver] = []
        self.mines: list[Mine] = []
        self.takes: list[TakeOrder] = []  # face-up orders (the draw space apart)
        self.tiles: list[PlaceFactory] = []  # face-up tiles bought without substitute coal
        self.money: list[TakeMoney] = []
        for a in legal:
            if isinstance(a, Mine):
                self.mines.append(a)
            elif isinstance(a, PlaceFactory):
                if a.space != "draw" and not a.substitutes:
                    self.tiles.append(a)
            elif isinstance(a, TakeMoney):
                self.money.append(a)
            elif isinstance(a, TakeOrder):
                if a.space != "draw":
                    self.takes.append(a)
            elif isinstance(a, Deliver):
                self.deliveries.append(a)


def _buckets(
    state: GameState, listed: _Listed, trips: list[tuple[int, Mine]], policy: Policy
) -> Iterator[list[Action]]:
    """The policy's rules after a delivery, best first, each as the placements it asks for; built as they are
    read, so that a playout that finds its move in the first rule builds none of the rest."""
    p = state.players[state.current]
    yield [m for worth, m in trips if worth >= FILLS]
    if len(p.orders) < policy.orders:
        yield [*sorted(listed.takes, key=lambda a: _order_rank(state, a))]
    yield _tile_buys(state, listed.tiles)
    yield [m for worth, m in trips if 0 < worth < FILLS]
    money: list[Action] = [*sorted(listed.money, key=lambda a: -a.amount)]
    if p.marks < 8:
        yield money
    if policy.any_tile:
        yield _tile_buys(state, listed.tiles, every=True)
    yield money


def _first(state: GameState, legal: list[Action], buckets: Iterator[list[Action]], chooser: Chooser) -> Action:
    """The rule order's first placement (`rule_order`'s, without the rest): the first that takes at most `CHEAP`
    workers in the first rule that has one; none such, the cheapest of the first rule that asks for any."""
    cheapest: Action | None = None
    for bucket in buckets:
        for a in bucket:
            if workers(state, a) <= CHEAP:
                return _as_trip(state, a)
        if cheapest is None and bucket:
            cheapest = min(bucket, key=lambda a: workers(state, a))
    if cheapest is not None:
        return _as_trip(state, cheapest)
    rest = [a for a in legal if not isinstance(a, Mine)]
    return chooser.choice(rest) if rest else _as_trip(state, legal[0])  # the bank is always open


def workers(state: GameState, action: Action) -> int:
    """The workers a placement takes: one more than are on its space (R-TURN-2); the bank, one."""
    space = placement_space(action)
    return 1 if space is None else state.space_workers[space.index] + 1


def _trips(p: Player, mines: list[Mine], every: bool) -> list[tuple[int, Mine]]:
    """Each open mining space with its trip's worth (`players.planning.trip_worth`), best first (the smaller
    space of equal worth first). A trip of more steps does at least as much, so unless `every` is asked the
    smaller spaces are counted only while they keep the largest one's worth."""
    out: list[tuple[int, Mine]] = []
    need = spots_open(p)
    for mine in sorted(mines, key=lambda a: -a.steps):
        worth = trip_worth(p, mine.steps, need)
        if not every and out and (worth < out[0][0] or not worth):
            break  # a smaller space's trip can do no more than a larger one's
        out.append((worth, mine))
    out.sort(key=lambda wm: (-wm[0], wm[1].steps))
    return out


def _as_trip(state: GameState, action: Action) -> Action:
    """A randomly chosen placement as played: a mining space by its trip."""
    if isinstance(action, Mine):
        return one_trip(state.players[state.current], action.steps)[0]
    return action


def _order_rank(state: GameState, take: TakeOrder) -> tuple[float, int]:
    """A face-up order's rank: most VP a spot first, then fewest spots."""
    card = state.order_spaces[int(take.space) - 1]
    spots = ORDER_CARDS[card or 0].spots
    return -ORDER_CARDS[card or 0].vp / len(spots), len(spots)


def _tile_buys(state: GameState, tiles: list[PlaceFactory], every: bool = False) -> list[Action]:
    """Of the face-up `tiles` the player can pay, those of a colour the orders need more of than the carts
    hold (`every`: all of them, the dearest coal first), the side that balances first."""
    if not tiles:
        return []
    p = state.players[state.current]
    if every:
        light, dark = p.tiles_by_side()
        chosen = [(TILES[state.factory[int(a.space) - 1] or 0], a) for a in tiles]
        chosen.sort(key=lambda ta: (ta[0].dark == (dark > light), -ta[0].colour))
        return [a for _, a in chosen]
    need = spots_open(p)
    if not any(need):
        return []
    have = [0, 0, 0, 0]
    for level in p.carts:
        for c in level:
            if c >= 0:
                have[c] += 1
    short = {c for c in range(4) if need[c] - p.cage[c] - p.storage[c] > have[c]}
    if not short:
        return []
    light, dark = p.tiles_by_side()
    wanted = []
    for a in tiles:
        tile = TILES[state.factory[int(a.space) - 1] or 0]
        if tile.colour in short:
            wanted.append((tile.dark == (dark > light), a))
    wanted.sort(key=lambda ba: ba[0])
    return [a for _, a in wanted]


def _draft(state: GameState, legal: list[Action]) -> Action:
    """The draft card with the fewest spots (the first such)."""
    picks = [a for a in legal if isinstance(a, DraftPick)]
    return min(picks, key=lambda a: len(ORDER_CARDS[state.draft_cards[a.card - 1] or 0].spots))


def _keep(state: GameState, legal: list[Action]) -> Action:
    """After a draw space: the order with most VP a spot, or the first tile that can be paid; the rest below."""
    pending = state.pending
    assert pending is not None
    picks = [a for a in legal if isinstance(a, ChooseDrawn) and a.pick is not None and a.to == "bottom"]
    if not picks:
        return next(a for a in legal if isinstance(a, ChooseDrawn) and a.to == "bottom")
    if pending.kind == "order":

        def per_spot(a: ChooseDrawn) -> float:
            card = ORDER_CARDS[pending.cards[(a.pick or 1) - 1]]
            return -card.vp / len(card.spots)

        return min(picks, key=per_spot)
    return picks[0]
