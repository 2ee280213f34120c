"""The server ladder (issue 15): openskill ratings updated when a game finishes with two people or
more, `/coal leaderboard` (this server's people only, and your place) and `/coal stats` (your rating
and its latest changes). Computers' seats are not rated: tests/games/test_ratings.py."""

from __future__ import annotations

from openskill.models import PlackettLuce

from .driver import fast_forward, start_game


async def finish(w, players: int, seed: int, channel=None):
    """A game of `players` of w's members started in `channel` and played to its end (random moves)."""
    from .conftest import World

    here = w if channel is None else World(w.env, w.guild, channel, w.alice, w.bob, w.carol, w.dave)
    await start_game(here, players, seed=seed)
    game = await fast_forward(here, 5000, seed=seed, until=lambda g: g.state.phase == "over")
    assert game.status == "finished"
    return game


async def test_three_finished_games_move_the_ratings_as_openskill_computes(world):
    w = world
    model = PlackettLuce()
    expected = {}
    for k, players in enumerate((2, 3, 4)):
        game = await finish(w, players, seed=20 + k, channel=w.guild.create_text_channel(f"coal-{k}"))
        seats = [(s.user_id, s.vp) for s in game.seats]
        teams = [[expected.get(user) or model.rating()] for user, _ in seats]
        for (user, _), [rating] in zip(seats, model.rate(teams, scores=[vp for _, vp in seats]), strict=True):
            expected[user] = rating
    got = await w.bot.store.ladders.ratings(w.guild.id, list(expected))
    for user, rating in expected.items():
        assert abs(got[user].mu - rating.mu) < 1e-9 and abs(got[user].sigma - rating.sigma) < 1e-9
    assert got[w.alice.id].games == 3 and got[w.dave.id].games == 1

    # /coal leaderboard: best first by mu - 3 sigma, with the asker's place
    order = sorted(expected, key=lambda u: (-(expected[u].mu - 3 * expected[u].sigma), u))
    r = await w.dave.slash(w.channel, "coal record leaderboard")
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert [line.split(":")[0] for line in lines[1:5]] == [f"{k}. <@{u}>" for k, u in enumerate(order, start=1)]
    place = order.index(w.dave.id) + 1
    assert lines[-1] == f"You are {place} of 4, rated {expected[w.dave.id].mu - 3 * expected[w.dave.id].sigma:.1f}."
    # /coal stats: the rating and its latest changes
    r = await w.alice.slash(w.channel, "coal record stats")
    assert (
        f"Rating {expected[w.alice.id].mu - 3 * expected[w.alice.id].sigma:.1f}; latest changes: " in r.response.content
    )


async def test_the_ladder_is_the_servers_own(world):
    w = world
    await finish(w, 2, seed=3)
    other = w.env.create_guild("Elsewhere")
    channel = other.create_text_channel("coal")
    erin = other.add_member(w.env.create_user("erin"))
    r = await erin.slash(channel, "coal record leaderboard")
    assert r.response.content.startswith("Nobody has a rating in this server yet")
    r = await w.carol.slash(w.channel, "coal record leaderboard")
    assert f"<@{w.alice.id}>" in r.response.content and "You have no rating here yet" in r.response.content
