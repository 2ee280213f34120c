"""How fast `render_board` is, next to the floor of PNG encoding: `python -m bench.rendering`.

For 200 random mid-game 4-player states it times `render_board` (view, drawing and encoding)
and, in the same run, the floor: encoding a blank image of the same size and mode with the
same PNG settings. Targets: p95 <= 150 ms, p95 <= 3 x the floor, every PNG <= 500 KB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from PIL import Image

from rendering import render_board
from rendering.board import board_image
from rendering.png import PNG_OPTIONS, to_png
from rules import apply, new_game
from rules.record import Chooser, random_action
from rules.state import GameState

NAMES = ["alice", "bob", "carol", "dave"]
TARGET_P95_MS = 150.0
TARGET_FLOOR_RATIO = 3.0
TARGET_BYTES = 500 * 1024


def midgame_states(count: int, seed: int = 0) -> list[GameState]:
    """Random play stopped part way: after the draft, in the first to third shift."""
    states = []
    for k in range(count):
        chooser = Chooser(seed + k)
        state = new_game(NAMES, seed + k)
        stop = 25 + chooser.below(70)
        for _ in range(stop):
            if state.phase == "over":
                break
            state, _ = apply(state, random_action(state, chooser))
        states.append(state)
    return states


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rendering", description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    states = midgame_states(args.states, args.seed)
    t = time.perf_counter()
    render_board(states[0])
    cold = (time.perf_counter() - t) * 1000

    render_ms, floor_ms, draw_ms, sizes = [], [], [], []
    for state in states:
        t0 = time.perf_counter()
        data = render_board(state)
        t1 = time.perf_counter()
        img = board_image(state)
        t2 = time.perf_counter()
        blank = Image.new(img.mode, img.size)
        t3 = time.perf_counter()
        to_png(blank)
        t4 = time.perf_counter()
        render_ms.append((t1 - t0) * 1000)
        draw_ms.append((t2 - t1) * 1000)
        floor_ms.append((t4 - t3) * 1000)
        sizes.append(len(data))

    p50, p95 = _pct(render_ms, 50), _pct(render_ms, 95)
    floor = statistics.median(floor_ms)
    w, h = board_image(states[0]).size
    print(f"render_board over {len(states)} random mid-game 4-player states ({w}x{h} RGB, PNG {PNG_OPTIONS})")
    print(f"  first render, cold caches: {cold:.1f} ms")
    print(f"  render   p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   max {max(render_ms):6.1f} ms")
    print(f"  drawing  p50 {_pct(draw_ms, 50):6.1f} ms   p95 {_pct(draw_ms, 95):6.1f} ms   (without encoding)")
    print(
        f"  floor    p50 {floor:6.1f} ms   p95 {_pct(floor_ms, 95):6.1f} ms   (blank image, same size, mode, settings)"
    )
    print(f"  p95 / floor: {p95 / floor:.2f}")
    print(f"  PNG size p50 {_pct(sizes, 50) / 1024:6.0f} KB   max {max(sizes) / 1024:6.0f} KB")
    checks = [
        (f"p95 <= {TARGET_P95_MS:.0f} ms", p95 <= TARGET_P95_MS),
        (f"p95 <= {TARGET_FLOOR_RATIO:.0f} x floor", p95 <= TARGET_FLOOR_RATIO * floor),
        (f"PNG <= {TARGET_BYTES // 1024} KB", max(sizes) <= TARGET_BYTES),
    ]
    for name, ok in checks:
        print(f"  {'ok    ' if ok else 'MISSED'} {name}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
