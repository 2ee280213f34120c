"""Catching up (issue 49, item 3): a turn message for a player who has been gone carries "What happened since
my last move"; it shows, privately, each move since then grouped by player with the shift scorings, and the
board as the asker's seat sees it (R-VIS-1, R-VIS-2); `/coal me catchup` shows it at any time."""

from __future__ import annotations

from rendering import render_turn
from rules.record import Chooser, random_action

from .driver import assert_refused, custom_ids, fast_forward, start_game, stored

HOUR = 3600


async def _posted_moves(w, until, seed: int = 3):
    """Random moves, each posted as a person's would be, until `until(game)`."""
    chooser = Chooser(seed)
    game = await stored(w)
    while not until(game):
        action = random_action(game.state, chooser)
        result = await w.bot.manager.moves.act(w.channel.id, game.to_move_user, action, announce=True)
        await w.bot.publisher.publish(result)
        game = result.game
    return game


def _catchup_ids(message) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith("coal:catchup:")]


async def test_after_the_timer_moved_for_her_alice_s_turn_carries_the_catch_up(world):
    w = world
    await start_game(w, 2, seed=3, timer="1h", absent="bank")
    game = await fast_forward(w, 60, seed=2, until=lambda g: g.to_move_user == w.alice.id and g.state.phase == "turn")
    await _posted_moves(w, lambda g: g.to_move_user == w.bob.id)  # she moves herself, then bob is to move
    await _posted_moves(w, lambda g: g.to_move_user == w.alice.id)
    assert _catchup_ids(w.channel.last_message) == []  # one move each: nobody has been gone
    await w.env.advance_time(HOUR)  # her time runs out: the bank for her
    game = await _posted_moves(w, lambda g: g.to_move_user == w.alice.id and g.state.phase == "turn")
    turn = w.channel.last_message
    [button] = _catchup_ids(turn)
    r = await w.alice.click(turn, custom_id=button)
    assert r.ephemeral
    [reply] = r.followups if r.response is None or not r.response.content else [r.response]
    text = reply.content
    assert text.startswith(f"**Since your last move in game {game.id}**")
    assert "• **alice**:" in text and "(timer)" in text and "• **bob**:" in text
    assert await reply.attachments[0].read() == render_turn(game.state, "alice")  # her seat's view
    r = await w.carol.click(turn, custom_id=button)  # a spectator has no last move
    await assert_refused(w, r, "You are not playing in this game")


async def test_catchup_by_command_any_time_and_nothing_when_nothing_happened(world):
    w = world
    await start_game(w, 2, seed=3, timer="24h")
    game = await fast_forward(w, 60, seed=2, until=lambda g: g.to_move_user == w.alice.id and g.state.phase == "turn")
    await _posted_moves(w, lambda g: g.to_move_user == w.bob.id)
    r = await w.alice.slash(w.channel, "coal me catchup")
    [reply] = r.followups if r.response is None or not r.response.content else [r.response]
    assert reply.content == f"Nothing has happened since your last move in game {game.id}."
    await _posted_moves(w, lambda g: g.to_move_user == w.alice.id)
    r = await w.alice.slash(w.channel, "coal me catchup")
    [reply] = r.followups if r.response is None or not r.response.content else [r.response]
    assert reply.content.startswith("**Since your last move") and "• **bob**:" in reply.content
