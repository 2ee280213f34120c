"""Why the rules refuse something: a reason code with typed parameters, never a sentence.

Two kinds of refusal, as python-chess separates an invalid from an illegal move:

- `ActionSyntaxError`: text that is not an action (`parse_action`, `parse_plan`, `parse_step`);
- `IllegalAction`: a well-formed action that the rules do not allow now (`apply`, the
  mining planner, `new_game`).

Both are a `Refusal`: `err.reason` (a `RulesReason`) and `err.params` (names to values: ints,
strings, lists). A refusal of one mining step also has `step` (its number, from 1) and,
when the step was read, `step_text` (its text form) in its params. The bot's message
layer (`bot/words/rules.py`) turns a refusal into a sentence; `str(err)` is only the code
and parameters, for logs.
"""

from __future__ import annotations

from enum import StrEnum

# How much of a player's unreadable text a refusal quotes.
QUOTE_LENGTH = 40


class RulesReason(StrEnum):
    """Every reason the rules give for a refusal (the parameters each one carries in brackets)."""

    # new_game
    PLAYER_COUNT = "player_count"  # (count)
    PLAYER_NAMES = "player_names"  # names empty or not different
    # whose decision, which phase
    GAME_OVER = "game_over"
    DRAFT_FIRST = "draft_first"  # (player)
    CHOOSE_DRAWN_FIRST = "choose_drawn_first"  # (player, deck: "tile" | "order")
    DRAFT_IS_OVER = "draft_is_over"
    NOTHING_DRAWN = "nothing_drawn"
    NOT_AN_ACTION = "not_an_action"  # (action: a short repr of the object)
    # the draft
    CARD_NOT_ON_OFFER = "card_not_on_offer"  # (card, offered: list of card numbers)
    # worker spaces (R-TURN-2/3); `space` is a space key such as "mine 8"
    SPACE_LOCKED = "space_locked"  # (space, players)
    NOT_ENOUGH_WORKERS = "not_enough_workers"  # (space, need, have)
    TILE_DECK_EMPTY = "tile_deck_empty"
    ORDER_DECK_EMPTY = "order_deck_empty"
    NO_TILE = "no_tile"  # (space)
    NO_CARD = "no_card"  # (space)
    CANNOT_AFFORD = "cannot_afford"  # (space, price, have)
    NOTHING_TO_DELIVER = "nothing_to_deliver"  # (vehicle)
    # buying a tile (R-FAC-1/2)
    TILE_TOO_DEAR = "tile_too_dear"  # (price, have)
    NO_SUBSTITUTE_NEEDED = "no_substitute_needed"  # (colour)
    SUBSTITUTE_CHOICES = "substitute_choices"  # (options: list of lists of colours, -1 = leave empty)
    SUBSTITUTE_TOO_EARLY = "substitute_too_early"
    SUBSTITUTE_ONLY_FOR_TILE = "substitute_only_for_tile"
    # after a draw space (R-FAC-5, R-ORD-2)
    PICK_OUT_OF_RANGE = "pick_out_of_range"  # (pick, drawn)
    BAD_REST_ORDER = "bad_rest_order"  # (rest: list of positions)
    # one mining step (R-MINE-1..8); each also has (step, step_text)
    NO_STEP_LEFT = "no_step_left"
    STEPS_SHORT = "steps_short"  # (cost, left)
    CAGE_ALREADY_THERE = "cage_already_there"  # (level)
    CAGE_AT_SURFACE = "cage_at_surface"
    CAGE_ELSEWHERE = "cage_elsewhere"  # (level): a load of a colour not on this level
    CARTS_EMPTY = "carts_empty"  # (level)
    CAGE_FULL = "cage_full"  # (capacity)
    STORE_BELOW_SURFACE = "store_below_surface"  # (level)
    CAGE_HAS_NO_CUBE = "cage_has_no_cube"  # (colour)
    FILL_SOURCES = "fill_sources"
    NO_ORDERS = "no_orders"
    NO_SUCH_ORDER = "no_such_order"  # (order, have)
    NO_SUCH_SPOT = "no_such_spot"  # (order, spot, spots)
    SPOT_FILLED = "spot_filled"  # (order, spot)
    WRONG_COLOUR = "wrong_colour"  # (order, spot, wanted, colour)
    FILL_BELOW_SURFACE = "fill_below_surface"  # (level)
    CAGE_HOLDS = "cage_holds"  # (colour, count)
    STORAGE_HOLDS = "storage_holds"  # (colour, count)
    # text that is not an action (ActionSyntaxError); each also has (text)
    NOT_AN_ACTION_TEXT = "not_an_action_text"
    BAD_SPACE = "bad_space"  # (top)
    ONLY_WITH = "only_with"
    NOT_A_COLOUR = "not_a_colour"  # (word)
    NOT_A_LEVEL = "not_a_level"
    BAD_FILL = "bad_fill"
    TWO_SOURCES = "two_sources"
    NUMBERED_FROM_ONE = "numbered_from_one"
    NOT_A_STEP = "not_a_step"
    EMPTY_PLAN = "empty_plan"
    BAD_MINE_STEPS = "bad_mine_steps"
    BAD_VEHICLE = "bad_vehicle"
    BAD_AMOUNT = "bad_amount"
    BAD_KEEP = "bad_keep"
    OUT_OF_RANGE = "out_of_range"


Param = int | str | list[int] | list[list[int]]


class Refusal(ValueError):
    """Something the rules refuse: a reason code and its parameters (see `RulesReason`)."""

    def __init__(self, reason: RulesReason, **params: Param) -> None:
        super().__init__(reason, params)
        self.reason = reason
        self.params: dict[str, Param] = params

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.reason.value}({args})"

    def in_step(self, step: int, step_text: str | None = None) -> Refusal:
        """The same refusal for step `step` of a mining plan (a new exception of the same class)."""
        params: dict[str, Param] = {"step": step}
        if step_text is not None:
            params["step_text"] = step_text
        return type(self)(self.reason, **params, **{k: v for k, v in self.params.items() if k not in params})


class IllegalAction(Refusal):
    """A well-formed action the rules do not allow now; nothing was changed."""


class ActionSyntaxError(Refusal):
    """Text that is not an action; `params["text"]` quotes its start (see `quote`)."""


def quote(text: str) -> str:
    """At most QUOTE_LENGTH characters of a player's text, with "…" when cut."""
    text = text.strip()
    return text if len(text) <= QUOTE_LENGTH else text[:QUOTE_LENGTH] + "…"
