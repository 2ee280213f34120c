"""The picture agrees with the state: pixels probed where the layout says each thing is drawn."""

from __future__ import annotations

import pytest
from PIL import Image

from rendering import palette as pal
from rendering.board import board_image
from rendering.layout import board_layout, pit_image_layout
from rendering.pit import pit_image
from rules.components import ELEMENTS_SCORED, ORDER_CARDS, SPACES, TILES
from rules.state import GameState

from .states import mid_states, random_state, rich_state


def _cases() -> list[tuple[str, GameState]]:
    cases = [(f"mid-{k}", s) for k, s in enumerate(mid_states())]
    cases.append(("rich", rich_state()))
    cases += [(f"random-{n}", random_state(n, 20 + n, 30 + 25 * n)) for n in (2, 3, 4)]
    return cases


CASES = _cases()
IDS = [name for name, _ in CASES]


@pytest.fixture(scope="module", params=range(len(CASES)), ids=IDS)
def drawn(request) -> tuple[GameState, Image.Image]:
    state = CASES[request.param][1]
    return state, board_image(state)


def _px(img: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(point)


def test_cart_cubes(drawn):
    state, img = drawn
    layout = board_layout(state)
    for seat, p in enumerate(state.players):
        for level, carts in enumerate(p.carts):
            for index, cube in enumerate(carts):
                want = pal.COAL[cube] if cube >= 0 else pal.CART_EMPTY
                got = _px(img, layout.cart_box(seat, level, index).probe)
                assert got == want, f"seat {seat} level {level} cart {index}"


def test_tiles_are_on_their_side(drawn):
    state, img = drawn
    layout = board_layout(state)
    for seat, p in enumerate(state.players):
        pit = layout.pit(seat)
        assert sorted(place.tile for place in pit.tiles) == sorted(p.tiles)
        for place in pit.tiles:
            tile = TILES[place.tile]
            side = pit.dark_box(tile.colour + 1) if tile.dark else pit.light_box(tile.colour + 1)
            assert side.x0 <= place.box.x0 and place.box.x1 <= side.x1
            point = (place.box.x0 + 3, place.box.y0 + place.box.h * 3 // 4)
            assert _px(img, point) == (pal.TILE_DARK if tile.dark else pal.TILE_LIGHT)


def test_cage_level_and_contents(drawn):
    state, img = drawn
    layout = board_layout(state)
    for seat, p in enumerate(state.players):
        pit = layout.pit(seat)
        cage = layout.cage_box(seat)
        assert cage.center[1] == layout.cage_level_y(seat, p.cage_level)
        for level in range(5):
            frame = pit.cage_box(level)
            is_there = _px(img, (frame.x0 + 3, frame.center[1])) == pal.CAGE
            assert is_there == (level == p.cage_level), f"seat {seat} level {level}"
        cubes = [c for c in range(4) for _ in range(p.cage[c])]
        for k in range(5):
            want = pal.COAL[cubes[k]] if k < len(cubes) else pal.CAGE_SLOT
            assert _px(img, pit.cage_slot_box(k).probe) == want


def test_storage(drawn):
    state, img = drawn
    layout = board_layout(state)
    for seat, p in enumerate(state.players):
        for colour in range(4):
            want = pal.COAL[colour] if p.storage[colour] else pal.STORAGE
            assert _px(img, layout.pit(seat).storage_cube_box(colour).probe) == want


def test_order_spots(drawn):
    state, img = drawn
    layout = board_layout(state)
    checked = 0
    for seat, p in enumerate(state.players):
        pit = layout.pit(seat)
        for k, order in enumerate(p.orders, start=1):
            if pit.order_card_box(k) is None:  # beyond the cards that fit: counted as "+n"
                continue
            for s, on in enumerate(order.spots, start=1):
                want = pal.COAL[on[0]] if on else pal.CARD_SPOT
                assert _px(img, pit.order_spot_box(k, s).probe) == want, f"seat {seat} order {k} spot {s}"
                checked += 1
    assert checked


def test_worker_spaces(drawn):
    state, img = drawn
    layout = board_layout(state)
    for space in SPACES:
        point = layout.space_worker_point(space.index)
        if space.index in layout.locked:
            want = pal.LOCKED
        elif state.space_owner[space.index] >= 0:
            want = pal.SEAT_COLOURS[state.space_owner[space.index]]
        else:
            want = pal.EMPTY_WORKER
        assert _px(img, point) == want, space.name
    for seat, on_bank in enumerate(state.bank):
        point = layout.bank_worker_point(seat)
        assert (_px(img, point) == pal.SEAT_COLOURS[seat]) == (on_bank > 0)


def test_factory_and_order_display(drawn):
    state, img = drawn
    layout = board_layout(state)
    for k, tile_id in enumerate(state.factory, start=1):
        if tile_id is None:
            continue
        tile = TILES[tile_id]
        for j in range(tile.carts):
            assert _px(img, layout.factory_cube_box(k, j).probe) == pal.COAL[tile.colour]
        box = layout.factory_tile_box(k, tile.carts)
        assert _px(img, (box.x0 + 4, box.y0 + box.h * 3 // 4)) == (pal.TILE_DARK if tile.dark else pal.TILE_LIGHT)
    for k, card in enumerate(state.order_spaces, start=1):
        if card is None:
            continue
        for s in range(1, len(ORDER_CARDS[card].spots) + 1):
            assert _px(img, layout.order_space_spot_box(k, s).probe) == pal.CARD_SPOT


def test_clock_marks_the_shift_and_what_scores(drawn):
    state, img = drawn
    layout = board_layout(state)
    assert _px(img, layout.clock_shift_box(state.shift).probe) == pal.HIGHLIGHT
    for element in range(1, 13):
        cell = layout.clock_cell_box(element)
        framed = _px(img, (cell.x0 + 1, cell.center[1])) == pal.HIGHLIGHT
        assert framed == (element <= ELEMENTS_SCORED[state.shift])


def test_whose_turn(drawn):
    state, img = drawn
    layout = board_layout(state)
    for seat in range(len(state.players)):
        pit = layout.pit(seat).box
        lit = _px(img, (pit.x0 + 1, pit.center[1])) == pal.HIGHLIGHT
        assert lit == (state.phase != "over" and state.current == seat)


def test_pit_image_probes():
    state = rich_state()
    for seat, p in enumerate(state.players):
        img = pit_image(state, seat)
        pit = pit_image_layout(state, seat)
        assert img.width <= 1600 and img.height == pit.box.y1 + 12
        for level, carts in enumerate(p.carts):
            for index, cube in enumerate(carts):
                want = pal.COAL[cube] if cube >= 0 else pal.CART_EMPTY
                assert img.getpixel(pit.cart_box(level, index).probe) == want
        assert img.getpixel((pit.cage_box().x0 + 4, pit.level_y(p.cage_level))) == pal.CAGE
        for k, order in enumerate(p.orders, start=1):
            for s, on in enumerate(order.spots, start=1):
                want = pal.COAL[on[0]] if on else pal.CARD_SPOT
                assert img.getpixel(pit.order_spot_box(k, s).probe) == want


def _ticked(img: Image.Image, box) -> int:
    """How many pixels of the delivered icon's tick colour are in `box`."""
    crop = img.crop(box.xy).convert("RGB")
    return sum(1 for px in crop.get_flattened_data() if px == pal.TICK)


def test_the_pit_header_shows_orders_and_delivered_with_the_turn_images_icons(drawn):
    """One icon per meaning (issue 24): a plain card for the orders outstanding, a ticked card for the
    delivered ones, in /coal pit and on the full board alike."""
    state, img = drawn
    layout = board_layout(state)
    for seat in range(len(state.players)):
        pit = layout.pit(seat)
        assert _ticked(img, pit.stat_box("delivered")) > 10, f"seat {seat}: no tick on the delivered icon"
        assert _ticked(img, pit.stat_box("orders")) == 0, f"seat {seat}: the orders icon is ticked"
    big = pit_image(state, 0)
    pit = pit_image_layout(state, 0)
    assert _ticked(big, pit.stat_box("delivered")) > 10 and _ticked(big, pit.stat_box("orders")) == 0
