"""Who a board page is for: a private link exchanged once for a session, or the Activity's sign-in with
Discord exchanged for one; and the session found again on every request.

A link is `<base>/board#<id>.<signature>`: its id is random and stored with the person and the game
(`storage.web`), its signature an HMAC of the id with the bot's secret, so an id that was never issued is
refused before the database is asked; it expires in `LINK_SECONDS` and opens one session. The part after
`#` never reaches a server's log. A session's token is random, kept by the page (never in a cookie: the
Activity's page lives in Discord's frame) and sent with each request; the database keeps its hash.

The Activity's sign-in: the page's SDK gets a code from Discord (`authorize`), the bot exchanges it at
Discord's OAuth2 token endpoint with the application's secret and asks who the user is
(`DiscordOAuth`, whose address a test points at a stand-in on 127.0.0.1); a session is opened for that
user in the channel the Activity was launched from, if they may see it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import aiohttp

from bot.web.options import LINK_SECONDS, SESSION_SECONDS, WebOptions
from storage import Store

SECRET_NOTE = "web-secret"  # where the bot keeps its signing secret when WEB_SECRET is not set


@dataclass(frozen=True, slots=True)
class Session:
    """Who a page is for, and the channel of the game it shows."""

    user_id: int
    channel_id: int


class SignInFailed(Exception):
    """Discord refused the Activity's code, or could not be asked."""


class DiscordOAuth:
    """Discord's OAuth2 API, as the Activity's sign-in uses it: a code exchanged for an access token, and
    the user it is for."""

    def __init__(self, options: WebOptions) -> None:
        self.api = options.discord_api.rstrip("/")
        self.client_id = options.client_id
        self.client_secret = options.client_secret

    async def user_of(self, code: str) -> tuple[str, int]:
        """(access token, user id) for an authorization code; SignInFailed if Discord says no."""
        form = {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        timeout = aiohttp.ClientTimeout(total=10)
        try:
            async with aiohttp.ClientSession(timeout=timeout) as http:
                async with http.post(f"{self.api}/oauth2/token", data=form) as r:
                    if r.status != 200:
                        raise SignInFailed(f"oauth2/token {r.status}")
                    token = str((await r.json())["access_token"])
                headers = {"Authorization": f"Bearer {token}"}
                async with http.get(f"{self.api}/users/@me", headers=headers) as r:
                    if r.status != 200:
                        raise SignInFailed(f"users/@me {r.status}")
                    me: dict[str, Any] = await r.json()
        except (aiohttp.ClientError, TimeoutError, KeyError, ValueError) as err:
            raise SignInFailed(type(err).__name__) from err
        return token, int(me["id"])


class Access:
    """Links, sessions and the Activity's sign-in, over the store's `web` part."""

    def __init__(self, store: Store, options: WebOptions, clock: Any, base_url: str) -> None:
        self.store = store
        self.options = options
        self.clock = clock
        self.base_url = base_url  # where players open the board (PUBLIC_URL, else the address listened on)
        self.oauth = DiscordOAuth(options)
        self._secret = options.secret.encode()

    async def open(self) -> None:
        """The signing secret: the setting's, else the one kept in the database (made at the first start)."""
        if self._secret:
            return
        kept = await self.store.preferences.note(SECRET_NOTE)
        if kept is None:
            kept = secrets.token_urlsafe(32)
            await self.store.preferences.save_note(SECRET_NOTE, kept)
        self._secret = kept.encode()

    def _sign(self, link_id: str) -> str:
        return hmac.new(self._secret, link_id.encode(), hashlib.sha256).hexdigest()[:32]

    async def link(self, user_id: int, game_id: int) -> str:
        """A new link to the board of `game_id` for `user_id` alone, opening once within `LINK_SECONDS`."""
        link_id = secrets.token_urlsafe(18)
        await self.store.web.add_link(link_id, user_id, game_id, self.clock() + LINK_SECONDS)
        return f"{self.base_url}/board#{link_id}.{self._sign(link_id)}"

    async def exchange(self, token: str) -> tuple[str, int] | None:
        """A link's token exchanged for (a session token, the game id); None for a link that is forged,
        expired or used."""
        link_id, _dot, signature = token.partition(".")
        if not link_id or not hmac.compare_digest(signature.encode(), self._sign(link_id).encode()):
            return None
        used = await self.store.web.use_link(link_id)
        if used is None:
            return None
        user_id, game_id = used
        game = await self.store.queries.load_game(game_id)
        if game is None:
            return None
        return await self.session_for(user_id, game.channel_id), game_id

    async def session_for(self, user_id: int, channel_id: int) -> str:
        """A new session's token for `user_id` on the game of `channel_id`."""
        token = secrets.token_urlsafe(32)
        await self.store.web.add_session(token, user_id, channel_id, self.clock() + SESSION_SECONDS)
        return token

    async def session(self, token: str) -> Session | None:
        """The session a request's token names, while it lasts."""
        if not token:
            return None
        found = await self.store.web.session(token)
        return Session(*found) if found is not None else None

    async def who(self, code: str) -> tuple[str, int]:
        """The Activity's sign-in, first half: (Discord's access token for the SDK's `authenticate`, the user
        id) for the SDK's code; SignInFailed if Discord says no. The caller checks that the user may see the
        channel before it opens a session there (`session_for`)."""
        return await self.oauth.user_of(code)
