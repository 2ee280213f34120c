"""A league's pairings and standings from its results alone (no I/O, no Discord): the tables of a Swiss round,
a round-robin's fixed schedule, the points a table's places give and the standings with their tie-breaks.

The rules (docs/commands.md, "Leagues", says the same to hosts):
- **Tables.** `count` players at tables of at most `size` (2, 3 or 4) sit at as few tables as may be, as
  even as possible, the larger first: 9 at tables of 4 are 3, 3, 3; 10 are 4, 3, 3; a table of one is a bye.
- **Swiss.** Players are ranked by points, then rating, then who signed up first; each table takes the best
  ranked player left and the nearest in rank who have met none of its players yet, so that no two players
  meet twice where it can be avoided (a search over the tables; past its budget, the fewest repeats a
  swap between tables can reach). The bye goes to the lowest ranked of those with the fewest byes.
- **Round-robin.** A schedule fixed when the league starts: rounds of tables, each pairing as many players
  who have not met as it can, until every two players have met once (tables of two: the circle method,
  `count - 1` rounds, or `count` with a bye each when odd).
- **Places.** A table's places are its final VP, then the marks left (the game's own tie-break, R-END-4);
  equal on both share their places. Place `k` of `n` gives `3 * (n - k) / (n - 1)` points (3/2/1/0 at four,
  3/1.5/0 at three, 3/0 at two); shared places share their points; a bye gives 1.5.
- **Standings.** Points, then the VP margin (over the league's games, each game's VP less the best rival's
  at that table), then Buchholz (the points of every opponent met, once per game), then rating.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

MAX_POINTS = 3.0  # a table's first place
BYE_POINTS = 1.5  # a round without a table
SEARCH_NODES = 20_000  # the pairing search's budget, in tables tried, before it settles for the fewest repeats

Pair = tuple[int, int]


def pair_of(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def table_sizes(count: int, size: int) -> list[int]:
    """Seats per table for `count` players at tables of at most `size`: the fewest tables, as even as
    possible, largest first; a last table of one is a bye."""
    if count <= 0:
        return []
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as a round is paired: their points so far, their rating, how many byes they had, and their
    place in the sign-up order (the last tie-break)."""

    user_id: int
    points: float = 0.0
    rating: float = 0.0
    byes: int = 0
    order: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's tables (user ids, best ranked first) and its bye (None without one); `repeats`: the pairs at
    its tables that had met before (0 whenever that could be avoided within the search's budget)."""

    tables: tuple[tuple[int, ...], ...]
    bye: int | None
    repeats: int


def met_pairs(tables: Iterable[Sequence[int]]) -> Counter[Pair]:
    """How often each two players sat at one table, over `tables`."""
    met: Counter[Pair] = Counter()
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            met[pair_of(a, b)] += 1
    return met


def _repeats(table: Sequence[int], met: Mapping[Pair, int]) -> int:
    return sum(1 for a, b in itertools.combinations(table, 2) if met.get(pair_of(a, b), 0))


def ranked(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Best first: points, then rating, then sign-up order."""
    return sorted(entrants, key=lambda e: (-e.points, -e.rating, e.order, e.user_id))


def pair_round(entrants: Sequence[Entrant], met: Mapping[Pair, int], size: int) -> Pairing:
    """The tables of a Swiss round (see the module's rules)."""
    order = ranked(entrants)
    sizes = table_sizes(len(order), size)
    bye = None
    if sizes and sizes[-1] == 1:
        fewest = min(e.byes for e in order)
        bye = next(e for e in reversed(order) if e.byes == fewest).user_id
        order = [e for e in order if e.user_id != bye]
        sizes.pop()
    players = [e.user_id for e in order]
    tables = _search(players, sizes, met)
    if tables is None:
        tables = _improve(_greedy(players, sizes, met), met)
    return Pairing(tuple(tables), bye, sum(_repeats(t, met) for t in tables))


def _window(size: int) -> int:
    return 3 * size + 6


def _candidates(left: list[int], size: int, met: Mapping[Pair, int]) -> list[tuple[int, ...]]:
    """The tables the best ranked player left may sit at: with players near them in rank, those with the
    fewest repeats first, then the nearest in rank."""
    anchor, near = left[0], left[1 : 1 + _window(size)]
    rank = {p: i for i, p in enumerate(left)}
    tables = [(anchor, *c) for c in itertools.combinations(near, size - 1)]
    return sorted(tables, key=lambda t: (_repeats(t, met), sum(rank[p] for p in t)))


def _search(players: list[int], sizes: list[int], met: Mapping[Pair, int]) -> list[tuple[int, ...]] | None:
    """Tables in which nobody meets anyone twice, nearest in rank first (a depth-first search: the best
    ranked player left takes each table size still to fill, the larger first, with each candidate table);
    None when none is found within the budget. The tables come back largest first."""
    budget = [SEARCH_NODES]

    def place(left: list[int], sizes_left: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        if not sizes_left:
            return []
        for size in sorted(set(sizes_left), reverse=True):
            rest_sizes = list(sizes_left)
            rest_sizes.remove(size)
            for table in _candidates(left, size, met):
                if _repeats(table, met):
                    break  # the candidates come fewest repeats first: none without one is left
                budget[0] -= 1
                if budget[0] < 0:
                    return None
                seated = set(table)
                rest = place([p for p in left if p not in seated], tuple(rest_sizes))
                if rest is not None:
                    return [table, *rest]
        return None

    found = place(players, tuple(sizes))
    return None if found is None else sorted(found, key=len, reverse=True)


def _greedy(players: list[int], sizes: list[int], met: Mapping[Pair, int]) -> list[tuple[int, ...]]:
    tables, left = [], list(players)
    for size in sizes:
        table = _candidates(left, size, met)[0]
        tables.append(table)
        left = [p for p in left if p not in table]
    return tables


def _improve(tables: list[tuple[int, ...]], met: Mapping[Pair, int]) -> list[tuple[int, ...]]:
    """Fewer repeats by swapping two players of two tables, while a swap lowers them."""
    rows = [list(t) for t in tables]
    for _ in range(100):
        better = False
        for i, one in enumerate(rows):
            if not _repeats(one, met):
                continue
            for j, other in enumerate(rows):
                if i == j:
                    continue
                before = _repeats(one, met) + _repeats(other, met)
                for a, b in itertools.product(range(len(one)), range(len(other))):
                    one[a], other[b] = other[b], one[a]
                    if _repeats(one, met) + _repeats(other, met) < before:
                        better = True
                        break
                    one[a], other[b] = other[b], one[a]
                if better:
                    break
            if better:
                break
        if not better:
            break
    return [tuple(t) for t in rows]


def round_robin(players: Sequence[int], size: int) -> list[Pairing]:
    """A round-robin's fixed schedule for `players` (in sign-up order) at tables of at most `size`: rounds
    until every two have met once (see the module's rules)."""
    if size == 2:
        return _circle(list(players))
    met: Counter[Pair] = Counter()
    byes: Counter[int] = Counter()
    rounds: list[Pairing] = []
    every = len(players) * (len(players) - 1) // 2
    while len(met) < every and len(rounds) < 2 * len(players):
        # who has met the fewest others goes first: their tables are the hardest to fill with new faces
        seen = Counter(p for pair in met for p in pair)
        entrants = [Entrant(p, points=-seen[p], byes=byes[p], order=k) for k, p in enumerate(players)]
        pairing = pair_round(entrants, met, size)
        rounds.append(pairing)
        met.update(met_pairs(pairing.tables))
        if pairing.bye is not None:
            byes[pairing.bye] += 1
    return rounds


def _circle(players: list[int]) -> list[Pairing]:
    """The circle method: one player fixed, the others turning; a bye for whoever meets the empty place."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    rounds = []
    for _ in range(len(ring) - 1):
        pairs = [(ring[k], ring[-1 - k]) for k in range(len(ring) // 2)]
        tables = tuple(tuple(sorted((a, b), key=players.index)) for a, b in pairs if a is not None and b is not None)
        bye = next((a if b is None else b for a, b in pairs if a is None or b is None), None)
        rounds.append(Pairing(tables, bye, 0))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


# --- points and standings ---------------------------------------------------------------------------------


def placing_points(results: Sequence[tuple[int, int]]) -> list[float]:
    """The points each seat of a finished table gets, from its (VP, marks left) in seat order: by place,
    shared places sharing their points (see the module's rules)."""
    n = len(results)
    if n < 2:
        return [BYE_POINTS] * n
    by_place = sorted(range(n), key=lambda k: (-results[k][0], -results[k][1]))
    points = [0.0] * n
    place = 0
    while place < n:
        tied = [k for k in by_place[place:] if results[k] == results[by_place[place]]]
        share = sum(MAX_POINTS * (n - 1 - (place + j)) / (n - 1) for j in range(len(tied))) / len(tied)
        for k in tied:
            points[k] = share
        place += len(tied)
    return points


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table: its seats' user ids (None for a computer's seat), their (VP, marks left), and the
    seats that do not count for the standings (a player who withdrew: a computer finished their game)."""

    users: tuple[int | None, ...]
    results: tuple[tuple[int, int], ...]
    uncounted: frozenset[int] = frozenset()


@dataclass(slots=True)
class Standing:
    """A player's line in the standings."""

    user_id: int
    points: float = 0.0
    margin: int = 0
    buchholz: float = 0.0
    games: int = 0
    byes: int = 0
    rating: float = 0.0
    order: int = 0
    withdrawn: bool = False
    opponents: list[int] = field(default_factory=list)


def standings(
    players: Sequence[tuple[int, float, bool]], tables: Iterable[TableResult], byes: Iterable[int]
) -> list[Standing]:
    """The standings, best first, of `players` ((user id, rating, withdrawn), in sign-up order) after the
    finished `tables` and the `byes` given (a user id per bye)."""
    lines = {u: Standing(u, rating=r, order=k, withdrawn=w) for k, (u, r, w) in enumerate(players)}
    for table in tables:
        points = placing_points(table.results)
        for seat, user in enumerate(table.users):
            line = lines.get(user) if user is not None else None
            if line is None or user in table.uncounted:
                continue
            rivals = [vp for k, (vp, _m) in enumerate(table.results) if k != seat]
            line.points += points[seat]
            line.margin += table.results[seat][0] - max(rivals, default=table.results[seat][0])
            line.games += 1
            line.opponents += [u for k, u in enumerate(table.users) if k != seat and u is not None]
    for user in byes:
        if user in lines:
            lines[user].points += BYE_POINTS
            lines[user].byes += 1
    for line in lines.values():
        line.buchholz = sum(lines[o].points for o in line.opponents if o in lines)
    return sorted(lines.values(), key=lambda s: (-s.points, -s.margin, -s.buchholz, -s.rating, s.order, s.user_id))
