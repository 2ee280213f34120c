"""`python -m bot`, unchanged, with Discord's addresses moved to loopback (for test_startup).

    python -m tests.bot.start_worker API_BASE GATEWAY_URL [bot arguments...]

API_BASE is a `fake_discord.serve()` URL; GATEWAY_URL is where the gateway is looked for
(a closed port: the connection is refused at once, as with a gateway out of reach).
"""

from __future__ import annotations

import runpy
import sys

import discord.gateway
import discord.http
import yarl

if __name__ == "__main__":
    api, gateway, *args = sys.argv[1:]
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    sys.argv = ["bot", *args]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
