"""The sandbox restarted with a computer to move and a turn stored but not posted (issue 71, item 11): the
page gets one clean repost, in order — the line that says the game resumes, the turns not yet posted, then
the computer's move and the person's ping — and nothing is logged at ERROR. Before, the start's catch-up
posted before the sandbox had built its server ("404 Unknown Channel", "could not tell the host"), was
tried again 5 s later, and the page said "your turn" before the computer's move, then again."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import pytest
import simcord

import bot.sandbox.run as sandbox
from bot.service.client import create_bot
from games.autoplay import play_computers
from rules.record import Chooser, random_action
from tests.sandbox.conftest import free_port


async def _a_game_stopped_with_its_computer_s_move_unposted(database) -> None:
    """Ada against an easy computer in the sandbox's channel; the computer's move stored, never posted."""
    first = create_bot(database, game_threads=False)
    first.computers.starter = lambda channel_id: None  # nothing moves by itself in this first run
    async with simcord.run(first, check_errors=False, settle_timeout=60) as env:
        guild, channel, members = sandbox.build_world(env)
        ada, manager = members[0], first.manager
        await manager.lobbies.new_game(guild.id, channel.id, ada.id, "Ada", {"timer": "none"})
        await manager.lobbies.add_computer(channel.id, ada.id, "easy", lambda slot, level, lang: f"Computer {slot}")
        game = await manager.lobbies.start(channel.id, ada.id, seed=3)
        chooser = Chooser(3)
        while game.to_move_user != ada.id:  # (the computer may have the first pick)
            game = (await play_computers(manager, channel.id, first.computers.think, limit=1)).game
        game = (await manager.moves.act(channel.id, ada.id, random_action(game.state, chooser), announce=True)).game
        run = await play_computers(manager, channel.id, first.computers.think, limit=1)
        assert run.results and await first.store.outbox.pending_posts(game.id)
        await first.close()


@pytest.mark.slow
async def test_a_restarted_sandbox_posts_what_it_owes_once_and_in_order(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="coalbaron")
    database = tmp_path / "sandbox.sqlite3"
    await _a_game_stopped_with_its_computer_s_move_unposted(database)
    built: list = []
    build = sandbox.build_world

    def build_and_keep(env):
        world = build(env)
        built.append(world)
        return world

    monkeypatch.setattr(sandbox, "build_world", build_and_keep)
    started = asyncio.Event()
    run = asyncio.create_task(sandbox.run_sandbox(database, port=free_port(), open_browser=False, started=started))
    waiting = asyncio.ensure_future(started.wait())
    await asyncio.wait({waiting, run}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
    assert started.is_set(), run.exception() if run.done() else "the sandbox did not start within 60 s"
    _guild, channel, members = built[0]
    for _ in range(300):  # until what the stop left unposted is posted
        await asyncio.sleep(0.1)
        texts = [m.content for m in channel.history()]
        if len(texts) >= 2 and members[0].mention in texts[-1]:
            break
    await asyncio.sleep(1.0)  # (anything posted twice would come meanwhile)
    texts = [m.content for m in channel.history()]
    os.kill(os.getpid(), signal.SIGTERM)  # the sandbox's own stop
    assert await asyncio.wait_for(run, 60) == 0
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
    assert texts[0] == sandbox.words.RESUMED  # the line first, then the owed turn, which pings Ada
    pings = [k for k, t in enumerate(texts) if members[0].mention in t]
    assert pings == [len(texts) - 1], texts  # "your turn" once, after the computer's move
