"""Nothing a seat may not see leaves the bot (R-VIS-1, R-VIS-2; issue 46).

Two kinds of check. Twins: for a state and a viewer, a second state that differs in everything hidden
from that viewer (the seed, the random generator, the decks' order, the other players' face-down
delivered orders, another player's drawn cards) and has the same `rules.view`; whatever the bot shows
that viewer must be the same for both. And through Discord: `/coal export` of a running game is the
asker's `rules.view`, with no seed, for a seated player and a spectator alike; the whole record once the
game has ended.
"""

from __future__ import annotations

import json

import pytest

import rules
from bot.i18n import speaking
from bot.words import images, status
from bot.words.choices import label
from games.autoplay import question
from games.choices import choices_for
from games.export import export_of
from rendering import render_pit, render_turn
from rules import GameState
from rules.record import GameRecord, RecordedAction
from storage import Game, GameSettings, SeatRow
from tests.rendering.states import draw_state, mid_states

from .driver import actor, fast_forward, start_game, stored

LANGUAGES = ("en", "de", "it", "es", "ja")


def twin(state: GameState, viewer: str | None) -> GameState:
    """A state `viewer` cannot tell from `state`: its `rules.view` is the same, everything hidden differs."""
    deck = list(state.order_deck)
    players = []
    for p in state.players:
        if p.name != viewer and state.options.delivered != "all" and p.delivered and deck:
            # each face-down delivered order swapped with a card still in the order deck (both hidden)
            swapped = []
            for card in p.delivered:
                swapped.append(deck.pop())
                deck.insert(0, card)
            p = p.model_copy(update={"delivered": swapped})
        players.append(p)
    update: dict = {
        "seed": state.seed + 1,
        "rng": state.rng + 1,
        "tile_deck": state.tile_deck[::-1],
        "order_deck": deck[::-1],
        "players": players,
    }
    if state.pending is not None and state.players[state.current].name != viewer:
        update["pending"] = state.pending.model_copy(update={"cards": state.pending.cards[::-1]})
    other = state.model_copy(update=update)
    assert rules.view(other, viewer) == rules.view(state, viewer)
    assert other != state
    return other


def game_of(state: GameState, status: str = "active") -> Game:
    """A stored game around `state`: seat k held by user 100 + k."""
    seats = tuple(SeatRow(k, 100 + k, p.name, "red") for k, p in enumerate(state.players))
    return Game(1, 1, 1, status, GameSettings(), 100, seats, state.seed, state, state.turn, 0.0, 0.0)  # type: ignore[arg-type]


def situations() -> list[tuple[GameState, str | None]]:
    """States with hidden things in them, seen by each player and a spectator."""
    states = [mid_states()[k] for k in (2, 5, 8)] + [draw_state("tile"), draw_state("order")]
    assert any(p.delivered for s in states for p in s.players), "no hidden delivered orders to check"
    return [(s, viewer) for s in states for viewer in [*(p.name for p in s.players), None]]


@pytest.mark.parametrize("k", range(5))
@pytest.mark.slow
def test_what_a_seat_is_shown_is_the_same_for_states_it_cannot_tell_apart(k):
    """Export, alt texts, status, autocomplete, the computers' and the hints' question, images."""
    state = [s for s, _v in situations()][k * 4]
    for viewer in [*(p.name for p in state.players), None]:
        other = twin(state, viewer)
        a, b = game_of(state), game_of(other)
        user = next((s.user_id for s in a.seats if s.name == viewer), 999)
        record = GameRecord(seed=state.seed, players=[p.name for p in state.players], actions=[])
        twin_record = record.model_copy(update={"seed": other.seed})
        assert export_of(a, record, user) == export_of(b, twin_record, user)
        for lang in LANGUAGES:
            with speaking(lang):
                assert images.board(state, "x") == images.board(other, "x")
                assert status.status_blocks(a) == status.status_blocks(b)
                if viewer is not None:
                    shown = [label(state, c) for c in choices_for(state, viewer)]
                    assert shown == [label(other, c) for c in choices_for(other, viewer)]
        if viewer is not None:
            # hints and computers: what they are told of the game (their seed is a hash of the game's seed)
            assert question(a, viewer, "expert").seen == question(b, viewer, "expert").seen
            assert render_pit(state, viewer, viewer) == render_pit(other, viewer, viewer)
        assert render_turn(state, viewer) == render_turn(other, viewer)


def test_a_running_game_s_export_is_the_asker_s_view_and_an_ended_one_the_whole_record():
    state = mid_states()[8]  # four players, delivered orders face down
    record = GameRecord(
        seed=state.seed,
        players=[p.name for p in state.players],
        actions=[RecordedAction(player=state.players[0].name, action="bank")],
    )
    game = game_of(state)
    for seat in game.seats:
        got = export_of(game, record, seat.user_id)
        assert "seed" not in got and got["complete"] is False and got["viewer"] == seat.name
        assert got["state"] == rules.view(state, seat.name).model_dump(mode="json")
        assert got["actions"] == [{"player": state.players[0].name, "action": "bank"}]
    spectator = export_of(game, record, 999)
    assert spectator["viewer"] is None and spectator["state"] == rules.view(state, None).model_dump(mode="json")
    for ended in ("finished", "aborted"):
        assert export_of(game_of(state, ended), record, 999) == record.model_dump(mode="json")


async def test_export_through_discord_hides_the_seed_until_the_game_ends(world):
    w = world
    seed = 8_424_336_977_113_905  # long enough not to turn up in the JSON by chance
    await start_game(w, 3, seed=seed, delivered="own")
    game = await fast_forward(w, 40)
    for member in (*w.players[:3], w.dave):  # three seats and a spectator
        r = await member.slash(w.channel, "coal record export")
        assert r.ephemeral and "still running" in r.response.content
        got = json.loads(await r.response.attachments[0].read())
        seat = game.seat_of_user(member.id)
        name = seat.name if seat else None
        assert "seed" not in got and got["viewer"] == name
        assert got["state"] == rules.view(game.state, name).model_dump(mode="json")
        assert str(game.seed) not in json.dumps(got)
    await w.bot.manager.lobbies.abort(w.channel.id, w.alice.id)
    await w.env.advance_time(3600)  # past the export's cooldown
    r = await w.dave.slash(w.channel, "coal record export")
    assert json.loads(await r.response.attachments[0].read())["seed"] == seed


async def test_a_seat_s_own_drawn_cards_are_in_its_export_only(world):
    w = world
    await start_game(w, 2, seed=7)
    game = await fast_forward(w, 200, until=lambda g: g.state.phase == "turn" and g.state.factory)
    drawer = actor(w, game)
    game = (await w.bot.manager.moves.act(w.channel.id, drawer.id, rules.parse_action("order draw"))).game
    assert game.state.phase == "draw"
    other = next(m for m in w.players[:2] if m.id != drawer.id)
    mine = json.loads(await (await drawer.slash(w.channel, "coal record export")).response.attachments[0].read())
    theirs = json.loads(await (await other.slash(w.channel, "coal record export")).response.attachments[0].read())
    assert -1 not in mine["state"]["pending"]["cards"]
    assert set(theirs["state"]["pending"]["cards"]) == {-1}
    assert (await stored(w)).state.pending.cards == mine["state"]["pending"]["cards"]


def _public_cards(state: GameState) -> tuple[set[int], set[int]]:
    """The order cards and tiles a spectator sees: on display, drafted or outstanding, and every pit's tiles."""
    seen = rules.view(state, None)
    orders = {c for c in (*seen.order_spaces, *seen.draft_cards) if c is not None and c >= 0}
    orders |= {o.card for p in seen.players for o in p.orders} | {c for p in seen.players for c in p.delivered}
    tiles = {t for t in seen.factory if t is not None and t >= 0} | {t for p in seen.players for t in p.tiles}
    return {c for c in orders if c >= 0}, tiles


@pytest.mark.parametrize("seed", range(4))
def test_the_log_s_events_name_only_cards_a_spectator_sees_before_or_after_them(seed):
    """`/coal log`, the turn messages and the catch-up words are made of events, which carry public
    information only (R-VIS-1, R-VIS-2): every card or tile an event names is on show before or after it."""
    from rules.record import Chooser, random_action

    state = rules.new_game(["a", "b", "c"][: 2 + seed % 2], seed, rules.GameOptions(delivered="own"))
    chooser = Chooser(seed)
    while state.phase != "over":
        after, events = rules.apply(state, random_action(state, chooser))
        orders = set.union(_public_cards(state)[0], _public_cards(after)[0])
        tiles = set.union(_public_cards(state)[1], _public_cards(after)[1])
        for event in events:
            for card in [getattr(event, "card", None), *getattr(event, "cards", ())]:
                if card is not None:
                    assert card in orders, event
            if getattr(event, "tile", None) is not None:
                assert event.tile in tiles, event
        state = after
