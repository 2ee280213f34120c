"""Scoring: the shift clock (R-SHIFT-1..6), the end of the game (R-END-1..5), breakdowns.

Shift results and final components are stored in the state when they happen, so a
breakdown can always be given afterwards: players dispute scores, the breakdown answers.
"""

from __future__ import annotations

from pydantic import BaseModel

from .components import CLOCK, ELEMENTS_SCORED, FACTORY_SPACES, ORDER_CARDS, ClockElement
from .state import ElementScore, FinalScore, GameState, Player


def element_count(p: Player, element: ClockElement) -> int:
    """What a player has of one clock element (R-SHIFT-2): spots are counted, not cubes."""
    if element.kind == "colour":
        return sum(ORDER_CARDS[c].spots.count(element.which) for c in p.delivered)
    if element.kind == "vehicle":
        return sum(len(ORDER_CARDS[c].spots) for c in p.delivered if ORDER_CARDS[c].vehicle == element.which)
    # A cart's colour is its level's colour, whatever cube sits on it.
    return sum(1 for cube in p.carts[element.which] if cube < 0)


def award(counts: list[int], first: int, second: int) -> list[int]:
    """VP for one element: majorities with ties (R-SHIFT-3..5)."""
    vp = [0] * len(counts)
    top = max(counts)
    if top < 1:  # R-SHIFT-3: only a count of at least 1 scores
        return vp
    leaders = [i for i, c in enumerate(counts) if c == top]
    for i in leaders:
        vp[i] = first
    if len(leaders) > 1 or len(counts) == 2:  # R-SHIFT-4 / R-SHIFT-5: no second place
        return vp
    rest = [c for c in counts if 1 <= c < top]
    if rest:
        runner_up = max(rest)
        for i, c in enumerate(counts):
            if c == runner_up:
                vp[i] = second
    return vp


def score_shift(state: GameState) -> list[ElementScore]:
    """The clock elements that score at the end of the current shift (R-SHIFT-1)."""
    out = []
    for element in CLOCK[: ELEMENTS_SCORED[state.shift]]:
        counts = [element_count(p, element) for p in state.players]
        out.append(ElementScore(element=element.number, counts=counts, vp=award(counts, element.first, element.second)))
    return out


def next_start_player(state: GameState) -> int:
    """R-SHIFT-6: most workers on the factory spaces; ties pass clockwise, never kept."""
    n = len(state.players)
    on_factory = [0] * n
    for i in FACTORY_SPACES:
        if state.space_owner[i] >= 0:
            on_factory[state.space_owner[i]] += state.space_workers[i]
    best = max(on_factory)
    tied = [seat for seat in range(n) if on_factory[seat] == best]
    if len(tied) == 1:
        return tied[0]
    for k in range(1, n):
        seat = (state.start_player + k) % n
        if seat in tied:
            return seat
    raise AssertionError("a tie has at least two players")  # pragma: no cover


def final_components(p: Player) -> FinalScore:
    """R-END-1..4 for one player."""
    light, dark = p.tiles_by_side()
    cubes = p.cubes_owned()
    return FinalScore(
        marks_vp=p.marks // 5,
        marks_left=p.marks % 5,
        cubes=cubes,
        cubes_vp=cubes // 3,
        orders_left=len(p.orders),
        orders_vp=-len(p.orders),
        light_tiles=light,
        dark_tiles=dark,
        balance_vp=-2 * abs(light - dark),
    )


def final_vp(f: FinalScore) -> int:
    return f.marks_vp + f.cubes_vp + f.orders_vp + f.balance_vp


def winners_of(vps: list[int], marks_left: list[int]) -> list[int]:
    """R-END-5: most VP; tie → most marks left; still tied → shared victory."""
    best = max(vps)
    tied = [i for i, v in enumerate(vps) if v == best]
    most = max(marks_left[i] for i in tied)
    return [i for i in tied if marks_left[i] == most]


# --- breakdown ---------------------------------------------------------------------------


class PlayerBreakdown(BaseModel):
    name: str
    deliveries: int  # VP from delivered orders (R-DEL-1)
    shifts: list[int]  # VP from each scored shift
    marks_vp: int = 0
    cubes_vp: int = 0
    orders_vp: int = 0
    balance_vp: int = 0
    marks_left: int | None = None  # the tie-breaker, once the game is over
    total: int


class Breakdown(BaseModel):
    """Every scoring component per player; the components sum to each total."""

    players: list[PlayerBreakdown]
    winners: list[str]  # empty until the game is over
    over: bool


def score_breakdown(state: GameState) -> Breakdown:
    """The scoring so far: deliveries, each shift, and the end-game components."""
    rows = []
    for seat, p in enumerate(state.players):
        shifts = [sum(e.vp[seat] for e in r.elements) for r in state.shift_results]
        f = state.final[seat] if state.final else None
        end = final_vp(f) if f else 0
        rows.append(
            PlayerBreakdown(
                name=p.name,
                # Derived from the total so it also works on a view with delivered cards hidden.
                deliveries=p.vp - sum(shifts) - end,
                shifts=shifts,
                marks_vp=f.marks_vp if f else 0,
                cubes_vp=f.cubes_vp if f else 0,
                orders_vp=f.orders_vp if f else 0,
                balance_vp=f.balance_vp if f else 0,
                marks_left=f.marks_left if f else None,
                total=p.vp,
            )
        )
    winners = [state.players[i].name for i in state.winners]
    return Breakdown(players=rows, winners=winners, over=state.phase == "over")


def final_scores(state: GameState) -> dict[str, int]:
    """Final VP per player name; the game must be over."""
    if state.phase != "over":
        raise ValueError("The game is not over yet.")
    return {p.name: p.vp for p in state.players}
