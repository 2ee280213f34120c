"""The Store: one transaction per turn, version checks, the append-only log, queries, records.

Every test here runs on both backends (the `target` and `store` fixtures, see conftest.py).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from games.manager import GameManager
from rules import apply, parse_action
from rules.record import Chooser, GameRecord, random_action, replay
from storage import GameSettings, PlayerStats, Post, StaleState, Store
from tests.storage.helpers import GUILD, NAMES, USERS, lobby, play, started


async def _next(store: Store, game, chooser: Chooser | None = None, **kw):
    """Save one random legal move of `game` straight through the Store."""
    action = random_action(game.state, chooser or Chooser(game.version))
    state, events = apply(game.state, action)
    player = game.state.to_move
    saved = await store.save_turn(
        game, state, user_id=game.user_of_player(player), player=player, action=str(action), **kw
    )
    return saved, action, events


async def test_a_turn_stores_snapshot_log_row_and_version_together(store, manager, target):
    game = await started(manager, 1, players=3)
    saved, action, _ = await _next(store, game)
    assert saved.version == 1 == saved.state.turn
    loaded = await store.queries.load_game(game.id)
    assert loaded == saved
    [entry] = await store.queries.log(game.id)
    assert (entry.seq, entry.player, entry.action, entry.events) == (1, game.state.to_move, str(action), "")
    assert entry.user_id == game.user_of_player(game.state.to_move)
    rows = await target.rows()
    assert [r[8] for r in rows["games"]] == [1]  # version column


async def test_a_write_over_a_stale_version_is_refused_and_changes_nothing(store, manager, target):
    game = await started(manager, 1)
    first, _, _ = await _next(store, game)
    before = await target.rows()
    with pytest.raises(StaleState, match="no longer at version 0"):
        await _next(store, game, Chooser(99))  # computed from version 0 again
    assert await target.rows() == before
    second, _, _ = await _next(store, first)  # from the stored version it works
    assert second.version == 2
    aborted = await store.abort_game(second)
    before = await target.rows()
    with pytest.raises(StaleState):
        await _next(store, second)  # the right version, but the game is no longer running
    assert await target.rows() == before and aborted.status == "aborted"


async def test_a_turn_that_fails_halfway_leaves_no_trace(store, manager, target):
    game = await started(manager, 1)
    await target.refuse_inserts_into("actions", "injected")
    before = await target.rows()
    with pytest.raises(Exception, match="injected"):
        await _next(store, game, outbox=[Post("turn", {"n": 1})])  # the games row was updated first
    assert await target.rows() == before
    if target.kind == "sqlite":
        assert not store.connection.in_transaction
    await target.allow_inserts_into("actions")
    saved, _, _ = await _next(store, game)
    assert saved.version == 1 and len(await store.queries.log(game.id)) == 1


async def test_the_action_log_is_append_only(store, manager, target):
    game = await started(manager, 1)
    await _next(store, game)
    statements = ["UPDATE actions SET action = 'bank'", "DELETE FROM actions"]
    if target.kind == "postgresql":
        statements.append("TRUNCATE actions")
    for sql in statements:
        with pytest.raises(Exception, match="append-only"):
            await target.execute(sql)
    assert len(await store.queries.log(game.id)) == 1


async def test_the_database_itself_allows_one_open_game_per_channel(store, manager, target):
    await lobby(manager, 7)
    with pytest.raises(StaleState, match="already has a game"):
        await store.create_game(GUILD, 7, USERS[1], "Bob", GameSettings())
    with pytest.raises(Exception, match="(?i)unique"):
        await target.execute(
            "INSERT INTO games (guild_id, channel_id, status, options, host_id, created_at, updated_at)"
            " VALUES (1, 7, 'lobby', '{}', 5, 0, 0)"
        )


async def test_queries_for_channels_and_start_up(store, manager):
    a = await lobby(manager, 1)  # lobby
    b = await started(manager, 2)  # active
    c = await started(manager, 3)  # finished
    await play(manager, 3, None, Chooser(1))
    d = await started(manager, 4)  # aborted
    await manager.lobbies.abort(4, USERS[0])
    assert (await store.queries.open_game(1)).id == a.id
    assert [g.channel_id for g in await store.queries.games(("active",))] == [2]
    assert await store.queries.open_game(3) is None and await store.queries.open_game(4) is None
    assert [g.id for g in await store.queries.open_games()] == [a.id, b.id]
    assert [g.id for g in await store.queries.games(("active",))] == [b.id]
    assert (await store.queries.latest_game(3)).status == "finished"
    assert (await store.queries.latest_game(4)).id == d.id
    assert await store.queries.latest_game(5) is None
    assert {g.id: g.status for g in await store.queries.games()} == {
        a.id: "lobby",
        b.id: "active",
        c.id: "finished",
        d.id: "aborted",
    }


@pytest.mark.slow
async def test_history_and_stats_of_a_server(store, manager):
    finals = {}
    for channel, players, seed in ((1, 2, 1), (2, 3, 2), (3, 4, 3)):
        await started(manager, channel, players=players, seed=seed)
        finals[channel] = (await play(manager, channel, None, Chooser(seed)))[-1].game
    other = await manager.lobbies.new_game(GUILD + 1, 9, USERS[0], NAMES[0])  # another server
    await manager.lobbies.join(9, USERS[1], NAMES[1])
    await manager.lobbies.start(9, USERS[0], seed=4)
    await play(manager, 9, None, Chooser(4))
    await started(manager, 4)  # still running: not history

    history = await store.queries.finished_games(GUILD)
    assert [h.game_id for h in history] == [finals[3].id, finals[2].id, finals[1].id]  # newest first
    for h in history:
        game = next(g for g in finals.values() if g.id == h.game_id)
        assert h.scores == tuple((p.name, s.user_id, p.vp) for p, s in zip(game.state.players, game.seats, strict=True))
        assert h.winners == tuple(game.state.players[i].name for i in game.state.winners)
    assert [h.game_id for h in await store.queries.finished_games(GUILD, limit=1)] == [finals[3].id]
    assert [h.game_id for h in await store.queries.finished_games(GUILD + 1)] == [other.id]

    vps = [g.state.players[0].vp for g in finals.values()]
    wins = sum(0 in g.state.winners for g in finals.values())
    assert await store.queries.player_stats(GUILD, USERS[0]) == PlayerStats(3, wins, sum(vps) / 3, max(vps))
    assert await store.queries.player_stats(GUILD, 555) == PlayerStats(0, 0, 0.0, 0)


@pytest.mark.slow
async def test_the_exported_record_replays_with_the_rules_command_line(store, manager, tmp_path):
    await started(manager, 1, players=4, seed=42, options={"delivered": "all"})
    final = (await play(manager, 1, None, Chooser(42)))[-1].game
    record = await store.queries.game_record(final.id)
    assert record.seed == 42 and record.players == NAMES and record.options.delivered == "all"
    path = tmp_path / "record.json"
    path.write_text(record.model_dump_json())
    out = subprocess.run(
        [sys.executable, "-m", "rules", "replay", str(path)], capture_output=True, text=True, check=True
    )
    result = json.loads(out.stdout)
    assert result["over"] is True
    assert result["scores"] == {p.name: p.vp for p in final.state.players}
    assert GameRecord.model_validate_json(path.read_text()) == record
    assert await store.queries.game_record((await lobby(manager, 2)).id) is None  # a lobby has no record yet


@pytest.mark.slow
async def test_every_game_in_the_database_replays_to_its_stored_state(store, manager, target):
    for channel in range(1, 13):
        players = 2 + channel % 3
        await started(manager, channel, players=players, seed=channel)
        await play(manager, channel, None if channel % 4 == 0 else channel * 9, Chooser(channel))
        if channel % 5 == 0:
            await manager.lobbies.abort(channel, USERS[0])
    await lobby(manager, 20)
    games = await store.queries.games()
    assert {g.status for g in games} == {"lobby", "active", "finished", "aborted"}
    checked = 0
    for game in games:
        record = await store.queries.game_record(game.id)
        if game.status == "lobby":
            assert record is None
            continue
        assert len(record.actions) == game.version
        assert replay(record) == game.state
        checked += 1
    assert checked == 12
    assert await store.queries.verify() == []

    # The check is not vacuous: a snapshot edited behind the log's back is found.
    if target.kind == "sqlite":
        await target.execute("UPDATE games SET state = json_set(state, '$.players[0].marks', 99) WHERE id = 2")
    else:
        await target.execute("UPDATE games SET state = jsonb_set(state::jsonb, '{players,0,marks}', '99') WHERE id = 2")
    assert await store.queries.verify() == ["game 2: the log replays to a different state than the stored one"]


async def test_timer_fields_deadline_and_missed_turns(target):
    now = [1000.0]
    async with Store(target.url, clock=lambda: now[0]) as store:
        manager = GameManager(store)
        game = await started(manager, 1, options={"timer": "1h"})
        assert game.deadline == 1000.0 + 3600
        mover = game.state.to_move
        game, _, _ = await _next(store, game, auto=True, deadline=5.0)
        assert game.seat_of_user(game.user_of_player(mover)).missed == 1
        assert (await store.queries.log(game.id))[-1].auto is True
        assert (await store.queries.load_game(game.id)) == game  # the missed count and deadline are stored
        assert game.deadline == 5.0
        while game.state.to_move != mover:
            game, _, _ = await _next(store, game)
        game, _, _ = await _next(store, game, auto=True)
        assert game.seat_of_user(game.user_of_player(mover)).missed == 2
        while game.state.to_move != mover:
            game, _, _ = await _next(store, game)
        game, _, _ = await _next(store, game)  # the player's own move resets the count
        assert game.seat_of_user(game.user_of_player(mover)).missed == 0
        assert (await store.queries.load_game(game.id)) == game
        now[0] = 2000.0
        manager = GameManager(store)  # the writes above went around the first manager's cache
        await manager.open()
        result = await manager.moves.act(1, game.to_move_user, random_action(game.state, Chooser(1)))
        assert result.game.deadline == 2000.0 + 3600
        last = (await play(manager, 1, None, Chooser(2)))[-1].game
        assert last.status == "finished" and last.deadline is None


async def test_the_latest_log_entries(store, manager):
    game = await started(manager, 1)
    await play(manager, 1, 12, Chooser(5))
    full = await store.queries.log(game.id)
    assert [e.seq for e in full] == list(range(1, 13))
    assert await store.queries.log(game.id, last=3) == full[-3:]
    assert [parse_action(e.action) for e in full]  # stored in the rules' text form; the events are
    assert not any(e.events for e in full)  # not stored twice (issue 26): the manager replays them
    replayed = await manager.store.queries.log_with_events(await store.queries.load_game(game.id))
    assert [e.seq for e in replayed] == list(range(1, 13)) and all(e.events for e in replayed)
    assert await manager.store.queries.log_with_events(await store.queries.load_game(game.id), last=3) == replayed[-3:]


async def test_two_stores_racing_on_one_version_store_it_once(store, manager, target):
    """As two bot processes would: each has its own connection(s); the stored version decides."""
    game = await started(manager, 1)
    async with Store(target.url) as elsewhere:
        chooser_a, chooser_b = Chooser(1), Chooser(2)
        outcomes = await asyncio.gather(
            *(
                _next(s, game, c)
                for s, c in ((store, chooser_a), (elsewhere, chooser_b), (store, chooser_b), (elsewhere, chooser_a))
            ),
            return_exceptions=True,
        )
        saved = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(saved) == 1, outcomes
        assert all(isinstance(o, StaleState) for o in outcomes if o not in saved)
        assert [e.seq for e in await elsewhere.queries.log(game.id)] == [1]
        assert (await store.queries.load_game(game.id)) == saved[0][0]
        assert await elsewhere.queries.verify() == []
