"""Taking back a move (issue 15): `/coal undo` and the Undo button, Board Game Arena's policy — your own
last move, while nobody has moved since, and only if it showed nothing new. The undo is a new log
entry; the log still replays to the stored state."""

from __future__ import annotations

import rules
from players import by_level
from players.seeds import decision_seed
from rules import Deliver, Mine, PlaceFactory, TakeMoney, TakeOrder, view
from rules.record import UNDO, Chooser, random_action, replay

from .driver import (
    actor,
    assert_refused,
    bystander,
    close_bot,
    components_of,
    custom_ids,
    fast_forward,
    forge_component,
    live_ids,
    restart,
    start_game,
    stored,
)

NOTHING = "You have no move to take back"
REVEALED = "it showed cards or tiles nobody had seen"
SCORED = "it ended the shift"


async def in_shifts(w, seed: int = 7):
    await start_game(w, 2, seed=seed)
    return await fast_forward(w, 40, until=lambda g: g.state.phase == "shifts")


async def play_until(w, until):
    """Moves of the `easy` computer for every seat (through the manager) until `until(game)`: it
    completes orders, which random moves seldom do."""
    game = await stored(w)
    player = by_level("easy")
    while not until(game):
        assert game.state.phase != "over", "the situation never came"
        seen = view(game.state, game.state.to_move)
        action = player.choose(seen, decision_seed(game.seed, game.state))
        game = (await w.bot.manager.moves.act(w.channel.id, game.to_move_user, action)).game
    return game


async def assert_taken_back(w, before_move, mover) -> None:
    """The game is as before the move (same state), two log entries later (the move and its undo),
    and the channel said so; the log replays to the stored state."""
    game = await stored(w)
    assert game.state == before_move.state and game.state.to_move == before_move.state.to_move
    assert game.version == before_move.version + 2
    log = await w.bot.store.queries.log(game.id)
    assert log[-1].action == UNDO and log[-1].user_id == mover.id
    assert replay(await w.bot.store.queries.game_record(game.id)) == game.state
    assert await w.bot.store.queries.verify() == []
    assert w.channel.last_message.content.startswith(f"{mover.name} took back their move.")


async def test_a_money_move_is_taken_back_with_slash_undo(world):
    w = world
    before = await in_shifts(w)
    mover = actor(w, before)
    amount = next(a.amount for a in rules.legal_actions(before.state) if isinstance(a, TakeMoney))
    r = await mover.slash(w.channel, "coal money", amount=amount)
    assert not r.ephemeral
    assert (await stored(w)).state.players[before.state.current].marks == before.state.players[
        before.state.current
    ].marks + amount
    r = await mover.slash(w.channel, "coal undo")
    assert not r.ephemeral
    await assert_taken_back(w, before, mover)
    # and a second undo has nothing left: the last entry is the undo itself
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), NOTHING, before=await stored(w))


async def test_the_undo_button_under_a_bank_move_is_for_its_player_only(world):
    w = world
    before = await in_shifts(w)
    mover, other = actor(w, before), bystander(w, before)
    r = await mover.slash(w.channel, "coal bank")
    message = r.followups[0] if r.followups else w.channel.last_message
    undo = next(c for c in custom_ids(message) if c.startswith("coal:undo:"))
    moved = await stored(w)
    await assert_refused(w, await other.click(message, custom_id=undo), NOTHING, before=moved)
    r = await mover.click(message, custom_id=undo)
    await assert_taken_back(w, before, mover)
    # the same button again: gone (the undo's message superseded it), and a press that still arrives is refused
    assert live_ids(w, message) == []
    await assert_refused(w, await forge_component(mover, message, undo), "no longer applies")


async def test_mining_and_a_delivery_are_taken_back(world):
    w = world
    await start_game(w, 2, seed=11)
    game = await play_until(w, lambda g: any(isinstance(a, Deliver) for a in rules.legal_actions(g.state)))
    mover = actor(w, game)
    deliver = next(a for a in rules.legal_actions(game.state) if isinstance(a, Deliver))
    r = await mover.slash(w.channel, "coal deliver", vehicle=deliver.vehicle)
    assert not r.ephemeral
    after = await stored(w)
    if any(e.kind == "shift_scored" for e in rules.apply(game.state, deliver)[1]):  # pragma: no cover - seed-dependent
        await assert_refused(w, await mover.slash(w.channel, "coal undo"), SCORED, before=after)
        return
    await mover.slash(w.channel, "coal undo")
    await assert_taken_back(w, game, mover)

    game = await stored(w)
    mine = next(a for a in rules.legal_actions(game.state) if isinstance(a, Mine))
    r = await mover.slash(w.channel, "coal mine", steps=mine.steps, plan="cage yellow")
    assert not r.ephemeral, r.response
    await mover.slash(w.channel, "coal undo")
    await assert_taken_back(w, game, mover)


async def test_nothing_that_showed_something_new_or_came_after_can_be_taken_back(world):
    w = world
    game = await in_shifts(w)
    mover = actor(w, game)
    # a draw space: the tiles were seen (the draw, then the choice)
    r = await mover.slash(w.channel, "coal factory", space="draw")
    assert not r.ephemeral
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), REVEALED, before=await stored(w))
    game = (await w.bot.manager.moves.act(w.channel.id, mover.id, rules.parse_action("keep none, rest bottom"))).game
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), REVEALED, before=game)
    # the next player has moved: the move is not the last any more (and not theirs to take back)
    nxt = actor(w, game)
    game = (await w.bot.manager.moves.act(w.channel.id, nxt.id, rules.UseBank())).game
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), NOTHING, before=game)
    # an order space refilled from its deck
    mover = actor(w, game)
    take = next(a for a in rules.legal_actions(game.state) if isinstance(a, TakeOrder) and isinstance(a.space, int))
    assert game.state.order_deck  # there is a card to refill with
    await mover.slash(w.channel, "coal order", space=str(take.space))
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), REVEALED, before=await stored(w))
    # a factory tile: its space is refilled too
    game = await stored(w)
    mover = actor(w, game)
    buy = next(a for a in rules.legal_actions(game.state) if isinstance(a, PlaceFactory) and isinstance(a.space, int))
    await mover.slash(w.channel, "coal factory", space=str(buy.space))
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), REVEALED, before=await stored(w))


async def test_the_move_that_scores_a_shift_cannot_be_taken_back(world):
    w = world
    await start_game(w, 2, seed=5)
    chooser = Chooser(3)
    game = await stored(w)
    while True:  # random moves until one scores a shift: that move, the undo is refused
        action = random_action(game.state, chooser)
        mover = actor(w, game)
        result = await w.bot.manager.moves.act(w.channel.id, mover.id, action)
        game = result.game
        if any(e.kind == "shift_scored" for e in result.events):
            break
    await assert_refused(w, await mover.slash(w.channel, "coal undo"), SCORED, before=game)


async def test_a_restart_between_the_move_and_the_undo(world, db_path):
    w = world
    before = await in_shifts(w)
    mover = actor(w, before)
    await mover.slash(w.channel, "coal bank")
    bot = await restart(w, db_path)
    try:
        r = await mover.slash(w.channel, "coal undo")
        assert not r.ephemeral
        await assert_taken_back(w, before, mover)
    finally:
        await close_bot(bot)


async def test_a_move_is_taken_back_with_the_computers_replies(world, monkeypatch):
    """Against computers (issue 24): the computer answers within a second, and the person takes
    back their move together with its reply, by the command or by the Undo button under the reply."""
    from games.computers import is_computer
    from rules.record import undo_count

    w = world
    monkeypatch.setattr("games.lobbies.secrets.randbits", lambda bits: 7)
    await w.alice.slash(w.channel, "coal new", thread=False, timer="none")
    lobby = (await w.alice.slash(w.channel, "coal host addbot", level="easy")).response
    await w.alice.click(lobby, label="Start")
    game = await play_until(w, lambda g: g.state.phase == "turn" and g.to_move_user == w.alice.id)
    taken = 0  # moves taken back: by the command, then by the button under the computer's reply
    for _turn in range(40):  # alice's turns, until twice the computer's reply showed nothing new
        if taken == 2:
            break
        before = await stored(w)
        r = await w.alice.slash(w.channel, "coal bank")
        assert not r.ephemeral
        await w.bot.computers.idle()
        replied = await stored(w)
        log = await w.bot.store.queries.log(game.id)
        if not (replied.version > before.version + 1 and is_computer(log[-1].user_id)):
            # the computer's reply showed something new (a draw, a refill, a scoring): no undo; her next turn
            game = await play_until(w, lambda g: g.state.phase == "turn" and g.to_move_user == w.alice.id)
            continue
        attempt, taken = taken, taken + 1
        reply = w.channel.last_message
        assert reply.content.startswith("🤖")
        replies = replied.version - before.version - 1
        label = f"Undo (and {replies} computer move{'s' if replies > 1 else ''})"
        undo = next(c for c in components_of(reply) if c.custom_id.startswith("coal:undo:"))
        assert undo.label == label
        if attempt == 0:
            r = await w.alice.slash(w.channel, "coal undo")
            assert not r.ephemeral
        else:
            r = await w.bob.click(reply, custom_id=undo.custom_id)  # not at the table
            await assert_refused(w, r, "You are not playing in this game.", before=replied)
            r = await w.alice.click(reply, custom_id=undo.custom_id)
        after = await stored(w)
        assert after.state == before.state and after.to_move_user == w.alice.id
        [entry] = await w.bot.store.queries.log(game.id, 1)
        assert entry.user_id == w.alice.id and undo_count(entry.action) == replies + 1
        assert f"alice took back their move, and {replies} computer move" in w.channel.last_message.content
        assert replay(await w.bot.store.queries.game_record(game.id)) == after.state
        assert await w.bot.store.queries.verify() == []
    assert taken == 2, "alice never got a computer's reply that showed nothing new"
