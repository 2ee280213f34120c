"""Worker processes (`bot.service.workers`): images drawn in one are the same bytes as drawn in the bot's
own process, and a worker that dies is replaced for the next piece of work."""

from __future__ import annotations

import os
import signal

import pytest

from bot import create_bot
from bot.service.workers import Workers
from rendering import render_turn

from .driver import close_bot, open_lobby, settle_promptly, stored, virtual_clock


@pytest.fixture
async def simcord_bot(db_path, monkeypatch):
    """This module's bot draws in a worker process, as `python -m bot` does (DRAWING_PROCESSES=1)."""
    settle_promptly(monkeypatch)
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


@pytest.mark.slow
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


def _nap(seconds: float, tag: str) -> str:
    import time

    time.sleep(seconds)
    return tag


@pytest.mark.slow
async def test_a_computers_move_waits_behind_at_most_one_hint_per_process():
    """Hints queued by the dozen do not starve a computer's move (issue 28): the move is handed to the
    process before every hint still waiting, after the one already running."""
    import asyncio

    from bot.service.workers import HINT, MOVE

    workers = Workers("test", 1)
    try:
        await workers.run(_nap, 0, "warm")  # the process is up
        done: list[str] = []

        async def job(tag: str, priority: int) -> None:
            done.append(await workers.run(_nap, 0.2, tag, priority=priority))

        hints = [asyncio.create_task(job(f"hint {k}", HINT)) for k in range(8)]
        await asyncio.sleep(0.05)  # the first hint is running, seven wait
        move = asyncio.create_task(job("move", MOVE))
        await asyncio.gather(move, *hints)
        assert done.index("move") == 1, done  # right after the hint that was running
        assert done[0] == "hint 0" and done[2:] == [f"hint {k}" for k in range(1, 8)]  # the hints in order
    finally:
        workers.close()


@pytest.mark.slow
async def test_an_expert_run_interleaves_with_another_games_computer():
    """A game whose computers think several moves in a row (an expert seat: 1.5 s each) holds the
    process one decision at a time, so another game's computer waits behind at most one of them
    (issue 29): each decision is its own piece of work, queued in the order asked."""
    import asyncio

    workers = Workers("test", 1)
    try:
        await workers.run(_nap, 0, "warm")
        done: list[str] = []

        async def computers(game: str, moves: int, think: float) -> None:
            for k in range(moves):  # as `games.autoplay.play_computers`: ask, play, ask again
                done.append(await workers.run(_nap, think, f"{game} {k}"))

        slow = asyncio.create_task(computers("expert game", 4, 0.2))
        await asyncio.sleep(0.05)  # its first decision is being thought
        other = asyncio.create_task(computers("other game", 1, 0.01))
        await asyncio.gather(slow, other)
        assert done.index("other game 0") == 1, done  # after the one decision already running
        assert [tag for tag in done if tag.startswith("expert")] == [f"expert game {k}" for k in range(4)]
    finally:
        workers.close()
