"""The web board's server (aiohttp, which discord.py brings): the page, its API and its live channel.

- `GET /board` — the page (`bot/web/static/`); `GET /static/...` its script, style and, when built, the
  Activity's bundle. Inside Discord the same page is the Activity (Discord's proxy serves it under
  `/.proxy/`; every path here works under that prefix too).
- `GET /api/setup` — whether the Activity is set up, and the application's id (for the SDK);
  `POST /api/link` `{token}` — a private link exchanged once for a session; `POST /api/token` `{code,
  channel}` — the Activity's sign-in (`bot.web.access`).
- `GET /api/tables?lang=` — the pieces and every name; `GET /api/state` — the game as the session's person
  may see it (`bot.web.board_data`); `POST /api/mine` `{steps, plan}` — a mining plan's next steps;
  `POST /api/move` `{version, action}` and `POST /api/undo` `{version}` — play, as a slash command does.
- `GET /api/live` — a WebSocket: after `{"session": token}` it sends `{"version": n}` whenever the game is
  stored (a person's move, a computer's, the timer's), so every open board shows a move within a second;
  a page that loses it reconnects by itself (after a restart of the bot too: the session is stored).

Every API call but the link's and the sign-in's carries `Authorization: Bearer <session>`; only the seat's
own person acts for it (the manager's checks, as for commands: stand-ins, pauses, whose turn). A request
from another origin than the board's own (or the Activity's, `<client id>.discordsays.com`) is refused;
each session makes at most `RATE` requests a second. Tokens are never logged (no access log).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import time
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from aiohttp import WSMsgType, web

from bot.i18n import SUPPORTED, locale_for, speaking
from bot.record.visibility import member_sees
from bot.web import board_data, play
from bot.web.access import Access, Session, SignInFailed
from bot.web.options import WebOptions
from bot.web.relay import Relay, Unavailable
from bot.words import refusals
from games import Game, GameError, TurnResult
from rules import Refusal, view
from storage import Brief

if TYPE_CHECKING:
    from bot.service.client import CoalBot

log = logging.getLogger("coalbaron")

STATIC = Path(__file__).with_name("static")
ACTIVITY_SCRIPT = STATIC / "activity.js"  # built from bot/web/activity (not in the repository)
RATE = 20  # requests a second one session may make (a page makes a few a move)
PAGE_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


class Refused(Exception):
    """A request the board answers with an HTTP error and a reason's code (never a traceback); the page says
    it in the viewer's words: `signed_out`, `too_many_requests`, else that it did not work."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status


class BoardServer:
    """The web board, served while the bot runs (off unless WEB_PORT is set)."""

    def __init__(self, bot: CoalBot, options: WebOptions) -> None:
        self.bot = bot
        self.options = options
        self.access: Access | None = None  # once the store is open (`start`)
        self._runner: web.AppRunner | None = None
        self._live: dict[int, set[web.WebSocketResponse]] = defaultdict(set)  # channel -> open boards
        self._calls: dict[str, list[float]] = {}  # session -> its latest requests' times (the rate limit)
        self._tasks: set[asyncio.Task[Any]] = set()
        # The context the bot's own work runs in (set by the bot's start): a move's post begins there. A page's
        # connection is not the bot's work: where the bot is run under SimCord (the tests, the sandbox), the
        # board is started by its starter, outside the bot's work, so an open board never holds its settling.
        self.work_context = contextvars.copy_context()
        self.port = options.port  # the one listened on (a test's port 0 becomes a free one)
        self.relay: Relay | None = None  # several processes over PostgreSQL: moves and versions between them

    # --- running -------------------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._errors])
        for prefix in ("", "/.proxy"):  # the Activity's requests come through Discord's proxy
            app.router.add_get(f"{prefix}/board", self.page)
            app.router.add_get(f"{prefix}/static/{{name}}", self.static)
            app.router.add_get(f"{prefix}/api/setup", self.setup)
            app.router.add_post(f"{prefix}/api/link", self.link)
            app.router.add_post(f"{prefix}/api/token", self.token)
            app.router.add_get(f"{prefix}/api/tables", self.tables)
            app.router.add_get(f"{prefix}/api/state", self.state)
            app.router.add_post(f"{prefix}/api/mine", self.mine)
            app.router.add_post(f"{prefix}/api/move", self.move)
            app.router.add_post(f"{prefix}/api/undo", self.undo)
            app.router.add_get(f"{prefix}/api/live", self.live)
        app.router.add_get("/", self.page)
        app.router.add_get("/favicon.ico", self.no_icon)
        return app

    @property
    def activity(self) -> bool:
        """Whether the board opens as the Activity: its credentials are set and its script is built
        (`npm ci && npm run build` in bot/web/activity; without it, by link only)."""
        return self.options.activity and ACTIVITY_SCRIPT.is_file()

    @property
    def base_url(self) -> str:
        """Where players open the board: PUBLIC_URL, else the address listened on."""
        return (self.options.public_url or f"http://{self.options.host}:{self.port}").rstrip("/")

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None)  # a request's log line could carry a token
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.options.host, self.options.port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        sockets = getattr(site._server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        access = Access(self.bot.store, self.options, self.bot.clock, self.base_url)
        await access.open()
        self.access = access
        store = self.bot.store
        if self.bot.manager.games.shards is not None and store.kind == "postgresql":
            relay = Relay(
                str(store.target),
                owns=self.bot.manager.games.owns,
                play=self._handed,
                version=self._pushed,
                lost=self._missed,
            )
            await relay.start()
            self.relay = relay
        self.bot.manager.games.listeners.append(self.changed)
        log.info("web board on http://%s:%s/board (players open %s)", self.options.host, self.port, self.base_url)
        if self.options.activity and not self.activity:
            log.warning(
                "the Activity is set up (DISCORD_CLIENT_ID) but its script is not built: run `npm ci && npm run"
                " build` in bot/web/activity; until then the board opens by private link only"
            )

    async def drain(self) -> None:
        """Wait for the posts of the moves made on the board so far."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def stop(self) -> None:
        if self.changed in self.bot.manager.games.listeners:
            self.bot.manager.games.listeners.remove(self.changed)
        if self.relay is not None:
            relay, self.relay = self.relay, None
            await relay.stop()
        for sockets in self._live.values():
            for ws in list(sockets):
                await ws.close()
        self._live.clear()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    def changed(self, brief: Brief) -> None:
        """A game was stored here (the manager's listener): its open boards are told its new version, here
        and, through the relay, in the other processes."""
        self._pushed(brief.channel_id, brief.version, brief.status)
        if self.relay is not None:
            self.relay.tell(brief.channel_id, brief.version, brief.status)

    def _pushed(self, channel_id: int, version: int, status: str) -> None:
        """Tell this process's open boards of `channel_id` a new version."""
        self._tell(channel_id, json.dumps({"version": version, "status": status}))

    def _missed(self) -> None:
        """The relay was lost for a while: every open board reads its game again (as after a reconnect)."""
        for channel_id in list(self._live):
            self._tell(channel_id, json.dumps({"hello": True}))

    def _tell(self, channel_id: int, message: str) -> None:
        for ws in list(self._live.get(channel_id, ())):
            task = asyncio.get_running_loop().create_task(self._send(ws, channel_id, message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _send(self, ws: web.WebSocketResponse, channel_id: int, message: str) -> None:
        try:
            await ws.send_str(message)
        except (ConnectionError, RuntimeError):
            self._live[channel_id].discard(ws)

    # --- the page --------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        return self._file("board.html")

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if "/" in name or name.startswith(".") or not (STATIC / name).is_file():
            raise Refused(404, "no_such_file")
        return self._file(name)

    @staticmethod
    def _file(name: str) -> web.Response:
        path = STATIC / name
        headers = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
        return web.Response(
            body=path.read_bytes(),
            content_type=PAGE_TYPES.get(path.suffix, "application/octet-stream"),
            headers=headers,
        )

    # --- signing in --------------------------------------------------------------------------------------

    async def setup(self, request: web.Request) -> web.Response:
        """What the page needs before it signs in: whether it may be the Activity, and the application's id
        (public: Discord shows it in every Activity's address)."""
        return web.json_response({"activity": self.activity, "client_id": self.options.client_id})

    async def link(self, request: web.Request) -> web.Response:
        self._same_origin(request)
        body = await self._json(request)
        assert self.access is not None
        opened = await self.access.exchange(str(body.get("token", "")))
        if opened is None:
            raise Refused(401, "signed_out")
        session, game_id = opened
        return web.json_response({"session": session, "game": game_id})

    async def token(self, request: web.Request) -> web.Response:
        self._same_origin(request)
        if not self.activity:
            raise Refused(404, "no_activity")
        body = await self._json(request)
        code, channel = str(body.get("code", "")), body.get("channel")
        if not code or not str(channel or "").isdigit():
            raise Refused(400, "bad_request")
        assert self.access is not None
        try:
            access_token, user_id = await self.access.who(code)
        except SignInFailed as err:
            log.info("web board: a sign-in with Discord failed (%s)", err)
            raise Refused(401, "sign_in_failed") from None
        channel_id = int(str(channel))
        if not await self._sees(user_id, channel_id):
            raise Refused(403, "not_your_channel")
        session = await self.access.session_for(user_id, channel_id)
        return web.json_response({"access_token": access_token, "session": session})

    async def _sees(self, user_id: int, channel_id: int) -> bool:
        """Whether a person signed in by the Activity may see the game of `channel_id`: a channel of a server
        the bot is on, whose member they are, that they may see (the rule of every list, `bot.record.visibility`)."""
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return False
        member = channel.guild.get_member(user_id)
        if member is None:
            try:
                member = await channel.guild.fetch_member(user_id)
            except discord.HTTPException:
                return False
        game = await self.bot.manager.games.latest(channel_id)
        seated = [s.user_id for s in game.seats] if game is not None else []
        return member_sees(member, channel, seated)

    # --- the game ------------------------------------------------------------------------------------------

    async def tables(self, request: web.Request) -> web.Response:
        return web.json_response(board_data.tables(self._lang(request, "en")))

    async def state(self, request: web.Request) -> web.Response:
        session = await self._session(request)
        game = await self._game(session.channel_id)
        if game is None or game.state is None:
            raise Refused(404, "no_game")
        paused = game.options.paused_at is not None
        data = board_data.board_data(game, session.user_id, self._lang(request, game.options.language), paused=paused)
        rows = await self.bot.manager.queries.log(game.id, last=1)
        data["can_undo"] = bool(rows) and rows[-1].user_id == session.user_id and game.is_running
        return web.json_response(data)

    async def mine(self, request: web.Request) -> web.Response:
        session = await self._session(request, acting=True)
        body = await self._json(request)
        game = await self._game(session.channel_id)
        you = board_data.viewer_of(game, session.user_id) if game is not None and game.is_running else None
        steps = body.get("steps")
        if game is None or game.state is None or you is None or steps not in (4, 6, 8, 10):
            raise Refused(400, "bad_request")
        lang = self._lang(request, game.options.language)
        try:
            plan = board_data.mining(view(game.state, you), you, int(steps), str(body.get("plan", "")), lang)
        except Refusal as err:  # a plan the rules refuse (a step typed by hand): said, nothing changed
            with speaking(lang):
                return web.json_response({"refused": refusals.rules_problem(err)}, status=409)
        return web.json_response(plan)

    async def move(self, request: web.Request) -> web.Response:
        session = await self._session(request, acting=True)
        body = await self._json(request)
        version, action = body.get("version"), body.get("action")
        if not isinstance(version, int) or not isinstance(action, str) or len(action) > 1000:
            raise Refused(400, "bad_request")
        return await self._act(request, session, {"kind": "move", "action": action, "version": version})

    async def undo(self, request: web.Request) -> web.Response:
        session = await self._session(request, acting=True)
        body = await self._json(request)
        version = body.get("version")
        if not isinstance(version, int):
            raise Refused(400, "bad_request")
        return await self._act(request, session, {"kind": "undo", "action": "", "version": version})

    async def _act(self, request: web.Request, session: Session, what: dict[str, Any]) -> web.Response:
        """A move or an undo asked on this board: played here, or handed to the process that owns the game."""
        game = await self._game(session.channel_id)
        lang = self._lang(request, game.options.language if game else "en")
        asked = {**what, "channel": session.channel_id, "user": session.user_id, "lang": lang}
        if self.relay is not None and game is not None and not self.bot.manager.games.owns(game.guild_id):
            try:
                answer = await self.relay.hand({**asked, "guild": game.guild_id})
            except Unavailable:
                raise Refused(503, "owner_unavailable") from None
        else:
            answer = await self._here(asked)
        return web.json_response(answer, status=409 if "refused" in answer else 200)

    async def _here(self, asked: dict[str, Any]) -> dict[str, Any]:
        """Play a move or an undo of a game this process owns (asked on its own board, or handed by another
        process): `{"version": n}` or `{"refused": sentence}`. It is posted in the channel like any other move,
        while the board is answered at once; the post is the bot's own work, begun in the bot's context
        (`work_context`), not in the page's connection's."""
        channel, user, version, lang = asked["channel"], asked["user"], asked["version"], asked["lang"]
        if asked["kind"] == "undo":
            outcome = await play.undo(self.bot, channel, user, version, lang)
        else:
            outcome = await play.play(self.bot, channel, user, asked["action"], version, lang)
        if outcome.result is None:
            return {"refused": outcome.refused}
        asyncio.get_running_loop().call_soon(self._publish, outcome.result, context=self.work_context.copy())
        return {"version": outcome.result.version}

    async def _handed(self, request: dict[str, Any]) -> dict[str, Any]:
        """A move handed by another process's board (`bot.web.relay`), for a game of this process."""
        fields = [request.get(k) for k in ("channel", "user", "version")]
        well_formed = all(isinstance(f, int) for f in fields) and request.get("kind") in ("move", "undo")
        if not well_formed or not isinstance(request.get("action"), str) or request.get("lang") not in SUPPORTED:
            raise ValueError(f"a handed move that is not one: {sorted(request)}")
        return await self._here(request)

    async def _game(self, channel_id: int) -> Game | None:
        """The channel's game as this board shows it: from the manager; with several processes, a game
        another process owns as it is stored (this process keeps no copy of it, which would go stale)."""
        if self.relay is None:
            return await self.bot.manager.games.latest(channel_id)
        stored = await self.bot.store.queries.latest_game(channel_id)
        if stored is not None and self.bot.manager.games.owns(stored.guild_id):
            return await self.bot.manager.games.latest(channel_id)
        return stored

    def _publish(self, result: TurnResult) -> None:
        task = asyncio.get_running_loop().create_task(self.bot.publisher.publish(result))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def live(self, request: web.Request) -> web.WebSocketResponse:
        self._same_origin(request)
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        channel: int | None = None
        try:
            first = await ws.receive(timeout=10)
            token = json.loads(first.data).get("session", "") if first.type == WSMsgType.TEXT else ""
            assert self.access is not None
            session = await self.access.session(str(token))
            if session is None:
                await ws.send_str(json.dumps({"error": "signed_out"}))
                return ws
            channel = session.channel_id
            self._live[channel].add(ws)
            await ws.send_str(json.dumps({"hello": True}))
            async for _message in ws:  # nothing more is read: the page only listens
                pass
        except (TimeoutError, ValueError, AttributeError):
            pass
        finally:
            if channel is not None:
                self._live[channel].discard(ws)
        return ws

    # --- checks ------------------------------------------------------------------------------------------

    @web.middleware
    async def _errors(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except Refused as err:
            return web.json_response({"error": str(err)}, status=err.status)
        except GameError as err:
            with speaking(self._lang(request, "en")):
                return web.json_response({"refused": refusals.refusal(err)}, status=409)

    def _origins(self) -> set[str]:
        origins = {self.base_url, f"http://{self.options.host}:{self.port}", f"http://127.0.0.1:{self.port}"}
        if self.options.client_id:
            origins.add(f"https://{self.options.client_id}.discordsays.com")
        return origins

    def _same_origin(self, request: web.Request) -> None:
        origin = request.headers.get("Origin")
        if origin is not None and origin.rstrip("/") not in self._origins():
            raise Refused(403, "not_our_origin")

    async def _session(self, request: web.Request, *, acting: bool = False) -> Session:
        if acting:
            self._same_origin(request)
        header = request.headers.get("Authorization", "")
        token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else ""
        assert self.access is not None
        session = await self.access.session(token)
        if session is None:
            raise Refused(401, "signed_out")
        self._limit(token)
        return session

    def _limit(self, token: str) -> None:
        now = time.monotonic()
        recent = [t for t in self._calls.get(token, []) if now - t < 1.0]
        if len(recent) >= RATE:
            raise Refused(429, "too_many_requests")
        recent.append(now)
        self._calls[token] = recent
        if len(self._calls) > 10_000:
            self._calls = {k: v for k, v in self._calls.items() if v and now - v[-1] < 1.0}

    @staticmethod
    def _lang(request: web.Request, fallback: str) -> str:
        """The viewer's language: the page's (`?lang=`, the browser's or Discord's), else the game's."""
        asked = request.query.get("lang") or request.headers.get("Accept-Language", "").split(",")[0].strip()
        lang = locale_for(asked) if asked else fallback
        return lang if lang in SUPPORTED else fallback

    @staticmethod
    async def _json(request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Refused(400, "bad_request") from None
        if not isinstance(body, dict):
            raise Refused(400, "bad_request")
        return body
