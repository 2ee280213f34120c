"""Table manners (issue 24): a message a newer one supersedes keeps no live buttons, a game that
ended keeps none, and `/coal log` tells each shift's scoring."""

from __future__ import annotations

import re

import pytest

from bot.words.status import log_message

from .driver import actor, custom_ids, fast_forward, live_ids, start_game, stored


async def test_addbot_takes_the_buttons_off_the_older_lobby_message(world):
    w = world
    r = await w.alice.slash(w.channel, "coal new", thread=False)
    first = r.response
    assert custom_ids(first) != []
    r = await w.alice.slash(w.channel, "coal host addbot", level="easy")
    assert live_ids(w, first) == [] and custom_ids(r.response) != []  # one lobby message with buttons: the newest
    second = r.response
    r = await w.alice.select(second, ["add-normal"], custom_id=next(c for c in custom_ids(second) if "bots" in c))
    assert custom_ids(second) != [] and "3/4 seats" in second.content  # edited in place: still the live one
    r = await w.bob.slash(w.channel, "coal join")
    assert live_ids(w, second) == [] and custom_ids(r.response) != []


async def test_an_aborted_games_last_turn_message_keeps_no_buttons(world):
    w = world
    game = await start_game(w, 2, seed=7)
    game = await fast_forward(w, 6)
    r = await actor(w, game).slash(w.channel, "coal bank")
    turn = r.followups[0] if r.followups else w.channel.last_message
    assert any(c.startswith("coal:undo:") for c in custom_ids(turn))
    await w.alice.slash(w.channel, "coal host abort")
    assert (await stored(w)).status == "aborted"
    assert live_ids(w, turn) == []


@pytest.mark.slow
async def test_a_finished_games_messages_keep_no_buttons_and_the_log_tells_each_scoring(world, monkeypatch):
    from .policy import play_to_the_end

    w = world
    await play_to_the_end(w, 2, 3, monkeypatch)
    game = await stored(w)
    assert game.status == "finished"
    ours = [m for m in w.channel.history() if m.author.id == w.bot.user.id]
    live = [(m.id, live_ids(w, m)) for m in ours if live_ids(w, m)]  # once it is over: no turn's button left,
    final = [
        f"coal:rematch:{game.id}:{game.version}:",
        f"coal:replay:{game.id}:{game.version}:o0",
        f"coal:review:{game.id}:{game.version}:",
    ]
    assert live == [(ours[-1].id, final)]  # the final scores' Rematch, Replay and Review only
    r = await w.alice.slash(w.channel, "coal log", last=50)  # through Discord: the latest entries
    assert re.search(r"Shift 3 is scored: \w+ -?\d+, \w+ -?\d+ VP\.", r.response.content), r.response.content
    whole = log_message(
        await w.bot.manager.store.queries.log_with_events(game), limit=100_000
    )  # what /coal log says of each entry
    for shift in (1, 2, 3):
        line = re.search(rf"Shift {shift} is scored: ([^\n]*?) VP\.", whole)
        assert line, f"no scoring of shift {shift} in the log"
        assert set(dict(re.findall(r"(\w+) (-?\d+)", line.group(1)))) == {p.name for p in game.state.players}


@pytest.mark.slow
async def test_every_image_carries_a_description_for_screen_readers(world, monkeypatch):
    """Alt text (issue 24): every image the bot posts says what a screen reader user needs: the shift,
    the move, who is to move and the scores on a board; the scoring in words on a scoring image."""
    from .policy import play_to_the_end

    w = world
    await play_to_the_end(w, 2, 3, monkeypatch)
    game = await stored(w)
    attachments = [a for m in w.channel.history() for a in m.attachments]
    assert attachments and all(a.description and len(a.description) <= 1024 for a in attachments)
    boards = [a.description for a in attachments if a.filename == "board.png"]
    assert all(d.startswith("Coal Baron board, shift ") and "Scores: " in d for d in boards)
    assert any(re.search(r"\b(alice|bob) is to move\.", d) for d in boards)
    names = [p.name for p in game.state.players]
    assert all(re.search(rf"{n} -?\d+ VP, \d+ workers?, \d+ marks?", boards[-1]) for n in names), boards[-1]
    scorings = [a.description for a in attachments if a.filename == "scoring.png"]
    assert len(scorings) == 3 and scorings[0].startswith("Scoring. Shift 1 is scored")
    assert "Game over" in scorings[-1]
    # names, never a mention (a screen reader reads its digits) nor markdown (issue 78)
    assert not [d for d in attachments if re.search(r"<[@#][!&]?\d+>|\*\*", d.description)]
    winners = [game.state.players[i].name for i in game.state.winners]
    assert all(name in scorings[-1] for name in winners), scorings[-1]
    r = await w.alice.slash(w.channel, "coal pit", player="bob")
    assert r.response.attachments[0].description.startswith("The pit of bob. Cage at ")
    r = await w.alice.slash(w.channel, "coal board")
    assert r.response.attachments[0].description.startswith("Coal Baron board, shift 3 of 3. The game is over.")
