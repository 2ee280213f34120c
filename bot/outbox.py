"""Posting again, at start, the turns a crash or a Discord failure left stored but unposted.

A turn's post is recorded in the outbox in the same transaction as the turn (`GameManager.act`
with `announce=True`); it is marked done once the turn message reached the channel. What is
still pending when the bot starts is posted now, oldest first: the sentence of that turn, the
board as it is now and the buttons — among them the drawer's "Show my drawn tiles", so a private
draw choice is never lost with the process — and the ping of the player to move.
"""

from __future__ import annotations

import logging

from games import TurnResult
from games.manager import NOT_POSTED, TURN_POST
from rules import EVENTS

from .context import CoalClient
from .turns import announce

log = logging.getLogger("coalbaron")

MAX_ATTEMPTS = 5  # a post that failed this often is left (and logged) rather than retried at every start


async def post_pending(bot: CoalClient) -> int:
    """Post every pending turn; the number posted. Failures stay pending with their cause."""
    done = 0
    for row in await bot.manager.unposted():
        if row.kind != TURN_POST or row.attempts >= MAX_ATTEMPTS:
            continue
        game = await bot.manager.game_by_id(row.game_id)
        if game is None or game.state is None:
            continue
        events = EVENTS.validate_python(row.payload.get("events", []))
        channel = bot.get_partial_messageable(game.channel_id)
        if await announce(bot, TurnResult(game, events), channel=channel):
            await bot.manager.mark_posted(row)
            log.info("game %s channel %s: posted turn %s after a restart", game.id, game.channel_id, row.seq)
            done += 1
        else:
            tries = await bot.manager.post_failed(row, NOT_POSTED)
            log.error("game %s channel %s: turn %s not posted (%d tries)", game.id, game.channel_id, row.seq, tries)
    return done
