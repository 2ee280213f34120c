"""Computer players at scale: every move legal over many seeded games, and think times.

    python -m bench.players [--games 1000] [--search-games N] [--levels random,easy,normal,hard,expert]
                            [--seed 1] [--jobs 2]

Game k of a level seats 2 + k % 3 computers of that level; every decision is checked
against `rules.legal_actions` (mining: its space is listed and `apply` accepts the plan)
and its text form must read back. Think times are printed as ratios to the rules engine's
own cost per decision (`legal_actions` + `apply`), measured in the same run; all times are
CPU time of the process (`time.process_time`), so a shared machine does not change them. The
searching levels are slow at this scale (hard about 40 s a game on one core, expert and
ismcts minutes): give them fewer games with --search-games, and play games side by side
with --jobs.
Targets: easy <= 20 ms, normal p95 <= 100 ms, hard p95 <= 2 s; expert p95 <= 2.5 s
per decision.
"""

from __future__ import annotations

import argparse
import statistics
import time

from players import LEVELS, by_level
from players.duel import side_by_side
from players.seeds import decision_seed
from rules import IllegalAction, apply, legal_actions, new_game, parse_action, view
from rules.actions import ChooseDrawn, Mine

NAMES = ["Anna", "Bert", "Clara", "Dora"]
SEARCHING = ("hard", "expert", "ismcts")  # the levels that think for a second or more a move


def is_legal(state, action) -> bool:
    legal = legal_actions(state)
    if isinstance(action, Mine):
        listed = Mine(steps=action.steps) in legal
    elif isinstance(action, ChooseDrawn):
        listed = action.model_copy(update={"order": None}) in legal
    else:
        listed = action in legal
    if not listed or parse_action(str(action)) != action:
        return False
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def _one_game(level: str, seed: int, k: int) -> tuple[int, list[str], list[float], float]:
    """Game k of a level: (decisions, illegal moves in words, think seconds, engine seconds)."""
    computer = by_level(level)
    illegal: list[str] = []
    think: list[float] = []
    engine = 0.0
    players = 2 + k % 3
    game_seed = seed * 1_000_003 + k
    state = new_game(NAMES[:players], game_seed)
    while state.phase != "over":
        seen = view(state, state.players[state.current].name)
        t0 = time.process_time()
        action = computer.choose(seen, decision_seed(game_seed, state))
        t1 = time.process_time()
        legal_actions(state)
        after, _ = apply(state, action)
        t2 = time.process_time()
        think.append(t1 - t0)
        engine += t2 - t1
        if not is_legal(state, action):
            illegal.append(f"{level} game {k} move {state.turn}: {action}")
        state = after
    return len(think), illegal, think, engine


def run(level: str, games: int, seed: int, jobs: int = 1) -> tuple[int, int, list[float], float]:
    """(decisions, illegal moves, think seconds per decision, engine seconds per decision).

    With `jobs` > 1 the games are played side by side, one process each (each on one core):
    the same games, decisions and verdicts as one after another.
    """
    decisions, illegal, think, engine = 0, 0, [], 0.0
    for n, bad, times, seconds in side_by_side(_one_game, jobs, [level] * games, [seed] * games, range(games)):
        for line in bad:
            print(f"  illegal: {line}")
        decisions += n
        illegal += len(bad)
        think += times
        engine += seconds
    return decisions, illegal, think, engine / max(1, decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--search-games",
        "--hard-games",
        type=int,
        default=None,
        help="games for the searching levels: " + ", ".join(SEARCHING) + " (default --games)",
    )
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side, one process each (default 1)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    print(
        f"{'level':<7} {'games':>6} {'decisions':>10} {'illegal':>8} {'think p50':>10} {'p95':>9} {'max':>9}"
        f" {'mean/engine':>12}"
    )
    for level in args.levels.split(","):
        games = args.search_games if level in SEARCHING and args.search_games is not None else args.games
        decisions, illegal, think, engine = run(level, games, args.seed, args.jobs)
        think.sort()
        p50, p95 = think[len(think) // 2], think[min(len(think) - 1, int(0.95 * len(think)))]
        ratio = statistics.mean(think) / engine
        print(
            f"{level:<7} {games:>6} {decisions:>10} {illegal:>8} {p50 * 1000:>8.2f}ms {p95 * 1000:>7.1f}ms"
            f" {think[-1] * 1000:>7.0f}ms {ratio:>11.1f}x"
        )
    print("engine = legal_actions + apply for the same decision, measured in this run")


if __name__ == "__main__":
    main()
