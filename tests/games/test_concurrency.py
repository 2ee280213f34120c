"""Many requests at once: one game judges them one at a time; channels never wait on each other."""

from __future__ import annotations

import asyncio
import random

import pytest

import rules
from games.errors import GameError, IllegalMove, NotSeated, NotYourTurn
from games.manager import TurnResult
from rules.record import Chooser, random_action
from tests.storage.helpers import OUTSIDER, USERS, play, started

GUESSES = [f"draft {k}" for k in range(1, 8)] + [
    "bank",
    "money 4",
    "money 6",
    "mine 6",
    "mine 10",
    "order 1",
    "order draw",
    "factory 1",
    "factory draw",
    "deliver truck",
    "keep none, rest bottom",
    "keep 1, rest top",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
async def test_100_concurrent_moves_on_one_game_equal_the_accepted_ones_in_order(manager, store, seed):
    game = await started(manager, 1, players=2, seed=seed)
    start_state = game.state
    rng = random.Random(seed)
    # The moves of one random game, in order, among noise: wrong users, guesses, nonsense.
    # A guess that happens to be legal changes the line, and the later moves are refused.
    line, state, chooser = [], start_state, Chooser(seed)
    while len(line) < 40:
        action = random_action(state, chooser)
        line.append((game.user_of_player(state.to_move), str(action)))
        state, _ = rules.apply(state, action)
    calls = []
    for move in line:
        calls += [(rng.choice(USERS[:2] + [OUTSIDER]), rng.choice(GUESSES)) for _ in range(rng.choice((1, 1, 2)))]
        calls.append(move)
    calls = (calls + [(rng.choice(USERS[:2] + [OUTSIDER]), rng.choice(GUESSES)) for _ in range(100)])[:100]
    outcomes = await asyncio.gather(
        *(manager.moves.act(1, user, rules.parse_action(text)) for user, text in calls), return_exceptions=True
    )

    accepted = [(k, out) for k, out in enumerate(outcomes) if isinstance(out, TurnResult)]
    refusals = [out for out in outcomes if not isinstance(out, TurnResult)]
    assert all(isinstance(r, GameError) for r in refusals), refusals
    assert {type(r) for r in refusals} >= {NotYourTurn, NotSeated, IllegalMove}
    assert len(accepted) >= 10
    # Judged one at a time, in the order they arrived: versions 1..n in call order.
    assert [out.version for _, out in accepted] == list(range(1, len(accepted) + 1))

    state = start_state
    for k, out in accepted:
        user, text = calls[k]
        assert game.user_of_player(state.to_move) == user
        state, events = rules.apply(state, rules.parse_action(text))
        assert out.state == state and out.events == events
    stored = await store.queries.load_game(game.id)
    assert stored.state == state == (await manager.games.current(1)).state
    assert stored.version == len(accepted)
    assert [e.action for e in await store.queries.log(game.id)] == [
        str(rules.parse_action(calls[k][1])) for k, _ in accepted
    ]
    assert await store.queries.verify() == []


@pytest.mark.slow
async def test_50_games_in_50_channels_progress_together(manager, store):
    channels = range(100, 150)
    for ch in channels:
        await started(manager, ch, players=2 + ch % 3, seed=ch)
    turns = 12
    done = {ch: 0 for ch in channels}
    spread = []  # after each move anywhere: how far apart the fastest and slowest game are

    async def player(ch: int) -> None:
        chooser = Chooser(ch)
        for _ in range(turns):
            game = await manager.games.current(ch)
            await manager.moves.act(ch, game.to_move_user, random_action(game.state, chooser))
            done[ch] += 1
            spread.append(max(done.values()) - min(done.values()))

    await asyncio.gather(*(player(ch) for ch in channels))
    assert set(done.values()) == {turns}
    # Interleaved, not one game after another (which would give a spread of `turns`).
    assert max(spread) <= 2
    assert {g.version for g in await store.queries.games(("active",))} == {turns}
    assert await store.queries.verify() == []


async def test_a_busy_game_does_not_hold_up_another_channel(manager):
    a = await started(manager, 1, seed=1)
    b = await started(manager, 2, seed=2)
    busy = manager.games.lock(1)  # channel 1 is in the middle of something slow
    await busy.__aenter__()
    try:
        waiting = asyncio.create_task(manager.moves.act(1, a.to_move_user, random_action(a.state, Chooser(1))))
        other = await asyncio.wait_for(manager.moves.act(2, b.to_move_user, random_action(b.state, Chooser(2))), 5)
        assert other.version == 1
        await asyncio.sleep(0.05)
        assert not waiting.done()
    finally:
        await busy.__aexit__(None, None, None)
    assert (await asyncio.wait_for(waiting, 5)).version == 1


async def test_moves_and_lobby_requests_in_one_channel_are_serialised(manager, store):
    """A burst of joins: never more than 4 seats, each user once, whatever the interleaving."""
    await manager.lobbies.new_game(1, 1, USERS[0], "Alice")
    joiners = [(1000 + k % 7, f"P{k % 7}") for k in range(30)]
    outcomes = await asyncio.gather(*(manager.lobbies.join(1, u, n) for u, n in joiners), return_exceptions=True)
    assert all(isinstance(o, GameError) for o in outcomes if not hasattr(o, "seats"))
    game = await store.queries.open_game(1)
    assert [s.user_id for s in game.seats] == [USERS[0], 1000, 1001, 1002]
    game = await manager.lobbies.start(1, USERS[0], seed=5)
    results = await play(manager, 1, 10, Chooser(5))
    assert [r.version for r in results] == list(range(1, 11))
