"""Moves through slash commands, menus and buttons; autocomplete; every refusal of the spec."""

from __future__ import annotations

import rules
from bot.words.common import marks
from bot.words.rules import tile_name

from .driver import (
    act,
    actor,
    assert_refused,
    bystander,
    custom_ids,
    fast_forward,
    forge_component,
    live_ids,
    menu,
    open_lobby,
    panel_text,
    start_game,
    stored,
)


async def _drafted(w, players=2, seed=7):
    await start_game(w, players, seed)
    return await fast_forward(w, 3 * players)


async def test_the_draft_by_menu_and_by_command(world):
    w = world
    lobby = await open_lobby(w, 2)
    await w.alice.click(lobby, label="Start")
    game = await stored(w)
    first = actor(w, game)
    start_msg = w.channel.last_message
    pick = menu(start_msg, "coal-menu:draft")
    label = pick.options[1].label
    r = await first.select(start_msg, [pick.options[1].value], custom_id=pick.custom_id)
    assert r.acknowledged and not r.ephemeral
    turn = w.channel.last_message
    assert label.split(" · ")[1] in turn.content and turn.attachments[0].filename == "board.png"
    game = await stored(w)
    second = actor(w, game)
    offered = await second.autocomplete(w.channel, "coal draft", "card", "")
    assert len(offered) == 6 and str(pick.options[1].value) not in [str(o["value"]) for o in offered]
    assert await first.autocomplete(w.channel, "coal draft", "card", "") == []  # not their pick
    r = await second.slash(w.channel, "coal draft", card=offered[0]["value"])
    assert not r.ephemeral and "drafted" in r.response.content
    # the first message's menu is from an earlier pick: gone, and a pick that still arrives is refused
    assert live_ids(w, start_msg) == []
    again = await forge_component(first, start_msg, pick.custom_id, [pick.options[2].value])
    await assert_refused(w, again, "from an earlier pick", before=await stored(w))


async def test_every_move_posts_a_sentence_the_board_and_pings_the_next_player(world):
    w = world
    game = await _drafted(w)
    for command, options in [
        ("coal money", {"amount": 4}),
        ("coal order", {"space": "2"}),
        ("coal mine", {"steps": 6, "plan": "cage yellow, load yellow, cage surface, store yellow"}),
        ("coal bank", {}),
        ("coal factory", {"space": "3"}),
    ]:
        game = await stored(w)
        member = actor(w, game)
        r = await member.slash(w.channel, command, **options)
        assert r.acknowledged and not r.ephemeral, r.response.content
        after = await stored(w)
        assert after.version == game.version + 1
        message = r.response
        assert message.attachments[0].filename == "board.png"
        data = await message.attachments[0].read()
        assert data.startswith(b"\x89PNG")
        assert f"<@{after.to_move_user}>, your turn —" in message.content
        # the Undo button for what may be taken back: not an order or a tile, refilled from their decks
        undo = [f"coal:undo:{after.id}:{after.version}:"] if command in ("coal money", "coal mine", "coal bank") else []
        assert custom_ids(message) == [
            f"coal:pit:{after.id}:{after.version}:",
            f"coal:legal:{after.id}:{after.version}:",
            *undo,
        ]


async def test_wrong_player_and_spectator_are_refused_privately(world):
    w = world
    game = await _drafted(w)
    other = bystander(w, game)
    r = await other.slash(w.channel, "coal money", amount=4)
    await assert_refused(w, r, f"It is the turn of {game.state.to_move}.", before=game)
    r = await w.dave.slash(w.channel, "coal bank")
    await assert_refused(w, r, "You are not playing in this game", before=game)
    assert await other.autocomplete(w.channel, "coal money", "amount", "") == []


async def test_unreadable_input_is_refused_after_whose_turn_it_is(world):
    w = world
    game = await _drafted(w)
    plan = "cage grey, lift everything"
    r = await bystander(w, game).slash(w.channel, "coal mine", steps=6, plan=plan)
    await assert_refused(w, r, f"It is the turn of {game.state.to_move}.", before=game)
    r = await w.dave.slash(w.channel, "coal factory", space="nine")
    await assert_refused(w, r, "You are not playing in this game", before=game)
    r = await actor(w, game).slash(w.channel, "coal factory", space="nine")
    text = await assert_refused(w, r, before=game)
    assert "nine" in text and "turn" not in text


async def test_the_spec_refusals_workers_and_plan_step(world):
    w = world
    game = await _drafted(w, players=4, seed=11)
    # "Mining 8 needs 3 workers; you have 2."
    for _ in range(2):
        game = await act(w, "mine 8")
    while game.state.players[game.state.current].workers > 2:
        game = await act(w, "bank")
    member = actor(w, game)
    r = await member.slash(w.channel, "coal mine", steps=8, plan="cage grey")
    await assert_refused(w, r, "Mining 8 needs 3 workers; you have 2.", before=game)
    r = await member.slash(w.channel, "coal mine", steps=8)  # the console refuses just the same
    await assert_refused(w, r, "Mining 8 needs 3 workers; you have 2.", before=game)
    # "Step 4 (`load black`): the cage is at the grey level."
    r = await member.slash(w.channel, "coal mine", steps=6, plan="cage grey, load grey, cage grey, load black")
    await assert_refused(w, r, "Step 3 (`cage grey`): the cage is already at the grey level.", before=game)
    r = await member.slash(w.channel, "coal mine", steps=10, plan="cage black, cage grey, load grey, load black")
    await assert_refused(w, r, "Step 4 (`load black`): the cage is at the grey level.", before=game)
    r = await member.slash(w.channel, "coal mine", steps=6, plan="cage grey, lift everything")
    await assert_refused(w, r, "Step 2: I can't read `lift everything`", before=game)
    # a typo is answered with the word it likely meant
    r = await member.slash(w.channel, "coal mine", steps=6, plan="cage yelow")
    await assert_refused(w, r, "Step 1: I can't read `cage yelow`: did you mean `cage yellow`?", before=game)
    r = await member.slash(w.channel, "coal mine", steps=6, plan="cage grey, load gery")
    await assert_refused(w, r, "`gery` is not a coal colour. Did you mean `grey`?", before=game)


async def test_illegal_choices_are_refused_with_the_rules_reason(world):
    w = world
    game = await _drafted(w)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal deliver", vehicle="train")
    await assert_refused(w, r, "You have no complete train order to deliver.", before=game)
    r = await member.slash(w.channel, "coal factory", space="9")
    await assert_refused(w, r, "the space is 1-8 or `draw`", before=game)
    r = await member.slash(w.channel, "coal factory", space="4")
    await assert_refused(w, r, "Factory 4 is locked in a 2-player game.", before=game)
    r = await member.slash(w.channel, "coal mine", steps=5, plan="cage grey")
    await assert_refused(w, r, "4, 6, 8 or 10", before=game)


async def test_autocomplete_lists_only_legal_choices_with_costs_in_words(world):
    w = world
    game = await _drafted(w, players=3, seed=3)
    member = actor(w, game)
    state = game.state
    factory = await member.autocomplete(w.channel, "coal factory", "space", "")
    legal = {str(a) for a in rules.legal_actions(state)}
    assert {f"factory {c['value']}" for c in factory} == {t for t in legal if t.startswith("factory")}
    for c in factory:
        if c["value"] != "draw":
            tile = rules.components.TILES[state.factory[int(c["value"]) - 1]]
            assert c["name"] == f"Factory {c['value']}: {tile_name(tile.id)} — {marks(tile.price)}, 1 worker"
    mines = await member.autocomplete(w.channel, "coal mine", "steps", "")
    assert [c["value"] for c in mines] == [6, 8, 10]  # Mining 4 is locked with 3 players
    assert mines[1]["name"] == "Mining 8 steps — 1 worker"
    game = await act(w, "mine 8")
    game = await act(w, "bank")
    member = actor(w, game)
    mines = await member.autocomplete(w.channel, "coal mine", "steps", "8")
    assert mines == [{"name": "Mining 8 steps — 2 workers", "value": 8}]
    assert await member.autocomplete(w.channel, "coal deliver", "vehicle", "") == []


async def test_buttons_my_pit_and_legal_actions_answer_privately(world):
    w = world
    game = await _drafted(w)
    member = actor(w, game)
    other = bystander(w, game)
    r = await member.slash(w.channel, "coal money", amount=4)
    turn = r.response
    r = await other.click(turn, label="Legal actions")
    assert r.ephemeral and "What you may do now" in r.response.content and "/coal bank" in r.response.content
    r = await member.click(turn, label="Legal actions")
    assert r.ephemeral and r.response.content == f"It is the turn of {other.user.name}."
    r = await member.click(turn, label="My pit")
    assert r.ephemeral and r.response.attachments[0].filename == "pit.png"
    r = await w.dave.click(turn, label="My pit")
    assert r.ephemeral and "not playing" in r.response.content
    assert r.response.attachments[0].filename == "board.png"


async def test_board_pit_status_log_and_help(world):
    w = world
    game = await _drafted(w)
    member = actor(w, game)
    await member.slash(w.channel, "coal money", amount=4)
    r = await w.dave.slash(w.channel, "coal board")
    assert r.ephemeral and r.response.attachments[0].filename == "board.png"
    r = await w.dave.slash(w.channel, "coal pit", player="bob")
    assert r.ephemeral and r.response.content == "The pit of bob:" and r.response.attachments[0].filename == "pit.png"
    r = await w.dave.slash(w.channel, "coal pit")
    await assert_refused(w, r, "You are not playing in this game.")
    r = await w.alice.slash(w.channel, "coal status")
    said = panel_text(r.response)  # a panel of layout components (issue 27)
    assert r.ephemeral and "Shift 1 of 3" in said and "alice (red): " in said
    due = int((await stored(w)).deadline)
    assert f"Turn timer 24 hours: the turn ends <t:{due}:R> (<t:{due}:f>)." in said
    r = await w.alice.slash(w.channel, "coal log", last=2)
    lines = r.response.content.splitlines()
    assert r.ephemeral and len(lines) == 2 and lines[-1].startswith(f"{game.version + 1}. ")
    assert "took 4 marks" in lines[-1]
    r = await w.alice.slash(w.channel, "coal help", topic="plan")
    assert r.ephemeral and "`cage L`" in r.response.content


async def test_placing_workers_and_the_action_read_as_one_sentence(world):
    w = world
    game = await _drafted(w)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal money", amount=4)
    first_line = r.response.content.splitlines()[0]
    assert first_line == f"{game.state.to_move} placed 1 worker on Money 4 and took 4 marks."


async def test_a_move_whose_interaction_expired_is_stored_and_still_posted(world):
    w = world
    game = await _drafted(w)
    member = actor(w, game)
    # Discord refuses the answer (10062 Unknown interaction: the 3-second window passed)
    w.env.inject_error("POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
    r = await member.slash(w.channel, "coal money", amount=6)
    assert not r.acknowledged
    after = await stored(w)
    assert after.version == game.version + 1
    posted = w.channel.last_message
    assert posted.content.startswith(f"{game.state.to_move} placed 1 worker on Money 6 and took 6 marks.")
    assert posted.attachments[0].filename == "board.png"


async def test_wrong_phase_is_refused_privately(world):
    w = world
    game = await start_game(w, 2, seed=5)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal money", amount=4)
    await assert_refused(w, r, f"The opening draft comes first: {game.state.to_move} picks an order card.", before=game)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal draft", card=1)
    await assert_refused(w, r, "The draft is over.", before=game)
    r = await member.slash(w.channel, "coal mine", steps=6, plan="fill 1.1 grey+grey from storage")
    await assert_refused(
        w, r, "Step 1 (`fill 1.1 grey+grey from storage`): your storage holds 0 grey cubes.", before=game
    )


async def test_a_number_typed_into_autocomplete_puts_that_space_first(world):
    """Issue 71: typing `6` into `/coal factory space:` listed "Factory 1: … — 6 marks" first (the 6 its price),
    and the top suggestion bought the wrong tile. An exact value comes first, for every move's autocomplete;
    then the choices that begin with what is typed, then the rest that contain it."""
    w = world
    game = await _drafted(w, players=3, seed=3)
    member = actor(w, game)
    for command, option in (("coal factory", "space"), ("coal mine", "steps"), ("coal money", "amount")):
        offered = await member.autocomplete(w.channel, command, option, "")
        assert offered, command
        for choice in offered:
            typed = str(choice["value"])
            assert (await member.autocomplete(w.channel, command, option, typed))[0] == choice, (command, typed)
    factory = await member.autocomplete(w.channel, "coal factory", "space", "")
    priced = [c for c in factory if c["value"] != "draw" and f"— {c['value']} marks" not in c["name"]]
    six = await member.autocomplete(w.channel, "coal factory", "space", "6")
    assert six[0]["value"] == "6" and all(c["value"] != "6" for c in six[1:])
    assert priced  # (the game has a tile whose price is not its space)
    assert await member.autocomplete(w.channel, "coal factory", "space", "fact") == factory  # a prefix: all


def test_best_first_orders_exact_then_prefix_then_word_then_the_rest():
    from bot.command_options import best_first

    items = ["Factory 1: tile — 6 marks", "Factory 6: tile — 3 marks", "Draw 5", "Six", "Mixed 6x"]
    values = {items[0]: "1", items[1]: "6", items[2]: "draw", items[3]: "six", items[4]: "m"}
    got = best_first(items, "6", values.get, lambda x: x)
    assert got == ["Factory 6: tile — 3 marks", "Factory 1: tile — 6 marks", "Mixed 6x"]
    assert best_first(items, "dr", values.get, lambda x: x) == ["Draw 5"]
    assert best_first(items, "  ", values.get, lambda x: x) == items


async def test_without_a_web_board_no_button_offers_it_and_the_link_option_says_so_privately(world):
    w = world
    await start_game(w)
    r = await w.alice.slash(w.channel, "coal draft", card=1)
    assert w.bot.board is None and not [c for c in custom_ids(r.response) if c.startswith("coal:web")]
    game = await stored(w)
    r = await w.bob.slash(w.channel, "coal board", link=True)
    assert r.ephemeral and "web board is not set up" in r.response.content
    assert await stored(w) == game
