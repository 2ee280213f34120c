"""A full file system under the bot's SQLite database (issue 28): the overdue turn's saves fail, are
tried again with a growing pause (a few a minute, one log line each), and succeed once space is back.

The file system is real: a small tmpfs the test mounts (root is needed, as CI runs; elsewhere the
test skips saying so), filled to the last byte by a file, which is removed to give the space back.
"""

from __future__ import annotations

import logging
import os
import subprocess

import pytest
import simcord

from bot import create_bot
from storage import Brief

from .driver import close_bot, virtual_clock

HOUR = 3600


@pytest.fixture
def small_disk(tmp_path):
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(where)], capture_output=True, text=True
    )
    if done.returncode != 0:
        why = f"cannot mount a small file system ({done.stderr.strip() or done.returncode}): run the tests as root"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    yield where
    subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder) -> None:
    """Write a file until the file system has no byte left."""
    # Unbuffered: a buffered file would try its last, unwritten bytes again when closed and raise there.
    with open(folder / "filler", "wb", buffering=0) as f:
        for size in (65536, 4096, 512, 1):  # to the last byte
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError:
                pass


@pytest.mark.slow
async def test_a_full_disk_backs_off_and_the_game_goes_on_when_space_returns(small_disk, caplog):
    bot = create_bot(small_disk / "coal.sqlite3", clock=virtual_clock)
    try:
        async with simcord.run(bot, check_errors=False) as env:
            guild = env.create_guild("Mines")
            channel = guild.create_text_channel("coal")
            alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
            manager = bot.manager
            await manager.lobbies.new_game(
                guild.id, channel.id, alice.id, "alice", {"timer": "1h", "absent": "computer"}
            )
            await manager.lobbies.join(channel.id, bob.id, "bob")
            game = await manager.lobbies.start(channel.id, alice.id, seed=2)
            bot.timers.changed(Brief.of(game))
            saves, thinks = [], []
            real_save, real_think = bot.store.save_turn, bot.computers.think

            async def save_turn(*args, **kwargs):
                saves.append(virtual_clock())
                return await real_save(*args, **kwargs)

            async def think(asked):
                thinks.append(virtual_clock())
                return await real_think(asked)

            bot.store.save_turn = save_turn
            bot.computers.think = think
            await env.advance_time(HOUR - 1)  # the reminder at half time, on a disk with room
            fill(small_disk)
            with caplog.at_level(logging.ERROR, logger="coalbaron"):
                await env.advance_time(1)  # the deadline: the absent player's move cannot be saved
                await env.advance_time(59)  # a minute of a full disk
            failed = len(saves)
            print(f"{failed} saves and {len(thinks)} computer thinks in the first minute of a full disk")
            assert 2 <= failed <= 10, f"{failed} saves in a minute of a full disk"
            assert len(thinks) == failed  # the stand-in thinks once per try, not in a loop
            lines = [r.getMessage() for r in caplog.records if "saving failed" in r.getMessage()]
            assert len(lines) == failed and "full" in lines[0]  # one line per try
            assert (await manager.games.current(channel.id)).version == game.version
            os.remove(small_disk / "filler")  # space again
            await env.advance_time(15 * 60)
            after = await manager.games.current(channel.id)
            assert after.version == game.version + 1
            [entry] = await bot.store.queries.log(game.id, 1)
            assert entry.auto
            assert any("Time ran out" in m.content for m in channel.history())
    finally:
        await close_bot(bot)
