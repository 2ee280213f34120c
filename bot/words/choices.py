"""What a player may do now, in words: autocomplete labels and the "Legal actions" lines."""

from __future__ import annotations

from games.choices import Choice
from rules import Deliver, DraftPick, GameState, Mine, PlaceFactory, TakeMoney, TakeOrder
from rules.components import NO_COAL, ORDER_CARDS, TILES, VEHICLES, space_of

from .common import marks, plural, workers
from .rules import card_name, tile_name

DRAFT = "{number} · {card}"
FACTORY_DRAW = "Factory draw: look at the top 5 tiles — {workers}"
FACTORY = "Factory {space}: {tile} — {price}, {workers}"
FACTORY_EMPTY = "Factory {space}: {tile} — {price}, short carts left empty, {workers}"
MINE = "Mining {steps} steps — {workers}"
DELIVER_ONE = "Deliver by {vehicle}: {n} order, {vp} VP — {workers}"
DELIVER_OTHER = "Deliver by {vehicle}: {n} orders, {vp} VP — {workers}"
MONEY = "Money {amount} marks — {workers}"
ORDER_DRAW = "Order draw: look at the top 5 cards — {workers}"
ORDER = "Order {space}: {card} — {workers}"
BANK = "Bank: 1 mark — 1 worker"


def draft_label(card_id: int) -> str:
    return card_name(card_id)


def _need(state: GameState, group: str, value: int | str) -> str:
    return workers(state.space_workers[space_of(group, value).index] + 1)


def label(state: GameState, choice: Choice) -> str:
    """The choice in words, with its cost: "Mining 8 steps — 2 workers"."""
    action = choice.action
    if isinstance(action, DraftPick):
        card = state.draft_cards[action.card - 1]
        assert card is not None
        return DRAFT.format(number=action.card, card=draft_label(card))
    if isinstance(action, PlaceFactory):
        need = _need(state, "factory", action.space)
        if not isinstance(action.space, int):
            return FACTORY_DRAW.format(workers=need)
        tile_id = state.factory[action.space - 1]
        assert tile_id is not None
        tile = TILES[tile_id]
        if action.substitutes and all(c == NO_COAL for c in action.substitutes):  # R-FAC-2: leave them empty
            return FACTORY_EMPTY.format(
                space=action.space, tile=tile_name(tile_id), price=marks(tile.price), workers=need
            )
        return FACTORY.format(space=action.space, tile=tile_name(tile_id), price=marks(tile.price), workers=need)
    if isinstance(action, Mine):
        return MINE.format(steps=action.steps, workers=_need(state, "mine", action.steps))
    if isinstance(action, Deliver):
        p = state.players[state.current]
        vehicle = VEHICLES.index(action.vehicle)
        done = [ORDER_CARDS[o.card] for o in p.orders if o.complete and ORDER_CARDS[o.card].vehicle == vehicle]
        need = _need(state, "deliver", action.vehicle)
        vp = sum(c.vp for c in done)
        return plural(len(done), DELIVER_ONE, DELIVER_OTHER, vehicle=action.vehicle, vp=vp, workers=need)
    if isinstance(action, TakeMoney):
        return MONEY.format(amount=action.amount, workers=_need(state, "money", action.amount))
    if isinstance(action, TakeOrder):
        need = _need(state, "order", action.space)
        if not isinstance(action.space, int):
            return ORDER_DRAW.format(workers=need)
        card = state.order_spaces[action.space - 1]
        assert card is not None
        return ORDER.format(space=action.space, card=card_name(card), workers=need)
    return BANK
