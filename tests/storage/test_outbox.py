"""The outbox: what is to be posted after a write is stored with it, and survives a crash.

Runs on both backends (the `target` and `store` fixtures).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules import apply, new_game
from rules.record import Chooser, random_action
from storage import OutboxRow, Post, StaleState, Store
from tests.storage.helpers import started

WORKER = Path(__file__).with_name("outbox_worker.py")


async def _turn(store: Store, game, posts: list[Post], chooser: Chooser | None = None):
    action = random_action(game.state, chooser or Chooser(game.version))
    state, _ = apply(game.state, action)
    player = game.state.to_move
    return await store.save_turn(
        game, state, user_id=game.user_of_player(player), player=player, action=str(action), outbox=posts
    )


async def test_posts_are_stored_with_the_turn_and_pending_until_marked(store, manager):
    game = await started(manager, 1)
    other = await started(manager, 2)
    game = await _turn(store, game, [Post("turn", {"text": "Alice drafts", "ping": 102}), Post("choice", {"u": 1})])
    other = await _turn(store, other, [Post("turn", {"text": "x"})])
    game = await _turn(store, game, [Post("turn", {"text": "Bob mines"})])

    pending = await store.outbox.pending_posts()
    assert [(p.game_id, p.seq, p.kind) for p in pending] == [
        (game.id, 1, "turn"),
        (game.id, 1, "choice"),
        (other.id, 1, "turn"),
        (game.id, 2, "turn"),
    ]
    assert pending[0].payload == {"text": "Alice drafts", "ping": 102}
    assert {(p.attempts, p.posted_at, p.last_error) for p in pending} == {(0, None, None)}
    assert [p.seq for p in await store.outbox.pending_posts(game.id)] == [1, 1, 2]
    assert len(await store.outbox.pending_posts(limit=2)) == 2

    store.outbox.posted_upto(game.id, 1)  # every post of the game up to version 1 reached Discord
    assert [p.id for p in await store.outbox.pending_posts()] == [pending[2].id, pending[3].id]  # seen at once
    assert await store.outbox.flush_marks() == 1 and await store.outbox.flush_marks() == 0  # committed once
    assert [p.id for p in await store.outbox.pending_posts()] == [pending[2].id, pending[3].id]


async def test_a_failed_post_stays_pending_with_its_attempts_and_cause(store, manager):
    game = await _turn(store, await started(manager, 1), [Post("turn", {"text": "t"})])
    [post] = await store.outbox.pending_posts()
    assert await store.outbox.note_failed_post(post, "403 Forbidden: Missing Access") == 1
    assert await store.outbox.note_failed_post(post.id, "x" * 2000) == 2
    [again] = await store.outbox.pending_posts()
    assert isinstance(again, OutboxRow) and again.id == post.id
    assert again.attempts == 2 and again.last_error == "x" * 500  # a long cause is cut
    assert await store.outbox.pending_posts(max_attempts=2) == []
    assert [p.id for p in await store.outbox.pending_posts(max_attempts=3)] == [post.id]
    store.outbox.posted_upto(again.game_id, again.seq)
    await store.outbox.flush_marks()
    assert await store.outbox.pending_posts() == []
    with pytest.raises(StaleState, match="no post"):
        await store.outbox.note_failed_post(10_000, "gone")
    assert game.version == 1


async def test_a_refused_turn_stores_no_post_and_a_failing_post_stores_no_turn(store, manager, target):
    game = await started(manager, 1)
    saved = await _turn(store, game, [Post("turn")])
    before = await target.rows()
    with pytest.raises(StaleState):
        await _turn(store, game, [Post("turn", {"stale": True})])  # computed from version 0 again
    assert await target.rows() == before

    await target.refuse_inserts_into("outbox", "outbox refused")
    with pytest.raises(Exception, match="outbox refused"):
        await _turn(store, saved, [Post("turn")])  # the turn's own rows were written first
    assert await target.rows() == before
    await target.allow_inserts_into("outbox")
    assert (await _turn(store, saved, [Post("turn")])).version == 2


async def test_start_abort_and_lone_posts_go_to_the_outbox_too(store, manager):
    lobby = await manager.lobbies.new_game(1, 1, 101, "Alice")
    lobby = await manager.lobbies.join(1, 102, "Bob")
    state = new_game(["Alice", "Bob"], 3)
    game = await store.start_game(lobby, ["Alice", "Bob"], 3, state, outbox=[Post("start", {"seed": 3})])
    await store.outbox.add_posts(game, [Post("reminder", {"to": 101})])
    await store.abort_game(game, outbox=[Post("abort")])
    assert [(p.seq, p.kind, p.payload) for p in await store.outbox.pending_posts(game.id)] == [
        (0, "start", {"seed": 3}),
        (0, "reminder", {"to": 101}),
        (0, "abort", {}),
    ]
    with pytest.raises(StaleState):
        await store.abort_game(game, outbox=[Post("abort again")])
    assert len(await store.outbox.pending_posts(game.id)) == 3


def _run_worker(target_url: str, seed: int, kill_after: int | None = None) -> tuple[int, str]:
    args = [sys.executable, str(WORKER), target_url, str(seed)] + ([] if kill_after is None else [str(kill_after)])
    proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout


@pytest.mark.slow
async def test_sigkill_between_commit_and_post_leaves_the_post_pending(target):
    code, out = _run_worker(target.url, 5, kill_after=7)
    assert code == -9, out  # killed by SIGKILL
    saved = [tuple(map(int, m)) for m in re.findall(r"saved (\d+) (\d+)", out)]
    posted = [tuple(map(int, m)) for m in re.findall(r"posted (\d+) (\d+)", out)]
    assert saved[-1][1] == 7 and len(posted) == 6  # turn 7 committed, never posted

    async with Store(target.url) as store:
        [game] = await store.queries.games()
        assert game.version == 7
        [pending] = await store.outbox.pending_posts()
        assert (pending.game_id, pending.seq, pending.kind) == (game.id, 7, "turn")
        assert pending.payload["ping"] == game.user_of_player((await store.queries.log(game.id))[-1].player)
        assert await store.queries.verify() == []

    # The restarted worker posts what was left, once, and plays on to the end.
    code, out = _run_worker(target.url, 5)
    assert code == 0, out
    assert re.findall(r"reposted \d+ (\d+)", out) == ["7"]
    async with Store(target.url) as store:
        [game] = await store.queries.games()
        assert game.status == "finished"
        assert await store.outbox.pending_posts() == []
        rows = (await target.rows(("outbox",)))["outbox"]
        assert [r[2] for r in rows] == list(range(1, game.version + 1))  # one post per turn, in order
        assert all(r[8] is not None for r in rows)  # posted_at: every one posted
