"""The first hour's screenshots in docs/images/issue-74/: `/coal learn` in the sandbox — the board's key
before the first turn, and Why? — and the key's picture itself.

    .venv/bin/python scripts/tutorial_screenshots.py [--out docs/images/issue-74]

The sandbox (`python -m bot --sandbox`) on a free port with a database in a temporary folder, driven by
Debian's Chromium through Playwright (the test extra), as tests/sandbox/test_browser.py drives it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.play.board_key import key_png  # noqa: E402
from tests.browser import CHROMIUM  # noqa: E402
from tests.sandbox.conftest import start_sandbox  # noqa: E402
from tests.sandbox.test_browser import conversation, slash  # noqa: E402

# (the sandbox's members speak English: SimCord's preview gives them one locale)
LOCALES = {"en": "en-US"}
WHY_SAYS = {"en": "The expert would play"}  # the start of Why?'s answer


async def shots(out: Path, lang: str) -> None:
    from playwright.async_api import async_playwright

    box = start_sandbox(Path(tempfile.mkdtemp()) / "sandbox.sqlite3")
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1280, "height": 1000}, locale=LOCALES[lang])
            page.set_default_timeout(30_000)
            await page.goto(box.url)
            await conversation(page).get_by_text("Welcome to the Coal Baron sandbox").wait_for()
            await slash(page, "/coal learn")
            await page.locator("img[alt*='1'][src]").last.wait_for()
            await page.get_by_role("button", name="Why?").or_(page.get_by_role("button", name="なぜ？")).last.wait_for()
            await page.wait_for_timeout(1500)
            await page.locator("p").filter(has_text="🗺️").first.scroll_into_view_if_needed()
            await page.screenshot(path=str(out / f"tutorial_{lang}_key.png"))
            for _ in range(3):  # the draft, by its command: the first card autocomplete offers
                await slash(page, "/coal draft", "card")
                await page.wait_for_timeout(2500)
            await page.get_by_role("button", name="Why?").or_(page.get_by_role("button", name="なぜ？")).last.click()
            answer = page.locator("p").filter(has_text=WHY_SAYS[lang]).last
            await answer.wait_for()
            await answer.scroll_into_view_if_needed()
            await page.wait_for_timeout(1000)
            await page.screenshot(path=str(out / f"tutorial_{lang}_why.png"))
            await browser.close()
    finally:
        box.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "issue-74")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "board-key.png").write_bytes(key_png())
    for lang in LOCALES:
        asyncio.run(shots(args.out, lang))
        print(f"wrote {args.out}/tutorial_{lang}_key.png and _why.png")


if __name__ == "__main__":
    main()
