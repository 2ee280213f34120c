"""What a search's playout costs in CPU, against the rules engine's own cost of the same moves.

    python -m bench.playouts [--starts 30] [--playouts 5] [--repeats 3] [--iterations 60]

A tree search (the honest search and the expert's two-player tree, issue 77) learns from playouts: games
played from a dealt state to their end by the light rule policy (`players.rollout.play_out`). What one
costs decides how many a move's budget buys. `--starts` seeded games of two, three and four players are
played some placements in; from each, `--playouts` playouts are played to the end and their moves kept.
The floor, in the same run: the rules alone on those moves (`legal_actions` then `advance`, each move
once), so the ratio is what choosing the moves adds to playing them. Then the honest search's CPU per
iteration (`--iterations` from each of a few views, search overheads included), the figure that says how
many iterations 1.5 s buys. All times are CPU time of the process (`time.process_time`): a shared machine
does not change them. Each repeat measures all three; medians and the spread are printed.

The digest is a hash of every playout's final state and every search's answer: a change made for speed
alone must leave it the same (the same moves, the same games), so two runs' digests say whether it did.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Callable

from players.honest import Honest
from players.rollout import playout_move
from rules import advance, legal_actions, new_game, view
from rules.actions import Action
from rules.record import Chooser
from rules.state import GameState

NAMES = ["Anna", "Bert", "Clara", "Dora"]


def starts(count: int) -> list[GameState]:
    """`count` seeded games of 2, 3 and 4 players in turn, each played 0 to 30 placements in by the policy."""
    out = []
    for k in range(count):
        state = new_game(NAMES[: 2 + k % 3], seed=4000 + k)
        placements, chooser = (7 * k) % 31, Chooser(k)
        while state.phase != "over" and placements:
            placements -= state.phase == "turn"
            state = advance(state, playout_move(state, chooser))
        out.append(state)
    return out


def playout(state: GameState, seed: int) -> tuple[GameState, list[tuple[GameState, Action]]]:
    """`players.rollout.play_out` to the end, the moves kept (the state each was made in, and the move)."""
    chooser, moves = Chooser(seed), []
    while state.phase != "over":
        action = playout_move(state, chooser)
        moves.append((state, action))
        state = advance(state, action)
    return state, moves


def measure(
    games: list[GameState], per_start: int, iterations: int, digest: Callable[[bytes], object]
) -> tuple[float, float, float]:
    """One repeat: CPU ms a playout placement, the floor's ms a placement, and ms a search iteration (what was
    played and found goes to `digest`)."""
    kept: list[tuple[GameState, Action]] = []
    started = time.process_time()
    for k, state in enumerate(games):
        for j in range(per_start):
            final, moves = playout(state, 100 * k + j)
            kept += moves
            digest(final.model_dump_json().encode())
    spent = time.process_time() - started
    started = time.process_time()
    for state, action in kept:
        legal_actions(state)
        advance(state, action)
    floor = time.process_time() - started
    search = Honest(iterations=iterations)
    views = [view(state, state.players[state.current].name) for state in games[:6] if state.phase == "turn"]
    started = time.process_time()
    for k, seen in enumerate(views):
        for action, lead, visits in search.evaluate(seen, k):
            digest(f"{action}:{lead:.9f}:{visits}".encode())
    searching = time.process_time() - started
    per_iteration = 1000 * searching / (iterations * len(views)) if views else float("nan")  # no start in a turn
    return 1000 * spent / len(kept), 1000 * floor / len(kept), per_iteration


def count(text: str) -> int:
    """A command-line count: a whole number, 1 or more."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number, 1 or more, not {text!r}")
    return int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=count, default=30)
    parser.add_argument("--playouts", type=count, default=5)
    parser.add_argument("--repeats", type=count, default=3)
    parser.add_argument("--iterations", type=count, default=60)
    args = parser.parse_args()
    games = starts(args.starts)
    rows = []
    for repeat in range(args.repeats):
        digest = hashlib.sha256()
        move, floor, iteration = measure(games, args.playouts, args.iterations, digest.update)
        rows.append((move, floor, iteration))
        print(
            f"repeat {repeat + 1}: playout {move:.3f} ms a move, floor {floor:.3f} ms ({move / floor:.2f}x), "
            f"search {iteration:.2f} ms an iteration ({1500 / iteration:.0f} in 1.5 s), "
            f"digest {digest.hexdigest()[:16]}"
        )
    ratios = [m / f for m, f, _ in rows]
    iterations = [i for _, _, i in rows]
    print(
        f"median: {statistics.median(ratios):.2f}x the floor (spread {min(ratios):.2f}-{max(ratios):.2f}), "
        f"{statistics.median(iterations):.2f} ms an iteration (spread {min(iterations):.2f}-{max(iterations):.2f})"
    )


if __name__ == "__main__":
    main()
