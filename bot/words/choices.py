"""What a player may do now, in words: autocomplete labels and the "Legal actions" lines."""

from __future__ import annotations

from bot.command_names import command_name, option_name
from bot.i18n import N_, Nn_, _
from bot.play.plan_words import in_language
from bot.words.common import marks, plural, workers
from bot.words.rules import card_name, tile_name
from games.choices import OPTION, Choice, choice_of
from rules import (
    ActionSyntaxError,
    Deliver,
    DraftPick,
    GameState,
    Mine,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
    parse_action,
)
from rules.components import NO_COAL, ORDER_CARDS, TILES, VEHICLES, space_of

DRAFT = N_("{number} · {card}")
FACTORY_DRAW = N_("Factory draw: look at the top 5 tiles — {workers}")
FACTORY = N_("Factory {space}: {tile} — {price}, {workers}")
FACTORY_EMPTY = N_("Factory {space}: {tile} — {price}, short carts left empty, {workers}")
MINE = N_("Mining {steps} steps — {workers}")
DELIVER = Nn_(
    "Deliver by {vehicle}: {n} order, {vp} VP — {workers}", "Deliver by {vehicle}: {n} orders, {vp} VP — {workers}"
)
MONEY = N_("Money {amount} marks — {workers}")
ORDER_DRAW = N_("Order draw: look at the top 5 cards — {workers}")
ORDER = N_("Order {space}: {card} — {workers}")
BANK = N_("Bank: 1 mark — 1 worker")


def usage(choice: Choice, plan: str = "") -> str:
    """The command that plays a choice, as the reader types it: "/coal fabbrica spazio:3", "/coal mine
    steps:6 plan:ケージ 灰, 積む 灰" (localized names, English ones in Japanese; plan keywords localized)."""
    text = f"/coal {command_name(choice.command)}"
    option = OPTION.get(choice.command)
    if option:
        text += f" {option_name(option)}:{choice.value}"
    if plan:
        text += f" {option_name('plan')}:{in_language(plan)}"
    return text


def action_usage(action_text: str) -> str:
    """An action's text form (a hint's, a computer's move) as the command that plays it, in the reader's
    words; the text itself, with localized plan keywords, when no command plays it (a draw choice)."""
    try:
        action = parse_action(action_text)
    except ActionSyntaxError:
        return in_language(action_text)
    choice = choice_of(action)
    if choice is None:
        return in_language(action_text)
    plan = ", ".join(str(step) for step in action.plan) if isinstance(action, Mine) else ""
    return usage(choice, plan)


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
        return _(DRAFT).format(number=action.card, card=draft_label(card))
    if isinstance(action, PlaceFactory):
        need = _need(state, "factory", action.space)
        if not isinstance(action.space, int):
            return _(FACTORY_DRAW).format(workers=need)
        tile_id = state.factory[action.space - 1]
        assert tile_id is not None
        tile = TILES[tile_id]
        if action.substitutes and all(c == NO_COAL for c in action.substitutes):  # R-FAC-2: leave them empty
            return _(FACTORY_EMPTY).format(
                space=action.space, tile=tile_name(tile_id), price=marks(tile.price), workers=need
            )
        return _(FACTORY).format(space=action.space, tile=tile_name(tile_id), price=marks(tile.price), workers=need)
    if isinstance(action, Mine):
        return _(MINE).format(steps=action.steps, workers=_need(state, "mine", action.steps))
    if isinstance(action, Deliver):
        p = state.players[state.current]
        vehicle = VEHICLES.index(action.vehicle)
        done = [ORDER_CARDS[o.card] for o in p.orders if o.complete and ORDER_CARDS[o.card].vehicle == vehicle]
        need = _need(state, "deliver", action.vehicle)
        vp = sum(c.vp for c in done)
        return plural(len(done), *DELIVER, vehicle=action.vehicle, vp=vp, workers=need)
    if isinstance(action, TakeMoney):
        return _(MONEY).format(amount=action.amount, workers=_need(state, "money", action.amount))
    if isinstance(action, TakeOrder):
        need = _need(state, "order", action.space)
        if not isinstance(action.space, int):
            return _(ORDER_DRAW).format(workers=need)
        card = state.order_spaces[action.space - 1]
        assert card is not None
        return _(ORDER).format(space=action.space, card=card_name(card), workers=need)
    return _(BANK)
