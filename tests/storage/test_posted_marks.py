"""One commit a move (issue 26): a post's "posted" mark rides on the next turn's commit, of any game.

Runs on both backends. Each test counts the store's commits (transactions and write blocks) and
reads what is really stored through a second connection (`target.rows`).
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

import storage.outbox
from rules import apply
from rules.record import Chooser, random_action
from storage import Post, StaleState, Store
from tests.storage.helpers import Counted, started


async def _turn(store: Store, game):
    action = random_action(game.state, Chooser(game.version))
    state, _ = apply(game.state, action)
    player = game.state.to_move
    return await store.save_turn(
        game, state, user_id=game.user_of_player(player), player=player, action=str(action), outbox=[Post("turn")]
    )


async def _posted_at(target, game_id: int) -> dict[int, float | None]:
    """Each stored post of the game: seq -> posted_at (None: pending in the database)."""
    rows = (await target.rows(("outbox",)))["outbox"]
    return {r[2]: r[8] for r in rows if r[1] == game_id}  # seq, posted_at


async def test_a_posted_mark_rides_on_the_next_turn_of_any_game(store, manager, target):
    a = await _turn(store, await started(manager, 1))
    b = await started(manager, 2)
    counted = Counted(store.backend)

    store.outbox.posted_upto(a.id, a.version)  # its post reached Discord
    assert counted.commits == 0
    assert await _posted_at(target, a.id) == {1: None}  # not committed yet ...
    assert await store.outbox.pending_posts(a.id) == []  # ... but this store counts it posted at once
    assert await store.outbox.pending_posts() == []

    b = await _turn(store, b)  # another game's move: one commit, carrying the mark
    assert counted.commits == 1
    assert (await _posted_at(target, a.id))[1] is not None
    assert list(await _posted_at(target, b.id)) == [1] and (await _posted_at(target, b.id))[1] is None
    assert await store.outbox.flush_marks() == 0  # nothing left waiting


async def test_moves_in_a_row_cost_one_commit_each(store, manager, target):
    games = [await started(manager, channel) for channel in (1, 2, 3)]
    counted = Counted(store.backend)
    for _ in range(4):
        for k, game in enumerate(games):
            games[k] = game = await _turn(store, game)
            store.outbox.posted_upto(game.id, game.version)  # as the publisher does once the post is out
    assert counted.commits == 12  # one per move: every mark rode on a later move
    await store.outbox.flush_marks()
    assert counted.commits == 13  # the last move's mark, alone
    for game in games:
        assert all(at is not None for at in (await _posted_at(target, game.id)).values())


async def test_a_mark_with_no_turn_to_ride_on_is_committed_alone_soon(store, manager, target, monkeypatch):
    monkeypatch.setattr(storage.outbox, "FLUSH_SECONDS", 0.05)
    game = await _turn(store, await started(manager, 1))
    store.outbox.posted_upto(game.id, game.version)
    store.outbox.flush_soon()  # the bot is busy: a turn may come to take the mark, else it goes alone
    assert await _posted_at(target, game.id) == {1: None}
    for _ in range(100):
        await asyncio.sleep(0.02)
        if (await _posted_at(target, game.id))[1] is not None:
            break
    assert (await _posted_at(target, game.id))[1] is not None


async def test_a_refused_turn_keeps_the_marks_for_the_next_commit(store, manager, target):
    a = await _turn(store, await started(manager, 1))
    b = await started(manager, 2)
    store.outbox.posted_upto(a.id, a.version)
    b1 = await _turn(store, b)
    a2 = await _turn(store, a)
    store.outbox.posted_upto(a2.id, a2.version)
    with pytest.raises(StaleState):
        await _turn(store, b)  # computed from version 0 again: rolled back, the mark with it
    assert (await _posted_at(target, a.id))[2] is None
    assert await store.outbox.pending_posts(a.id) == []  # still counted posted here
    await _turn(store, b1)
    assert (await _posted_at(target, a.id))[2] is not None


async def test_closing_the_store_commits_the_marks(target, store, manager):
    game = await _turn(store, await started(manager, 1))
    store.outbox.posted_upto(game.id, game.version)
    await store.close()
    assert (await _posted_at(target, game.id))[1] is not None
    async with Store(target.url) as again:
        assert await again.outbox.pending_posts() == []


async def test_a_game_known_posted_needs_no_read_to_find_earlier_posts(store, manager):
    game = await started(manager, 1)
    for _ in range(3):
        game = await _turn(store, game)
    counted = Counted(store.backend)
    earlier = await store.outbox.pending_posts(game.id, before=game.version)
    assert [p.seq for p in earlier] == [1, 2] and counted.reads == 1  # not known yet: read
    store.outbox.posted_upto(game.id, game.version - 1)
    assert await store.outbox.pending_posts(game.id, before=game.version) == [] and counted.reads == 1  # known: no read
    note = await store.outbox.pending_posts(game.id)
    assert [p.seq for p in note] == [3] and counted.reads == 2
    await store.outbox.note_failed_post(note[0], "refused")  # a failure: the game is read again next time
    reads = counted.reads
    assert [p.seq for p in await store.outbox.pending_posts(game.id, before=game.version + 1)] == [3]
    assert counted.reads == reads + 1


async def test_marks_wait_while_the_database_refuses_them(store, manager, target, monkeypatch):
    monkeypatch.setattr(storage.outbox, "FLUSH_SECONDS", 0.05)
    game = await _turn(store, await started(manager, 1))
    real = store.backend.transaction
    refused = 0

    async def failing(statements):
        nonlocal refused
        refused += 1
        raise OSError("disk I/O error")

    store.backend.transaction = failing  # type: ignore[method-assign]
    store.outbox.posted_upto(game.id, game.version)
    store.outbox.flush_soon()
    with contextlib.suppress(Exception):
        for _ in range(100):
            await asyncio.sleep(0.02)
            if refused >= 2:
                break
    assert refused >= 2 and (await _posted_at(target, game.id))[1] is None  # tried again, still waiting
    assert await store.outbox.pending_posts() == []
    store.backend.transaction = real  # type: ignore[method-assign]
    for _ in range(100):
        await asyncio.sleep(0.02)
        if (await _posted_at(target, game.id))[1] is not None:
            break
    assert (await _posted_at(target, game.id))[1] is not None
