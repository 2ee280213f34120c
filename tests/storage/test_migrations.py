"""Upgrading a database: every schema version from 1 on, with real games in it, to the latest; the games
continue, nothing is lost, and the upgraded file has a new file's schema.

The schema's own checks (a new file, files we refuse) are in test_schema.py; PostgreSQL's in test_pg_schema.py.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from games.manager import GameManager
from rules import GameState
from rules.record import Chooser
from storage import (
    SCHEMA_VERSION,
    Brief,
    PlayerSettings,
    Store,
)
from tests.storage.helpers import NAMES, USERS, db_rows, play, started

# The columns version 1 shipped with. A released version is never edited: changes go in a
# new migration, and this test says so if someone edits `_to_v1` instead.
from tests.storage.schema_helpers import (
    V1_COLUMNS,
    V2_ADDED,
    V3_ADDED,
    V7_ADDED,
    V9_DROPPED,
    back_to,
    equal_to_fresh,
    kept,
    make_v1,
    make_version,
    pragma,
    table_columns,
)


async def test_version_1_database_is_upgraded_and_its_games_continue(tmp_path):
    path = tmp_path / "old.sqlite3"
    make_v1(path)
    # A game played under version 1: rows written the way version 1 wrote them.
    async with Store(tmp_path / "scratch.sqlite3") as scratch:
        manager = GameManager(scratch)
        await started(manager, 5, players=3, seed=11)
        await play(manager, 5, 30, Chooser(3))
    src = sqlite3.connect(tmp_path / "scratch.sqlite3")
    dst = sqlite3.connect(path)
    v1 = ", ".join(V1_COLUMNS["games"])
    dst.executemany(f"INSERT INTO games ({v1}) VALUES ({', '.join('?' * 11)})", src.execute(f"SELECT {v1} FROM games"))
    for table in ("seats", "actions"):
        cols = ", ".join(V1_COLUMNS[table])
        marks = ", ".join("?" * len(V1_COLUMNS[table]))
        dst.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", src.execute(f"SELECT {cols} FROM {table}"))
    dst.commit()
    dst.close()
    src.close()
    before = db_rows(path)

    async with Store(path) as store:
        assert store.found_version == 1
        assert await store.queries.verify() == []
        after = db_rows(path)
        # Old rows kept, each with the new columns at their defaults.
        assert [r[:11] for r in after["games"]] == before["games"]
        assert [r[11:13] for r in after["games"]] == [(None, 0)]
        # and who is to move, read once out of the rules' JSON by version 7's migration
        assert [r[13] for r in after["games"]] == [GameState.model_validate_json(r[7]).to_move for r in before["games"]]
        assert [r[:5] for r in after["seats"]] == before["seats"]
        assert {r[5] for r in after["seats"]} == {0}
        assert [r[:6] for r in after["actions"]] == before["actions"]
        assert {r[6:] for r in after["actions"]} == {(0,)}  # auto; version 9 took summary away
        manager = GameManager(store)
        await manager.open()
        results = await play(manager, 5, 5, Chooser(4))
        assert results[-1].version == 35
        assert (await manager.store.queries.log_with_events(results[-1].game, last=1))[
            0
        ].events  # events for the log, replayed
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION

    # The upgraded schema is the one a new database gets: same tables, columns, indexes, triggers.
    columns, _ = await equal_to_fresh(path, tmp_path)
    for t, cols in V2_ADDED.items():
        expected = V1_COLUMNS[t] + cols + V3_ADDED[t] + V7_ADDED[t]
        assert [c[1] for c in columns[t]] == [c for c in expected if c not in V9_DROPPED[t]]


V2_COLUMNS = {t: V1_COLUMNS[t] + V2_ADDED[t] for t in V1_COLUMNS}


@pytest.mark.slow
async def test_version_2_database_with_real_games_is_upgraded_to_final_score_columns_and_an_outbox(tmp_path):
    # Games of every status played by today's code, then written into a version 2 file the
    # way version 2 stored them: no final-score columns, no outbox.
    scratch_path = tmp_path / "scratch.sqlite3"
    async with Store(scratch_path) as scratch:
        manager = GameManager(scratch)
        for channel, players in ((1, 2), (2, 3), (3, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await started(manager, 5, players=2, seed=5)
        await manager.lobbies.abort(5, USERS[0])  # aborted
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        history = await scratch.queries.finished_games(1)
        stats = {u: await scratch.queries.player_stats(1, u) for u in USERS}
    assert len(history) == 3
    assert all(h.winners for h in history)

    path = tmp_path / "v2.sqlite3"
    make_version(path, 2)
    src, dst = sqlite3.connect(scratch_path), sqlite3.connect(path)
    for table, cols in V2_COLUMNS.items():
        names = ", ".join(cols)
        marks = ", ".join("?" * len(cols))
        read = ", ".join("NULL" if c in V9_DROPPED[table] else c for c in cols)  # (today's file has none)
        dst.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", src.execute(f"SELECT {read} FROM {table}"))
    dst.commit()
    dst.close()
    src.close()
    before = db_rows(path)
    assert len(before["seats"][0]) == 6  # version 2 seats: no vp, no won

    async with Store(path) as store:
        assert store.found_version == 2
        # The final scores were read out of the rules' JSON once, by the migration; from now
        # on history and stats are answered from the columns, exactly as before.
        assert await store.queries.finished_games(1) == history
        for user in USERS:
            assert await store.queries.player_stats(1, user) == stats[user]
        finished = {g.id: g for g in await store.queries.games(("finished",))}
        for game in finished.values():
            assert [(s.vp, s.won) for s in game.seats] == [
                (p.vp, i in game.state.winners) for i, p in enumerate(game.state.players)
            ]
        others = await store.queries.games(("lobby", "active", "aborted"))
        assert {s.vp for g in others for s in g.seats} == {None}
        assert await store.outbox.pending_posts() == []
        assert await store.queries.verify() == []
        after = db_rows(path)
        assert [r[:6] for r in after["seats"]] == before["seats"]
        assert kept(after, before) == before

        # The running game goes on to its end; its final scores are written with the last turn.
        manager = GameManager(store)
        await manager.open()
        last = (await play(manager, 4, None, Chooser(9)))[-1].game
        assert last.status == "finished"
        assert [(s.vp, s.won) for s in last.seats] == [
            (p.vp, i in last.state.winners) for i, p in enumerate(last.state.players)
        ]
        assert await store.queries.load_game(last.id) == last
        assert [h.game_id for h in await store.queries.finished_games(1)][0] == last.id
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14

    columns, objects = await equal_to_fresh(path, tmp_path)
    assert "outbox" in columns and ("view", "turns", "turns") not in objects


async def test_version_3_database_with_real_games_gets_the_ladders_and_its_finished_games_rated(tmp_path):
    # Games of every status played by today's code in a version 3 file (version 4 only adds the
    # ladder's tables): the upgrade keeps them as they are, and the first start rates the finished
    # ones, oldest first, so the server's ladder starts with its history.
    path = tmp_path / "v3.sqlite3"
    make_version(path, 3)
    async with Store(path) as store:
        assert store.found_version == 3  # upgraded here, new tables empty: now fill it as v3 would
    back_to(path, 3)
    async with Store(path) as store:
        assert store.found_version == 3
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 3), (3, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        # what a version 3 bot would have left: the games, no ratings
        await store.connection.execute("DELETE FROM ratings")
        await store.connection.execute("DELETE FROM rating_changes")
        await store.connection.commit()
        history = await store.queries.finished_games(1)
    back_to(path, 3)
    before = db_rows(path)

    async with Store(path) as store:
        assert store.found_version == 3
        after = db_rows(path)
        assert kept(after, before) == before  # games, seats, log, outbox untouched
        manager = GameManager(store)
        await manager.open()  # rates the three finished games
        assert await store.queries.finished_games(1) == history
        rated = await store.ladders.leaderboard(1, limit=10)
        assert {r.user_id for r in rated} == set(USERS[:4]) and {r.games for r in rated} >= {1, 3}
        assert sum(r.games for r in rated) == 2 + 3 + 4
        assert await manager.ladders.rate_finished() == 0  # once only
        # the running game goes on to its end and is rated with its last move
        await manager.open()
        await play(manager, 4, None, Chooser(9))
        assert sum(r.games for r in await store.ladders.leaderboard(1, limit=10)) == 2 + 3 + 4 + 2
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14


async def test_version_4_database_with_real_games_gets_personal_settings_with_everyone_on_the_defaults(tmp_path):
    # Games of every status, rated, in a version 4 file (version 5 only adds player_settings): the
    # upgrade keeps every row as it was; nobody has a row, so everyone has the defaults; a change
    # is stored and read back; the running game goes on to its end.
    path = tmp_path / "v4.sqlite3"
    make_version(path, 4)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 3)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished and rated
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        ladder = await store.ladders.leaderboard(1, limit=10)
    back_to(path, 4)
    before = db_rows(path)
    assert "player_settings" not in table_columns(sqlite3.connect(path))

    async with Store(path) as store:
        assert store.found_version == 4
        after = db_rows(path)
        assert kept(after, before) == before  # games, seats, log, outbox untouched
        assert await store.ladders.leaderboard(1, limit=10) == ladder
        manager = GameManager(store)
        await manager.open()
        everyone = await manager.people.settings_of(USERS[:4])
        assert everyone == {u: PlayerSettings(u) for u in USERS[:4]}
        assert everyone[USERS[0]].ping == "mention" and everyone[USERS[0]].reminder
        assert everyone[USERS[0]].images == "every" and everyone[USERS[0]].dm_refused == "no"
        changed = await manager.people.change_settings(USERS[1], ping="dm", images="mine", language="it")
        assert (await manager.people.settings_of([USERS[1]]))[USERS[1]] == changed
        await play(manager, 4, None, Chooser(9))
        assert (await manager.games.current(4)) is None  # finished
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14

    await equal_to_fresh(path, tmp_path)


async def test_a_setting_outside_its_choices_is_refused_by_the_database(tmp_path):
    async with Store(tmp_path / "db.sqlite3") as store:
        with pytest.raises(sqlite3.IntegrityError):
            await store.preferences.save_player_settings(PlayerSettings(5, ping="shout"))  # type: ignore[arg-type]
        assert await store.preferences.player_settings([5]) == {5: PlayerSettings(5)}


async def test_version_5_database_gets_server_defaults_and_notes_with_its_games_untouched(tmp_path):
    # Version 6 only adds server_defaults and bot_state: every row is kept; no server has defaults
    # until one is set; a default and a note are stored and read back; the running game goes on.
    path = tmp_path / "v5.sqlite3"
    make_version(path, 5)
    async with Store(path) as store:
        manager = GameManager(store)
        await started(manager, 4, players=2, seed=4)
        await play(manager, 4, 25, Chooser(4))  # running
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
    back_to(path, 5)
    before = db_rows(path)
    assert "server_defaults" not in table_columns(sqlite3.connect(path))

    async with Store(path) as store:
        assert store.found_version == 5
        after = db_rows(path)
        assert kept(after, before) == before
        assert await store.preferences.server_defaults(1) == {}
        await store.preferences.save_server_defaults(1, {"timer": "12h", "language": "it"}, by=USERS[0])
        assert await store.preferences.server_defaults(1) == {"language": "it", "timer": "12h"}
        assert await store.preferences.note("commands") is None
        await store.preferences.save_note("commands", "abc")
        await store.preferences.save_note("commands", "def")
        assert await store.preferences.note("commands") == "def"
        manager = GameManager(store)
        await manager.open()
        await play(manager, 4, None, Chooser(9))
        assert (await manager.games.current(4)) is None
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14

    await equal_to_fresh(path, tmp_path)


async def test_version_6_database_gets_who_is_to_move_and_a_restart_keeps_only_briefs(tmp_path):
    # Version 7 adds games.to_move (issue 26): the migration reads it out of each running game's
    # state, once; a restarted manager then knows every open game in brief without reading a state,
    # and reads a game whole when it is needed.
    path = tmp_path / "v6.sqlite3"
    make_version(path, 6)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, moves in ((2, 25), (3, 40)):
            await started(manager, channel, players=2, seed=channel)
            await play(manager, channel, moves, Chooser(channel))  # running
        await manager.lobbies.new_game(1, 6, USERS[0], NAMES[0])  # a lobby
        games = {ch: await manager.games.current(ch) for ch in (2, 3, 6)}
    back_to(path, 6)
    before = db_rows(path)
    assert "to_move" not in [c[1] for c in table_columns(sqlite3.connect(path))["games"]]

    async with Store(path) as store:
        assert store.found_version == 6
        after = db_rows(path)
        assert kept(after, before) == before
        to_move = {row[2]: row[13] for row in after["games"]}  # by channel (version 7 added it after reminded)
        assert to_move == {2: games[2].state.to_move, 3: games[3].state.to_move, 6: None}
        assert all(to_move[ch] is not None for ch in (2, 3))
        manager = GameManager(store)
        briefs = {b.channel_id: b for b in await manager.open()}
        assert briefs == {ch: Brief.of(g) for ch, g in games.items()}
        assert briefs[2].to_move_user == games[2].to_move_user and manager.games.in_memory() == 0
        await play(manager, 2, None, Chooser(9))  # read whole, and played to the end
        assert (await manager.games.current(2)) is None and 2 not in {b.channel_id for b in manager.games.open_briefs()}
        assert await store.queries.verify() == []
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14

    await equal_to_fresh(path, tmp_path)


async def test_states_stored_before_a_field_existed_replay_as_the_same_game(tmp_path):
    """Issue 46, item 11: on a database made at schema 4, `verify` reported 8 of 17 games as replaying
    "to a different state", only because each shift scoring's `delivered` (kept since) is filled by the
    replay and absent from the stored state. The same game is not a damaged one; a real difference is."""
    path = tmp_path / "v4.sqlite3"
    make_version(path, 4)
    async with Store(path) as store:
        manager = GameManager(store)
        for channel, players in ((1, 2), (2, 4)):
            await started(manager, channel, players=players, seed=channel)
            await play(manager, channel, None, Chooser(channel))  # finished: three shift scorings each
        await started(manager, 3, players=3, seed=3)
        await play(manager, 3, 70, Chooser(3))  # running, past a scoring
    con = sqlite3.connect(path)
    with con:  # the states as a bot of schema 4 wrote them: no `delivered` in the shift results
        for gid, text in con.execute("SELECT id, state FROM games WHERE state IS NOT NULL").fetchall():
            state = json.loads(text)
            assert state["shift_results"], gid
            for result in state["shift_results"]:
                del result["delivered"]
            con.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), gid))
    con.close()
    async with Store(path) as store:
        assert await store.queries.verify() == []
    con = sqlite3.connect(path)
    with con:  # a real difference is still found
        [(text,)] = con.execute("SELECT state FROM games WHERE id = 2").fetchall()
        state = json.loads(text)
        state["shift_results"][0]["elements"][0]["vp"][0] += 1
        con.execute("UPDATE games SET state = ? WHERE id = 2", (json.dumps(state),))
    con.close()
    async with Store(path) as store:
        assert await store.queries.verify() == ["game 2: the log replays to a different state than the stored one"]


async def test_version_10_database_with_a_pending_forget_covers_the_games_made_before_it(tmp_path):
    # Version 11 writes down which games a request to be forgotten covers (issue 71); a request already
    # waiting covers the games that held the person and were made before it, not one made since.
    path = tmp_path / "v10.sqlite3"
    async with Store(path) as store:
        manager = GameManager(store)
        await started(manager, 2, players=2, seed=2)  # USERS[0] and USERS[1], running
        await store.personal.forget(USERS[1])
        store.clock = lambda: 2e10  # later: a game USERS[1] opens afterwards
        await manager.lobbies.new_game(1, 6, USERS[1], NAMES[1])
    back_to(path, 10)
    async with Store(path) as store:
        assert store.found_version == 10
        assert await store.personal.games_covered(USERS[1]) == [(1, "active")]
        assert await store.personal.forgetting_in(1) == {USERS[1]} and await store.personal.forgetting_in(2) == set()
    assert pragma(path, "user_version") == SCHEMA_VERSION == 14
