"""Command line: `python -m rules simulate ...` plays random games; `replay FILE` checks a record."""

from __future__ import annotations

import argparse
import json
import sys

from .record import GameRecord, ReplayError, game_summary, play_random, replay

NAMES = ["alice", "bob", "carol", "dave"]


def _simulate(args: argparse.Namespace) -> int:
    for k in range(args.games):
        seed = args.seed + k
        state, record = play_random(NAMES[: args.players], seed)
        summary = game_summary(state, record)
        if args.json:
            print(json.dumps(summary, separators=(",", ":")))
        else:
            scores = ", ".join(f"{n} {v}" for n, v in summary["scores"].items())
            print(
                f"seed {seed}: {scores} VP; winner(s): {', '.join(summary['winners'])}; {len(record.actions)} actions"
            )
    return 0


def _replay(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    try:
        record = GameRecord.model_validate_json(text)
    except ValueError as err:
        print(f"not a game record: {err}", file=sys.stderr)
        return 2
    try:
        state = replay(record)
    except ReplayError as err:
        print(f"replay failed at {err}", file=sys.stderr)
        return 1
    result = {
        "scores": {p.name: p.vp for p in state.players},
        "over": state.phase == "over",
        "winners": [state.players[i].name for i in state.winners],
    }
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play complete games with a random legal policy")
    sim.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="one JSON object per game per line")
    sim.set_defaults(run=_simulate)
    rep = sub.add_parser("replay", help="replay a game record (a file, or - for stdin)")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
