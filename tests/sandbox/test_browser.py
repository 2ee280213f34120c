"""The sandbox in a real browser (issue 14): headless Chromium through Playwright drives the page as
a person would — `/coal new` in the composer, a computer added, Start, moves by the slash-command
picker and its autocomplete, "My pit" — and sees a new board image after each move; a private reply is shown
to its viewer only; a restarted sandbox resumes the game. It saves a screenshot (with
COALBARON_SCREENSHOT=1 into docs/images/sandbox.png, the README's picture).

Chromium is Debian's package (`tests.browser`): without it the test is skipped locally, saying how to
install it; under CI (CI set) it fails instead, so CI never skips it.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from tests.browser import chromium_or_skip as _browser_or_skip

from .conftest import ROOT, start_sandbox


def conversation(page):
    """The channel's messages (the sidebar repeats their first words)."""
    return page.get_by_role("region", name="Conversation")


async def slash(page, command: str, option: str | None = None, value: str | None = None) -> None:
    """Type a command in the composer, pick it in the picker — and for `option` the choice named
    `value`, or without `value` the first autocomplete suggestion — then send it."""
    await prepare_slash(page, command, option, value)
    await send(page)


async def send(page) -> None:
    await page.get_by_role("button", name="Send", exact=True).click()


async def prepare_slash(page, command: str, option: str | None = None, value: str | None = None) -> None:
    """`slash` up to the press of Send."""
    box = page.get_by_placeholder("Message #coal-baron")
    await box.click()
    await box.type(command)
    await page.get_by_role("option").filter(has_text=command).first.wait_for()
    await page.keyboard.press("Enter")  # the command
    if option is not None:
        field = page.locator(f'input.command-option-input[data-option="{option}"]')
        if not await field.count():  # an optional option: pick it from the command's options first
            await page.locator(".command-suggestion").filter(has_text=option).first.wait_for()
            await page.keyboard.press("Enter")
        await field.wait_for()
        if value is None:  # autocomplete: a keystroke asks the bot for its suggestions
            await page.keyboard.type("1")
            await page.keyboard.press("Backspace")
            await page.locator("#command-suggestion-listbox .command-suggestion").first.click()
        else:
            await page.get_by_role("option", name=value, exact=True).click()


BOARD = "img.attachment-image[alt^='Coal Baron board']"  # a board image, by the description the page shows as its alt


async def boards(page) -> list[str]:
    """The board images shown in the channel (each attachment has its own address), found by their
    description, which the page shows as their alt text."""
    found = page.locator(BOARD)
    return await found.evaluate_all("els => els.map(e => e.src)")


PARAGRAPHS_SAYING = "text => [...document.querySelectorAll('p')].filter(e => e.textContent.includes(text)).length"


async def wait_for_more(page, text: str, n: int) -> None:
    """Until more than `n` paragraphs of the channel say `text`."""
    await page.wait_for_function(f"([text, n]) => ({PARAGRAPHS_SAYING})(text) > n", arg=[text, n])


async def wait_for_new_board(page, before: list[str]) -> None:
    await page.wait_for_function(
        "([n, board]) => document.querySelectorAll(board).length > n", arg=[len(before), BOARD]
    )


async def started_against(page, url: str, level: str) -> None:
    """The sandbox's page at `url`: `/coal new` without a timer, a computer of `level` seated by `/coal host
    addbot` (the default level, normal, picked as a person would: by leaving the option out), Start."""
    await page.goto(url)
    await conversation(page).get_by_text("Welcome to the Coal Baron sandbox").wait_for()
    await slash(page, "/coal new", "timer", "none")
    await conversation(page).get_by_text("Coal Baron lobby (1/4 seats").first.wait_for()
    await (slash(page, "/coal host addbot") if level == "normal" else slash(page, "/coal host addbot", "level", level))
    await conversation(page).get_by_text(f"({level}) takes a seat").first.wait_for()
    before = await boards(page)
    await page.get_by_role("button", name="Start", exact=True).last.click()
    await wait_for_new_board(page, before)


async def click_until(page, button, shown, tries: int = 3) -> None:
    """Click `button` until `shown` appears. The preview page drops a click made while it is still busy
    with an earlier action or a refresh (simcord's preview/static/actions.js, `dispatch`), and it can
    turn busy between Playwright's check that the button is enabled and the click itself: a dropped
    click never reaches the bot, so it is made again; a click that reached the bot and got no answer
    still fails after the last try."""
    for attempt in range(tries):
        await page.wait_for_function("() => !document.getElementById('action-status').textContent.endsWith('\u2026')")
        await button.click()
        try:
            await shown.wait_for(timeout=10_000)
            return
        except Exception:
            if attempt == tries - 1:
                raise


@pytest.mark.slow
async def test_play_in_the_sandbox_in_a_real_browser(tmp_path):
    chromium = _browser_or_skip()
    from playwright.async_api import async_playwright

    database = tmp_path / "sandbox.sqlite3"
    box = start_sandbox(database)
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(20_000)
            await started_against(page, box.url, "normal")

            # the opening draft by the picker's autocomplete (the computer picks in between)
            for pick in range(3):
                before = await boards(page)
                await wait_for_more(page, "your pick of an order card", pick)
                await slash(page, "/coal draft", "card")
                await wait_for_new_board(page, before)

            # turns by the slash-command picker: the bank, twice, each time until the computer has moved and
            # the player is pinged again, so that the "My pit" clicked below is on the newest turn message
            # (in one full run of the suite, a click made straight after the player's own board got no reply
            # within 20 s; the computer's move was likely still being posted over the message clicked)
            for _ in range(2):
                before = await boards(page)
                await conversation(page).get_by_text("your turn").last.wait_for()
                turns = await page.evaluate(PARAGRAPHS_SAYING, "your turn")
                await slash(page, "/coal bank")
                await wait_for_new_board(page, before)
                await wait_for_more(page, "your turn", turns)

            # a private reply: "My pit" is shown to its viewer, not to another member of the server
            await click_until(
                page,
                page.get_by_role("button", name="My pit", exact=True).last,
                conversation(page).get_by_text("Only you can see this").last,
            )
            shot = tmp_path / "sandbox.png"
            await page.screenshot(path=str(shot))
            await page.select_option("#viewer-picker", label="Ben")
            await page.wait_for_timeout(1500)
            assert await conversation(page).get_by_text("Only you can see this").count() == 0
            await browser.close()
        if os.environ.get("COALBARON_SCREENSHOT"):
            shutil.copy(shot, ROOT / "docs" / "images" / "sandbox.png")

        code, _, err = box.stop()
        assert code == 0, err[-3000:]
        url = box.url
        box = start_sandbox(database, port=None)  # the game resumes after a restart, at the same address
        assert box.url == url  # issue 74, item 6: a tab left open is reloaded, not replaced
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(20_000)
            await page.goto(box.url)
            await conversation(page).get_by_text("The sandbox game resumes").wait_for()
            # the current turn is posted again, with its board and its buttons (issue 50)
            await page.get_by_role("button", name="My pit", exact=True).last.wait_for()
            await page.locator(BOARD).first.wait_for()
            await slash(page, "/coal board")
            await page.locator(BOARD).first.wait_for()
            await browser.close()
        code, _, err = box.stop()
        assert code == 0, err[-3000:]
    except Exception as failure:  # what the sandbox said goes with the failure: the page alone rarely tells why
        if box.process.poll() is None:
            box.process.kill()
        _, err = box.process.communicate()
        raise AssertionError(f"{failure}\n--- the sandbox's log, last lines:\n{err[-4000:]}") from failure
    finally:
        if box.process.poll() is None:
            box.process.kill()
            box.process.communicate()


SAYING = "text => [...document.querySelectorAll('p')].filter(e => e.textContent.includes(text)).map(e => e.textContent)"


LAST_ACTION = "() => window.simcordPreview.lastAction?.requestId ?? null"
SHOWN_OR_REFUSED = """([n, board, before]) => {
  if (document.querySelectorAll(board).length > n) return "shown";
  const last = window.simcordPreview.lastAction;
  if (!last || last.requestId === before || !last.rejected) return false;
  return (last.diagnostics || []).map(d => d.code).join(",") || "refused";
}"""


async def _what_the_page_shows(page) -> str:
    """For a failure's report: the action status and the last paragraphs, or why the page could not be read
    (a page already gone must not replace the failure being reported with its own error)."""
    try:
        return await page.evaluate(
            "() => [document.getElementById('action-status').textContent,"
            " ...[...document.querySelectorAll('p')].slice(-12).map(e => e.textContent)].join('\\n')"
        )
    except Exception as unread:
        return f"(the page could not be read: {unread!r})"


async def timed_move(page, prepare) -> float:
    """Seconds from a move's press (`prepare`, then Send) until the page shows its board: the player's own
    move, not the computer's reply that follows it. The press must go through: the preview refuses one made
    on a page older than its last publication ("stale-revision", "Action was not completed"; the page reads
    the channel every 0.5 s), which a needless republication by the sandbox's keeper made happen to about
    half the runs of the test below (2026-11-29)."""
    await page.wait_for_function("() => !document.getElementById('action-status').textContent.endsWith('\u2026')")
    await prepare()
    shown = await boards(page)
    before = await page.evaluate(LAST_ACTION)
    started = time.monotonic()
    await send(page)
    outcome = await (
        await page.wait_for_function(SHOWN_OR_REFUSED, arg=[len(shown), BOARD, before], polling=20)
    ).json_value()
    assert outcome == "shown", f"the preview refused the press: {outcome}"
    return time.monotonic() - started


@pytest.mark.slow
async def test_a_move_is_shown_within_a_second_while_the_computer_thinks(tmp_path):
    """Issue 50: the page showed your move only with the computer's reply (1.5–10 s). Now the move is on the
    page at once — 95 % within 1 s — with "🤖 … is thinking…" under it, and the line goes when the reply comes."""
    chromium = _browser_or_skip()
    from playwright.async_api import async_playwright

    box = start_sandbox(tmp_path / "sandbox.sqlite3")
    took: list[float] = []
    thinking_seen = 0
    shown = ""  # on a failure: what the page showed, for the report
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(30_000)
            try:
                await started_against(page, box.url, "expert")  # the level that thinks longest
                for pick in range(3):  # the draft, by the turn message's menu
                    await wait_for_more(page, "your pick of an order card", pick)
                    took.append(await timed_move(page, lambda: prepare_slash(page, "/coal draft", "card")))
                for _ in range(6):  # turns: the bank, by the slash-command picker (the press is "Send")
                    await conversation(page).get_by_text("your turn").last.wait_for()
                    turns = await page.evaluate(PARAGRAPHS_SAYING, "your turn")
                    took.append(await timed_move(page, lambda: prepare_slash(page, "/coal bank")))
                    thinking_seen += bool(await page.evaluate(SAYING, "is thinking"))
                    await wait_for_more(page, "your turn", turns)
                    thinking = await page.evaluate(SAYING, "is thinking")
                    assert thinking == [], "the thinking line stays after the computer's reply"
                # the sandbox's clock is the real one: the newest message is stamped now, not 2026-01-01 00:00
                stamped = await page.evaluate(
                    "() => [...document.querySelectorAll('time[datetime]')].map(t => t.dateTime)"
                )
                ago = await page.evaluate("t => (Date.now() - Date.parse(t)) / 1000", max(stamped))
                assert 0 <= ago < 120, stamped[-3:]
                await browser.close()
            except Exception:
                shown = await _what_the_page_shows(page)
                raise
    except Exception as failure:
        if box.process.poll() is None:
            box.process.kill()
        _, err = box.process.communicate()
        raise AssertionError(
            f"{failure}\n{took}\n--- the page's status and last paragraphs:\n{shown}"
            f"\n--- the sandbox's log, last lines:\n{err[-4000:]}"
        ) from failure
    finally:
        if box.process.poll() is None:
            box.process.kill()
        _, err = box.process.communicate()
    took.sort()
    p95 = took[max(0, round(0.95 * len(took)) - 1)]
    median = took[len(took) // 2]
    print(f"press to own move shown: n={len(took)} median {median:.2f} s, p95 {p95:.2f} s, max {took[-1]:.2f} s")
    assert p95 <= 1.0, (took, err[-3000:])
    assert thinking_seen >= 3, "the move was not shown while the computer thought"
