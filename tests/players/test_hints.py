"""Hints: the expert level's best moves for the seat to move, as data, changing nothing.

The search is given a number of look-aheads rather than CPU time here, so it is the same on every machine."""

from __future__ import annotations

import pytest

from players import Hint, hints
from players.expert import Expert
from players.hints import first_elements
from rules import apply, parse_action, view
from rules.actions import Deliver

from .games import position
from .test_legal import assert_legal


@pytest.mark.parametrize("phase", ["turn", "draw"])
@pytest.mark.slow
def test_hints_are_n_legal_distinct_actions_best_first_and_change_nothing(phase):
    state = position(phase, players=3, seed=4)
    seen = view(state, state.players[state.current].name)
    before_state, before_view = state.model_dump_json(), seen.model_dump_json()
    got = hints(seen, seed=5, n=3, budget=None, lookaheads=60)
    assert state.model_dump_json() == before_state and seen.model_dump_json() == before_view
    assert len(got) == 3 and [h.rank for h in got] == [1, 2, 3]
    assert len({h.action for h in got}) == 3
    searched = Expert(budget=None, lookaheads=60).evaluate(seen, 5)
    assert [parse_action(h.action) for h in got] == [j.action for j in searched[:3]]  # the search's order
    assert [h.expected_lead for h in got] == [round(j.lead, 2) for j in searched[:3]]
    for h in got:
        assert isinstance(h, Hint)
        assert_legal(state, parse_action(h.action))
    # The first hint is what the expert level plays from the same view and seed.
    assert parse_action(got[0].action) == Expert(budget=None, lookaheads=60).choose(seen, 5)


def test_a_hint_reports_what_its_action_does():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    hints_seen = hints(seen, seed=1, n=5, budget=None, lookaheads=60)
    for h in hints_seen:
        action = parse_action(h.action)
        after, _ = apply(state, action)
        me_before, me_after = state.players[state.current], after.players[state.current]
        if after.phase == "draw":  # a draw space: what it brings waits on the cards drawn
            continue
        assert h.marks == me_after.marks - me_before.marks
        assert h.workers == me_before.workers - me_after.workers
        assert h.vp == me_after.vp - me_before.vp
        assert h.orders_delivered == len(me_after.delivered) - len(me_before.delivered)
        if isinstance(action, Deliver):
            assert h.orders_delivered >= 1 and h.vp > 0
        # the same in the game's terms (issue 74, item 3): which cards, which tile, which elements
        assert list(h.delivered_cards) == [c for c in me_after.delivered if c not in me_before.delivered]
        assert len(h.delivered_cards) == h.orders_delivered
        held = {o.card: o for o in me_before.orders}
        for card in h.completed_cards:
            assert next(o for o in me_after.orders if o.card == card).complete and not held[card].complete
        for card in h.advanced_cards:
            now = next(o for o in me_after.orders if o.card == card)
            assert not now.complete and sum(map(len, now.spots)) > sum(map(len, held[card].spots))
        assert {o.card for o in me_after.orders} - set(held) == set(h.taken_cards)
        assert h.tile == next((t for t in me_after.tiles if t not in me_before.tiles), None)
        if after.shift == state.shift:
            led = set(first_elements(after, state.current)) - set(first_elements(state, state.current))
            assert set(h.first_in) == led
        assert h.settled == (state.shift >= 3)
    assert any(h.taken_cards or h.tile is not None or h.marks > 0 or h.advanced_cards for h in hints_seen)


def test_no_hints_once_the_game_is_over_or_for_none_asked():
    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    assert hints(seen, seed=1, n=0) == []
    assert hints(seen.model_copy(update={"phase": "over"}), seed=1) == []


def test_firsts_counts_the_coming_scoring_s_elements_a_seat_leads_r_shift_1_to_3():
    from players.hints import firsts
    from rules.components import ORDER_CARDS

    state = position("turn", players=2, seed=5).model_copy(deep=True)
    state.shift = 1
    yellow = next(k for k, card in enumerate(ORDER_CARDS) if 0 in card.spots)  # a card with a yellow spot

    def delivering(seat: int, cards: list[int]) -> None:  # a new player: a pit's counts are kept by identity
        state.players[seat] = state.players[seat].model_copy(update={"delivered": cards})

    delivering(0, [yellow])
    delivering(1, [])
    # shift 1 scores elements 1-4 (spots by colour on delivered orders): seat 0 leads each colour its card has
    colours = len(set(ORDER_CARDS[yellow].spots))
    assert firsts(state, 0) == colours and firsts(state, 1) == 0
    delivering(1, [yellow])  # a tie is first for both (R-SHIFT-4)
    assert firsts(state, 0) == firsts(state, 1) == colours
    state.shift = 2  # shift 2 adds elements 5-8, the spots by vehicle: the card's vehicle too
    assert firsts(state, 0) == colours + 1


def test_every_hint_says_why_in_one_sentence():
    from bot.i18n import speaking
    from bot.words.computers import hint_lines

    state = position("turn", players=2, seed=5)
    seen = view(state, state.players[state.current].name)
    got = hints(seen, seed=1, n=3, budget=None, lookaheads=60)
    with speaking("en"):
        lines = hint_lines(got)[1:]
    endings = ("of the coming shift scoring.", "ready to deliver.", "take the vehicle's space.", "end furthest ahead.")
    assert len(lines) == 3 and all(line.endswith(endings) for line in lines), lines
