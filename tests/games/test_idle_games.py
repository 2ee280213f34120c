"""Idle games nearly free (issue 26): an open game nobody plays is kept in brief, read whole when needed."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from games.errors import OverLimit
from games.limits import Limits
from games.manager import GameManager
from rules.record import Chooser
from storage import Brief, Store
from tests.storage.helpers import GUILD, NAMES, USERS, lobby, play, started


async def test_only_the_recent_games_are_kept_whole_and_the_others_play_on_from_the_database(tmp_path):
    async with Store(tmp_path / "coal.sqlite3") as store:
        manager = GameManager(store, recent=2)
        for channel in range(1, 6):
            await started(manager, channel, players=2, seed=channel)
        assert manager.games.in_memory() == 2  # the last two used
        assert [b.channel_id for b in manager.games.open_briefs()] == [1, 2, 3, 4, 5]
        # channel 1 left memory three games ago: its moves read it from the database, and it is recent again
        chooser = Chooser(1)
        results = await play(manager, 1, 10, chooser)
        assert [r.version for r in results] == list(range(1, 11))
        assert await store.queries.open_game(1) == results[-1].game == await manager.games.current(1)
        briefs = {b.channel_id: b for b in manager.games.open_briefs()}
        assert briefs[1] == Brief.of(results[-1].game)  # the brief follows every move
        assert manager.games.in_memory() == 2
        assert len(manager.games._locks) == 0  # no lock kept for a channel nobody is using
        # a brief says who is to move, as the whole game does
        for channel in range(1, 6):
            game = await store.queries.open_game(channel)
            assert briefs[channel].to_move_user == game.to_move_user and briefs[channel].version == game.version


async def test_the_limits_count_the_games_kept_only_in_brief(tmp_path):
    async with Store(tmp_path / "coal.sqlite3") as store:
        manager = GameManager(store, limits=Limits(games_per_person=3, new_per_hour=100), recent=1)
        for channel in (1, 2, 3):
            await lobby(manager, channel, players=2)  # alice and bob in three games; two of them in brief only
        assert manager.games.in_memory() == 1
        with pytest.raises(OverLimit):
            await manager.lobbies.new_game(GUILD, 4, USERS[1], NAMES[1])  # bob, a fourth
        await manager.lobbies.new_game(GUILD, 4, USERS[2], NAMES[2])  # carol may


@pytest.mark.slow
async def test_a_restart_reads_briefs_only_and_each_brief_costs_under_a_kilobyte(tmp_path):
    async with Store(tmp_path / "coal.sqlite3") as store:
        manager = GameManager(store)
        for channel in range(1, 41):
            await started(manager, channel, players=4, seed=channel)
            await play(manager, channel, 30, Chooser(channel))
        whole = {channel: await manager.games.current(channel) for channel in range(1, 41)}
        restarted = GameManager(store)
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            briefs = await restarted.open()
            gc.collect()
            kept = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert {b.channel_id: b for b in briefs} == {ch: Brief.of(g) for ch, g in whole.items()}
        assert restarted.games.in_memory() == 0
        # what stays allocated for 40 four-player games: their briefs and the manager's maps of them
        assert kept / 40 < 1024, f"{kept / 40:.0f} bytes a game"
