"""Command line: `python -m players duel --levels hard,normal --games 200 --seed 1`."""

from __future__ import annotations

import argparse
import sys

from rules.components import WORKERS

from .duel import duel
from .endgames import endgames
from .levels import LEVELS, by_level, level_name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m players", description="Computer players for Coal Baron.")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="seat-rotated games between levels: win rates, scores, think times")
    d.add_argument(
        "--levels",
        required=True,
        help=f"2-4 comma-separated levels: {', '.join(LEVELS)} (`expert@0.5`: with a CPU budget of 0.5 s;"
        " `yardstick:widen=0.7`: with another value of a field)",
    )
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--start", type=int, default=0, help="the first game's number (default 0): to complete a cut run")
    d.add_argument("--progress", action="store_true", help="report every 10 games on stderr, with the table so far")
    d.add_argument("--jobs", type=int, default=1, help="games played side by side, one process each (default 1)")
    e = sub.add_parser("endgames", help="two levels finish the same late positions against a rival, pair by pair")
    e.add_argument("--levels", required=True, help="the two levels compared, comma-separated")
    e.add_argument("--rival", default="yardstick", help="the level in the other seat (default yardstick)")
    e.add_argument("--positions", type=int, default=30)
    e.add_argument("--left", type=int, default=16, help="worker placements left in the game when the levels take over")
    e.add_argument("--opener", default="expert@0.05", help="the level that plays both seats up to there")
    e.add_argument("--seed", type=int, default=1)
    e.add_argument("--progress", action="store_true", help="report as positions finish, on stderr")
    e.add_argument("--jobs", type=int, default=1, help="finishes played side by side, one process each (default 1)")
    args = parser.parse_args(argv)
    if args.command == "endgames":
        return _endgames(parser, args)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if level_name(x) not in LEVELS]
    if unknown or not 2 <= len(levels) <= 4:
        parser.error(f"--levels takes 2-4 of {', '.join(LEVELS)}; got {args.levels!r}")
    for level in levels:
        try:
            by_level(level)
        except ValueError as err:
            parser.error(str(err))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.start < 0:
        parser.error("--start must be at least 0")
    result = duel(levels, args.games, args.seed, progress=args.progress, jobs=args.jobs, start=args.start)
    print("\n".join(result.lines()))
    return 0


def _endgames(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    if len(levels) != 2:
        parser.error(f"--levels takes the two levels compared; got {args.levels!r}")
    for level in [*levels, args.rival, args.opener]:
        try:
            by_level(level)
        except ValueError as err:
            parser.error(str(err))
    shift = 2 * WORKERS[2]  # a two-player shift's placements: the endgame is within the last shift
    if args.positions < 1 or args.jobs < 1 or not 1 <= args.left <= shift:
        parser.error(f"--positions and --jobs must be at least 1, --left from 1 to {shift}")
    result = endgames(levels, args.rival, args.positions, args.left, args.seed, args.opener, args.jobs, args.progress)
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
