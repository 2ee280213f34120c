"""Fixtures: the bot on a fresh SQLite file, a guild with a channel and four members."""

from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest

from bot import create_bot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "coalbaron.sqlite3"


async def close_bot(bot) -> None:
    """Stop a bot's timers and close its database: the database thread would otherwise outlive
    a failed test and hang the run."""
    if bot.timers is not None:
        bot.timers.stop()
    await bot.computers.close()
    if bot.drawing is not None:
        bot.drawing.close()
    if bot.store is not None:
        await bot.store.close()


def virtual_clock() -> float:
    """The tests' clock: SimCord's virtual time, moved only by `env.advance_time` (no sleeping).

    SimCord virtualises `discord.utils.utcnow` and the event loop's timers together, so the
    deadlines the bot computes from this clock and the sleeps it arms agree.
    """
    return discord.utils.utcnow().timestamp()


@pytest.fixture
async def simcord_bot(db_path):
    bot = create_bot(db_path, clock=virtual_clock)
    yield bot
    await close_bot(bot)


@dataclass
class World:
    env: object
    guild: object
    channel: object
    alice: object
    bob: object
    carol: object
    dave: object

    @property
    def bot(self):
        return self.env.bot

    @property
    def players(self):
        return [self.alice, self.bob, self.carol, self.dave]


@pytest.fixture
async def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Mines")
    channel = guild.create_text_channel("coal")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    return World(simcord_env, guild, channel, *members)
