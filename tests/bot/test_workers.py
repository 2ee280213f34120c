"""Worker processes (`bot.workers`): images drawn in one are the same bytes as drawn in the bot's
own process, and a worker that dies is replaced for the next piece of work."""

from __future__ import annotations

import os
import signal

import pytest

from bot import create_bot
from bot.workers import Workers
from rendering import render_turn

from .driver import close_bot, open_lobby, stored, virtual_clock


@pytest.fixture
async def simcord_bot(db_path):
    """This module's bot draws in a worker process, as `python -m bot` does (DRAWING_PROCESSES=1)."""
    bot = create_bot(db_path, clock=virtual_clock, drawing_processes=1)
    yield bot
    await close_bot(bot)


async def test_the_turn_image_drawn_in_a_worker_process_is_the_one_drawn_here(world):
    w = world
    lobby = await open_lobby(w, 2)
    await w.alice.click(lobby, label="Start")
    game = await stored(w)
    posted = w.channel.last_message.attachments[0]
    assert posted.filename == "board.png"
    assert await posted.read() == render_turn(game.state, None)
    assert w.bot.drawing is not None and w.bot.drawing._pool is not None  # it was drawn over there


def _pid() -> int:
    return os.getpid()


async def test_a_worker_that_dies_is_replaced_for_the_next_call():
    workers = Workers("test", 1)
    try:
        first = await workers.run(_pid)
        assert first != os.getpid()
        os.kill(first, signal.SIGKILL)
        second = await workers.run(_pid)  # the broken pool is noticed and replaced within the call
        assert second not in (first, os.getpid())
    finally:
        workers.close()
