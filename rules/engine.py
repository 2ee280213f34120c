"""The game flow: setup and draft, worker placement, every action, the end of shifts.

`apply` never changes the state it is given: it copies what the action touches (copy on
write), so a refused action leaves the caller's state exactly as it was.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from pydantic import BaseModel

from . import rng
from .actions import (
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
    COLOUR_NAMES,
    CUBES_PER_COLOUR,
    DELIVER,
    DRAFT_PICKS,
    DRAW,
    DRAW_SIZE,
    FACTORY,
    LOCKED,
    MINE,
    MONEY,
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
from .errors import IllegalAction
from .mining import describe_plan, run_plan
from .scoring import final_components, final_vp, next_start_player, score_shift, winners_of
from .state import GameOptions, GameState, Order, Pending, Player, ShiftResult, copy_model


class Event(BaseModel):
    """Something that happened, for logs and channel messages."""

    kind: str  # placed, bought, drew, kept, mined, delivered, money, order, bank, drafted,
    # draft_over, shift_scored, start_player, shift_started, game_over
    text: str  # one English sentence, public information only
    player: str | None = None


# --- setup ----------------------------------------------------------------------------------


def new_game(players: list[str], seed: int, options: GameOptions | dict | None = None) -> GameState:
    """Set up a game (R-SETUP-1..5) for 2-4 player names in seat order (clockwise)."""
    n = len(players)
    if n not in WORKERS:
        raise IllegalAction(f"Coal Baron is for 2 to 4 players, not {n}.")
    if len(set(players)) != n or not all(players):
        raise IllegalAction("Every player needs a different, non-empty name.")
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

    def __init__(self, state: GameState):
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
        self.events: list[Event] = []

    def player(self, seat: int) -> Player:
        """The player at `seat`, copied so it may be changed."""
        if seat not in self._copied:
            self.s.players[seat] = self.s.players[seat].clone()
            self._copied.add(seat)
        return self.s.players[seat]

    def say(self, kind: str, text: str, seat: int | None = None) -> None:
        name = None if seat is None else self.s.players[seat].name
        self.events.append(Event(kind=kind, text=text, player=name))


# --- legality ----------------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def substitute_options(supply: list[int], colour: int, carts: int) -> list[tuple[int, ...]]:
    """R-FAC-2: the substitute colours possible for carts the supply cannot fill.

    [()] when the supply has enough of `colour` (or nothing at all to substitute).
    """
    short = carts - min(carts, supply[colour])
    others = [0 if c == colour else supply[c] for c in range(4)]
    take = min(short, sum(others))
    if take == 0:
        return [()]
    options = []
    for combo in combinations_with_replacement([c for c in range(4) if others[c]], take):
        if all(combo.count(c) <= others[c] for c in set(combo)):
            options.append(combo)
    return options


def space_problem(state: GameState, seat: int, space: Space) -> str | None:
    """Why `seat` may not place workers on `space` now (R-TURN-3), or None."""
    n = len(state.players)
    if space.index in LOCKED[n]:
        return f"{space.name} is locked in a {n}-player game."
    p = state.players[seat]
    need = state.space_workers[space.index] + 1  # R-TURN-2
    if need > p.workers:
        return f"{space.name} needs {_plural(need, 'worker')}; you have {p.workers}."
    group, value = space.group, space.value
    if group == FACTORY:
        if value == DRAW:
            return None if state.tile_deck else "The tile deck is empty."
        tile = state.factory[value - 1]
        if tile is None:
            return f"{space.name} has no tile."
        if TILES[tile].price > p.marks:
            return f"{space.name} costs {TILES[tile].price} marks; you have {p.marks}."
    elif group == DELIVER:
        vehicle = VEHICLES.index(value)
        if not any(o.complete and ORDER_CARDS[o.card].vehicle == vehicle for o in p.orders):
            return f"You have no complete {value} order to deliver."
    elif group == ORDER:
        if value == DRAW:
            return None if state.order_deck else "The order deck is empty."
        if state.order_spaces[value - 1] is None:
            return f"{space.name} has no card."
    return None


_BANK = UseBank()
_MINES = {s: Mine(steps=s) for s in (4, 6, 8, 10)}
_MONEY = {a: TakeMoney(amount=a) for a in (3, 4, 5, 6)}
_DELIVER = {v: Deliver(vehicle=v) for v in VEHICLES}
_ORDERS = {k: TakeOrder(space=k) for k in (1, 2, 3, 4, DRAW)}
_FACTORY = {k: PlaceFactory(space=k) for k in range(1, 9)}
_FACTORY_DRAW = PlaceFactory(space=DRAW)
_UNLOCKED = {n: tuple(s for s in SPACES if s.index not in locked) for n, locked in LOCKED.items()}


def _factory_actions(state: GameState, space: int) -> list[PlaceFactory]:
    tile = TILES[state.factory[space - 1]]
    if state.supply[tile.colour] >= tile.carts:
        return [_FACTORY[space]]
    options = substitute_options(state.supply, tile.colour, tile.carts)
    return [PlaceFactory(space=space, substitutes=subs) for subs in options]


def legal_actions(state: GameState, player: str | None = None) -> list:
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
    # The same judgement as `space_problem`, without building refusal sentences: this
    # runs for every decision of every simulated game (tests check the two agree).
    p = state.players[seat]
    workers, marks = p.workers, p.marks
    on_space = state.space_workers
    deliverable = {ORDER_CARDS[o.card].vehicle_name for o in p.orders if o.complete}
    out = []
    for space in _UNLOCKED[len(state.players)]:
        if on_space[space.index] >= workers:  # R-TURN-2: needs one more than are there
            continue
        group, value = space.group, space.value
        if group == MINE:
            out.append(_MINES[value])
        elif group == MONEY:
            out.append(_MONEY[value])
        elif group == DELIVER:
            if value in deliverable:
                out.append(_DELIVER[value])
        elif group == ORDER:
            if state.order_deck if value == DRAW else state.order_spaces[value - 1] is not None:
                out.append(_ORDERS[value])
        elif value == DRAW:
            if state.tile_deck:
                out.append(_FACTORY_DRAW)
        else:
            tile = state.factory[value - 1]
            if tile is not None and TILES[tile].price <= marks:
                out += _factory_actions(state, value)
    out.append(_BANK)  # R-TURN-4: the player to move always has a worker
    return out


def _draw_choices(state: GameState, seat: int) -> list[ChooseDrawn]:
    pending = state.pending
    p = state.players[seat]
    out = []
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


def apply(state: GameState, action) -> tuple[GameState, list[Event]]:
    """Take `action` for the player to move; return the new state and what happened.

    Raises IllegalAction (one plain sentence) if the action is not allowed now; the
    given state is never changed.
    """
    phase = state.phase
    if phase == "over":
        raise IllegalAction("The game is over.")
    kind = getattr(action, "kind", None)
    name = state.players[state.current].name
    if phase == "draft" and kind != "draft":
        raise IllegalAction(f"The opening draft comes first: {name} picks an order card.")
    if phase == "draw" and kind != "keep":
        what = "tiles" if state.pending.kind == "tile" else "order cards"
        raise IllegalAction(f"{name} must first choose from the drawn {what}.")
    if phase == "turn" and kind in ("draft", "keep"):
        raise IllegalAction("The draft is over." if kind == "draft" else "Nothing is drawn to choose from.")
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(f"{action!r} is not a Coal Baron action.")
    change = _Change(state)
    handler(change, action)
    return change.s, change.events


def _draft(c: _Change, a: DraftPick) -> None:
    s = c.s
    seat = s.current
    if a.card > len(s.draft_cards) or s.draft_cards[a.card - 1] is None:
        left = ", ".join(str(k + 1) for k, card in enumerate(s.draft_cards) if card is not None)
        raise IllegalAction(f"Card {a.card} is not on offer; choose one of {left}.")
    card = s.draft_cards[a.card - 1]
    s.draft_cards[a.card - 1] = None
    _take_order_card(c, seat, card)
    c.say("drafted", f"{s.players[seat].name} drafted {ORDER_CARDS[card].describe()}.", seat)
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
    c.say("draft_over", f"The draft is over. Shift 1 begins with {s.players[s.start_player].name}.")


def _place(c: _Change, space: Space) -> int:
    """Check and place the acting player's workers on `space` (R-TURN-2/3); return seat."""
    s = c.s
    seat = s.current
    problem = space_problem(s, seat, space)
    if problem:
        raise IllegalAction(problem)
    i = space.index
    displaced, owner = s.space_workers[i], s.space_owner[i]
    if displaced:
        s.canteen[owner] += displaced
    c.player(seat).workers -= displaced + 1
    s.space_owner[i], s.space_workers[i] = seat, displaced + 1
    text = f"{s.players[seat].name} placed {_plural(displaced + 1, 'worker')} on {space.name}"
    if displaced:
        whose = "their own" if owner == seat else f"{s.players[owner].name}'s"
        text += f", sending {displaced} of {whose} to the canteen"
    c.say("placed", text + ".", seat)
    return seat


def _buy_tile(c: _Change, seat: int, tile_id: int, substitutes: tuple[int, ...]) -> None:
    """R-FAC-1/2: pay, fill the carts from the supply, add the tile to the pit."""
    s = c.s
    tile = TILES[tile_id]
    p = c.player(seat)
    if tile.price > p.marks:
        raise IllegalAction(f"That tile costs {tile.price} marks; you have {p.marks}.")
    options = substitute_options(s.supply, tile.colour, tile.carts)
    if substitutes:
        if tuple(sorted(substitutes)) not in options:
            if options == [()]:
                raise IllegalAction(
                    f"The supply has {COLOUR_NAMES[tile.colour]} coal for every cart; no substitute is needed."
                )
            choices = " or ".join(" ".join(COLOUR_NAMES[x] for x in o) for o in options)
            raise IllegalAction(f"The substitute coal can be {choices}.")
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
            cubes.append(-1)  # the supply is out of coal: the cart stays empty
            continue
        s.supply[colour] -= 1
        cubes.append(colour)
    p.carts[tile.colour].extend(cubes)
    p.tiles.append(tile_id)
    text = f"{p.name} bought a tile ({tile.describe()}) for {tile.price} marks"
    if any(x != tile.colour for x in cubes):
        got = ", ".join("empty" if x < 0 else COLOUR_NAMES[x] for x in cubes)
        text += f"; the supply was short, carts got {got}"
    c.say("bought", text + ".", seat)


def _factory(c: _Change, a: PlaceFactory) -> None:
    s = c.s
    seat = _place(c, space_of(FACTORY, a.space))
    if a.space == DRAW:
        if a.substitutes:
            raise IllegalAction("Choose substitute coal when you keep a drawn tile, not before.")
        _draw(c, seat, "tile")
        return
    tile = s.factory[a.space - 1]
    _buy_tile(c, seat, tile, a.substitutes)
    s.factory[a.space - 1] = s.tile_deck.pop(0) if s.tile_deck else None  # R-FAC-3, R-DECK-1
    _next_turn(c)


def _draw(c: _Change, seat: int, kind: str) -> None:
    """R-FAC-5 / R-ORD-2: the top 5 go to the actor, who chooses before anyone moves on."""
    s = c.s
    deck = s.tile_deck if kind == "tile" else s.order_deck
    drawn = deck[:DRAW_SIZE]
    del deck[:DRAW_SIZE]
    s.pending = Pending(kind=kind, cards=drawn)
    s.phase = "draw"
    what = "tiles" if kind == "tile" else "order cards"
    c.say("drew", f"{s.players[seat].name} looks at the top {len(drawn)} {what}.", seat)


def _keep(c: _Change, a: ChooseDrawn) -> None:
    s = c.s
    seat = s.current
    drawn = s.pending.cards
    kind = s.pending.kind
    n = len(drawn)
    if a.pick is not None and a.pick > n:
        raise IllegalAction(f"Only {n} were drawn; keep 1-{n} or none.")
    rest = [k for k in range(1, n + 1) if k != a.pick]
    if a.order is not None:
        if sorted(a.order) != rest:
            raise IllegalAction(f"The order of the rest must list each of {' '.join(map(str, rest))} once.")
        rest = list(a.order)
    name = s.players[seat].name
    if a.pick is None:
        if a.substitutes:
            raise IllegalAction("Substitute coal is only for a tile you keep.")
        kept = "nothing"
    elif kind == "tile":
        _buy_tile(c, seat, drawn[a.pick - 1], a.substitutes)
        kept = "a tile"
    else:
        if a.substitutes:
            raise IllegalAction("Substitute coal is only for a tile you keep.")
        card = drawn[a.pick - 1]
        _take_order_card(c, seat, card)
        kept = ORDER_CARDS[card].describe()
    back = [drawn[k - 1] for k in rest]
    if kind == "tile":
        s.tile_deck = back + s.tile_deck if a.to == "top" else s.tile_deck + back
    else:
        s.order_deck = back + s.order_deck if a.to == "top" else s.order_deck + back
    s.pending = None
    s.phase = "turn"
    where = f", and put {len(back)} back on the {a.to}" if back else ""
    c.say("kept", f"{name} kept {kept}{where}.", seat)
    _next_turn(c)


def _mine(c: _Change, a: Mine) -> None:
    s = c.s
    seat = _place(c, space_of(MINE, a.steps))
    before = s.players[seat]
    run_plan(c.player(seat), a)
    c.say("mined", f"{before.name} mined: {describe_plan(before, a)}.", seat)
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
    names = " and ".join(ORDER_CARDS[o.card].describe() for o in done)
    c.say("delivered", f"{p.name} delivered {names} for {vp} VP.", seat)
    _next_turn(c)


def _money(c: _Change, a: TakeMoney) -> None:
    seat = _place(c, space_of(MONEY, a.amount))
    p = c.player(seat)
    p.marks += a.amount
    c.say("money", f"{p.name} took {a.amount} marks.", seat)
    _next_turn(c)


def _take_order_card(c: _Change, seat: int, card: int) -> None:
    c.player(seat).orders.append(Order(card=card, spots=[[] for _ in ORDER_CARDS[card].spots]))


def _order(c: _Change, a: TakeOrder) -> None:
    s = c.s
    seat = _place(c, space_of(ORDER, a.space))
    if a.space == DRAW:
        _draw(c, seat, "order")
        return
    card = s.order_spaces[a.space - 1]
    _take_order_card(c, seat, card)
    s.order_spaces[a.space - 1] = s.order_deck.pop(0) if s.order_deck else None  # R-ORD-1
    c.say("order", f"{s.players[seat].name} took the order {ORDER_CARDS[card].describe()}.", seat)
    _next_turn(c)


def _bank(c: _Change, a: UseBank) -> None:
    s = c.s
    seat = s.current
    p = c.player(seat)
    p.workers -= 1  # R-TURN-4: exactly one worker, whoever is there already
    p.marks += 1
    s.bank[seat] += 1
    c.say("bank", f"{p.name} placed 1 worker on the bank and took 1 mark.", seat)
    _next_turn(c)


_HANDLERS = {
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
    s.shift_results.append(ShiftResult(shift=s.shift, elements=elements, start_player=new_start))
    summary = ", ".join(f"{s.players[i].name} {sum(e.vp[i] for e in elements)}" for i in range(n))
    c.say("shift_scored", f"Shift {s.shift} is scored: {summary} VP.")
    if last:
        _end_game(c)
        return
    if new_start != s.start_player:
        c.say("start_player", f"{s.players[new_start].name} is the new start player.", new_start)
    s.start_player = new_start  # R-SHIFT-6
    for seat in range(n):  # R-SHIFT-7
        c.player(seat).workers = WORKERS[n]
    s.space_owner = [-1] * len(SPACES)
    s.space_workers = [0] * len(SPACES)
    s.bank = [0] * n
    s.canteen = [0] * n
    s.shift += 1
    s.current = new_start
    c.say("shift_started", f"Shift {s.shift} begins with {s.players[new_start].name}.")


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
    names = " and ".join(s.players[i].name for i in s.winners)
    verb = "share the victory" if len(s.winners) > 1 else "wins"
    scores = ", ".join(f"{p.name} {p.vp}" for p in s.players)
    c.say("game_over", f"The game is over: {names} {verb} ({scores} VP).")
