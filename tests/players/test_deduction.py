"""The expert's sampled games agree with what the view tells of the rivals' face-down delivered orders."""

from __future__ import annotations

import pytest

from players.deduction import Clues, clues, fill
from players.knowledge import determinize, unseen_orders
from rules import GameState, view
from rules.components import CLOCK, ORDER_CARDS, TILES
from rules.scoring import element_count
from rules.state import Player

from .games import pieces, play


def _late(players: int, seed: int) -> GameState:
    """A normal-level game in its last shift, the clocks' counts of two scorings on the table."""
    state, _ = play(["normal"] * players, seed, stop=lambda s: s.shift == 3 and s.phase == "turn")
    assert state.shift == 3 and all(r.delivered for r in state.shift_results)
    return state


def _agrees(cards: list[int], told: Clues) -> bool:
    """`cards` as delivered orders could be what the view tells: their VP and each scoring's counts."""
    if told.vp is not None and sum(ORDER_CARDS[c].vp for c in cards) != told.vp:
        return False
    for k, counts in told.scorings:
        then = Player.model_construct(delivered=cards[:k])  # element_count reads only the delivered cards
        if any(element_count(then, CLOCK[e]) != count for e, count in counts.items()):
            return False
    return len(cards) == told.cards


def test_r_vis_1_the_clues_are_the_rivals_scored_vp_and_the_counts_shift_scoring_revealed():
    state = _late(3, 4)
    me = state.current
    seen = view(state, state.players[me].name)
    for seat, p in enumerate(state.players):
        if seat == me:
            continue
        told = clues(seen, seat)
        assert told.cards == len(p.delivered) and seen.players[seat].delivered == [-1] * told.cards
        assert told.vp == sum(ORDER_CARDS[c].vp for c in p.delivered)  # nothing else scores before the end
        assert [k for k, _ in told.scorings] == [r.delivered[seat] for r in state.shift_results]
        assert sorted(told.scorings[0][1]) == [0, 1, 2, 3]  # shift 1: the colours
        assert sorted(told.scorings[1][1]) == list(range(8))  # shift 2: the vehicles too
        assert _agrees(p.delivered, told)  # the truth agrees with its clues


@pytest.mark.slow
def test_the_expert_s_sampled_games_give_every_rival_delivered_orders_that_agree_with_the_clues():
    for players, seed in ((2, 3), (3, 4), (4, 6)):
        state = _late(players, seed)
        me = state.current
        seen = view(state, state.players[me].name)
        told = {seat: clues(seen, seat) for seat in range(players) if seat != me}
        uniform_disagrees = 0
        for k in range(6):
            sample = determinize(seen, k, deduce=True)
            for seat, t in told.items():
                assert _agrees(sample.players[seat].delivered, t), (players, seed, k, seat)
            uniform = determinize(seen, k)
            uniform_disagrees += any(not _agrees(uniform.players[s].delivered, t) for s, t in told.items())
            # Still a whole game: every tile and order card exactly once.
            assert pieces(sample) == (list(range(len(ORDER_CARDS))), list(range(len(TILES))))
        assert uniform_disagrees  # the clues narrow what a uniform sample would give
        # Different seeds find different agreeing sets where more than one agrees.
        found = [determinize(seen, k, deduce=True).players for k in range(6)]
        samples = {(s, tuple(sorted(players[s].delivered))) for players in found for s in told}
        assert len(samples) > len(told)


def test_every_set_found_agrees_and_no_card_serves_two_rivals():
    state = _late(4, 6)
    me = state.current
    seen = view(state, state.players[me].name)
    rivals = [seat for seat in range(4) if seat != me]
    told = [clues(seen, seat) for seat in rivals]
    found = fill(told, unseen_orders(seen))
    assert all(cards is not None and _agrees(cards, t) for cards, t in zip(found, told, strict=True))
    every = [c for cards in found if cards for c in cards]
    assert len(every) == len(set(every)) and set(every) <= set(unseen_orders(seen))
    # A rival no set agrees with gets none; the others still get theirs, each in turn.
    impossible = Clues(told[0].cards, told[0].cards * max(c.vp for c in ORDER_CARDS) + 1, told[0].scorings)
    found = fill([impossible, *told[1:]], unseen_orders(seen))
    assert found[0] is None
    assert all(cards is not None and _agrees(cards, t) for cards, t in zip(found[1:], told[1:], strict=True))


def test_clues_no_cards_agree_with_give_none_and_the_sample_falls_back_to_uniform():
    state = _late(2, 3)
    me, rival = state.current, 1 - state.current
    seen = view(state, state.players[me].name)
    told = clues(seen, rival)
    impossible = Clues(told.cards, told.cards * max(c.vp for c in ORDER_CARDS) + 1, told.scorings)
    assert fill([impossible], unseen_orders(seen)) == [None]
    seen.players[rival].vp += impossible.vp - told.vp  # no set of cards scores that much
    sample = determinize(seen, 1, deduce=True)
    assert sample.players[rival].delivered == determinize(seen, 1).players[rival].delivered


def test_a_game_saved_before_the_numbers_were_kept_uses_the_vp_alone():
    state = _late(2, 3)
    me, rival = state.current, 1 - state.current
    old = GameState.model_validate(
        state.model_dump(exclude={"shift_results": {"__all__": {"delivered"}}, "to_move": True})
    )
    assert all(r.delivered == [] for r in old.shift_results)
    told = clues(view(old, old.players[me].name), rival)
    assert told.scorings == () and told.vp == sum(ORDER_CARDS[c].vp for c in state.players[rival].delivered)
