"""The bot without a simulated Discord: what a move costs it, and how busy its drawing worker stays.

    python -m bench.bare [--games 20] [--repeats 3]

`bench.move_cost` and `bench.bot` run the bot through SimCord, whose own bookkeeping runs on the same
event loop (some 40 % of it). Here the bot — `create_bot`, discord.py, the manager, the publisher, the
drawing worker process — runs as in production, and only the network is replaced: discord.py's aiohttp
session is a stand-in that answers each request the way Discord does (the interaction callback, the
follow-up with its file, the edit that takes the previous turn's buttons away, the command sync),
after discord.py has built the request in full (JSON, the multipart body with the image), and whose
answers discord.py parses as it would Discord's. Interactions come in as the gateway hands them over
(`ConnectionState.parse_interaction_create`), one slash-command move per game, `--games` at once (a
burst), as `bench.move_cost` plays them; a repeat plays `--games` new games from the first draft pick
to the final scores, so that every kind of turn (shift scorings, the end) counts as often as in play.

Printed, per move, medians of `--repeats` repeats with the spread:
- the bot's CPU: this process's CPU time less the stand-in's own (timed around each of its answers)
  and the driver's (choosing each move and writing its event), plus the drawing worker's CPU time
  (from /proc);
- the floor in the same run (as `bench.move_cost`): `rules.apply`, one PNG encode of the turn image,
  one committed single-row INSERT;
- the drawing worker's busy share over the bursts (its CPU time over their wall time).

Left out, so not counted: the TLS and socket work of real requests, and the gateway's websocket and
JSON decoding of the INTERACTION_CREATE event (the event is handed over already decoded).
The targets: CPU per move at most 1.8 times the floor; the drawing worker at least 80 % busy.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

import bot.play.turns
from bench.bot import choose, slash_for
from bench.move_cost import TARGET, floor_of
from bench.procs import children_cpu
from bench.storage import Floor
from bot import create_bot
from rules.record import Chooser

APP = 900_000_000_000_000_001
BOT = 900_000_000_000_000_002
GUILD = 900_000_000_000_000_003
EPOCH = "2026-01-01T00:00:00+00:00"


def user(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": None, "avatar": None, "bot": bot}


class Answer:
    """Just enough of an aiohttp response for discord.py: a status, headers, a JSON text."""

    def __init__(self, status: int, payload: Any) -> None:
        self.status = status
        self.reason = "OK" if status < 300 else "Error"
        self.headers = {"content-type": "application/json"}
        self._text = "" if payload is None else json.dumps(payload)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def read(self) -> bytes:
        return self._text.encode()

    async def __aenter__(self) -> Answer:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Sink:
    """Where a multipart body is written: nowhere (aiohttp would write it to the socket)."""

    async def write(self, chunk: bytes) -> None:
        return None


class Stand:
    """The stand-in for Discord's HTTP API: an aiohttp session whose requests are answered here."""

    def __init__(self) -> None:
        self.ids = itertools.count(910_000_000_000_000_000)
        self.cpu = 0.0  # its own CPU time (answering), left out of the bot's
        self.requests: dict[str, int] = {}
        self.channels: dict[str, int] = {}  # interaction token -> its channel (where its follow-ups go)
        self.closed = False

    def request(self, method: str, url: str, **kwargs: Any) -> Answer:
        return self._answer(method, url, kwargs)

    async def close(self) -> None:
        self.closed = True

    def _answer(self, method: str, url: str, kwargs: dict[str, Any]) -> Answer:
        start = time.thread_time()
        try:
            path = url.split("/api/v10", 1)[-1].split("?", 1)[0]
            body = self._body(kwargs.get("data"), kwargs.get("json"))
            status, payload = self._route(method, path, body)
            key = f"{method} {self._shape(path)}"
            self.requests[key] = self.requests.get(key, 0) + 1
            return Answer(status, payload)
        finally:
            self.cpu += time.thread_time() - start

    @staticmethod
    def _shape(path: str) -> str:
        return "/".join("{id}" if part.isdigit() or len(part) > 30 else part for part in path.split("/"))

    def _body(self, data: Any, body: Any) -> tuple[Any, list[dict[str, Any]]]:
        """The request's JSON and the files it carries (a multipart body is built in full first)."""
        if isinstance(data, aiohttp.FormData):
            writer = data()
            asyncio.get_running_loop().create_task(writer.write(_Sink()))  # type: ignore[arg-type]
            payload: Any = None
            files = []
            for options, _headers, value in data._fields:
                if options.get("name") == "payload_json":
                    payload = json.loads(value)
                else:
                    size = len(value.getvalue()) if hasattr(value, "getvalue") else 0
                    files.append({"filename": options.get("filename", "file"), "size": size})
            return payload, files
        if isinstance(data, str | bytes):
            return json.loads(data), []
        return body, []

    def _route(self, method: str, path: str, body: tuple[Any, list[dict[str, Any]]]) -> tuple[int, Any]:
        payload, files = body
        parts = path.strip("/").split("/")
        if path == "/users/@me":
            return 200, user(BOT, "Coal Baron", bot=True)
        if path == "/oauth2/applications/@me":
            return 200, {
                "id": str(APP),
                "name": "Coal Baron",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0",
                "flags": 0,
                "owner": user(1, "owner"),
                "team": None,
                "summary": "",
                "rpc_origins": None,
                "interactions_endpoint_url": None,
            }
        if parts[0] == "applications" and parts[-1] == "commands":
            if method == "GET":
                return 200, []
            return 200, [dict(c, id=str(next(self.ids)), application_id=str(APP), version="1") for c in payload]
        if parts[0] == "interactions":  # the answer: deferred, or a message of its own
            return 200, {"interaction": {"id": parts[1], "type": 2, "response_message_loading": True}}
        if parts[0] == "webhooks":  # follow-ups, and the original answer edited: in the interaction's channel
            return 200, self._message(self.channels.get(parts[2], 0), payload, files, webhook=True)
        if parts[0] == "channels" and parts[2] == "messages":
            if method == "GET":
                return 200, []
            return 200, self._message(int(parts[1]), payload, files)
        return 404, {"message": f"not answered here: {method} {path}", "code": 0}

    def _message(
        self, channel: int, payload: dict[str, Any] | None, files: list[dict[str, Any]], webhook: bool = False
    ) -> dict[str, Any]:
        payload = payload or {}
        message = {
            "id": str(next(self.ids)),
            "channel_id": str(channel or next(self.ids)),
            "author": user(BOT, "Coal Baron", bot=True),
            "content": payload.get("content", ""),
            "timestamp": EPOCH,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(next(self.ids)),
                    "filename": f["filename"],
                    "size": f["size"],
                    "url": "https://cdn.invalid/a.png",
                    "proxy_url": "https://cdn.invalid/a.png",
                }
                for f in files
            ],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": payload.get("flags", 0),
            "components": payload.get("components", []),
        }
        if webhook:
            message["webhook_id"] = str(APP)
            message["application_id"] = str(APP)
        return message


class Table:
    """A game of two people in a channel of its own, played by slash commands."""

    def __init__(self, channel: int, people: dict[int, dict[str, Any]], chooser: Chooser) -> None:
        self.channel, self.people, self.chooser = channel, people, chooser


def option_types(client: Any) -> dict[str, dict[str, int]]:
    """Each /coal subcommand's options and their types, as the command tree defines them."""
    [coal] = [c for c in client.tree.get_commands() if c.name == "coal"]
    out: dict[str, dict[str, int]] = {}
    for sub in coal.to_dict(client.tree)["options"]:
        out[sub["name"]] = {o["name"]: o["type"] for o in sub.get("options", [])}
    return out


def interaction(
    name: str,
    options: dict[str, Any],
    types: dict[str, dict[str, int]],
    table: Table,
    member: dict[str, Any],
    stand: Stand,
) -> dict[str, Any]:
    """An INTERACTION_CREATE event of a /coal slash command, as the gateway hands it over (the stand-in
    learns its token, to answer its follow-ups from its channel)."""
    sub = name.split()[1]
    opts = [{"name": k, "type": types[sub][k], "value": v} for k, v in options.items() if v not in ("", None)]
    iid = next(_IDS)
    token = f"token{iid}x" * 3
    stand.channels[token] = table.channel
    return {
        "id": str(iid),
        "application_id": str(APP),
        "type": 2,
        "token": token,
        "version": 1,
        "guild_id": str(GUILD),
        "channel_id": str(table.channel),
        "channel": {"id": str(table.channel), "type": 0, "guild_id": str(GUILD), "name": "game", "position": 0},
        "member": member,
        "app_permissions": str((1 << 50) - 1),
        "attachment_size_limit": 10 * 1024 * 1024,
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD)},
        "context": 0,
        "data": {"id": "1", "name": "coal", "type": 1, "options": [{"name": sub, "type": 1, "options": opts}]},
    }


_IDS = itertools.count(920_000_000_000_000_000)


async def run(games: int, repeats: int) -> None:
    stand = Stand()
    real_session = aiohttp.ClientSession
    aiohttp.ClientSession = lambda *a, **k: stand  # type: ignore[assignment,misc]  # discord.py's session
    tmp = Path(tempfile.mkdtemp())
    client = create_bot(tmp / "bench.sqlite3", drawing_processes=1)
    try:
        await client.login("bench.token")  # setup_hook: the database, the commands synced, the worker warmed
    finally:
        aiohttp.ClientSession = real_session  # type: ignore[misc]
    waiting = [0]  # moves of the burst not answered and posted yet
    all_done = asyncio.Event()
    take = bot.play.turns.take

    async def counted(*args: Any, **kwargs: Any) -> Any:
        try:
            return await take(*args, **kwargs)
        finally:
            waiting[0] -= 1
            if waiting[0] == 0:
                all_done.set()

    bot.play.turns.take = counted  # type: ignore[assignment]
    types = option_types(client)
    seeds = itertools.count()

    async def new_tables() -> list[Table]:
        """`games` new games of two people, a channel each, started (the draft is played by slash commands)."""
        tables = []
        for _ in range(games):
            k = next(seeds)
            channel = next(_IDS)
            people = {}
            for x in "ab":
                uid = next(_IDS)
                people[uid] = {"user": user(uid, f"p{k}{x}"), "roles": [], "joined_at": EPOCH, "flags": 0}
                people[uid]["permissions"] = str((1 << 50) - 1)
            first, second = people
            await client.manager.lobbies.new_game(GUILD, channel, first, f"p{k}a", {"timer": "none"})
            await client.manager.lobbies.join(channel, second, f"p{k}b")
            await client.manager.lobbies.start(channel, first, seed=k)
            tables.append(Table(channel, people, Chooser(k)))
        return tables

    driving = [0.0]  # the driver's own CPU time (choosing the moves, writing the events), left out

    async def burst(tables: list[Table], played: list) -> tuple[int, float]:
        """One move in each game whose turn is a person's, all handed over at once; the moves sent, and
        the wall time until the last was answered and posted."""
        events = []
        chose = time.thread_time()
        for t in tables:
            game = await client.manager.games.current(t.channel)
            if game is None or game.state.phase == "over" or game.to_move_user not in t.people:
                continue
            action = choose(game.state, t.chooser)
            played.append((game.state, action))
            name, options = slash_for(action)
            events.append(interaction(name, options, types, t, t.people[game.to_move_user], stand))
        driving[0] += time.thread_time() - chose
        all_done.clear()
        waiting[0] = len(events)
        start = time.perf_counter()
        for event in events:
            client._connection.parse_interaction_create(event)  # type: ignore[arg-type]
        if events:
            await all_done.wait()
        return len(events), time.perf_counter() - start

    warm = await new_tables()
    for _ in range(3):
        await burst(warm, [])  # warm-up: the caches, the worker's first images
    floor = Floor(client.store)
    await floor.setup()
    results = []
    played_all: list[list] = []
    stand.requests.clear()
    for _ in range(repeats):
        tables = await new_tables()
        played: list = []
        cpu, workers, answering, wall = time.process_time(), children_cpu(), stand.cpu, 0.0
        driven = driving[0]
        while True:  # the games from the first draft pick to the final scores
            sent, took = await burst(tables, played)
            if not sent:
                break
            wall += took
        cpu, workers = time.process_time() - cpu, children_cpu() - workers
        answering, driven = stand.cpu - answering, driving[0] - driven
        moves = len(played)
        bot_cpu = (cpu - answering - driven + workers) / moves
        base = await floor_of(played, floor)
        results.append((bot_cpu, base, workers / moves, (answering + driven) / moves, workers / wall))
        played_all.append(played)
    client.publisher.close()
    await client.computers.close()
    if client.drawing is not None:
        client.drawing.close()
    await client.store.close()
    await client.http.close()

    def spread(values: list[float], scale: float = 1e3, fmt: str = "{:.2f}") -> str:
        shown = [fmt.format(v * scale) for v in (statistics.median(values), min(values), max(values))]
        return f"{shown[0]} ({shown[1]}-{shown[2]})"

    moves = sum(len(p) for p in played_all)
    print(
        f"{repeats} repeats of {games} whole two-player games ({moves} moves), bursts of a move in each game at once;"
    )
    print("the bot and discord.py as in production, Discord's answers from a stand-in (no SimCord)")
    bot_cpu = spread([r[0] for r in results])
    print(f"bot CPU per move (this process less the stand-in, plus the drawing worker): {bot_cpu} ms")
    print(f"  of which the drawing worker: {spread([r[2] for r in results])} ms")
    print(f"the stand-in's and the driver's CPU per move (left out): {spread([r[3] for r in results])} ms")
    print(f"floor per move (apply + PNG encode + INSERT/COMMIT): {spread([r[1] for r in results])} ms")
    ratios = [r[0] / r[1] for r in results]
    print(f"ratio bot / floor: {spread(ratios, 1.0)}x (target <= {TARGET}x)")
    print(
        f"drawing worker busy during the bursts: {spread([r[4] for r in results], 100.0, '{:.0f}')} % (target >= 80 %)"
    )
    print("requests per move: " + ", ".join(f"{k} {v / moves:.2f}" for k, v in sorted(stand.requests.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    asyncio.run(run(args.games, args.repeats))


if __name__ == "__main__":
    main()
