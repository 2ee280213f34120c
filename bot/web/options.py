"""How the web board is served: where it listens, the address players reach it at, and the Activity's
credentials (the settings WEB_PORT, WEB_HOST, PUBLIC_URL, WEB_SECRET, DISCORD_CLIENT_ID and
DISCORD_CLIENT_SECRET; `bot.service.config`)."""

from __future__ import annotations

from dataclasses import dataclass

DISCORD_API = "https://discord.com/api/v10"  # Discord's OAuth2 token endpoint and users/@me live here
LINK_SECONDS = 600.0  # a browser link opens the board within ten minutes, once
SESSION_SECONDS = 86400.0  # a board stays signed in for a day


@dataclass(frozen=True, slots=True)
class WebOptions:
    """The web board's settings. `public_url`: the address players open (the links point there);
    `secret`: signs the links (empty: the bot makes one and keeps it in its database); `client_id` and
    `client_secret`: the Discord application's, for the Activity's sign-in (both empty: no Activity, the
    board opens by link only); `discord_api`: where Discord's OAuth2 API is (a test's stand-in)."""

    port: int
    host: str = "127.0.0.1"
    public_url: str = ""
    secret: str = ""
    client_id: str = ""
    client_secret: str = ""
    discord_api: str = DISCORD_API

    @property
    def activity(self) -> bool:
        """Whether the board also opens as a Discord Activity (the application's credentials are set)."""
        return bool(self.client_id and self.client_secret)
