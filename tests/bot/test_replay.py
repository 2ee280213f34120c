"""The replay viewer (issue 49, item 4): any game of this server the asker may see, stepped through
privately, frame by frame, with buttons that survive a restart; during a game only what the asker's
seat may see (R-VIS-1, R-VIS-2), everything after the end; a frame seen once is not drawn again."""

from __future__ import annotations

import rules
from bot.i18n import speaking
from bot.words.rules import describe_turn
from rendering import last_move, render_turn
from rendering.replay import EVERYTHING, frames_of, seen_by
from rules.record import standing_moves
from storage.queries import record_of

from .driver import (
    assert_refused,
    close_bot,
    components_of,
    custom_ids,
    fast_forward,
    finished_game,
    forge_component,
    menu,
    restart,
    start_game,
)


def _head(r) -> str:
    return r.response.content.splitlines()[0]


async def _image(r) -> bytes:
    [attachment] = r.response.attachments
    assert attachment.filename == "replay.png"
    return await attachment.read()


def _enabled(r, label: str) -> bool:
    return any(getattr(c, "label", None) == label and not c.disabled for c in components_of(r.response))


async def test_a_finished_game_steps_frame_by_frame_with_shift_scorings_as_their_own_frames(world):
    w = world
    game = await finished_game(w, w.channel, [w.alice, w.bob], seed=5)
    start, standing = standing_moves(record_of(game, await w.bot.store.queries.log(game.id)))
    frames = 1 + len(standing) + 3  # the start, each standing move, three shift scorings
    r = await w.carol.slash(w.channel, "coal record replay")  # a spectator too: the game is over
    assert r.ephemeral and _head(r) == f"Replay of game {game.id} · frame 1/{frames}"
    assert "The table before the first move." in r.response.content
    assert not _enabled(r, "First") and not _enabled(r, "Previous") and _enabled(r, "Next")
    assert await _image(r) == render_turn(*seen_by(start, EVERYTHING))
    r = await w.carol.click(r.response, label="Next")
    assert _head(r) == f"Replay of game {game.id} · frame 2/{frames}"
    first = standing[0]
    with speaking("en"):
        said = describe_turn(first.events)
    assert said.startswith(f"{first.move.player} drafted")  # the draft pick, in the log's words
    assert f"Move 1 · shift 1: {said}" in r.response.content
    state, who = seen_by(first.after, EVERYTHING)
    marked = last_move(seen_by(start, EVERYTHING)[0], rules.parse_action(first.move.action), state)
    assert await _image(r) == render_turn(state, who, marked)
    r = await w.carol.click(r.response, label="Last")
    assert _head(r).endswith(f"frame {frames}/{frames}") and "Shift 3 is scored:" in r.response.content
    assert not _enabled(r, "Next") and not _enabled(r, "Last")
    jump = menu(r.response, "coal-menu:replay:")
    labels = [o.label for o in jump.options]
    assert len(labels) <= 25 and {"Start", "End of shift 1", "End of shift 2", "End of shift 3"} <= set(labels)
    shift_1 = next(o for o in jump.options if o.label == "End of shift 1")
    assert [o.label for o in jump.options if o.default] == ["End of shift 3"]  # the frame shown
    r = await w.carol.select(r.response, [shift_1.value], custom_id=jump.custom_id)
    assert "Shift 1 is scored:" in r.response.content
    assert r.response.attachments[0].filename == "replay.png"


async def test_a_frame_seen_once_is_not_drawn_again(world):
    w = world
    game = await finished_game(w, w.channel, [w.alice, w.bob], seed=5)
    r = await w.alice.slash(w.channel, "coal record replay", game=game.id)
    r = await w.alice.click(r.response, label="Next")
    second = await _image(r)
    r = await w.alice.click(r.response, label="Next")
    drawn_before = w.bot.replays.misses
    r = await w.alice.click(r.response, label="Previous")
    assert w.bot.replays.misses == drawn_before and w.bot.replays.hits >= 1
    assert await _image(r) == second


async def test_during_a_game_a_seat_sees_its_view_and_a_spectator_the_public_one(world):
    """R-VIS-1, R-VIS-2: each frame is the asker's `rules.view` of the board after that move."""
    w = world
    await start_game(w, players=2, seed=11)
    game = await fast_forward(w, 300, seed=4, until=lambda g: any(p.delivered for p in g.state.players))
    assert game.state.phase != "over"
    start, standing = standing_moves(record_of(game, await w.bot.store.queries.log(game.id)))
    hidden = [k for k, m in enumerate(standing, 1) if any(p.delivered for p in m.after.players)]
    assert hidden, "no delivered order to hide"
    k = hidden[0]
    number = next(n for n, f in enumerate(frames_of(start, standing)) if f.kind == "move" and f.move == k)
    for member, seat, said in ((w.alice, "alice", "your seat"), (w.carol, None, "a spectator")):
        r = await member.slash(w.channel, "coal record replay")
        assert said in r.response.content
        jump = menu(r.response, "coal-menu:replay:")
        while str(number) not in [o.value for o in jump.options]:  # the menu offers the moves near the frame shown
            r = await member.click(r.response, label="Last")
            jump = menu(r.response, "coal-menu:replay:")
        r = await member.select(r.response, [str(number)], custom_id=jump.custom_id)
        m, before = standing[k - 1], standing[k - 2].after
        expected = render_turn(m.after, seat, last_move(before, rules.parse_action(m.move.action), m.after))
        assert await _image(r) == expected
        everything = render_turn(*seen_by(m.after, EVERYTHING))
        assert await _image(r) != everything  # something was hidden from this asker


async def test_the_viewer_s_buttons_work_after_a_restart(world, db_path):
    w = world
    game = await finished_game(w, w.channel, [w.alice, w.bob], seed=5)
    r = await w.bob.slash(w.channel, "coal record replay")
    r = await w.bob.click(r.response, label="Next")
    message = r.response
    new = await restart(w, db_path)
    try:
        r = await w.bob.click(message, label="Next")
        assert _head(r) == f"Replay of game {game.id} · frame 3/{_head(r).split('/')[-1]}"
    finally:
        await close_bot(new)


async def test_the_final_scores_and_the_history_open_the_replay(world):
    w = world
    game = await finished_game(w, w.channel, [w.alice, w.bob], seed=5)
    r = await w.alice.slash(w.channel, "coal record history")
    pick = menu(r.response, "coal-menu:replays:")
    assert [o.value for o in pick.options] == [str(game.id)]
    r = await w.alice.select(r.response, [str(game.id)], custom_id=pick.custom_id)
    assert r.ephemeral and _head(r).startswith(f"Replay of game {game.id} · frame 1/")
    # the Replay button under the final scores (its id: game, version, a new viewer at the start)
    base = await w.carol.slash(w.channel, "coal help")
    r = await forge_component(w.carol, base.response.message, f"coal:replay:{game.id}:{game.version}:o0")
    assert r.ephemeral and _head(r).startswith(f"Replay of game {game.id}")


async def test_a_game_of_another_server_or_a_hidden_channel_is_refused(world):
    w = world
    far_guild = w.env.create_guild("Elsewhere")
    far = far_guild.create_text_channel("far")
    alice_there = far_guild.add_member(w.alice.user)
    bob_there = far_guild.add_member(w.bob.user)
    old = await finished_game(w, far, [alice_there, bob_there], seed=3)
    r = await w.carol.slash(w.channel, "coal record replay", game=old.id)
    await assert_refused(w, r, f"There is no started game {old.id} in this server that you can see.")
    r = await w.carol.slash(w.channel, "coal record replay", game=9999)
    await assert_refused(w, r, "There is no started game 9999")
    assert "coal:replay" not in " ".join(custom_ids(r.response))
