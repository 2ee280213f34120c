"""The ladder by season (issue 76, games.seasons): a server's seasons start afresh, each rated from its own
games, the season's final table kept once it ends; the ladder of every game goes on beside them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.manager import GameManager
from games.seasons import season_of
from rules.record import Chooser
from storage import Store
from tests.storage.helpers import GUILD, NAMES, USERS, play


def _at(y: int, m: int, d: int) -> float:
    return datetime(y, m, d, 12, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("kind", "when", "season"),
    [
        ("monthly", _at(2026, 11, 30), "2026-11"),
        ("monthly", _at(2026, 12, 1), "2026-12"),
        ("quarterly", _at(2026, 9, 30), "2026-Q3"),
        ("quarterly", _at(2026, 10, 1), "2026-Q4"),
        ("none", _at(2026, 10, 1), None),
        (None, _at(2026, 10, 1), None),
    ],
)
def test_a_game_belongs_to_the_season_it_finished_in(kind, when, season):
    assert season_of(kind, when) == season


async def _finished(manager: GameManager, channel: int, people: list[int], seed: int) -> None:
    await manager.lobbies.new_game(GUILD, channel, people[0], NAMES[USERS.index(people[0])])
    for user in people[1:]:
        await manager.lobbies.join(channel, user, NAMES[USERS.index(user)])
    await manager.lobbies.start(channel, people[0], seed=seed)
    await play(manager, channel, None, Chooser(seed))


async def test_each_season_starts_afresh_and_keeps_its_table_beside_the_ladder_of_every_game(tmp_path):
    now = [_at(2026, 11, 30)]
    async with Store(tmp_path / "seasons.db", clock=lambda: now[0]) as store:
        manager = GameManager(store)
        await manager.open()
        await store.preferences.save_server_defaults(GUILD, {"season": "monthly"}, by=USERS[0])
        await _finished(manager, 1, USERS[:2], seed=1)  # November: alice and bob
        now[0] = _at(2026, 12, 1)
        await _finished(manager, 2, USERS[1:3], seed=2)  # December: bob and carol
        ladders = store.ladders
        assert await ladders.seasons(GUILD) == ["2026-12", "2026-11"]
        november = {r.user_id: r for r in await ladders.season_board(GUILD, "2026-11")}
        december = {r.user_id: r for r in await ladders.season_board(GUILD, "2026-12")}
        assert set(november) == set(USERS[:2]) and set(december) == set(USERS[1:3])
        assert december[USERS[1]].games == 1  # bob's December rating knows nothing of November
        everything = {r.user_id: r for r in await ladders.leaderboard(GUILD)}
        assert everything[USERS[1]].games == 2  # the ladder of every game has both
        assert everything[USERS[1]].mu != december[USERS[1]].mu
        # the November table stays as it was while December is played
        now[0] = _at(2026, 12, 2)
        await _finished(manager, 3, [USERS[0], USERS[1]], seed=3)
        assert {r.user_id: r for r in await ladders.season_board(GUILD, "2026-11")} == november
        place = await ladders.season_rank(GUILD, "2026-12", USERS[0])
        assert place is not None and place[1] == 3


async def test_a_server_without_seasons_keeps_one_ladder(tmp_path):
    async with Store(tmp_path / "one.db", clock=lambda: _at(2026, 12, 1)) as store:
        manager = GameManager(store)
        await manager.open()
        await _finished(manager, 1, USERS[:2], seed=1)
        assert await store.ladders.seasons(GUILD) == []
        assert len(await store.ladders.leaderboard(GUILD)) == 2
