"""A few of Discord's REST routes on loopback, so `python -m bot` can log in without the network.

Only what the bot's start-up calls: the token check (`/users/@me`), the application,
syncing the commands. A token other than `TOKEN` is refused with 401, as Discord does.
The gateway is not served here: tests point the bot at a closed loopback port for it.
"""

from __future__ import annotations

import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

TOKEN = "fake.bot.token"
BOT_USER = {"id": "1000", "username": "coalbaron", "discriminator": "0", "avatar": None, "bot": True}
APPLICATION = {
    "id": "1000",
    "name": "Coal Baron",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
    "verify_key": "00",
    "flags": 0,
}


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released): connecting is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _json(data: object, status: int = 200) -> web.Response:
    # Exactly `application/json`: discord.py reads the body as JSON only for that content type.
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _authorised(request: web.Request) -> bool:
    return request.headers.get("Authorization") == f"Bot {TOKEN}"


async def _me(request: web.Request) -> web.Response:
    if not _authorised(request):
        return _json({"message": "401: Unauthorized", "code": 0}, status=401)
    return _json(BOT_USER)


async def _application(request: web.Request) -> web.Response:
    return _json(APPLICATION)


async def _sync(request: web.Request) -> web.Response:
    return _json([])


@asynccontextmanager
async def serve() -> AsyncIterator[str]:
    """Run the fake REST API on loopback; yields its base URL (what `discord.http.Route.BASE` is)."""
    app = web.Application()
    app.router.add_get("/api/v10/users/@me", _me)
    app.router.add_get("/api/v10/oauth2/applications/@me", _application)
    app.router.add_put("/api/v10/applications/{app}/commands", _sync)
    app.router.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", _sync)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/api/v10"
    finally:
        await runner.cleanup()
