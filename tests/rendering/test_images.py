"""The images' size and format, their determinism, and the sample script."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from rendering import render_board, render_pit, render_scoring, render_turn
from rendering.samples import NAMES, demo_state, main
from rules import new_game, score_breakdown

from .states import draw_state, mid_states, random_state, rich_state

ROOT = Path(__file__).resolve().parents[2]
MAX_BYTES = 500 * 1024


def _open(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def _states():
    yield from ((f"opening-{n}", new_game(NAMES[:n], 7)) for n in (2, 3, 4))
    yield from ((f"mid-{k}", s) for k, s in enumerate(mid_states()))
    yield "rich", rich_state()
    yield "draw-tile", draw_state("tile")
    yield "draw-order", draw_state("order")
    yield "random", random_state(4, 11, 160)
    yield "over", demo_state(4, 2)


@pytest.mark.parametrize(("name", "state"), list(_states()), ids=lambda v: v if isinstance(v, str) else "")
def test_board_is_a_phone_sized_png(name, state):
    data = render_board(state)
    img = _open(data)
    assert img.mode == "P"  # 8-bit on the fixed palette (rendering.png)
    assert img.width <= 1600
    assert img.height <= 2000
    assert len(data) <= MAX_BYTES


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_pit_is_a_png_for_a_name_or_a_seat(seat):
    state = rich_state()
    by_seat = render_pit(state, seat)
    by_name = render_pit(state, state.players[seat].name)
    assert by_seat == by_name
    img = _open(by_seat)
    assert img.width <= 1600 and len(by_seat) <= MAX_BYTES


def test_pit_grows_for_many_orders():
    state = random_state(4, 11, 160)
    seat = max(range(4), key=lambda s: len(state.players[s].orders))
    img = _open(render_pit(state, seat))
    assert len(state.players[seat].orders) > 7  # more than one row of cards
    assert img.height > _open(render_pit(new_game(NAMES, 1), 0)).height


def test_scoring_from_a_state_or_a_breakdown():
    final = demo_state(4, 2)
    assert final.phase == "over"
    for data in (render_scoring(final), render_scoring(final, shift=2), render_scoring(score_breakdown(final))):
        img = _open(data)
        assert img.width <= 1600 and len(data) <= MAX_BYTES
    # before any shift is scored there is only the totals table
    _open(render_scoring(mid_states()[0]))


def test_same_state_same_bytes():
    for state in (rich_state(), draw_state("tile"), demo_state(3, 4)):
        assert render_board(state) == render_board(state)
        copy = type(state).model_validate_json(state.model_dump_json())
        assert render_board(copy, "Bob") == render_board(state, "Bob")
        assert render_pit(copy, 1) == render_pit(state, 1)
        assert render_scoring(copy) == render_scoring(state)


def test_same_bytes_in_another_process():
    """No hash order, clock or cache state leaks into the picture."""
    state = rich_state()
    render_turn(mid_states()[0])  # this process has drawn other turn images first: their pieces are cached
    here = hashlib.sha256(render_board(state, "Alice") + render_turn(state, "Alice")).hexdigest()
    code = (
        "import hashlib, sys; from rendering import render_board, render_turn; from rules.state import GameState;"
        "s = GameState.model_validate_json(sys.stdin.read());"
        "print(hashlib.sha256(render_board(s, 'Alice') + render_turn(s, 'Alice')).hexdigest())"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", code], input=state.model_dump_json(), capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == here


def test_samples_script_writes_the_images(tmp_path):
    assert main([str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "board-full.png",
        "opening.png",
        "pit.png",
        "scoring-final-inline.png",
        "scoring-final.png",
        "scoring-shift.png",
        "turn-inline.png",
        "turn.png",
    ]
    for p in tmp_path.iterdir():
        _open(p.read_bytes())
    # the inline views are what Discord shows: the image scaled to fit 550 x 350
    turn, inline = _open((tmp_path / "turn.png").read_bytes()), _open((tmp_path / "turn-inline.png").read_bytes())
    assert turn.size == (1600, 1000) and inline.size == (550, 344)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_is_landscape_and_readable_inline(players, monkeypatch):
    """Every text the scoring image draws (recorded as it is drawn) is >= 9 px once the image is
    fitted into Discord's 550 x 350 inline box, and the image is landscape."""
    import rendering.scoring as scoring

    sizes: list[tuple[str, int]] = []
    text, draw_name = scoring.icons.text, scoring.draw_name

    def record_text(img, xy, s, size, *args, **kwargs):
        sizes.append((s, size))
        return text(img, xy, s, size, *args, **kwargs)

    def record_name(img, xy, name, size, *args, **kwargs):
        sizes.append((name, size))
        return draw_name(img, xy, name, size, *args, **kwargs)

    monkeypatch.setattr(scoring.icons, "text", record_text)
    monkeypatch.setattr(scoring, "draw_name", record_name)
    final = demo_state(players, 2)
    for shift in (None, 3, 1):
        image = scoring.scoring_image(final, shift)
        w, h = image.size
        assert w >= h
        scale = min(550 / w, 350 / h)
        assert sizes
        for s, size in sizes:
            assert size * scale >= 9, (s, size, image.size)
        sizes.clear()


def test_scoring_fits_names_of_twenty_characters_whole(monkeypatch):
    """Names are fitted by their measured width (issue 24): twenty ordinary characters fit whole, the
    winner's trophy included; only a longer name is shortened with "…"."""
    import rendering.scoring as scoring
    from rendering.icons import text_width

    final = demo_state(4, 2)
    names = ["abcdefghijklmnopqrst", "Baron Otto (normal)", "Barone Otto (difficile)", "Baronesa Ida (difícil)"]
    renamed = final.model_copy(
        update={"players": [p.model_copy(update={"name": n}) for p, n in zip(final.players, names, strict=True)]}
    )
    drawn: dict[str, int] = {}
    real = scoring.draw_name

    def record(img, xy, name, size, max_w, *args, **kwargs):
        drawn[name] = max_w - text_width(name, size, True)
        return real(img, xy, name, size, max_w, *args, **kwargs)

    monkeypatch.setattr(scoring, "draw_name", record)
    scoring.scoring_image(renamed)
    assert set(drawn) == set(names)
    assert all(room >= 0 for room in drawn.values()), drawn  # room left after each name: none is cut
