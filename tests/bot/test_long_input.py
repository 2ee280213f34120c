"""Long input (issue 9, item 5): a plan or option of thousands of characters gets a short private
answer that quotes at most a prefix with "…", and the log lines stay short too."""

from __future__ import annotations

import logging

import pytest

from .driver import actor, fast_forward, start_game, stored

DISCORD_LIMIT = 2000


@pytest.mark.parametrize("length", [1950, 6000])
async def test_a_huge_plan_or_option_is_refused_briefly_and_logged_briefly(world, caplog, length):
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    caplog.set_level(logging.INFO, logger="coalbaron")
    for command, options in [
        ("coal mine", {"steps": 8, "plan": "x" * length}),
        ("coal mine", {"steps": 8, "plan": "cage grey, " + "load grey " * (length // 10)}),
        ("coal factory", {"space": "9" * length}),
    ]:
        r = await member.slash(w.channel, command, **options)
        assert r.ephemeral, command
        text = r.response.content
        assert 0 < len(text) < 300 and "…" in text, text[:200]
    assert (await stored(w)).version == game.version  # nothing changed
    assert caplog.records and max(len(rec.getMessage()) for rec in caplog.records) < 400
