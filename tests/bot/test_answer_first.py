"""A move is answered before it is saved (issue 11): the checks that can refuse it run in memory,
then the interaction is deferred, then the save waits its turn for the database; a move that
loses a race after the answer is still refused privately."""

from __future__ import annotations

from rules import UseBank

from .driver import actor, fast_forward, menu, open_lobby, private_reply, start_game, stored


def _answered(w) -> list[bool]:
    """For every interaction SimCord has seen, whether the bot has answered it."""
    return [record.responded for record in w.env.backend.interactions.values()]


async def _watch_saves(w, monkeypatch) -> list[bool]:
    """Patch the store so each turn save records whether the newest interaction was answered by then."""
    seen: list[bool] = []
    real = w.bot.store.save_turn

    async def save_turn(*args, **kwargs):
        seen.append(_answered(w)[-1])
        return await real(*args, **kwargs)

    monkeypatch.setattr(w.bot.store, "save_turn", save_turn)
    return seen


async def test_a_slash_command_move_is_answered_before_the_save(world, monkeypatch):
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    seen = await _watch_saves(w, monkeypatch)
    r = await actor(w, game).slash(w.channel, "coal money", amount=4)
    assert seen == [True]
    assert not r.ephemeral and (await stored(w)).version == game.version + 1


async def test_a_button_move_is_answered_before_the_save(world, monkeypatch):
    w = world
    lobby = await open_lobby(w, 2)
    await w.alice.click(lobby, label="Start")
    game = await stored(w)
    message = w.channel.last_message
    seen = await _watch_saves(w, monkeypatch)
    pick = menu(message, "coal-menu:draft")
    r = await actor(w, game).select(message, [pick.options[0].value], custom_id=pick.custom_id)
    assert r.acknowledged and seen == [True]
    assert (await stored(w)).version == game.version + 1


async def test_a_move_that_loses_a_race_after_the_answer_is_refused_privately(world, monkeypatch):
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    player = actor(w, game)
    real = w.bot.manager.moves.judge

    async def judge_then_a_timer_moves(channel_id, user_id, action, **kwargs):
        move = await real(channel_id, user_id, action, **kwargs)
        monkeypatch.setattr(w.bot.manager.moves, "judge", real)  # once: `play` judges again, unpatched
        await w.bot.manager.moves.act(channel_id, user_id, UseBank(), auto=True)  # the timer plays first
        return move

    monkeypatch.setattr(w.bot.manager.moves, "judge", judge_then_a_timer_moves)
    before = len(w.channel.history())
    r = await player.slash(w.channel, "coal money", amount=4)
    after = await stored(w)
    assert after.version == game.version + 1 and after.state.to_move != game.state.to_move  # only the bank move
    assert "turn" in private_reply(r).content.lower()
    assert len(w.channel.history()) == before  # the public "thinking…" was removed, nothing else posted
