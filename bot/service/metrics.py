"""The bot's metrics in Prometheus' terms: counters and histograms updated where things already happen (a
few nanoseconds each), and gauges read when `/metrics` is scraped (`bot.service.health`).

Names and units follow Prometheus' conventions: `coalbaron_…_total` for counters, `_seconds` for times.
Each bot has a registry of its own (several bots in one test process never share a counter). Nothing in
`games/` or `rules/` knows the metrics exist.
"""

from __future__ import annotations

import logging

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

# Buckets for times the bot spends: from a millisecond to half a minute.
FAST = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
# For a timer's lateness: from a tenth of a second to an hour.
LATE = (0.1, 0.5, 1.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0)


class Metrics:
    """Every instrument of the bot, in its own registry."""

    def __init__(self) -> None:
        self.registry = r = CollectorRegistry()
        self.moves = Counter(
            "coalbaron_moves_stored", "Turns stored and announced (people's, computers', the timer's)", registry=r
        )
        self.posts_retried = Counter(
            "coalbaron_posts_retried", "Turns posted late: after a failure, or after a start", registry=r
        )
        self.posts_refused = Counter("coalbaron_posts_refused", "Posts Discord refused or did not answer", registry=r)
        self.rate_limited = Counter(
            "coalbaron_discord_rate_limited", "Requests Discord answered with 429 (rate limited)", registry=r
        )
        self.timer_lag = Histogram(
            "coalbaron_timer_lag_seconds", "How late a turn's deadline was handled", buckets=LATE, registry=r
        )
        self.think = Histogram(
            "coalbaron_think_seconds",
            "A computer's thinking for one decision, wall time",
            ["level"],
            buckets=FAST,
            registry=r,
        )
        self.interactions = Histogram(
            "coalbaron_interaction_seconds",
            "From an interaction's creation to the end of the bot's handling (its answer comes before)",
            ["kind"],
            buckets=FAST,
            registry=r,
        )
        self.posts_pending = Gauge("coalbaron_posts_pending", "Posts stored and not yet made", registry=r)
        self.oldest_pending = Gauge(
            "coalbaron_posts_pending_oldest_seconds", "Age of the oldest post not yet made (0: none)", registry=r
        )
        self.games = Gauge("coalbaron_open_games", "Lobbies and running games of this process", ["status"], registry=r)
        self.queue = Gauge("coalbaron_worker_queue_depth", "Calls waiting for a worker process", ["pool"], registry=r)
        self.latency = Gauge(
            "coalbaron_gateway_latency_seconds", "Heartbeat latency of each gateway connection", ["shard"], registry=r
        )
        self.replay_frames = Counter(
            "coalbaron_replay_frames", "Replay frames shown, drawn or found drawn", ["cached"], registry=r
        )
        self.replay_drawn = Histogram(
            "coalbaron_replay_draw_seconds", "Drawing one replay frame, wall time", buckets=FAST, registry=r
        )


class RateLimits(logging.Filter):
    """Counts the 429s discord.py reports (its HTTP client retries them itself and logs each one)."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__()
        self.metrics = metrics

    def filter(self, record: logging.LogRecord) -> bool:
        if "responded with 429" in record.getMessage():  # ("We are being rate limited. …")
            self.metrics.rate_limited.inc()
        return True
