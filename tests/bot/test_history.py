"""/coal history, stats and export on a database with finished, aborted and running games."""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.record import Chooser, random_action

from .driver import assert_refused, components_of, finished_game

ROOT = Path(__file__).resolve().parents[2]


async def _server(w):
    """Two finished games, one aborted, one running; and one finished game in another server."""
    manager = w.bot.manager
    c1, c2, c3 = (w.guild.create_text_channel(n) for n in ("one", "two", "three"))
    first = await finished_game(w, c1, [w.alice, w.bob], seed=1)
    second = await finished_game(w, c2, [w.bob, w.carol, w.alice], seed=2)
    await manager.lobbies.new_game(w.guild.id, c3.id, w.dave.id, "dave")
    await manager.lobbies.join(c3.id, w.alice.id, "alice")
    await manager.lobbies.start(c3.id, w.dave.id, seed=3)
    await manager.lobbies.abort(c3.id, w.dave.id)
    await manager.lobbies.new_game(w.guild.id, w.channel.id, w.carol.id, "carol")
    await manager.lobbies.join(w.channel.id, w.dave.id, "dave")
    await manager.lobbies.start(w.channel.id, w.carol.id, seed=4)  # running
    other = w.env.create_guild("Elsewhere")
    elsewhere = other.create_text_channel("far")
    member = other.add_member(w.alice.user)
    await manager.lobbies.new_game(other.id, elsewhere.id, member.id, "alice")
    friend = other.add_member(w.env.create_user("zed"))
    await manager.lobbies.join(elsewhere.id, friend.id, "zed")
    game = await manager.lobbies.start(elsewhere.id, member.id, seed=5)
    chooser = Chooser(5)
    while game.state.phase != "over":
        game = (await manager.moves.act(elsewhere.id, game.to_move_user, random_action(game.state, chooser))).game
    return first, second, c1


async def test_history_lists_this_servers_finished_games_only(world):
    w = world
    first, second, _ = await _server(w)
    r = await w.dave.slash(w.channel, "coal record history")
    assert r.ephemeral
    lines = r.response.content.splitlines()[1:]
    assert len(lines) == 2  # not the aborted, the running, or the other server's game
    for game, line in zip((second, first), lines, strict=True):  # newest first
        state = game.state
        for p in state.players:
            assert f"{p.name} {p.vp}" in line
        winners = " and ".join(state.players[i].name for i in state.winners)
        # the day as a Discord timestamp, shown in the reader's own locale (issue 78: an ISO date before)
        day = int(dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp())
        assert line.endswith(f"winner: {winners}") and re.match(r"<t:(\d+):d> · ", line)
        assert 0 <= int(re.match(r"<t:(\d+):d>", line)[1]) - day < 86_400


async def test_stats_count_games_wins_average_and_best_in_this_server(world):
    w = world
    first, second, _ = await _server(w)
    games = [g for g in (first, second)]
    vps = [g.state.players[g.state.seat_of("alice")].vp for g in games]
    wins = sum(g.state.seat_of("alice") in g.state.winners for g in games)
    r = await w.bob.slash(w.channel, "coal record stats", player=w.alice)
    assert r.ephemeral
    record, finished, times, rating = r.response.content.split("\n")
    assert finished == "Finished in their own seat: 2 of their 3 latest started games that ended (67%)."  # one aborted
    assert times.startswith("Time to move: ") and "the timer moved in 0% of their turns" in times
    assert record == (
        f"<@{w.alice.id}>: 2 games, {wins} win{'' if wins == 1 else 's'}, "
        f"average {sum(vps) / 2:.1f} VP, best {max(vps)} VP."
    )
    assert rating.startswith("Rating ") and rating.count(",") == 1  # two rated games: tests/bot/test_ratings.py
    r = await w.dave.slash(w.channel, "coal record stats")
    assert r.response.content.split("\n")[:2] == [
        f"<@{w.dave.id}> has not finished a game in this server yet.",
        "Finished in their own seat: 0 of their 1 latest started game that ended (0%).",  # the aborted one
    ]


@pytest.mark.slow
async def test_export_gives_a_record_that_replays_to_the_stored_final_scores(world):
    w = world
    first, _, c1 = await _server(w)
    r = await w.carol.slash(c1, "coal record export")
    assert r.ephemeral
    [attachment] = r.response.attachments
    assert attachment.filename == f"coalbaron-game-{first.id}.json"
    record = await attachment.read()
    assert json.loads(record)["seed"] == 1
    out = subprocess.run([sys.executable, "-m", "rules", "replay", "-"], input=record, cwd=ROOT, capture_output=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == {p.name: p.vp for p in first.state.players}
    # the running game of a channel exports too: what the asker may see of it (tests/bot/test_hidden_information.py)
    r = await w.carol.slash(w.channel, "coal record export")
    assert "seed" not in json.loads(await r.response.attachments[0].read())
    empty = w.guild.create_text_channel("empty")
    await assert_refused(w, await w.carol.slash(empty, "coal record export"), "no started game in this channel")


async def _finish_tutorial(w, thread) -> None:
    """A `/coal learn` game played to its end: the learner's moves at random, the computer's by itself."""
    chooser = Chooser(5)
    while (game := await w.bot.manager.games.current(thread.id)) is not None:
        if game.to_move_user == w.alice.id:
            await w.bot.manager.moves.act(thread.id, w.alice.id, random_action(game.state, chooser))
        else:
            w.bot.computers.wake(thread.id)
            await w.bot.computers.idle()


@pytest.mark.slow  # over a second
async def test_games_of_channels_the_asker_cannot_see_are_never_listed(world):
    """Issue 71: the history, its menu and the replay's autocomplete apply the viewer's rule: a game in a
    channel hidden from the asker, or a finished /coal learn game in another person's private thread, is
    not listed to them (it still is to whoever may see it)."""
    import discord

    w = world
    secret = w.guild.create_text_channel(
        "secret",
        overwrites={
            w.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            w.alice: discord.PermissionOverwrite(view_channel=True),
            w.bob: discord.PermissionOverwrite(view_channel=True),
        },
    )
    hidden = await finished_game(w, secret, [w.alice, w.bob], seed=4)
    public = await finished_game(w, w.guild.create_text_channel("open"), [w.carol, w.dave], seed=5)
    await w.alice.slash(w.channel, "coal learn")
    [thread] = w.channel.threads
    await _finish_tutorial(w, thread)
    learned = await w.bot.manager.games.latest(thread.id)
    assert learned.status == "finished"

    def listed(result) -> set[int]:
        [menu] = components_of(result.response)
        return {int(o["value"] if isinstance(o, dict) else o.value) for o in menu.options}

    r = await w.carol.slash(w.channel, "coal record history")
    assert listed(r) == {public.id}
    assert "bob" not in r.response.content and "alice" not in r.response.content
    choices = await w.carol.autocomplete(w.channel, "coal record replay", "game", "")
    assert {c["value"] for c in choices} == {public.id}
    r = await w.alice.slash(w.channel, "coal record history")  # she may see all three
    assert listed(r) == {hidden.id, public.id, learned.id}
    choices = await w.bob.autocomplete(w.channel, "coal record replay", "game", "")
    assert {c["value"] for c in choices} == {hidden.id, public.id}  # not alice's private lesson
