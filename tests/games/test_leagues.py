"""A league run by `games.leagues` over a real store, without Discord: sign-up and its refusals, rounds paired
as tables end, a withdrawal handed to a computer, the final standings kept in the record."""

from __future__ import annotations

import pytest

from games.autoplay import Question, play_computers
from games.computers import seat_to_move, stand_in
from games.errors import Reason
from games.leagues import LeagueError, table_result
from games.manager import GameManager
from games.swiss import met_pairs, placing_points
from players.pool import think as pool_think
from rules.record import Chooser, random_action
from storage import Store

GUILD, CHANNEL = 7, 70
PEOPLE = [(1000 + k, f"p{k}") for k in range(9)]
OPTIONS = {"timer": "24h", "delivered": "own", "absent": "computer", "language": "en"}


async def _think(q: Question) -> str:
    return pool_think(q.level, q.seen, q.seed)


async def play_table(manager: GameManager, channel: int, seed: int) -> None:
    """A table's game to its end: random legal moves for the people, the computer for a seat it plays."""
    chooser = Chooser(seed)
    while (game := await manager.games.current(channel)) is not None and game.state is not None:
        seat = seat_to_move(game)
        if seat is not None and stand_in(game, seat) is not None:
            await play_computers(manager, channel, _think, limit=1)
            continue
        await manager.moves.act(channel, game.to_move_user, random_action(game.state, chooser))


@pytest.fixture
async def manager(tmp_path):
    async with Store(tmp_path / "league.db") as store:
        m = GameManager(store)
        await m.open()
        yield m


async def _open(manager: GameManager, **settings):
    kind = {"format": "swiss", "rounds": 3, "table_size": 3, "options": OPTIONS, "signup_hours": 24}
    return await manager.leagues.open(GUILD, CHANNEL, PEOPLE[0][0], **(kind | {"max_players": 16} | settings))


async def _deal(manager: GameManager, view, channel_base: int) -> None:
    for table in manager.leagues.tables_to_open(view):
        people = [(u, dict(PEOPLE)[u]) for u in table.users]
        game = await manager.lobbies.deal_table(GUILD, channel_base + table.table_no, people, OPTIONS)
        await manager.leagues.table_dealt(view, table, game)


@pytest.mark.slow
async def test_a_swiss_league_of_nine_at_threes_plays_three_rounds_to_its_standings(manager):
    league = await _open(manager)
    for user, name in PEOPLE:
        view = await manager.leagues.sign_up(league.id, user, name)
    assert len(view.players) == 9
    view = await manager.leagues.begin(league.id)
    for round_no in (1, 2, 3):
        assert view.league.round == round_no and len(view.round_tables()) == 3
        await _deal(manager, view, 10 * round_no)
        view = await manager.leagues.view(league.id)
        assert manager.leagues.tables_to_open(view) == []
        if round_no == 2:  # p8 withdraws mid-round: a computer finishes their game
            view, channels = await manager.leagues.leave(league.id, PEOPLE[8][0])
            assert len(channels) == 1
            assert await manager.hosting.hand_over_for_good(channels[0], PEOPLE[8][0], "league") is not None
        for table in view.round_tables():
            assert (await manager.leagues.advance(league.id)).league.round == round_no  # not before the end
            await play_table(manager, table.thread_id, seed=table.game_id)
        view = await manager.leagues.advance(league.id)
    assert view.league.status == "finished" and view.league.round == 3
    # the record: nobody met twice, p8 paired in rounds 1 and 2 only, round 3 of eight at 3, 3, 2
    tables = [t for t in view.tables if not t.is_bye]
    assert max(met_pairs(t.users for t in tables).values()) == 1
    assert all(PEOPLE[8][0] not in t.users for t in tables if t.round == 3)
    assert sorted(len(t.users) for t in tables if t.round == 3) == [2, 3, 3]
    final = view.league.final
    assert [line["user_id"] for line in final] and len(final) == 9
    withdrawn = next(line for line in final if line["user_id"] == PEOPLE[8][0])
    assert withdrawn["withdrawn"] and withdrawn["games"] == 1  # round 2's game was the computer's
    points = [line["points"] for line in final]
    assert points == sorted(points, reverse=True)
    # every table's places give 4.5 points at three, 3 at two (3 + 1.5 + 0, 3 + 0): 39 in all, less the
    # points the computer won at p8's table in round 2, which count for nobody
    [p8s] = [t for t in tables if t.round == 2 and PEOPLE[8][0] in t.users]
    result = table_result(p8s, await manager.store.queries.load_game(p8s.game_id))
    assert result.uncounted == {PEOPLE[8][0]}
    computer = placing_points(result.results)[p8s.users.index(PEOPLE[8][0])]
    assert sum(points) + computer == pytest.approx(2 * 3 * 4.5 + 2 * 4.5 + 3)


async def test_bad_requests_are_refused_and_change_nothing(manager):
    with pytest.raises(LeagueError) as no_timer:
        await _open(manager, options=OPTIONS | {"timer": "none"})
    assert no_timer.value.reason is Reason.LEAGUE_NEEDS_TIMER
    league = await _open(manager, max_players=2)
    with pytest.raises(LeagueError) as second:
        await _open(manager)
    assert second.value.reason is Reason.CHANNEL_HAS_LEAGUE
    await manager.leagues.sign_up(league.id, *PEOPLE[0])
    with pytest.raises(LeagueError) as twice:
        await manager.leagues.sign_up(league.id, *PEOPLE[0])
    assert twice.value.reason is Reason.LEAGUE_SIGNED_UP
    await manager.leagues.sign_up(league.id, *PEOPLE[1])
    with pytest.raises(LeagueError) as full:
        await manager.leagues.sign_up(league.id, *PEOPLE[2])
    assert full.value.reason is Reason.LEAGUE_FULL
    with pytest.raises(LeagueError) as not_in:
        await manager.leagues.leave(league.id, PEOPLE[3][0])
    assert not_in.value.reason is Reason.LEAGUE_NOT_SIGNED_UP
    manager.store.clock = lambda: 1e12  # past the window
    with pytest.raises(LeagueError) as late:
        await manager.leagues.sign_up(league.id, *PEOPLE[3])
    assert late.value.reason is Reason.LEAGUE_SIGNUP_CLOSED
    assert [p.user_id for p in (await manager.leagues.view(league.id)).players] == [PEOPLE[0][0], PEOPLE[1][0]]


async def test_an_entry_condition_turns_away_a_newcomer(manager):
    league = await _open(manager, min_games=1)
    with pytest.raises(LeagueError) as few:
        await manager.leagues.sign_up(league.id, *PEOPLE[0])
    assert few.value.reason is Reason.LEAGUE_TOO_FEW_GAMES and few.value.params == {"least": 1, "played": 0}


@pytest.mark.slow
async def test_a_round_robin_of_five_at_twos_meets_every_pair_once(manager):
    league = await _open(manager, format="round_robin", table_size=2, rounds=0)
    for user, name in PEOPLE[:5]:
        await manager.leagues.sign_up(league.id, user, name)
    view = await manager.leagues.begin(league.id)
    assert view.league.rounds == 5
    while view.league.status == "running":
        await _deal(manager, view, 100 * view.league.round)
        view = await manager.leagues.view(league.id)
        for table in view.round_tables():
            await play_table(manager, table.thread_id, seed=table.game_id)
        view = await manager.leagues.advance(league.id)
    met = met_pairs(t.users for t in view.tables if not t.is_bye)
    assert len(met) == 10 and set(met.values()) == {1}
    assert sorted(t.users[0] for t in view.tables if t.is_bye) == [u for u, _n in PEOPLE[:5]]
