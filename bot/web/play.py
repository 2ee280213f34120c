"""A move made on the board: the same judge and play as a slash command's (`manager.moves`), so the rules,
the game's lock, the one transaction, the turn's post in the channel, the timer and the computers are all
shared; the board only says what was refused, in the player's language."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.i18n import speaking
from bot.play.turns import typed
from bot.replies import log_event
from bot.words import refusals
from games import GameError, TurnResult
from games.errors import IllegalMove
from rules import Refusal

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a move from the board came to: played (the stored turn, for its post), or refused with a sentence."""

    result: TurnResult | None = None
    refused: str = ""


async def play(bot: CoalBot, channel_id: int, user_id: int, text: str, version: int, lang: str) -> Outcome:
    """Play `text` (an action's text form) for `user_id` in the game of `channel_id`, as it stood at
    `version`; the caller then has the turn posted to the channel, as the timer's and the computers' are."""
    action = typed(text)
    try:
        if isinstance(action, Refusal):
            await bot.manager.moves.check_turn(channel_id, user_id, version)
            raise IllegalMove(action)
        move = await bot.manager.moves.judge(channel_id, user_id, action, expected_version=version)
        bot.publisher.draw_ahead(move)
        result = await bot.manager.moves.play(move, announce=True)
    except GameError as err:
        with speaking(lang):
            return Outcome(refused=refusals.refusal(err))
    log_event(result.game, f"v{result.game.version} user {user_id} played `{action}` on the web board")
    return Outcome(result)


async def undo(bot: CoalBot, channel_id: int, user_id: int, version: int, lang: str) -> Outcome:
    """Take back `user_id`'s last move while nobody has moved since and it showed nothing new (`games.undo`)."""
    try:
        result = await bot.manager.moves.undo(channel_id, user_id, expected_version=version)
    except GameError as err:
        with speaking(lang):
            return Outcome(refused=refusals.refusal(err))
    log_event(result.game, f"v{result.game.version} user {user_id} took back their move on the web board")
    return Outcome(result)
