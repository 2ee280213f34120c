"""What a player may do now, in words: autocomplete choices and the "Legal actions" list.

Everything comes from `rules.legal_actions`; this module only words it ("Factory 3: 2 carts
grey, light — 6 marks, 1 worker") and maps it to the `/coal` command and option value.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import (
    ChooseDrawn,
    Deliver,
    DraftPick,
    GameState,
    Mine,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
    UseBank,
    legal_actions,
)
from rules.components import NO_COAL, ORDER_CARDS, TILES, VEHICLES, space_of

from .words.rules import card_name, tile_name


@dataclass(frozen=True)
class Choice:
    command: str  # the /coal subcommand: "factory", "mine", ...
    value: str  # the option value: "3", "draw", "8", "carriage"
    label: str  # what the player reads

    @property
    def usage(self) -> str:
        option = _OPTION.get(self.command)
        return f"/coal {self.command}" + (f" {option}:{self.value}" if option else "")


_OPTION = {
    "factory": "space",
    "mine": "steps",
    "deliver": "vehicle",
    "money": "amount",
    "order": "space",
    "draft": "card",
}


def _workers(n: int) -> str:
    return "1 worker" if n == 1 else f"{n} workers"


def _need(state: GameState, group: str, value) -> int:
    return state.space_workers[space_of(group, value).index] + 1


def draft_label(card_id: int) -> str:
    return card_name(card_id)


def tile_label(tile_id: int) -> str:
    return f"{tile_name(tile_id)} — {TILES[tile_id].price} marks"


def choices_for(state: GameState, player: str) -> list[Choice]:
    """Every legal choice of `player` now (empty when it is not their decision), in words."""
    out: list[Choice] = []
    seen: set[tuple[str, str]] = set()
    for action in legal_actions(state, player):
        choice = _choice(state, action)
        if choice is not None and (choice.command, choice.value) not in seen:
            seen.add((choice.command, choice.value))
            out.append(choice)
    return out


def _choice(state: GameState, action) -> Choice | None:
    if isinstance(action, DraftPick):
        card = state.draft_cards[action.card - 1]
        return Choice("draft", str(action.card), f"{action.card} · {draft_label(card)}")
    if isinstance(action, PlaceFactory):
        need = _workers(_need(state, "factory", action.space))
        if action.space == "draw":
            return Choice("factory", "draw", f"Factory draw: look at the top 5 tiles — {need}")
        tile = state.factory[action.space - 1]
        if action.substitutes and all(c == NO_COAL for c in action.substitutes):
            # R-FAC-2: the player may leave the carts the supply cannot fill empty.
            value = str(action).removeprefix("factory ")
            return Choice(
                "factory", value, f"Factory {action.space}: {tile_label(tile)}, short carts left empty, {need}"
            )
        # Any other substitute choice is listed once: the most plentiful colours are taken.
        return Choice("factory", str(action.space), f"Factory {action.space}: {tile_label(tile)}, {need}")
    if isinstance(action, Mine):
        return Choice(
            "mine", str(action.steps), f"Mining {action.steps} steps — {_workers(_need(state, 'mine', action.steps))}"
        )
    if isinstance(action, Deliver):
        p = state.players[state.current]
        vehicle = VEHICLES.index(action.vehicle)
        done = [ORDER_CARDS[o.card] for o in p.orders if o.complete and ORDER_CARDS[o.card].vehicle == vehicle]
        vp = sum(c.vp for c in done)
        need = _workers(_need(state, "deliver", action.vehicle))
        return Choice("deliver", action.vehicle, f"Deliver by {action.vehicle}: {len(done)} order(s), {vp} VP — {need}")
    if isinstance(action, TakeMoney):
        return Choice(
            "money",
            str(action.amount),
            f"Money {action.amount} marks — {_workers(_need(state, 'money', action.amount))}",
        )
    if isinstance(action, TakeOrder):
        need = _workers(_need(state, "order", action.space))
        if action.space == "draw":
            return Choice("order", "draw", f"Order draw: look at the top 5 cards — {need}")
        card = state.order_spaces[action.space - 1]
        return Choice("order", str(action.space), f"Order {action.space}: {card_name(card)} — {need}")
    if isinstance(action, UseBank):
        return Choice("bank", "", "Bank: 1 mark — 1 worker")
    if isinstance(action, ChooseDrawn):
        return None  # chosen in the private draw message, not by a command
    return None


def autocomplete(state: GameState | None, player: str | None, command: str, typed: str) -> list[tuple[str, str]]:
    """(label, value) pairs for one command's option, filtered by what was typed; at most 25."""
    if state is None or player is None:
        return []
    typed = typed.strip().lower()
    out = []
    for c in choices_for(state, player):
        if c.command == command and (not typed or typed in c.label.lower() or typed == c.value):
            out.append((c.label[:100], c.value))
    return out[:25]
