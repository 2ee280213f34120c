"""Health and metrics for an operator, on an optional port beside the bot (aiohttp, already installed with
discord.py): `/healthz`, `/readyz` and `/metrics`.

- `/healthz`: the event loop answers (200 "ok"): the process is alive.
- `/readyz`: the bot can serve: the gateway is ready on every shard this process owns, the database takes
  a write, and no post has waited longer than `READY_POST_AGE` seconds; else 503, with the reasons.
- `/metrics`: Prometheus' text format (`bot.service.metrics`); the gauges are read now (a few cheap queries).

Off unless `HEALTH_PORT` is set; it listens on 127.0.0.1 unless `HEALTH_HOST` says otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

if TYPE_CHECKING:
    from bot.service.client import CoalBot


log = logging.getLogger("coalbaron")

PROBE_TIMEOUT = 2.0  # seconds a readiness check waits for the database


class HealthServer:
    """The three endpoints, served while the bot runs."""

    def __init__(self, bot: CoalBot, host: str, port: int, ready_post_age: float) -> None:
        self.bot = bot
        self.client = bot
        self.host = host
        self.port = port
        self.ready_post_age = ready_post_age
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("health and metrics on http://%s:%s (/healthz, /readyz, /metrics)", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(self, request: web.Request) -> web.Response:
        problems = self.gateway_problems() + await self.database_problems()
        if problems:
            return web.Response(status=503, text="not ready: " + "; ".join(problems) + "\n")
        return web.Response(text="ready\n")

    def gateway_problems(self) -> list[str]:
        client = self.client
        if not client.is_ready():
            return ["the gateway is not ready"]
        shards = getattr(client, "shards", None)
        if isinstance(shards, dict):
            closed = sorted(k for k, info in shards.items() if info.is_closed())
            if closed:
                return [f"gateway shard(s) {', '.join(map(str, closed))} disconnected"]
        elif client.is_closed():
            return ["the gateway is disconnected"]
        return []

    async def database_problems(self) -> list[str]:
        store = self.bot.manager.store if getattr(self.bot, "manager", None) is not None else None
        if store is None:
            return ["the database is not open"]
        try:
            await asyncio.wait_for(store.preferences.probe(), PROBE_TIMEOUT)
            pending, oldest = await asyncio.wait_for(store.outbox.pending_summary(), PROBE_TIMEOUT)
        except Exception as err:
            return [f"the database takes no write ({type(err).__name__}: {str(err)[:120]})"]
        if pending and self.bot.clock() - oldest > self.ready_post_age:
            waited = self.bot.clock() - oldest
            return [f"{pending} post(s) waiting, the oldest for {waited:.0f} s (limit {self.ready_post_age:.0f} s)"]
        return []

    async def metrics(self, request: web.Request) -> web.Response:
        await self.refresh()
        body = generate_latest(self.bot.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def refresh(self) -> None:
        """The gauges, read now: posts pending and the oldest's age, open games, worker queues, latencies."""
        m = self.bot.metrics
        manager = getattr(self.bot, "manager", None)
        if manager is not None:
            try:
                pending, oldest = await asyncio.wait_for(manager.store.outbox.pending_summary(), PROBE_TIMEOUT)
                m.posts_pending.set(pending)
                m.oldest_pending.set(max(0.0, self.bot.clock() - oldest) if pending else 0.0)
            except Exception as err:  # the database is away: the gauges keep their last values
                log.info("metrics: posts pending not read (%s)", type(err).__name__)
            briefs = manager.games.open_briefs()
            for status in ("lobby", "active"):
                m.games.labels(status).set(sum(1 for b in briefs if b.status == status))
        for name, depth in self.bot.queue_depths().items():
            m.queue.labels(name).set(depth)
        latencies = getattr(self.client, "latencies", None)
        pairs = latencies if isinstance(latencies, list) else [(0, self.client.latency)]
        for shard, seconds in pairs:
            if seconds is not None and math.isfinite(seconds):
                m.latency.labels(str(shard)).set(seconds)
