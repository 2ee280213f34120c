"""The layout keeps every piece in its place: inside its pit and side, within the image, never overlapping."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rendering.layout import WIDTH, Box, board_layout, pit_image_layout
from rules.components import TILES

from .states import random_state


def _inside(inner: Box, outer: Box) -> bool:
    return outer.x0 <= inner.x0 and inner.x1 <= outer.x1 and outer.y0 <= inner.y0 and inner.y1 <= outer.y1


def _overlap(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _check_pit(pit, p, image: Box) -> None:
    assert _inside(pit.box, image)
    cubes = []
    for level, carts in enumerate(p.carts):
        row = pit.row_box(level + 1)
        for index in range(len(carts)):
            b = pit.cart_box(level, index)
            assert _inside(b, row), (level, index)
            assert b.w >= 10
            cubes.append(b)
    for a, b in combinations(cubes, 2):
        assert not _overlap(a, b)
    for place in pit.tiles:
        tile = TILES[place.tile]
        side = pit.dark_box(tile.colour + 1) if tile.dark else pit.light_box(tile.colour + 1)
        assert _inside(place.box, side)
    for a, b in combinations(pit.tiles, 2):
        assert not _overlap(a.box, b.box)
    assert _inside(pit.cage_box(), pit.shaft_box)
    assert pit.cage_box().center[1] == pit.level_y(p.cage_level)
    cards = [pit.order_card_box(k) for k in range(1, len(p.orders) + 1)]
    shown = [c for c in cards if c is not None]
    assert len(shown) == len(p.orders) or len(shown) == pit.order_slots - 1
    for c in shown:
        assert _inside(c, pit.box)
        assert not _overlap(c, pit.levels_box)
        assert not _overlap(c, pit.delivered_box)
    for a, b in combinations(shown, 2):
        assert not _overlap(a, b)
    for j in range(min(len(p.delivered), pit.delivered_slots)):
        assert _inside(pit.delivered_card_box(j), pit.box)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000), actions=st.integers(0, 400))
def test_board_layout_keeps_pieces_in_place(players, seed, actions):
    state = random_state(players, seed, actions)
    layout = board_layout(state)
    width, height = layout.size
    assert width == WIDTH
    image = Box(0, 0, width, height)
    pits = layout.pits
    for a, b in combinations(pits, 2):
        assert not _overlap(a.box, b.box)
    for seat, p in enumerate(state.players):
        _check_pit(pits[seat], p, image)
    if layout.band_box is not None:
        assert _inside(layout.band_box, image)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 400), seat=st.integers(0, 3))
def test_pit_image_layout_keeps_pieces_in_place(seed, actions, seat):
    state = random_state(4, seed, actions)
    pit = pit_image_layout(state, seat)
    p = state.players[seat]
    _check_pit(pit, p, Box(0, 0, WIDTH, pit.box.y1 + 12))
    assert all(pit.order_card_box(k) is not None for k in range(1, len(p.orders) + 1))  # the pit image shows all
