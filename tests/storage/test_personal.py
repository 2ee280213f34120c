"""Players' data (issue 47) in the database, on both backends: every column classified and the personal ones
named by PRIVACY.md; a person's data shown whole; forgotten so that nothing holds their id or name but what
the policy keeps, every game still replaying; a departed server's data purged."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from games import privacy
from games.manager import GameManager
from rules.record import Chooser
from storage import Store
from storage.personal import NOT_PERSONAL, PERSONAL
from tests.storage.backends import Target
from tests.storage.helpers import GUILD, NAMES, USERS, nothing_about, play

ROOT = Path(__file__).resolve().parents[2]
# Bob, with an id like Discord's (17 digits and more: a scan for it finds no other number by chance)
FORGOTTEN, FORGOTTEN_NAME = 812_345_678_901_234_567, "Bobinski"
PEOPLE = [USERS[0], FORGOTTEN, USERS[2], USERS[3]]
PEOPLE_NAMES = [NAMES[0], FORGOTTEN_NAME, NAMES[2], NAMES[3]]


async def _columns(target: Target) -> dict[str, list[str]]:
    """Every table of the database and its columns."""
    if target.path is not None:
        con = sqlite3.connect(target.path)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            return {t: [c[1] for c in con.execute(f"PRAGMA table_info({t})")] for t in tables}
        finally:
            con.close()
    con = await asyncpg.connect(target.url)
    try:
        rows = await con.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        )
    finally:
        await con.close()
    found: dict[str, list[str]] = {}
    for r in rows:
        found.setdefault(r["table_name"], []).append(r["column_name"])
    return found


async def _text_of_every_row(target: Target) -> dict[tuple[str, str], list[str]]:
    """Every value of every column of every table, as text: what a scan for a person's id or name reads."""
    columns = await _columns(target)
    found: dict[tuple[str, str], list[str]] = {}
    if target.path is not None:
        con = sqlite3.connect(target.path)
        try:
            for table, cols in columns.items():
                for row in con.execute(f"SELECT * FROM {table}"):
                    for col, value in zip(cols, row, strict=True):
                        found.setdefault((table, col), []).append(str(value))
        finally:
            con.close()
        return found
    con = await asyncpg.connect(target.url)
    try:
        for table, cols in columns.items():
            for row in await con.fetch(f"SELECT * FROM {table}"):
                for col in cols:
                    found.setdefault((table, col), []).append(str(row[col]))
    finally:
        await con.close()
    return found


async def test_every_column_is_classified_and_privacy_md_names_the_personal_ones(target):
    """A new column that holds a user id or a name cannot land without the policy naming it."""
    async with Store(target.url):
        pass
    columns = {(t, c) for t, cols in (await _columns(target)).items() for c in cols}
    assert columns - set(PERSONAL) - set(NOT_PERSONAL) == set(), "classify these columns in storage.personal"
    assert set(PERSONAL) & set(NOT_PERSONAL) == set()
    assert set(PERSONAL) | set(NOT_PERSONAL) >= columns
    policy = (ROOT / "PRIVACY.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)\.([a-z_]+)`", policy))
    assert set(PERSONAL) - named == set(), "PRIVACY.md must name every personal column"
    assert named <= set(PERSONAL), "PRIVACY.md names a column storage.personal does not call personal"


async def _started(manager: GameManager, channel: int, players: int, seed: int):
    await manager.lobbies.new_game(GUILD, channel, PEOPLE[0], PEOPLE_NAMES[0])
    for user, name in zip(PEOPLE[1:players], PEOPLE_NAMES[1:players], strict=True):
        await manager.lobbies.join(channel, user, name)
    return await manager.lobbies.start(channel, PEOPLE[0], seed=seed)


async def _a_server(store: Store) -> GameManager:
    """Bob in two finished games (2 and 4 players), a running one, a lobby and an aborted one; settings,
    ratings, server defaults he changed, quiet hours and a time away (issue 49)."""
    manager = GameManager(store)
    await manager.open()
    for channel, players in ((1, 2), (2, 4)):
        await _started(manager, channel, players, seed=channel)
        await play(manager, channel, None, Chooser(channel))  # finished, rated
    await _started(manager, 3, 3, seed=3)
    await play(manager, 3, 40, Chooser(3))  # running
    await manager.lobbies.new_game(GUILD, 4, USERS[2], NAMES[2])
    await manager.lobbies.join(4, FORGOTTEN, FORGOTTEN_NAME)  # a lobby
    await _started(manager, 5, 2, seed=5)
    await manager.lobbies.abort(5, USERS[0])  # aborted
    await manager.people.change_settings(FORGOTTEN, ping="dm", language="it")
    now = store.clock()
    await manager.people.set_away(FORGOTTEN, now + 86400, now)  # a period of his, kept for the allowance
    await manager.people.end_away(FORGOTTEN, now + 3600)
    await manager.people.change_settings(FORGOTTEN, time_zone="Europe/Rome", quiet_from=1320, quiet_to=480)
    await manager.people.change_settings(USERS[0], ping="none")
    await store.preferences.save_server_defaults(GUILD, {"timer": "12h"}, by=FORGOTTEN)
    await _leagues(store)
    return manager


async def _leagues(store: Store) -> None:
    """Bob signed up for a league still signing up, sits in a running one's tables, has a line in a finished
    one's final standings, and opened one (issue 76)."""
    leagues = store.leagues
    kinds = {"format": "swiss", "rounds": 3, "table_size": 2, "options": {}, "signup_until": 1e10, "max_players": 8}
    signing = await leagues.create(GUILD, 20, USERS[0], **kinds)
    running = await leagues.create(GUILD, 21, FORGOTTEN, **kinds)
    finished = await leagues.create(GUILD, 22, USERS[0], **kinds)
    for league in (signing, running, finished):
        for user, name in zip(PEOPLE, PEOPLE_NAMES, strict=True):
            assert await leagues.sign_up(league.id, user, name, 8)
    for league in (running, finished):
        assert await leagues.start(league.id, 3, None)
        assert await leagues.add_round(league.id, 1, [(USERS[0], FORGOTTEN), (USERS[2], USERS[3])], None)
    line = {"user_id": FORGOTTEN, "name": FORGOTTEN_NAME, "points": 3.0}
    assert await leagues.finish(finished.id, [line, {"user_id": USERS[0], "name": NAMES[0], "points": 0.0}])


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


async def test_a_person_s_data_is_everything_kept_about_them(store):
    manager = await _a_server(store)
    data = await store.personal.user_data(FORGOTTEN)
    assert data["settings"]["ping"] == "dm" and data["settings"]["language"] == "it"
    assert data["settings"]["time_zone"] == "Europe/Rome" and data["settings"]["quiet_from_minute"] == 1320
    [away] = data["away_periods"]
    assert away["until"] - away["started_at"] == 86400 and away["ended_at"] == away["started_at"] + 3600
    assert {r["guild_id"] for r in data["ratings"]} == {GUILD} and len(data["rating_changes"]) == 2
    assert sorted((s["game_id"], s["status"]) for s in data["seats"]) == [
        (1, "finished"),
        (2, "finished"),
        (3, "active"),
        (4, "lobby"),
        (5, "aborted"),
    ]
    assert {s["name"] for s in data["seats"]} == {FORGOTTEN_NAME}
    moves = [m for m in data["moves"] if m["game_id"] == 1]
    assert moves and all(m["player"] == FORGOTTEN_NAME for m in moves)
    assert len(moves) == len([e for e in await store.queries.log(1) if e.user_id == FORGOTTEN])
    [changed] = data["server_defaults_changed"]
    assert changed == {"guild_id": GUILD, "at": changed["at"], "at_utc": _utc(changed["at"])}
    # every moment is also written as a person reads it, ISO 8601 in UTC, beside its number
    assert away["until_utc"] == _utc(away["until"]) and data["settings"]["updated_at_utc"].endswith("Z")
    assert all(s["created_at_utc"] == _utc(s["created_at"]) for s in data["seats"])
    assert data["forget_request"] is None
    assert [(g["status"], len(g["tables"]), g["host"]) for g in data["leagues"]] == [
        ("signup", 0, False),
        ("running", 1, True),
        ("finished", 1, False),
    ]
    assert [g["status"] for g in data["leagues_opened"]] == ["running"]
    assert (await store.personal.user_data(USERS[3]))["settings"] is None  # Dave never changed a setting
    del manager


async def test_forget_leaves_nothing_but_what_the_policy_keeps_and_every_game_replays(store, target):
    manager = await _a_server(store)
    others_before = {u: await store.ladders.ratings(GUILD, [u]) for u in (USERS[0], USERS[2], USERS[3])}
    await privacy.forget(store, FORGOTTEN)
    done = await privacy.carry_out(store, FORGOTTEN, manager)
    assert (done.renamed, done.lobbies_left, done.handed_over, done.done) == (3, 1, 1, False)
    running = await manager.games.current(3)
    assert running.options.stand_ins[FORGOTTEN_NAME].by == "forget"  # a computer plays the seat until the end
    assert {u: await store.ladders.ratings(GUILD, [u]) for u in (USERS[0], USERS[2], USERS[3])} == others_before
    await play(manager, 3, None, Chooser(9))  # the running game ends
    done = await privacy.carry_out(store, FORGOTTEN, manager)
    assert done.renamed == 1 and done.done
    # nothing holds Bob's id or any stored form of his name, in any column of any table
    for (table, column), values in (await _text_of_every_row(target)).items():
        for value in values:
            assert str(FORGOTTEN) not in value, (table, column, value)
            assert FORGOTTEN_NAME not in value, (table, column, value)
    assert await store.queries.verify() == []  # every game still replays, under the pseudonym
    finished = await store.queries.load_game(2)
    assert [s.name for s in finished.seats].count("Former player 1") == 1
    assert {s.user_id for s in finished.seats} == {USERS[0], -1, USERS[2], USERS[3]}
    assert await store.personal.forget_requests() == []
    assert await store.personal.user_data(FORGOTTEN) == nothing_about(FORGOTTEN)


async def test_the_operator_s_forget_renames_what_has_ended_and_leaves_open_games_to_the_bot(store):
    await _a_server(store)
    await store.personal.forget(FORGOTTEN, asked_by="operator")
    renamed, still_open = await store.personal.forget_in_ended_games(FORGOTTEN)
    assert (renamed, still_open) == (3, 2)  # two finished and the aborted game; the running game and the lobby
    assert not await store.personal.forget_done(FORGOTTEN) and await store.personal.forget_requests() == [FORGOTTEN]
    assert (await store.queries.load_game(3)).seat_of_user(FORGOTTEN) is not None  # untouched: the bot's to change


async def test_a_request_covers_the_games_kept_when_it_was_made_and_asking_again_covers_the_rest(store):
    """Issue 71: a game Bob joins while his request waits is not the request's; a second request covers it."""
    manager = await _a_server(store)
    await store.personal.forget(FORGOTTEN)
    covered = [g for g, _status in await store.personal.games_covered(FORGOTTEN)]
    assert covered == [1, 2, 3, 4, 5]
    await _started(manager, 6, 2, seed=6)  # afterwards: a new game with Bob in it
    assert [g for g, _ in await store.personal.games_covered(FORGOTTEN)] == covered
    assert await store.personal.forgetting_in(6) == set() and await store.personal.forgetting_in(3) == {FORGOTTEN}
    assert (await store.personal.user_data(FORGOTTEN))["forget_request"]["games"] == covered
    await privacy.carry_out(store, FORGOTTEN, manager)
    assert (await manager.games.current(6)).options.stand_ins == {}  # his new seat stays his
    await store.personal.forget(FORGOTTEN)  # asked again
    assert [g for g, _ in await store.personal.games_covered(FORGOTTEN)] == [3, 6]  # (ended ones renamed, lobby left)
    done = await privacy.carry_out(store, FORGOTTEN, manager)
    assert (await manager.games.current(6)).options.stand_ins[FORGOTTEN_NAME].by == "forget" and not done.done


@pytest.mark.parametrize("backend_only", [None])
async def test_the_log_is_still_append_only_but_for_a_rename_and_a_purge(target, backend_only):
    """Version 9 opened the log to a player's rename and a purged game's deletion, and nothing else."""
    async with Store(target.url) as store:
        manager = GameManager(store)
        await _started(manager, 1, 2, seed=1)
        await play(manager, 1, 10, Chooser(1))
    refused = (sqlite3.IntegrityError, asyncpg.RaiseError) if target.kind == "postgresql" else sqlite3.IntegrityError
    for sql in (
        "UPDATE actions SET action = 'bank' WHERE game_id = 1 AND seq = 3",
        "UPDATE actions SET at = 0 WHERE game_id = 1",
        "UPDATE actions SET seq = seq + 100 WHERE game_id = 1",
        "DELETE FROM actions WHERE game_id = 1 AND seq = 10",
    ):
        with pytest.raises(refused, match="append-only"):
            await target.execute(sql)
    await target.execute(f"UPDATE actions SET player = 'Former player 1' WHERE game_id = 1 AND user_id = {FORGOTTEN}")


async def test_a_departed_server_s_data_is_purged_and_a_return_in_time_keeps_it(store):
    manager = await _a_server(store)
    await _started(manager, 9, 2, seed=9)
    await store.preferences.save_server_defaults(GUILD, {"timer": "1h"}, by=USERS[0])
    other_guild_game = await manager.lobbies.new_game(GUILD + 1, 20, USERS[0], NAMES[0])
    ended = await manager.hosting.end_departed(GUILD)
    assert {g.channel_id for g in ended} == {3, 4, 9} and all(not g.is_open for g in ended)
    await store.personal.guild_left(GUILD, purge_at=100.0)
    assert await store.personal.purges_due(99.0) == [] and await store.personal.purges_due(100.0) == [GUILD]
    assert await store.personal.guild_back(GUILD)  # back in time: nothing goes
    assert await store.personal.purges_due(1e12) == []
    await store.personal.guild_left(GUILD, purge_at=100.0)
    assert await store.personal.purge_guild(GUILD) == 6
    assert await store.queries.games(("lobby", "active", "finished", "aborted")) == [
        await store.queries.load_game(other_guild_game.id)
    ]
    assert await store.ladders.leaderboard(GUILD) == [] and await store.preferences.server_defaults(GUILD) == {}
    assert await store.personal.purges_due(1e12) == []
    async with store.backend.read() as tx:
        for table in ("seats", "actions", "outbox", "rating_changes"):
            rows = await tx.fetch(f"SELECT count(*) FROM {table} WHERE game_id <> ?", (other_guild_game.id,))
            assert rows[0][0] == 0, table


@pytest.mark.slow
async def test_a_forget_killed_at_random_moments_leaves_every_game_whole_and_finishes_when_run_again(tmp_path):
    """SIGKILL in the middle of `python -m storage forget`: each game is either as it was or renamed whole
    (one transaction per game), the database stays sound, and running the command again finishes the job."""
    import random
    import subprocess
    import sys
    import time

    db = tmp_path / "many.sqlite3"
    async with Store(db) as store:
        manager = GameManager(store)
        for channel in range(1, 41):
            await _started(manager, channel, 2, seed=channel)
            await play(manager, channel, None, Chooser(channel))
    rng = random.Random(47)
    command = [sys.executable, "-m", "storage", "forget", str(FORGOTTEN), str(db)]
    halfway = 0  # kills that landed with some games renamed and some not (how many: the machine's load)
    for _kill in range(6):
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 0.7))
        proc.kill()  # SIGKILL: no cleanup
        proc.wait()
        async with Store(db) as store:
            assert await store.queries.verify() == []
            for game in await store.queries.games(("finished",)):
                state_names = {p.name for p in game.state.players}
                log = {e.player for e in await store.queries.log(game.id)}
                ids = {s.user_id for s in game.seats}
                whole = FORGOTTEN in ids and FORGOTTEN_NAME in state_names and FORGOTTEN_NAME in log
                renamed = -1 in ids and "Former player 1" in state_names and "Former player 1" in log
                assert whole != renamed and (FORGOTTEN_NAME in state_names) == whole, game.id
            seats = [s for g in await store.queries.games(("finished",)) for s in g.seats]
            halfway += 0 < sum(s.user_id == -1 for s in seats) < 40
    print(f"{halfway} of 6 kills landed halfway through the forget")
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "the request is done" in out.stdout, out.stderr
    async with Store(db) as store:
        assert await store.queries.verify() == [] and await store.personal.user_data(FORGOTTEN) == nothing_about(
            FORGOTTEN
        )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["forget", "bob"], "'bob' is not a Discord user id"),
        (["user-data", "-3"], "is not a Discord user id"),
        (["forget", "11"], "11 is a computer's seat (ids below 100 are the bot's own), not a person"),
        (["user-data", "44"], "44 is a computer's seat"),
        (["forget", "123", "/nowhere/at/all.sqlite3"], "There is no Coal Baron database at /nowhere/at/all.sqlite3"),
    ],
)
def test_the_operator_s_commands_answer_bad_input_in_one_line(args, says):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "storage", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode in (1, 2) and len(out.stderr.strip().splitlines()) == 1 and says in out.stderr, out.stderr
    assert not Path("/nowhere/at/all.sqlite3").exists()


@pytest.mark.slow  # over a second
async def test_user_data_on_the_command_line_is_the_json_the_player_gets(store, target):
    import json
    import subprocess
    import sys

    await _a_server(store)
    out = subprocess.run(
        [sys.executable, "-m", "storage", "user-data", str(FORGOTTEN), target.url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads(json.dumps(await store.personal.user_data(FORGOTTEN)))


async def test_the_operator_s_forget_of_a_computer_s_id_is_refused_and_renames_nothing(tmp_path):
    """Issue 71: ids 11-44 are the computers' seats; `forget 11` once renamed a computer in every game."""
    import subprocess
    import sys

    db = tmp_path / "games.sqlite3"
    async with Store(db) as store:
        manager = GameManager(store)
        await manager.lobbies.new_game(GUILD, 1, USERS[0], NAMES[0])
        await manager.lobbies.add_computer(1, USERS[0], "easy", lambda slot, level, _lang: f"Computer {slot}")
        await manager.lobbies.start(1, USERS[0], seed=1)
        await play(manager, 1, None, Chooser(1))
        computer = next(s for s in (await store.queries.load_game(1)).seats if s.user_id < 100)
    out = subprocess.run(
        [sys.executable, "-m", "storage", "forget", str(computer.user_id), str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "is a computer's seat" in out.stderr and len(out.stderr.splitlines()) == 1
    async with Store(db) as store:
        assert computer in (await store.queries.load_game(1)).seats and await store.personal.forget_requests() == []
