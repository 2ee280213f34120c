"""Draw spaces: the drawn items only in the actor's private reply; nobody moves until they choose."""

from __future__ import annotations

from bot.words.common import marks
from bot.words.rules import card_name, tile_name
from rules.components import NO_COAL, TILES

from .driver import (
    actor,
    assert_refused,
    bystander,
    close_bot,
    custom_ids,
    fast_forward,
    forge_component,
    menu,
    restart,
    start_game,
    stored,
)


def _secret_words(game) -> list[str]:
    """How the drawn items are written in the actor's private choice."""
    pending = game.state.pending
    if pending.kind == "tile":
        return [f"{tile_name(t)} — {marks(TILES[t].price)}" for t in pending.cards]
    return [card_name(c) for c in pending.cards]


def _public_words(game) -> str:
    """What may be named in public anyway: the cards face up on the board, the orders in pits."""
    cards = [c for c in game.state.order_spaces if c is not None]
    cards += [o.card for p in game.state.players for o in p.orders]
    return " ".join(card_name(c) for c in cards)


def _everything_said(w, viewer=None) -> str:
    return "\n".join(
        m.content + " ".join(str(getattr(c, "label", "")) for row in m.components for c in row.children)
        for m in w.channel.history(viewer=viewer)
    )


async def test_order_draw_is_seen_only_by_the_actor_who_keeps_one(world):
    w = world
    await start_game(w, 3, seed=4)
    game = await fast_forward(w, 9)
    member, other = actor(w, game), bystander(w, game)
    r = await member.slash(w.channel, "coal order", space="draw")
    draw_message = r.response
    drawn = next(c for c in custom_ids(draw_message) if c.startswith("coal:drawn:"))
    assert not r.ephemeral and "looked at the top 5 order cards" in r.response.content
    game = await stored(w)
    assert game.state.phase == "draw"
    [private] = r.followups
    assert private.ephemeral
    secrets = [s for s in _secret_words(game) if s not in _public_words(game)]
    assert secrets and all(s in private.content for s in secrets)
    # no channel message, and nothing another member can see, names them
    for viewer in (None, other, w.dave):
        said = _everything_said(w, viewer)
        assert not any(s in said for s in secrets)
    # everyone else waits
    r = await other.slash(w.channel, "coal bank")
    await assert_refused(w, r, "It is", before=game)
    r = await member.slash(w.channel, "coal bank")
    await assert_refused(w, r, "must first choose from the drawn order cards", before=game)
    r = await other.click(w.channel.last_message, label="Show my drawn cards")
    await assert_refused(w, r, "Only", before=game)
    # choose card 2, rest on top
    pick = menu(private, "coal-menu:pick")
    r = await member.select(private, ["2"], custom_id=pick.custom_id)
    assert r.response.ephemeral and "Choose the order card to keep" in r.response.content
    r = await member.click(private, label="Rest on top")
    assert r.response.ephemeral and r.response.content == "You kept item 2; the rest went to the top."
    after = await stored(w)
    kept = game.state.pending.cards[1]
    seat = game.state.current
    assert after.state.players[seat].orders[-1].card == kept
    assert after.state.order_deck[:4] == [c for k, c in enumerate(game.state.pending.cards) if k != 1]
    public = w.channel.last_message
    assert "kept" in public.content and "put the other 4 cards back on the top" in public.content
    assert public.attachments[0].filename == "board.png"
    # the button under the draw message no longer applies: it is gone (the newer message superseded it),
    # and a press from a client that still shows it is refused
    assert custom_ids(draw_message) == []
    again = await forge_component(member, draw_message, drawn)
    await assert_refused(w, again, "already been made", before=after)


async def test_tile_draw_keep_none_and_reopen_the_choice_from_the_button(world):
    w = world
    await start_game(w, 2, seed=9)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal factory", space="draw")
    public = r.response
    game = await stored(w)
    r = await member.click(public, label="Show my drawn tiles")
    assert r.ephemeral and all(s in r.response.content for s in _secret_words(game))
    assert "You have" in r.response.content
    first_copy = r.response
    second_copy = (await member.click(public, label="Show my drawn tiles")).response
    r = await member.click(first_copy, label="Rest at the bottom")
    assert r.response.content == "You kept nothing; the rest went to the bottom."
    after = await stored(w)
    assert after.state.tile_deck[-5:] == game.state.pending.cards
    assert after.state.phase == "turn"
    # a double click: the same choice from the second copy finds it made
    double = await member.click(second_copy, label="Rest at the bottom")
    await assert_refused(w, double, "already been made", before=after)


async def _supply_short_of(w, db_path, game, colour: int, marks: int = 30):
    """The stored game with no `colour` coal left in the supply (a bystander holds it, so the
    64 cubes are all there) and enough marks for the player to move; the bot restarts to load it."""
    state = game.state.model_copy(deep=True)
    holder = state.players[(state.current + 1) % len(state.players)]
    holder.storage[colour] += state.supply[colour]
    state.supply[colour] = 0
    state.players[state.current].marks = marks
    assert state.cube_total() == 64 and sum(state.supply) > 0
    saved = await w.bot.store.save_turn(
        game, state, user_id=game.to_move_user, player=state.to_move, action="(test) the supply runs short"
    )
    return saved, await restart(w, db_path)


async def test_r_fac_2_a_kept_tile_may_leave_its_short_carts_empty_from_the_draw_choice(world, db_path):
    w = world
    await start_game(w, 2, seed=9)
    game = await fast_forward(w, 6)
    first = game.state.tile_deck[0]  # the first tile the draw will show
    tile = TILES[first]
    game, bot = await _supply_short_of(w, db_path, game, tile.colour)
    try:
        await _keep_with_empty_carts(w, game, first)
    finally:
        await close_bot(bot)


async def _keep_with_empty_carts(w, game, first):
    tile = TILES[first]
    member = actor(w, game)
    r = await member.slash(w.channel, "coal factory", space="draw")
    [choice] = r.followups
    pick = menu(choice, "coal-menu:pick")
    labels = {o.value: o.label for o in pick.options}
    assert labels["1.none"] == f"Keep 1: {tile_name(first)} — {marks(tile.price)}, short carts left empty"
    r = await member.select(choice, ["1.none"], custom_id=pick.custom_id)
    r = await member.click(r.response, label="Rest at the bottom")
    assert r.response.content == "You kept item 1; the rest went to the bottom."
    after = await stored(w)
    seat = game.state.current
    assert after.state.players[seat].carts[tile.colour][-tile.carts :] == [NO_COAL] * tile.carts
    assert after.state.supply == game.state.supply  # no coal of another colour was taken
    empty = ", ".join(["empty"] * tile.carts)
    assert f"the supply was short, carts got {empty}." in w.channel.last_message.content


async def test_r_fac_2_autocomplete_offers_leaving_short_carts_empty(world, db_path):
    w = world
    await start_game(w, 2, seed=9)
    game = await fast_forward(w, 6)
    space = next(k for k, t in enumerate(game.state.factory, start=1) if t is not None)
    tile = TILES[game.state.factory[space - 1]]
    game, bot = await _supply_short_of(w, db_path, game, tile.colour)
    try:
        await _empty_carts_by_autocomplete(w, game, space, tile)
    finally:
        await close_bot(bot)


async def _empty_carts_by_autocomplete(w, game, space, tile):
    member = actor(w, game)
    offered = {c["value"]: c["name"] for c in await member.autocomplete(w.channel, "coal factory", "space", "")}
    value = f"{space} with " + " ".join(["none"] * tile.carts)
    assert (
        offered[value]
        == f"Factory {space}: {tile_name(tile.id)} — {marks(tile.price)}, short carts left empty, 1 worker"
    )
    assert str(space) in offered  # the most plentiful colour instead, as before
    r = await member.slash(w.channel, "coal factory", space=value)
    assert not r.ephemeral and "carts got" in r.response.content
    after = await stored(w)
    assert after.state.players[game.state.current].carts[tile.colour][-tile.carts :] == [NO_COAL] * tile.carts
