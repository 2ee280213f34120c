"""Several bot processes over one database (issue 16): SHARD_COUNT / SHARD_IDS, which process a
game belongs to, and a sharded bot through SimCord."""

from __future__ import annotations

import pytest
import simcord

from bot import create_bot
from bot.service.client import CoalBot, ShardedCoalBot
from bot.service.config import Settings
from games.manager import GameManager
from games.shards import Shards, shard_of
from rules import legal_actions
from storage import Store
from tests.bot.driver import close_bot, virtual_clock
from tests.storage.helpers import USERS


def guild_on(shard: int, count: int = 2, base: int = 1 << 40) -> int:
    """A server id whose events come through `shard` of `count`."""
    guild = base << 22
    while shard_of(guild, count) != shard:
        guild += 1 << 22
    return guild


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("", "", None),
        ("2", "1", Shards(2, frozenset({1}))),
        ("4", "0, 1", Shards(4, frozenset({0, 1}))),
        ("3", "", Shards(3, frozenset({0, 1, 2}))),
    ],
)
def test_shard_settings_are_read_from_the_environment(monkeypatch, count, ids, expected):
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    assert Settings.from_env().shards == expected


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        ("", "0", "SHARD_COUNT is not"),
        ("two", "", "whole number"),
        ("2", "0;1", "separated by commas"),
        ("2", "2", "not shards of SHARD_COUNT=2"),
        ("0", "", "at least 1"),
    ],
)
def test_wrong_shard_settings_are_refused_in_one_line(monkeypatch, count, ids, says):
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(ValueError, match=says):
        Settings.from_env()


def test_without_shard_settings_the_bot_is_one_plain_client():
    assert type(create_bot(":memory:")) is CoalBot
    sharded = create_bot(":memory:", shards=Shards(4, frozenset({1, 3})))
    assert isinstance(sharded, ShardedCoalBot) and (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])


async def _game_in(manager: GameManager, guild: int, channel: int):
    await manager.lobbies.new_game(guild, channel, USERS[0], "Alice", {"timer": "1h"})
    await manager.lobbies.join(channel, USERS[1], "Bob")
    return await manager.lobbies.start(channel, USERS[0], seed=channel)


async def test_each_process_resumes_and_reposts_only_the_games_of_its_shards(target):
    """Two processes (managers) over one database, shards 0 and 1 of 2: each resumes its own
    games and posts only its own unposted turns. (A move racing in from another process is refused
    as stale: tests/games/test_failures.py, on both backends.)"""
    async with Store(target.url) as store:
        writer = GameManager(store)
        await writer.open()
        on = {10: 0, 11: 1, 12: 0}  # channel -> the shard of its server
        for channel, shard in on.items():
            game = await _game_in(writer, guild_on(shard), channel)
            await writer.moves.act(channel, game.to_move_user, legal_actions(game.state)[0], announce=True)
    for shard in (0, 1):
        async with Store(target.url) as store:
            process = GameManager(store, Shards(2, frozenset({shard})))
            resumed = await process.open()
            assert sorted(g.channel_id for g in resumed) == sorted(c for c, s in on.items() if s == shard)
            pending = await process.posts.unposted()
            assert {(await store.queries.load_game(row.game_id)).channel_id for row in pending} == {
                c for c, s in on.items() if s == shard
            }
    everything = GameManager(await Store(target.url).open())  # unsharded: every game
    try:
        assert len(await everything.open()) == 3 and len(await everything.posts.unposted()) == 3
    finally:
        await everything.store.close()


async def test_a_sharded_bot_plays_a_game_of_its_shard_through_simcord(db_path):
    bot = create_bot(db_path, clock=virtual_clock, shards=Shards(2, frozenset({1})))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild("Far mines", shard_id=1)
            assert shard_of(guild.id, 2) == 1
            channel = guild.create_text_channel("coal")
            alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
            r = await alice.slash(channel, "coal new", thread=False, timer="none")
            await bob.click(r.response.message, label="Join")
            await alice.click(r.response.message, label="Start")
            game = await bot.manager.games.current(channel.id)
            assert game is not None and game.state is not None and game.guild_id == guild.id
            assert channel.last_message.attachments[0].filename == "board.png"
    finally:
        await close_bot(bot)
