"""The sandbox's clock (issue 50): SimCord's stood at 2026-01-01 00:00, so a hint's cooldown ("again in 20
seconds") never ended, every deadline was "tomorrow" and every game "less than a minute" old. `follow_real_time`
makes it the machine's; here the machine's clock is one the test moves, through Discord's own machinery."""

from __future__ import annotations

import time

import pytest

from bot.cooldowns import COOLDOWNS
from bot.sandbox.page import follow_real_time

from .driver import assert_refused, fast_forward, panel_texts, start_game


@pytest.mark.slow
async def test_two_hints_asked_21_seconds_apart_on_the_sandbox_clock_are_both_answered(world):
    w = world
    channel_before = w.channel.id
    machine = [time.time()]
    follow_real_time(w.env, now=lambda: machine[0])
    assert w.channel.id == channel_before  # the server's ids stay: a sandbox game resumes after a restart
    assert abs(w.bot.clock() - machine[0]) < 1  # the bot's clock is the machine's, not 2026-01-01
    await start_game(w, 2, seed=6)
    game = await fast_forward(w, 8, until=lambda g: g.state.phase == "turn")
    member = w.alice if game.to_move_user == w.alice.id else w.bob
    r = await member.slash(w.channel, "coal hint")
    assert panel_texts(r.response)[0].startswith("The expert computer's best moves")
    machine[0] += 5  # five seconds later: still too soon, said with the instant it ends, 15 s from now
    r = await member.slash(w.channel, "coal hint")
    text = await assert_refused(w, r, "you can again <t:")
    assert abs(int(text.split("<t:")[1].split(":")[0]) - (machine[0] + COOLDOWNS["hint"] - 5)) <= 1
    machine[0] += 16  # 21 seconds after the first: answered
    r = await member.slash(w.channel, "coal hint")
    assert panel_texts(r.response)[0].startswith("The expert computer's best moves")


async def test_the_sandbox_clock_moves_with_the_machine_s(world):
    follow_real_time(world.env)
    first = world.bot.clock()
    time.sleep(0.3)
    assert 0.25 <= world.bot.clock() - first < 5
