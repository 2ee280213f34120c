"""The game flow: setup and draft, worker placement, every action, the end of shifts.

One module (some 680 lines) on purpose: the rules are one state machine, and what is legal and what
applying it does are read side by side; its tables are `rules.components`, its mining `rules.mining`.

`apply` never changes the state it is given: it copies what the action touches (copy on
write), so a refused action leaves the caller's state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any, Literal

from . import rng
from .actions import (
    Action,
    ChooseDrawn,
    Deliver,
    DraftPick,
    Mine,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
    UseBank,
)
from .components import (
    CUBES_PER_COLOUR,
    DELIVER,
    DRAFT_PICKS,
    DRAW,
    DRAW_SIZE,
    FACTORY,
    LOCKED,
    MINE,
    MONEY,
    NO_COAL,
    ORDER,
    ORDER_CARDS,
    SHIFTS,
    SPACES,
    STARTING_MARKS,
    TILES,
    VEHICLES,
    WORKERS,
    Space,
    space_of,
)
from .errors import IllegalAction, RulesReason, quote
from .events import (
    Banked,
    Bought,
    Delivered,
    Drafted,
    DraftOver,
    Drew,
    Event,
    GameOver,
    Kept,
    Placed,
    PlayerVP,
    ShiftScored,
    ShiftStarted,
    StartPlayer,
    TookMoney,
    TookOrder,
)
from .mining import mined_event, run_plan
from .scoring import final_components, final_vp, next_start_player, score_shift, winners_of
from .state import GameOptions, GameState, Order, Pending, Player, ShiftResult, copy_model

# --- setup ----------------------------------------------------------------------------------


def new_game(players: list[str], seed: int, options: GameOptions | dict[str, Any] | None = None) -> GameState:
    """Set up a game (R-SETUP-1..5) for 2-4 player names in seat order (clockwise).

    Raises IllegalAction (PLAYER_COUNT, PLAYER_NAMES) for a table that cannot play.
    """
    n = len(players)
    if n not in WORKERS:
        raise IllegalAction(RulesReason.PLAYER_COUNT, count=n)
    if len(set(players)) != n or not all(players):
        raise IllegalAction(RulesReason.PLAYER_NAMES)
    if isinstance(options, dict):
        options = GameOptions(**options)
    state_rng = rng.seed_state(seed)
    tiles = list(range(len(TILES)))
    state_rng = rng.shuffle(state_rng, tiles)
    cards = list(range(len(ORDER_CARDS)))
    state_rng = rng.shuffle(state_rng, cards)
    state_rng, start = rng.below(state_rng, n)  # R-SETUP-4

    locked = LOCKED[n]
    factory: list[int | None] = []
    for k in range(1, 9):  # R-SETUP-2
        factory.append(None if space_of(FACTORY, k).index in locked else tiles.pop(0))
    reveal = DRAFT_PICKS * n + 1  # R-SETUP-5
    draft_cards: list[int | None] = list(cards[:reveal])
    # The start player's right-hand neighbour first, counter-clockwise; start player last.
    draft_order = [(start - 1 - k) % n for k in range(n)] * DRAFT_PICKS
    return GameState(
        seed=seed,
        options=options or GameOptions(),
        rng=state_rng,
        phase="draft",
        start_player=start,
        current=draft_order[0],
        players=[Player(name=name, workers=WORKERS[n], marks=STARTING_MARKS[n]) for name in players],
        supply=[CUBES_PER_COLOUR - n] * 4,  # R-PIT-1: one cube of each colour per pit
        tile_deck=tiles,
        order_deck=cards[reveal:],
        factory=factory,
        order_spaces=[None] * 4,
        space_owner=[-1] * len(SPACES),
        space_workers=[0] * len(SPACES),
        bank=[0] * n,
        canteen=[0] * n,
        draft_cards=draft_cards,
        draft_order=draft_order,
    )


# --- copy on write --------------------------------------------------------------------------


class _Change:
    """A state being changed by one action: board lists copied, players copied when touched."""

    def __init__(self, state: GameState, tell: bool = True) -> None:
        self.s = copy_model(
            state,
            {
                "supply": state.supply[:],
                "tile_deck": state.tile_deck[:],
                "order_deck": state.order_deck[:],
                "factory": state.factory[:],
                "order_spaces": state.order_spaces[:],
                "space_owner": state.space_owner[:],
                "space_workers": state.space_workers[:],
                "bank": state.bank[:],
                "canteen": state.canteen[:],
                "draft_cards": state.draft_cards[:],
                "draft_order": state.draft_order[:],
                "players": state.players[:],
                "shift_results": state.shift_results[:],
                "turn": state.turn + 1,
            },
        )
        self._copied: set[int] = set()
        self.events: list[Event] | None = [] if tell else None  # None: nobody listens (search)

    def player(self, seat: int) -> Player:
        """The player at `seat`, copied so it may be changed."""
        if seat not in self._copied:
            self.s.players[seat] = self.s.players[seat].clone()
            self._copied.add(seat)
        return self.s.players[seat]

    def say(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    def tell(self, make: Callable[..., Event], /, *args: Any, **fields: Any) -> None:
        """`say(make(*args, **fields))`, the event built only when somebody listens."""
        if self.events is not None:
            self.events.append(make(*args, **fields))

    def name(self, seat: int) -> str:
        return self.s.players[seat].name


# --- legality ----------------------------------------------------------------------------------


def substitute_options(supply: list[int], colour: int, carts: int) -> list[tuple[int, ...]]:
    """R-FAC-2: the choices for carts the supply cannot fill with `colour`.

    Each choice gives, for each such cart the supply could fill with another colour, a
    colour or NO_COAL (leave the cart empty); the other colours come first, NO_COAL
    last. [()] when there is nothing to choose: enough of `colour`, or no other coal
    at all (those carts stay empty).
    """
    short = carts - min(carts, supply[colour])
    others = [0 if c == colour else supply[c] for c in range(4)]
    take = min(short, sum(others))
    if take == 0:
        return [()]
    options = []
    for combo in combinations_with_replacement([c for c in range(4) if others[c]] + [NO_COAL], take):
        if all(combo.count(c) <= others[c] for c in set(combo) if c != NO_COAL):
            options.append(combo)
    return options


def placement_space(action: Action) -> Space | None:
    """The worker space an action places on; None for the bank, a draft pick and a draw choice."""
    if isinstance(action, PlaceFactory):
        return space_of(FACTORY, action.space)
    if isinstance(action, Mine):
        return space_of(MINE, action.steps)
    if isinstance(action, Deliver):
        return space_of(DELIVER, action.vehicle)
    if isinstance(action, TakeMoney):
        return space_of(MONEY, action.amount)
    if isinstance(action, TakeOrder):
        return space_of(ORDER, action.space)
    return None


def space_problem(state: GameState, seat: int, space: Space) -> IllegalAction | None:
    """Why `seat` may not place workers on `space` now (R-TURN-3), or None."""
    n = len(state.players)
    key = space.key
    if space.index in LOCKED[n]:
        return IllegalAction(RulesReason.SPACE_LOCKED, space=key, players=n)
    p = state.players[seat]
    need = state.space_workers[space.index] + 1  # R-TURN-2
    if need > p.workers:
        return IllegalAction(RulesReason.NOT_ENOUGH_WORKERS, space=key, need=need, have=p.workers)
    group, value = space.group, space.value
    if group == FACTORY:
        if value == DRAW:
            return None if state.tile_deck else IllegalAction(RulesReason.TILE_DECK_EMPTY)
        tile = state.factory[int(value) - 1]
        if tile is None:
            return IllegalAction(RulesReason.NO_TILE, space=key)
        if TILES[tile].price > p.marks:
            return IllegalAction(RulesReason.CANNOT_AFFORD, space=key, price=TILES[tile].price, have=p.marks)
    elif group == DELIVER:
        vehicle = VEHICLES.index(str(value))
        if not any(o.complete and ORDER_CARDS[o.card].vehicle == vehicle for o in p.orders):
            return IllegalAction(RulesReason.NOTHING_TO_DELIVER, vehicle=str(value))
    elif group == ORDER:
        if value == DRAW:
            return None if state.order_deck else IllegalAction(RulesReason.ORDER_DECK_EMPTY)
        if state.order_spaces[int(value) - 1] is None:
            return IllegalAction(RulesReason.NO_CARD, space=key)
    return None


_BANK = UseBank()
_MINES = {s: Mine(steps=s) for s in (4, 6, 8, 10)}
_MONEY = {a: TakeMoney(amount=a) for a in (3, 4, 5, 6)}
_DELIVER = {v: Deliver(vehicle=v) for v in VEHICLES}
_ORDERS: dict[int | str, TakeOrder] = {k: TakeOrder(space=k) for k in (1, 2, 3, 4, "draw")}
_FACTORY = {k: PlaceFactory(space=k) for k in range(1, 9)}
_FACTORY_DRAW = PlaceFactory(space=DRAW)
# The unlocked spaces by player count, each with its number (0 for draw and delivery spaces).
_UNLOCKED = {
    n: tuple((s, s.value if isinstance(s.value, int) else 0) for s in SPACES if s.index not in locked)
    for n, locked in LOCKED.items()
}


def _factory_actions(state: GameState, space: int, tile_id: int) -> list[PlaceFactory]:
    tile = TILES[tile_id]
    if state.supply[tile.colour] >= tile.carts:
        return [_FACTORY[space]]
    options = substitute_options(state.supply, tile.colour, tile.carts)
    return [PlaceFactory(space=space, substitutes=subs) for subs in options]


def legal_actions(state: GameState, player: str | None = None) -> list[Action]:
    """Every action the player to move may take now.

    Mining is listed once per mining space with an empty plan: the steps are too many
    to list, so `MinePlanner` (or `mining.next_steps`) gives the legal next steps.
    After a draw space, each choice is listed with the rest in drawn order; any other
    order of the rest (`ChooseDrawn.order`) is legal too. Empty for anyone but the
    player to move (`player`, when given).
    """
    if state.phase == "over":
        return []
    seat = state.current
    if player is not None and state.players[seat].name != player:
        return []
    if state.phase == "draft":
        return [DraftPick(card=k + 1) for k, c in enumerate(state.draft_cards) if c is not None]
    if state.phase == "draw":
        return _draw_choices(state, seat)
    # The same judgement as `space_problem`, without building refusals: this
    # runs for every decision of every simulated game (tests check the two agree).
    p = state.players[seat]
    workers, marks = p.workers, p.marks
    on_space = state.space_workers
    deliverable = {ORDER_CARDS[o.card].vehicle_name for o in p.orders if o.complete}
    out: list[Action] = []
    for space, number in _UNLOCKED[len(state.players)]:
        if on_space[space.index] >= workers:  # R-TURN-2: needs one more than are there
            continue
        group = space.group
        if group == MINE:
            out.append(_MINES[number])
        elif group == MONEY:
            out.append(_MONEY[number])
        elif group == DELIVER:
            if space.value in deliverable:
                out.append(_DELIVER[str(space.value)])
        elif group == ORDER:
            if not number:
                if state.order_deck:
                    out.append(_ORDERS[DRAW])
            elif state.order_spaces[number - 1] is not None:
                out.append(_ORDERS[number])
        elif not number:
            if state.tile_deck:
                out.append(_FACTORY_DRAW)
        else:
            tile = state.factory[number - 1]
            if tile is not None and TILES[tile].price <= marks:
                out += _factory_actions(state, number, tile)
    out.append(_BANK)  # R-TURN-4: the player to move always has a worker
    return out


def _draw_choices(state: GameState, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None
    p = state.players[seat]
    out: list[Action] = []
    picks: list[tuple[int | None, tuple[int, ...]]] = [(None, ())]
    for k, item in enumerate(pending.cards, start=1):
        if pending.kind == "order":
            picks.append((k, ()))
        elif TILES[item].price <= p.marks:
            tile = TILES[item]
            picks += [(k, subs) for subs in substitute_options(state.supply, tile.colour, tile.carts)]
    for pick, subs in picks:
        rest = len(pending.cards) - (pick is not None)
        for to in ("top", "bottom") if rest else ("bottom",):
            out.append(ChooseDrawn(pick=pick, to=to, substitutes=subs))
    return out


# --- apply -------------------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Take `action` for the player to move; return the new state and what happened.

    Raises IllegalAction (a reason code with parameters) if the action is not allowed
    now; the given state is never changed.
    """
    change = _run(state, action, tell=True)
    assert change.events is not None
    return change.s, change.events


def advance(state: GameState, action: Action) -> GameState:
    """`apply` without the events: the next state alone, for search that plays thousands of actions
    a move and reads no event (a fifth faster). The same checks, the same state."""
    return _run(state, action, tell=False).s


def _run(state: GameState, action: Action, tell: bool) -> _Change:
    phase = state.phase
    if phase == "over":
        raise IllegalAction(RulesReason.GAME_OVER)
    kind = getattr(action, "kind", None)
    name = state.players[state.current].name
    if phase == "draft" and kind != "draft":
        raise IllegalAction(RulesReason.DRAFT_FIRST, player=name)
    if phase == "draw" and kind != "keep":
        assert state.pending is not None
        raise IllegalAction(RulesReason.CHOOSE_DRAWN_FIRST, player=name, deck=state.pending.kind)
    if phase == "turn" and kind in ("draft", "keep"):
        raise IllegalAction(RulesReason.DRAFT_IS_OVER if kind == "draft" else RulesReason.NOTHING_DRAWN)
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalAction(RulesReason.NOT_AN_ACTION, action=quote(repr(action)))
    change = _Change(state, tell)
    handler(change, action)
    return change


def _draft(c: _Change, a: DraftPick) -> None:
    s = c.s
    seat = s.current
    if a.card > len(s.draft_cards) or s.draft_cards[a.card - 1] is None:
        left = [k + 1 for k, card in enumerate(s.draft_cards) if card is not None]
        raise IllegalAction(RulesReason.CARD_NOT_ON_OFFER, card=a.card, offered=left)
    card = s.draft_cards[a.card - 1]
    assert card is not None
    s.draft_cards[a.card - 1] = None
    _take_order_card(c, seat, card)
    c.tell(Drafted, player=c.name(seat), card=card)
    s.draft_order.pop(0)
    if s.draft_order:
        s.current = s.draft_order[0]
        return
    # R-SETUP-6: the card left over goes to the first unlocked order space; fill the rest.
    leftover = [card for card in s.draft_cards if card is not None]
    s.draft_cards = []
    locked = LOCKED[len(s.players)]
    for k in range(1, 5):
        if space_of(ORDER, k).index in locked:
            continue
        if leftover:
            s.order_spaces[k - 1] = leftover.pop()
        elif s.order_deck:
            s.order_spaces[k - 1] = s.order_deck.pop(0)
    s.phase = "turn"
    s.current = s.start_player
    c.tell(DraftOver, start_player=c.name(s.start_player))


def _place(c: _Change, space: Space) -> int:
    """Check and place the acting player's workers on `space` (R-TURN-2/3); return seat."""
    s = c.s
    seat = s.current
    problem = space_problem(s, seat, space)
    if problem:
        raise problem
    i = space.index
    displaced, owner = s.space_workers[i], s.space_owner[i]
    if displaced:
        s.canteen[owner] += displaced
    c.player(seat).workers -= displaced + 1
    s.space_owner[i], s.space_workers[i] = seat, displaced + 1
    if c.events is not None:
        c.say(
            Placed(
                player=c.name(seat),
                space=space.key,
                workers=displaced + 1,
                displaced=displaced,
                displaced_owner=c.name(owner) if displaced else None,
            )
        )
    return seat


def _buy_tile(c: _Change, seat: int, tile_id: int, substitutes: tuple[int, ...]) -> None:
    """R-FAC-1/2: pay, fill the carts from the supply, add the tile to the pit."""
    s = c.s
    tile = TILES[tile_id]
    p = c.player(seat)
    if tile.price > p.marks:
        raise IllegalAction(RulesReason.TILE_TOO_DEAR, price=tile.price, have=p.marks)
    options = substitute_options(s.supply, tile.colour, tile.carts)
    if substitutes:
        if tuple(sorted(substitutes)) not in {tuple(sorted(o)) for o in options}:
            if options == [()]:
                raise IllegalAction(RulesReason.NO_SUBSTITUTE_NEEDED, colour=tile.colour)
            raise IllegalAction(RulesReason.SUBSTITUTE_CHOICES, options=[list(o) for o in options])
        chosen = list(substitutes)
    else:
        chosen = []
        spare = s.supply[:]
        spare[tile.colour] -= min(spare[tile.colour], tile.carts)
        for _ in options[0]:  # automatic: the most plentiful colour each time
            best = max(range(4), key=lambda x: (spare[x], -x))
            spare[best] -= 1
            chosen.append(best)
    p.marks -= tile.price
    cubes = []
    for _ in range(tile.carts):
        if s.supply[tile.colour]:
            colour = tile.colour
        elif chosen:
            colour = chosen.pop(0)
        else:
            colour = NO_COAL  # the supply is out of coal: the cart stays empty
        if colour != NO_COAL:  # NO_COAL chosen: the player leaves the cart empty (R-FAC-2)
            s.supply[colour] -= 1
        cubes.append(colour)
    p.carts[tile.colour].extend(cubes)
    p.tiles.append(tile_id)
    c.tell(Bought, player=p.name, tile=tile_id, price=tile.price, carts=tuple(cubes))


def _factory(c: _Change, a: PlaceFactory) -> None:
    s = c.s
    seat = _place(c, space_of(FACTORY, a.space))
    if a.space == DRAW:
        if a.substitutes:
            raise IllegalAction(RulesReason.SUBSTITUTE_TOO_EARLY)
        _draw(c, seat, "tile")
        return
    assert isinstance(a.space, int)
    tile = s.factory[a.space - 1]
    assert tile is not None  # checked by _place
    _buy_tile(c, seat, tile, a.substitutes)
    s.factory[a.space - 1] = s.tile_deck.pop(0) if s.tile_deck else None  # R-FAC-3, R-DECK-1
    _next_turn(c)


def _draw(c: _Change, seat: int, kind: Literal["tile", "order"]) -> None:
    """R-FAC-5 / R-ORD-2: the top 5 go to the actor, who chooses before anyone moves on."""
    s = c.s
    deck = s.tile_deck if kind == "tile" else s.order_deck
    drawn = deck[:DRAW_SIZE]
    del deck[:DRAW_SIZE]
    s.pending = Pending(kind=kind, cards=drawn)
    s.phase = "draw"
    c.tell(Drew, player=c.name(seat), deck=kind, count=len(drawn))


def _keep(c: _Change, a: ChooseDrawn) -> None:
    s = c.s
    seat = s.current
    assert s.pending is not None
    drawn = s.pending.cards
    kind = s.pending.kind
    n = len(drawn)
    if a.pick is not None and a.pick > n:
        raise IllegalAction(RulesReason.PICK_OUT_OF_RANGE, pick=a.pick, drawn=n)
    rest = [k for k in range(1, n + 1) if k != a.pick]
    if a.order is not None:
        if sorted(a.order) != rest:
            raise IllegalAction(RulesReason.BAD_REST_ORDER, rest=rest)
        rest = list(a.order)
    card = None
    if a.pick is None:
        if a.substitutes:
            raise IllegalAction(RulesReason.SUBSTITUTE_ONLY_FOR_TILE)
    elif kind == "tile":
        _buy_tile(c, seat, drawn[a.pick - 1], a.substitutes)
    else:
        if a.substitutes:
            raise IllegalAction(RulesReason.SUBSTITUTE_ONLY_FOR_TILE)
        card = drawn[a.pick - 1]
        _take_order_card(c, seat, card)
    back = [drawn[k - 1] for k in rest]
    if kind == "tile":
        s.tile_deck = back + s.tile_deck if a.to == "top" else s.tile_deck + back
    else:
        s.order_deck = back + s.order_deck if a.to == "top" else s.order_deck + back
    s.pending = None
    s.phase = "turn"
    c.tell(Kept, player=c.name(seat), deck=kind, kept=a.pick is not None, card=card, returned=len(back), to=a.to)
    _next_turn(c)


def _mine(c: _Change, a: Mine) -> None:
    s = c.s
    seat = _place(c, space_of(MINE, a.steps))
    before = s.players[seat]
    run_plan(c.player(seat), a)
    c.tell(mined_event, before, a)
    _next_turn(c)


def _deliver(c: _Change, a: Deliver) -> None:
    s = c.s
    seat = _place(c, space_of(DELIVER, a.vehicle))
    p = c.player(seat)
    vehicle = VEHICLES.index(a.vehicle)
    done = [o for o in p.orders if o.complete and ORDER_CARDS[o.card].vehicle == vehicle]
    p.orders = [o for o in p.orders if not (o.complete and ORDER_CARDS[o.card].vehicle == vehicle)]
    vp = 0
    for o in done:  # R-DEL-1
        for spot in o.spots:
            for cube in spot:
                s.supply[cube] += 1
        p.delivered.append(o.card)
        vp += ORDER_CARDS[o.card].vp
    p.vp += vp
    c.tell(Delivered, player=p.name, vehicle=a.vehicle, cards=tuple(o.card for o in done), vp=vp)
    _next_turn(c)


def _money(c: _Change, a: TakeMoney) -> None:
    seat = _place(c, space_of(MONEY, a.amount))
    p = c.player(seat)
    p.marks += a.amount
    c.tell(TookMoney, player=p.name, amount=a.amount)
    _next_turn(c)


def _take_order_card(c: _Change, seat: int, card: int) -> None:
    c.player(seat).orders.append(Order(card=card, spots=[[] for _ in ORDER_CARDS[card].spots]))


def _order(c: _Change, a: TakeOrder) -> None:
    s = c.s
    seat = _place(c, space_of(ORDER, a.space))
    if a.space == DRAW:
        _draw(c, seat, "order")
        return
    assert isinstance(a.space, int)
    card = s.order_spaces[a.space - 1]
    assert card is not None  # checked by _place
    _take_order_card(c, seat, card)
    s.order_spaces[a.space - 1] = s.order_deck.pop(0) if s.order_deck else None  # R-ORD-1
    c.tell(TookOrder, player=c.name(seat), card=card)
    _next_turn(c)


def _bank(c: _Change, a: UseBank) -> None:
    s = c.s
    seat = s.current
    p = c.player(seat)
    p.workers -= 1  # R-TURN-4: exactly one worker, whoever is there already
    p.marks += 1
    s.bank[seat] += 1
    c.tell(Banked, player=p.name)
    _next_turn(c)


_HANDLERS: dict[str, Callable[[_Change, Any], None]] = {
    "draft": _draft,
    "factory": _factory,
    "mine": _mine,
    "deliver": _deliver,
    "money": _money,
    "order": _order,
    "bank": _bank,
    "keep": _keep,
}

# --- turn order and the end of a shift ------------------------------------------------------------


def next_player(state: GameState) -> str | None:
    """Who decides after the player to move, as things stand (the draft's next pick; in a shift the next
    player clockwise with workers, R-TURN-5); None if that is nobody else, or the shift may end first."""
    if state.phase == "draft":
        order = state.draft_order
        return state.players[order[1]].name if len(order) > 1 else None
    if state.phase != "turn":
        return None
    n = len(state.players)
    for k in range(1, n):
        seat = (state.current + k) % n
        if state.players[seat].workers > 0:
            return state.players[seat].name
    return None


def _next_turn(c: _Change) -> None:
    """Clockwise to the next player with workers (R-TURN-5); else the shift ends (R-TURN-6)."""
    s = c.s
    n = len(s.players)
    for k in range(1, n + 1):
        seat = (s.current + k) % n
        if s.players[seat].workers > 0:
            s.current = seat
            return
    _end_shift(c)


def _end_shift(c: _Change) -> None:
    s = c.s
    n = len(s.players)
    elements = score_shift(s)  # R-SHIFT-1..5
    for seat in range(n):
        gained = sum(e.vp[seat] for e in elements)
        if gained:
            c.player(seat).vp += gained
    last = s.shift == SHIFTS
    new_start = s.start_player if last else next_start_player(s)
    delivered = [len(p.delivered) for p in s.players]
    s.shift_results.append(ShiftResult(shift=s.shift, elements=elements, start_player=new_start, delivered=delivered))
    if c.events is not None:
        gains = tuple(PlayerVP(player=c.name(i), vp=sum(e.vp[i] for e in elements)) for i in range(n))
        c.say(ShiftScored(shift=s.shift, gains=gains))
    if last:
        _end_game(c)
        return
    if new_start != s.start_player:
        c.tell(StartPlayer, player=c.name(new_start))
    s.start_player = new_start  # R-SHIFT-6
    for seat in range(n):  # R-SHIFT-7
        c.player(seat).workers = WORKERS[n]
    s.space_owner = [-1] * len(SPACES)
    s.space_workers = [0] * len(SPACES)
    s.bank = [0] * n
    s.canteen = [0] * n
    s.shift += 1
    s.current = new_start
    c.tell(ShiftStarted, shift=s.shift, start_player=c.name(new_start))


def _end_game(c: _Change) -> None:
    """R-END-1..5 after the third shift's scoring."""
    s = c.s
    finals = []
    for seat in range(len(s.players)):
        p = c.player(seat)
        f = final_components(p)
        p.vp += final_vp(f)
        p.marks = f.marks_left  # full 5s were exchanged for VP
        finals.append(f)
    s.final = finals
    s.winners = winners_of([p.vp for p in s.players], [f.marks_left for f in finals])
    s.phase = "over"
    if c.events is not None:
        c.say(
            GameOver(
                winners=tuple(c.name(i) for i in s.winners),
                scores=tuple(PlayerVP(player=p.name, vp=p.vp) for p in s.players),
            )
        )
