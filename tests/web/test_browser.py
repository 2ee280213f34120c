"""The web board in Chromium (Playwright, Debian's package: `tests.browser`): a whole game played by taps
alone against a computer, on a phone-sized page opened from a private link; the board of a bot restarted
with the page open reconnects by itself and shows the next move."""

from __future__ import annotations

import time

import pytest

from bot import create_bot
from bot.web.options import WebOptions
from bot.words.computers import computer_name
from rules import legal_actions
from tests.bot.driver import act, close_bot, start_game, stored, virtual_clock
from tests.browser import chromium_or_skip

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}
# the elements that reach past the right edge of a page `width` wide (what makes it scroll sideways)
WIDER = """(width) => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !e.closest('.scroll'))
    .slice(0, 5).map((e) => `${e.tagName}.${e.getAttribute('class')} ${e.getBoundingClientRect().right}`)"""


async def _against_a_computer(w, level: str = "easy", seed: int = 5):
    m = w.bot.manager
    await m.lobbies.new_game(w.guild.id, w.channel.id, w.alice.id, "alice", {"timer": "none"})
    await m.lobbies.add_computer(w.channel.id, w.alice.id, level, computer_name)
    return await m.lobbies.start(w.channel.id, w.alice.id, seed=seed)


async def _my_turn_or_over(page, timeout: float = 30_000) -> str:
    await page.wait_for_function(
        "() => document.body.dataset.yourTurn === 'true' || document.body.dataset.phase === 'over'",
        timeout=timeout,
    )
    return await page.evaluate("() => document.body.dataset.phase")


async def _version(page) -> int:
    return int(await page.evaluate("() => document.body.dataset.version"))


async def _mine_by_taps(page) -> bool:
    """In the mining panel: tap the pit (order spots first, then carts, then the cage's levels) until no
    step is left or none is offered, choosing the first where a tap offers several; Confirm. False (and
    the panel cancelled) when no step could be planned."""
    sheet = page.locator("#sheet-body")
    for _ in range(12):
        await page.wait_for_function("() => document.querySelector('#sheet-body .plan-line') !== null")
        plan = await sheet.locator(".plan-line").text_content()
        targets = sheet.locator(".spot-button, .target")
        if not await targets.count():
            break
        spots = sheet.locator(".spot-button")
        loads = sheet.locator(".cart-target")
        pick = spots.first if await spots.count() else (loads.first if await loads.count() else targets.first)
        await pick.click()
        chooser = sheet.locator(".step-choice button")
        if await chooser.count():
            await chooser.first.click()
        await page.wait_for_function(
            "(before) => { const p = document.querySelector('#sheet-body .plan-line');"
            " return !p || p.textContent !== before; }",
            arg=plan,
        )
        if await sheet.locator(".mining-line").get_attribute("data-left") == "0":
            break
    confirm = sheet.locator(".mining-tools .confirm")
    if await confirm.is_enabled():
        await confirm.click()
        return True
    await sheet.locator(".mining-tools button").last.click()  # Cancel
    return False


async def _take_a_turn(page, turn: int) -> None:
    """One decision by taps: the drawn item to keep, a draft card, or a legal space and its first choice
    (mining planned on the pit); the bank when a plan came to nothing."""
    if await page.locator("#drawn:not([hidden]) .choice").count():
        await page.locator("#drawn .choice").first.click()
        return
    draft = page.locator("#draft:not([hidden]) .card-button.legal")
    if await draft.count():
        await draft.nth(turn % await draft.count()).click()
        return
    spaces = page.locator("#board .space.legal")
    count = await spaces.count()
    assert count, "it is my turn, and the board offers nothing (the bank is always there)"
    mines = page.locator("#board .group-mine .space.legal")
    target = mines.first if turn % 3 == 0 and await mines.count() else spaces.nth((turn * 7) % count)
    await target.click()
    choice = page.locator("#sheet-body .choice").first
    await choice.wait_for()
    before = await _version(page)
    await choice.click()
    await page.wait_for_function(  # played, or the mining panel open
        "(v) => document.querySelector('#sheet-body .mining-tools') || Number(document.body.dataset.version) > v",
        arg=before,
    )
    if await page.locator("#sheet-body .mining-tools").count():
        if not await _mine_by_taps(page):
            await page.locator("#board .space.bank").click()
            await page.locator("#sheet-body .choice").first.click()


async def test_a_whole_game_against_a_computer_is_played_on_the_board_by_taps_alone(world):
    chromium = chromium_or_skip()
    from playwright.async_api import async_playwright

    w = world
    game = await _against_a_computer(w)
    link = await w.bot.board.access.link(w.alice.id, game.id)
    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport=PHONE)
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(link)
            turns = 0
            started = time.monotonic()
            while await _my_turn_or_over(page) != "over":
                before = await _version(page)
                await _take_a_turn(page, turns)
                await page.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=before)
                turns += 1
                assert turns < 400 and time.monotonic() - started < 600
            assert await page.locator("#players .winners").count() == 1
            width = await page.evaluate("() => document.documentElement.scrollWidth")
            wide = await page.evaluate(WIDER, PHONE["width"])
            assert width <= PHONE["width"], f"the page is wider than the phone: {width} px ({wide})"
        finally:
            await browser.close()
    await w.bot.board.drain()
    await w.env.settle()
    final = await w.bot.manager.games.latest(w.channel.id)
    assert final.is_finished and final.state.phase == "over"
    rows = await w.bot.manager.queries.log(final.id, last=1000)
    mine = [r for r in rows if r.user_id == w.alice.id]
    assert len(mine) == turns and any(r.action.startswith("mine ") for r in mine)
    assert not errors, errors


async def test_a_page_open_through_a_restart_reconnects_by_itself_and_plays_on(world, db_path):
    """The bot stops and starts again on the same address while a page is open (a deploy): the page says
    it is reconnecting, comes back by itself with its stored session, shows the moves made meanwhile and
    after, and its taps play on the new bot."""
    chromium = chromium_or_skip()
    from playwright.async_api import async_playwright

    w = world
    game = await start_game(w)  # alice drafts first, then bob
    link = await w.bot.board.access.link(w.alice.id, game.id)
    new = None
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport=PHONE)
            await page.goto(link)
            await page.wait_for_function("() => document.body.dataset.yourTurn === 'true'")
            await page.wait_for_selector("#live:not([hidden])")
            old, port = w.bot, w.bot.board.port
            await old.board.stop()
            old.timers.stop()
            await page.wait_for_function("() => !document.querySelector('#live').textContent.includes('●')")
            new = create_bot(db_path, clock=virtual_clock, web=WebOptions(port=port))
            new.board_at_start = False  # started outside the bot's own work, as `world` does
            await w.env.restart_bot(new)
            await close_bot(old)
            with w.env.time_context():
                await new.board.start()
            await page.wait_for_function("() => document.querySelector('#live').textContent.includes('●')")
            await page.locator("#draft .card-button.legal").first.click()  # played on the new bot
            await page.wait_for_function("(v) => Number(document.body.dataset.version) === v", arg=game.version + 1)
            await new.board.drain()
            moved = await act(w, "draft 2")  # bob, by a slash command's path (card 1 is gone): shown live
            await page.wait_for_function("(v) => Number(document.body.dataset.version) === v", arg=moved.version)
            rows = await new.manager.queries.log(game.id, last=10)
            assert [r.user_id for r in rows] == [w.alice.id, w.bob.id] and (await stored(w)).version == moved.version
        finally:
            await browser.close()
            if new is not None:
                await new.board.stop()
                await close_bot(new)


# every control a keyboard or a screen reader reaches, without a name to read out
NAMELESS = """() => [...document.querySelectorAll('button, [role=button], [tabindex]')]
    .filter((e) => !e.closest('[hidden]') && !(e.getAttribute('aria-label') || e.textContent).trim())
    .map((e) => e.outerHTML.slice(0, 80))"""


async def test_the_board_is_played_by_keyboard_and_every_control_has_a_name(world):
    """Tab to a legal space, Enter opens what it does and costs, Enter on its first choice plays it;
    nothing a keyboard reaches is without a name (buttons, the mining targets), in the board or its sheet."""
    chromium = chromium_or_skip()
    from playwright.async_api import async_playwright

    w = world
    game = await start_game(w)
    while not (game.state.phase == "turn" and game.to_move_user == w.alice.id):  # the draft, then to alice
        move = "bank" if game.state.phase == "turn" else str(legal_actions(game.state)[0])
        game = await act(w, move)
    link = await w.bot.board.access.link(w.alice.id, game.id)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            await page.goto(link)
            await page.wait_for_function("() => document.body.dataset.yourTurn === 'true'")
            assert await page.evaluate(NAMELESS) == []
            for _ in range(200):  # Tab until a legal worker space has the focus
                await page.keyboard.press("Tab")
                if await page.evaluate("() => document.activeElement.matches('#board .space.legal')"):
                    break
            else:
                raise AssertionError("no legal space is reached by Tab")
            await page.keyboard.press("Enter")
            await page.wait_for_selector("#sheet:not([hidden])")
            assert await page.evaluate(NAMELESS) == []
            assert await page.evaluate("() => document.activeElement.closest('#sheet') !== null")  # focus moved in
            await page.locator("#sheet-body .choice").first.focus()
            await page.keyboard.press("Enter")
            await page.wait_for_function(
                "(v) => Number(document.body.dataset.version) > v"
                " || document.querySelector('#sheet-body .mining-tools') !== null",
                arg=game.version,
            )
            if await page.locator("#sheet-body .mining-tools").count():
                assert await page.evaluate(NAMELESS) == []  # the pit's targets are named too
                await page.keyboard.press("Escape")
                await page.wait_for_selector("#sheet", state="hidden")
        finally:
            await browser.close()


async def test_a_read_of_the_board_refused_for_too_many_requests_is_made_again_until_it_is_shown(world):
    """The session's requests of the last second are used up (RATE, `too_many_requests`) when a move is
    pushed: the page's read of it is refused, and the page reads again by itself once the second is over
    (before, it stayed on the older board until the next move: a game against a computer looked stuck)."""
    chromium = chromium_or_skip()
    import aiohttp
    from playwright.async_api import async_playwright

    from bot.web.server import RATE

    w = world
    game = await start_game(w)  # alice drafts first, then bob
    link = await w.bot.board.access.link(w.bob.id, game.id)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport=PHONE)
            await page.goto(link)
            await page.wait_for_selector("#live:not([hidden])")
            await page.wait_for_function("(v) => Number(document.body.dataset.version) === v", arg=game.version)
            session = await page.evaluate("() => sessionStorage.getItem('coal-board-session')")
            headers = {"Authorization": f"Bearer {session}"}
            async with aiohttp.ClientSession() as client:
                for _ in range(RATE):
                    async with client.get(f"{w.bot.board.base_url}/api/state", headers=headers) as r:
                        pass
                moved = await act(w, str(legal_actions(game.state)[0]))  # alice drafts: pushed to bob's page
                async with client.get(f"{w.bot.board.base_url}/api/state", headers=headers) as r:
                    assert r.status == 429, "the second was over before the move was pushed: the test proves nothing"
            await page.wait_for_function(
                "(v) => Number(document.body.dataset.version) === v", arg=moved.version, timeout=8_000
            )
            assert await page.evaluate("() => document.body.dataset.yourTurn") == "true"  # bob's pick now
        finally:
            await browser.close()


async def test_a_move_pushed_while_a_space_has_the_keyboard_focus_leaves_it_there(world):
    """The board is drawn anew for every move pushed to it; a keyboard user's focus stayed on nothing (the
    page's top), so the next Enter opened nothing (the keyboard test failed so under load)."""
    chromium = chromium_or_skip()
    from playwright.async_api import async_playwright

    w = world
    game = await start_game(w)  # alice drafts first, then bob
    while not (game.state.phase == "turn" and game.to_move_user == w.alice.id):
        move = "bank" if game.state.phase == "turn" else str(legal_actions(game.state)[0])
        game = await act(w, move)
    link = await w.bot.board.access.link(w.bob.id, game.id)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            await page.goto(link)
            await page.wait_for_selector("#live:not([hidden])")
            await page.locator('#board [data-space="3"]').focus()
            moved = await act(w, "bank")  # alice's move, pushed to bob's page, which draws it
            await page.wait_for_function("(v) => Number(document.body.dataset.version) === v", arg=moved.version)
            assert await page.evaluate("() => document.activeElement.dataset.space") == "3"
        finally:
            await browser.close()
