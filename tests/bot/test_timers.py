"""Turn timers on a virtual clock (absent: bank): the reminder, the default move per decision kind, restarts.

What a computer plays for an absent player (absent: computer) is in test_computers."""

from __future__ import annotations

import re

import pytest

from games.limits import UNLIMITED
from rules.components import ORDER_CARDS

from .driver import (
    act,
    actor,
    assert_refused,
    close_bot,
    fast_forward,
    panel_text,
    restart,
    start_game,
    stored,
    virtual_clock,
)

HOUR = 3600


def _said(w, pattern: str) -> list[str]:
    return [m.content for m in w.channel.history() if re.search(pattern, m.content)]


@pytest.mark.parametrize("recent", [500, 0])
async def test_a_reminder_once_at_half_time_then_the_bank_at_expiry(world, recent):
    """With `recent` 0 the game is never kept whole in memory (issue 26): only its brief, so the reminder
    and the timer's move each read it from the database."""
    w = world
    w.bot.manager.games.recent = recent
    await start_game(w, 2, seed=3, timer="1h", absent="bank")
    game = await fast_forward(w, 6)  # past the draft: a normal turn
    assert game.deadline == virtual_clock() + HOUR
    member = actor(w, game)
    await w.env.advance_time(HOUR / 2 - 1)
    assert _said(w, "your turn ends") == []
    await w.env.advance_time(1)
    due = int(game.deadline)  # a live Discord timestamp: each reader sees it in their time zone, counting down
    assert _said(w, "your turn ends") == [f"<@{member.id}>, your turn ends <t:{due}:R> (<t:{due}:f>)."]
    await w.env.advance_time(HOUR / 2 - 1)
    assert len(_said(w, "your turn ends")) == 1  # once
    await w.env.advance_time(1)
    after = await stored(w)
    assert after.version == game.version + 1
    seat = game.state.current
    assert after.state.players[seat].marks == game.state.players[seat].marks + 1  # the bank
    assert _said(w, "Time ran out") == [
        f"⏰ Time ran out for {game.state.to_move}: the timer placed a worker on the bank for them."
    ]
    turn = w.channel.last_message
    assert turn.attachments[0].filename == "board.png" and f"<@{after.to_move_user}>, your turn" in turn.content
    [entry] = await w.bot.store.queries.log(game.id, 1)
    assert entry.auto and entry.action == "bank"


async def test_in_the_draft_the_timer_takes_the_card_with_the_most_vp(world):
    w = world
    game = await start_game(w, 3, seed=8, timer="12h", absent="bank")
    best = max((ORDER_CARDS[c].vp, -k) for k, c in enumerate(game.state.draft_cards))
    card = game.state.draft_cards[-best[1]]
    await w.env.advance_time(12 * HOUR)
    after = await stored(w)
    assert after.state.players[game.state.current].orders[0].card == card
    assert "took the card with the most VP" in _said(w, "Time ran out")[0]


async def test_a_pending_draw_choice_returns_everything_to_the_bottom(world):
    w = world
    await start_game(w, 2, seed=4, timer="1h", absent="bank")
    await fast_forward(w, 6)
    game = await act(w, "order draw")
    drawn = game.state.pending.cards
    await w.env.advance_time(HOUR)
    after = await stored(w)
    assert after.state.phase == "turn" and after.state.order_deck[-5:] == drawn
    assert len(after.state.players[game.state.current].orders) == len(game.state.players[game.state.current].orders)
    assert "kept nothing and put the rest at the bottom" in _said(w, "Time ran out")[0]


async def test_an_open_mining_console_is_cancelled_first(world):
    w = world
    await start_game(w, 2, seed=4, timer="1h", absent="bank")
    game = await fast_forward(w, 6)
    member = actor(w, game)
    console = (await member.slash(w.channel, "coal mine", steps=6)).response
    await member.click(console, label="Cage yellow")
    await w.env.advance_time(HOUR)
    after = await stored(w)
    assert after.version == game.version + 1 and "bank" in (await w.bot.store.queries.log(game.id, 1))[0].action
    r = await member.click(console, label="Cage brown")
    await assert_refused(w, r, "This mining console is closed", before=after)


async def test_three_expiries_in_a_row_mark_a_player_absent(world):
    w = world
    await start_game(w, 2, seed=6, timer="1h", absent="bank")
    await fast_forward(w, 6)
    for _ in range(6):  # three turns each
        await w.env.advance_time(HOUR)
    game = await stored(w)
    assert [s.missed for s in game.seats] == [3, 3]
    status = panel_text((await w.alice.slash(w.channel, "coal status")).response)
    assert status.count("absent (missed 3 turns)") == 2
    assert (
        "has missed 3 turns in a row and is marked absent; the host may `/coal host abort`"
        in _said(w, "Time ran out")[-1]
    )
    # a move of one's own resets the count
    member = actor(w, game)
    await member.slash(w.channel, "coal bank")
    assert (await stored(w)).seat_of_user(member.id).missed == 0
    r = await w.alice.slash(w.channel, "coal host abort")
    assert not r.ephemeral and (await stored(w)).status == "aborted"


@pytest.mark.slow  # over a second
async def test_no_timer_means_no_deadline(world):
    w = world
    await start_game(w, 2, seed=6, timer="none")
    game = await fast_forward(w, 6)
    assert game.deadline is None
    for _ in range(10):  # (in steps: each settles within SimCord's time, housekeeping rounds and all)
        await w.env.advance_time(10 * HOUR)
    assert (await stored(w)).version == game.version and _said(w, "Time ran out|your turn ends") == []


async def test_a_deadline_passed_while_the_bot_was_stopped_fires_once_after_restart(world, db_path):
    w = world
    await start_game(w, 2, seed=12, timer="1h", absent="bank")
    game = await fast_forward(w, 6)
    new = await restart(w, db_path, downtime=5 * HOUR)  # the deadline passes while it is down
    try:
        after = await stored(w)
        assert after.version == game.version + 1  # fired at once, once
        assert len(_said(w, "Time ran out")) == 1
        assert after.deadline == virtual_clock() + HOUR  # the next player gets a fresh hour
        await w.env.advance_time(HOUR / 2)
        assert len(_said(w, "your turn ends")) == 1
    finally:
        await close_bot(new)


@pytest.mark.simcord(settle_timeout=120)  # 50 default moves, each drawing a board, in one advance
@pytest.mark.slow
async def test_timers_of_50_games_fire_in_deadline_order(world):
    w = world
    manager = w.bot.manager
    manager.games.limits = UNLIMITED  # alice hosts all 50 (the limits' own tests: test_limits.py)
    manager.games.recent = 5  # 45 of them only in brief when their time runs out (issue 26)
    channels = [w.guild.create_text_channel(f"mine-{k}") for k in range(50)]
    order = list(range(50))
    order = order[1::2] + order[::2]  # start them out of channel order
    for k in order:
        ch = channels[k]
        await manager.lobbies.new_game(w.guild.id, ch.id, w.alice.id, "alice", {"timer": "1h"})
        await manager.lobbies.join(ch.id, w.bob.id, "bob")
        await manager.lobbies.start(ch.id, w.alice.id, seed=k)
        await w.env.advance_time(7)
    deadlines = {ch.id: (await manager.games.current(ch.id)).deadline for ch in channels}
    await w.env.advance_time(HOUR)
    fired = {}
    for ch in channels:
        [message] = [m for m in ch.history() if "Time ran out" in m.content]
        fired[ch.id] = message.id  # snowflakes grow with the time of posting
        assert (await manager.games.current(ch.id)).version == 1
    assert sorted(fired, key=fired.get) == sorted(deadlines, key=deadlines.get)
    assert len({deadlines[c] for c in deadlines}) == 50
    assert manager.games.in_memory() == 5 and len(manager.games.open_briefs()) == 50


async def test_a_deadline_is_a_live_timestamp_in_the_turn_message_and_after_a_restart(world, db_path):
    """Issue 27: every deadline the bot writes is a Discord timestamp (the reader's time zone and
    language, counting down by itself), never a "12 h left" frozen when it was posted; the same instant
    after a restart."""
    w = world
    await start_game(w, 2, seed=12, timer="1h", absent="bank")
    game = await fast_forward(w, 6)
    member = actor(w, game)
    await member.slash(w.channel, "coal bank")
    game = await stored(w)
    due = int(game.deadline)
    turn = w.channel.history()[-1].content
    assert f"The turn ends <t:{due}:R> (<t:{due}:f>)." in turn, turn
    new = await restart(w, db_path, downtime=60)
    try:
        r = await w.alice.slash(w.channel, "coal status")
        said = panel_text(r.response)
        assert f"the turn ends <t:{due}:R> (<t:{due}:f>)." in said, said
        assert "left" not in said
    finally:
        await close_bot(new)
