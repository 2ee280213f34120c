"""Health and metrics of a running bot (issue 48): `/healthz`, `/readyz` (and its 503s: a post waiting too
long, PostgreSQL stopped), `/metrics` in Prometheus' text format; the JSON log lines; the alert webhook."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import time

import aiohttp
import pytest
import simcord
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families

import bot.posting.publisher
from bot import create_bot
from bot.service.logs import Alerts, JsonLines, about

from .driver import actor, close_bot, fast_forward, make_world, start_game, virtual_clock


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:
        async with http.get(f"http://127.0.0.1:{port}{path}") as r:
            return r.status, await r.text()


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """Every sample of a /metrics page: (name, labels) -> value (parsed by prometheus_client's own parser)."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


async def test_health_ready_and_metrics_of_a_running_bot(db_path, monkeypatch):
    port = free_port()
    coal = create_bot(db_path, clock=virtual_clock, health=("127.0.0.1", port), ready_post_age=600)
    try:
        async with simcord.run(coal, check_errors=False) as env:
            w = make_world(env)
            assert await get(port, "/healthz") == (200, "ok\n")
            assert await get(port, "/readyz") == (200, "ready\n")
            status, text = await get(port, "/metrics")
            before = samples(text)
            assert status == 200 and before[("coalbaron_moves_stored_total", ())] == 0.0
            await start_game(w, 2, seed=7)
            game = await fast_forward(w, 6)
            await actor(w, game).slash(w.channel, "coal bank")
            status, text = await get(port, "/metrics")
            after = samples(text)
            assert after[("coalbaron_moves_stored_total", ())] == 1.0  # the move announced through Discord
            assert after[("coalbaron_open_games", (("status", "active"),))] == 1.0
            assert after[("coalbaron_posts_pending", ())] == 0.0
            assert ("coalbaron_worker_queue_depth", (("pool", "computer"),)) in after
            assert ("coalbaron_gateway_latency_seconds", (("shard", "0"),)) in after
            assert after[("coalbaron_interaction_seconds_count", (("kind", "command"),))] >= 2
            for name in ("coalbaron_posts_retried_total", "coalbaron_posts_refused_total"):
                assert after[(name, ())] == 0.0

            # Discord refuses the channel's posts: they wait, and past READY_POST_AGE the bot is not ready
            async def refused(*args, **kwargs):
                return None

            monkeypatch.setattr(bot.posting.publisher, "send", refused)
            game = await coal.manager.games.current(w.channel.id)
            await actor(w, game).slash(w.channel, "coal bank")
            assert (await get(port, "/readyz"))[0] == 200  # a post waiting a moment is no trouble
            await env.advance_time(700)
            status, text = await get(port, "/readyz")
            assert status == 503 and "post(s) waiting, the oldest for" in text, text
            _, text = await get(port, "/metrics")
            after = samples(text)
            assert after[("coalbaron_posts_pending", ())] == 1.0 and after[("coalbaron_posts_refused_total", ())] >= 1
            assert after[("coalbaron_posts_pending_oldest_seconds", ())] >= 700
    finally:
        await close_bot(coal)
        if coal.health is not None:
            await coal.health.stop()


@pytest.mark.slow
async def test_readyz_turns_503_within_5_s_of_postgresql_stopping_and_200_within_5_s_of_its_return(
    own_postgres,
):
    url = own_postgres.create_database("ready")
    port = free_port()
    coal = create_bot(url, clock=virtual_clock, health=("127.0.0.1", port))
    try:
        async with simcord.run(coal, check_errors=False):
            assert (await get(port, "/readyz"))[0] == 200
            await asyncio.to_thread(own_postgres.halt)
            stopped = time.monotonic()
            while (status := await get(port, "/readyz"))[0] != 503:
                assert time.monotonic() - stopped < 5.0, status
                await asyncio.sleep(0.1)
            assert "the database takes no write" in status[1]
            print(f"503 after {time.monotonic() - stopped:.2f} s")
            assert (await get(port, "/healthz"))[0] == 200  # alive all along
            await asyncio.to_thread(own_postgres.resume)
            back = time.monotonic()
            while (status := await get(port, "/readyz"))[0] != 200:
                assert time.monotonic() - back < 5.0, status
                await asyncio.sleep(0.1)
            print(f"200 after {time.monotonic() - back:.2f} s")
    finally:
        await close_bot(coal)
        if coal.health is not None:
            await coal.health.stop()


def test_json_log_lines_carry_the_game_the_server_and_the_shard():
    import bot.service.logs

    record = logging.LogRecord("coalbaron", logging.ERROR, __file__, 1, "a move of %s failed", ("bob",), None)
    record.error_id = "a1b2c3"
    bot.service.logs.SHARD_COUNT = 4
    try:
        with about(12, 1456074443980800003):
            line = json.loads(JsonLines().format(record))
    finally:
        bot.service.logs.SHARD_COUNT = 1
    assert line["level"] == "ERROR" and line["logger"] == "coalbaron" and line["message"] == "a move of bob failed"
    assert line["game_id"] == 12 and line["guild_id"] == 1456074443980800003
    assert line["shard"] == (1456074443980800003 >> 22) % 4 and line["error_id"] == "a1b2c3"
    assert line["time"].endswith("+00:00")


async def test_alerts_reach_the_operators_channel_at_most_once_a_minute():
    """ERROR records and the alerts (a channel out of reach) are posted to the webhook, summed up."""
    received: list[dict] = []

    async def webhook(request: web.Request) -> web.Response:
        received.append(await request.json())
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/hook", webhook)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    alerts = Alerts(f"http://127.0.0.1:{port}/hook")
    alerts.EVERY = 0.5  # (a minute in production)
    logger = logging.getLogger("coalbaron.test-alerts")
    logger.addHandler(alerts)
    logger.propagate = False
    try:
        logger.info("not an alert")
        logger.warning("nor this")
        logger.error("the first failure")
        await asyncio.sleep(0.1)
        assert len(received) == 1 and "the first failure" in received[0]["content"]
        for k in range(8):
            logger.error("failure %d", k)
        logger.warning("channel 7 refuses its posts", extra={"alert": True})
        await asyncio.sleep(0.1)
        assert len(received) == 1  # within the minute: waits, summed up
        await asyncio.sleep(0.6)
        assert len(received) == 2
        summary = received[1]["content"]
        assert summary.startswith("**Coal Baron**: 9 alerts since the last message")
        assert "failure 0" in summary and "… and 4 more" in summary
        assert received[1]["allowed_mentions"] == {"parse": []}
    finally:
        logger.removeHandler(alerts)
        alerts.close()
        await runner.cleanup()
