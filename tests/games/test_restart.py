"""Restart: a new manager over the same file resumes every lobby and game exactly as it was."""

from __future__ import annotations

import pytest

from games.manager import GameManager
from rules.record import Chooser, random_action
from storage import Brief, Store
from tests.storage.helpers import USERS, lobby, play, started


async def _first_life(manager: GameManager, choosers: dict[int, Chooser]) -> None:
    await lobby(manager, 1, players=3)
    await started(manager, 2, players=2, seed=2)
    await play(manager, 2, 3, choosers[2])  # in the opening draft
    await started(manager, 3, players=4, seed=3)
    await play(manager, 3, 60, choosers[3])  # mid-game
    await started(manager, 4, players=3, seed=4)
    while (await manager.games.current(4)).state.phase != "draw":  # a private draw choice pending
        game = await manager.games.current(4)
        await manager.moves.act(4, game.to_move_user, random_action(game.state, choosers[4]))
    await started(manager, 5, seed=5)
    await play(manager, 5, None, Chooser(5))  # finished
    await started(manager, 6, seed=6)
    await manager.lobbies.abort(6, USERS[0])


@pytest.mark.slow
async def test_a_new_manager_resumes_every_open_game_exactly(tmp_path):
    path = tmp_path / "coal.sqlite3"
    choosers = {ch: Chooser(ch) for ch in (2, 3, 4)}
    async with Store(path) as store:
        manager = GameManager(store)
        await manager.open()
        await _first_life(manager, choosers)
        before = {ch: await manager.games.current(ch) for ch in range(1, 7)}
    assert [ch for ch, g in before.items() if g is not None] == [1, 2, 3, 4]

    # The same moves without a restart, in another file: the reference.
    reference_choosers = {ch: Chooser(ch) for ch in (2, 3, 4)}
    async with Store(tmp_path / "reference.sqlite3") as ref_store:
        reference = GameManager(ref_store)
        await _first_life(reference, reference_choosers)
        for ch in (2, 3, 4):
            await play(reference, ch, None, reference_choosers[ch])
        expected = {ch: await ref_store.queries.log((await ref_store.queries.latest_game(ch)).id) for ch in (2, 3, 4)}
        expected_final = {ch: (await ref_store.queries.latest_game(ch)).state for ch in (2, 3, 4)}

    async with Store(path) as store:
        manager = GameManager(store)
        resumed = await manager.open()  # each open game in brief (issue 26), read whole when needed
        assert {b.channel_id: b for b in resumed} == {ch: Brief.of(g) for ch, g in before.items() if g is not None}
        assert manager.games.in_memory() == 0
        by_channel = {ch: await manager.games.current(ch) for ch in range(1, 7)}
        assert by_channel == before
        assert before[4].state.pending is not None and by_channel[4].state.pending == before[4].state.pending
        # Play on to the end: every move and the final state as if nothing had happened.
        for ch in (2, 3, 4):
            last = (await play(manager, ch, None, choosers[ch]))[-1]
            assert last.state == expected_final[ch]
            log = await store.queries.log(last.game.id)
            assert [(e.seq, e.player, e.action) for e in log] == [(e.seq, e.player, e.action) for e in expected[ch]]
        game = await manager.lobbies.start(1, USERS[0], seed=1)  # the lobby carries on too
        assert [s.user_id for s in game.seats] == USERS[:3]
        assert await store.queries.verify() == []
