"""Why? in words (issue 74, item 3): a reason in the game's terms, naming the order card, the tunnel tile's
carts or the shift-scoring element, and the final margin said as ahead or behind, only once it has settled
(the last shift). It said "it expects to lead by −7 VP … the one whose look-aheads end furthest ahead" for
almost every move, with a lead swinging from −7 to +74 between two turns."""

from __future__ import annotations

import pytest

from bot.i18n import speaking
from bot.words import tutorial
from bot.words.computers import final_margin, reason_in_game_terms
from players import Hint
from rules.components import ORDER_CARDS, TILES

TRUCK = next(k for k, c in enumerate(ORDER_CARDS) if c.vehicle_name == "truck" and len(c.spots) > 1)


def hint(action: str = "money 2", **made: object) -> Hint:
    fields: dict[str, object] = dict(
        action=action,
        rank=1,
        expected_lead=0.0,
        vp=0,
        orders_delivered=0,
        orders_taken=0,
        spots_filled=0,
        cubes_loaded=0,
        marks=0,
        workers=1,
    )
    fields.update(made)
    return Hint.model_validate(fields)


def test_the_reason_names_the_order_the_tile_or_the_element():
    truck = ORDER_CARDS[TRUCK]
    label = f"Truck {truck.vp} VP"
    assert reason_in_game_terms(hint(completed_cards=(TRUCK,))) == (
        f"It completes your order ({label}), so you can deliver it on a later turn."
    )
    assert reason_in_game_terms(hint(delivered_cards=(TRUCK,), first_in=(1,))) == (
        f"It scores your order ({label}) now, before a rival can take that vehicle's space."
        " It puts you first for the coming shift scoring in: Delivered brown spots."
    )
    spots = len(truck.spots)
    assert reason_in_game_terms(hint(advanced_cards=(TRUCK,), advanced_filled=1)) == (
        f"It brings your order ({label}) closer to delivery: 1 of its {spots} spots filled."
    )
    assert reason_in_game_terms(hint(taken_cards=(TRUCK,))) == f"It takes a new order ({label}) for your coal to fill."
    one_cart = next(t.id for t in TILES if t.carts == 1)
    assert reason_in_game_terms(hint(tile=one_cart)) == (
        "It adds a tunnel tile with 1 cart to your pit: more coal to mine for your orders."
    )
    assert reason_in_game_terms(hint(marks=4)) == "It takes 4 marks for the tunnel tiles and orders still to buy."
    assert reason_in_game_terms(hint()) == "Of the moves judged, it is the one whose look-aheads end furthest ahead."
    assert reason_in_game_terms(hint("mine 8")).startswith("It mines nothing")


def test_the_margin_is_said_as_ahead_or_behind_and_only_once_it_has_settled():
    assert final_margin(hint(expected_lead=-7.4, settled=True)) == "It expects you to finish 7 VP behind."
    assert final_margin(hint(expected_lead=12.0, settled=True)) == "It expects you to finish 12 VP ahead."
    assert final_margin(hint(expected_lead=0.3, settled=True)) == "It expects you to finish level with the best rival."
    assert final_margin(hint(expected_lead=74.0, settled=False)) == ""  # before the last shift: no number
    said = tutorial.why([hint(expected_lead=-7.0, completed_cards=(TRUCK,))])
    assert "lead" not in said and "−7" not in said and "-7" not in said


@pytest.mark.parametrize("lang", ["it", "es", "de", "ja"])
def test_every_reason_is_a_translated_sentence(lang):
    english = [
        reason_in_game_terms(h)
        for h in (hint(completed_cards=(TRUCK,)), hint(taken_cards=(TRUCK,)), hint(first_in=(0,)), hint(marks=1))
    ] + [final_margin(hint(expected_lead=-3, settled=True))]
    with speaking(lang):
        said = [
            reason_in_game_terms(h)
            for h in (hint(completed_cards=(TRUCK,)), hint(taken_cards=(TRUCK,)), hint(first_in=(0,)), hint(marks=1))
        ] + [final_margin(hint(expected_lead=-3, settled=True))]
    assert all(s and s != e for s, e in zip(said, english, strict=True)), said
