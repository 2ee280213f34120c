"""Moves through the manager: who may move, what the rules refuse, what is stored and returned."""

from __future__ import annotations

import re

import pytest

import rules
from bot.play.turns import typed
from bot.words.rules import describe_events, explain
from games.errors import IllegalMove, NoGameHere, NotSeated, NotStarted, NotYourTurn, StaleAction
from rules.record import Chooser, random_action
from tests.games.test_lobby import refused
from tests.storage.helpers import NAMES, OUTSIDER, USERS, lobby, play, started


@pytest.mark.slow
async def test_a_move_is_applied_stored_and_returned_with_its_events(manager, store):
    game = await started(manager, 1, players=3, seed=5)
    mover = game.to_move_user
    expected_state, expected_events = rules.apply(game.state, rules.parse_action("draft 2"))
    result = await manager.moves.act(1, mover, rules.parse_action("  DRAFT   2 "))
    assert result.state == expected_state and result.events == expected_events
    assert result.version == 1 and result.game.version == 1
    assert await store.queries.load_game(game.id) == result.game == await manager.games.current(1)
    [stored] = await store.queries.log(game.id)
    assert (stored.user_id, stored.player, stored.action) == (mover, game.state.to_move, "draft 2")
    assert not stored.events  # the log keeps the action, not its events twice (issue 26)...
    [entry] = await manager.store.queries.log_with_events(
        result.game
    )  # ...which replay to the events themselves, when read
    # (words are made when read, in the reader's language)
    assert rules.EVENTS.validate_json(entry.events) == expected_events
    words = describe_events(rules.EVENTS.validate_json(entry.events))
    assert re.fullmatch(rf"{game.state.to_move} drafted [A-Z][a-z]+ \d+ VP \([a-z]+(, [a-z]+)*\)\.", words)
    # Any action object of the rules, as the legal moves list them.
    action = rules.legal_actions(result.state)[0]
    assert (await manager.moves.act(1, result.game.to_move_user, action)).state == rules.apply(result.state, action)[0]


@pytest.mark.slow
async def test_a_game_played_to_the_end_leaves_the_channel_free(manager, store):
    await started(manager, 1, players=4, seed=8)
    results = await play(manager, 1, None, Chooser(8))
    last = results[-1]
    assert last.game.status == "finished" and last.state.phase == "over"
    assert last.events[-1].kind == "game_over"
    assert [r.version for r in results] == list(range(1, len(results) + 1))
    assert await manager.games.current(1) is None
    assert await manager.games.latest(1) == last.game == await store.queries.load_game(last.game.id)
    with pytest.raises(NoGameHere):
        await manager.moves.act(1, USERS[0], rules.UseBank())
    assert (await manager.lobbies.new_game(1, 1, USERS[1], "Bob")).status == "lobby"


async def test_not_started(manager, target):
    await lobby(manager, 1)
    await refused(
        target,
        NotStarted,
        "The game has not started yet; the host starts it with `/coal start`.",
        manager.moves.act(1, USERS[0], rules.DraftPick(card=1)),
    )


async def test_not_your_turn(manager, target):
    game = await started(manager, 1, players=3)
    waiting = next(s for s in game.seats if s.name != game.state.to_move)
    await refused(
        target,
        NotYourTurn,
        f"It is the turn of {game.state.to_move}.",
        manager.moves.act(1, waiting.user_id, rules.DraftPick(card=1)),
    )
    await refused(
        target,
        NotSeated,
        f"You are not playing in this game; it is the turn of {game.state.to_move}.",
        manager.moves.act(1, OUTSIDER, rules.DraftPick(card=1)),
    )


async def test_illegal_moves_carry_the_rules_reason(manager, target):
    game = await started(manager, 1)
    mover = game.to_move_user
    for text in ("bank", "draft 99"):
        action = rules.parse_action(text)
        try:
            rules.apply(game.state, action)
        except rules.Refusal as err:
            reason = explain(err)
        await refused(target, IllegalMove, reason, manager.moves.act(1, mover, action))
    # Text that is not a move never reaches the manager: it is refused where it is read (bot.play.turns.typed),
    # with the rules' reason (tests/bot/test_turns.py: after whose turn it is).
    for text in ("mine 7", "dig for gold"):
        unread = typed(text)
        assert isinstance(unread, rules.Refusal)
        reason = explain(unread)
    assert reason.startswith("I can't read `dig for gold`")
    await play(manager, 1, 20, Chooser(1))  # into the shifts
    game = await manager.games.current(1)
    await refused(
        target, IllegalMove, "The draft is over.", manager.moves.act(1, game.to_move_user, rules.DraftPick(card=1))
    )


async def test_a_move_for_an_old_version_is_refused(manager, target):
    game = await started(manager, 1)
    await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)), expected_version=0)
    game = await manager.games.current(1)
    await refused(
        target,
        StaleAction,
        "That no longer applies: the game has moved on.",
        manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)), expected_version=0),
    )
    result = await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)), expected_version=1)
    assert result.version == 2


async def test_a_timer_move_is_marked_and_counted(manager, store):
    game = await started(manager, 1)
    mover = game.to_move_user
    result = await manager.moves.act(1, mover, random_action(game.state, Chooser(2)), auto=True)
    assert result.game.seat_of_user(mover).missed == 1
    assert (await store.queries.log(game.id))[-1].auto is True
    assert NAMES[:2] == [s.name for s in result.game.seats]
