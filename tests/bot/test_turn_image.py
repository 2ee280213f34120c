"""The image after every turn is the landscape turn image with the last move marked (issue 11);
`/coal board` shows the turn image, `/coal board full:true` the full board with every pit."""

from __future__ import annotations

import io

from PIL import Image

import rules
from rendering import last_move, render_board, render_turn
from rendering.turn_layout import turn_layout

from .driver import actor, fast_forward, start_game, stored


async def _png(attachment) -> bytes:
    return await attachment.read()


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


async def test_each_move_posts_the_turn_image_with_that_move_marked(world):
    w = world
    await start_game(w, 2, seed=7)
    before = await fast_forward(w, 6)  # the draft is over: worker placements now
    for command, options, text in [
        ("coal money", {"amount": 4}, "money 4"),
        ("coal bank", {}, "bank"),
        ("coal order", {"space": "2"}, "order 2"),
    ]:
        r = await actor(w, before).slash(w.channel, command, **options)
        assert not r.ephemeral, r.response.content
        after = await stored(w)
        [attachment] = w.channel.last_message.attachments
        png = await _png(attachment)
        assert _size(png) == turn_layout(after.state).size  # landscape, for Discord's inline box
        action = rules.parse_action(text)
        # the very image of this move with its spaces and changes marked, not an unmarked one
        assert png == render_turn(after.state, None, last_move(before.state, action, after.state))
        assert png != render_turn(after.state, None, None)
        before = after


async def test_board_shows_the_turn_image_and_full_true_every_pit(world):
    w = world
    await start_game(w, 3, seed=5)
    game = await fast_forward(w, 9)
    viewer = game.state.players[0].name
    member = next(m for m in w.players if game.user_of_player(viewer) == m.id)
    r = await member.slash(w.channel, "coal board")
    assert r.ephemeral
    [attachment] = r.followups[-1].attachments if r.followups else r.response.attachments
    png = await _png(attachment)
    assert _size(png) == turn_layout(game.state).size and png == render_turn(game.state, viewer, None)
    r = await member.slash(w.channel, "coal board", full=True)
    assert r.ephemeral
    [attachment] = r.followups[-1].attachments if r.followups else r.response.attachments
    png = await _png(attachment)
    assert png == render_board(game.state, viewer)  # every pit, as this player may see it
    assert _size(png)[1] > _size(png)[0]  # the tall full board


async def test_the_board_is_drawn_while_the_move_is_saved(world):
    """Issue 26: a person's move has its board drawing started as soon as it is judged, before the
    move is saved (the drawing worker works while the interaction is answered and the database
    commits), and the turn posts that drawing: one drawing a move."""
    w = world
    await start_game(w, 2, seed=7)
    before = await fast_forward(w, 6)
    happened: list[str] = []
    draw, save = w.bot.draw, w.bot.store.save_turn

    async def drawing(fn, *args):
        happened.append(f"draw {fn.__name__}")
        return await draw(fn, *args)

    async def saving(*args, **kwargs):
        saved = await save(*args, **kwargs)
        happened.append("saved")
        return saved

    w.bot.draw, w.bot.store.save_turn = drawing, saving
    r = await actor(w, before).slash(w.channel, "coal money", amount=4)
    assert not r.ephemeral
    assert happened == ["draw render_turn", "saved"]  # drawn while the commit was going on, once
    after = await stored(w)
    [attachment] = w.channel.last_message.attachments
    assert await _png(attachment) == render_turn(
        after.state, None, last_move(before.state, rules.parse_action("money 4"), after.state)
    )


async def test_two_moves_sent_at_once_post_the_board_of_the_move_that_was_stored(world):
    """Both moves are judged on the same game and both boards drawn ahead; one is stored, the other
    refused (it is no longer its sender's turn): the turn shows the stored move's own board."""
    from bench.bot import emit_slash

    w = world
    await start_game(w, 2, seed=7)
    before = await fast_forward(w, 6)
    mover = actor(w, before)
    emit_slash(w.env, mover, w.channel, "coal money", amount=4)
    emit_slash(w.env, mover, w.channel, "coal bank")
    await w.env.settle()
    after = await stored(w)
    assert after.version == before.version + 1  # one of them
    played = rules.parse_action((await w.bot.store.queries.log(after.id))[-1].action)
    [turn] = [m for m in w.channel.history() if m.author.id == w.bot.user.id and m.attachments][-1:]
    assert await _png(turn.attachments[0]) == render_turn(
        after.state, None, last_move(before.state, played, after.state)
    )
    assert w.bot.publisher.ahead._ahead == {}  # the other drawing was dropped with its move
