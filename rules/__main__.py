"""Command line: `python -m rules simulate ...` plays random games; `replay FILE` checks a record."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from .components import MAX_PLAYERS, MIN_PLAYERS
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


class BadInput(Exception):
    """Input the command cannot use: said in one line on stderr, exit status 2."""


def _text(name: str) -> str:
    """The record's text: a file's, or standard input's for `-` (UTF-8, a leading BOM allowed)."""
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except FileNotFoundError:
        raise BadInput(f"{name}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{name}: a folder, not a game record file") from None
    except OSError as err:
        raise BadInput(f"{name}: {err.strerror or err}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise BadInput(f"{name}: not UTF-8 text (byte {err.start})") from None
    if "\0" in text:
        raise BadInput(f"{name}: not a game record (it holds NUL bytes)")
    return text


def _record(name: str) -> GameRecord:
    """The game record in the file, checked: readable JSON of the record's shape, a table that can play."""
    try:
        record = GameRecord.model_validate_json(_text(name))
    except ValidationError as err:
        problems = err.errors()
        first = problems[0]
        where = ".".join(str(p) for p in first["loc"])
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BadInput(f"not a game record: {where + ': ' if where else ''}{first['msg']}{more}") from None
    count, names = len(record.players), record.players
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise BadInput(f"not a game record: {count} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}")
    if len(set(names)) != count or not all(names):
        raise BadInput("not a game record: the players' names must be different and not empty")
    return record


def _replay(args: argparse.Namespace) -> int:
    try:
        record = _record(args.file)
    except BadInput as err:
        print(err, file=sys.stderr)
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
