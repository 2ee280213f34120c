"""Fixtures: the bot of `tests/bot` with its web board on a free loopback port, and an HTTP client for it."""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
import pytest

from bot import create_bot
from bot.web.options import WebOptions
from tests.bot.driver import World, close_bot, make_world, settle_promptly, virtual_clock


@pytest.fixture
def web_options() -> WebOptions:
    """The board's settings in a test (a test of the Activity adds the application's credentials)."""
    return WebOptions(port=0)


@pytest.fixture
async def simcord_bot(db_path, monkeypatch, web_options):
    settle_promptly(monkeypatch)
    bot = create_bot(db_path, clock=virtual_clock, web=web_options)
    bot.board_at_start = False  # started by `world`, outside the bot's own work (which SimCord waits for)
    yield bot
    await close_bot(bot)
    if bot.board is not None:
        await bot.board.stop()


@dataclass
class Board:
    """The board's HTTP API as a page calls it: `get`/`post` with a session, from the board's own origin."""

    http: aiohttp.ClientSession
    url: str  # http://127.0.0.1:<port>

    async def call(self, method: str, path: str, session: str | None = None, body=None, origin: str | None = ""):
        headers = {"Origin": self.url if origin == "" else origin} if origin is not None else {}
        if session:
            headers["Authorization"] = f"Bearer {session}"
        async with self.http.request(method, self.url + path, json=body, headers=headers) as r:
            try:
                data = await r.json()
            except (aiohttp.ContentTypeError, ValueError):
                data = None
            return r.status, data

    async def get(self, path: str, session: str | None = None, **kw):
        return await self.call("GET", path, session, **kw)

    async def post(self, path: str, body, session: str | None = None, **kw):
        return await self.call("POST", path, session, body, **kw)


@pytest.fixture
async def world(simcord_env) -> World:
    w = make_world(simcord_env)
    with simcord_env.time_context():  # its requests see the simulated clock, as the bot does
        await w.bot.board.start()
    return w


@pytest.fixture
async def board(world) -> Board:
    async with aiohttp.ClientSession() as http:
        yield Board(http, f"http://127.0.0.1:{world.bot.board.port}")


@pytest.fixture
def activity_built(monkeypatch, tmp_path):
    """The Activity's script taken as built (a test that loads it in a browser builds it:
    `tests.web.activity_bundle`)."""
    from bot.web import server

    script = tmp_path / "activity.js"
    script.write_text("window.CoalActivity = null;\n")
    if not server.ACTIVITY_SCRIPT.is_file():
        monkeypatch.setattr(server, "ACTIVITY_SCRIPT", script)
