"""The mining console: private step buttons, Undo, Cancel, Confirm; nothing stored before Confirm."""

from __future__ import annotations

from rules.components import ORDER_CARDS

from .driver import (
    actor,
    assert_refused,
    bystander,
    components_of,
    enabled,
    fast_forward,
    menu,
    panel_outline,
    panel_size,
    panel_text,
    start_game,
    stored,
)


async def _my_console(w, steps=10, seed=7):
    await start_game(w, 2, seed=seed)
    game = await fast_forward(w, 6)
    member = actor(w, game)
    r = await member.slash(w.channel, "coal mine", steps=steps)
    assert r.ephemeral and panel_text(r.response).startswith(f"**Mining {steps}**")
    return game, member, r.response


COLOURS = ["yellow", "brown", "grey", "black"]


async def _a_cube_for_an_order(game, member, console):
    """In the console: cage down to the cheapest colour an order wants, load a cube, cage up to the
    surface; (that colour, the last click's result)."""
    seat = game.state.current
    colour = min(c for o in game.state.players[seat].orders for c in ORDER_CARDS[o.card].spots)
    await member.click(console, label=f"Cage {COLOURS[colour]}")
    await member.click(console, label=f"Load {COLOURS[colour]}")
    return colour, await member.click(console, label="Cage surface")


async def test_steps_undo_and_confirm_play_one_mining_action(world):
    w = world
    game, member, console = await _my_console(w)
    assert not enabled(console, "Cage surface") and enabled(console, "Cage yellow")
    assert not enabled(console, "Undo step")
    r = await member.click(console, label="Cage yellow")
    assert "9 of 10 steps left" in panel_text(r.response) and "Plan: cage yellow" in panel_text(r.response)
    r = await member.click(console, label="Load yellow")
    assert "holding 1 yellow" in panel_text(r.response)
    r = await member.click(console, label="Undo step")
    assert "Plan: cage yellow\n" in panel_text(r.response) and "Cage at the yellow level, empty." in panel_text(
        r.response
    )
    await member.click(console, label="Load yellow")
    await member.click(console, label="Cage surface")
    assert await stored(w) == game  # nothing is stored before Confirm
    r = await member.click(console, label="Store yellow")
    assert "Storage: 1 yellow" in panel_text(r.response)
    r = await member.click(console, label="Confirm")
    mined = "`/coal mine steps:10 plan:cage yellow, load yellow, cage surface, store yellow`"
    assert panel_text(r.response) == f"Mined: {mined}."  # the command that would play it again
    after = await stored(w)
    assert after.version == game.version + 1
    seat = game.state.current
    assert after.state.players[seat].storage == [1, 0, 0, 0]
    public = w.channel.last_message
    assert "placed 1 worker on Mining 10" in public.content and public.attachments[0].filename == "board.png"
    assert components_of(r.response) == []  # the console closed with its buttons


async def test_the_console_is_a_panel_each_block_with_its_buttons(world):
    """Issue 27: a panel of layout components within Discord's limits: the plan, then the cage and carts
    with the cage, load and store buttons, then the orders with the fill menu, then the four buttons."""
    w = world
    game, member, console = await _my_console(w, seed=7)
    _, r = await _a_cube_for_an_order(game, member, console)  # now a spot can be filled: every part is shown
    assert not r.response.content and panel_size(r.response) <= 40 and len(panel_text(r.response)) <= 4000
    outline = panel_outline(r.response)
    head, carts, orders = (
        next(k for k, x in enumerate(outline) if x.startswith(s)) for s in ("**Mining", "Cage ", "Orders (")
    )
    assert head == 0 and outline[head + 1] == "---" and carts == head + 2
    assert [x.rsplit(":", 1)[-1] for x in outline[carts + 1 : carts + 14]] == [
        *(f"cage-{n}" for n in range(5)),
        *(f"load-{c}" for c in range(4)),
        *(f"store-{c}" for c in range(4)),
    ]
    assert outline[carts + 14] == "---" and orders == carts + 15
    assert outline[orders + 1].startswith("coal-menu:mcfill:") and outline[orders + 2] == "---"
    assert [x.rsplit(":", 1)[-1] for x in outline[orders + 3 :]] == ["undo", "plan", "confirm", "cancel"]


async def test_fill_an_order_spot_from_the_menu(world):
    w = world
    game, member, console = await _my_console(w, seed=7)
    colour, r = await _a_cube_for_an_order(game, member, console)
    name = COLOURS[colour]
    seat = game.state.current
    fill = menu(r.response, "coal-menu:mcfill")
    option = fill.options[0]
    assert option.value.startswith("fill ") and option.value.endswith(name)
    # issue 74, item 4: one notation: the menu says the fill as a plan writes it, and the orders' heading
    # says once how a spot is written ("Order 2 spot 1 (truck 9): black" beside `fill 2.1 black` before)
    order, spot = (int(x) for x in option.value.split()[1].split("."))
    card = ORDER_CARDS[game.state.players[seat].orders[order - 1].card]
    assert option.label == f"{option.value} — {card.vehicle_name} {card.vp} VP"
    assert "Orders (a spot is written as in plans: 2.1 is order 2, spot 1):" in panel_text(r.response)
    r = await member.select(console, [option.value], custom_id=fill.custom_id)
    assert f"Plan: cage {name}, load {name}, cage surface, {option.value}" in panel_text(r.response)
    await member.click(console, label="Confirm")
    after = await stored(w)
    assert after.state.players[seat].orders[order - 1].spots[spot - 1] == [colour]


async def test_cancel_places_no_workers(world):
    w = world
    game, member, console = await _my_console(w, steps=6)
    await member.click(console, label="Cage black")
    r = await member.click(console, label="Cancel")
    assert panel_text(r.response) == "Mining cancelled; no workers were placed."
    assert await stored(w) == game


async def test_console_refusals_and_a_console_overtaken_by_the_game(world):
    w = world
    game, member, console = await _my_console(w, steps=6)
    other = bystander(w, game)
    r = await other.slash(w.channel, "coal mine", steps=6)
    await assert_refused(w, r, f"It is the turn of {game.state.to_move}.", before=game)
    # the player moves by command instead; the console is overtaken
    await member.slash(w.channel, "coal money", amount=4)
    moved = await stored(w)
    r = await member.click(console, label="Cage grey")
    await assert_refused(w, r, "This mining console is closed", before=moved)
    assert r.response.attachments[0].filename == "board.png"


def _text_input(modal: dict) -> dict:
    return next(c for row in modal["components"] for c in row.get("components", [row]) if c.get("type") == 4)


async def test_a_plan_typed_in_a_modal_fills_the_console_and_waits_for_confirm(world):
    """Issue 27: the console's *Type a plan* opens a Discord modal (a multi-line text input with the plan
    syntax as its placeholder), refused like `/coal mine plan:`. Issue 46, items 12-13: a good plan is not
    played at once (it was: Mining with two workers sent to the canteen, and no Undo): it fills the console,
    shown step by step, and waits for Confirm; nothing public is posted but the turn message."""
    w = world
    game, member, console = await _my_console(w, steps=6, seed=7)
    r = await member.click(console, label="Type a plan")
    modal = r.modal
    assert modal is not None and len(modal["title"]) <= 45
    field = _text_input(modal)
    assert field["style"] == 2 and field["placeholder"].startswith("cage grey, load grey")  # paragraph
    bad = "cage black, load black, load black, load black"
    refused = await member.submit_modal(r, {field["custom_id"]: bad})
    said = refused.response.content if refused.response is not None else refused.followups[-1].content
    assert refused.ephemeral and await stored(w) == game
    slash = await member.slash(w.channel, "coal mine", steps=6, plan=bad)
    same = slash.response.content if slash.response is not None else slash.followups[-1].content
    assert said == same, (said, same)
    assert await stored(w) == game
    seat = game.state.current
    colour = min(c for o in game.state.players[seat].orders for c in ORDER_CARDS[o.card].spots)
    name = COLOURS[colour]
    public = [m.id for m in w.channel.history()]
    r = await member.click(console, label="Type a plan")
    good = f"cage {name}\nload {name}, cage surface, store {name}"  # lines or commas, as typed on a phone
    filled = await member.submit_modal(r, {_text_input(r.modal)["custom_id"]: good})
    assert await stored(w) == game  # nothing played yet
    assert [m.id for m in w.channel.history()] == public  # and nothing public said
    shown = panel_text(filled.response)
    for step in (f"cage {name}", f"load {name}", "cage surface", f"store {name}"):
        assert step in shown, shown
    assert filled.acknowledged and not filled.followups
    played = await member.click(console, label="Confirm")
    assert panel_text(played.response).startswith("Mined: `/coal mine steps:6 plan:cage ")
    after = await stored(w)
    assert after.version == game.version + 1
    assert after.state.players[seat].storage[colour] == game.state.players[seat].storage[colour] + 1
    assert [m for m in w.channel.history() if m.id not in public][0].content.startswith(member.user.name)


async def test_confirm_with_nothing_planned_asks_once_before_a_worker_mines_nothing(world):
    """Issue 71: Confirm with no step placed a worker and mined nothing, without a word."""
    w = world
    game, member, console = await _my_console(w)
    r = await member.click(console, label="Confirm")
    assert "Nothing is planned: the worker would mine nothing." in panel_text(r.response)
    assert await stored(w) == game  # asked, nothing played
    r = await member.click(r.response, label="Cage yellow")  # a step planned: the question goes
    assert "Nothing is planned" not in panel_text(r.response)
    r = await member.click(r.response, label="Undo step")
    r = await member.click(r.response, label="Confirm")  # asked once: this Confirm plays
    assert panel_text(r.response) == "Mined: `/coal mine steps:10`."
    after = await stored(w)
    assert after.version == game.version + 1
    assert after.state.players[game.state.current].workers < game.state.players[game.state.current].workers


def test_a_hint_that_mines_nothing_says_why():
    """Issue 71: the expert's hint of a mining with an empty plan names what it does and why it can be best."""
    from bot.i18n import speaking
    from bot.words.computers import reason
    from players import Hint

    empty = Hint(
        action="mine 6",
        rank=1,
        expected_lead=2.0,
        vp=0,
        orders_delivered=0,
        orders_taken=0,
        spots_filled=0,
        cubes_loaded=0,
        marks=0,
        workers=1,
        majorities=1,
    )
    full = empty.model_copy(update={"action": "mine 6: cage yellow, load yellow"})
    with speaking("en"):
        assert reason(empty).startswith("It mines nothing: it only places a worker")
        assert not reason(full).startswith("It mines nothing")


async def test_quick_presses_on_one_console_are_all_applied_in_the_order_they_came(world, monkeypatch):
    """Issue 71: presses in quick succession on one console are applied in the order they came, each answer
    showing the console after its own press, even when the first one's read of the game is slow (after a
    restart the game is read from the database: here the first read waits 50 ms, the others do not)."""
    import asyncio
    import time

    from tests.simcord_seam import emit_component

    w = world
    game, member, console = await _my_console(w)
    current, reads = w.bot.manager.games.current, []

    async def slow_first(channel_id):
        reads.append(channel_id)
        if len(reads) == 1:  # as a read in the database's thread would (aiosqlite)
            await asyncio.to_thread(time.sleep, 0.05)
        return await current(channel_id)

    monkeypatch.setattr(w.bot.manager.games, "current", slow_first)
    ids = {c.label: c.custom_id for c in components_of(console) if getattr(c, "label", None)}
    for label in ("Cage yellow", "Cage brown", "Cage grey"):
        emit_component(member, console, ids[label])
    await w.env.settle()
    [open_console] = w.bot.consoles._open.values()
    assert [str(s) for s in open_console.planner.plan] == ["cage yellow", "cage brown", "cage grey"]
    shown = next(m for m in w.channel.history(viewer=member) if m.id == console.id)
    assert "Plan: cage yellow, cage brown, cage grey" in panel_text(shown)  # the last answer is the last press's
    assert await stored(w) == game
