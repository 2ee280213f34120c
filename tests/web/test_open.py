"""Opening the board from Discord (`bot.web.open`), through SimCord: the "Open the board" button under a
turn message and `/coal board link:true` give the presser a private link for them alone; with the Activity
set up the button asks Discord to launch it, and where Discord refuses (as SimCord, which knows no
Activities, does) the presser still gets the link."""

from __future__ import annotations

import logging

import pytest

from bot.web.options import WebOptions
from tests.bot.driver import custom_ids, panel_buttons, private_reply, start_game
from tests.bot.test_settings import draft_once


def _board_button(message) -> str:
    return next(c for c in custom_ids(message) if c.startswith("coal:web:"))


def _link_of(reply) -> str:
    [url] = [b["url"] for b in panel_buttons(reply) if b.get("url")]
    return url


async def _turn(w):
    return (await draft_once(w))[1]  # the turn message of a draft pick by slash command


async def _opens_for(w, url: str) -> tuple[int, int] | None:
    opened = await w.bot.board.access.exchange(url.split("#", 1)[1])
    if opened is None:
        return None
    session = await w.bot.board.access.session(opened[0])
    return session.user_id, session.channel_id


async def test_the_turn_button_gives_each_presser_their_own_private_link(world):
    w = world
    await start_game(w)
    turn = await _turn(w)
    for member in (w.bob, w.carol):  # a player, and someone watching
        r = await member.click(turn, custom_id=_board_button(turn))
        reply = private_reply(r)
        url = _link_of(reply)
        assert url.startswith(w.bot.board.base_url + "/board#") and url in reply.content
        assert await _opens_for(w, url) == (member.id, w.channel.id)
        assert await _opens_for(w, url) is None  # once


async def test_coal_board_link_answers_with_a_private_link(world):
    w = world
    await start_game(w)
    r = await w.alice.slash(w.channel, "coal board", link=True)
    assert await _opens_for(w, _link_of(private_reply(r))) == (w.alice.id, w.channel.id)


@pytest.fixture
def web_options() -> WebOptions:
    return WebOptions(port=0, client_id="1300000000000000001", client_secret="the-application-secret")


async def test_with_the_activity_a_launch_discord_refuses_falls_back_to_the_link(activity_built, world, caplog):
    caplog.set_level(logging.INFO)
    w = world
    await start_game(w)
    turn = await _turn(w)
    r = await w.alice.click(turn, custom_id=_board_button(turn))
    assert await _opens_for(w, _link_of(private_reply(r))) == (w.alice.id, w.channel.id)
    assert any("could not be launched" in rec.getMessage() for rec in caplog.records)
