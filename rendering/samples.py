"""Sample images for the README and for looking at: `python -m rendering.samples OUT_DIR`.

Random play rarely fills an order, so the samples come from a small greedy player
(`demo_action`): it delivers what is complete, mines towards its orders, buys the coal it
lacks and takes orders it can fill. The tests use the same states.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from players.greedy import demo_action
from rules import apply, new_game
from rules.actions import Action
from rules.record import Chooser
from rules.state import GameOptions, GameState

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def demo_state(players: int = 4, seed: int = 1, actions: int | None = None, options: GameOptions | None = None):
    """The state after `actions` demo actions (all of them: the game's end) of a seeded game."""
    state = new_game(NAMES[:players], seed, options)
    chooser = Chooser(seed)
    k = 0
    while state.phase != "over" and (actions is None or k < actions):
        state, _ = apply(state, demo_action(state, chooser))
        k += 1
    return state


def demo_state_at(players: int, seed: int, stop) -> GameState:
    """The first state of a seeded demo game for which `stop(state)` holds (or the end)."""
    state = new_game(NAMES[:players], seed)
    chooser = Chooser(seed)
    while state.phase != "over" and not stop(state):
        state, _ = apply(state, demo_action(state, chooser))
    return state


def _showcase(state: GameState) -> bool:
    """Late in the second shift, with coal left in cages down the shafts and in storage: much to see."""
    return (
        state.shift == 2
        and state.phase == "turn"
        and sum(p.workers for p in state.players) <= 28
        and sum(1 for p in state.players if sum(p.cage) and p.cage_level) >= 2
        and any(sum(p.storage) for p in state.players)
    )


def demo_move_at(players: int, seed: int, stop: Callable[[GameState], bool]) -> tuple[GameState, Action, GameState]:
    """The first move of a seeded demo game after which `stop(state)` holds: (before, action, after)."""
    state = new_game(NAMES[:players], seed)
    chooser = Chooser(seed)
    while state.phase != "over":
        action = demo_action(state, chooser)
        after, _ = apply(state, action)
        if stop(after):
            return state, action, after
        state = after
    raise ValueError("the game ended first")


def inline_view(png: bytes, box: tuple[int, int] = (550, 350)) -> bytes:
    """The image as Discord shows it inline: scaled to fit its ~550 x 350 box."""
    import io

    from PIL import Image

    from .png import to_png

    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.thumbnail(box, Image.Resampling.LANCZOS)
    return to_png(img)


def main(argv: list[str] | None = None) -> int:
    from . import last_move, render_board, render_pit, render_scoring, render_turn

    parser = argparse.ArgumentParser(prog="python -m rendering.samples", description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    out: Path = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    seed = args.seed
    opening = new_game(NAMES, seed)
    before, action, mid = demo_move_at(4, seed, lambda s: _showcase(s) and s.turn % 4 == 3)
    after_shift = demo_state_at(4, seed, lambda s: len(s.shift_results) == 2)
    final = demo_state(4, seed)
    viewer = mid.players[mid.current].name
    turn = render_turn(mid, viewer, last_move(before, action, mid))
    final_scoring = render_scoring(final)
    images = {
        "turn.png": turn,
        "turn-inline.png": inline_view(turn),
        "opening.png": render_turn(opening),
        "board-full.png": render_board(mid, viewer=viewer),
        "pit.png": render_pit(mid, mid.current, viewer=viewer),
        "scoring-shift.png": render_scoring(after_shift, shift=2),
        "scoring-final.png": final_scoring,
        "scoring-final-inline.png": inline_view(final_scoring),
    }
    for name, data in images.items():
        (out / name).write_bytes(data)
        print(f"{out / name}: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
