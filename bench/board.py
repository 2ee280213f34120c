"""The web board's speed: a move's server cost beside a slash command's, its round trip, the page's first
paint, and how soon the other player's open board shows a move.

    python -m bench.board [--games 6] [--moves 48] [--live 24] [--paints 5] [--repeats 3]

The real bot (`create_bot`, its drawing worker, SQLite) with the web board on a free loopback port, and
SimCord in this process. Each repeat measures:

- **a move's server cost**: `--moves` moves one at a time over `--games` two-player games, once by slash
  command (SimCord's interaction, as `bench.bot` emits them) and once by the board's `POST /api/move`
  (aiohttp's client in this process), each until its turn message is posted. CPU per move is this
  process's CPU time plus the drawing worker's; each figure carries its own client's share (SimCord's
  interaction machinery, aiohttp's client), so the ratio board / slash is what a move costs the process
  either way. The floor printed beside it, measured in the same run: `rules.apply` of the same moves.
- **the round trip** of the board's moves: from the request to the answer (`{"version": n}`), wall time.
- **first paint**: Chromium (Debian's, through Playwright) opens the board by a private link in a fresh
  context, `--paints` times: from the navigation to the whole board drawn (the page sets its
  `data-version`). Beside it the same browser's navigation to one of the board's static files from the
  same server (the floor: the network and the browser's own start of a page).
- **live**: two browsers, alice and bob, each on their own board of one game; `--live` moves, each made
  by the page of the player to move (its own `fetch`, its own session); from the request to the other
  page showing the new version (a WebSocket message, then the state read and drawn). Target: p95 < 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp
import simcord

from bench.bot import DRIVING, choose, play_round, two_player_games
from bench.procs import children_cpu
from bot import create_bot
from bot.web.options import WebOptions
from rules import apply
from tests.browser import CHROMIUM

SEEN = """() => { window.__seen = {}; new MutationObserver(() => { const v = document.body.dataset.version;
  if (v && !(v in window.__seen)) window.__seen[v] = Date.now(); })
  .observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] }); }"""
PACE = 0.15  # seconds between two live moves: a session may make 20 requests a second (bot.web.server.RATE)
PAINTED = (
    """() => { const t = performance.getEntriesByType("navigation")[0]; return performance.now() - t.startTime; }"""
)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _drawn(client, env) -> None:
    await client.board.drain()
    await env.settle()


async def slash_moves(client, env, tables, moves: int) -> tuple[float, float, list]:
    """`moves` slash-command moves one at a time: (CPU seconds, floor seconds, the moves)."""
    played: list = []
    cpu, workers, driven = time.process_time(), children_cpu(), DRIVING[0]
    k = 0
    while len(played) < moves:
        await play_round(client, env, [tables[k % len(tables)]], played)
        k += 1
    spent = time.process_time() - cpu + children_cpu() - workers - (DRIVING[0] - driven)
    return spent, _floor(played), played


async def board_moves(client, env, http, url, tables, sessions, moves: int) -> tuple[float, float, list[float]]:
    """`moves` moves by the board's API one at a time: (CPU seconds, floor seconds, round trips)."""
    played: list = []
    trips: list[float] = []
    cpu, workers, driving = time.process_time(), children_cpu(), 0.0
    k = 0
    while len(played) < moves:
        channel, members, chooser = tables[k % len(tables)]
        k += 1
        game = await client.manager.games.current(channel.id)
        if game is None or game.state.phase == "over":
            continue
        chose = time.process_time()
        action = choose(game.state, chooser)
        driving += time.process_time() - chose
        played.append((game.state, action))
        headers = {"Authorization": f"Bearer {sessions[game.to_move_user]}", "Origin": url}
        asked = time.perf_counter()
        async with http.post(
            f"{url}/api/move", json={"version": game.version, "action": str(action)}, headers=headers
        ) as r:
            answer = await r.json()
        trips.append(time.perf_counter() - asked)
        assert r.status == 200, answer
        await _drawn(client, env)
    spent = time.process_time() - cpu + children_cpu() - workers - driving
    return spent, _floor(played), trips


def _floor(played: list) -> float:
    started = time.process_time()
    for state, action in played:
        apply(state, action)
    return time.process_time() - started


async def first_paints(
    browser, client, game_id: int, user_id: int, url: str, count: int
) -> tuple[list[float], list[float]]:
    paints, floors = [], []
    for _ in range(count):
        context = await browser.new_context(viewport={"width": 360, "height": 740})
        page = await context.new_page()
        await page.goto(f"{url}/static/board.css")
        floors.append(await page.evaluate(PAINTED))
        await context.close()
        context = await browser.new_context(viewport={"width": 360, "height": 740})
        page = await context.new_page()
        await page.goto(await client.board.access.link(user_id, game_id))
        await page.wait_for_function("() => document.body.dataset.version !== undefined")
        paints.append(await page.evaluate(PAINTED))
        await context.close()
    return paints, floors


async def live(browser, client, env, table, moves: int) -> list[float]:
    """Two pages, one per player; each move made by the mover's page; ms until the other page shows it."""
    channel, members, chooser = table
    game = await client.manager.games.current(channel.id)
    pages = {}
    for user_id in members:
        context = await browser.new_context(viewport={"width": 390, "height": 800})
        page = await context.new_page()
        await page.add_init_script(f"({SEEN})()")
        await page.goto(await client.board.access.link(user_id, game.id))
        await page.wait_for_selector("#live:not([hidden])")
        pages[user_id] = page
    delays = []
    for _ in range(moves):
        game = await client.manager.games.current(channel.id)
        if game.state.phase == "over":
            break
        mover = pages[game.to_move_user]
        other = next(p for u, p in pages.items() if u != game.to_move_user)
        await other.wait_for_function("(v) => Number(document.body.dataset.version) === v", arg=game.version)
        action = str(choose(game.state, chooser))
        sent = await mover.evaluate(
            """async ([version, action]) => { const t = Date.now();
               const r = await fetch("/api/move", { method: "POST", headers: { "Content-Type": "application/json",
                 Authorization: "Bearer " + sessionStorage.getItem("coal-board-session") },
                 body: JSON.stringify({ version, action }) });
               if (!r.ok) throw new Error(await r.text()); return t; }""",
            [game.version, action],
        )
        await other.wait_for_function("(v) => window.__seen && window.__seen[v]", arg=str(game.version + 1))
        seen = await other.evaluate("(v) => window.__seen[v]", str(game.version + 1))
        delays.append(seen - sent)
        await _drawn(client, env)
        await mover.wait_for_function("(v) => Number(document.body.dataset.version) >= v", arg=game.version + 1)
        await asyncio.sleep(PACE)
    for page in pages.values():
        await page.context.close()
    return delays


async def run(games: int, moves: int, live_moves: int, paints: int, repeats: int) -> None:
    from playwright.async_api import async_playwright

    assert CHROMIUM is not None, "no Chromium: sudo apt-get install -y chromium"
    tmp = Path(tempfile.mkdtemp())
    client = create_bot(tmp / "bench.sqlite3", web=WebOptions(port=0))
    client.board_at_start = False
    async with simcord.run(client, settle_timeout=120, check_errors=True) as env:
        guild = env.create_guild("Bench")
        await client.board.start()
        url = f"http://127.0.0.1:{client.board.port}"
        rows = []
        async with aiohttp.ClientSession() as http, async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM)
            for repeat in range(repeats):
                tables = await two_player_games(client, env, guild, games)
                sessions = {}
                for channel, members, _ in tables:
                    for user_id in members:
                        sessions[user_id] = await client.board.access.session_for(user_id, channel.id)
                await slash_moves(client, env, tables, 4)  # warm-up: caches, the worker, the first posts
                await board_moves(client, env, http, url, tables, sessions, 4)
                slash_cpu, slash_floor, _ = await slash_moves(client, env, tables, moves)
                board_cpu, board_floor, trips = await board_moves(client, env, http, url, tables, sessions, moves)
                fresh = (await two_player_games(client, env, guild, 1))[0]
                first = await client.manager.games.current(fresh[0].id)
                paint, floor = await first_paints(browser, client, first.id, first.to_move_user, url, paints)
                delays = await live(browser, client, env, fresh, live_moves)
                row = {
                    "slash_ms": 1000 * slash_cpu / moves,
                    "board_ms": 1000 * board_cpu / moves,
                    "ratio": board_cpu / slash_cpu,
                    "floor_ms": 1000 * (slash_floor + board_floor) / (2 * moves),
                    "trip_p50": 1000 * statistics.median(trips),
                    "trip_p95": 1000 * pct(trips, 0.95),
                    "paint_p50": statistics.median(paint),
                    "paint_floor": statistics.median(floor),
                    "live_p50": statistics.median(delays),
                    "live_p95": pct(delays, 0.95),
                    "live_max": max(delays),
                    "live_n": len(delays),
                }
                rows.append(row)
                print(f"repeat {repeat + 1}: " + json.dumps({k: round(v, 2) for k, v in row.items()}), flush=True)
            await browser.close()
        await client.board.stop()
        await client.computers.close()
        await client.store.close()  # its thread would keep the process alive
    print()
    print(f"{'':28}{'median':>10}{'min':>10}{'max':>10}")
    for key, name in [
        ("slash_ms", "slash command, CPU ms/move"),
        ("board_ms", "board move, CPU ms/move"),
        ("ratio", "board / slash"),
        ("floor_ms", "floor (rules.apply) ms"),
        ("trip_p50", "round trip p50, ms"),
        ("trip_p95", "round trip p95, ms"),
        ("paint_p50", "first paint p50, ms"),
        ("paint_floor", "static file floor, ms"),
        ("live_p50", "live p50, ms"),
        ("live_p95", "live p95, ms"),
        ("live_max", "live max, ms"),
    ]:
        values = [r[key] for r in rows]
        print(f"{name:28}{statistics.median(values):10.2f}{min(values):10.2f}{max(values):10.2f}")
    print(f"live moves per repeat: {[r['live_n'] for r in rows]}; target p95 < 1000 ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--moves", type=int, default=48)
    parser.add_argument("--live", type=int, default=24)
    parser.add_argument("--paints", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, args.live, args.paints, args.repeats))


if __name__ == "__main__":
    main()
