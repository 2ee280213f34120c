"""Sample images for the README and for looking at: `python -m rendering.samples OUT_DIR`.

Random play rarely fills an order, so the samples come from a small greedy player
(`demo_action`): it delivers what is complete, mines towards its orders, buys the coal it
lacks and takes orders it can fill. The tests use the same states.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rules import apply, legal_actions, new_game
from rules.actions import (
    Action,
    CageTo,
    Deliver,
    DraftPick,
    Fill,
    Load,
    Mine,
    PlaceFactory,
    Store,
    TakeMoney,
    TakeOrder,
)
from rules.components import ORDER_CARDS, TILES
from rules.mining import MinePlanner
from rules.record import Chooser, random_action
from rules.state import GameOptions, GameState, Player

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _open_spots(p: Player) -> Counter:
    """Colours the player's empty order spots ask for."""
    need: Counter = Counter()
    for order in p.orders:
        for colour, on in zip(ORDER_CARDS[order.card].spots, order.spots, strict=True):
            if not on:
                need[colour] += 1
    return need


def _wanted(p: Player) -> Counter:
    """Colours still to mine for the orders: open spots less the cubes already in cage and storage."""
    need = _open_spots(p)
    return Counter({c: need[c] - p.cage[c] - p.storage[c] for c in range(4)})


def _plan(state: GameState, steps: int) -> tuple[Mine, int]:
    """A greedy mining plan towards the player's orders, and how useful it is."""
    planner = MinePlanner(state, steps)
    value = 0
    while True:
        pit = planner.pit
        need, wanted = _open_spots(pit), _wanted(pit)
        in_cage = sum(pit.cage)
        useful_in_cage = sum(min(pit.cage[c], need[c]) for c in range(4))
        best, best_score = None, 0
        for step in planner.next_steps():
            score = 0
            if isinstance(step, Fill):
                score = 100 if len(step.cubes) == 1 else 0
            elif isinstance(step, Load):
                # Coal for the orders first; spare coal too (it empties carts and counts at the end).
                score = 50 + step.colour if wanted[step.colour] > 0 else 8
            elif isinstance(step, CageTo):
                if step.level == 0:
                    if useful_in_cage:
                        score = 60 if planner.steps_left <= useful_in_cage + 1 else 30
                elif in_cage < 5 and (step.level - 1) in pit.carts[step.level - 1]:
                    score = 40 + step.level if wanted[step.level - 1] > 0 else 5 - step.level
            elif isinstance(step, Store):
                score = 10 if pit.cage[step.colour] > need[step.colour] else 0
            if score > best_score:
                best, best_score = step, score
        if best is None:
            break
        planner.push(best)
        value += 3 if isinstance(best, Fill) else (1 if isinstance(best, Load) else 0)
    return planner.action(), value


def demo_action(state: GameState, chooser: Chooser):
    """A plausible action for the player to move (see the module docstring)."""
    if state.phase == "draft":
        options = [a for a in legal_actions(state) if isinstance(a, DraftPick)]
        cards = [state.draft_cards[a.card - 1] for a in options]
        best = min(len(ORDER_CARDS[c].spots) for c in cards if c is not None)
        return chooser.choice([a for a, c in zip(options, cards, strict=True) if len(ORDER_CARDS[c].spots) == best])
    if state.phase != "turn" or chooser.below(8) == 0:
        return random_action(state, chooser)
    legal = legal_actions(state)
    seat = state.current
    p = state.players[seat]
    for action in legal:
        if isinstance(action, Deliver):
            return action
    mines = [a for a in legal if isinstance(a, Mine)]
    plans = sorted((_plan(state, a.steps) for a in mines), key=lambda pv: (-pv[1], pv[0].steps))
    if plans and plans[0][1] >= 3:
        return plans[0][0]
    need = _wanted(p)
    if len(p.orders) < 3:
        takes = [a for a in legal if isinstance(a, TakeOrder) and a.space != "draw"]
        if takes:
            return chooser.choice(takes)
    have = Counter(c for level in p.carts for c in level if c >= 0)
    short = [c for c in range(4) if need[c] > have[c]]
    buys = [a for a in legal if isinstance(a, PlaceFactory) and a.space != "draw"]
    light, dark = p.tiles_by_side()
    for colour in short:
        fitting = [a for a in buys if TILES[state.factory[a.space - 1]].colour == colour]
        fitting.sort(key=lambda a: TILES[state.factory[a.space - 1]].dark == (dark > light))
        if fitting:
            return fitting[0]
    if plans and plans[0][1] > 0:
        return plans[0][0]
    money = sorted((a for a in legal if isinstance(a, TakeMoney)), key=lambda a: -a.amount)
    if money and p.marks < 8:
        return money[0]
    if buys and chooser.below(2) == 0:
        return chooser.choice(buys)
    return chooser.choice([a for a in legal if not isinstance(a, Mine)] or legal)


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
