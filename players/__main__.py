"""Command line: `python -m players duel --levels hard,normal --games 200 --seed 1`, `python -m players fit`."""

from __future__ import annotations

import argparse
import sys

from .duel import duel
from .evaluate import WEIGHTS
from .fitting import FROZEN, fit, knobs, positions_of
from .levels import LEVELS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m players", description="Computer players for Coal Baron.")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="seat-rotated games between levels: win rates, scores, think times")
    d.add_argument("--levels", required=True, help="2-4 comma-separated levels: " + ", ".join(LEVELS))
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--start", type=int, default=0, help="the first game's number (default 0): to complete a cut run")
    d.add_argument("--progress", action="store_true", help="report every 10 games on stderr")
    d.add_argument("--jobs", type=int, default=1, help="games played side by side, one process each (default 1)")
    f = sub.add_parser("fit", help="the evaluation's knobs fitted to how games end (the expert's Fitted knobs)")
    f.add_argument("--levels", default="hard,hard", help="the levels whose games are fitted (default hard,hard)")
    f.add_argument("--games", type=int, default=150)
    f.add_argument("--seed", type=int, default=11)
    f.add_argument("--rounds", type=int, default=10, help="rounds of coordinate descent (default 10)")
    f.add_argument("--jobs", type=int, default=1, help="games played side by side, one process each (default 1)")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown or not 2 <= len(levels) <= 4:
        parser.error(f"--levels takes 2-4 of {', '.join(LEVELS)}; got {args.levels!r}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.command == "fit":
        if args.games < 2 or args.rounds < 1:
            parser.error("fit needs --games of at least 2 (a quarter is held out) and --rounds of at least 1")
        return _fit(levels, args.games, args.seed, args.rounds, args.jobs)
    if args.start < 0:
        parser.error("--start must be at least 0")
    result = duel(levels, args.games, args.seed, progress=args.progress, jobs=args.jobs, start=args.start)
    print("\n".join(result.lines()))
    return 0


def _fit(levels: list[str], games: int, seed: int, rounds: int, jobs: int) -> int:
    fitted = fit(positions_of(levels, games, seed, jobs), rounds)
    start = knobs(WEIGHTS)
    print(f"{games} games of {', '.join(levels)}; the last quarter held out; kept: round {fitted.rounds}")
    print(f"mean squared error (VP²)  training {fitted.start_train:.1f} -> {fitted.train:.1f}", end="")
    print(f"   held out {fitted.start_held_out:.1f} -> {fitted.held_out:.1f}")
    path = "; ".join(f"{k}: {t:.1f} / {h:.1f}" for k, (t, h) in enumerate(fitted.path))
    print(f"by round (training / held out): {path}")
    print(f"{'knob':<14} {'hard':>7} {'fitted':>7}")
    for name, value in fitted.knobs.items():
        kept = "  (kept)" if name in FROZEN else ""
        print(f"{name:<14} {start[name]:>7.3f} {value:>7.3f}{kept}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
