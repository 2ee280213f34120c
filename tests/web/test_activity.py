"""The board as a Discord Activity, without Discord: the page signs in through the Embedded App SDK's own
mock (`?mock=<channel>`) and the bot exchanges the SDK's code at a stand-in for Discord's OAuth2 API on
127.0.0.1 (the same two calls, token and users/@me); a code Discord refuses, an API that cannot be reached
and a channel the person may not see open no session."""

from __future__ import annotations

import logging

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.web.options import WebOptions
from tests.bot.driver import make_world, start_game
from tests.browser import chromium_or_skip
from tests.web.activity_bundle import activity_bundle_or_skip

CLIENT_ID = "1300000000000000001"
CLIENT_SECRET = "the-application-secret"
GOOD_CODE = "mock_code"  # what the SDK's mock authorizes with


class DiscordStandIn:
    """Discord's OAuth2 token endpoint and users/@me for one user: the code `GOOD_CODE` with the
    application's secret gives an access token, which names `user_id`."""

    def __init__(self) -> None:
        self.user_id = 0
        self.calls: list[str] = []
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/oauth2/token", self.token)
        app.router.add_get("/users/@me", self.me)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        self.calls.append("token")
        good = form.get("code") == GOOD_CODE and form.get("client_secret") == CLIENT_SECRET
        good = good and form.get("client_id") == CLIENT_ID and form.get("grant_type") == "authorization_code"
        if not good:
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response({"access_token": f"at-{self.user_id}", "token_type": "Bearer", "scope": "identify"})

    async def me(self, request: web.Request) -> web.Response:
        self.calls.append("me")
        if request.headers.get("Authorization") != f"Bearer at-{self.user_id}":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response({"id": str(self.user_id), "username": "someone"})


@pytest.fixture
async def discord_api():
    stand_in = DiscordStandIn()
    await stand_in.start()
    yield stand_in
    assert stand_in.runner is not None
    await stand_in.runner.cleanup()


@pytest.fixture
def web_options(discord_api) -> WebOptions:
    return WebOptions(port=0, client_id=CLIENT_ID, client_secret=CLIENT_SECRET, discord_api=discord_api.url)


async def test_without_its_script_built_the_activity_is_off_and_the_start_says_how_to_build_it(
    monkeypatch, tmp_path, caplog, simcord_env, simcord_bot
):
    from bot.web import server

    monkeypatch.setattr(server, "ACTIVITY_SCRIPT", tmp_path / "activity.js")
    caplog.set_level(logging.INFO)
    w = make_world(simcord_env)
    with simcord_env.time_context():
        await w.bot.board.start()
    assert not w.bot.board.activity
    assert any("npm ci && npm run build" in r.getMessage() for r in caplog.records)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{w.bot.board.port}/api/setup") as r:
            assert (await r.json())["activity"] is False


async def test_the_setup_names_the_application_and_an_activity_origin_is_let_in(activity_built, world, board):
    assert await board.get("/.proxy/api/setup") == (200, {"activity": True, "client_id": CLIENT_ID})
    status, _ = await board.post(
        "/api/token", {"code": "x", "channel": "1"}, origin=f"https://{CLIENT_ID}.discordsays.com"
    )
    assert status != 403  # Discord's proxy origin for this application is the board's own


async def test_a_code_discord_refuses_or_cannot_confirm_opens_no_session(activity_built, world, board, discord_api):
    w = world
    await start_game(w)
    discord_api.user_id = w.alice.id
    body = {"code": "forged", "channel": str(w.channel.id)}
    assert await board.post("/api/token", body) == (401, {"error": "sign_in_failed"})
    assert discord_api.calls == ["token"]
    await discord_api.runner.cleanup()  # Discord unreachable: the connection is refused
    body["code"] = GOOD_CODE
    assert await board.post("/api/token", body) == (401, {"error": "sign_in_failed"})
    async with w.bot.store.backend.read() as tx:
        assert (await tx.fetch("SELECT COUNT(*) FROM web_sessions", ()))[0][0] == 0


async def test_a_channel_the_person_may_not_see_opens_no_session(activity_built, world, board, discord_api):
    w = world
    secret = w.guild.create_text_channel(
        "secret",
        overwrites={
            w.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            w.alice: discord.PermissionOverwrite(view_channel=True),
        },
    )
    discord_api.user_id = w.carol.id
    body = {"code": GOOD_CODE, "channel": str(secret.id)}
    assert await board.post("/api/token", body) == (403, {"error": "not_your_channel"})
    discord_api.user_id = w.alice.id
    status, data = await board.post("/api/token", body)
    assert status == 200 and data["access_token"] == f"at-{w.alice.id}"
    assert await w.bot.board.access.session(data["session"]) is not None
    unknown = {"code": GOOD_CODE, "channel": "12345"}  # not a channel of the bot's
    assert await board.post("/api/token", unknown) == (403, {"error": "not_your_channel"})


@pytest.mark.slow
async def test_inside_discord_the_page_signs_in_by_the_sdk_and_shows_the_seat(world, board, discord_api):
    chromium = chromium_or_skip()
    activity_bundle_or_skip()
    from playwright.async_api import async_playwright

    w = world
    game = await start_game(w)  # alice drafts first
    discord_api.user_id = w.alice.id
    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport={"width": 360, "height": 740})
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(f"{board.url}/board?mock={w.channel.id}&guild={w.guild.id}")
            await page.wait_for_function("() => document.body.dataset.yourTurn === 'true'", timeout=20_000)
            assert int(await page.evaluate("() => document.body.dataset.version")) == game.version
            assert await page.evaluate("() => Boolean(window.CoalActivity)")
            kept = await page.evaluate("() => sessionStorage.getItem('coal-board-session')")
        finally:
            await browser.close()
    assert discord_api.calls == ["token", "me"]
    session = await w.bot.board.access.session(kept)
    assert session is not None and (session.user_id, session.channel_id) == (w.alice.id, w.channel.id)
    assert not errors, errors
