"""The turn image: readable in Discord's inline box, the last move marked, nothing hidden shown, same bytes."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image, ImageChops

from rendering import last_move, render_turn
from rendering import palette as pal
from rendering.png import quantize
from rendering.samples import NAMES, demo_action
from rendering.text import font
from rendering.turn import turn_image, turn_image_rgb
from rendering.turn_layout import INLINE, INLINE_SCALE, turn_layout
from rules import apply, legal_actions, new_game
from rules.actions import ChooseDrawn, DraftPick, Mine, PlaceFactory, TakeOrder
from rules.components import ELEMENTS_SCORED, SPACES
from rules.record import Chooser
from rules.state import GameState

from .states import draw_state, mid_states, random_state

LONG = [
    "Maximilian-Alexander von Humbold",
    "Ωμέγα-Αλέξανδρος Παπαδόπουλος-X",
    "山田太郎山田太郎山田太郎山田太郎",
    "😀" * 32,
]


def _long_names(state: GameState) -> GameState:
    players = [p.model_copy(update={"name": LONG[k]}) for k, p in enumerate(state.players)]
    return state.model_copy(update={"players": players})


def _legibility_cases() -> list[tuple[str, GameState]]:
    cases = []
    for n in (2, 3, 4):
        cases.append((f"opening-{n}", new_game(["a", "b", "c", "d"][:n], 5)))
        cases.append((f"early-{n}", random_state(n, 40 + n, 40)))
        cases.append((f"late-{n}", random_state(n, 50 + n, 400)))
        cases.append((f"long-names-{n}", _long_names(random_state(n, 60 + n, 150))))
    cases.append(("draw", draw_state("tile")))
    return cases


@pytest.mark.parametrize(("name", "state"), _legibility_cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_text_is_readable_inline(name, state):
    """Scaled to fit 550 x 350, each text's line is >= 9 px and its digits and capitals >= 6.3 px tall
    (measured with the font), every text inside the image, no two texts overlapping."""
    layout = turn_layout(state)
    w, h = layout.size
    scale = min(INLINE[0] / w, INLINE[1] / h)
    # 1600 wide, as tall as the seats need (issue 24): Discord scales by the width, so the texts keep their size
    assert scale == pytest.approx(INLINE_SCALE) and w == 1600 and h <= 1000
    texts = layout.texts()
    roles = {t.role for t in texts}
    assert {"name", "vp", "marks", "workers", "orders", "delivered", "clock-first", "shift"} <= roles
    for t in texts:
        assert t.size * scale >= 9, (t.role, t.text, t.size)
        x0, y0, x1, y1 = font(t.size, True).getbbox("0H")
        assert (y1 - y0) * scale >= 6.3, (t.role, t.text)
        assert 0 <= t.box.x0 and t.box.x1 <= w and 0 <= t.box.y0 and t.box.y1 <= h, (t.role, t.text)
    for a, b in combinations(texts, 2):
        overlap = a.box.x0 < b.box.x1 and b.box.x0 < a.box.x1 and a.box.y0 < b.box.y1 and b.box.y0 < a.box.y1
        assert not overlap, (a, b)
    band = layout.band_box
    for t in texts:
        if t.role.startswith("band"):
            assert band is not None and band.x0 <= t.box.x0 and t.box.x1 <= band.x1
            assert band.y0 <= t.box.y0 and t.box.y1 <= band.y1, t
    for seat in range(len(state.players)):  # names stay in their column, clear of the icons
        name_box = next(t.box for t in texts if t.role == "name" and t.key == seat)
        assert name_box.x1 <= layout.player_cell(seat, "vp").x0


def _px(img: Image.Image, point: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(point)


def _framed(img: Image.Image, box, colour=pal.LAST) -> bool:
    """The frame drawn around `box`: its left edge, halfway down."""
    return _px(img, (box.x0 + 1, box.center[1])) == colour


def _play(state: GameState, pick) -> tuple[GameState, object, GameState]:
    action = next(a for a in legal_actions(state) if pick(a))
    after, _ = apply(state, action)
    return state, action, after


def _move_cases():
    """For each kind of move, a state of a demo game where it is legal, the move, and the state after."""
    cases = {}
    state = new_game(NAMES, 1)
    chooser = Chooser(1)
    wanted = ("factory", "mine", "money", "order", "bank", "deliver")
    while state.phase != "over" and len(cases) < len(wanted):
        if state.phase == "turn":
            for kind in wanted:
                if kind not in cases and state.shift >= 2:
                    found = [a for a in legal_actions(state) if a.kind == kind and getattr(a, "space", 0) != "draw"]
                    if found:
                        after, _ = apply(state, found[-1])
                        cases[kind] = (state, found[-1], after)
        state, _ = apply(state, demo_action(state, chooser))
    assert len(cases) == len(wanted), sorted(cases)
    opening = new_game(["Alice", "Bob", "Carol"], 4)
    cases["draft"] = _play(opening, lambda a: isinstance(a, DraftPick) and a.card == 3)
    drawn = draw_state("tile")
    cases["keep"] = _play(drawn, lambda a: isinstance(a, ChooseDrawn) and a.pick is not None)
    return cases


MOVES = _move_cases()


@pytest.mark.parametrize("kind", list(MOVES))
def test_the_last_move_is_marked(kind):
    before, action, after = MOVES[kind]
    last = last_move(before, action, after)
    seat = before.current
    assert last.seat == seat
    img = turn_image_rgb(after, None, last)
    plain = turn_image_rgb(after, None, None)
    layout = turn_layout(after)
    for space in SPACES:
        if space.index in layout.covered_spaces:  # under the band: not drawn
            continue
        marked = space.index in last.spaces
        assert _framed(img, layout.space_box(space.index)) == marked, space.name
        assert not _framed(plain, layout.space_box(space.index))
    assert _framed(img, layout.bank_box) == (kind == "bank")
    for col in ("vp", "marks", "workers", "orders", "delivered", "cage"):
        for s in range(len(after.players)):
            want = s == seat and col in last.changed
            assert _framed(img, layout.player_cell(s, col)) == want, (col, s)
    if kind == "draft":
        assert last.draft_card == 2
        assert _framed(img, layout.band_item_box(2).inset(-4))
    expect = {
        "factory": ({"marks", "workers"}, True),
        "mine": ({"workers"}, False),
        "money": ({"marks", "workers"}, False),
        "order": ({"orders", "workers"}, False),
        "bank": ({"marks", "workers"}, False),
        "deliver": ({"vp", "delivered", "orders", "workers"}, False),
        "draft": ({"orders"}, False),
        "keep": (set(), True),
    }[kind]
    assert expect[0] <= last.changed, last.changed
    gained = layout.player_cell(seat, "gained")
    assert _framed(img, gained) == (expect[1] or last.order is not None)
    if kind == "factory":
        assert last.tile is not None and last.tile in after.players[seat].tiles
        assert _px(img, (gained.x0 + 12, gained.center[1] + 30)) in (pal.TILE_LIGHT, pal.TILE_DARK)
    if kind == "keep":
        assert isinstance(action, ChooseDrawn)
        assert last.spaces == (SPACES[8].index,)  # the factory draw space


def test_used_space_of_a_mine_and_a_draw():
    mine = next(m for m in MOVES.values() if isinstance(m[1], Mine))
    last = last_move(*mine)
    assert len(last.spaces) == 1 and SPACES[last.spaces[0]].group == "mine"
    before = mid_states()[-1]
    for state in (before,):
        for action in legal_actions(state):
            if isinstance(action, PlaceFactory | TakeOrder) and action.space == "draw":
                after, _ = apply(state, action)
                assert SPACES[last_move(state, action, after).spaces[0]].is_draw


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_probes(players):
    state = random_state(players, 70 + players, 90)
    img = turn_image_rgb(state)
    layout = turn_layout(state)
    for space in SPACES:
        if space.index in layout.locked or space.index in layout.covered_spaces:
            continue
        owner = state.space_owner[space.index]
        want = pal.SEAT_COLOURS[owner] if owner >= 0 else pal.EMPTY_WORKER
        assert _px(img, layout.worker_point(space.index)) == want, space.name
    for k, tile in enumerate(state.factory, start=1):
        if tile is not None and SPACES[k - 1].index not in layout.locked:
            from rules.components import TILES

            assert _px(img, layout.tile_cube_box(k).probe) == pal.COAL[TILES[tile].colour]
    for seat, p in enumerate(state.players):
        cubes = [c for c in range(4) for _ in range(p.cage[c])]
        for k in range(5):
            want = pal.COAL[cubes[k]] if k < len(cubes) else pal.CAGE_SLOT
            assert _px(img, layout.cage_slot_box(seat, k).probe) == want
        to_move = state.phase != "over" and state.current == seat
        assert _framed(img, layout.player_box(seat), pal.HIGHLIGHT) == to_move
    assert _px(img, layout.clock_shift_box(state.shift).probe) == pal.HIGHLIGHT
    for element in range(1, 13):
        assert _framed(img, layout.clock_cell_box(element), pal.HIGHLIGHT) == (element <= ELEMENTS_SCORED[state.shift])


def test_palette_image_is_the_rgb_picture_on_the_palette():
    """The fast path (pieces on a palette background) gives what mapping the exact picture gives,
    but for the few edge pixels where a frame meets anti-aliasing."""
    before, action, after = MOVES["deliver"]
    last = last_move(before, action, after)
    fast = turn_image(after, "Bob", last).convert("RGB")
    exact = quantize(turn_image_rgb(after, "Bob", last)).convert("RGB")
    diff = ImageChops.difference(fast, exact).convert("L").point(lambda v: 255 if v else 0)
    assert diff.histogram()[255] <= 0.001 * fast.width * fast.height


def test_drawn_items_only_for_the_one_who_drew():
    for kind in ("tile", "order"):
        state = draw_state(kind)
        actor = state.players[state.current].name
        layout = turn_layout(state)
        band = layout.band_box
        assert band is not None
        mine = turn_image_rgb(state, actor)
        others = [None] + [p.name for p in state.players if p.name != actor]
        crop = (band.x0, band.y0, band.x1, band.y1)
        for viewer in others:
            theirs = turn_image_rgb(state, viewer)
            assert ImageChops.difference(mine.crop(crop), theirs.crop(crop)).getbbox() is not None
            outside = mine.copy()
            outside.paste((0, 0, 0), crop)
            theirs.paste((0, 0, 0), crop)
            assert ImageChops.difference(outside, theirs).getbbox() is None
        # what the others see does not depend on what was drawn, nor on the decks' order
        pending = state.pending.model_copy(update={"cards": list(reversed(state.pending.cards))})
        shuffled = state.model_copy(
            update={"pending": pending, "tile_deck": state.tile_deck[::-1], "order_deck": state.order_deck[::-1]}
        )
        assert render_turn(shuffled, None) == render_turn(state, None)
        for viewer in others[1:]:
            assert render_turn(shuffled, viewer) == render_turn(state, viewer)


def test_same_state_same_bytes_and_a_small_png():
    before, action, after = MOVES["factory"]
    last = last_move(before, action, after)
    first = render_turn(after, "Alice", last)
    copy = GameState.model_validate_json(after.model_dump_json())
    assert render_turn(copy, "Alice", last) == first
    img = Image.open(io.BytesIO(first))
    assert img.format == "PNG" and img.mode == "P" and img.size == (1600, 1000)
    assert len(first) <= 500 * 1024
    assert render_turn(after, "Alice", None) != first


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_image_is_as_tall_as_the_table_needs(players):
    """No empty quarter under two players' rows (issue 24): the last row ends a margin above the bottom."""
    state = new_game(["a", "b", "c", "d"][:players], 5)
    layout = turn_layout(state)
    img = Image.open(io.BytesIO(render_turn(state)))
    assert img.size == layout.size
    last = layout.player_box(players - 1)
    assert img.size[1] - last.y1 <= 30
    assert img.size[1] == {2: 782, 3: 894, 4: 1000}[players]
