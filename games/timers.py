"""Turn-timer bookkeeping without Discord: when a turn is due, and what the timer plays.

`bot.timers` sleeps until the earliest `due_at` of all open games and posts what happens;
the rules of the timer itself are here.
"""

from __future__ import annotations

from rules import Action, ChooseDrawn, DraftPick, GameState, UseBank
from rules.components import ORDER_CARDS
from storage import Brief, Game

ABSENT_AFTER = 3  # turns the timer took in a row before a player shows as absent
# A game whose channel refused every post for this long (and this many tries) is ended: its
# thread was deleted, or the bot was removed from the server or the channel.
UNREACHABLE_DAYS = 7
UNREACHABLE_TRIES = 20
PAUSE_LIMIT = 30 * 24 * 3600  # seconds a game may stay paused before it ends without a result (PAUSE_LIMIT_DAYS)


def default_action(state: GameState) -> Action:
    """What the timer plays for a player who did not act (the game options' rules)."""
    if state.phase == "draft":  # the face-up card with the most VP (the lowest number on a tie)
        offered = {k: card for k, card in enumerate(state.draft_cards) if card is not None}
        best = max(offered, key=lambda k: (ORDER_CARDS[offered[k]].vp, -k))
        return DraftPick(card=best + 1)
    if state.phase == "draw":  # keep none, everything back to the bottom in the drawn order
        return ChooseDrawn(pick=None, to="bottom")
    return UseBank()  # the rules' own fallback: always legal with a worker


def due_at(game: Game | Brief, pause_limit: float = PAUSE_LIMIT) -> float:
    """When the timer next has something to do: the reminder at half time, then the deadline;
    for a paused game, the end of the longest pause allowed."""
    if game.options.paused_at is not None:
        return game.options.paused_at + pause_limit
    assert game.deadline is not None and game.options.timer_seconds is not None
    half = game.deadline - game.options.timer_seconds / 2
    return game.deadline if game.reminded else half


def is_absent(missed: int) -> bool:
    """A seat whose turns the timer took `missed` times in a row shows as absent."""
    return missed >= ABSENT_AFTER
