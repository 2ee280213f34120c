"""The lobby: new, join, leave, start, abort, and every refusal (with nothing changed in the file)."""

from __future__ import annotations

import contextlib
import re

import pytest

import rules
from bot.words.refusals import refusal
from games.errors import (
    AlreadySeated,
    AlreadyStarted,
    BadOptions,
    GameAlreadyRunning,
    GameError,
    GameFull,
    NoGameHere,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    NotYourTurn,
    Reason,
)
from games.manager import SEAT_COLOURS, unique_names
from storage import GameSettings
from tests.storage.helpers import GUILD, NAMES, OUTSIDER, USERS, lobby, started


def said(err: GameError) -> str:
    """What the player reads for a refusal: its typed reason worded by the bot's message layer."""
    return refusal(err)


@contextlib.contextmanager
def refusing(error: type[GameError], pattern: str):
    """The block raises `error`, and its sentence matches `pattern` from the start."""
    with pytest.raises(error) as info:
        yield info
    assert re.match(pattern, said(info.value)), said(info.value)


async def refused(target, error: type[GameError], message: str, call) -> None:
    """`call` is refused with exactly `message`, and the database is as it was."""
    before = await target.rows()
    with refusing(error, f"^{re.escape(message)}$"):
        await call
    assert await target.rows() == before


async def test_new_game_seats_the_author_as_host_with_default_options(manager, store):
    game = await manager.lobbies.new_game(GUILD, 5, USERS[0], "  Alice \n the  Miner ")
    assert (game.guild_id, game.channel_id, game.status, game.host_id) == (GUILD, 5, "lobby", USERS[0])
    assert [(s.seat, s.user_id, s.name, s.colour) for s in game.seats] == [(0, USERS[0], "Alice the Miner", "red")]
    assert game.options == GameSettings(delivered="own", timer="24h")
    assert game.state is None and game.seed is None and game.version == 0
    assert await store.queries.open_game(5) == game == await manager.games.current(5)


async def test_join_fills_seats_in_order_with_distinct_colours(manager):
    game = await lobby(manager, 1, players=4)
    assert [(s.user_id, s.name) for s in game.seats] == list(zip(USERS, NAMES, strict=True))
    assert [s.colour for s in game.seats] == list(SEAT_COLOURS)
    assert len(set(SEAT_COLOURS)) == 4


async def test_leave_closes_up_the_seats_and_hands_on_the_host(manager, store):
    await lobby(manager, 1, players=3)
    game = await manager.lobbies.leave(1, USERS[1])
    assert [(s.seat, s.user_id, s.colour) for s in game.seats] == [(0, USERS[0], "red"), (1, USERS[2], "blue")]
    game = await manager.lobbies.leave(1, USERS[0])  # the host leaves: the next seat hosts
    assert game.host_id == USERS[2] and [s.user_id for s in game.seats] == [USERS[2]]
    assert await store.queries.open_game(1) == game
    game = await manager.lobbies.leave(1, USERS[2])  # the last one out closes the lobby
    assert game.status == "aborted" and game.seats == ()
    assert await manager.games.current(1) is None
    assert (await manager.lobbies.new_game(GUILD, 1, USERS[3], "Dave")).host_id == USERS[3]


async def test_start_deals_the_rules_game_from_the_seed_with_unique_names(manager, store):
    await manager.lobbies.new_game(GUILD, 1, USERS[0], "Bob", {"delivered": "all", "timer": "none"})
    await manager.lobbies.join(1, USERS[1], "bob")
    await manager.lobbies.join(1, USERS[2], "Bob")
    game = await manager.lobbies.start(1, USERS[0], seed=1234)
    names = ["Bob", "bob (2)", "Bob (3)"]
    assert [s.name for s in game.seats] == names
    assert game.state == rules.new_game(names, 1234, rules.GameOptions(delivered="all"))
    assert (game.status, game.seed, game.version, game.deadline) == ("active", 1234, 0, None)
    assert await store.queries.load_game(game.id) == game
    assert game.user_of_player("bob (2)") == USERS[1]
    assert game.to_move_user == game.user_of_player(game.state.to_move)


async def test_start_without_a_seed_draws_a_63_bit_one(manager, store):
    await lobby(manager, 1)
    game = await manager.lobbies.start(1, USERS[0])
    assert 0 <= game.seed < 2**63
    assert game.state == rules.new_game(NAMES[:2], game.seed)
    assert (await store.queries.load_game(game.id)).seed == game.seed


def test_unique_names_never_collide():
    assert unique_names(["Bob (2)", "Bob", "bob", "BOB"]) == ["Bob (2)", "Bob", "bob (3)", "BOB (4)"]
    assert unique_names(["Ann", "Bea"]) == ["Ann", "Bea"]


async def test_abort_by_the_host_or_a_moderator_keeps_the_game_in_history(manager, store):
    await started(manager, 1)
    game = await manager.lobbies.abort(1, USERS[0])
    assert game.status == "aborted" and await manager.games.current(1) is None
    assert (await store.queries.load_game(game.id)).status == "aborted"
    await lobby(manager, 1)
    game = await manager.lobbies.abort(1, OUTSIDER, is_admin=True)
    assert game.status == "aborted"
    assert [g.status for g in await store.queries.games()] == ["aborted", "aborted"]


# --- refusals ------------------------------------------------------------------------------


async def test_no_game_here(manager, target):
    message = "There is no game in this channel. Start one with `/coal new`."
    await lobby(manager, 2)  # a game elsewhere does not count
    for call in (
        manager.lobbies.join(1, USERS[0], "Alice"),
        manager.lobbies.leave(1, USERS[0]),
        manager.lobbies.start(1, USERS[0]),
        manager.lobbies.abort(1, USERS[0], is_admin=True),
        manager.moves.act(1, USERS[0], rules.UseBank()),
        manager.games.game_in(1),
    ):
        await refused(target, NoGameHere, message, call)


async def test_game_already_running(manager, target):
    await lobby(manager, 1)
    await refused(
        target,
        GameAlreadyRunning,
        "This channel already has a lobby (host: Alice). "
        "Finish it or `/coal host abort` it first, or play in another channel or thread.",
        manager.lobbies.new_game(GUILD, 1, USERS[2], "Carol"),
    )
    await manager.lobbies.start(1, USERS[0], seed=1)
    await refused(
        target,
        GameAlreadyRunning,
        "This channel already has a game running (host: Alice). "
        "Finish it or `/coal host abort` it first, or play in another channel or thread.",
        manager.lobbies.new_game(GUILD, 1, USERS[0], "Alice"),
    )


async def test_already_seated(manager, target):
    await lobby(manager, 1)
    for user in USERS[:2]:
        await refused(target, AlreadySeated, "You are already seated in this game.", manager.lobbies.join(1, user, "X"))


async def test_game_full(manager, target):
    await lobby(manager, 1, players=4)
    await refused(
        target,
        GameFull,
        "The game is full (4 players). Watch, or open a game in another channel.",
        manager.lobbies.join(1, OUTSIDER, "Eve"),
    )


async def test_not_the_host(manager, target):
    await lobby(manager, 1, players=3)
    await refused(target, NotHost, "Only the host, Alice, can start the game.", manager.lobbies.start(1, USERS[1]))
    await refused(
        target, NotHost, "Only the host, Alice, or a moderator can abort the game.", manager.lobbies.abort(1, USERS[2])
    )
    await manager.lobbies.start(1, USERS[0], seed=3)
    await refused(
        target, NotHost, "Only the host, Alice, or a moderator can abort the game.", manager.lobbies.abort(1, OUTSIDER)
    )


async def test_not_enough_players(manager, target):
    await lobby(manager, 1, players=1)
    await refused(
        target,
        NotEnoughPlayers,
        "Coal Baron needs 2 to 4 players; only 1 is seated. Others can `/coal join`.",
        manager.lobbies.start(1, USERS[0]),
    )


async def test_not_seated_cannot_leave(manager, target):
    await lobby(manager, 1)
    await refused(target, NotSeated, "You are not seated in this game.", manager.lobbies.leave(1, OUTSIDER))


async def test_seats_are_fixed_once_started(manager, target):
    await started(manager, 1)
    await refused(
        target,
        AlreadyStarted,
        "The game has already started; seats are fixed until it ends.",
        manager.lobbies.join(1, OUTSIDER, "Eve"),
    )
    await refused(
        target,
        AlreadyStarted,
        "The game has already started; the host can `/coal host abort` it.",
        manager.lobbies.leave(1, USERS[1]),
    )
    await refused(target, AlreadyStarted, "The game has already started.", manager.lobbies.start(1, USERS[0]))


async def test_bad_options(manager, target):
    await refused(
        target,
        BadOptions,
        "`timer` is one of `none`, `1h`, `12h`, `24h`, `48h`, `72h`.",
        manager.lobbies.new_game(GUILD, 1, USERS[0], "Alice", {"timer": "5m"}),
    )
    await refused(
        target,
        BadOptions,
        "`delivered` is one of `own: face down, only their owner`, `all: face up for everyone`."
        " `speed` is not a game option.",
        manager.lobbies.new_game(GUILD, 1, USERS[0], "Alice", {"delivered": "none", "speed": 2}),
    )


async def test_refusals_are_typed_reasons_with_parameters_and_no_words(manager):
    """The manager says why, not how: the reason and its parameters, for any language to word."""
    await lobby(manager, 1, players=3)
    with pytest.raises(NotHost) as info:
        await manager.lobbies.start(1, USERS[1])
    assert (info.value.reason, info.value.params) == (Reason.HOST_STARTS, {"host": "Alice"})
    with pytest.raises(BadOptions) as info:
        await manager.lobbies.new_game(GUILD, 2, USERS[0], "Alice", {"delivered": "none", "speed": 2})
    assert (info.value.reason, info.value.params) == (Reason.BAD_OPTIONS, {"fields": ("delivered", "speed")})
    game = await manager.lobbies.start(1, USERS[0], seed=3)
    with pytest.raises(NotYourTurn) as info:
        await manager.moves.act(1, next(u for u in USERS[:3] if u != game.to_move_user), "draft 1")
    assert (info.value.reason, info.value.params) == (Reason.NOT_YOUR_TURN, {"to_move": game.state.to_move})
    assert str(info.value) == f"not_your_turn(to_move={game.state.to_move!r})"  # what the logs show


def test_the_rules_tables_agree_with_the_number_of_seats():
    """One source for the seats: 2 to len(SEAT_COLOURS); the per-count tables of the rules cover exactly those."""
    from rules.components import MAX_PLAYERS, MIN_PLAYERS, STARTING_MARKS, WORKERS

    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, len(SEAT_COLOURS)) == (2, 4)
    assert set(WORKERS) == set(STARTING_MARKS) == set(range(MIN_PLAYERS, MAX_PLAYERS + 1))


async def test_limits_hold_for_lobbies_and_seats_requested_at_once(manager):
    """Requests in many channels at once each pass the limit only if a place is left (issue 28)."""
    import asyncio

    from games.errors import OverLimit
    from games.limits import Limits

    manager.games.limits = Limits(lobbies_per_server=10, games_per_person=5, new_per_hour=100)
    opened = await asyncio.gather(
        *(manager.lobbies.new_game(1, 100 + k, 1000 + k, f"p{k}") for k in range(40)), return_exceptions=True
    )
    assert sum(not isinstance(o, Exception) for o in opened) == 10
    assert all(isinstance(o, OverLimit) for o in opened if isinstance(o, Exception))
    joined = await asyncio.gather(
        *(manager.lobbies.join(100 + k, 7, "Seven") for k in range(10)), return_exceptions=True
    )
    assert sum(not isinstance(j, Exception) for j in joined) == 5  # one person: five games at most
