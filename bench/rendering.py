"""How fast the images are, next to the floor of PNG encoding: `python -m bench.rendering`.

For 200 random mid-game 4-player states it times `render_turn` (view, the last move marked,
drawing and encoding: the image posted after every move) and `render_board` (the full board
with every pit, on request, here with Japanese names), each next to its floor measured in the
same run: encoding a blank image of the same size and mode with the same PNG settings.
Targets: turn image p95 <= 12 ms; full board p95 <= 150 ms and <= 3 x its floor; every PNG
<= 500 KB. Run it on an otherwise idle machine, and more than once: the figures are noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from PIL import Image

from rendering import last_move, render_board, render_turn
from rendering.board import board_image
from rendering.png import PNG_OPTIONS, to_png
from rendering.turn import turn_image
from rules import apply, new_game
from rules.record import Chooser, random_action
from rules.state import GameState

NAMES = ["alice", "bob", "carol", "dave"]
JAPANESE = ["たかし", "山田太郎", "さくら", "鈴木一郎"]
TARGET_TURN_P95_MS = 12.0
TARGET_P95_MS = 150.0
TARGET_FLOOR_RATIO = 3.0
TARGET_BYTES = 500 * 1024


def midgame_states(count: int, seed: int = 0, names: list[str] = NAMES) -> list[tuple[GameState, object, GameState]]:
    """Random play stopped part way (after the draft, in the first to third shift): the state before the
    last move, that move, and the state after it."""
    states = []
    for k in range(count):
        chooser = Chooser(seed + k)
        state = new_game(names, seed + k)
        stop = 25 + chooser.below(70)
        before, action = state, None
        for _ in range(stop):
            if state.phase == "over":
                break
            action = random_action(state, chooser)
            before, (state, _) = state, apply(state, action)
        states.append((before, action, state))
    return states


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _time_turns(
    moves: list[tuple[GameState, object, GameState]],
) -> tuple[list[float], list[float], list[int], list[float]]:
    """render_turn's time, the blank floor's, the sizes, and the time of encoding the drawn image alone."""
    render_ms, floor_ms, sizes, encode_ms = [], [], [], []
    for before, action, after in moves:
        viewer = after.players[after.current].name
        t0 = time.perf_counter()
        last = last_move(before, action, after)
        data = render_turn(after, viewer, last)
        t1 = time.perf_counter()
        blank = Image.new("P", (1600, 1000))
        t2 = time.perf_counter()
        to_png(blank)
        t3 = time.perf_counter()
        img = turn_image(after, viewer, last)
        t4 = time.perf_counter()
        to_png(img)
        t5 = time.perf_counter()
        render_ms.append((t1 - t0) * 1000)
        floor_ms.append((t3 - t2) * 1000)
        encode_ms.append((t5 - t4) * 1000)
        sizes.append(len(data))
    return render_ms, floor_ms, sizes, encode_ms


def _time_boards(states: list[GameState]) -> tuple[list[float], list[float], list[int]]:
    render_ms, floor_ms, sizes = [], [], []
    for state in states:
        t0 = time.perf_counter()
        data = render_board(state)
        t1 = time.perf_counter()
        img = board_image(state)
        blank = Image.new(img.mode, img.size)
        t2 = time.perf_counter()
        to_png(blank)
        t3 = time.perf_counter()
        render_ms.append((t1 - t0) * 1000)
        floor_ms.append((t3 - t2) * 1000)
        sizes.append(len(data))
    return render_ms, floor_ms, sizes


def _report(title: str, render_ms: list[float], floor_ms: list[float], sizes: list[int]) -> tuple[float, float]:
    p50, p95 = _pct(render_ms, 50), _pct(render_ms, 95)
    floor = statistics.median(floor_ms)
    print(title)
    print(f"  render   p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   max {max(render_ms):6.1f} ms")
    print(
        f"  floor    p50 {floor:6.1f} ms   p95 {_pct(floor_ms, 95):6.1f} ms   (blank image, same size, mode, settings)"
    )
    print(f"  p95 / floor p50: {p95 / floor:.2f}")
    print(f"  PNG size p50 {_pct(sizes, 50) / 1024:6.0f} KB   max {max(sizes) / 1024:6.0f} KB")
    return p95, floor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rendering", description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    moves = midgame_states(args.states, args.seed)
    boards = [after for _, _, after in midgame_states(args.states // 2, args.seed + 10_000, JAPANESE)]
    t = time.perf_counter()
    render_turn(moves[0][2])
    cold = (time.perf_counter() - t) * 1000
    print(f"first turn image, cold caches: {cold:.1f} ms (backgrounds and pieces are drawn once per process)")
    # A bot that has run a while has drawn most pieces (numbers in their places, tiles, cards, names):
    # warm the caches on other games, then time these.
    for before, action, after in midgame_states(args.states, args.seed + 50_000):
        turn_image(after, after.players[after.current].name, last_move(before, action, after))
    *turn, encode_ms = _time_turns(moves)
    turn_p95, _ = _report(
        f"render_turn over {len(moves)} random mid-game 4-player moves (1600x1000 P, PNG {PNG_OPTIONS})", *turn
    )
    print(
        f"  encoding the drawn image alone: p50 {_pct(encode_ms, 50):6.1f} ms   p95 {_pct(encode_ms, 95):6.1f} ms"
        f"   (render p50 / this p50: {_pct(turn[0], 50) / _pct(encode_ms, 50):.2f})"
    )
    board = _time_boards(boards)
    w, h = board_image(boards[0]).size
    board_p95, board_floor = _report(
        f"render_board (full, every pit) over {len(boards)} states with Japanese names ({w}x{h})", *board
    )
    checks = [
        (f"turn p95 <= {TARGET_TURN_P95_MS:.0f} ms", turn_p95 <= TARGET_TURN_P95_MS),
        (f"turn PNG <= {TARGET_BYTES // 1024} KB", max(turn[2]) <= TARGET_BYTES),
        (f"board p95 <= {TARGET_P95_MS:.0f} ms", board_p95 <= TARGET_P95_MS),
        (f"board p95 <= {TARGET_FLOOR_RATIO:.0f} x floor", board_p95 <= TARGET_FLOOR_RATIO * board_floor),
        (f"board PNG <= {TARGET_BYTES // 1024} KB", max(board[2]) <= TARGET_BYTES),
    ]
    for name, ok in checks:
        print(f"  {'ok    ' if ok else 'MISSED'} {name}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
