"""One error path: an unexpected failure in a button, a menu or a command is answered privately
and logged with the game; a refusal in a component is worded like a command's."""

from __future__ import annotations

import logging
import re

import bot.play.console
import bot.play.turn_buttons
from bot.words.refusals import OOPS

from .driver import actor, assert_refused, fast_forward, menu, open_lobby, start_game, stored

OOPS_SAID = re.compile(re.escape(OOPS).replace(re.escape("{error}"), "(?P<id>[0-9a-f]{6})"))


def oops_id(text: str) -> str:
    """The error id an unexpected failure's answer carries (its log line carries the same)."""
    said = OOPS_SAID.fullmatch(text)
    assert said, text
    return said["id"]


def _broken(*args, **kwargs):
    raise RuntimeError("a bug in a handler")


async def test_a_failing_button_answers_privately_and_logs_the_game(world, monkeypatch, caplog):
    w = world
    await start_game(w, 2)
    game = await fast_forward(w, 6)
    await actor(w, game).slash(w.channel, "coal bank")
    turn = w.channel.last_message
    before = await stored(w)
    monkeypatch.setattr(bot.play.turn_buttons, "legal_text", _broken)
    with caplog.at_level(logging.ERROR, logger="coalbaron"):
        r = await w.alice.click(turn, label="Legal actions")
    await assert_refused(w, r, before=before)
    ref = oops_id(r.response.content)
    [record] = [rec for rec in caplog.records if rec.levelno == logging.ERROR]
    assert f"(game {before.id})" in record.getMessage() and "LegalButton" in record.getMessage()
    assert f"[error {ref}]" in record.getMessage() and record.error_id == ref  # the same id in the log
    assert record.exc_info[1].args == ("a bug in a handler",)


async def test_a_failing_menu_answers_privately_and_changes_nothing(world, monkeypatch, caplog):
    w = world
    lobby = await open_lobby(w, 2)
    await w.alice.click(lobby, label="Start")
    start = w.channel.last_message
    before = await stored(w)
    monkeypatch.setattr(bot.play.turn_buttons, "take", _broken)
    pick = menu(start, "coal-menu:draft")
    with caplog.at_level(logging.ERROR, logger="coalbaron"):
        r = await actor(w, before).select(start, [pick.options[0].value], custom_id=pick.custom_id)
    await assert_refused(w, r, before=before)
    oops_id(r.response.content)
    assert any(f"(game {before.id})" in rec.getMessage() for rec in caplog.records if rec.levelno == logging.ERROR)


async def test_a_failing_lobby_button_after_deferring_still_answers(world, monkeypatch):
    w = world
    lobby = await open_lobby(w, 2)

    async def defer_then_fail(bot, interaction, game, lesson=""):
        await interaction.response.defer(ephemeral=True, thinking=True)
        raise RuntimeError("late")

    from bot.posting import game_messages

    monkeypatch.setattr(game_messages, "first_turn", defer_then_fail)
    r = await w.alice.click(lobby, label="Start")
    assert r.acknowledged and any(OOPS_SAID.fullmatch(m.content) for m in r.followups), [m.content for m in r.followups]


async def test_a_refusal_from_a_component_is_worded_like_a_command(world):
    w = world
    lobby = await open_lobby(w, 2)
    before = await stored(w)
    r = await w.bob.click(lobby, label="Start")  # not the host
    await assert_refused(w, r, "Only the host, alice, can start the game.", before=before)
    r = await w.carol.click(lobby, label="Leave")
    await assert_refused(w, r, "You are not seated in this game.", before=before)


async def test_a_failing_command_answers_privately(world, monkeypatch, caplog):
    w = world
    await start_game(w, 2)
    monkeypatch.setattr(bot.play.console, "open_console", _broken)
    game = await fast_forward(w, 6)
    with caplog.at_level(logging.ERROR, logger="coalbaron"):
        r = await actor(w, game).slash(w.channel, "coal mine", steps=6)
    assert r.ephemeral and oops_id(r.response.content)
    assert any("command coal mine" in rec.getMessage() for rec in caplog.records)
