"""The web board's screenshots in docs/images/: a three-player game some forty moves in, seen by the player
to move, on a phone (360 px) and a desktop (1280 px), in English and German, and the phone with a worker
space's sheet open.

    .venv/bin/python scripts/board_screenshots.py [--out docs/images] [--seed 11] [--moves 40]

The real bot (SQLite in a temporary folder, the web board on a free loopback port) under SimCord in this
process; Chromium is Debian's, through Playwright (the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import create_bot  # noqa: E402
from bot.web.options import WebOptions  # noqa: E402
from rules.record import Chooser, random_action  # noqa: E402
from tests.browser import CHROMIUM  # noqa: E402

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 860}}


async def main(out: Path, seed: int, moves: int) -> None:
    from playwright.async_api import async_playwright

    tmp = Path(tempfile.mkdtemp())
    client = create_bot(tmp / "shots.sqlite3", web=WebOptions(port=0))
    client.board_at_start = False
    async with simcord.run(client, check_errors=True) as env:
        guild = env.create_guild("Mines")
        channel = guild.create_text_channel("coal-baron")
        people = [guild.add_member(env.create_user(name)) for name in ("Anna", "Bruno", "Carla")]
        await client.board.start()
        manager = client.manager
        await manager.lobbies.new_game(guild.id, channel.id, people[0].id, "Anna", {"timer": "24h"})
        for person in people[1:]:
            await manager.lobbies.join(channel.id, person.id, person.user.name)
        game = await manager.lobbies.start(channel.id, people[0].id, seed=seed)
        chooser = Chooser(seed)
        played = 0
        while played < moves or not (game.state.phase == "turn" and game.to_move_user == people[0].id):
            game = (await manager.moves.act(channel.id, game.to_move_user, random_action(game.state, chooser))).game
            played += 1
        await env.settle()
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM)
            for lang in ("en", "de"):
                for size, viewport in SIZES.items():
                    page = await browser.new_page(viewport=viewport, device_scale_factor=2 if size == "phone" else 1)
                    link = await client.board.access.link(people[0].id, game.id)
                    await page.goto(link.replace("/board#", f"/board?lang={lang}#"))
                    await page.wait_for_function("() => document.body.dataset.version !== undefined")
                    path = out / f"web-{size}-{lang}.png"
                    await page.screenshot(path=str(path), full_page=size == "desktop")
                    print(path)
                    if size == "phone" and lang == "en":
                        await page.locator("#board .group-mine .space.legal").first.click()
                        await page.wait_for_selector("#sheet:not([hidden])")
                        path = out / "web-phone-en-space.png"
                        await page.screenshot(path=str(path))
                        print(path)
                    await page.close()
            await browser.close()
        await client.board.stop()
    await client.computers.close()
    await client.store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    asyncio.run(main(args.out, args.seed, args.moves))
