"""The relay between processes' boards (bot.web.relay) on a real PostgreSQL: a move handed to the owner
of its server is answered by it alone, a move nobody owns is refused once its wait runs out, and when
PostgreSQL stops, a handed move is refused at once; once it is back, each relay connects again by
itself, says versions may have been missed, and hands and tells as before."""

from __future__ import annotations

import asyncio

import pytest

from bot.web import relay as web_relay
from bot.web.relay import Relay, Unavailable

pytestmark = pytest.mark.slow


class Process:
    """One process's side: the servers it owns, the moves it played, the versions it was told."""

    def __init__(self, url: str, owned: set[int]) -> None:
        self.played: list[dict] = []
        self.told: list[tuple[int, int, str]] = []
        self.lost = 0
        self.relay = Relay(url, owns=owned.__contains__, play=self.play, version=self.version, lost=self.missed)

    async def play(self, request: dict) -> dict:
        self.played.append(request)
        return {"version": request["version"] + 1}

    def version(self, channel: int, version: int, status: str) -> None:
        self.told.append((channel, version, status))

    def missed(self) -> None:
        self.lost += 1


async def _until(check, seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")


async def test_moves_reach_their_owner_and_the_relay_comes_back_after_postgresql_does(own_postgres, monkeypatch):
    monkeypatch.setattr(web_relay, "HAND_SECONDS", 0.5)
    url = own_postgres.create_database("relay")
    web, owner, other = Process(url, set()), Process(url, {7}), Process(url, {8})
    for p in (web, owner, other):
        await p.relay.start()
    try:
        move = {"guild": 7, "channel": 70, "user": 1, "kind": "move", "action": "bank", "version": 4, "lang": "en"}
        assert await web.relay.hand(move) == {"version": 5}
        assert [r["version"] for r in owner.played] == [4] and other.played == []
        with pytest.raises(Unavailable):  # nobody owns server 9
            await web.relay.hand({**move, "guild": 9})
        owner.relay.tell(70, 5, "active")
        await _until(lambda: web.told == [(70, 5, "active")] and other.told == web.told)
        assert owner.told == []  # a process is not told its own versions (its boards were, directly)

        await asyncio.to_thread(own_postgres.halt)
        await _until(lambda: not web.relay.notices.connected)
        with pytest.raises(Unavailable):
            await asyncio.wait_for(web.relay.hand(move), 0.2)  # at once, not after the wait
        await asyncio.to_thread(own_postgres.resume)
        await _until(lambda: web.lost == owner.lost == other.lost == 1)
        assert await web.relay.hand({**move, "version": 5}) == {"version": 6}
        owner.relay.tell(70, 6, "active")
        await _until(lambda: web.told[-1] == (70, 6, "active"))
    finally:
        for p in (web, owner, other):
            await p.relay.stop()
