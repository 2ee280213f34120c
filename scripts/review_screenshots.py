"""The review's screenshots in docs/images/issue-75/: a finished two-player game's review as posted in its
channel — the race's picture and where the points came from, and a player's turning points — in English and
German, and the race's picture itself.

    .venv/bin/python scripts/review_screenshots.py [--out docs/images/issue-75] [--lookaheads 60]

The real bot (SQLite in a temporary folder) under SimCord in this process, shown by SimCord's preview;
the game is played by the `hard` and `normal` levels for Anna and Bruno, its last move posted as every
move is, then reviewed (at `--lookaheads` a decision: fewer than REVIEW_SECONDS' ~100, to be quicker).
Chromium is Debian's, through Playwright (the test extra).
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
from players import by_level, decision_seed  # noqa: E402
from players.review import Race  # noqa: E402
from rendering.review_chart import race_png  # noqa: E402
from rules import view  # noqa: E402
from tests.browser import CHROMIUM  # noqa: E402

HEADS = {"en": "Review of game", "de": "Analyse der Partie"}
TURNING = {"en": "turning points", "de": "Wendepunkte"}


async def play_to_the_end(client, channel, people, lang: str, seed: int):
    manager = client.manager
    host = people[0]
    await manager.lobbies.new_game(channel.guild.id, channel.id, host.id, host.user.name, {"language": lang})
    await manager.lobbies.join(channel.id, people[1].id, people[1].user.name)
    game = await manager.lobbies.start(channel.id, host.id, seed=seed)
    levels = {people[0].id: by_level("hard"), people[1].id: by_level("normal")}
    while True:
        mover = game.to_move_user
        seen = view(game.state, game.state.to_move)
        action = levels[mover].choose(seen, decision_seed(seed, game.state))
        result = await manager.moves.act(channel.id, mover, action)
        game = result.game
        if game.state.phase == "over":
            await client.publisher.publish(result)
            return game


async def main(out: Path, lookaheads: int) -> None:
    from playwright.async_api import async_playwright

    tmp = Path(tempfile.mkdtemp())
    client = create_bot(tmp / "shots.sqlite3")
    client.reviewer.lookaheads = lookaheads
    async with simcord.run(client, check_errors=True) as env:
        guild = env.create_guild("Mines")
        people = [guild.add_member(env.create_user(name)) for name in ("Anna", "Bruno")]
        channels = {lang: guild.create_text_channel(f"coal-{lang}") for lang in HEADS}
        games = {}
        for seed, (lang, channel) in enumerate(channels.items(), start=6):
            games[lang] = await play_to_the_end(client, channel, people, lang, seed)
        await client.reviewer.idle()
        await asyncio.sleep(1)  # the posts' last edits (the bot's housekeeping never settles: no env.settle)
        for lang, game in games.items():  # the race's picture alone (wordless but for the names)
            stored = await client.manager.store.reviews.get(game.id)
            race = Race.model_validate(stored.data["race"])
            names = [s.name for s in game.seats]
            (out / f"review-chart-{lang}.png").write_bytes(race_png(names, race.vp, race.expected, race.scorings))
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for lang, channel in channels.items():
                async with env.preview(channel, viewers=people, layout="channel") as preview:
                    page = await browser.new_page(viewport={"width": 1280, "height": 1100})
                    await page.goto(preview.url)
                    head = page.locator("p").filter(has_text=HEADS[lang]).last
                    await head.wait_for(timeout=30_000)
                    await head.scroll_into_view_if_needed()
                    await page.wait_for_timeout(1500)
                    await page.screenshot(path=str(out / f"review_{lang}.png"))
                    turning = page.locator("p").filter(has_text=TURNING[lang]).first
                    await turning.scroll_into_view_if_needed()
                    await page.wait_for_timeout(800)
                    await page.screenshot(path=str(out / f"review_{lang}_turning_points.png"))
                    await page.close()
            await browser.close()
    print(f"wrote {out}/review_*.png")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "issue-75")
    parser.add_argument("--lookaheads", type=int, default=60)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(args.out, args.lookaheads))
