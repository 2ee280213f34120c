"""Turn-time statistics (issue 27): each move timed from the log entry before it, by the database's
window function, on SQLite and PostgreSQL; percentiles of known times; timer moves apart."""

from __future__ import annotations

import pytest

from games.manager import GameManager
from rules.record import Chooser, random_action
from storage import Store
from storage.queries import _percentile
from tests.storage.helpers import GUILD, USERS, started


def test_percentiles_of_known_values():
    assert _percentile([], 0.5) is None
    assert _percentile([10.0], 0.9) == 10.0
    assert _percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert _percentile([float(k) for k in range(1, 11)], 0.9) == pytest.approx(9.1)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_move_times_over_a_seeded_log_with_known_gaps(backend, tmp_path, request):
    target = tmp_path / "db.sqlite3" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    now = [1_000_000.0]
    async with Store(target, clock=lambda: now[0]) as store:
        manager = GameManager(store)
        game = await started(manager, 1, players=2, seed=3)
        chooser = Chooser(3)
        waits = {USERS[0]: [], USERS[1]: []}
        for _ in range(12):  # alice waits 60, 120, 180 ... s; bob 10 s each time
            game = await manager.games.current(1)
            user = game.to_move_user
            wait = 10.0 if user == USERS[1] else 60.0 * (len(waits[user]) + 1)
            now[0] += wait
            waits[user].append(wait)
            await manager.moves.act(1, user, random_action(game.state, chooser))
        alice = await store.queries.move_times(GUILD, USERS[0])
        bob = await store.queries.move_times(GUILD, USERS[1])
        first_mover = (await store.queries.log(game.id))[0].user_id
        # the game's first entry has nothing before it in the log: not timed
        expect_alice = sorted(waits[USERS[0]][1:] if first_mover == USERS[0] else waits[USERS[0]])
        assert alice.moves == len(expect_alice) and alice.timer_moves == 0
        assert alice.median == pytest.approx(_percentile(expect_alice, 0.5))
        assert alice.p90 == pytest.approx(_percentile(expect_alice, 0.9))
        assert bob.median == 10.0 and bob.p90 == 10.0
        assert await store.queries.move_times(GUILD + 1, USERS[0]) == type(alice)(0, None, None, 0)  # another server
