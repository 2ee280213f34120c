"""The web board past one process (bot.web.relay): two bot processes over one PostgreSQL, shards 0 and 1 of
2. A game of shard 1's server is played on the board served by shard 0's process: the board shows it as
stored, the move is handed to its owner (the other process, tests/scale/board_owner.py), played and posted
there, and the new version comes back to the open board over LISTEN/NOTIFY; a refusal comes back in words,
and with the owner gone a move is refused at once as unavailable, changing nothing."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
import simcord

from bot import create_bot
from bot.web import relay as web_relay
from bot.web.options import WebOptions
from games.shards import Shards
from tests.bot.driver import virtual_clock
from tests.scale.shard_worker import world

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


async def _line(process: subprocess.Popen) -> list[str]:
    line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 60)
    assert line, process.stderr.read()
    return line.split()


async def test_a_board_served_by_one_process_plays_a_game_another_process_owns(postgres_url, monkeypatch):
    monkeypatch.setattr(web_relay, "HAND_SECONDS", 3.0)
    owner = subprocess.Popen(
        [sys.executable, "-m", "tests.scale.board_owner", postgres_url],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    coal = create_bot(postgres_url, clock=virtual_clock, shards=Shards(2, frozenset({0})), web=WebOptions(port=0))
    coal.board_at_start = False
    try:
        word, channel, version, user = await _line(owner)
        assert word == "game"
        channel, version, user = int(channel), int(version), int(user)
        async with simcord.run(coal, check_errors=False, shard_count=None) as env:
            world(env)
            with env.time_context():
                await coal.board.start()
            assert coal.board.relay is not None
            session = await coal.board.access.session_for(user, channel)
            url = f"http://127.0.0.1:{coal.board.port}"
            headers = {"Authorization": f"Bearer {session}", "Origin": url}
            async with aiohttp.ClientSession(headers=headers) as http:
                async with http.ws_connect(url.replace("http", "ws") + "/api/live") as ws:
                    await ws.send_str(json.dumps({"session": session}))
                    assert json.loads((await ws.receive(timeout=5)).data) == {"hello": True}
                    async with http.get(f"{url}/api/state") as r:
                        state = await r.json()
                    assert r.status == 200 and state["version"] == version and state["your_turn"]
                    action = state["choices"][0]["action"]
                    asked = time.monotonic()
                    async with http.post(f"{url}/api/move", json={"version": version, "action": action}) as r:
                        assert (r.status, await r.json()) == (200, {"version": version + 1})
                    pushed = json.loads((await ws.receive(timeout=5)).data)
                    took = time.monotonic() - asked
                    assert pushed["version"] == version + 1 and took < 1.0, took
                    assert await _line(owner) == ["stored", f"v{version + 1}", "by", str(user), "posted", "yes"]
                    async with http.post(f"{url}/api/move", json={"version": version, "action": action}) as r:
                        answer = await r.json()
                    assert r.status == 409 and answer["refused"]  # an old version, refused by the owner, in words
                    owner.stdin.close()  # the owner stops
                    assert owner.wait(timeout=60) == 0, owner.stderr.read()
                    now = await coal.store.queries.latest_game(channel)
                    other = {
                        "Authorization": f"Bearer {await coal.board.access.session_for(now.to_move_user, channel)}"
                    }
                    async with http.get(f"{url}/api/state", headers=other) as r:
                        state = await r.json()
                    body = {"version": state["version"], "action": state["choices"][0]["action"]}
                    async with http.post(f"{url}/api/move", json=body, headers=other) as r:
                        assert (r.status, await r.json()) == (503, {"error": "owner_unavailable"})
            after = await coal.store.queries.latest_game(channel)
            assert after.version == version + 1
            await coal.board.stop()
            await coal.computers.close()
    finally:
        if owner.poll() is None:
            owner.kill()
        await coal.store.close()
