"""What a player may do now, as `/coal` commands: the choices behind autocomplete and "Legal actions".

Everything comes from `rules.legal_actions`; this module maps each action to its `/coal`
subcommand and option value, once each. The words ("Factory 3: … — 6 marks, 1 worker")
are made by `bot.words.choices`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import (
    Action,
    Deliver,
    DraftPick,
    GameState,
    Mine,
    PlaceFactory,
    TakeMoney,
    TakeOrder,
    UseBank,
    legal_actions,
    substitute_options,
)
from rules.components import NO_COAL, TILES

# The option each subcommand takes its value in ("/coal factory space:3").
OPTION = {
    "factory": "space",
    "mine": "steps",
    "deliver": "vehicle",
    "money": "amount",
    "order": "space",
    "draft": "card",
}


@dataclass(frozen=True)
class Choice:
    command: str  # the /coal subcommand: "factory", "mine", ...
    value: str  # the option value: "3", "draw", "8", "carriage"
    action: Action  # the rules action it plays

    @property
    def usage(self) -> str:
        """The command that plays it: "/coal factory space:3"."""
        option = OPTION.get(self.command)
        return f"/coal {self.command}" + (f" {option}:{self.value}" if option else "")


def choices_for(state: GameState, player: str) -> list[Choice]:
    """Every legal choice of `player` now (empty when it is not their decision), once each."""
    out: list[Choice] = []
    seen: set[tuple[str, str]] = set()
    for action in legal_actions(state, player):
        choice = choice_of(action)
        if choice is not None and (choice.command, choice.value) not in seen:
            seen.add((choice.command, choice.value))
            out.append(choice)
    return out


def choice_of(action: Action) -> Choice | None:
    """The command for an action; None for what is chosen elsewhere (the private draw choice)."""
    if isinstance(action, DraftPick):
        return Choice("draft", str(action.card), action)
    if isinstance(action, PlaceFactory):
        if action.substitutes and all(c == NO_COAL for c in action.substitutes):
            # R-FAC-2: the player may leave the carts the supply cannot fill empty ("3 with none").
            return Choice("factory", str(action).removeprefix("factory "), action)
        # Any other substitute choice is listed once: the most plentiful colours are taken.
        return Choice("factory", str(action.space), action)
    if isinstance(action, Mine):
        return Choice("mine", str(action.steps), action)
    if isinstance(action, Deliver):
        return Choice("deliver", action.vehicle, action)
    if isinstance(action, TakeMoney):
        return Choice("money", str(action.amount), action)
    if isinstance(action, TakeOrder):
        return Choice("order", str(action.space), action)
    if isinstance(action, UseBank):
        return Choice("bank", "", action)
    return None  # ChooseDrawn: chosen in the private draw message, not by a command


def empty_carts(supply: list[int], tile_id: int) -> tuple[int, ...]:
    """R-FAC-2's "leave them empty" for a tile the supply cannot fill; () when there is no choice."""
    tile = TILES[tile_id]
    options = substitute_options(supply, tile.colour, tile.carts)
    return (NO_COAL,) * len(options[0])
