"""Computer players through Discord: seats in the lobby, their moves in one message, the solo game,
absent players, the host handing a seat over and back, hints, and refusals that change nothing."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot import create_bot
from bot.cooldowns import COOLDOWNS
from games.computers import is_computer
from rules import apply, parse_action
from rules.record import replay
from storage.queries import record_of

from .driver import (
    assert_refused,
    close_bot,
    custom_ids,
    fast_forward,
    forge_component,
    live_ids,
    make_world,
    menu,
    panel_text,
    panel_texts,
    start_game,
    stored,
    virtual_clock,
)
from .policy import ScriptedPlayer, pending_member

HOUR = 3600
ROOT = Path(__file__).resolve().parents[2]


async def _lobby_with_computers(w, monkeypatch, seed: int, levels: list[str], **options):
    """/coal new by alice (no timer unless given), then one /coal host addbot per level; the lobby
    message with live buttons (the latest: each addbot posts a new one)."""
    monkeypatch.setattr("games.lobbies.secrets.randbits", lambda bits: seed)
    r = await w.alice.slash(w.channel, "coal new", thread=False, **({"timer": "none"} | options))
    lobby = r.response.message
    for level in levels:
        r = await w.alice.slash(w.channel, "coal host addbot", level=level)
        assert not r.ephemeral, r.response.content
        lobby = r.response.message
    return lobby


def _board_messages(w) -> list:
    return [m for m in w.channel.history() if m.attachments and m.attachments[0].filename == "board.png"]


@pytest.mark.slow
async def test_a_solo_game_against_three_computers_from_the_lobby_to_the_final_scores(world, monkeypatch):
    w = world
    lobby = await _lobby_with_computers(w, monkeypatch, 12, ["normal", "normal"])
    # the third through the lobby's menu
    r = await w.alice.select(lobby, ["add-normal"], custom_id=menu(lobby, "coal-menu:bots").custom_id)
    assert r.response.content.startswith("**Coal Baron** lobby (4/4 seats")
    game = await stored(w)
    names = [s.name for s in game.seats]
    assert names == ["alice", "Baron Otto (normal)", "Baroness Ida (normal)", "Baron Karl (normal)"]
    assert [is_computer(s.user_id) for s in game.seats] == [False, True, True, True]
    assert "Baron Otto (normal) (blue)" in r.response.content  # a name, not a mention
    assert "<@" + str(game.seats[1].user_id) + ">" not in r.response.content
    await w.alice.click(lobby, label="Start")
    policy = ScriptedPlayer(w, random.Random(12))
    human_moves = 0
    while True:
        member, what, message = pending_member(w)
        if member is None:
            break
        assert member is w.alice  # only the person is ever pinged
        if what == "pick":
            await policy.pick(member, message)
        else:
            await policy.turn(member)
        human_moves += 1
        assert human_moves < 150, "the game does not end"
    game = await stored(w)
    assert game.status == "finished" and game.state.phase == "over"
    log = await w.bot.store.queries.log(game.id)
    computer_moves = [e for e in log if is_computer(e.user_id)]
    alices = len(log) - len(computer_moves)  # her draw choices are moves of their own
    assert alices >= human_moves and len(computer_moves) > 2 * alices  # three computers, under their own seats
    assert {e.player for e in computer_moves} == set(names[1:])
    # every computer move legal where it was made: the log replays to the stored final state
    assert replay(record_of(game, log)) == game.state
    # consecutive computer moves are ONE message with one board: never more boards than the start,
    # one per human move and one per run of computer moves (at most one run after each human move)
    history = w.channel.history()
    batches = [m for m in history if m.content.startswith("🤖")]
    assert batches and all(m.attachments[0].filename == "board.png" for m in batches)
    assert len(batches) <= alices + 1
    assert any(len(re.findall(r"^🤖", m.content, re.M)) == 3 for m in batches)  # three computers in one message
    assert len(_board_messages(w)) == 1 + alices + len(batches)
    for message in batches:  # never a ping of a computer's reserved id
        assert not any(f"<@{s.user_id}>" in message.content for s in game.seats[1:])
    final = w.channel.last_message.content
    assert final.startswith("**Game over.**") and "Final scores" in final
    # "🤖 … is thinking…" ended alice's messages while the computers thought; each went with their reply (issue 50)
    assert not [m.content for m in history if "is thinking" in m.content]


async def test_bad_input_about_computers_is_refused_privately_and_changes_nothing(world, monkeypatch):
    w = world
    await _lobby_with_computers(w, monkeypatch, 3, ["easy"])
    await w.bob.slash(w.channel, "coal join")
    before = await stored(w)
    r = await w.bob.slash(w.channel, "coal host addbot", level="hard")  # not the host
    await assert_refused(w, r, "Only the host, alice, can seat a computer player.", before=before)
    r = await w.alice.slash(w.channel, "coal host addbot", level="hard")
    r = await w.alice.slash(w.channel, "coal host addbot", level="hard")  # a full table
    full = await stored(w)
    assert len(full.seats) == 4
    await assert_refused(w, r, "The game is full (4 players)", before=full)
    # removing a computer from the lobby's menu: the host only
    lobby = r.response  # any message with the lobby's menu will do: take the latest lobby message
    lobby = next(m for m in reversed(w.channel.history()) if any(c.startswith("coal-menu:bots") for c in custom_ids(m)))
    removable = [o.value for o in menu(lobby, "coal-menu:bots").options if o.value.startswith("remove-")]
    assert len(removable) == 2  # no "add" while the table is full
    r = await w.bob.select(lobby, [removable[0]], custom_id=menu(lobby, "coal-menu:bots").custom_id)
    await assert_refused(w, r, "Only the host, alice, can remove a computer player.", before=full)
    r = await w.alice.select(lobby, [removable[0]], custom_id=menu(lobby, "coal-menu:bots").custom_id)
    assert (await stored(w)).seats[-2:][0].name != "Baron Otto (easy)"
    assert [s.name for s in (await stored(w)).seats] == ["alice", "bob", "Baroness Ida (hard)"]
    await w.alice.slash(w.channel, "coal start")
    running = await stored(w)
    r = await w.alice.slash(w.channel, "coal host addbot", level="easy")  # a running game
    await assert_refused(w, r, "computers take seats in the lobby only", before=running)


@pytest.mark.slow
async def test_a_computer_plays_for_a_player_who_never_acts_and_the_game_ends(world, monkeypatch):
    w = world
    monkeypatch.setattr("games.lobbies.secrets.randbits", lambda bits: 8)
    r = await w.alice.slash(w.channel, "coal new", thread=False, timer="1h")  # absent: computer (the default)
    await w.bob.click(r.response.message, label="Join")
    await w.alice.slash(w.channel, "coal start")
    bob = (await stored(w)).seat_of_user(w.bob.id).name
    policy = ScriptedPlayer(w, random.Random(8))
    expiries = 0
    for _ in range(200):
        game = await stored(w)
        if game.status == "finished":
            break
        if game.to_move_user == w.bob.id:  # bob never acts: the hour runs out
            await w.env.advance_time(HOUR)
            expiries += 1
            continue
        member, what, message = pending_member(w)
        assert member is w.alice
        await (policy.pick(member, message) if what == "pick" else policy.turn(member))
    game = await stored(w)
    assert game.status == "finished"
    said = [m.content for m in w.channel.history() if "Time ran out" in m.content]
    assert said[0] == f"⏰ Time ran out for {bob}: the computer (normal) played for them."
    assert f"the computer plays for {bob} until they take the seat back" in said[2] and len(said) == 3  # keeps it
    assert expiries == 3
    log = await w.bot.store.queries.log(game.id)
    bobs = [e for e in log if e.player == bob]
    assert all(e.auto for e in bobs) and len(bobs) > 20  # all bob's moves: the computer's
    assert replay(record_of(game, log)) == game.state


async def test_the_host_hands_a_seat_to_a_computer_and_gives_it_back_when_asked(world):
    w = world
    await start_game(w, 2, seed=4)
    await fast_forward(w, 6, until=lambda g: g.to_move_user == w.alice.id and g.state.phase == "turn")
    before = await stored(w)
    r = await w.bob.slash(w.channel, "coal host replace", player="alice", level="easy")  # not the host
    await assert_refused(w, r, "Only the host, alice, can hand a seat to a computer.", before=before)
    r = await w.alice.slash(w.channel, "coal host replace", player="carol", level="easy")
    await assert_refused(w, r, "carol is not playing in this game.", before=before)
    r = await w.alice.slash(w.channel, "coal host replace", player="bob", level="easy")
    assert not r.ephemeral and r.response.content.startswith("alice handed the seat of bob to a computer (easy).")
    # alice moves; bob's seat moves at once, by the computer, in one message
    r = await w.alice.slash(w.channel, "coal bank")
    after = await stored(w)
    assert after.to_move_user == w.alice.id or after.state.phase == "over"
    last = w.channel.last_message
    assert last.content.startswith("🤖 bob") and f"<@{w.alice.id}>" in last.content
    # bob asks for the seat back: the host must allow it
    asked = await stored(w)
    r = await w.bob.slash(w.channel, "coal join")
    await assert_refused(w, r, "The host handed your seat to a computer; alice has been asked", before=asked)
    request = w.channel.last_message
    assert "bob asks for their seat back" in request.content and f"<@{w.alice.id}>" in request.content
    r = await w.bob.click(request, label="Give the seat back")
    await assert_refused(w, r, "Only the host, alice, can give a seat back.", before=asked)
    r = await w.alice.click(request, label="Give the seat back")
    assert (await stored(w)).options.stand_ins == {}
    assert w.channel.last_message.content == "bob takes their seat back from the computer."
    # now bob's turns wait for bob again
    await w.alice.slash(w.channel, "coal bank")
    assert (await stored(w)).to_move_user == w.bob.id


def _action_of(command: str) -> str:
    """The action a suggested command plays: "/coal mine steps:6 plan:cage grey, …" -> "mine 6: cage grey, …"."""
    m = re.fullmatch(r"/coal (\w+)(?: \w+:([^ ]+))?(?: plan:(.+))?", command)
    assert m, command
    name, value, plan = m.groups()
    return " ".join(x for x in (name, value) if x) + (f": {plan}" if plan else "")


@pytest.mark.slow
async def test_a_hint_is_shown_only_to_the_asker_and_changes_nothing(world):
    w = world
    # What is shown does not depend on the budget. At the default 1.5 s of CPU a hint once overran SimCord's
    # 5 s wait for the bot to settle, on a machine busy with two duel processes.
    w.bot.computers.expert_seconds = 0.5
    await start_game(w, 2, seed=6)
    game = await fast_forward(w, 8, until=lambda g: g.state.phase == "turn")
    member = w.alice if game.to_move_user == w.alice.id else w.bob
    other = w.bob if member is w.alice else w.alice
    messages = len(w.channel.history())
    r = await member.slash(w.channel, "coal hint")
    assert r.ephemeral and not r.followups and not r.response.content  # a panel of layout components
    lines = panel_text(r.response).splitlines()
    assert lines[0] == "The expert computer's best moves for you now:"
    assert len(lines) == 4
    for rank, line in enumerate(lines[1:], start=1):
        m = re.match(rf"{rank}\. `([^`]+)`: (.+); expected lead at the end: [+-]\d+ VP\. (It|Its|Of the) .+\.$", line)
        assert m, line
        apply(game.state, parse_action(_action_of(m.group(1))))  # each a move open now (a refused one raises)
    assert await stored(w) == game and len(w.channel.history()) == messages  # nothing changed, nothing posted
    r = await other.slash(w.channel, "coal hint")
    await assert_refused(w, r, f"It is the turn of {game.state.to_move}.", before=game)
    # asked again at once: a cooldown, said with a timestamp that counts down by itself (issue 28)
    ready = int(virtual_clock() + COOLDOWNS["hint"])
    r = await member.slash(w.channel, "coal hint")
    await assert_refused(w, r, f"You asked for that a moment ago; you can again <t:{ready}:R>.", before=game)
    await w.env.advance_time(COOLDOWNS["hint"])
    r = await member.slash(w.channel, "coal hint")
    assert r.ephemeral and panel_texts(r.response)[0].startswith("The expert computer's best moves")


@pytest.mark.slow
async def test_sigkill_while_a_computer_thinks_then_it_moves_exactly_once_after_the_restart(tmp_path):
    db = tmp_path / "crash.sqlite3"
    out = subprocess.run(
        [sys.executable, "-m", "tests.bot.crash_think_worker", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == -9, out.stderr[-2000:]
    [line] = [x for x in out.stdout.splitlines() if x.startswith("thinking at v")]
    version = int(line.removeprefix("thinking at v"))  # alice's move: stored, the computer's not yet
    first = create_bot(tmp_path / "other.sqlite3", clock=virtual_clock)  # runs while the world is built
    coal = create_bot(db, clock=virtual_clock)
    try:
        async with simcord.run(first, check_errors=False) as env:
            w = make_world(env, ("alice",))  # as crash_think_worker.py made it
            channel, alice = w.channel, w.alice
            await env.restart_bot(coal)  # the restart after the crash, on the crashed database
            await close_bot(first)
            await coal._reposting  # what the crash left unposted (nothing), then the computer is woken
            await coal.computers.idle()
            await env.settle()
            game = await coal.store.queries.latest_game(channel.id)
            log = await coal.store.queries.log(game.id)
            assert game.version == len(log) == version + 1  # the computer moved once, nothing lost
            assert log[-2].user_id == alice.id and log[-2].action == "bank"
            assert is_computer(log[-1].user_id) and game.to_move_user == alice.id
            assert await coal.store.queries.verify() == [] and not await coal.store.outbox.pending_posts()
            said = [m.content for m in channel.history() if m.author.id == coal.user.id]
            # alice's turn was posted before the crash (in the dead process's channel); here: the computer's, once
            [moved] = said
            assert moved.startswith("🤖 Baron Otto (normal)") and f"<@{alice.id}>, your turn" in moved
            # and the game goes on: alice moves, the computer answers once more
            r = await alice.slash(channel, "coal bank")
            assert not r.ephemeral
            after = await coal.store.queries.latest_game(channel.id)
            assert after.version == game.version + 2 and after.to_move_user == alice.id
    finally:
        await close_bot(coal)


async def test_a_player_who_left_the_server_is_replaced_by_their_seat_name(world):
    """`/coal host replace` names a seat, not a member: a player gone from the server can be replaced
    (issue 28), and autocomplete offers the people's seats of the game, gone or not."""
    w = world
    await start_game(w, 2, seed=4)
    await fast_forward(w, 6, until=lambda g: g.to_move_user == w.alice.id and g.state.phase == "turn")
    w.guild.remove_member(w.bob)
    offered = await w.alice.autocomplete(w.channel, "coal host replace", "player", "")
    assert [o["value"] for o in offered] == ["alice", "bob"]
    assert [o["value"] for o in await w.alice.autocomplete(w.channel, "coal host replace", "player", "BO")] == ["bob"]
    r = await w.alice.slash(w.channel, "coal host replace", player="bob", level="hard")
    assert not r.ephemeral and r.response.content.startswith("alice handed the seat of bob to a computer (hard).")
    assert (await stored(w)).options.stand_ins["bob"].level == "hard"


async def test_pit_offers_every_seat_computers_included(world, monkeypatch):
    """`/coal pit player:` offers the game's seats by name, computers too (issue 24)."""
    w = world
    await _lobby_with_computers(w, monkeypatch, 3, ["easy"])
    await w.alice.slash(w.channel, "coal start")
    offered = await w.bob.autocomplete(w.channel, "coal pit", "player", "")
    assert [o["value"] for o in offered] == ["alice", "Baron Otto (easy)"]
    r = await w.bob.slash(w.channel, "coal pit", player="Baron Otto (easy)")
    assert r.ephemeral and r.response.content == "The pit of Baron Otto (easy):"
    r = await w.bob.slash(w.channel, "coal pit", player="nobody")
    await assert_refused(w, r, "nobody is not playing in this game.")


@pytest.mark.slow
async def test_rematch_from_a_finished_game_with_a_computer_seat(world, monkeypatch):
    """Issue 27: the final scores carry a Rematch button: a new lobby in the channel with the same
    options and the same computer at its level, hosted by whoever pressed it; the other person is
    pinged once and seated only when they press Join; a stranger and a second press are refused."""
    w = world
    await _lobby_with_computers(w, monkeypatch, 5, ["easy"], timer="48h", delivered="all")
    await w.bob.slash(w.channel, "coal join")
    await w.alice.slash(w.channel, "coal start")
    policy = ScriptedPlayer(w, random.Random(5))
    for _ in range(300):
        member, what, message = pending_member(w)
        if member is None:
            break
        await (policy.pick(member, message) if what == "pick" else policy.turn(member))
    old = await stored(w)
    assert old.status == "finished"
    final = w.channel.last_message
    assert final.content.startswith("**Game over.**")
    r = await w.carol.click(final, label="Rematch")
    await assert_refused(w, r, "Only a player of this game can ask for a rematch", before=old)
    r = await w.bob.click(final, label="Rematch")
    assert not r.ephemeral
    assert r.response.content.startswith(
        f"<@{w.bob.id}> asks for a rematch: same options, same computers. <@{w.alice.id}>, press Join"
    )
    pinged = w.env.backend.get_message(w.channel.id, r.response.message.id).ping_user_ids
    assert list(pinged) == [w.alice.id]  # once, her alone
    game = await stored(w)
    assert game.id != old.id and game.status == "lobby" and game.host_id == w.bob.id
    assert [s.name for s in game.seats] == ["bob", "Baron Otto (easy)"]  # alice only when she joins
    assert (game.options.timer, game.options.delivered) == ("48h", "all")
    assert live_ids(w, final) == [  # one rematch per game: its button went
        f"coal:replay:{old.id}:{old.version}:o0",
        f"coal:review:{old.id}:{old.version}:",
    ]
    r = await forge_component(w.alice, final, f"coal:rematch:{old.id}:{old.version}:")
    await assert_refused(w, r, "already has a lobby", before=game)
    await w.alice.click(w.channel.last_message, label="Join")
    assert [s.name for s in (await stored(w)).seats] == ["bob", "Baron Otto (easy)", "alice"]


async def test_a_seat_handed_to_a_computer_is_not_played_by_its_owner(world):
    """Issue 46, item 3: after `/coal host replace player:bob`, bob's own move before the computer has
    made it is refused (it was played and posted as "🤖 bob placed…"); bob's undo too."""
    w = world
    await start_game(w, 2, seed=4)
    game = await fast_forward(w, 30, until=lambda g: g.to_move_user == w.bob.id and g.state.phase == "turn")
    real_think = w.bot.computers.think

    async def slow_think(asked):  # the computer thinks for an hour of the test's clock
        await asyncio.sleep(3600)
        return await real_think(asked)

    w.bot.computers.think = slow_think
    r = await w.alice.slash(w.channel, "coal host replace", player="bob", level="easy")
    assert not r.ephemeral
    handed = await stored(w)
    assert handed.version == game.version and handed.to_move_user == w.bob.id  # the computer has not moved
    r = await w.bob.slash(w.channel, "coal bank")
    await assert_refused(w, r, "A computer plays for you now; `/coal join` takes your seat back.", before=handed)
    r = await w.bob.slash(w.channel, "coal mine", steps=4)  # the console does not open either
    await assert_refused(w, r, "A computer plays for you now", before=handed)
    r = await w.bob.slash(w.channel, "coal undo")
    await assert_refused(w, r, "A computer plays for you now", before=handed)
    await w.env.advance_time(3600)
    await w.bot.computers.idle()
    moved = await stored(w)
    assert moved.version > handed.version
    bobs = [e for e in await w.bot.store.queries.log(moved.id) if e.seq > handed.version and e.player == "bob"]
    assert bobs and all(not e.auto for e in bobs)  # the computer's moves, not the timer's


async def test_only_the_owner_or_the_host_gives_a_seat_back(world):
    """Issue 46, item 4: a Give-back id forged by a spectator (or by another player) does not hand an
    absent player's seat back, which would make the game wait three more timer periods."""
    from .driver import forge_component

    w = world
    await start_game(w, 3, seed=4, timer="1h")
    game = await stored(w)
    await w.bot.manager.hosting.flag_absent(w.channel.id, game.version, "carol")  # the timer took carol's seat
    taken = await stored(w)
    assert "carol" in taken.options.stand_ins
    button = f"coal:giveback:{taken.id}:{taken.version}:{w.carol.id}"
    for presser in (w.dave, w.bob):  # a spectator, a player who is not the host
        r = await forge_component(presser, w.channel.last_message, button)
        await assert_refused(w, r, "Only the host, alice, can give a seat back.", before=taken)
    r = await forge_component(w.carol, w.channel.last_message, button)  # the owner may
    assert (await stored(w)).options.stand_ins == {}


@pytest.mark.slow
async def test_computers_moves_across_a_shift_end_are_posted_as_two_messages_around_its_scoring(world):
    """Issue 46, item 14: consecutive computer moves that cross the end of a shift were one message, its
    board already in the next shift with the scored VP, and only then "Shift N is scored". A message of
    moves never goes past a scoring: the moves of shift N, the scoring, then the moves of N+1."""
    from bot.words.computers import computer_name
    from rules import legal_actions
    from rules.events import Placed

    w = world
    bot, manager, channel = w.bot, w.bot.manager, w.channel.id
    await manager.lobbies.new_game(w.guild.id, channel, w.alice.id, "alice", {"timer": "none"})
    await manager.lobbies.add_computer(channel, w.alice.id, "easy", computer_name)
    game = await manager.lobbies.start(channel, w.alice.id, seed=5)
    posted = []
    real_publish = bot.publisher.publish

    async def publish(result, *args, **kwargs):
        posted.append([e.kind for e in result.events])
        return await real_publish(result, *args, **kwargs)

    bot.publisher.publish = publish
    bot.computers.wake(channel)
    await bot.computers.idle()
    while (game := await manager.games.current(channel)) is not None:
        state = game.state
        if state.to_move != "alice":
            bot.computers.wake(channel)
            await bot.computers.idle()
            continue

        # alice spends her workers as fast as she can: the computer goes on alone at the shift's end
        seat = state.seat_of("alice")
        action = min(legal_actions(state, "alice"), key=lambda a, s=state: apply(s, a)[0].players[seat].workers)
        result = await manager.moves.act(channel, w.alice.id, action, announce=True)
        await bot.publisher.publish(result)
        await bot.computers.idle()
    finished = await w.bot.store.queries.latest_game(channel)
    assert finished.status == "finished"
    entries = await manager.store.queries.log_with_events(finished)  # each with its events
    crossed = 0
    for k, row in enumerate(entries[:-1]):
        if '"shift_scored"' in row.events and row.player != "alice" and entries[k + 1].player != "alice":
            crossed += 1  # a computer ended the shift and began the next one
    assert crossed, "the game did not have a computer's run across a shift end"
    for kinds in posted:
        if "shift_scored" in kinds:
            after = kinds[kinds.index("shift_scored") :]
            assert Placed.model_fields["kind"].default not in after, kinds  # no move after the scoring


@pytest.mark.slow
async def test_when_everyone_is_away_the_computers_play_on_in_messages_discord_takes(world):
    """Found by issue 47's retention test: two people who never act get their seats taken by the timer's
    computer, which then played the rest of the game in one run, posted as one message over Discord's 2 000
    characters; Discord refused it again and again and the game was stuck. A message holds a few moves."""
    w = world
    await start_game(w, 2, seed=4, timer="1h", absent="computer")
    for _hour in range(24 * 4):
        await w.env.advance_time(HOUR)
        await w.bot.computers.idle()
        if (await stored(w)).status == "finished":
            break
    game = await stored(w)
    assert game.status == "finished"
    ours = [m for m in w.channel.history() if m.author.id == w.bot.user.id]
    assert max(len(m.content) for m in ours) <= 2000
    async with w.bot.store.backend.read() as tx:
        assert (await tx.fetch("SELECT count(*) FROM outbox WHERE attempts > 0", ()))[0][0] == 0  # none refused
    assert await w.bot.store.outbox.pending_posts(game.id) == []


@pytest.mark.slow
async def test_the_expert_thinks_and_hints_within_the_operators_budget(world, monkeypatch):
    """Issue 53: EXPERT_SECONDS is the expert's CPU budget for its moves and for `/coal hint` (the other
    levels are unchanged); the budget reaches the worker process that thinks."""
    w = world
    w.bot.computers.expert_seconds = 0.2
    asked: list[tuple] = []  # (the function run in the worker, its arguments but the view and the seed)
    real_run = w.bot.computers.workers.run

    async def run(fn, *args, **kwargs):
        asked.append((fn.__name__, *(args[:1] if fn.__name__ == "think" else args[2:])))
        return await real_run(fn, *args, **kwargs)

    monkeypatch.setattr(w.bot.computers.workers, "run", run)
    await _lobby_with_computers(w, monkeypatch, 3, ["expert", "easy"])
    await w.alice.slash(w.channel, "coal start")
    await w.bot.computers.idle()
    r = await w.alice.slash(w.channel, "coal hint")
    assert r.ephemeral and panel_texts(r.response)[0].startswith("The expert computer's best moves")
    assert ("advise", 3, 0.2) in asked  # the hint: three moves, the operator's budget
    for _ in range(20):  # alice's random moves until each computer has moved
        if {("think", "expert@0.2"), ("think", "easy")} <= set(asked):
            break
        game = await stored(w)
        if game.to_move_user == w.alice.id:
            await fast_forward(w, 1)
        w.bot.computers.wake(w.channel.id)
        await w.bot.computers.idle()
    assert ("think", "expert@0.2") in asked  # the expert moved with the operator's budget
    assert ("think", "easy") in asked  # the other levels as they are
    assert not any(call[0] == "think" and call[1] == "expert" for call in asked)
