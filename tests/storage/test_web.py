"""The web board's links and sessions in the database, on both backends: a link is exchanged once and only
before it expires, a session is found by its token (kept as a hash) until it expires or is revoked, and both
go when the person is forgotten or the server's data purged."""

from __future__ import annotations

import asyncio

from games.manager import GameManager
from tests.storage.helpers import GUILD, USERS, started

NOW = 1_800_000_000.0


async def test_a_link_is_exchanged_once_and_only_before_it_expires(store):
    store.clock = lambda: NOW
    await store.web.add_link("abc", USERS[0], 7, NOW + 600)
    await store.web.add_link("old", USERS[0], 7, NOW - 1)
    first, second = await asyncio.gather(store.web.use_link("abc"), store.web.use_link("abc"))
    assert sorted([first, second], key=str) == sorted([(USERS[0], 7), None], key=str)  # two at once: one wins
    assert await store.web.use_link("old") is None and await store.web.use_link("nope") is None
    async with store.backend.read() as tx:
        rows = await tx.fetch("SELECT id FROM web_links", ())
    assert len(rows) == 2 and not {"abc", "old"} & {str(r[0]) for r in rows}  # a link's id is kept as a hash too


async def test_a_session_is_kept_by_a_hash_and_ends_when_it_expires_or_is_revoked(store):
    store.clock = lambda: NOW
    await store.web.add_session("secret-token", USERS[1], 55, NOW + 3600)
    assert await store.web.session("secret-token") == (USERS[1], 55)
    assert await store.web.session("another") is None
    async with store.backend.read() as tx:
        rows = await tx.fetch("SELECT id FROM web_sessions", ())
    assert rows and all("secret-token" not in str(r[0]) for r in rows)  # the token itself is never stored
    store.clock = lambda: NOW + 3601
    assert await store.web.session("secret-token") is None
    store.clock = lambda: NOW
    assert await store.web.revoke_sessions(USERS[1]) == 1 and await store.web.session("secret-token") is None
    assert await store.web.drop_expired(NOW + 7200) == 1


async def test_forgetting_a_person_and_purging_a_server_delete_their_board_access(store):
    manager = GameManager(store)
    game = await started(manager, 1)
    await store.web.add_link("one", USERS[0], game.id, store.clock() + 600)
    await store.web.add_session("t0", USERS[0], game.channel_id, store.clock() + 600)
    await store.web.add_session("t1", USERS[1], game.channel_id, store.clock() + 600)
    assert (await store.personal.user_data(USERS[0]))["board_sessions"][0]["channel_id"] == game.channel_id
    await store.personal.forget(USERS[0])
    assert await store.web.session("t0") is None and await store.web.use_link("one") is None
    assert await store.web.session("t1") == (USERS[1], game.channel_id)
    await store.personal.purge_guild(GUILD)
    assert await store.web.session("t1") is None
