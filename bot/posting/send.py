"""Posting a game's message to Discord: one function that sends, and what keeps a post from being doubled.

`send` posts a message (a follow-up of the interaction that caused it, or to the game's channel), pinging
only whom it names, and never raises: a refused post is logged and answered with None, and the publisher
keeps the turn pending. A channel message carries a nonce (`nonce_of`): Discord gives back the first
message when a nonce comes again within minutes, so a post made again after a crash is not doubled.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import discord
from discord.ui import View
from discord.utils import MISSING

from bot.replies import pinging
from games.timers import UNREACHABLE_DAYS, UNREACHABLE_TRIES
from storage import OutboxRow

log = logging.getLogger("coalbaron")

DAY = 86400.0
TURNS_PER_MESSAGE = 6  # a line each, some 250 characters at most: far within a message's 2 000
MESSAGE_LIMIT = 2000  # Discord's limit for a message's content
T = TypeVar("T")


async def send(
    interaction: discord.Interaction | None,
    channel: discord.abc.Messageable | None,
    text: str,
    file: discord.File | None,
    buttons: View | None,
    *,
    pings: tuple[int | None, ...] = (),
    nonce: str | None = None,
) -> discord.Message | None:
    """A follow-up of the interaction, or a plain channel message, pinging only `pings`; logged, never raised.
    A channel message carries `nonce` (`nonce_of`): the same message sent again within minutes is the first."""
    if len(text) > MESSAGE_LIMIT:  # never refused for its length: a post Discord refuses is tried again
        log.warning("a message of %d characters cut to Discord's %d", len(text), MESSAGE_LIMIT)
        text = text[: MESSAGE_LIMIT - 1] + "…"
    kwargs: dict[str, Any] = {"allowed_mentions": pinging(*pings), "file": file or MISSING, "view": buttons or MISSING}
    try:
        if interaction is not None:
            return await interaction.followup.send(text, wait=True, **kwargs)
        assert channel is not None
        return await channel.send(text, nonce=nonce or MISSING, **kwargs)
    except discord.HTTPException:
        where = interaction.channel_id if interaction is not None else getattr(channel, "id", None)
        log.exception("posting to channel %s failed", where)
        return None


def nonce_of(game_id: int, version: int, part: int) -> str:
    """The nonce of a game's message: the turn at `version` (the last a message tells), its `part`-th
    message. Discord gives back the message already made when a nonce comes again within a few minutes
    (discord.py sends `enforce_nonce` with it), so a post made again after a crash is not doubled."""
    return f"cb{game_id}.{version}.{part}"


def turn_runs(rows: list[OutboxRow]) -> list[list[OutboxRow]]:
    """Pending turns in the messages the bot posts them in (`message_runs`)."""
    return message_runs(rows, lambda row: any(e.get("kind") == "shift_scored" for e in row.payload.get("events", [])))


def message_runs(turns: Sequence[T], scored: Callable[[T], bool]) -> list[list[T]]:
    """Consecutive turns in the messages the bot posts them in: a message ends at a turn whose shift was
    scored (its scoring follows it in a message of its own), and holds at most `TURNS_PER_MESSAGE` turns
    (a line each, within Discord's 2 000 characters). The computers' runs and the posts made again after a
    crash are cut the same way, so that a post made again carries the nonce of the first."""
    runs: list[list[T]] = [[]]
    for turn in turns:
        runs[-1].append(turn)
        if scored(turn) or len(runs[-1]) == TURNS_PER_MESSAGE:
            runs.append([])
    return [run for run in runs if run]


def out_of_reach(oldest: OutboxRow, now: float) -> bool:
    """Whether a game's posts have failed long enough, and often enough, to give the game up: days of
    tries, not a bot that was stopped for a while."""
    return oldest.attempts >= UNREACHABLE_TRIES and now - oldest.created_at >= UNREACHABLE_DAYS * DAY
