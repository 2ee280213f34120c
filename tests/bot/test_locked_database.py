"""A database another program holds locked (issue 9, item 6): the move is refused inside Discord's
3-second window for a first answer, so the player gets the refusal; nothing changes, and once the
lock is gone the same move goes through."""

from __future__ import annotations

import sqlite3
import time

import pytest

from bot.service.client import SAVE_WAIT

from .driver import actor, fast_forward, private_reply, start_game, stored

DISCORD_WINDOW = 3.0


@pytest.mark.slow
async def test_a_locked_database_is_refused_within_the_interaction_window(world, db_path):
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    other = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")  # e.g. a backup tool or a person with the sqlite3 shell
    try:
        began = time.monotonic()
        r = await member.slash(w.channel, "coal money", amount=4)
        waited = time.monotonic() - began
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert SAVE_WAIT <= waited + 0.1 and waited < DISCORD_WINDOW, waited
    # The slash command was answered ("thinking…") before the save; when the save failed, that public
    # reply was removed and the refusal sent privately on its own.
    assert r.response is None and "could not be saved" in private_reply(r).content
    assert not any("could not be saved" in m.content for m in w.channel.history())
    assert (await stored(w)).version == game.version
    r = await member.slash(w.channel, "coal money", amount=4)
    assert not r.ephemeral and (await stored(w)).version == game.version + 1
