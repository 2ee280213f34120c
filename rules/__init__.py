"""Coal Baron's rules as a pure, deterministic engine: state in, action in, state out.

    from rules import new_game, legal_actions, apply, parse_action, view, final_scores
    state = new_game(["alice", "bob", "carol"], seed=7)
    state, events = apply(state, legal_actions(state)[0])

Nothing here does I/O or keeps global state; all randomness comes from the game's seed.
Nothing here writes a sentence either: `apply` returns typed events (`rules.events`) and
refusals carry a reason code with parameters (`rules.errors`); the bot words them.
"""

from .actions import (
    Action,
    CageTo,
    ChooseDrawn,
    Deliver,
    DraftPick,
    Fill,
    Load,
    Mine,
    PlaceFactory,
    Store,
    TakeMoney,
    TakeOrder,
    UseBank,
    parse_action,
    parse_plan,
    parse_step,
)
from .engine import advance, apply, legal_actions, new_game, placement_space, space_problem, substitute_options
from .errors import ActionSyntaxError, IllegalAction, Refusal, RulesReason
from .events import (
    EVENTS,
    Banked,
    Bought,
    Delivered,
    Drafted,
    DraftOver,
    Drew,
    Event,
    FilledOrder,
    GameOver,
    Kept,
    Mined,
    Placed,
    PlayerVP,
    ShiftScored,
    ShiftStarted,
    StartPlayer,
    TookBack,
    TookMoney,
    TookOrder,
)
from .mining import MinePlanner, next_steps
from .scoring import Breakdown, PlayerBreakdown, final_scores, score_breakdown
from .state import GameOptions, GameState, Order, Pending, Player
from .view import view

__all__ = [
    "EVENTS",
    "Action",
    "ActionSyntaxError",
    "Banked",
    "Bought",
    "Delivered",
    "DraftOver",
    "Drafted",
    "Drew",
    "FilledOrder",
    "GameOver",
    "Kept",
    "Mined",
    "Placed",
    "PlayerVP",
    "RulesReason",
    "Refusal",
    "ShiftScored",
    "ShiftStarted",
    "StartPlayer",
    "TookBack",
    "TookMoney",
    "TookOrder",
    "Breakdown",
    "CageTo",
    "ChooseDrawn",
    "Deliver",
    "DraftPick",
    "Event",
    "Fill",
    "GameOptions",
    "GameState",
    "IllegalAction",
    "Load",
    "Mine",
    "MinePlanner",
    "Order",
    "Pending",
    "PlaceFactory",
    "Player",
    "PlayerBreakdown",
    "Store",
    "TakeMoney",
    "TakeOrder",
    "UseBank",
    "advance",
    "apply",
    "final_scores",
    "legal_actions",
    "new_game",
    "next_steps",
    "parse_action",
    "parse_plan",
    "parse_step",
    "score_breakdown",
    "placement_space",
    "space_problem",
    "substitute_options",
    "view",
]
