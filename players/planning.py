"""Mining plans worth considering: trips down the shaft for the coal the orders need.

Listing every legal sequence of work steps is hopeless (thousands per turn), so plans are
built from a few moves that make sense: fill order spots from storage, ride the cage to
one or two tunnel levels and load what the orders need (or as much as fits), come up and
fill every spot the cage and storage can match, completing an order with two cubes of
any colour (R-MINE-7) when one spot is left. Every step goes through the rules' own step
check, so each plan is legal.
"""

from __future__ import annotations

from rules.actions import Fill, Mine, Source
from rules.components import CAGE_CAPACITY, ORDER_CARDS, SURFACE
from rules.mining import CAGE_STEPS, LOAD_STEPS, MineStep, do_step, fill_step, step_problem
from rules.state import Player

__all__ = ["Trip", "mining_plans", "one_trip", "spots_open", "trip_worth"]


class Trip:
    """A plan under construction: the pit after the steps so far, and the steps left."""

    __slots__ = ("pit", "steps", "left")

    def __init__(self, pit: Player, steps: list[MineStep], left: int):
        self.pit, self.steps, self.left = pit, steps, left

    def branch(self) -> Trip:
        return Trip(self.pit.clone(), self.steps[:], self.left)

    def push(self, step: MineStep) -> bool:
        """Take `step` if the rules allow it now; say whether it was taken."""
        if step_problem(self.pit, step, self.left) is not None:
            return False
        do_step(self.pit, step)
        self.steps.append(step)
        self.left -= step.cost if isinstance(step, Fill) else 1
        return True


def _open(p: Player) -> list[tuple[int, int, int]]:
    """Open spots as (order, spot, colour), 1-based, orders closest to complete first."""
    out = []
    for o, order in enumerate(p.orders, start=1):
        colours = ORDER_CARDS[order.card].spots
        missing = sum(1 for s in order.spots if not s)
        for s, on in enumerate(order.spots, start=1):
            if not on:
                out.append((missing, o, s, colours[s - 1]))
    out.sort()
    return [(o, s, c) for _, o, s, c in out]


def _wanted(p: Player) -> list[int]:
    """Cubes still to fetch from the carts, by colour: open spots less cage and storage."""
    need = spots_open(p)
    return [max(0, need[c] - p.cage[c] - p.storage[c]) for c in range(4)]


def _fill_matching(trip: Trip, from_cage: bool) -> None:
    """Fill every open spot a cube in storage (and the cage, at the surface) matches."""
    if not any(trip.pit.storage) and not (from_cage and any(trip.pit.cage)):
        return  # no cube to fill with
    for o, s, c in _open(trip.pit):
        if trip.left < 1:
            return
        if from_cage and trip.pit.cage[c]:
            trip.push(fill_step(o, s, (c,), ("cage",)))
        elif trip.pit.storage[c]:
            trip.push(fill_step(o, s, (c,), ("storage",)))


def _complete_with_two(trip: Trip) -> None:
    """R-MINE-7: the last open spot of an order filled with two spare cubes."""
    p = trip.pit
    for o, order in enumerate(p.orders, start=1):
        empty = [s for s, on in enumerate(order.spots, start=1) if not on]
        if len(empty) != 1 or trip.left < 2:
            continue
        spare: list[tuple[int, Source]] = []
        for c in range(4):  # cheapest coal first
            spare += [(c, "cage")] * (p.cage[c] if p.cage_level == SURFACE else 0)
            spare += [(c, "storage")] * p.storage[c]
        if len(spare) < 2:
            return
        (c1, s1), (c2, s2) = spare[0], spare[1]
        trip.push(fill_step(o, empty[0], (c1, c2), (s1, s2)))


def _surface(trip: Trip) -> None:
    if trip.pit.cage_level != SURFACE:
        if not trip.push(CAGE_STEPS[SURFACE]):
            return
    _fill_matching(trip, from_cage=True)
    _complete_with_two(trip)


def _load(trip: Trip, level: int, count: int, wanted: list[int]) -> None:
    """Load up to `count` cubes at `level`, the colours the orders want first."""
    carts = trip.pit.carts[level - 1]
    colours = sorted({c for c in carts if c >= 0}, key=lambda c: (-wanted[c], -c))
    for colour in colours:
        while count and colour in trip.pit.carts[level - 1] and trip.push(LOAD_STEPS[colour]):
            count -= 1


def mining_plans(pit: Player, steps: int, visits: int = 2) -> list[tuple[Mine, Player]]:
    """Sensible plans for `steps` work steps in `pit`, each with the pit it leaves.

    `visits` bounds the tunnel levels one trip loads at (more plans, more time).
    """
    start = Trip(pit.clone(), [], steps)
    _fill_matching(start, from_cage=pit.cage_level == SURFACE)
    out: dict[tuple, tuple[Mine, Player]] = {}

    def keep(trip: Trip) -> None:
        key = tuple(trip.steps)
        if key not in out:
            out[key] = (Mine(steps=steps, plan=key), trip.pit)

    def explore(trip: Trip, visited: int) -> None:
        keep(trip)
        up = trip.branch()
        _surface(up)
        keep(up)
        if visited >= visits or trip.left < 2 or trip.pit.cage_free() <= 0:
            return
        wanted = _wanted(trip.pit)
        for level in range(1, 5):
            cubes = sum(1 for c in trip.pit.carts[level - 1] if c >= 0)
            if not cubes:
                continue
            room = min(cubes, trip.pit.cage_free())
            need = min(room, sum(wanted[c] for c in set(trip.pit.carts[level - 1]) if c >= 0))
            for count in sorted({need, room} - {0}):
                down = trip.branch()
                if down.pit.cage_level != level and not down.push(CAGE_STEPS[level]):
                    continue
                _load(down, level, count, wanted)
                if len(down.steps) > len(trip.steps) + (down.pit.cage_level != trip.pit.cage_level):
                    explore(down, visited + 1)

    explore(start, 0)
    return list(out.values())


def one_trip(pit: Player, steps: int) -> tuple[Mine, int]:
    """One direct plan for `steps` work steps, and what it does: cubes in storage (and the cage, at the
    surface) onto matching spots, the cage down to the level of the most wanted coal the carts hold (the
    dearest of equals), as many of it loaded as leave steps to bring them up and fill their spots, then up
    and onto the orders (an order's last spot with two spare cubes, R-MINE-7). Its worth: 3 for each spot
    filled, 1 for each cube loaded that an order wants. A playout's mining (`players.rollout`): one plan,
    built without listing the steps the rules would allow."""
    trip = Trip(pit.clone(), [], steps)
    _fill_matching(trip, from_cage=pit.cage_level == SURFACE)
    wanted = _wanted(trip.pit)
    loaded = 0
    colours = [c for c in range(4) if wanted[c] and c in trip.pit.carts[c]]
    if colours and trip.left >= 3:
        colour = max(colours, key=lambda c: (wanted[c], c))
        level = colour + 1
        if trip.pit.cage_level == level or trip.push(CAGE_STEPS[level]):
            room = max(1, (trip.left - 1) // 2)
            before = trip.pit.cage[colour]
            _load(trip, level, min(room, wanted[colour], trip.pit.cage_free()), wanted)
            loaded = trip.pit.cage[colour] - before
    _surface(trip)
    filled = sum(1 for step in trip.steps if isinstance(step, Fill))
    return Mine(steps=steps, plan=tuple(trip.steps)), 3 * filled + loaded


def spots_open(p: Player) -> list[int]:
    """The empty order spots in the pit, by the colour they ask for."""
    need = [0, 0, 0, 0]
    for order in p.orders:
        for colour, on in zip(ORDER_CARDS[order.card].spots, order.spots, strict=True):
            need[colour] += not on
    return need


def trip_worth(pit: Player, steps: int, open_spots: list[int] | None = None) -> int:
    """What `one_trip(pit, steps)` is worth, counted without building it (3 a spot filled, 1 a wanted cube
    loaded; an order completed with two spare cubes not counted): a playout asks it of every open mining
    space at every placement, and builds only the trip it plays. `open_spots`: `spots_open(pit)`, when the
    caller asks of several spaces (left unchanged)."""
    need = spots_open(pit) if open_spots is None else open_spots[:]
    if not any(need):
        return 0
    left, filled, loaded = steps, 0, 0
    cage, storage = pit.cage[:], pit.storage[:]
    level = pit.cage_level

    def fill(pool: list[int]) -> None:
        nonlocal left, filled
        for c in range(4):
            if need[c] and pool[c] and left:  # else nothing moves
                k = min(need[c], pool[c], left)
                need[c] -= k
                pool[c] -= k
                left -= k
                filled += k

    if level == SURFACE:
        fill(cage)
    fill(storage)
    wanted = [max(0, need[c] - cage[c] - storage[c]) for c in range(4)]
    colours = [c for c in range(4) if wanted[c] and c in pit.carts[c]]
    if colours and left >= 3:
        colour = max(colours, key=lambda c: (wanted[c], c))
        if level != colour + 1:
            left -= 1
            level = colour + 1
        room = max(1, (left - 1) // 2)
        loaded = min(room, wanted[colour], CAGE_CAPACITY - sum(cage), pit.carts[colour].count(colour), left)
        cage[colour] += loaded
        left -= loaded
    if level != SURFACE:
        if left < 1:
            return 3 * filled + loaded
        left -= 1
    fill(cage)
    fill(storage)
    return 3 * filled + loaded
