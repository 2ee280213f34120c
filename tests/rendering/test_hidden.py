"""What a viewer may not see is never drawn (R-VIS-1, R-VIS-2): render as two viewers and compare."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from rendering import render_board, render_pit
from rendering.board import board_image
from rendering.layout import Box, board_layout, pit_image_layout
from rendering.pit import pit_image
from rendering.png import _named_colours, palette_image
from rules.state import GameOptions

from .states import draw_state, mid_states, with_delivered


def _blank(img: Image.Image, boxes: list[Box]) -> Image.Image:
    out = img.copy()
    for b in boxes:
        out.paste((0, 0, 0), b.xy[:2] + (b.x1, b.y1))
    return out


def _same_outside(a: Image.Image, b: Image.Image, boxes: list[Box]) -> bool:
    return ImageChops.difference(_blank(a, boxes), _blank(b, boxes)).getbbox() is None


def _differs_inside(a: Image.Image, b: Image.Image, box: Box) -> bool:
    crop = box.xy[:2] + (box.x1, box.y1)
    return ImageChops.difference(a.crop(crop), b.crop(crop)).getbbox() is not None


def _state_with_deliveries():
    state = mid_states()[-1]  # 4 players
    assert sum(1 for p in state.players if p.delivered) >= 2
    return state


def test_delivered_orders_only_for_their_owner():
    state = _state_with_deliveries()
    owners = [seat for seat, p in enumerate(state.players) if p.delivered]
    a, b = owners[:2]
    name_a, name_b = state.players[a].name, state.players[b].name
    img_a, img_b = board_image(state, name_a), board_image(state, name_b)
    layout = board_layout(state)
    regions = [layout.pit(a).delivered_box, layout.pit(b).delivered_box]
    assert _same_outside(img_a, img_b, regions)
    assert _differs_inside(img_a, img_b, regions[0])  # a sees faces, b sees backs
    assert _differs_inside(img_a, img_b, regions[1])
    # a spectator sees what b sees of a's pit
    spectator = board_image(state, None)
    assert not _differs_inside(spectator, img_b, regions[0])


def test_hidden_card_faces_do_not_change_the_picture():
    state = _state_with_deliveries()
    seat = next(s for s, p in enumerate(state.players) if p.delivered)
    other = state.players[(seat + 1) % 4].name
    n = len(state.players[seat].delivered)
    swapped = with_delivered(state, seat, [(c + 11) % 44 for c in state.players[seat].delivered][:n])
    assert render_board(state, other) == render_board(swapped, other)
    assert render_board(state, None) == render_board(swapped, None)
    assert render_pit(state, seat, other) == render_pit(swapped, seat, other)
    assert render_pit(state, seat, state.players[seat].name) != render_pit(swapped, seat, state.players[seat].name)


def test_delivered_public_when_the_game_says_so():
    state = _state_with_deliveries().model_copy(update={"options": GameOptions(delivered="all")})
    names = [p.name for p in state.players]
    assert render_board(state, names[0]) == render_board(state, names[1]) == render_board(state, None)


def test_pit_image_hides_others_delivered_orders():
    state = _state_with_deliveries()
    seat = next(s for s, p in enumerate(state.players) if p.delivered)
    owner, other = state.players[seat].name, state.players[(seat + 1) % 4].name
    a, b = pit_image(state, seat, owner), pit_image(state, seat, other)
    region = pit_image_layout(state, seat).delivered_box
    assert _same_outside(a, b, [region])
    assert _differs_inside(a, b, region)


def test_drawn_tiles_and_cards_only_for_the_one_who_drew():
    for kind in ("tile", "order"):
        state = draw_state(kind)
        actor = state.players[state.current].name
        others = [p.name for p in state.players if p.name != actor and not p.delivered]
        layout = board_layout(state)
        band = layout.band_box
        assert band is not None
        mine = board_image(state, actor)
        for viewer in [None, *others]:
            theirs = board_image(state, viewer)
            delivered = [layout.pit(s).delivered_box for s in range(4)]
            assert _same_outside(mine, theirs, [band, *delivered])
            assert _differs_inside(mine, theirs, band)
        # what the others see does not depend on what was drawn, nor on the decks' order
        pending = state.pending.model_copy(update={"cards": list(reversed(state.pending.cards))})
        shuffled = state.model_copy(
            update={"pending": pending, "tile_deck": state.tile_deck[::-1], "order_deck": state.order_deck[::-1]}
        )
        if pending.cards != state.pending.cards:
            assert render_board(shuffled, actor) != render_board(state, actor)
        assert render_board(shuffled, None) == render_board(state, None)


def test_images_decode_to_the_drawn_pixels_on_the_fixed_palette():
    state = _state_with_deliveries()
    data = render_board(state, state.players[0].name)
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    drawn = board_image(state, state.players[0].name)
    on_palette = drawn.quantize(palette=palette_image(), dither=Image.Dither.NONE).convert("RGB")
    assert ImageChops.difference(decoded, on_palette).getbbox() is None
    # Pillow maps onto a given palette approximately: a named colour (coal, seats, cards, ...)
    # may come out a few levels off, never enough to be mistaken for another
    named = _named_colours()
    strip = Image.new("RGB", (len(named), 1))
    strip.putdata(named)
    mapped = strip.quantize(palette=palette_image(), dither=Image.Dither.NONE).convert("RGB")
    for colour, out in zip(named, mapped.get_flattened_data(), strict=True):
        assert max(abs(a - b) for a, b in zip(colour, out, strict=True)) <= 6, colour
